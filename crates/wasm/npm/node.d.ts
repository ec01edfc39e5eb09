// In Node the engine is ready on import: the same classes as the web build, without init(). Its
// declarations name no DOM type, so a Node-only project compiles them without lib "dom".
export { Agent, Solver, TicTacToe } from "./classes.js";
export type { AgentOptions, ColumnValue, MoveValue, Solution, SolverOptions } from "./classes.js";
