"""Comparing a game with the model, and snapshots that show a refused call changed nothing."""

from __future__ import annotations

from model import Model
from tictactoe import TicTacToe


def snapshot(game: TicTacToe) -> tuple[object, ...]:
    return (
        game.to_bytes(),
        str(game),
        game.winner,
        game.is_over,
        game.is_draw,
        game.move_count,
        game.can_win(1),
        game.can_win(2),
    )


def assert_agrees(game: TicTacToe, model: Model) -> None:
    assert game.n == model.n
    assert game.winner == model.winner
    assert game.is_over == model.is_over
    assert game.is_draw == model.is_draw
    assert game.move_count == len(model.moves)
    assert game.can_win(1) == model.can_win(1)
    assert game.can_win(2) == model.can_win(2)
    if not model.lean:
        assert str(game) == model.render()
        for r in range(model.n):
            for c in range(model.n):
                assert game.cell(r, c) == model.board[r][c]
