// What the tests compare the engine with, written here from the rules alone: a board scanned in
// full after every move, and a plain exhaustive search. Nothing of the engine's is used.

/** A game of k in a row as a plain array of cells (0 empty, 1 X, 2 O), scanned on every query. */
export class Model {
  constructor(rows, cols, k, gravity, exact = false) {
    // With `exact`, a window counts only while the cells beside it on its line are not the player's.
    Object.assign(this, { rows, cols, k, gravity, exact });
    this.cells = new Array(rows * cols).fill(0);
    this.history = [];
    this.winner = 0;
  }

  get last() {
    return this.history.length ? this.history.at(-1)[2] : 0;
  }

  get isOver() {
    return this.winner !== 0 || this.history.length === this.rows * this.cols;
  }

  /** Whether `player` may play `(row, col)` now. */
  legal(row, col, player) {
    if (!Number.isInteger(row) || !Number.isInteger(col)) return false;
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return false;
    if (player !== 1 && player !== 2) return false;
    if (this.isOver || player === this.last) return false;
    if (this.cells[row * this.cols + col] !== 0) return false;
    return !this.gravity || row === this.rows - 1 || this.cells[(row + 1) * this.cols + col] !== 0;
  }

  /** The cells `player` may play, row-major. */
  moves() {
    const player = this.toMove();
    const out = [];
    for (let r = 0; r < this.rows; r++)
      for (let c = 0; c < this.cols; c++) if (this.legal(r, c, player)) out.push([r, c]);
    return out;
  }

  /** The player to move: not the last one; X before any move. */
  toMove() {
    return this.last === 1 ? 2 : 1;
  }

  /** The landing row of column `col` with gravity, or -1 when it is full. */
  landing(col) {
    for (let r = this.rows - 1; r >= 0; r--) if (this.cells[r * this.cols + col] === 0) return r;
    return -1;
  }

  play(row, col, player) {
    this.cells[row * this.cols + col] = player;
    this.history.push([row, col, player]);
    this.winner = this.scanWinner();
    return this.winner;
  }

  undo() {
    const [row, col] = this.history.pop();
    this.cells[row * this.cols + col] = 0;
    this.winner = this.scanWinner();
  }

  /** Every window of k cells on a line: lists of cell indices. */
  windows() {
    if (this._windows) return this._windows;
    const out = [];
    const { rows, cols, k } = this;
    for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]])
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const endR = r + dr * (k - 1);
          const endC = c + dc * (k - 1);
          if (endR < 0 || endR >= rows || endC < 0 || endC >= cols) continue;
          const w = [];
          for (let i = 0; i < k; i++) w.push((r + dr * i) * cols + (c + dc * i));
          const on = ([a, b]) => a >= 0 && a < rows && b >= 0 && b < cols;
          const ends = [[r - dr, c - dc], [endR + dr, endC + dc]].filter(on);
          w.flanks = ends.map(([a, b]) => a * cols + b);
          out.push(w);
        }
    this._windows = out;
    return out;
  }

  /** Under exact rules, whether no cell beside window `w` is `player`'s. */
  open(w, player) {
    return !this.exact || w.flanks.every((i) => this.cells[i] !== player);
  }

  scanWinner() {
    for (const w of this.windows()) {
      const first = this.cells[w[0]];
      if (first !== 0 && w.every((i) => this.cells[i] === first) && this.open(w, first)) return first;
    }
    return 0;
  }

  canWin(player) {
    if (this.isOver) return false;
    const other = player === 1 ? 2 : 1;
    return this.windows().some((w) => w.every((i) => this.cells[i] !== other) && this.open(w, player));
  }

  /** The board as Python's str shows it. */
  text() {
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      let line = "|";
      for (let c = 0; c < this.cols; c++) line += " XO"[this.cells[r * this.cols + c]] + "|";
      rows.push(line);
    }
    return rows.join("\n");
  }
}

/**
 * Plain exhaustive search: for every legal move of `model`'s player to move, `[row, col, value,
 * plies]` as the rules define a move's value (a win at once is 1, 1; a move that fills the board
 * is 0, 1; otherwise the negated value of the position it leads to, one ply longer).
 */
export function moveValues(model, memo = new Map()) {
  const player = model.toMove();
  const out = [];
  for (const [row, col] of model.moves()) {
    const won = model.play(row, col, player);
    let entry;
    if (won) entry = [1, 1];
    else if (model.history.length === model.rows * model.cols) entry = [0, 1];
    else {
      const [v, p] = solve(model, memo);
      entry = [v === 0 ? 0 : -v, p + 1];
    }
    model.undo();
    out.push([row, col, ...entry]);
  }
  return out;
}

/** The better of two `[value, plies]`: higher value; among wins fewer plies, among losses more. */
export function better(a, b) {
  if (a[0] !== b[0]) return a[0] > b[0];
  return a[0] > 0 ? a[1] < b[1] : a[0] < 0 ? a[1] > b[1] : false;
}

/** The `[value, plies]` of the position for the player to move. */
export function solve(model, memo = new Map()) {
  const key = model.cells.join("") + model.toMove();
  const known = memo.get(key);
  if (known) return known;
  let best = null;
  for (const [, , v, p] of moveValues(model, memo)) if (!best || better([v, p], best)) best = [v, p];
  memo.set(key, best);
  return best;
}

/** A small seeded generator (xorshift32), so a failure can be replayed. */
export function random(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}
