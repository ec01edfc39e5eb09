"""A Hypothesis state machine drives both modes with legal and illegal calls against the model."""

from __future__ import annotations

import pickle

from helpers import assert_agrees, snapshot
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from model import Model
from tictactoe import IllegalMoveError, TicTacToe

coordinate = st.one_of(st.integers(-1, 8), st.sampled_from([-(2**70), 2**63, 2**70]))
player = st.one_of(st.sampled_from([1, 2, 1, 2, 1, 2]), st.integers(-2, 4), st.just(2**65))


class Games(RuleBasedStateMachine):
    game: TicTacToe
    model: Model

    @initialize(n=st.integers(1, 7), lean=st.booleans())
    def start(self, n: int, lean: bool) -> None:
        self.game = TicTacToe(n, lean=lean)
        self.model = Model(n, lean)

    def expect(self, row: int, col: int, p: int) -> str | None:
        return self.model.check(row, col, p)

    @rule(row=coordinate, col=coordinate, p=player)
    def move(self, row: int, col: int, p: int) -> None:
        why = self.expect(row, col, p)
        if self.model.lean and why and why.endswith("already taken"):
            return  # a lean caller promises never to do this
        if why is None:
            assert self.game.move(row, col, p) == self.model.move(row, col, p)
        else:
            before = snapshot(self.game)
            try:
                self.game.move(row, col, p)
            except IllegalMoveError as err:
                assert str(err).startswith(why)
            else:
                raise AssertionError(f"move({row}, {col}, {p}) was accepted: {why}")
            assert snapshot(self.game) == before

    @rule(data=st.data())
    def due_player_moves(self, data: st.DataObject) -> None:
        free = [
            (r, c)
            for r in range(self.model.n)
            for c in range(self.model.n)
            if not self.model.board[r][c]
        ]
        if self.model.is_over or not free:
            return
        row, col = data.draw(st.sampled_from(free))
        p = 3 - self.model.last if self.model.last else data.draw(st.sampled_from([1, 2]))
        assert self.game.move(row, col, p) == self.model.move(row, col, p)

    @rule(
        moves=st.lists(
            st.tuples(st.integers(0, 6), st.integers(0, 6), st.sampled_from([1, 2])), max_size=5
        )
    )
    def play(self, moves: list[tuple[int, int, int]]) -> None:
        trial = Model(self.model.n, self.model.lean)
        trial.board = [list(r) for r in self.model.board]
        trial.moves = list(self.model.moves)
        failed = None
        for index, (r, c, p) in enumerate(moves):
            why = trial.check(r, c, p)
            if why is not None:
                failed = (index, why)
                break
            trial.move(r, c, p)
        if self.model.lean and failed and failed[1].endswith("already taken"):
            return
        before = snapshot(self.game)
        try:
            winner = self.game.play(moves)
        except IllegalMoveError as err:
            assert failed is not None and err.index == failed[0] and str(err).startswith(failed[1])
            assert snapshot(self.game) == before
        else:
            assert failed is None and winner == trial.winner
            self.model = trial

    @precondition(lambda self: not self.model.lean)
    @rule()
    def undo(self) -> None:
        if self.model.moves:
            assert self.game.undo() == self.model.undo()
        else:
            try:
                self.game.undo()
            except IndexError:
                pass
            else:
                raise AssertionError("undo of an empty game was accepted")

    @rule()
    def pickle_round_trip(self) -> None:
        back = pickle.loads(pickle.dumps(self.game))
        assert back == self.game
        self.game = back

    @invariant()
    def agrees(self) -> None:
        if hasattr(self, "game"):
            assert_agrees(self.game, self.model)


Games.TestCase.settings = settings(max_examples=300, stateful_step_count=60, deadline=None)
TestGames = Games.TestCase
