// The page: the board as buttons, the person's moves checked and played by the engine, the
// engine's answers from the worker. Every rule (turns, gravity, wins, draws) is the engine's; the
// page only finds, for display, which cells make the winner's line.
import { GAMES, LEVELS } from "./games.js";

// Loaded at the end, inside a try: a page whose engine cannot load says so.
let TicTacToe = null;

const MARK = ["", "X", "O"];

const $ = (selector) => document.querySelector(selector);
const board = $("#board");
const status = $("#status");
const skill = $("#skill");

let worker = null;
let game = null;
let human = 1; // the person's player: X, or O when the engine starts
let request = 0; // the id of the answer the page waits for; older answers are dropped
let thinking = false;
let last = null; // the last move, outlined
let seed = 1;
let focused = [0, 0]; // the cell that holds the keyboard focus

function cells() {
  return board.querySelectorAll("button");
}

function cellAt(row, col) {
  return board.querySelector(`button[data-row="${row}"][data-col="${col}"]`);
}

/** The cells of every run of `k` or more of the winner's marks: the line to show. */
function winningCells() {
  const { rows, cols, k, winner } = game;
  const found = new Set();
  if (!winner) return found;
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]])
    for (let row = 0; row < rows; row++)
      for (let col = 0; col < cols; col++) {
        const run = [];
        for (let r = row, c = col; r >= 0 && r < rows && c >= 0 && c < cols && game.cell(r, c) === winner;
          r += dr, c += dc) run.push(`${r},${c}`);
        if (run.length >= k) for (const cell of run) found.add(cell);
      }
  return found;
}

function who(player) {
  const colour = GAMES[$("#game").value].colours[player - 1];
  return `${MARK[player]} (${player === human ? "you" : "engine"}, ${colour})`;
}

function draw() {
  const line = winningCells();
  for (const button of cells()) {
    const row = Number(button.dataset.row);
    const col = Number(button.dataset.col);
    const mark = MARK[game.cell(row, col)];
    button.dataset.mark = mark;
    button.textContent = mark;
    button.classList.toggle("last", last !== null && last[0] === row && last[1] === col);
    button.classList.toggle("win", line.has(`${row},${col}`));
    // Finished: nothing to play. While the engine thinks, or on a taken cell, a button stays
    // focusable (the keyboard keeps its place) but says it is not available.
    button.disabled = game.isOver;
    button.setAttribute("aria-disabled", String(thinking || (mark !== "" && !game.gravity)));
    button.tabIndex = row === focused[0] && col === focused[1] ? 0 : -1;
    button.setAttribute("aria-label", `row ${row + 1}, column ${col + 1}${mark ? `: ${mark}` : ""}`);
  }
  if (game.winner) status.textContent = `${MARK[game.winner]} wins: ${game.winner === human ? "you win" : "the engine wins"}`;
  else if (game.isDraw) status.textContent = "Draw";
  else {
    const mover = game.moveCount % 2 === 0 ? 1 : 2;
    status.textContent = `${MARK[mover]} to move: ${mover === human ? "your turn" : "the engine is thinking…"}`;
  }
  $("#legend").textContent = `${who(1)} · ${who(2)}`;
  $("#undo").disabled = game.moveCount === 0 || (human === 2 && game.moveCount <= 1);
}

function newGame(engineFirst = false) {
  // Before the engine has loaded there is nothing to play: the choice is read when it has.
  if (!TicTacToe) return;
  const kind = $("#game").value;
  const [rows, cols, k, gravity] = GAMES[kind].rules;
  game?.free();
  game = TicTacToe.withRules(rows, cols, k, gravity);
  human = engineFirst ? 2 : 1;
  request += 1;
  thinking = false;
  last = null;
  focused = [gravity ? 0 : Math.floor(rows / 2), Math.floor(cols / 2)];
  seed = Math.floor(Math.random() * 2 ** 32);
  board.className = kind;
  board.style.setProperty("--cols", cols);
  board.replaceChildren();
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.row = row;
      button.dataset.col = col;
      button.dataset.mark = "";
      board.append(button);
    }
  draw();
  if (engineFirst) engineMove();
}

function engineMove() {
  thinking = true;
  draw();
  request += 1;
  const kind = $("#game").value;
  worker.postMessage({
    id: request,
    bytes: game.toBytes(),
    skill: Number(skill.value),
    maxNodes: GAMES[kind].maxNodes,
    seed,
  });
}

function answered({ data }) {
  if (data.id !== request) return;
  thinking = false;
  if (data.error) {
    status.textContent = `The engine failed: ${data.error}`;
    return;
  }
  game.move(data.row, data.col, 3 - human);
  last = [data.row, data.col];
  draw();
}

function play(button) {
  if (!button || !game || thinking || game.isOver) return;
  const row = Number(button.dataset.row);
  const col = Number(button.dataset.col);
  focused = [row, col];
  try {
    // With gravity a click anywhere in a column drops there.
    if (game.gravity) game.drop(col, human);
    else game.move(row, col, human);
  } catch (err) {
    if (err.name !== "IllegalMoveError") throw err;
    return; // a full column, a taken cell: nothing happens
  }
  let landed = row;
  if (game.gravity) for (landed = 0; game.cell(landed, col) === 0; landed++);
  last = [landed, col];
  if (game.isOver) draw();
  else engineMove();
}

/** Takes back the person's last move (and the engine's answer to it, or the one it is thinking of). */
function undo() {
  if (!game) return;
  request += 1; // an answer on its way is dropped
  thinking = false;
  let taken = 0;
  while (game.moveCount > 0 && taken < 2) {
    const [, , player] = game.undo();
    taken += 1;
    if (player === human) break;
  }
  last = null;
  draw();
}

board.addEventListener("click", (event) => play(event.target.closest("button")));

// Arrow keys move between cells; Enter and Space play the focused one (a button's own click).
board.addEventListener("keydown", (event) => {
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = steps[event.key];
  if (!step || !game) return;
  event.preventDefault();
  const { rows, cols } = game;
  focused = [Math.min(rows - 1, Math.max(0, focused[0] + step[0])), Math.min(cols - 1, Math.max(0, focused[1] + step[1]))];
  draw();
  cellAt(...focused).focus();
});
board.addEventListener("focusin", (event) => {
  const button = event.target.closest("button");
  if (button) focused = [Number(button.dataset.row), Number(button.dataset.col)];
});

function showLevel() {
  const value = Number(skill.value);
  const [, name] = LEVELS.find(([least]) => value >= least);
  $("#skill-value").textContent = `${value.toFixed(2)}: ${name}`;
}

$("#new").addEventListener("click", () => newGame(false));
$("#engine-first").addEventListener("click", () => newGame(true));
$("#undo").addEventListener("click", undo);
$("#game").addEventListener("change", () => newGame(false));
skill.addEventListener("input", showLevel);
showLevel();

try {
  const engine = await import("./pkg/engine.js");
  await engine.default();
  TicTacToe = engine.TicTacToe;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = answered;
  worker.onerror = (event) => {
    status.textContent = `The engine failed in its worker: ${event.message ?? "it could not start"}`;
  };
  newGame();
} catch (err) {
  status.textContent = `The engine could not load (${err.message}).`;
  status.classList.add("error");
}
