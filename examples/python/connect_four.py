"""Play Connect Four against the engine in the terminal.

    python examples/python/connect_four.py --skill 0.8 [--second] [--seed 7] [--max-nodes 200000]

You are X and type a column (0-6) a move; the engine is an ``Agent`` whose ``skill`` sets how often
it plays a perfect move (1.0 always, 0.0 never), searching at most ``max_nodes`` positions a move
and rating the board when that is not enough. ``--moves 3,3,4`` plays your moves from the list
instead of asking (for scripts and tests).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from tictactoe import Agent, IllegalMoveError, Solver, TicTacToe


def typed_moves() -> Iterator[str]:
    while True:
        try:
            yield input("your column (0-6): ")
        except EOFError:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skill", type=float, default=1.0, help="0 (random) to 1 (perfect)")
    parser.add_argument("--second", action="store_true", help="let the engine move first")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--moves", default=None, help="your columns, comma-separated")
    args = parser.parse_args()
    agent = Agent(args.skill, seed=args.seed, max_nodes=args.max_nodes, solver=Solver(20))
    game = TicTacToe.connect_four()
    you, engine = (2, 1) if args.second else (1, 2)
    moves = iter(args.moves.split(",")) if args.moves else typed_moves()
    player = 1
    while not game.is_over:
        if player == engine:
            row, col = agent.choose(game)
            game.move(row, col, engine)
            how = "solved" if agent.last_solved else "rated"
            print(f"the engine drops in column {col} ({how})")
        else:
            print(game)
            typed = next(moves, None)
            if typed is None:
                print("no more moves: game left unfinished")
                return
            try:
                game.drop(int(typed), you)
            except (ValueError, IllegalMoveError) as err:
                print(f"not a move: {err}")
                continue
        player = 3 - player
    print(game)
    print("a draw" if game.is_draw else "you win" if game.winner == you else "the engine wins")


if __name__ == "__main__":
    main()
