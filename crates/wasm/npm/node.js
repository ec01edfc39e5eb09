// The package's entry in Node: the engine is compiled and instantiated once, when the module is
// first imported, from the .wasm beside this file, so no set-up call is needed. Browsers use
// engine.js (the "./web" export) and call its init() first.
import { readFileSync } from "node:fs";
import { initSync } from "./engine.js";

initSync({ module: readFileSync(new URL("./tictactoe_engine_bg.wasm", import.meta.url)) });

export { Agent, Solver, TicTacToe } from "./engine.js";
