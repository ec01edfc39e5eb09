// The package's entry in Node: the engine is compiled and instantiated once, when the module is
// first imported, from the .wasm beside this file, so no set-up call is needed. Browsers use
// tictactoe_engine.js directly and call its init() first.
import { readFileSync } from "node:fs";
import { initSync } from "./tictactoe_engine.js";

initSync({ module: readFileSync(new URL("./tictactoe_engine_bg.wasm", import.meta.url)) });

export * from "./tictactoe_engine.js";
