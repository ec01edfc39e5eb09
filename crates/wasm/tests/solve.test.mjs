// Perfect play from JavaScript against a plain exhaustive search written in the test, and the
// solver and agent objects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TicTacToe, Solver, Agent } from "./engine.mjs";
import { Model, moveValues, random } from "./model.mjs";
import { refused } from "./refused.mjs";

/** A random position of random small rules with at most `empty` empty cells, not over. */
function position(rand, empty) {
  for (;;) {
    const rows = 1 + rand.int(4);
    const cols = 1 + rand.int(4);
    const k = 1 + rand.int(Math.max(rows, cols));
    const gravity = rand() < 0.4;
    const model = new Model(rows, cols, k, gravity);
    const game = TicTacToe.withRules(rows, cols, k, gravity);
    const played = Math.max(0, rows * cols - empty - rand.int(3));
    while (model.history.length < played && !model.isOver) {
      const [r, c] = rand.pick(model.moves());
      const player = model.toMove();
      game.move(r, c, player);
      model.play(r, c, player);
    }
    if (!model.isOver) return { game, model };
    game.free();
  }
}

test("solve, bestMoves and moveValues equal a plain exhaustive search", () => {
  const rand = random(42);
  const solver = new Solver(12);
  for (let trial = 0; trial < 150; trial++) {
    const { game, model } = position(rand, 9);
    const where = `trial ${trial}: ${game.toString()} k=${game.k} gravity=${game.gravity}`;
    const expected = moveValues(model);
    const values = expected.map(([row, col, value, plies]) => ({ row, col, value, plies }));
    let best = values[0];
    for (const v of values)
      if (v.value > best.value || (v.value === best.value && (v.value > 0 ? v.plies < best.plies : v.value < 0 && v.plies > best.plies)))
        best = v;
    const bestMoves = values.filter((v) => v.value === best.value && v.plies === best.plies).map((v) => [v.row, v.col]);
    const before = game.toBytes();
    assert.deepEqual(game.moveValues(), values, where);
    // Without a budget through the numbers-only route, with one through the full call.
    assert.deepEqual(game.solve(), { value: best.value, plies: best.plies }, where);
    assert.deepEqual(game.solve(1_000_000), { value: best.value, plies: best.plies }, where);
    assert.deepEqual(game.bestMoves(), bestMoves, where);
    assert.deepEqual(solver.moveValues(game), values, where);
    assert.deepEqual(solver.solve(game), { value: best.value, plies: best.plies }, where);
    assert.deepEqual(solver.solve(game, null), solver.solve(game, 1_000_000), where);
    assert.deepEqual(solver.bestMoves(game, 1_000_000), bestMoves, where);
    assert.deepEqual(game.toBytes(), before, where);
    game.free();
  }
  solver.free();
});

test("searches refuse a finished game, a spent budget and bad budgets, changing nothing", () => {
  const c4 = TicTacToe.connectFour();
  // Nine stones: deeper than the exact opening book, which answers shallower positions at once.
  [3, 3, 3, 3, 2, 4, 4, 2, 1].forEach((col, i) => c4.drop(col, 1 + (i % 2)));
  const before = c4.toBytes();
  const solver = new Solver();
  for (const call of [() => c4.solve(10), () => c4.bestMoves(10), () => c4.moveValues(10), () => solver.solve(c4, 10)])
    assert.match(refused(call, "SearchLimitError").message, /budget of 10/);
  refused(() => c4.solve(-1), "RangeError");
  refused(() => c4.solve(1.5), "TypeError");
  refused(() => c4.solve("10"), "TypeError");
  refused(() => c4.solve(2 ** 53), "RangeError");
  assert.deepEqual(c4.toBytes(), before);
  // null and undefined are no budget.
  const done = new TicTacToe(3);
  for (const [r, c, p] of [[0, 0, 1], [1, 1, 2], [0, 1, 1], [2, 2, 2], [0, 2, 1]]) done.move(r, c, p);
  for (const call of [() => done.solve(), () => done.bestMoves(null), () => done.moveValues(), () => solver.solve(done)])
    refused(call, "IllegalMoveError");
  refused(() => solver.solve({}), "Error");
  refused(() => solver.solve(null), "Error");
  const freed = new TicTacToe(3);
  freed.free();
  assert.throws(() => solver.solve(freed), Error);
  c4.free();
  done.free();
  solver.free();
});

