#!/usr/bin/env python3
"""Charts of a `rulezero lab` report: reads DIR/lab.json, writes DIR/score.svg,
length.svg, ends.svg and weights.svg with matplotlib (Debian python3-matplotlib).
`rulezero lab` runs it and inlines the SVGs in report.html. Every chart states
the study's conditions (defaults included) under it and each value's n.
Usage: scripts/lab-charts.py DIR"""
import json
import os
import sys
import textwrap

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams["svg.hashsalt"] = "rulezero-lab"  # the same SVG for the same data
plt.rcParams["svg.fonttype"] = "none"


def errors(items, key):
    values = [v[key]["value"] for v in items]
    low = [v[key]["value"] - v[key]["low"] for v in items]
    high = [v[key]["high"] - v[key]["value"] for v in items]
    return values, [low, high]


def labels(data):
    return [f"{short(v['value'])}\nn={v['games']}" for v in data["values"]]


def conditions(data):
    """The footnote: self-play and every condition (lab.json's conditions_line)."""
    line = data.get("conditions_line", "conditions not recorded")
    return "\n".join(textwrap.wrap(f"Self-play (two copies of one engine). {line}", 110))


def short(text, n=18):
    return text if len(text) <= n else text[: n - 1] + "…"


def save(fig, directory, name, data):
    note = conditions(data)
    lines = note.count("\n") + 1
    fig.tight_layout(rect=(0, (0.13 * lines + 0.12) / fig.get_figheight(), 1, 1))
    fig.text(0.01, 0.01, note, fontsize="x-small", va="bottom", ha="left")
    fig.savefig(os.path.join(directory, name), format="svg", metadata={"Date": None})
    plt.close(fig)


def score_chart(data, directory):
    items = data["values"]
    xs = range(len(items))
    fig, ax = plt.subplots(figsize=(7, 4.6))
    for offset, key, name in ((-0.2, "white_score", "White's score"), (0, "draw_rate", "draw rate"),
                              (0.2, "decisive_rate", "decisive rate")):
        values, err = errors(items, key)
        ax.errorbar([x + offset for x in xs], [100 * v for v in values],
                    yerr=[[100 * e for e in err[0]], [100 * e for e in err[1]]],
                    fmt="o", capsize=4, label=name)
    ax.axhline(50, color="grey", linewidth=0.5)
    ax.set_xlim(-0.6, len(items) - 0.4)
    ax.set_xticks(list(xs), labels(data))
    ax.set_xlabel(data["setting"])
    ax.set_ylabel("% (95% interval)")
    ax.set_ylim(0, 100)
    ax.legend(fontsize="small", loc="center left", bbox_to_anchor=(1, 0.5))  # beside, never over a point
    ax.set_title(f"{data['variant']}: White's score, draws, decisive games")
    save(fig, directory, "score.svg", data)


def length_chart(data, directory):
    items = data["values"]
    values, err = errors(items, "length")
    fig, ax = plt.subplots(figsize=(7, 4.0))
    ax.errorbar(range(len(items)), values, yerr=err, fmt="o", capsize=4)
    ax.set_xlim(-0.6, len(items) - 0.4)
    ax.set_xticks(range(len(items)), labels(data))
    ax.set_xlabel(data["setting"])
    ax.set_ylabel("plies (mean, 95% interval)")
    ax.set_ylim(bottom=0)
    ax.set_title(f"{data['variant']}: game length")
    save(fig, directory, "length.svg", data)


def ends_chart(data, directory):
    items = data["values"]
    kinds = [e["end"] for e in items[0]["ends"]]
    used = [i for i, _ in enumerate(kinds) if any(v["ends"][i]["count"] for v in items)]
    fig, ax = plt.subplots(figsize=(7, 4.6))
    bottom = [0.0] * len(items)
    for i in used:
        shares = [100 * v["ends"][i]["value"] for v in items]
        ax.bar(range(len(items)), shares, bottom=bottom, label=kinds[i])
        bottom = [b + s for b, s in zip(bottom, shares)]
    ax.set_xticks(range(len(items)), labels(data))
    ax.set_xlabel(data["setting"])
    ax.set_ylabel("% of the games")
    ax.set_ylim(0, 100)
    ax.legend(fontsize="small", loc="center left", bbox_to_anchor=(1, 0.5))
    ax.set_title(f"{data['variant']}: how the games ended")
    save(fig, directory, "ends.svg", data)


def weights_chart(data, directory):
    items = [v for v in data["values"] if v["fit"]["done"]]
    if not items:
        return
    names = [w["name"] for w in items[0]["fit"]["weights"]]
    height = max(3.8, 0.28 * len(names) * max(1, len(items)) / 2 + 1.8)
    fig, ax = plt.subplots(figsize=(7, height))
    bar = 0.8 / (len(items) + 1)
    ys = range(len(names))
    defaults = [w["default"] for w in items[0]["fit"]["weights"]]
    ax.barh([y - 0.4 + bar / 2 for y in ys], defaults, height=bar, color="lightgrey", label="default")
    for k, v in enumerate(items):
        weights = v["fit"]["weights"]
        fitted = [w["fitted"] for w in weights]
        err = None
        if all("low" in w for w in weights):  # the bootstrap's 95% interval
            err = [[max(0, w["fitted"] - w["low"]) for w in weights], [max(0, w["high"] - w["fitted"]) for w in weights]]
        ax.barh([y - 0.4 + bar * (k + 1.5) for y in ys], fitted, height=bar, xerr=err, capsize=2,
                label=f"{short(v['value'], 30)} (n={v['games']})")
    ax.set_yticks(list(ys), names)
    ax.invert_yaxis()
    ax.set_xlabel("weight (centipawns or the weight's unit)")
    ax.legend(fontsize="small")
    ax.set_title(f"{data['variant']}: fitted weights per {data['setting']} (95% intervals)")
    save(fig, directory, "weights.svg", data)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    with open(os.path.join(directory, "lab.json"), encoding="utf-8") as f:
        data = json.load(f)
    score_chart(data, directory)
    length_chart(data, directory)
    ends_chart(data, directory)
    weights_chart(data, directory)


if __name__ == "__main__":
    main()
