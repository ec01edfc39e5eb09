"""pbrain-tictactoe driven through pygomo-lib, as a Gomocup client drives a brain: sizes it takes
and refuses, wins and blocks at once (five or more, and exactly five), bad and illegal commands
answered with ERROR and the game unchanged, TAKEBACK, RESTART, END, and whole games to their end
against a random player from both sides. The brain's path is in PBRAIN."""

from __future__ import annotations

import os
import random
import subprocess
from collections.abc import Iterator

import pytest
from pygomo import BoardPosition, EngineClient, Move

BRAIN = os.environ.get("PBRAIN", "target/release/pbrain-tictactoe")


@pytest.fixture
def brain() -> Iterator[EngineClient]:
    engine = EngineClient(BRAIN)
    engine.connect()
    yield engine
    engine.disconnect()


def reply(engine: EngineClient, line: str, channel: str) -> str:
    """Sends a raw line; the brain's next line on `channel` ("error", "output", "coord")."""
    engine.send_raw(line)
    got = engine.receive_raw(channel, timeout=10.0)
    assert got, f"no answer on {channel} to {line!r}"
    return got


def position(stones: list[tuple[int, int, int]]) -> BoardPosition:
    board = BoardPosition()
    for x, y, who in stones:
        board.add_move(Move((x, y)), who)
    return board


def move_of(result: object) -> tuple[int, int]:
    assert result is not None
    move = result.move  # type: ignore[attr-defined]
    return move.col, move.row


def test_about_start_sizes_and_unknown_commands(brain: EngineClient) -> None:
    assert 'name="pbrain-tictactoe"' in (brain.about() or "")
    assert reply(brain, "TURN 7,7", "error").startswith("ERROR")  # no game yet
    assert reply(brain, "START 4", "error").startswith("ERROR")  # no room for five
    assert reply(brain, "START 101", "error").startswith("ERROR")  # larger than it plays
    assert reply(brain, "START x", "error").startswith("ERROR")
    assert brain.start(15)
    assert reply(brain, "RECTSTART 20,10", "output") == "OK"
    assert reply(brain, "YXSHOWINFO", "output").startswith("UNKNOWN")
    x, y = move_of(brain.begin())
    assert 0 <= x < 20 and 0 <= y < 10


@pytest.mark.parametrize("rule", [0, 1])
def test_a_win_at_once_is_taken_and_a_win_of_the_opponent_blocked(
    brain: EngineClient, rule: int
) -> None:
    brain.set_rule(rule)
    assert brain.start(15)
    # Its own open four on row 7: it completes five.
    mine = [(5, 7, 1), (6, 7, 1), (7, 7, 1), (8, 7, 1)]
    theirs = [(0, 0, 2), (0, 2, 2), (0, 4, 2), (0, 6, 2)]
    assert move_of(brain.board(position(mine + theirs))) in [(4, 7), (9, 7)]
    # The opponent's four closed at one end: the one cell that stops five.
    theirs = [(4, 3, 1), (5, 3, 2), (6, 3, 2), (7, 3, 2), (8, 3, 2)]
    mine = [(0, 0, 1), (14, 14, 1), (0, 14, 1)]
    assert move_of(brain.board(position(mine + theirs))) == (9, 3)


def test_under_exactly_five_an_overline_is_no_win_and_needs_no_block(brain: EngineClient) -> None:
    # X X X X _ X on row 7: the gap makes six. Free-style takes either end of it, exactly five
    # only the left end.
    row = [(3, 7, 1), (4, 7, 1), (5, 7, 1), (6, 7, 1), (8, 7, 1)]
    others = [(0, 0, 2), (0, 2, 2), (0, 4, 2), (0, 6, 2), (0, 8, 2)]
    brain.set_rule(1)
    assert brain.start(15)
    assert move_of(brain.board(position(row + others))) == (2, 7)
    brain.set_rule(0)
    assert brain.start(15)
    assert move_of(brain.board(position(row + others))) in [(2, 7), (7, 7)]
    assert reply(brain, "INFO rule 4", "error").startswith("ERROR")  # renju


def test_bad_and_illegal_moves_change_nothing(brain: EngineClient) -> None:
    assert brain.start(15)
    mine = move_of(brain.turn((7, 7)))
    for bad in [
        "TURN 7,7",
        f"TURN {mine[0]},{mine[1]}",
        "TURN 15,0",
        "TURN -1,0",
        "TURN 1",
        "TURN 99999999999999999999999,1",
        "TAKEBACK 0,0",
        "BEGIN",
        "DONE",
    ]:
        assert reply(brain, bad, "error").startswith("ERROR"), bad
    # The game is as it was: the opponent's next move is answered on an empty cell.
    answer = move_of(brain.turn((0, 0)))
    assert answer not in [(7, 7), mine, (0, 0)]
    # A BOARD listing with a line refused leaves the game as it was too.
    brain.send_raw("BOARD")
    assert reply(brain, "1,1,3", "error").startswith("ERROR")  # a wall
    assert reply(brain, "DONE", "error").startswith("ERROR")
    assert move_of(brain.turn((1, 1))) not in [(7, 7), mine, (0, 0), answer, (1, 1)]


