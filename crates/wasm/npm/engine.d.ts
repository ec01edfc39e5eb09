// The web build's names: init() (or initSync) first, then the classes.
export { default, initSync, Agent, Solver, TicTacToe } from "./tictactoe_engine.js";
export type { AgentOptions, ColumnValue, SolverOptions, InitInput, InitOutput, MoveValue, Solution, SyncInitInput } from "./tictactoe_engine.js";
