// The package's classes. The calls a game makes most (move, drop, cell, canWin) go straight to the
// engine's numbers-only exports when every argument is a number, and to the full call otherwise
// or when the engine refuses (the full call then refuses again, with the exact error: a refused
// call changes nothing). The numbers-only exports are taken off the prototype, so no caller can
// hand them anything but numbers. Every rule and every check stays in the engine.
import init, { initSync, Agent, Solver, TicTacToe } from "./tictactoe_engine.js";

const proto = TicTacToe.prototype;

function take(name) {
  const method = proto[name];
  delete proto[name];
  return method;
}

const full = { move: proto.move, drop: proto.drop, cell: proto.cell, canWin: proto.canWin };
const fast = {
  move: take("_moveNumbers"),
  drop: take("_dropNumbers"),
  cell: take("_cellNumbers"),
  canWin: take("_canWinNumbers"),
};

proto.move = function move(row, col, player) {
  if (typeof row === "number" && typeof col === "number" && typeof player === "number") {
    const winner = fast.move.call(this, row, col, player);
    if (winner >= 0) return winner;
  }
  return full.move.call(this, row, col, player);
};

proto.drop = function drop(col, player) {
  if (typeof col === "number" && typeof player === "number") {
    const winner = fast.drop.call(this, col, player);
    if (winner >= 0) return winner;
  }
  return full.drop.call(this, col, player);
};

proto.cell = function cell(row, col) {
  if (typeof row === "number" && typeof col === "number") {
    const holder = fast.cell.call(this, row, col);
    if (holder >= 0) return holder;
  }
  return full.cell.call(this, row, col);
};

proto.canWin = function canWin(player) {
  if (typeof player === "number") {
    const can = fast.canWin.call(this, player);
    if (can >= 0) return can === 1;
  }
  return full.canWin.call(this, player);
};

export default init;
export { initSync, Agent, Solver, TicTacToe };