def test_takeback_restart_and_end(brain: EngineClient) -> None:
    assert brain.start(15)
    first = move_of(brain.begin())
    second = move_of(brain.turn((0, 0)))
    assert brain.takeback(Move(second))
    assert brain.takeback(Move((0, 0)))
    # The cell taken back is free again, and the brain's first stone is still there.
    assert move_of(brain.turn((0, 0))) != first
    assert reply(brain, f"TURN {first[0]},{first[1]}", "error").startswith("ERROR")
    assert brain.restart()
    assert move_of(brain.begin()) is not None
    brain.quit()


def test_garbage_and_end_from_a_raw_pipe() -> None:
    lines = b"\xff\xfe garbage\nSTART 15\nBOARD\n7,7,1\nnot a stone\nDONE\nABOUT\nEND\nABOUT\n"
    out = subprocess.run([BRAIN], input=lines, capture_output=True, timeout=60, check=True)
    answers = out.stdout.decode().splitlines()
    assert answers[0].startswith("UNKNOWN") and answers[1] == "OK"
    assert answers[2].startswith("ERROR") and answers[3].startswith("ERROR")
    assert answers[4].startswith("name=") and len(answers) == 5  # nothing after END


def test_replies_quote_input_short_and_numbers_as_written() -> None:
    huge = "9" * 32
    long_word = "Z" * 10_000_000
    lines = f"START 15\nTURN {huge},1\n{long_word}\nTURN \x1b[2J\nEND\n".encode()
    out = subprocess.run([BRAIN], input=lines, capture_output=True, timeout=60, check=True)
    answers = out.stdout.decode().splitlines()
    assert answers[0] == "OK"
    assert answers[1] == f'ERROR "{huge},1" is off the board'
    assert answers[2].startswith("UNKNOWN") and "(10000000 characters)" in answers[2]
    assert len(answers[2]) < 100
    assert answers[3].startswith("ERROR") and "\x1b" not in answers[3] and "\\u{1b}" in answers[3]
    assert len(answers) == 4


def peak_kib(lines: bytes) -> tuple[list[str], int]:
    """The brain's answers to `lines`, and its peak resident memory in KiB (VmHWM), read just
    before it is told to end."""
    engine = subprocess.Popen(
        [BRAIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write(lines)
    engine.stdin.flush()
    answers = [engine.stdout.readline().decode().strip() for _ in lines.splitlines()[1:]]
    with open(f"/proc/{engine.pid}/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    engine.communicate(b"END\n", timeout=60)
    return answers, peak


@pytest.mark.parametrize("limit", [6 << 20, 16 << 20])
def test_the_memory_it_is_given_is_kept_to_and_too_little_is_refused(limit: int) -> None:
    refused = subprocess.run(
        [BRAIN], input=b"INFO max_memory 49152\nEND\n", capture_output=True, check=True
    )
    assert refused.stdout.decode().startswith("ERROR max_memory 49152: this brain needs at least")
    turns = b"".join(f"TURN {x},{y}\n".encode() for x, y in [(7, 7), (8, 8), (6, 9), (9, 6)])
    answers, peak = peak_kib(b"INFO max_memory %d\nSTART 15\n" % limit + turns)
    assert answers[0] == "OK" and all("," in a for a in answers[1:]), answers
    assert peak * 1024 <= limit, f"{peak} KiB held under max_memory {limit}"


def five(board: dict[tuple[int, int], int], x: int, y: int, who: int) -> bool:
    """Whether `who` at (x, y) makes five or more in a row: a model of the rule, for the referee."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            i = 1
            while board.get((x + sign * i * dx, y + sign * i * dy)) == who:
                run, i = run + 1, i + 1
        if run >= 5:
            return True
    return False


@pytest.mark.parametrize("brain_first", [True, False])
def test_whole_games_against_a_random_player_are_won(
    brain: EngineClient, brain_first: bool
) -> None:
    rng = random.Random(7 if brain_first else 8)
    brain.set_time(turn_time_ms=100)
    for _ in range(2):
        assert brain.start(15)
        board: dict[tuple[int, int], int] = {}
        answer = brain.begin() if brain_first else None
        winner = 0
        while not winner and len(board) < 225:
            if answer is not None:
                x, y = move_of(answer)
                assert (x, y) not in board and 0 <= x < 15 and 0 <= y < 15
                board[(x, y)] = 1
                if five(board, x, y, 1):
                    winner = 1
                    break
            free = [(x, y) for x in range(15) for y in range(15) if (x, y) not in board]
            x, y = rng.choice(free)
            board[(x, y)] = 2
            if five(board, x, y, 2):
                winner = 2
                break
            answer = brain.turn((x, y))
        assert winner == 1
