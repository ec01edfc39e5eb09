"""The Agent with its defaults against OpenSpiel's MCTS bot (random rollouts, UCT c = 2) at
Connect Four, as X and as O, each game on its own seed.

    python bench/python/agent_vs_mcts.py [--games N] [--simulations N] [--book NAME_OR_PATH]
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
import tictactoe
from open_spiel.python.algorithms import mcts


def play(agent: tictactoe.Agent, bot: mcts.MCTSBot, agent_first: bool) -> str:
    game = tictactoe.TicTacToe.connect_four()
    state = pyspiel.load_game("connect_four").new_initial_state()
    while not game.is_over:
        if (game.move_count % 2 == 0) == agent_first:
            _, col = agent.choose(game)
        else:
            col = bot.step(state)
        game.drop(col, 1 if game.move_count % 2 == 0 else 2)
        state.apply_action(col)
    mine = 1 if agent_first else 2
    return "drawn" if game.winner == 0 else "won" if game.winner == mine else "lost"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="games a side")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--book", default=None)
    args = parser.parse_args()
    spiel = pyspiel.load_game("connect_four")
    solver = tictactoe.Solver(book=args.book) if args.book else tictactoe.Solver()
    for agent_first in (True, False):
        tally = {"won": 0, "drawn": 0, "lost": 0}
        for seed in range(args.games):
            rng = np.random.RandomState(seed)
            evaluator = mcts.RandomRolloutEvaluator(1, rng)
            bot = mcts.MCTSBot(spiel, 2, args.simulations, evaluator, random_state=rng)
            tally[play(tictactoe.Agent(seed=seed, solver=solver), bot, agent_first)] += 1
        side = "X (first)" if agent_first else "O (second)"
        print(f"Agent as {side} against MCTS ({args.simulations} simulations): {tally}", flush=True)


if __name__ == "__main__":
    main()
