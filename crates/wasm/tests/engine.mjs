// The package under test, as `make wasm` left it.
export * from "../../../target/npm/tictactoe-engine/node.js";
