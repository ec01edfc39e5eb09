// The game from JavaScript: the classic example, the family against the scanning model, and every
// refusal, each leaving the game as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Solver, TicTacToe } from "./engine.mjs";
import { Model, random } from "./model.mjs";
import { refused } from "./refused.mjs";

test("the classic game: X takes the bottom row on the seventh move", () => {
  const game = new TicTacToe(3);
  const moves = [[0, 0, 1], [0, 2, 2], [2, 2, 1], [1, 1, 2], [2, 0, 1], [1, 0, 2]];
  for (const [r, c, p] of moves) assert.equal(game.move(r, c, p), 0);
  assert.equal(game.move(2, 1, 1), 1);
  assert.equal(game.winner, 1);
  assert.ok(game.isOver);
  assert.ok(!game.isDraw);
  assert.equal(game.moveCount, 7);
  assert.equal(game.toString(), "|X| |O|\n|O|O| |\n|X|X|X|");
  assert.deepEqual([game.rows, game.cols, game.k, game.gravity], [3, 3, 3, false]);
  refused(() => game.move(1, 2, 2), "IllegalMoveError");
  assert.deepEqual(game.undo(), [2, 1, 1]);
  assert.equal(game.winner, 0);
  game.reset();
  assert.equal(game.moveCount, 0);
  game.free();
});

test("the named games", () => {
  const c4 = TicTacToe.connectFour();
  assert.deepEqual([c4.rows, c4.cols, c4.k, c4.gravity], [6, 7, 4, true]);
  assert.equal(c4.drop(3, 1), 0);
  assert.equal(c4.cell(5, 3), 1);
  const gomoku = TicTacToe.gomoku();
  assert.deepEqual([gomoku.rows, gomoku.cols, gomoku.k, gomoku.gravity], [15, 15, 5, false]);
  const small = TicTacToe.gomoku(9);
  assert.equal(small.rows, 9);
  // Exactly four on 2 x 9: X X X _ X on row 0; the gap makes five, no win; the left end four.
  const exact = TicTacToe.withRules(2, 9, 4, false, true);
  assert.deepEqual([exact.exact, gomoku.exact, TicTacToe.gomoku(15, true).exact], [true, false, true]);
  for (const [x, o] of [[2, 0], [3, 2], [4, 4], [6, 6]]) {
    exact.move(0, x, 1);
    exact.move(1, o, 2);
  }
  assert.deepEqual(exact.bestMoves(), [[0, 1]]);
  assert.equal(exact.move(0, 5, 1), 0);
  assert.equal(TicTacToe.fromBytes(exact.toBytes()).exact, true);
  refused(() => TicTacToe.withRules(6, 7, 4, true, 1), "TypeError");
  for (const game of [c4, gomoku, small, exact]) game.free();
});

/** Every query of `game` agrees with `model`. */
function agree(game, model, where) {
  assert.equal(game.winner, model.winner, where);
  assert.equal(game.isOver, model.isOver, where);
  assert.equal(game.isDraw, model.isOver && model.winner === 0, where);
  assert.equal(game.moveCount, model.history.length, where);
  assert.equal(game.canWin(1), model.canWin(1), where);
  assert.equal(game.canWin(2), model.canWin(2), where);
  assert.equal(game.toString(), model.text(), where);
  for (let r = 0; r < model.rows; r++)
    for (let c = 0; c < model.cols; c++) assert.equal(game.cell(r, c), model.cells[r * model.cols + c], where);
}

