"""The Agent with its defaults against OpenSpiel's MCTS bot (random rollouts, UCT c = 2) at
Connect Four or 15 x 15 gomoku (OpenSpiel's `gomoku`, five or more), as X and as O, each game on
its own seed.

    python bench/python/agent_vs_mcts.py [--games N] [--simulations N] [--book NAME_OR_PATH]
                                         [--game connect_four|gomoku]
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
import tictactoe
from open_spiel.python.algorithms import mcts
from progress import progress


def play(agent: tictactoe.Agent, bot: mcts.MCTSBot, agent_first: bool, name: str) -> str:
    gomoku = name == "gomoku"
    game = tictactoe.TicTacToe.gomoku(15) if gomoku else tictactoe.TicTacToe.connect_four()
    state = pyspiel.load_game(name).new_initial_state()
    while not game.is_over:
        player = 1 if game.move_count % 2 == 0 else 2
        if (game.move_count % 2 == 0) == agent_first:
            row, col = agent.choose(game)
            action = row * 15 + col if gomoku else col
        else:
            action = bot.step(state)
            row, col = divmod(action, 15) if gomoku else (-1, action)
        if gomoku:
            game.move(row, col, player)
        else:
            game.drop(col, player)
        state.apply_action(action)
    mine = 1 if agent_first else 2
    return "drawn" if game.winner == 0 else "won" if game.winner == mine else "lost"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="games a side")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--book", default=None)
    parser.add_argument("--game", default="connect_four", choices=["connect_four", "gomoku"])
    args = parser.parse_args()
    spiel = pyspiel.load_game(args.game)
    solver = tictactoe.Solver(book=args.book) if args.book else tictactoe.Solver()
    for agent_first in (True, False):
        tally = {"won": 0, "drawn": 0, "lost": 0}
        for seed in progress(range(args.games), "agent_vs_mcts"):
            rng = np.random.RandomState(seed)
            evaluator = mcts.RandomRolloutEvaluator(1, rng)
            bot = mcts.MCTSBot(spiel, 2, args.simulations, evaluator, random_state=rng)
            agent = tictactoe.Agent(seed=seed, solver=solver)
            tally[play(agent, bot, agent_first, args.game)] += 1
        side = "X (first)" if agent_first else "O (second)"
        print(
            f"Agent as {side} against MCTS at {args.game} ({args.simulations} simulations): {tally}",
            flush=True,
        )


if __name__ == "__main__":
    main()
