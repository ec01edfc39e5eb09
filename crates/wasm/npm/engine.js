// The package's classes. The calls made most (move, drop, cell, canWin, and solve without a
// budget) go straight to the engine's numbers-only exports when every argument is a number, and
// to the full call otherwise or when the engine refuses (the full call then refuses again, with
// the exact error: a refused call changes nothing; a solve without a budget is refused only by
// what is checked before any search, so nothing is searched twice). The numbers-only exports are
// taken off the classes, so no caller can hand them anything but numbers. Every rule and every
// check stays in the engine.
import init, { initSync, Agent, Solver, TicTacToe } from "./tictactoe_engine.js";

const proto = TicTacToe.prototype;
const solverProto = Solver.prototype;

function take(owner, name) {
  const method = owner[name];
  delete owner[name];
  return method;
}

const full = {
  move: proto.move,
  drop: proto.drop,
  cell: proto.cell,
  canWin: proto.canWin,
  solve: proto.solve,
  solverSolve: solverProto.solve,
};
const fast = {
  move: take(proto, "_moveNumbers"),
  drop: take(proto, "_dropNumbers"),
  cell: take(proto, "_cellNumbers"),
  canWin: take(proto, "_canWinNumbers"),
  solve: take(proto, "_solveNumbers"),
  solverSolve: take(solverProto, "_solveNumbers"),
};

/** `{ value, plies }` from the engine's one number, `4 * plies + value + 1`. */
function solution(packed) {
  const rest = packed % 4;
  return { value: rest - 1, plies: (packed - rest) / 4 };
}

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

proto.solve = function solve(maxNodes) {
  if (maxNodes === undefined || maxNodes === null) {
    const packed = fast.solve.call(this);
    if (packed >= 0) return solution(packed);
  }
  return full.solve.call(this, maxNodes);
};

solverProto.solve = function solve(game, maxNodes) {
  if (maxNodes === undefined || maxNodes === null) {
    const packed = fast.solverSolve.call(this, game);
    if (packed >= 0) return solution(packed);
  }
  return full.solverSolve.call(this, game, maxNodes);
};

export default init;
export { initSync, Agent, Solver, TicTacToe };
