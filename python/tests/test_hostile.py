"""The Python boundary met by a hostile caller. Each case that could crash runs in a child
interpreter, so that a crash is a failed test rather than a dead run."""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tictactoe import IllegalMoveError, TicTacToe

HERE = Path(__file__).parent


def run_child(code: str, memory_mb: int | None = None) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` in a fresh interpreter (under an address-space limit, if given)."""

    def limit() -> None:
        if memory_mb is not None:
            size = memory_mb * 2**20
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=limit,
        cwd=HERE,
    )


def assert_child_prints(code: str, expected: str, memory_mb: int | None = None) -> None:
    child = run_child(code, memory_mb)
    assert child.returncode == 0, f"the child died ({child.returncode}):\n{child.stderr}"
    assert child.stdout.strip().splitlines()[-1] == expected, child.stdout + child.stderr


def test_hostile_objects_at_every_method() -> None:
    child = subprocess.run(
        [sys.executable, str(HERE / "hostile_child.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert child.returncode == 0, f"exit {child.returncode}:\n{child.stdout}\n{child.stderr}"


FAKE_ARRAY = """
    import array
    from tictactoe import TicTacToe

    class Fake:
        def __init__(self, address, rows):
            self.__array_interface__ = {"version": 3, "typestr": "<i8", "shape": (rows, 3),
                                        "data": (address, False), "strides": None}

    real = array.array("q", [0, 0, 1])
    address, _ = real.buffer_info()
    for fake in (Fake(0x10, 5), Fake(2**47, 1), Fake(address, 10_000_000)):
        game = TicTacToe(3)
        try:
            game.play(fake)
        except TypeError:
            pass
        assert game.move_count == 0
    print("refused")
"""


def test_an_array_interface_is_never_trusted() -> None:
    # A wild address once crashed the interpreter; a real 24-byte buffer claiming ten million rows
    # was read past its end.
    assert_child_prints(FAKE_ARRAY, "refused")


VEC_FAKES = """
    import array
    import itertools
    import numpy as np
    from tictactoe import VecGames

    class Fake:
        def __init__(self, address, shape):
            self.__array_interface__ = {"version": 3, "typestr": "<i8", "shape": shape,
                                        "data": (address, False), "strides": None}

    class Raising:
        def __iter__(self):
            yield 0
            raise RuntimeError("midway")

    real = array.array("q", [0, 0, 1])
    address, _ = real.buffer_info()
    fakes = [Fake(0x10, (3,)), Fake(2**47, (3,)), Fake(address, (10_000_000,))]
    games = VecGames(3, seed=0)
    before = games.action_mask.copy()
    said = set()
    for bad in [*fakes, [Fake(0x10, ()), 0, 1], itertools.count(), Raising()]:
        for call in (
            lambda: games.step(bad),
            lambda: games.reset(options={"reset_mask": bad}),
        ):
            try:
                call()
            except (TypeError, ValueError, RuntimeError) as err:
                said.add(type(err).__name__)
            else:
                raise SystemExit(f"accepted {bad!r}")
            assert np.array_equal(games.action_mask, before)
    print(*sorted(said))
"""


def test_vec_games_never_trust_an_array_interface_or_an_endless_iterator() -> None:
    # Actions and reset masks are read from NumPy arrays, buffers and iterables only; a wild
    # address once crashed the interpreter here, and an endless iterator is read no further than
    # one item past the games.
    assert_child_prints(VEC_FAKES, "RuntimeError TypeError ValueError")


ENDLESS = """
    import itertools
    from tictactoe import IllegalMoveError, TicTacToe

    game = TicTacToe(3)
    try:
        game.play(itertools.repeat((0, 0, 1)))
    except IllegalMoveError as err:
        print(err.index, err)
    lean = TicTacToe(100_000, lean=True)
    try:
        lean.play(itertools.cycle([(0, 0, 1), (0, 0, 2)]))
    except MemoryError:
        print("MemoryError", lean.move_count)
"""


def test_endless_iterables_end_in_an_error_not_an_abort() -> None:
    # A 3x3 batch cannot be legal past its 10th move, so reading stops there; a huge lean board's
    # bound is beyond memory, so reading ends in MemoryError (it once aborted the process).
    child = run_child(ENDLESS, memory_mb=1024)
    assert child.returncode == 0, f"the child died ({child.returncode}):\n{child.stderr}"
    assert child.stdout.splitlines() == [
        "1 it is O's turn, not X's",
        "MemoryError 0",
    ]


class Huge:
    def __index__(self) -> int:
        return 2**80


def test_an_index_returning_a_huge_int_is_the_same_error_as_that_int() -> None:
    game = TicTacToe(3)
    with pytest.raises(IllegalMoveError) as by_index:
        game.move(Huge(), 0, 1)
    with pytest.raises(IllegalMoveError) as by_int:
        game.move(2**80, 0, 1)
    assert str(by_index.value) == str(by_int.value)
    assert str(2**80) in str(by_int.value)
    with pytest.raises(IllegalMoveError, match=str(2**80)):
        game.move(0, 0, Huge())
    with pytest.raises(ValueError, match=str(2**80)):
        TicTacToe(Huge())


def test_numbers_beyond_64_bits_are_quoted_as_written_inside_a_batch() -> None:
    game = TicTacToe(3)
    with pytest.raises(IllegalMoveError) as err:
        game.play([(0, 0, 1), (2**70, -(2**90), 2)])
    assert err.value.index == 1
    assert f"cell ({2**70}, {-(2**90)}) is outside the 3x3 board" in str(err.value)
    with pytest.raises(IllegalMoveError, match=f"player {2**65} is invalid"):
        game.play([(0, 0, 2**65)])
    assert game.move_count == 0


def test_the_same_refusal_maps_to_the_same_exception_in_every_method() -> None:
    game = TicTacToe(3)
    for call in (lambda: game.move(9, 0, 1), lambda: game.play([(9, 0, 1)])):
        with pytest.raises(IllegalMoveError, match=r"cell \(9, 0\) is outside"):
            call()
    with pytest.raises(IndexError, match=r"cell \(9, 0\) is outside"):
        game.cell(9, 0)
    with pytest.raises(ValueError, match="player 3 is invalid") as err:
        game.can_win(3)
    assert not isinstance(err.value, IllegalMoveError)


MEMORY = """
    from tictactoe import TicTacToe

    try:
        TicTacToe(60_000)
    except MemoryError:
        print("MemoryError")
"""


def test_a_board_beyond_the_memory_limit_is_a_memory_error_in_the_child() -> None:
    assert_child_prints(MEMORY, "MemoryError", memory_mb=400)


@pytest.mark.parametrize(
    ("call", "number"),
    [
        (lambda g, x: g.move(x, 0, 1), 5),
        (lambda g, x: g.move(0, x, 1), -5),
        (lambda g, x: g.move(0, 0, x), 7),
        (lambda g, x: g.play([(x, 0, 1)]), 5),
        (lambda g, x: g.cell(x, 1), 5),
        (lambda g, x: g.can_win(x), 7),
        (lambda g, x: TicTacToe(x), -5),
    ],
)
def test_huge_numbers_are_quoted_in_the_engines_own_words(call: object, number: int) -> None:
    # The engine words every message; only one quoting a number beyond 64 bits is written by the
    # extension. It must read exactly as the engine's would, with the caller's number in place.
    huge = number * 10**40
    game = TicTacToe(3)
    with pytest.raises((ValueError, IndexError)) as small:
        call(game, number)  # type: ignore[operator]
    with pytest.raises((ValueError, IndexError)) as big:
        call(game, huge)  # type: ignore[operator]
    assert type(small.value) is type(big.value)
    assert str(big.value).replace(str(huge), str(number)) == str(small.value)


def test_python_threads_racing_on_one_split_vec_games_leave_it_consistent() -> None:
    """Python threads step, sample, read and replace games of one VecGames whose parts run on
    threads of their own, all at once; in a child, so that a crash is a failure. Afterwards every
    game's mask is exactly its empty cells, read back through ``game(i)``."""
    assert_child_prints(
        """
        import threading
        import numpy as np
        from tictactoe import TicTacToe, VecGames

        games = VecGames(40_000, seed=5, threads=2, illegal="loss")
        errors = []

        def stepper():
            try:
                for _ in range(30):
                    games.step(games.sample())
            except Exception as err:
                errors.append(err)

        def meddler():
            replacement = TicTacToe(3)
            replacement.move(1, 1, 1)
            for k in range(200):
                try:
                    games.set_game((k * 7919) % 40_000, replacement)
                    games.game((k * 104729) % 40_000)
                except ValueError:
                    pass  # a game lost by an illegal action has no TicTacToe form
                except Exception as err:
                    errors.append(err)

        threads = [threading.Thread(target=f) for f in (stepper, stepper, meddler)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        _, info = games.reset(options={"reset_mask": np.zeros(40_000, dtype=bool)})
        mask = info["action_mask"]
        for i in range(0, 40_000, 397):
            try:
                game = games.game(i)
            except ValueError:
                continue
            if game.is_over:
                assert mask[i].all()
            else:
                empty = [game.cell(r, c) == 0 for r in range(3) for c in range(3)]
                assert mask[i].tolist() == empty, i
        print("consistent")
        """,
        "consistent",
    )


def test_buffers_of_every_integer_format_are_read_exactly_in_the_child() -> None:
    child = subprocess.run(
        [sys.executable, str(HERE / "buffer_child.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert child.returncode == 0, f"exit {child.returncode}:\n{child.stdout}\n{child.stderr}"
    assert child.stdout.strip().splitlines()[-1] == "buffers read exactly"


BYTE_ORDER = """
    import numpy as np
    from tictactoe import IllegalMoveError, TicTacToe

    game = TicTacToe(3)
    # X at (0, 0) written big-endian: once read as player 72057594037927936, and the reverse
    # accepted as X.
    assert game.play(np.array([[0, 0, 1]], dtype=">i8")) == 0 and game.cell(0, 0) == 1
    game.reset()
    try:
        game.play(np.array([[0, 0, 2**56]], dtype=">i8"))
        raise SystemExit("a big-endian 2**56 was read as a player")
    except IllegalMoveError as err:
        assert str(err) == "player 72057594037927936 is invalid: it must be 1 (X) or 2 (O)", err
    assert game.move_count == 0
    assert game.play(memoryview(np.array([[1, 1, 2]], dtype=">i8"))) == 0 and game.cell(1, 1) == 2
    assert game.play(memoryview(np.array([[2, 2, 1]], dtype=np.int32))) == 0
    assert game.cell(2, 2) == 1
    print("read as written")
"""


def test_buffers_are_read_in_their_own_byte_order() -> None:
    assert_child_prints(BYTE_ORDER, "read as written")


@pytest.mark.parametrize("dtype", ["u1", "u2", "u4", "u8", "i1", ">u2", ">i4", "<u4"])
def test_vec_games_take_actions_of_every_integer_dtype(dtype: str) -> None:
    import numpy as np
    from tictactoe import VecGames

    games, twin = VecGames(3, 2, seed=0), VecGames(3, 2, seed=0)
    got = games.step(np.array([0, 1, 2], dtype=dtype))
    want = twin.step([0, 1, 2])
    for a, b in zip(got[:4], want[:4], strict=True):
        assert np.array_equal(a, b)


def test_gymnasium_steps_unsigned_actions() -> None:
    pytest.importorskip("gymnasium")
    import numpy as np
    from tictactoe.gymnasium import VecEnv

    envs = VecEnv(3, 2, seed=0)
    envs.reset()
    obs, reward, *_ = envs.step(np.array([0, 1, 2], dtype=np.uint8))
    assert obs.shape == (3, 2, 2, 2) and reward.tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("num_envs", "error", "message"),
    [
        (0, ValueError, "num_envs must be at least 1, not 0"),
        (-5, ValueError, "num_envs must be at least 1, not -5"),
        (10**12, MemoryError, "not enough memory for 1000000000000 games of 3x3"),
        (2**64, MemoryError, "not enough memory for 18446744073709551616 games of 3x3"),
        (1.5, TypeError, "num_envs must be an int, not float"),
    ],
)
def test_vec_games_sizes_are_named_in_their_errors(
    num_envs: object, error: type[Exception], message: str
) -> None:
    from tictactoe import VecGames

    with pytest.raises(error) as raised:
        VecGames(num_envs)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_vec_games_messages_name_the_game_and_quote_the_action_as_passed() -> None:
    import numpy as np
    from tictactoe import VecGames

    games = VecGames(3, 2, seed=0)
    for actions, quoted in (
        ([0, 0, 2**64], "18446744073709551616"),
        ([0, 0, -(2**70)], str(-(2**70))),
        (np.array([0, 0, 2**64 - 1], dtype=np.uint64), "18446744073709551615"),
        (np.array([0, 0, 9], dtype=">i8"), "9"),
    ):
        with pytest.raises(IllegalMoveError) as raised:
            games.step(actions)
        assert raised.value.index == 2
        assert str(raised.value) == (
            f"game 2: action {quoted} is outside the board: it must be between 0 and 3"
        )
    assert games.current_player.tolist() == [1, 1, 1]


def test_vec_games_arguments_of_the_wrong_kind_are_type_errors() -> None:
    from tictactoe import VecGames

    games = VecGames(2, seed=0)
    with pytest.raises(TypeError, match="options must be a dict"):
        games.reset(options=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bool"):
        games.game(True)
    with pytest.raises(IndexError, match="there is no game 2: there are 2"):
        games.game(2)


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("7", TypeError), (True, TypeError)],
)
def test_one_seed_policy_for_vec_games_and_the_vector_env(seed: object, error: type) -> None:
    from tictactoe import VecGames

    with pytest.raises(error, match="seed"):
        VecGames(2, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(error, match="seed"):
        VecGames(2).reset(seed=seed)  # type: ignore[arg-type]
    pytest.importorskip("gymnasium")
    from tictactoe.gymnasium import VecEnv

    envs = VecEnv(2, seed=0)
    with pytest.raises(error, match="seed"):
        envs.reset(seed=seed)  # type: ignore[arg-type]


def test_the_vector_env_takes_numpy_seeds() -> None:
    pytest.importorskip("gymnasium")
    import numpy as np
    from tictactoe.gymnasium import VecEnv

    first, second = VecEnv(2), VecEnv(2)
    first.reset(seed=np.int64(3))
    second.reset(seed=3)
    assert first.sample().tolist() == second.sample().tolist()


def test_the_pettingzoo_env_quotes_the_action_it_was_given() -> None:
    pytest.importorskip("pettingzoo")
    from tictactoe.pettingzoo import raw_env

    env = raw_env()
    env.reset()
    for action in (-1, 9, 2**70):
        with pytest.raises(IllegalMoveError) as raised:
            env.step(action)
        assert str(raised.value) == (
            f"action {action} is outside the board: it must be between 0 and 8"
        )
    assert env.observe("player_1")["action_mask"].tolist() == [1] * 9


def test_a_header_is_read_before_anything_is_allocated() -> None:
    from tictactoe import Header, read_header

    lean = TicTacToe(123_456, lean=True).to_bytes()
    assert read_header(lean) == Header(123_456, 123_456, 123_456, False, True)
    # 18 bytes that name the largest checked board: read without building it.
    huge = b"TTT\x02" + (65_535).to_bytes(4, "little") + b"\x00\x00" + bytes(8)
    assert read_header(huge) == Header(65_535, 65_535, 65_535, False, False)
    for bad in (b"", b"TTT", b"XYZ\x02" + bytes(6), b"TTT\x09" + bytes(6)):
        with pytest.raises(ValueError):
            read_header(bad)
    assert "read_header" in (TicTacToe.from_bytes.__doc__ or "")
