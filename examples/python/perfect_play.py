"""A random agent and a greedy one (it wins when it can, else plays a move after which the other
player cannot win at once, else plays at random)
against the perfect player, on 4 x 4 (four in a row) and on Connect Four, each side moving first
half the time. The perfect player plays the best moves of ``best_moves()`` (a win as fast as it
can, a loss as slow as it can), breaking ties at random. Connect Four games start from ten random
moves: from fewer stones a first search takes seconds, which an example should not.

Prints each agent's wins, draws and losses against the perfect player.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tictactoe import TicTacToe

Agent = Callable[[TicTacToe, int, random.Random], tuple[int, int]]


def legal(game: TicTacToe) -> list[tuple[int, int]]:
    """Every cell the player to move may mark (with gravity, each column's lowest empty one)."""
    cells = []
    for c in range(game.cols):
        rows = [r for r in range(game.rows) if game.cell(r, c) == 0]
        if game.gravity:
            rows = rows[-1:]
        cells += [(r, c) for r in rows]
    return cells


def play(game: TicTacToe, cell: tuple[int, int], player: int) -> int:
    return game.drop(cell[1], player) if game.gravity else game.move(*cell, player)


def random_agent(game: TicTacToe, player: int, rng: random.Random) -> tuple[int, int]:
    return rng.choice(legal(game))


def wins_at_once(game: TicTacToe, player: int) -> list[tuple[int, int]]:
    """The cells where ``player``, to move, wins at once."""
    found = []
    for cell in legal(game):
        trial = TicTacToe.from_bytes(game.to_bytes())
        if play(trial, cell, player):
            found.append(cell)
    return found


def greedy_agent(game: TicTacToe, player: int, rng: random.Random) -> tuple[int, int]:
    winning = wins_at_once(game, player)
    if winning:
        return rng.choice(winning)
    safe = []
    for cell in legal(game):
        trial = TicTacToe.from_bytes(game.to_bytes())
        play(trial, cell, player)
        if trial.is_over or not wins_at_once(trial, 3 - player):
            safe.append(cell)
    return rng.choice(safe or legal(game))


def perfect_agent(game: TicTacToe, player: int, rng: random.Random) -> tuple[int, int]:
    return rng.choice(game.best_moves())


def match(
    make: Callable[[], TicTacToe], opening: int, agent: Agent, games: int, seed: int
) -> list[int]:
    """[agent's wins, draws, agent's losses] over ``games`` games against the perfect player."""
    rng = random.Random(seed)
    tally = [0, 0, 0]
    for g in range(games):
        game = make()
        while True:  # an opening of random moves that leaves the game in play
            game.reset()
            for _ in range(opening):
                play(game, rng.choice(legal(game)), 1 + game.move_count % 2)
                if game.is_over:
                    break
            if not game.is_over:
                break
        agent_player = 1 + (g + game.move_count) % 2
        while not game.is_over:
            mover = 1 + game.move_count % 2
            chooser = agent if mover == agent_player else perfect_agent
            play(game, chooser(game, mover, rng), mover)
        tally[0 if game.winner == agent_player else 1 if game.winner == 0 else 2] += 1
    return tally


def main() -> None:
    boards: list[tuple[str, Callable[[], TicTacToe], int, int]] = [
        ("4 x 4, four in a row", lambda: TicTacToe(4), 0, 20),
        ("Connect Four", TicTacToe.connect_four, 10, 4),
    ]
    for name, make, opening, games in boards:
        for agent_name, agent in (("random", random_agent), ("greedy", greedy_agent)):
            won, drawn, lost = match(make, opening, agent, games, seed=7)
            score = f"{won} won, {drawn} drawn, {lost} lost"
            print(f"{name}: {agent_name} agent against perfect play: {score}")


if __name__ == "__main__":
    main()
