// Side by side with the fastest public solver, feschber/peg-solitaire (built outside this
// repository; see README "Performance"). Alternating runs in one session, medians of RUNS:
//   generation: `pegwise dump --pegs 16` (every winning position of the English central game)
//               against the peer's `calculate-all`;
//   counting:   `pegwise count --exact` solved whole (no table) against the peer's `unique-paths`.
// Run by scripts/bench when PEER_FESCHBER names the peer's binary.
//   PEER_FESCHBER=/path/peg-solitaire [BENCH_RUNS=5] node tests/bench/peer.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const peer = process.env.PEER_FESCHBER;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pegwise = join(root, 'target', 'release', 'pegwise');
const noTables = mkdtempSync(join(tmpdir(), 'pegwise-no-tables-'));
if (!peer) {
  console.error('peer.mjs: set PEER_FESCHBER to the peer binary (see README "Performance")');
  process.exit(2);
}

/** Runs a command once; returns its wall time in seconds (fails loudly on a non-zero exit). */
function time(cmd, args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return s;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const jobs = [
  ['generation', [pegwise, ['dump', '--board', 'english', '--start', 'd4', '--goal', 'start', '--pegs', '16']], [peer, ['calculate-all']], 0.5],
  ['count', [pegwise, ['count', '--board', 'english', '--start', 'd4', '--goal', 'start', '--data', noTables, '--exact']], [peer, ['unique-paths']], 0.3],
];
for (const [name, ours, theirs, goal] of jobs) {
  const a = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    a.push(time(...ours));
    b.push(time(...theirs));
  }
  const ratio = median(a) / median(b);
  console.log(`${name}: pegwise ${median(a).toFixed(3)} s, peer ${median(b).toFixed(3)} s, ratio ${ratio.toFixed(2)} (goal ≤ ${goal}; medians of ${runs}; pegwise runs ${a.map((x) => x.toFixed(2)).join(' ')}, peer ${b.map((x) => x.toFixed(2)).join(' ')})`);
}
