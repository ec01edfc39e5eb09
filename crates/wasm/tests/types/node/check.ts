// A Node-only project, without the DOM library: the package's Node entry type-checks (make
// node-test). Never run; a declaration that names a DOM type fails the compile.
import { Agent, Solver, TicTacToe, type AgentOptions, type ColumnValue, type MoveValue } from "tictactoe-engine";

const game = TicTacToe.connectFour("3342", 0);
game.playMoves("1", 1);
const column: number = game.bestColumn(null, "leftmost");
const byColumn: ColumnValue[] = game.columnValues();
const values: MoveValue[] = new Solver(16).moveValues(game);
const options: AgentOptions = { seed: 1, maxNodes: 1000, tieBreak: "leftmost" };
const [row, col]: [number, number] = new Agent(1, options).choose(game);
const written: string = game.moveString(0);
export { byColumn, col, column, row, values, written };
