// Connect Four's conventions from JavaScript, against the plain model of the tests: move strings
// both ways, legal moves as actions, the player to move, one best move by each tie-break, and the
// board with its columns labelled.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TicTacToe } from "./engine.mjs";
import { Model, random } from "./model.mjs";
import { refused } from "./refused.mjs";

test("move strings play from X and read back; legal moves and the mover match the model", () => {
  const rand = random(11);
  for (let trial = 0; trial < 200; trial++) {
    const model = new Model(6, 7, 4, true);
    const cols = [];
    const stones = rand.int(30);
    while (cols.length < stones && !model.isOver) {
      const [row, col] = rand.pick(model.moves());
      model.play(row, col, model.toMove());
      cols.push(col);
    }
    const text = cols.map((c) => c + 1).join("");
    const game = TicTacToe.connectFour(text);
    assert.equal(game.moveString(), text);
    const open = model.isOver ? [] : [...new Set(model.moves().map(([, c]) => c))].sort((a, b) => a - b);
    assert.deepEqual(game.legalMoves(), open);
    assert.equal(game.toMove, model.isOver ? 0 : model.toMove());
    game.free();
  }
});

test("a move string's refusals say where, and change nothing", () => {
  const bad = refused(() => TicTacToe.connectFour("48"), "RangeError");
  assert.match(bad.message, /^moves\[1\]: '8' names no column: columns are 1 to 7$/);
  const full = refused(() => TicTacToe.connectFour("4444444"), "IllegalMoveError");
  assert.match(full.message, /^moves\[6\]: /);
  refused(() => TicTacToe.connectFour(44), "TypeError");
  refused(() => new TicTacToe(3).moveString(), "RangeError");
  assert.deepEqual(new TicTacToe(2).legalMoves(), [0, 1, 2, 3]);
});

test("one best move by each tie-break, among the best moves", () => {
  const game = new TicTacToe(3);
  game.move(1, 1, 1);
  const best = game.bestMoves().map(String);
  assert.equal(String(game.bestMove(null, "first")), best[0]);
  for (let i = 0; i < 20; i++) assert.ok(best.includes(String(game.bestMove(undefined, "random"))));
  assert.deepEqual(new TicTacToe(3).bestMove(), [1, 1], "the centre, nearest of all");
  assert.deepEqual(TicTacToe.connectFour("4453443355").bestMove(), [5, 5], "the only best move");
  refused(() => game.bestMove(null, "middle"), "TypeError");
});

test("labels name the columns under their cells", () => {
  const game = TicTacToe.connectFour("4");
  const lines = game.toString(true).split("\n");
  assert.equal(lines.at(-1), " 1 2 3 4 5 6 7");
  assert.equal(lines.at(-2).indexOf("X"), lines.at(-1).indexOf("4"));
  assert.equal(game.toString(), lines.slice(0, -1).join("\n"));
  assert.equal(TicTacToe.gomoku().toString(true).split("\n").at(-1), ` ${[..."abcdefghijklmno"].join(" ")}`);
  refused(() => TicTacToe.withRules(2, 27, 2, false).toString(true), "RangeError");
});

test("an Agent's tie-break picks among the best moves", async () => {
  const { Agent } = await import("./engine.mjs");
  const game = new TicTacToe(3);
  game.move(1, 1, 1);
  const best = game.bestMoves().map(String);
  assert.equal(String(new Agent(1, { seed: 3, tieBreak: "first" }).choose(game)), best[0]);
  assert.deepEqual(new Agent(1, { tieBreak: "center" }).choose(new TicTacToe(3)), [1, 1]);
  const seen = new Set();
  for (let seed = 0; seed < 40; seed++) seen.add(String(new Agent(1, { seed }).choose(game)));
  assert.deepEqual([...seen].sort(), [...best].sort());
  refused(() => new Agent(1, { tieBreak: "middle" }), "TypeError");
});

test("BitBully's strings from 0, moves played onto a game, columns as answers", () => {
  const ours = TicTacToe.connectFour("4453");
  const theirs = TicTacToe.connectFour("3342", 0);
  assert.equal(theirs.moveString(), "4453");
  assert.equal(ours.moveString(0), "3342");
  assert.equal(refused(() => ours.moveString(2), "RangeError").message.startsWith("base must be 1"), true);
  ours.playMoves("1");
  assert.equal(ours.moveString(), "44531");
  // All or nothing: the seventh stone of column 2 is refused, and nothing of the string is played.
  assert.equal(refused(() => ours.playMoves("2222222"), "IllegalMoveError").message.startsWith("moves[6]"), true);
  assert.equal(ours.moveString(), "44531");
  // Columns: bestColumn is bestMove's column, columnValues moveValues by column.
  for (const tieBreak of ["center", "first", "leftmost"]) {
    const [, col] = theirs.bestMove(null, tieBreak);
    assert.equal(theirs.bestColumn(null, tieBreak), col);
  }
  const cells = theirs.moveValues();
  const columns = theirs.columnValues();
  assert.deepEqual(columns.map((v) => v.column), [...cells.map((v) => v.col)].sort((a, b) => a - b));
  for (const { column, value, plies } of columns) {
    const cell = cells.find((v) => v.col === column);
    assert.deepEqual([value, plies], [cell.value, cell.plies]);
  }
  // The leftmost of the best columns, as BitBully's "leftmost".
  const best = theirs.bestMoves().map(([, c]) => c);
  assert.equal(theirs.bestColumn(null, "leftmost"), Math.min(...best));
  assert.equal(refused(() => new TicTacToe(3).bestColumn(), "RangeError").message.startsWith("bestColumn needs gravity"), true);
  ours.free();
  theirs.free();
});
