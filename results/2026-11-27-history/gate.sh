#!/usr/bin/env bash
# The gate as CI would have run it after each run: kvbench history on runs 1 to k, k = 5 to 30, for each
# series of inputs/, printing the exit code of `--fail-on-change 10` for each k. Run from this folder.
set -uo pipefail
for set in steady planted; do
  line="$set:"
  for k in $(seq 5 30); do
    mapfile -t files < <(ls inputs/$set/run-*.json | head -n "$k")
    ../../kvbench history "${files[@]}" --fail-on-change 10 > /dev/null 2>&1
    line="$line $k=$?"
  done
  echo "$line"
done