test("the family against the scanning model: random rules, gravity, legal and illegal moves", () => {
  const rand = random(20261201);
  for (let trial = 0; trial < 300; trial++) {
    const rows = 1 + rand.int(6);
    const cols = 1 + rand.int(6);
    const k = 1 + rand.int(Math.max(rows, cols));
    const gravity = rand() < 0.5;
    const exact = rand() < 0.3;
    const where = `trial ${trial}: ${rows}x${cols} k=${k} gravity=${gravity} exact=${exact}`;
    const game = TicTacToe.withRules(rows, cols, k, gravity, exact);
    assert.equal(game.exact, exact, where);
    const model = new Model(rows, cols, k, gravity, exact);
    for (let step = 0; step < 60; step++) {
      const roll = rand();
      if (roll < 0.1 && model.history.length) {
        const [r, c, p] = model.history.at(-1);
        assert.deepEqual(game.undo(), [r, c, p], where);
        model.undo();
      } else if (roll < 0.2 && gravity) {
        // A drop: the landing cell of any column, full ones included.
        const col = rand.int(cols + 1) - (rand() < 0.1 ? 1 : 0);
        const player = 1 + rand.int(2);
        const row = col >= 0 && col < cols ? model.landing(col) : -1;
        if (row >= 0 && model.legal(row, col, player)) {
          assert.equal(game.drop(col, player), model.play(row, col, player), where);
        } else {
          const before = game.toBytes();
          refused(() => game.drop(col, player), "IllegalMoveError");
          assert.deepEqual(game.toBytes(), before, where);
        }
      } else {
        // Any cell near the board, either player, legal or not.
        const row = rand.int(rows + 2) - 1;
        const col = rand.int(cols + 2) - 1;
        const player = rand() < 0.05 ? 3 : model.last === 0 ? 1 + rand.int(2) : rand() < 0.85 ? model.toMove() : model.last;
        if (model.legal(row, col, player)) {
          assert.equal(game.move(row, col, player), model.play(row, col, player), where);
        } else {
          const before = game.toBytes();
          refused(() => game.move(row, col, player), "IllegalMoveError");
          assert.deepEqual(game.toBytes(), before, where);
        }
      }
      agree(game, model, `${where}, step ${step}`);
    }
    game.free();
  }
});

test("numbers are read exactly: fractions, NaN, infinities, non-numbers and unsafe integers refused", () => {
  const game = new TicTacToe(3);
  game.move(1, 1, 1);
  const before = game.toBytes();
  let called = false;
  const sly = { valueOf: () => ((called = true), 0) };
  const cases = [
    [[1.5, 0, 2], "TypeError"],
    [[NaN, 0, 2], "TypeError"],
    [[0, Infinity, 2], "TypeError"],
    [[0, 0, -Infinity], "TypeError"],
    [["0", 0, 2], "TypeError"],
    [[0n, 0, 2], "TypeError"],
    [[null, 0, 2], "TypeError"],
    [[undefined, 0, 2], "TypeError"],
    [[true, 0, 2], "TypeError"],
    [[sly, 0, 2], "TypeError"],
    [[[0], 0, 2], "TypeError"],
    [[2 ** 53, 0, 2], "RangeError"],
    [[0, -(2 ** 53), 2], "RangeError"],
    [[0, 0, 1e300], "RangeError"],
    [[Number.MAX_SAFE_INTEGER, 0, 2], "IllegalMoveError"],
    [[-1, 0, 2], "IllegalMoveError"],
    [[0, 0, 0], "IllegalMoveError"],
    [[0, 0, 1], "IllegalMoveError"],
    [[1, 1, 2], "IllegalMoveError"],
  ];
  for (const [args, name] of cases) {
    refused(() => game.move(...args), name);
    assert.deepEqual(game.toBytes(), before, String(args));
  }
  assert.equal(called, false, "valueOf must never be called");
  assert.match(refused(() => game.move(1.5, 0, 2), "TypeError").message, /row must be an integer, not 1\.5/);
  assert.match(refused(() => game.move(0, 2 ** 60, 2), "RangeError").message, /col 1152921504606847000/);
  assert.ok(refused(() => game.move(0.5, 0, 2), "TypeError") instanceof TypeError);
  assert.ok(refused(() => game.move(2 ** 53, 0, 2), "RangeError") instanceof RangeError);
  // -0 is 0.
  assert.equal(game.move(-0, -0, 2), 0);
  game.free();
});

