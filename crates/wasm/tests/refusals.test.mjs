// Refusals found from outside: a board's text longer than a JavaScript string or than memory,
// options that are not an object, and messages that name JavaScript's own arguments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TicTacToe, Solver, Agent } from "./engine.mjs";
import { refused } from "./refused.mjs";

test("a text longer than a string can be is a RangeError, and the game lives on", () => {
  for (const make of [() => new TicTacToe(30000), () => TicTacToe.withRules(20000, 20000, 5, false)]) {
    const game = make();
    game.move(0, 0, 1);
    const err = refused(() => game.toString(), "RangeError");
    assert.match(err.message, /longer than a JavaScript string can be/);
    // Nothing lost and nothing left borrowed: the game plays, answers and frees.
    assert.equal(game.move(1, 1, 2), 0);
    assert.equal(game.cell(0, 0), 1);
    assert.equal(game.moveCount, 2);
    game.free();
  }
});

test("a text within a string's length is drawn whole", () => {
  const game = TicTacToe.withRules(300, 700, 5, false);
  game.move(299, 699, 2);
  const text = game.toString();
  assert.equal(text.length, 300 * (2 * 700 + 2) - 1);
  assert.ok(text.endsWith("| |O|"));
  game.free();
});

test("Agent options must be an object of known keys, and a zero budget is refused", () => {
  for (const options of [5, "seed", true, 1n, [], [1, 2]]) {
    const err = refused(() => new Agent(1, options), "TypeError");
    assert.match(err.message, /^options must be an object/);
  }
  // A misspelt option is refused, not ignored.
  assert.equal(refused(() => new Agent(1, { maxnodes: 5 }), "TypeError").message,
    'unknown option "maxnodes": an Agent takes seed, maxNodes, maxMs, tieBreak, threads');
  for (const [nodes, least] of [[0, 1], [-1, 1]]) {
    assert.equal(refused(() => new Agent(1, { maxNodes: nodes }), "RangeError").message,
      `maxNodes must be null (no budget) or an integer of at least ${least}, not ${nodes}`);
  }
  const game = new TicTacToe(3);
  assert.equal(refused(() => game.solve(-1), "RangeError").message,
    "maxNodes must be null (no budget) or an integer of at least 0, not -1");
  for (const skill of [Infinity, -Infinity, NaN, 1.5]) {
    assert.equal(refused(() => new Agent(skill), "RangeError").message,
      `skill must be between 0 and 1, not ${skill}`);
  }
  assert.equal(new Agent(1, { maxNodes: 1 }).skill, 1);
});

test("Solver messages name tableBits, and a skill is quoted short", () => {
  assert.equal(refused(() => new Solver(31), "RangeError").message, "tableBits must be between 0 and 30, not 31");
  assert.equal(refused(() => new Solver(-1), "RangeError").message, "tableBits must be between 0 and 30, not -1");
  assert.match(refused(() => new Solver(2.5), "TypeError").message, /^tableBits /);
  assert.equal(refused(() => new Agent(-1e-300), "RangeError").message, "skill must be between 0 and 1, not -1e-300");
});

test("threads: 1, as the other faces take it; any other count is refused", () => {
  const solver = new Solver(12, { threads: 1 });
  assert.deepEqual(solver.solve(new TicTacToe(3)), { value: 0, plies: 9 });
  assert.equal(new Agent(1, { threads: 1 }).skill, 1);
  for (const threads of [2, 0]) {
    assert.match(refused(() => new Solver(12, { threads }), "RangeError").message, /^threads must be 1 here/);
    assert.match(refused(() => new Agent(1, { threads }), "RangeError").message, /^threads must be 1 here/);
  }
  assert.match(refused(() => new Solver(12, { thread: 1 }), "TypeError").message, /unknown option "thread"/);
  assert.match(refused(() => new Solver(12, 4), "TypeError").message, /^options must be an object/);
});
