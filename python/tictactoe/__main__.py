"""``python -m tictactoe``: the ``tictactoe`` command."""

from tictactoe._cli import main

raise SystemExit(main())
