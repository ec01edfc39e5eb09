// The three games of the page: their rules and how long the engine may think about a move.
export const GAMES = {
  // Solved outright: the whole tree is a few thousand positions.
  tictactoe: { rules: [3, 3, 3, false], maxNodes: null },
  // A complete solve where one fits in the budget, else the engine's own rating of the moves.
  connect4: { rules: [6, 7, 4, true], maxNodes: 300_000 },
  gomoku: { rules: [15, 15, 5, false], maxNodes: 2_000 },
};
