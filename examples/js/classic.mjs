// The classic 3x3 game through the npm package: X takes the bottom row on the seventh move.
// The last line is the same from every face, so `make demo` can show that they agree.
import { TicTacToe } from "tictactoe-engine";

const MOVES = [[0, 0, 1], [0, 2, 2], [2, 2, 1], [1, 1, 2], [2, 0, 1], [1, 0, 2], [2, 1, 1]];
const SYMBOL = " XO";

const game = new TicTacToe(3);
let line = "JavaScript:";
for (const [row, col, player] of MOVES) {
  const winner = game.move(row, col, player);
  line += ` ${SYMBOL[player]}(${row},${col})`;
  if (winner) line += ` -> ${SYMBOL[winner]} wins`;
}
console.log(line);
console.log(game.toString());
const board = [0, 1, 2]
  .map((r) => [0, 1, 2].map((c) => (game.cell(r, c) ? SYMBOL[game.cell(r, c)] : ".")).join(""))
  .join("/");
console.log(`final: ${SYMBOL[game.winner]} has won after ${game.moveCount} moves, board ${board}`);
game.free();
