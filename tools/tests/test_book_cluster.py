"""The book builder on many machines, tried with two local Ray workers at a small size: the same
book as one process builds (and as `tictactoe book build` on threads), a stopped build resumed,
the book's values those of the search."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import book_cluster
from tictactoe import Book, Solver, TicTacToe

BUILDER = str(book_cluster.BUILDER)
RULES, DEPTH = "5x5x4", 6


def serial(tmp: Path) -> bytes:
    shard, out = tmp / "serial.txt", tmp / "serial.book"
    subprocess.run([BUILDER, "book", "shard", RULES, str(DEPTH), "0", "1", str(shard)], check=True)
    subprocess.run([BUILDER, "book", "merge", RULES, str(DEPTH), str(out), str(shard)], check=True)
    return out.read_bytes()


def cluster(shards: Path, out: Path) -> bytes:
    args = ["--rules", RULES, "--depth", str(DEPTH), "--shards", "3", "--workers", "2"]
    assert book_cluster.main([*args, "--dir", str(shards), "--out", str(out)]) == 0
    return out.read_bytes()


def test_two_workers_build_the_book_one_process_builds_and_a_stopped_build_resumes(
    tmp_path: Path,
) -> None:
    alone = serial(tmp_path)
    shards = tmp_path / "shards"
    assert cluster(shards, tmp_path / "a.book") == alone
    # Stopped midway: one shard keeps half its lines and a torn last one, another is gone.
    first = shards / book_cluster.shard_name(0, 3)
    lines = first.read_text().splitlines(keepends=True)
    first.write_text("".join(lines[: len(lines) // 2]) + "1f0")
    (shards / book_cluster.shard_name(2, 3)).unlink()
    assert cluster(shards, tmp_path / "b.book") == alone
    assert first.read_text().splitlines() == [line.rstrip("\n") for line in lines]


def test_the_command_builds_on_threads_the_book_the_cluster_builds(tmp_path: Path) -> None:
    alone = serial(tmp_path)
    out = tmp_path / "threads.book"
    build = ["book", "build", RULES, str(DEPTH), "--shards", "3", "--workers", "2"]
    done = subprocess.run(
        [BUILDER, *build, "--dir", str(tmp_path / "t"), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == alone
    # Not on a terminal: no progress bar, only the merge's one line.
    assert len(done.stderr.splitlines()) == 1 and "positions of at most" in done.stderr


def test_a_merge_of_missing_shards_is_refused(tmp_path: Path) -> None:
    shards = tmp_path / "shards"
    cluster(shards, tmp_path / "a.book")
    files = [str(shards / book_cluster.shard_name(s, 3)) for s in (0, 1)]
    merge = [BUILDER, "book", "merge", RULES, str(DEPTH), str(tmp_path / "x.book"), *files]
    done = subprocess.run(merge, capture_output=True, text=True)
    assert done.returncode != 0 and "not solved yet" in done.stderr
    assert not (tmp_path / "x.book").exists()


def test_the_built_books_values_are_the_searchs(tmp_path: Path) -> None:
    book = Book(serial(tmp_path))
    assert (book.depth, book.shallowest, book.exact) == (DEPTH, 0, False)
    plain = Solver(16, book=False)
    rng = random.Random(5)
    for _ in range(300):
        game = TicTacToe(rows=5, cols=5, k=4, gravity=True)
        for _ in range(rng.randrange(DEPTH + 1)):
            open_cols = [c for c in range(5) if game.cell(0, c) == 0]
            if game.is_over or not open_cols:
                break
            game.drop(rng.choice(open_cols), 1 if game.move_count % 2 == 0 else 2)
        if game.is_over:
            assert book.value(game) is None
            continue
        assert book.value(game) == plain.value(game)


def test_an_exact_book_built_reading_a_deeper_book_is_the_one_built_without(tmp_path: Path) -> None:
    # The deeper win/draw/loss book only prunes the search: the same exact scores, the same bytes.
    deeper = tmp_path / "deeper.book"
    deeper.write_bytes(serial(tmp_path))
    depth = str(DEPTH - 2)
    built = []
    for books in ([], ["--book", str(deeper)]):
        shard, out = tmp_path / f"exact{len(books)}.txt", tmp_path / f"exact{len(books)}.book"
        shard_args = ["book", "shard", RULES, depth, "0", "1", str(shard), "--exact", *books]
        subprocess.run([BUILDER, *shard_args], check=True)
        merge_args = ["book", "merge", RULES, depth, str(out), str(shard), "--exact", *books]
        subprocess.run([BUILDER, *merge_args], check=True)
        built.append(out.read_bytes())
    assert built[0] == built[1]
    book = Book(built[0])
    assert (book.depth, book.exact) == (DEPTH - 2, True)
    plain = Solver(16, book=False)
    game = TicTacToe(rows=5, cols=5, k=4, gravity=True)
    for col in (2, 2, 1, 3)[: DEPTH - 2]:
        game.drop(col, 1 if game.move_count % 2 == 0 else 2)
    assert book.solution(game) == plain.solve(game)


def test_a_wrong_deepest_value_is_caught_by_the_bookless_check(tmp_path: Path) -> None:
    # The merge solves the first of the deepest positions again without any book, whatever
    # `--book` names: a shard line altered here is refused, not written into a book.
    deeper = tmp_path / "deeper.book"
    deeper.write_bytes(serial(tmp_path))
    shard, out = tmp_path / "exact.txt", tmp_path / "exact.book"
    depth = str(DEPTH - 2)
    subprocess.run(
        [BUILDER, "book", "shard", RULES, depth, "0", "1", str(shard), "--exact"], check=True
    )
    lines = shard.read_text().splitlines()
    first = min(lines, key=lambda line: int(line.split()[0], 16))
    key, value = first.split()
    lines[lines.index(first)] = f"{key} {int(value) + 1}"
    shard.write_text("\n".join(lines) + "\n")
    merge = ["book", "merge", RULES, depth, str(out), str(shard), "--exact", "--book", str(deeper)]
    done = subprocess.run([BUILDER, *merge], capture_output=True, text=True)
    assert done.returncode != 0 and "without books" in done.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "args, said",
    [
        (
            ["book", "shard", RULES, "4", "0", "1", "s.txt", "--book", "nowhere.book"],
            "nowhere.book",
        ),
        (["book", "shard", RULES, "4", "0", "1", "s.txt", "--book"], "--book"),
        (["book", "shard", "5x5", "4", "0", "1", "s.txt"], "ROWSxCOLSxK"),
        (["book", "shard", "5x5x4xjunk", "4", "0", "1", "s.txt"], "ROWSxCOLSxK"),
        (["book", "merge", RULES, "4", "x.book"], "required"),
        (["book", "shard", RULES, "4", "3", "1", "s.txt"], "below SHARDS"),
        (["book", "merge", RULES, "four"], "DEPTH"),
        (
            ["book", "merge", RULES, "4", "x.book", "s.txt", "--book", "notes.txt"],
            "not a valid opening book",
        ),
    ],
)
def test_bad_arguments_are_said_plainly(tmp_path: Path, args: list[str], said: str) -> None:
    (tmp_path / "notes.txt").write_text("not a book at all")
    done = subprocess.run([BUILDER, *args], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2 and said in done.stderr
    assert len(done.stderr.splitlines()) == 1 and done.stdout == ""
    assert "panicked" not in done.stderr


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
