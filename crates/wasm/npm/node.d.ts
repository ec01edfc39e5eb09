// In Node the engine is ready on import: the same classes as the web build, without init().
export { Agent, Solver, TicTacToe } from "./tictactoe_engine.js";
export type { AgentOptions, MoveValue, Solution } from "./tictactoe_engine.js";
