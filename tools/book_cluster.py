"""Builds an opening book on many machines with Ray: each shard of the positions is one Ray task
that runs the engine's book builder (``tictactoe book shard``), then the shards are merged
here (``tictactoe book merge``); ``tictactoe book build`` does the same on one machine's
threads. A stopped build resumes: every shard's lines are kept in ``--dir`` as they
come back, and a task starts from what its shard already holds.

On this machine (two local workers)::

    python tools/book_cluster.py --rules 6x7x4 --depth 8 --shards 64 --workers 2 \\
        --dir books/connect-four-8 --out books/connect-four-8.book

On a cluster (``ray start --head`` on one node, ``ray start --address=HEAD:6379`` on the others,
the builder built at the same path on every node)::

    python tools/book_cluster.py --address auto --rules 6x7x4 --depth 12 --shards 4096 \\
        --dir books/connect-four-12 --out books/connect-four-12.book
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import ray
from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
BUILDER = ROOT / "target" / "release" / "tictactoe"


def shard_name(shard: int, shards: int) -> str:
    width = len(str(shards - 1))
    return f"shard-{shard:0{width}d}-of-{shards}.txt"


@ray.remote(num_cpus=1)
def solve_shard(
    builder: str, rules: str, depth: int, shard: int, shards: int, done: str, extra: list[str]
) -> tuple[int, str]:
    """The shard's lines: those already solved (``done``) and the rest, solved here."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "shard.txt")
        with open(path, "w") as f:
            f.write(done)
        args = [builder, "book", "shard", rules, str(depth), str(shard), str(shards), path]
        subprocess.run(args + extra, check=True, stderr=subprocess.DEVNULL)
        with open(path) as f:
            return shard, f.read()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="6x7x4", help="ROWSxCOLSxK of a gravity game")
    parser.add_argument("--depth", type=int, required=True, help="stones of the deepest positions")
    parser.add_argument("--shards", type=int, default=64)
    parser.add_argument("--dir", required=True, help="where the shards' lines are kept")
    parser.add_argument("--out", required=True, help="the book's file")
    parser.add_argument("--exact", action="store_true", help="exact scores, not win/draw/loss")
    parser.add_argument(
        "--book",
        action="append",
        default=[],
        help="a book file the search reads inside (the same path on every node); repeatable",
    )
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: local)")
    parser.add_argument("--workers", type=int, default=None, help="local workers (default: cores)")
    parser.add_argument("--builder", default=str(BUILDER), help="the tictactoe command")
    args = parser.parse_args(argv)

    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    extra = (["--exact"] if args.exact else []) + [a for b in args.book for a in ("--book", b)]
    shards_dir = Path(args.dir)
    shards_dir.mkdir(parents=True, exist_ok=True)
    pending = []
    for shard in range(args.shards):
        path = shards_dir / shard_name(shard, args.shards)
        done = path.read_text() if path.exists() else ""
        task = solve_shard.remote(
            args.builder, args.rules, args.depth, shard, args.shards, done, extra
        )
        pending.append(task)
    # Shards done, their rate and the time left, on a terminal; nothing in a log.
    with tqdm(total=args.shards, unit="shard", disable=not sys.stderr.isatty()) as bar:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            shard, lines = ray.get(ready[0])
            (shards_dir / shard_name(shard, args.shards)).write_text(lines)
            bar.update(1)
    ray.shutdown()
    files = [str(shards_dir / shard_name(s, args.shards)) for s in range(args.shards)]
    merge = [args.builder, "book", "merge", args.rules, str(args.depth), args.out, *files]
    subprocess.run(merge + extra, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
