#!/usr/bin/env bash
# The French union table (every start and goal) built from nothing three ways, each checked
# against the sha256 that data/MANIFEST pins:
#   local     today's out-of-core generator, one process (the default path)
#   dataflow  the same job on the timely dataflow engine, 1 process of 1 worker (--workers 1)
#   pair      2 processes of 1 worker over loopback (--hostfile), on this one machine
# Prints wall and CPU seconds of each, when its levels were all made (the last winning level
# finished) and when the table's finish masks were all kept (on a cluster, by every worker for
# its own share): the rest is coding the stored levels.
# It also prints the positions the job made (every level's size, forward and winning) and the
# largest worker's share. The memory cap is the same in all (DIST_MEMORY, 8G),
# split between the pair's two processes. DIST_WAYS picks the runs ("local dataflow pair");
# DIST_BOARD another board with built tables (french). Work directories go under
# target/pegwise-bench-dist and are removed after each run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
board="${DIST_BOARD:-french}"
memory="${DIST_MEMORY:-8G}"
half="$(python3 -c "import sys; t=sys.argv[1]; u=t[-1].upper(); n=float(t[:-1]) if u in 'KMGT' else float(t); print(f'{n/2:g}{u if u in \"KMGT\" else \"\"}')" "$memory")"
cargo build --release --features cli,distributed --bin pegwise >&2
bin="$root/target/release/pegwise"
base="$root/target/pegwise-bench-dist"
prefix="$board\\."
[ "$board" = french ] && prefix='french\.every'
check() { # every file the MANIFEST pins for the board is in $1 with its bytes
  local n=0
  while read -r file _ _ _ _ _ sha; do
    [ "$(sha256sum "$1/$file" | cut -d' ' -f1)" = "$sha" ] || { echo "MISMATCH: $file" >&2; return 1; }
    n=$((n + 1))
  done < <(grep "^$prefix" data/MANIFEST)
  echo "$n files match data/MANIFEST"
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
TIMEFORMAT='%R %U %S'
for way in ${DIST_WAYS:-local dataflow pair}; do
  dir="$base/$way"
  rm -rf "$dir" && mkdir -p "$dir/out"
  args=(tables --built --only "$board" --out "$dir/out" --work-dir "$dir/work")
  echo "== $board union table: $way" >&2
  case "$way" in
    local) t=$( { time "$bin" "${args[@]}" --max-memory "$memory" >/dev/null 2>"$dir/log"; } 2>&1 ) ;;
    dataflow) t=$( { time "$bin" "${args[@]}" --max-memory "$memory" --workers 1 >/dev/null 2>"$dir/log"; } 2>&1 ) ;;
    pair)
      printf '127.0.0.1:%s\n127.0.0.1:%s\n' "$(free_port)" "$(free_port)" >"$dir/hosts"
      t=$( { time (
        "$bin" "${args[@]}" --max-memory "$half" --hostfile "$dir/hosts" --process 1 >/dev/null 2>"$dir/log1" &
        one=$!
        "$bin" "${args[@]}" --max-memory "$half" --hostfile "$dir/hosts" --process 0 >/dev/null 2>"$dir/log"
        wait "$one"
      ); } 2>&1 ) ;;
    *) echo "DIST_WAYS: no way '$way' (local, dataflow, pair)" >&2; exit 2 ;;
  esac
  read -r wall user sys <<<"$t"
  # seconds from the job's start to its last level, and to the last finish masks kept
  phases="$(python3 - "$dir/work" <<'PY'
import glob, os, sys
w = sys.argv[1]
jobs = glob.glob(f"{w}/*/job") + glob.glob(f"{w}/*/worker-*/job")
start = min(os.path.getmtime(j) for j in jobs)
levels = glob.glob(f"{w}/*/W*/done") + glob.glob(f"{w}/*/worker-*/W*/done")
made = max(os.path.getmtime(d) for d in levels) - start
masks = glob.glob(f"{w}/*/masks/M*") + glob.glob(f"{w}/*/worker-*/masks/M*")
kept = f"{max(os.path.getmtime(m) for m in masks) - start:.0f} s" if masks else "-"
sizes, shares = 0, {}
for d in glob.glob(f"{w}/*/F*/done") + glob.glob(f"{w}/*/W*/done") + glob.glob(f"{w}/*/worker-*/[FW]*/done"):
    n = int(open(d).read())
    sizes += n
    who = d.split("/")[-3]
    shares[who] = shares.get(who, 0) + n
big = max(shares.values()) / (sizes / len(shares))
print(f"levels made {made:.0f} s, finish masks kept {kept}; positions made {sizes:,}; largest share {big:.3f} of the mean")
PY
)"
  ok="$(check "$dir/out")"
  disk="$(du -sh "$dir/work" 2>/dev/null | cut -f1)"
  printf '%-9s wall %8.1f s  cpu %8.1f s (user %.1f, sys %.1f)  %s  work dir at the end %s  %s\n' \
    "$way" "$wall" "$(echo "$user + $sys" | bc)" "$user" "$sys" "$phases" "$disk" "$ok"
  rm -rf "$dir"
done
