// The package's declarations, checked by the TypeScript compiler (make node-test): the calls the
// README shows type-check as written, optional arguments may be left out, and the answers have
// the shapes the SPEC gives. Never run; a wrong declaration fails the compile.
import { Agent, Solver, TicTacToe, type AgentOptions, type MoveValue, type Solution } from "tictactoe-engine";
import init, { TicTacToe as WebGame } from "tictactoe-engine/web";

const game: TicTacToe = new TicTacToe(3);
const won: number = game.move(0, 0, 1);
const solution: Solution = game.solve();
const limited: Solution = game.solve(1000);
const value: -1 | 0 | 1 = solution.value;
const best: Array<[number, number]> = game.bestMoves();
const values: MoveValue[] = game.moveValues(null);
const [row, col, player]: [number, number, number] = game.undo();
const bytes: Uint8Array = game.toBytes();
const again: TicTacToe = TicTacToe.fromBytes(bytes);
const c4 = TicTacToe.connectFour();
c4.drop(3, 1);
const gomoku = TicTacToe.gomoku();
const rules = TicTacToe.withRules(6, 7, 4, true);
const plain = TicTacToe.withRules(3, 4, 3);
const standard: boolean = TicTacToe.withRules(15, 15, 5, false, true).exact && TicTacToe.gomoku(15, true).exact;
const facts: [number, number, number, boolean, number, boolean, boolean, number] = [
  rules.rows, rules.cols, rules.k, rules.gravity, rules.winner, rules.isOver, rules.isDraw, rules.moveCount,
];
const holder: number = game.cell(1, 1);
const alive: boolean = game.canWin(2);
const text: string = game.toString();

const solver = new Solver();
const sized = new Solver(16);
const kept: Solution = solver.solve(c4, 100_000);
solver.clear();
const bits: number = sized.tableBits;

const agent = new Agent();
const dial = new Agent(0.5, { seed: 7, maxNodes: 200_000 });
const big = new Agent(1, { seed: 2n ** 63n });
const [r, c]: [number, number] = dial.choose(c4);
const solved: boolean = dial.lastSolved;
const options: AgentOptions = { seed: 1n, maxNodes: 5 };
const opened = TicTacToe.connectFour("4453");
const notation: [string, number[], number, [number, number], string] = [
  opened.moveString(), opened.legalMoves(), opened.toMove, opened.bestMove(null, "center"), opened.toString(true),
];
// @ts-expect-error a tie-break is one of three names
opened.bestMove(null, "middle");
const optioned = new Agent(0.25, options);

// Optional arguments are typed, not `any`: each wrong type below must be an error.
// @ts-expect-error a skill is a number
new Agent("1");
// @ts-expect-error options are an object
new Agent(1, 5);
// @ts-expect-error a budget is a number
game.solve("1000");
// @ts-expect-error a table size is a number
new Solver("16");
// @ts-expect-error gravity is a boolean
TicTacToe.withRules(6, 7, 4, 1);
// @ts-expect-error exact is a boolean
TicTacToe.withRules(6, 7, 4, true, 1);
// @ts-expect-error a side is a number
TicTacToe.gomoku("15");

async function web(): Promise<void> {
  await init();
  new WebGame(3).free();
}

export const used = [won, limited, value, best, values, row, col, player, again, gomoku, plain, standard, facts,
  holder, alive, text, kept, bits, agent, big, r, c, solved, optioned, notation, web];
