"""Refusals found from outside: a board's text too large for memory, numbers quoted as the caller
wrote them, budgets read exactly, and actions that only look like a sequence of ints. Cases that
could crash run in a child interpreter under an address-space limit set once the game is made."""

from __future__ import annotations

import numpy as np
import pytest
from test_hostile import assert_child_prints
from tictactoe import Agent, Solver, TicTacToe, VecGames

# The child's address space is capped at what it uses once the game is made plus HEADROOM_MB.
LIMITED = """
import re, resource
from tictactoe import TicTacToe

def limit(headroom_mb):
    status = open("/proc/self/status").read()
    size = int(re.search(r"VmSize:\\s+(\\d+)", status).group(1)) * 1024 + headroom_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (size, size))

game = {make}
game.move(0, 0, 1)
before = game.to_bytes()
limit({headroom_mb})
try:
    str(game)
    print("drawn")
except MemoryError:
    # Nothing lost: the same game, and it plays on.
    assert game.to_bytes() == before
    game.move(1, 1, 2)
    print("MemoryError", game.move_count)
"""


def test_a_text_the_engine_cannot_reserve_is_a_memory_error() -> None:
    # 1.8 GB of text with 1 GiB to spare: the engine's reservation fails (it aborted before).
    code = LIMITED.format(make="TicTacToe(rows=30000, cols=30000, k=5)", headroom_mb=1024)
    assert_child_prints(code, "MemoryError 2")


def test_a_text_the_interpreter_cannot_copy_is_a_memory_error() -> None:
    # 72 MB of text with 100 MiB to spare: the engine draws it and the interpreter's copy fails
    # (a PanicException escaped before).
    code = LIMITED.format(make="TicTacToe(6000)", headroom_mb=100)
    assert_child_prints(code, "MemoryError 2")


def test_a_text_within_memory_is_drawn_in_the_child() -> None:
    code = LIMITED.format(make="TicTacToe(2000)", headroom_mb=200)
    assert_child_prints(code, "drawn")


@pytest.mark.parametrize("bits", [2**70, -(2**70), 2**63, 31, -1])
def test_a_table_size_is_quoted_as_passed(bits: int) -> None:
    with pytest.raises(ValueError) as refused:
        Solver(bits)
    assert str(refused.value) == f"table_bits must be between 0 and 30, not {bits}"


@pytest.mark.parametrize("nodes", [-1, -(2**70)])
def test_a_negative_budget_is_refused_with_its_number(nodes: int) -> None:
    for least, call in [
        (1, lambda: Agent(max_nodes=nodes)),
        (0, lambda: TicTacToe(3).solve(max_nodes=nodes)),
        (0, lambda: Solver(4).move_values(TicTacToe(3), max_nodes=nodes)),
    ]:
        with pytest.raises(ValueError) as refused:
            call()
        said = f"max_nodes must be None (no budget) or an int of at least {least}, not {nodes}"
        assert str(refused.value) == said


@pytest.mark.parametrize(
    "call",
    [
        lambda: Agent(10**400),
        lambda: Agent(max_nodes=-(10**400)),
        lambda: Solver(10**400),
        lambda: Agent(seed=10**400),
        lambda: TicTacToe(10**400),
    ],
)
def test_a_huge_number_is_quoted_by_its_first_digits_and_length(call: object) -> None:
    with pytest.raises(ValueError) as refused:
        call()  # type: ignore[operator]
    said = str(refused.value)
    assert len(said) < 120 and "(401 digits)" in said and "1000" in said


@pytest.mark.parametrize("nodes", [1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**70])
def test_a_budget_reads_back_as_given(nodes: int) -> None:
    # Beyond 2**64 - 1 a budget is as good as none; it reads back as written all the same.
    agent = Agent(max_nodes=nodes)
    assert agent.max_nodes == nodes
    assert repr(agent).endswith(f"max_nodes={nodes})")
    assert TicTacToe(3).solve(max_nodes=nodes if nodes > 10**6 else None) == (0, 9)


def test_an_agent_refuses_a_zero_budget() -> None:
    # C's 0 is "no budget", a zero budget never searches: neither is meant, so it is refused.
    with pytest.raises(ValueError, match="at least 1"):
        Agent(max_nodes=0)


@pytest.mark.parametrize(
    ("skill", "shown"),
    [(-1e-300, "-1e-300"), (1e300, "1e300"), (1.5, "1.5"), (-2, "-2"), (float("nan"), "NaN")],
)
def test_a_refused_skill_is_quoted_short(skill: float, shown: str) -> None:
    with pytest.raises(ValueError) as refused:
        Agent(skill)
    assert str(refused.value) == f"skill must be between 0 and 1, not {shown}"


@pytest.mark.parametrize(
    "actions",
    [
        {0: 1, 1: 2},
        {4, 5},
        b"\x04\x05",
        bytearray(b"\x04\x05"),
        "45",
        np.ma.masked_array([4, 5], mask=[False, True]),
        np.ma.masked_array(np.array([4, 5], dtype=np.int64)),
        np.ma.masked_array(np.array([4, 5], dtype=np.int32), mask=[True, True]),
    ],
    ids=["dict", "set", "bytes", "bytearray", "str", "masked", "masked-int64", "masked-int32"],
)
def test_actions_that_only_look_like_ints_are_refused(actions: object) -> None:
    games = VecGames(2, seed=0)
    games.step([0, 1])
    before = [games.game(i).to_bytes() for i in range(2)]
    with pytest.raises(TypeError, match="actions"):
        games.step(actions)  # type: ignore[arg-type]
    assert [games.game(i).to_bytes() for i in range(2)] == before
    # The same values as a plain array step.
    games.step(np.array([4, 5]))
    assert games.game(0).cell(1, 1) == 2


def test_a_masked_reset_mask_is_refused() -> None:
    games = VecGames(2, seed=0)
    with pytest.raises(TypeError, match="masked"):
        games.reset(options={"reset_mask": np.ma.masked_array([True, False], mask=[1, 0])})


def test_a_board_too_large_to_search_is_a_memory_error() -> None:
    # 400 million cells: the search's tables are refused before they are made (the agent filled
    # the machine's memory and the child was killed before), the game unchanged.
    code = """
from tictactoe import Agent, Solver, TicTacToe
game = TicTacToe(rows=20000, cols=20000, k=5)
game.move(0, 0, 1)
calls = (lambda: Agent(max_nodes=1000).choose(game), lambda: Solver().solve(game, max_nodes=10))
refused = 0
for call in calls:
    try:
        call()
    except MemoryError:
        refused += 1
print(refused, game.move_count)
"""
    assert_child_prints(code, "2 1")