test("a board too large for the search's tables is refused by every search, changing nothing", () => {
  // 2048 x 2049 cells: one row more than the search reads (2048 x 2048).
  const wide = TicTacToe.withRules(2048, 2049, 5, false);
  wide.move(1024, 1024, 1);
  const before = wide.toBytes();
  const solver = new Solver(4);
  const agent = new Agent(1, { seed: 1, maxNodes: 1000 });
  const calls = [() => wide.solve(1000), () => wide.bestMoves(1000), () => wide.moveValues(1000),
    () => solver.solve(wide, 1000), () => agent.choose(wide), () => new Agent(0.5, { seed: 2 }).choose(wide)];
  for (const call of calls)
    assert.equal(refused(call, "RangeError").message, "not enough memory for a 2048x2049 board");
  assert.deepEqual(wide.toBytes(), before);
  wide.free();
  solver.free();
  agent.free();
});

test("Solver: table sizes, clear, and a game of other rules", () => {
  refused(() => new Solver(31), "RangeError");
  refused(() => new Solver(-1), "RangeError");
  refused(() => new Solver(2.5), "TypeError");
  // 2**30 entries of 24 bytes cannot be had in a 32-bit memory.
  refused(() => new Solver(30), "RangeError");
  const solver = new Solver();
  assert.equal(solver.tableBits, 20);
  const small = new Solver(0);
  assert.equal(small.tableBits, 0);
  const game = new TicTacToe(3);
  const first = solver.solve(game);
  solver.clear();
  assert.deepEqual(solver.solve(game), first);
  assert.deepEqual(small.solve(game), first);
  // Sixteen stones of seeded random play, the game still on: a solve of a few milliseconds.
  const rand = random(5);
  let c4;
  do {
    c4?.free();
    c4 = TicTacToe.connectFour();
    while (c4.moveCount < 16 && !c4.isOver) {
      const open = [0, 1, 2, 3, 4, 5, 6].filter((col) => c4.cell(0, col) === 0);
      c4.drop(rand.pick(open), c4.moveCount % 2 ? 2 : 1);
    }
  } while (c4.isOver);
  assert.deepEqual(solver.solve(c4), c4.solve());
  assert.deepEqual(solver.solve(game), first);
  for (const o of [solver, small, game, c4]) o.free();
});

test("Agent: best moves at skill 1, any legal move at 0, the same seed the same choices", () => {
  const rand = random(99);
  for (let trial = 0; trial < 40; trial++) {
    const { game, model } = position(rand, 8);
    const best = game.bestMoves().map(String);
    const legal = model.moves().map(String);
    const perfect = new Agent(1, { seed: trial });
    const chosen = perfect.choose(game);
    assert.ok(best.includes(String(chosen)), `${chosen} not among ${best}`);
    assert.equal(perfect.lastSolved, true);
    const random0 = new Agent(0, { seed: BigInt(trial) + 2n ** 63n });
    assert.ok(legal.includes(String(random0.choose(game))));
    const a = new Agent(0.5, { seed: trial, maxNodes: 1000 });
    const b = new Agent(0.5, { seed: trial, maxNodes: 1000 });
    for (let i = 0; i < 5; i++) assert.deepEqual(a.choose(game), b.choose(game));
    for (const o of [game, perfect, random0, a, b]) o.free();
  }
});

test("Agent: a real player beyond its budget, and its refusals", () => {
  const c4 = TicTacToe.connectFour();
  // Past the exact book's eight stones, so that a search decides.
  for (const col of [3, 3, 3, 3, 0, 6, 0, 6, 0]) c4.drop(col, c4.moveCount % 2 ? 2 : 1);
  const agent = new Agent(1, { seed: 3, maxNodes: 50 });
  assert.deepEqual(agent.choose(c4), [2, 0], "blocks X's column");
  assert.equal(agent.lastSolved, false);
  assert.equal(agent.skill, 1);
  for (const [skill, options, name] of [
    [1.5, undefined, "RangeError"],
    [-0.1, undefined, "RangeError"],
    [NaN, undefined, "RangeError"],
    ["1", undefined, "TypeError"],
    [1, { seed: -1 }, "RangeError"],
    [1, { seed: 1.5 }, "TypeError"],
    [1, { seed: 2n ** 64n }, "RangeError"],
    [1, { seed: -1n }, "RangeError"],
    [1, { seed: "7" }, "TypeError"],
    [1, { maxNodes: -5 }, "RangeError"],
    [1, { maxNodes: 2 ** 60 }, "RangeError"],
    [1, { maxMs: -1 }, "RangeError"],
    [1, { maxMs: 0.5 }, "TypeError"],
    [1, { maxMs: "100" }, "TypeError"],
  ])
    refused(() => new Agent(skill, options), name);
  const raising = {
    get seed() {
      throw new Error("from the getter");
    },
  };
  assert.throws(() => new Agent(1, raising), /from the getter/);
  // Options that are not an object are refused before any lookup.
  assert.throws(() => new Agent(1, 5), TypeError);
  assert.equal(new Agent().skill, 1);
  // By the clock: the block still, at the smallest limit and at a few milliseconds.
  for (const maxMs of [0, 20]) {
    const timed = new Agent(1, { seed: 3, maxMs });
    assert.deepEqual(timed.choose(c4), [2, 0], `blocks X's column at ${maxMs} ms`);
    timed.free();
  }
  const finished = new TicTacToe(1);
  finished.move(0, 0, 1);
  refused(() => agent.choose(finished), "IllegalMoveError");
  c4.free();
  agent.free();
  finished.free();
});

