"""Random self-play on 4,096 boards at once with ``VecGames``: one call steps every game.

Counts how the games end over 100 steps, with auto-reset starting each finished game again.
"""

from tictactoe import VecGames


def main() -> None:
    games = VecGames(4096, 3, seed=0)
    games.reset()
    wins = [0, 0, 0]  # draws, X, O
    for _ in range(100):
        actions = games.sample()  # any policy goes here: obs and info["action_mask"] are its input
        _obs, _rewards, terminated, _truncated, info = games.step(actions)
        for winner in info["winner"][terminated]:
            wins[int(winner)] += 1
    print(f"finished games: {sum(wins)}, X won {wins[1]}, O won {wins[2]}, draws {wins[0]}")
    print(f"random playouts from empty boards, X's wins: {int((games.playout() == 1).sum())}")


if __name__ == "__main__":
    main()
