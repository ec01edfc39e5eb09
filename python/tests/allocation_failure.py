"""Run under a virtual-memory limit (`make test` does): a board that cannot be allocated is a
MemoryError, and the process and its other games live on. Not collected by pytest, which would
run it without the limit."""

from tictactoe import TicTacToe


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
    assert bystander.move(0, 0, 2) == 0 and bystander.move_count == 2
    print(
        "allocation failure: MemoryError for boards beyond the memory limit, other games untouched"
    )


if __name__ == "__main__":
    main()
