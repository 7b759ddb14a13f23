#!/usr/bin/env bash
# Makes this folder's inputs again, from the repository root: 30 runs of a small scenario with a planted
# slowdown of MVStore from run 20 on (-XX:CompileCommand=exclude keeps MVStore's MVMap methods from the JIT:
# the cells, their settings and their identity stay the same; LMDB's cells are untouched), then 30 runs with
# no change. About 25 minutes on the 2-core machine; nothing else should run beside it.
set -euo pipefail
out=${1:-results/2026-11-27-history/inputs}
mkdir -p "$out/planted" "$out/steady"
common=(quick --stores mvstore,lmdbjava-bb --order rnd --phases write,readKey,readSeq --forks 3)
plant=(--jvm-option=-XX:CompileCommand=quiet "--jvm-option=-XX:CompileCommand=exclude,org.h2.mvstore.MVMap::*")
for i in $(seq -w 1 30); do
  extra=()
  if [ "$i" -ge 20 ]; then extra=("${plant[@]}"); fi
  ./kvbench run "${common[@]}" "${extra[@]}" --revision "planted-$i" --output "$out/planted/run-$i.json" -q
done
for i in $(seq -w 1 30); do
  ./kvbench run "${common[@]}" --revision "steady-$i" --output "$out/steady/run-$i.json" -q
done
