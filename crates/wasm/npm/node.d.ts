// In Node the engine is ready on import: the same classes as the web build, without init().
export { TicTacToe, Solver, Agent } from "./tictactoe_engine.js";
