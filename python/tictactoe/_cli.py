"""The ``tictactoe`` command, as ``pip install`` puts it on the PATH: the engine's own command line
(the same as ``cargo install tictactoe-cli`` gives), run over this process's streams."""

from __future__ import annotations

import signal
import sys

from tictactoe._tictactoe import _run_cli


def main(argv: list[str] | None = None) -> int:
    """Runs ``tictactoe ARGS...``; its exit code (0, 1 no answer within a budget, 2 bad input)."""
    args = sys.argv[1:] if argv is None else argv
    # Ctrl-C stops the command at once, as any command line, not at the next Python bytecode.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    sys.stderr.flush()
    return _run_cli(["tictactoe", *args])
