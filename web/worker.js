// The engine's side of the page: a Web Worker, so that a long search never freezes the page. Each
// request carries the game as bytes and the settings; the agent (and its table) is kept while the
// settings stay the same.
import init, { Agent, TicTacToe } from "./pkg/engine.js";

const ready = init();
let agent = null;
let settings = "";

self.onmessage = async ({ data }) => {
  await ready;
  const { id, bytes, skill, maxNodes, seed } = data;
  const key = `${skill}/${maxNodes}/${seed}`;
  if (key !== settings) {
    agent?.free();
    agent = new Agent(skill, { seed, maxNodes });
    settings = key;
  }
  const game = TicTacToe.fromBytes(bytes);
  try {
    const [row, col] = agent.choose(game);
    self.postMessage({ id, row, col, solved: agent.lastSolved });
  } catch (err) {
    self.postMessage({ id, error: `${err.name}: ${err.message}` });
  } finally {
    game.free();
  }
};
