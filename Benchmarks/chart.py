#!/usr/bin/env python3
"""Draws Benchmarks/results/results.csv (written by signals-bench) as a PNG bar chart.

usage: python3 Benchmarks/chart.py [results.csv] [chart.png]
Needs matplotlib (`pip install matplotlib`).

One group of bars per workload, one bar per contender, log-scale time (ns per element); the
memory workload (bytes per live subscription) gets its own panel. Workloads whose Signals side is
still pending show their peers only.
"""
import csv
import os
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "results.csv")
target = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(source), "chart.png")

time_rows = OrderedDict()
memory_rows = OrderedDict()
units = {}
with open(source, newline="") as handle:
    for row in csv.DictReader(handle):
        table = time_rows if row["metric"] == "ns_per_element" else memory_rows
        table.setdefault(row["workload"], []).append(row)
        units[row["workload"]] = row["unit"]

colours = {
    "Signals": "#d9480f",
    "OpenCombine": "#1c7ed6",
    "lock+closure floor": "#868e96",
    "bare closure floor": "#ced4da",
    "lock+100 closures floor": "#adb5bd",
    "AsyncStream": "#37b24d",
    "AsyncChannel": "#74b816",
    "share()": "#7048e8",
    "broadcaster": "#ae3ec9",
}


def draw(axis, rows, ylabel, log, legend):
    workloads = list(rows)
    labelled = set()
    for position, workload in enumerate(workloads):
        present = rows[workload]
        width = 0.8 / len(present)
        for index, row in enumerate(present):
            contender = row["contender"]
            median = float(row["median"])
            x = position + (index - (len(present) - 1) / 2) * width
            axis.bar([x], [median], width, color=colours.get(contender, "#495057"),
                     label=None if contender in labelled else contender,
                     yerr=[[median - float(row["p25"])], [float(row["p75"]) - median]],
                     capsize=2, error_kw={"elinewidth": 0.8})
            labelled.add(contender)
    axis.set_xticks(range(len(workloads)))
    axis.set_xticklabels([f"{w}\n(per {units[w]})" for w in workloads], rotation=35, ha="right", fontsize=8)
    axis.set_ylabel(ylabel)
    if log:
        axis.set_yscale("log")
    axis.grid(axis="y", alpha=0.3, which="both")
    if legend:
        axis.legend(fontsize=8, ncol=3)


panels = [(time_rows, "ns per element (median, p25–p75), log scale", True)]
if memory_rows:
    panels.append((memory_rows, "bytes per live subscription", False))
figure, axes = plt.subplots(
    1, len(panels), figsize=(16, 6.5), gridspec_kw={"width_ratios": [len(p[0]) or 1 for p in panels]}, squeeze=False)
for index, (axis, (rows, label, log)) in enumerate(zip(axes[0], panels)):
    # One legend, on the time panel: the memory panel uses the same colours, and a legend of its own
    # would cover its narrow axis.
    draw(axis, rows, label, log, legend=index == 0)
figure.suptitle("signals-bench: Signals vs OpenCombine 0.14.0, swift-async-algorithms 1.1.4 and floors (lower is better)")
figure.tight_layout()
figure.savefig(target, dpi=110)
print(f"wrote {target}")
