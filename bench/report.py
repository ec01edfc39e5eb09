"""Turns the benchmarks' JSON lines into bench/RESULTS.md (one table) and bench/results.svg (a bar chart).

A row whose checksum disagrees with its group's reference row is refused, not printed."""

from __future__ import annotations

import html
import json
import platform
import subprocess
import sys
from pathlib import Path


def version(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()[
            0
        ]
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    lines = [json.loads(x) for x in Path(sys.argv[1]).read_text().splitlines() if x.startswith("{")]
    out = Path(sys.argv[2])
    times = [x for x in lines if x["kind"] == "time"]
    memory = [x for x in lines if x["kind"] == "memory"]
    searches = [x for x in lines if x["kind"] == "search"]
    instructions = {
        (x["group"], x["name"]): x["per_op"] for x in lines if x["kind"] == "instructions"
    }
    groups: dict[str, list[dict]] = {}
    for t in times:
        groups.setdefault(t["group"], []).append(t)
    refused = []
    table = [
        "| group | contender | ns per move (median) | fastest - slowest | x reference | instructions per move (callgrind) | x reference |",
        "|---|---|--:|--:|--:|--:|--:|",
    ]
    chart: list[tuple[str, str, float, float]] = []
    for name, rows in groups.items():
        reference = next(r for r in rows if r["reference"])
        for r in rows:
            floor = r["name"].startswith("floor")
            if r["checksum"] != reference["checksum"] and not floor:
                refused.append(
                    f"{name}: {r['name']} (checksum {r['checksum']}, expected {reference['checksum']})"
                )
                continue
            ratio = r["ns"] / reference["ns"]
            label = r["name"] + (" (reference)" if r["reference"] else "")
            count = instructions.get((name, r["name"]))
            base = instructions.get((name, reference["name"]))
            counted = f"{count:.1f} | {count / base:.2f}" if count and base else " | "
            table.append(
                f"| {name} | {label} | {r['ns']:.1f} | {r['min']:.1f} - {r['max']:.1f} | {ratio:.2f} | {counted} |"
            )
            chart.append((name, r["name"], r["ns"], ratio))
    mem = [
        "| n | mode | bytes, new game | bytes after the replayed game | moves replayed |",
        "|--:|---|--:|--:|--:|",
    ]
    for m in memory:
        if m["empty"] is None:
            mem.append(f"| {m['n']:,} | {m['mode']} | n/a (above the mode's largest n) | | |")
        else:
            mem.append(
                f"| {m['n']:,} | {m['mode']} | {m['empty']:,} | {m['played']:,} | {m['moves']:,} |"
            )
    timed = {(t["group"], t["name"]): t["ns"] for t in times}
    search = [
        "| group | contender | nodes a position | table hits a position | nodes per second |",
        "|---|---|--:|--:|--:|",
    ]
    for x in searches:
        ns = timed.get((x["group"], x["name"]))
        hits = "n/a" if x["hits"] is None else f"{x['hits']:,.1f}"
        rate = f"{x['nodes'] / ns * 1e9:,.0f}" if ns else ""
        search.append(f"| {x['group']} | {x['name']} | {x['nodes']:,.1f} | {hits} | {rate} |")
    machine = f"{platform.machine()}, {platform.system()} {platform.release()}, {version(['nproc'])} cores"
    text = [
        "# Benchmark results",
        "",
        "Written by `make bench`; every number in one table was measured in the same run, contenders",
        "interleaved. Compare ratios, not absolute times: the machine is shared and noisy.",
        "",
        f"- Machine: {machine}",
        f"- {version(['rustc', '--version'])}; {version(['cc', '--version'])}; Python {platform.python_version()}",
        "- Games: fixed seed; n = 3: 22,500 complete random games (≈200,000 moves); n = 1000: two complete",
        "  games of 1,000,000 moves; n = 100,000: the first 2,000,000 moves of one game (a full board would",
        "  take 10^10 moves).",
        "",
        table[0],
        table[1],
        *table[2:],
        "",
        "## Perfect play: the search beside the time",
        "",
        "Nodes and table hits a position, counted in an untimed pass from empty tables (a one-shot",
        "row on a solver of the table its solve makes); nodes per second against the median time.",
        "A two-thread row counts its helper's nodes too.",
        "",
        *search,
        "",
        "## Memory per game (measured with a counting allocator; includes the game struct itself)",
        "",
        *mem,
        "",
    ]
    if refused:
        text += ["## Refused rows (checksum disagrees)", "", *[f"- {r}" for r in refused], ""]
    (out / "RESULTS.md").write_text("\n".join(text))
    (out / "results.svg").write_text(svg(chart))


def svg(chart: list[tuple[str, str, float, float]]) -> str:
    """Horizontal bars, one per contender, ns per move on a log scale, grouped."""
    import math

    width, bar, left = 1040, 16, 430
    rows, y, current = [], 30, None
    top = max(ns for _, _, ns, _ in chart)
    scale = (width - left - 90) / math.log10(top * 1.5)
    for group_name, name, ns, ratio in chart:
        if group_name != current:
            y += 10
            rows.append(
                f'<text x="10" y="{y + 12}" font-weight="bold">{html.escape(group_name)}</text>'
            )
            y += 20
            current = group_name
        length = max(2.0, scale * math.log10(max(ns, 1.0)))
        rows.append(f'<text x="20" y="{y + 12}">{html.escape(name)}</text>')
        colour = "#3b6fb6" if ratio <= 1.05 else "#8aa9d6"
        rows.append(
            f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar - 2}" fill="{colour}"/>'
        )
        rows.append(
            f'<text x="{left + length + 6:.1f}" y="{y + 12}">{ns:,.1f} ns ({ratio:.2f}x)</text>'
        )
        y += bar + 2
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 30}" '
        'font-family="sans-serif" font-size="12">'
        '<rect width="100%" height="100%" fill="white"/>'
        '<text x="10" y="18" font-size="14">ns per move (log scale); x = ratio to the group\'s first row</text>'
    )
    return head + "".join(rows) + "</svg>"


if __name__ == "__main__":
    main()
