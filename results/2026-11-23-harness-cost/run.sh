#!/usr/bin/env bash
# The harness's own cost, measured as alternating runs so that the host's drift (a shared VM
# varies by 20-30 % from one JVM to the next) falls on both sides alike:
#  1. kvbench's null store, readers and ycsb-c, 1 thread against 2 threads (per-thread ns/op);
#  2. kvbench ycsb-c (null) against YCSB 0.17's own harness with its null binding (BasicDB),
#     same records, distribution and threads; YCSB with 10M operations (as kvbench's pass) and
#     with 40M (its JIT warm-up amortised, as kvbench's warm-up pass does for kvbench).
# Usage: results/2026-11-23-harness-cost/run.sh [ROUNDS]   (from the repository root, after the
# README's build command; about 3 minutes a round on 2 cores). Writes out/ and prints summary.py.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=${1:-5}
jar=${KVBENCH_JAR:-kvbench-cli/target/kvbench.jar}
out="$here/out"
mkdir -p "$out"
if [ ! -d "$out/ycsb-lib" ]; then
  mvn -q -f "$here/ycsb-pom.xml" dependency:copy-dependencies -DoutputDirectory="$out/ycsb-lib"
fi
work=$(mktemp -d /dev/shm/kvbench-harness-cost.XXXXXX)
trap 'rm -rf "$work"' EXIT

kvbench() { # name, then run arguments
  local name=$1; shift
  java -jar "$jar" run --stores null --work-dir "$work/$name" --output "$out/$name.json" -q "$@" >"$out/$name.txt" 2>&1
}
ycsb() { # name, threads, operations
  java -cp "$out/ycsb-lib/*" site.ycsb.Client -t -db site.ycsb.BasicDB -p workload=site.ycsb.workloads.CoreWorkload \
    -p recordcount=1000000 -p operationcount="$3" -p readproportion=1 -p updateproportion=0 -p scanproportion=0 \
    -p insertproportion=0 -p requestdistribution=zipfian -p basicdb.verbose=false -threads "$2" >"$out/$1.txt" 2>&1
}

for r in $(seq 1 "$rounds"); do
  # odd rounds start with one thread, even rounds with two
  if [ $((r % 2)) -eq 1 ]; then order="1 2"; else order="2 1"; fi
  for t in $order; do
    kvbench "cost-r$r-t$t" --phases readers,ycsb-c --entries 1m --order rnd --threads "$t" --duration 3s --measured 5
  done
  for t in $order; do
    ycsb "ycsb-r$r-t$t-10m" "$t" 10000000
    kvbench "kv-r$r-t$t" --phases ycsb-c --entries 1m --keys str --order rnd --operations 10m --threads "$t"
    ycsb "ycsb-r$r-t$t-40m" "$t" 40000000
  done
  echo "round $r of $rounds done"
done
python3 "$here/summary.py" "$out"