test("every other refusal, each changing nothing", () => {
  for (const [make, name] of [
    [() => new TicTacToe(0), "RangeError"],
    [() => new TicTacToe(-3), "RangeError"],
    [() => new TicTacToe(65536), "RangeError"],
    [() => new TicTacToe(), "TypeError"],
    [() => new TicTacToe("3"), "TypeError"],
    [() => TicTacToe.withRules(3, 3, 4, false), "RangeError"],
    [() => TicTacToe.withRules(0, 3, 1, false), "RangeError"],
    [() => TicTacToe.withRules(3, 3, 3, "yes"), "TypeError"],
    [() => TicTacToe.withRules(3, 3, 3, 1), "TypeError"],
    [() => TicTacToe.withRules(3, 3.5, 3, false), "TypeError"],
    [() => TicTacToe.gomoku(4), "RangeError"],
    [() => TicTacToe.fromBytes(new Uint8Array([1, 2, 3])), "RangeError"],
    [() => TicTacToe.fromBytes([84, 84, 84]), "TypeError"],
    [() => TicTacToe.fromBytes("TTT"), "TypeError"],
    [() => TicTacToe.fromBytes(new Uint16Array([84, 84])), "TypeError"],
  ])
    refused(make, name);
  // Bytes whose buffer was handed away: refused (by the copy out of them), never read.
  const bytes = new TicTacToe(3).toBytes();
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  assert.equal(bytes.length, 0);
  refused(() => TicTacToe.fromBytes(bytes), "TypeError");

  const plain = new TicTacToe(3);
  refused(() => plain.undo(), "RangeError");
  refused(() => plain.drop(0, 1), "IllegalMoveError");
  refused(() => plain.cell(3, 0), "RangeError");
  refused(() => plain.cell(0, -1), "RangeError");
  refused(() => plain.canWin(3), "RangeError");
  refused(() => plain.canWin(1.5), "TypeError");
  assert.equal(plain.moveCount, 0);

  const c4 = TicTacToe.connectFour();
  for (let i = 0; i < 6; i++) c4.drop(0, 1 + (i % 2));
  const before = c4.toBytes();
  refused(() => c4.drop(0, 1), "IllegalMoveError"); // a full column
  refused(() => c4.drop(7, 1), "IllegalMoveError");
  refused(() => c4.move(0, 1, 1), "IllegalMoveError"); // not the landing cell
  refused(() => c4.drop(1, 2), "IllegalMoveError"); // O moved last
  assert.deepEqual(c4.toBytes(), before);
  plain.free();
  c4.free();
});

test("the numbers-only routes are the package's own: not on the prototype, not on a game", () => {
  const game = new TicTacToe(3);
  for (const name of ["_moveNumbers", "_dropNumbers", "_cellNumbers", "_canWinNumbers", "_solveNumbers"]) {
    assert.equal(TicTacToe.prototype[name], undefined, name);
    assert.equal(game[name], undefined, name);
  }
  assert.equal(Solver.prototype._solveNumbers, undefined);
  // The same call answers the same through either route: numbers, and a Number object (the full
  // route, which refuses it as not a number).
  assert.equal(game.move(0, 0, 1), 0);
  refused(() => game.move(new Number(1), 1, 2), "TypeError");
  assert.equal(game.cell(0, 0), 1);
  refused(() => game.cell(0, "0"), "TypeError");
  assert.equal(game.canWin(2), true);
  refused(() => game.canWin(new Number(2)), "TypeError");
  // A method called on something that is not a game is refused, whichever route it takes.
  for (const call of [() => TicTacToe.prototype.move.call({}, 1, 1, 2), () => TicTacToe.prototype.cell.call({}, 0, 0),
    () => TicTacToe.prototype.move.call({}, "1", 1, 2)])
    assert.throws(call, Error);
  assert.equal(game.moveCount, 1);
  game.free();
});

test("free twice and use after free are refused cleanly", () => {
  const game = new TicTacToe(3);
  game.move(0, 0, 1);
  game.free();
  assert.throws(() => game.free(), Error);
  assert.throws(() => game.move(1, 1, 2), Error);
  assert.throws(() => game.winner, Error);
  assert.throws(() => game.cell(0, 0), Error);
  assert.throws(() => game.canWin(1), Error);
  assert.throws(() => game.drop(0, 2), Error);
  assert.throws(() => game.toBytes(), Error);
  assert.throws(() => game.solve(), Error);
  // Other games are untouched by it.
  const other = new TicTacToe(3);
  assert.equal(other.move(0, 0, 1), 0);
  assert.equal(other.moveCount, 1);
  other.free();
});

test("bytes round-trip through fromBytes", () => {
  const rand = random(7);
  for (let trial = 0; trial < 100; trial++) {
    const rows = 1 + rand.int(7);
    const cols = 1 + rand.int(7);
    const k = 1 + rand.int(Math.max(rows, cols));
    const gravity = rand() < 0.5;
    const game = TicTacToe.withRules(rows, cols, k, gravity);
    const model = new Model(rows, cols, k, gravity);
    const length = rand.int(rows * cols + 1);
    while (model.history.length < length && !model.isOver) {
      const [r, c] = rand.pick(model.moves());
      const player = model.toMove();
      game.move(r, c, player);
      model.play(r, c, player);
    }
    const copy = TicTacToe.fromBytes(game.toBytes());
    assert.deepEqual(copy.toBytes(), game.toBytes());
    assert.equal(copy.toString(), game.toString());
    assert.equal(copy.moveCount, game.moveCount);
    game.free();
    copy.free();
  }
});