test("a book read from its bytes answers as the search without it; other bytes are refused", async () => {
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(new URL("../../ffi/tests/c/small.book", import.meta.url));
  const booked = new Solver(12);
  const plain = new Solver(12);
  for (const bad of [new Uint8Array(0), bytes.subarray(0, bytes.length - 1), new Uint8Array(9).fill(7)]) {
    const err = refused(() => booked.addBook(bad), "RangeError");
    assert.match(err.message, /not a valid opening book/);
  }
  assert.equal(booked.books, 0);
  booked.addBook(bytes);
  assert.equal(booked.books, 1);
  const rand = random(41);
  for (let round = 0; round < 60; round++) {
    // 4 x 5, four in a row, gravity: the book's rules (every position of up to six stones).
    const game = TicTacToe.withRules(4, 5, 4, true);
    for (let i = rand.int(9); i > 0 && !game.isOver; i--) {
      const open = [0, 1, 2, 3, 4].filter((c) => game.cell(0, c) === 0);
      game.drop(rand.pick(open), game.toMove);
    }
    if (!game.isOver) {
      assert.deepEqual(booked.solve(game), plain.solve(game));
      assert.equal(booked.value(game), plain.value(game));
      assert.equal(booked.value(game), plain.solve(game).value);
    }
    game.free();
  }
});

test("an agent given the ten-stone book keeps a won eight-stone position; other bytes are refused", async () => {
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(new URL("../../books/data/connect-four-10.book", import.meta.url));
  const agent = new Agent(1, { seed: 5 });
  for (const bad of [new Uint8Array(0), bytes.subarray(0, 1000)]) refused(() => agent.addBook(bad), "RangeError");
  // Anything but a Uint8Array is refused before the module sees it: an object that only claims
  // a length of 10^12 once made the glue ask for that much memory and trap.
  const probe = new Solver();
  for (const bad of ["x", null, undefined, 42, [1, 2, 3], { length: 1e12 }, new Uint16Array(8)]) {
    refused(() => agent.addBook(bad), "TypeError");
    refused(() => probe.addBook(bad), "TypeError");
    refused(() => TicTacToe.fromBytes(bad), "TypeError");
  }
  assert.equal(agent.books, 0);
  assert.equal(probe.books, 0);
  probe.free();
  agent.addBook(bytes);
  assert.equal(agent.books, 1);
  // X to move and winning, past the eight-stone book the package ships: one move keeps the win.
  const game = TicTacToe.connectFour();
  [3, 3, 3, 3, 3, 6, 2, 1].forEach((col, i) => game.drop(col, 1 + (i % 2)));
  const solver = new Solver();
  solver.addBook(bytes);
  assert.equal(solver.value(game), 1);
  const [row, col] = agent.choose(game);
  game.move(row, col, 1);
  assert.equal(solver.value(game), -1, `(${row}, ${col}) gave the win away`);
  for (const o of [game, solver, agent]) o.free();
});

test("an agent's default budget answers a Connect Four opening at once, null removes the bound", () => {
  const game = TicTacToe.connectFour();
  const agent = new Agent(1, { seed: 1 });
  const [row] = agent.choose(game);
  assert.equal(row, 5);
  assert.equal(refused(() => new Agent(1, { maxNodes: 0 }), "RangeError").message,
    "maxNodes must be null (no budget) or an integer of at least 1, not 0");
  // No bound: the complete solve, however long (here a 3 x 3 game, at once).
  const unbounded = new Agent(1, { seed: 1, maxNodes: null });
  const small = new TicTacToe(3);
  small.move(0, 0, 1);
  assert.deepEqual(unbounded.choose(small), [1, 1]);
  assert.equal(unbounded.lastSolved, true);
  small.free();
  game.free();
});
