// Side by side with the fastest public solver, feschber/peg-solitaire (built outside this
// repository; see README "Performance"). Alternating runs in one session, medians of RUNS:
//   generation: `pegwise dump --pegs 16` (every winning position of the English central game)
//               against the peer's `calculate-all`;
//   counting:   `pegwise count --exact` solved whole (no table) against the peer's `unique-paths`.
// Run by scripts/bench when PEER_FESCHBER names the peer's binary.
//   PEER_FESCHBER=/path/peg-solitaire [BENCH_RUNS=5] [BENCH_THREADS=n] [PEGWISE=bin] node tests/bench/peer.mjs
// BENCH_THREADS runs both on n worker threads (RAYON_NUM_THREADS for pegwise, --threads for
// the peer); without it each takes every core.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const peer = process.env.PEER_FESCHBER;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const threads = process.env.BENCH_THREADS;
const peerThreads = threads ? ['--threads', threads] : [];
const env = threads ? { ...process.env, RAYON_NUM_THREADS: threads } : process.env;
// PEGWISE names another pegwise binary (an older build, for a before/after)
const pegwise = process.env.PEGWISE ?? join(root, 'target', 'release', 'pegwise');
const noTables = mkdtempSync(join(tmpdir(), 'pegwise-no-tables-'));
if (!peer) {
  console.error('peer.mjs: set PEER_FESCHBER to the peer binary (see README "Performance")');
  process.exit(2);
}

/** Runs a command once; returns its wall time in seconds (fails loudly on a non-zero exit). */
function time(cmd, args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return s;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const jobs = [
  ['generation', [pegwise, ['dump', '--board', 'english', '--start', 'd4', '--goal', 'start', '--pegs', '16']], [peer, [...peerThreads, 'calculate-all']], 0.5],
  ['count', [pegwise, ['count', '--board', 'english', '--start', 'd4', '--goal', 'start', '--data', noTables, '--exact']], [peer, [...peerThreads, 'unique-paths']], 0.3],
];
// the machine is shared: say how busy it was (1-minute load average) before and after each job
const load = () => loadavg()[0].toFixed(1);
for (const [name, ours, theirs, goal] of jobs) {
  const before = load();
  const a = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    a.push(time(...ours));
    b.push(time(...theirs));
  }
  const ratio = median(a) / median(b);
  const on = threads ? `${threads} thread(s)` : 'all cores';
  console.log(`${name} (${on}): pegwise ${median(a).toFixed(3)} s, peer ${median(b).toFixed(3)} s, ratio ${ratio.toFixed(2)} (goal ≤ ${goal}; medians of ${runs}; pegwise runs ${a.map((x) => x.toFixed(2)).join(' ')}, peer ${b.map((x) => x.toFixed(2)).join(' ')}; load ${before} → ${load()})`);
}
