// The JavaScript side of bench/python/js_bench.py: the same work, timed the same way, in Node on
// the npm package. Usage: node bench/js/bench.mjs DATA.json RUNS. Prints JSON lines like replay.py.
import { readFileSync } from "node:fs";
import { TicTacToe, Solver } from "../../target/npm/tictactoe-engine/node.js";

const [data, runs] = [JSON.parse(readFileSync(process.argv[2], "utf8")), Number(process.argv[3] ?? 5)];

/**
 * Times `run` (`ops` operations a call) like replay.group: a first call for the checksum, then
 * `runs`. Before them, calls for half a second at least: V8 first runs WebAssembly from a quick
 * baseline compile and swaps in its optimised code in the background once a function is hot, so
 * a set that takes a millisecond would otherwise be timed mostly on the baseline code.
 */
function time(group, name, ops, run) {
  const checksum = run();
  for (const end = process.hrtime.bigint() + 500_000_000n; process.hrtime.bigint() < end; ) run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    if (run() !== checksum) throw new Error(`${name}: runs disagree`);
    times.push(Number(process.hrtime.bigint() - start) / ops);
  }
  times.sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  console.log(JSON.stringify({ kind: "time", group, name, reference: false, ns: median, min: times[0], max: times.at(-1), checksum }));
}

const games = data.classic;
const moves = games.reduce((n, g) => n + g.length, 0);
const game = new TicTacToe(3);
time(data.move_group, "JavaScript (Node, WebAssembly): game.move", moves, () => {
  let winners = 0;
  for (const g of games) {
    game.reset();
    for (const [r, c, p] of g) winners += game.move(r, c, p);
  }
  return winners;
});

const bytes = Object.fromEntries(Object.entries(data.positions).map(([k, list]) => [k, list.map((h) => Buffer.from(h, "hex"))]));
for (const [group, list] of Object.entries(bytes)) {
  time(group, "JavaScript (Node, WebAssembly): TicTacToe.fromBytes(b).solve()", list.length, () => {
    let sum = 0;
    for (const b of list) {
      const position = TicTacToe.fromBytes(b);
      const { value, plies } = position.solve();
      sum += value * 100 + plies;
      position.free();
    }
    return sum;
  });
  const solver = new Solver(22);
  time(group, "JavaScript (Node, WebAssembly): Solver(22).solve, cleared each run", list.length, () => {
    solver.clear();
    let sum = 0;
    for (const b of list) {
      const position = TicTacToe.fromBytes(b);
      const { value, plies } = solver.solve(position);
      sum += value * 100 + plies;
      position.free();
    }
    return sum;
  });
  solver.free();
}
