"""Instructions per operation for every Rust row of a benchmark run, counted by callgrind: the
deterministic companion of the wall-clock medians. Reads the run's JSON lines, writes one
``{"kind": "instructions", ...}`` line per row. Usage: instructions.py BENCH_BINARY DATA_DIR RUN.jsonl
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path


def main() -> None:
    binary, data, run = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    if shutil.which("valgrind") is None:
        print("instructions: SKIPPED (valgrind is not on this machine)", file=sys.stderr)
        return
    rows = [json.loads(x) for x in run.read_text().splitlines() if x.startswith("{")]
    for row in rows:
        # Python rows and the C program's rows come from other processes: not countable here.
        if row["kind"] != "time" or row["group"].startswith("Python"):
            continue
        only = f"{row['group']}/{row['name']}"
        done = subprocess.run(
            [
                *("valgrind", "--tool=callgrind", "--collect-atstart=no"),
                *("--toggle-collect=*counted*", "--callgrind-out-file=/dev/null"),
                *(binary, "run", data),
            ],
            env={**os.environ, "BENCH_ONLY": only},
            capture_output=True,
            text=True,
            check=True,
        )
        collected = re.search(r"Collected : (\d+)", done.stderr)
        counts = [
            json.loads(x) for x in done.stdout.splitlines() if x.startswith('{"kind":"count"')
        ]
        if not collected or not counts:
            continue
        per_op = int(collected.group(1)) / counts[0]["ops"]
        result = {
            "kind": "instructions",
            "group": row["group"],
            "name": row["name"],
            "per_op": per_op,
        }
        print(json.dumps(result))


if __name__ == "__main__":
    main()
