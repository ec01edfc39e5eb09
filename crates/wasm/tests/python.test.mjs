// The same bytes and the same messages as the Python package: the cases are played in both, here and
// in a Python child process (TICTACTOE_PYTHON, which make node-test sets to the project's venv).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { TicTacToe } from "./engine.mjs";
import { Model, random } from "./model.mjs";

const python = process.env.TICTACTOE_PYTHON;
const skip = python ? false : "TICTACTOE_PYTHON is not set (make node-test sets it)";

// Plays each case in Python: its bytes (hex), or the message of its last call's refusal.
const SCRIPT = `
import json, sys
from tictactoe import TicTacToe
out = []
for case in json.load(sys.stdin):
    rows, cols, k, gravity = case["rules"]
    game = TicTacToe(rows=rows, cols=cols, k=k, gravity=gravity)
    for r, c, p in case["moves"]:
        game.move(r, c, p)
    try:
        call = case.get("call")
        if call:
            getattr(game, call[0])(*call[1:])
        out.append({"bytes": game.to_bytes().hex()})
    except Exception as err:
        out.append({"error": str(err)})
    if "bytes" in case:
        copy = TicTacToe.from_bytes(bytes.fromhex(case["bytes"]))
        out[-1]["text"] = str(copy)
print(json.dumps(out))
`;

function inPython(cases) {
  return JSON.parse(execFileSync(python, ["-c", SCRIPT], { input: JSON.stringify(cases) }).toString());
}

const hex = (bytes) => Buffer.from(bytes).toString("hex");

/** Random rules and a random legal game of them, as a case. */
function randomCase(rand) {
  const rows = 1 + rand.int(7);
  const cols = 1 + rand.int(7);
  const k = 1 + rand.int(Math.max(rows, cols));
  const gravity = rand() < 0.5;
  const model = new Model(rows, cols, k, gravity);
  const length = rand.int(rows * cols + 1);
  while (model.history.length < length && !model.isOver) {
    const [r, c] = rand.pick(model.moves());
    model.play(r, c, model.history.length === 0 && rand() < 0.3 ? 2 : model.toMove());
  }
  return { rules: [rows, cols, k, gravity], moves: model.history };
}

function play(kase) {
  const game = TicTacToe.withRules(...kase.rules);
  for (const [r, c, p] of kase.moves) game.move(r, c, p);
  return game;
}

test("toBytes gives Python's to_bytes, and each reads the other's", { skip }, () => {
  const rand = random(2026);
  const cases = Array.from({ length: 200 }, () => randomCase(rand));
  for (const kase of cases) {
    const game = play(kase);
    kase.bytes = hex(game.toBytes());
    kase.text = game.toString();
    game.free();
  }
  const answers = inPython(cases);
  cases.forEach((kase, i) => {
    assert.equal(answers[i].bytes, kase.bytes, JSON.stringify(kase.rules));
    assert.equal(answers[i].text, kase.text);
    const back = TicTacToe.fromBytes(Buffer.from(answers[i].bytes, "hex"));
    assert.equal(back.toString(), kase.text);
    back.free();
  });
});

test("a refusal's message is Python's", { skip }, () => {
  const c4 = { rules: [6, 7, 4, true], moves: [[5, 3, 1]] };
  const full = { rules: [2, 2, 2, false], moves: [[0, 0, 1], [1, 1, 2], [0, 1, 1]] };
  // Nine stones: deeper than the books answer exactly, which answer shallower positions without a node.
  const opening = [[5, 3, 1], [4, 3, 2], [3, 3, 1], [2, 3, 2], [5, 2, 1], [5, 4, 2], [4, 4, 1], [4, 2, 2], [5, 1, 1]];
  const deep = { rules: [6, 7, 4, true], moves: opening };
  const cases = [
    { ...c4, call: ["move", 5, 3, 2] },
    { ...c4, call: ["move", 0, 0, 2] },
    { ...c4, call: ["move", 9, 0, 2] },
    { ...c4, call: ["move", 4, 3, 1] },
    { ...c4, call: ["move", 4, 3, 3] },
    { ...c4, call: ["drop", 7, 2] },
    { ...deep, call: ["solve", 5] },
    { ...c4, call: ["cell", 6, 0] },
    { ...c4, call: ["can_win", 0] },
    { ...full, call: ["move", 1, 0, 2] },
    { ...full, call: ["solve"] },
    { rules: [3, 3, 3, false], moves: [], call: ["drop", 0, 1] },
    { rules: [3, 3, 3, false], moves: [], call: ["undo"] },
  ];
  const answers = inPython(cases);
  const js = { can_win: "canWin" };
  cases.forEach((kase, i) => {
    const game = play(kase);
    const [name, ...args] = kase.call;
    assert.ok(answers[i].error, `Python refuses ${kase.call}`);
    assert.throws(() => game[js[name] ?? name](...args), { message: answers[i].error }, String(kase.call));
    game.free();
  });
});
