"""Summarises run.sh's output folder: medians and ranges over the rounds."""
import glob
import json
import os
import re
import statistics
import sys

out = sys.argv[1]


def threaded(path, phase):
    doc = json.load(open(path))
    for cell in doc["cells"]:
        for p in cell["phases"]:
            if p["phase"] == phase and p["status"] == "ok":
                return p
    raise SystemExit(f"{path}: no ok {phase} phase")


def rounds(prefix):
    return sorted({int(m.group(1)) for f in os.listdir(out) for m in [re.match(prefix + r"-r(\d+)-", f)] if m})


def fmt(values, digits=1):
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


print("## null store, per-thread ns/op, 1 thread against 2 threads (median of rounds, range)\n")
print("| phase | 1 thread | 2 threads, mean of the threads | 2 against 1 | CPU ns/op, 1 | CPU ns/op, 2 |")
print("|---|---:|---:|---:|---:|---:|")
for phase in ["readers", "ycsb-c"]:
    one, two, ratio, cpu1, cpu2 = [], [], [], [], []
    for r in rounds("cost"):
        p1 = threaded(f"{out}/cost-r{r}-t1.json", phase)
        p2 = threaded(f"{out}/cost-r{r}-t2.json", phase)
        ns1 = 1e9 / p1["threaded"]["perThread"][0]["opsPerSec"]
        ns2 = statistics.mean(1e9 / t["opsPerSec"] for t in p2["threaded"]["perThread"])
        one.append(ns1)
        two.append(ns2)
        ratio.append(ns2 / ns1)
        cpu1.append(p1["cpuNanosPerOp"])
        cpu2.append(p2["cpuNanosPerOp"])
    print(f"| `{phase}` | {fmt(one)} | {fmt(two)} | {fmt(ratio, 2)} x | {fmt(cpu1)} | {fmt(cpu2)} |")
print(f"\n{len(rounds('cost'))} rounds; per round: the median pass of five 3-second passes.\n")

print("## ycsb-c against YCSB 0.17 (M ops/s, median of rounds, range)\n")
print("| threads | YCSB, 10M ops | YCSB, 40M ops | kvbench, 10M ops a pass | kvbench / YCSB 10M | kvbench / YCSB 40M |")
print("|---:|---:|---:|---:|---:|---:|")
for t in [1, 2]:
    y10, y40, kv, q10, q40 = [], [], [], [], []
    for r in rounds("kv"):
        def ycsb(ops):
            text = open(f"{out}/ycsb-r{r}-t{t}-{ops}.txt").read()
            return float(re.search(r"\[OVERALL\], Throughput\(ops/sec\), ([0-9.]+)", text).group(1)) / 1e6
        a, b = ycsb("10m"), ycsb("40m")
        k = threaded(f"{out}/kv-r{r}-t{t}.json", "ycsb-c")["opsPerSec"] / 1e6
        y10.append(a)
        y40.append(b)
        kv.append(k)
        q10.append(k / a)
        q40.append(k / b)
    print(f"| {t} | {fmt(y10, 2)} | {fmt(y40, 2)} | {fmt(kv, 2)} | {fmt(q10, 2)} x | {fmt(q40, 2)} x |")
print(f"\n{len(rounds('kv'))} rounds, each ratio taken within its round.")
