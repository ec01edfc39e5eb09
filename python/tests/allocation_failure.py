"""Run under a virtual-memory limit (`make test` does): a board that cannot be allocated is a
MemoryError, and the process and its other games live on. Not collected by pytest, which would
run it without the limit."""

import os
import tempfile

from tictactoe import Book, Solver, TicTacToe


def main() -> None:
    bystander = TicTacToe(3)
    bystander.move(1, 1, 1)
    # The largest sizes: 1 GiB of cells, and 4 GiB of counters.
    for n, lean in ((65535, False), (2**29 - 1, True)):
        try:
            TicTacToe(n, lean=lean)
        except MemoryError:
            continue
        raise SystemExit(f"TicTacToe({n}, lean={lean}) was allocated under the memory limit")
    # A 2 GB file named as a book: refused (MemoryError where its bytes cannot be had, else
    # ValueError: not a book), never an abort, by every call that reads a book from a path.
    with tempfile.TemporaryDirectory() as scratch:
        huge = os.path.join(scratch, "huge.book")
        with open(huge, "wb") as f:
            f.truncate(2 << 30)
        for read in (Book, lambda p: Solver(book=p), lambda p: Solver().add_book(p)):
            try:
                read(huge)
            except (MemoryError, ValueError):
                continue
            raise SystemExit("a 2 GB file of zeros was taken for a book")
    assert bystander.move(0, 0, 2) == 0 and bystander.move_count == 2
    print(
        "allocation failure: MemoryError for boards and books beyond the memory limit, "
        "other games untouched"
    )


if __name__ == "__main__":
    main()
