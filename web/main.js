// The page: the board as buttons, the person's moves checked and played by the engine, the
// engine's answers from the worker. Every rule (turns, gravity, wins, draws) is the engine's.
import init, { TicTacToe } from "./pkg/engine.js";
import { GAMES } from "./games.js";

const HUMAN = 1;
const ENGINE = 2;
const MARK = ["", "X", "O"];

const $ = (selector) => document.querySelector(selector);
const board = $("#board");
const status = $("#status");
const skill = $("#skill");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

let game = null;
let request = 0; // the id of the answer the page waits for; older answers are dropped
let thinking = false;
let last = null; // the engine's last move, outlined
let seed = 1;

function cells() {
  return board.querySelectorAll("button");
}

function draw() {
  for (const button of cells()) {
    const mark = MARK[game.cell(Number(button.dataset.row), Number(button.dataset.col))];
    button.dataset.mark = mark;
    button.textContent = mark;
    button.classList.toggle("last", last !== null && last[0] === Number(button.dataset.row) && last[1] === Number(button.dataset.col));
    button.disabled = thinking || game.isOver || (mark !== "" && !game.gravity);
    button.setAttribute("aria-label", `row ${Number(button.dataset.row) + 1}, column ${Number(button.dataset.col) + 1}${mark ? `: ${mark}` : ""}`);
  }
  if (game.winner) status.textContent = `${MARK[game.winner]} wins`;
  else if (game.isDraw) status.textContent = "Draw";
  else if (thinking) status.textContent = "O to move (thinking…)";
  else status.textContent = "X to move";
}

function newGame() {
  const kind = $("#game").value;
  const [rows, cols, k, gravity] = GAMES[kind].rules;
  game?.free();
  game = TicTacToe.withRules(rows, cols, k, gravity);
  request += 1;
  thinking = false;
  last = null;
  seed = Math.floor(Math.random() * 2 ** 32);
  board.className = kind;
  board.style.gridTemplateColumns = `repeat(${cols}, auto)`;
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

worker.onmessage = ({ data }) => {
  if (data.id !== request) return;
  thinking = false;
  if (data.error) {
    status.textContent = `The engine failed: ${data.error}`;
    return;
  }
  game.move(data.row, data.col, ENGINE);
  last = [data.row, data.col];
  draw();
};

board.addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button || thinking || game.isOver) return;
  const col = Number(button.dataset.col);
  try {
    // With gravity a click anywhere in a column drops there.
    if (game.gravity) game.drop(col, HUMAN);
    else game.move(Number(button.dataset.row), col, HUMAN);
  } catch (err) {
    if (err.name !== "IllegalMoveError") throw err;
    return; // a full column or a taken cell: nothing happens
  }
  if (game.isOver) draw();
  else engineMove();
});

$("#new").addEventListener("click", newGame);
$("#game").addEventListener("change", newGame);
skill.addEventListener("input", () => {
  $("#skill-value").textContent = Number(skill.value).toFixed(2);
});

await init();
newGame();
