// The three games of the page: their rules, how long the engine may think about a move, and the
// colours of the two players' marks (X first, then O), named for the legend.
export const GAMES = {
  // Solved outright: the whole tree is a few thousand positions.
  tictactoe: { rules: [3, 3, 3, false], maxNodes: null, colours: ["blue", "red"] },
  // A complete solve where one fits in the budget, else the engine's own rating of the moves.
  connect4: { rules: [6, 7, 4, true], maxNodes: 300_000, colours: ["red", "yellow"] },
  gomoku: { rules: [15, 15, 5, false], maxNodes: 2_000, colours: ["blue", "red"] },
};

// The dial's levels, by the lowest skill that reaches each.
export const LEVELS = [
  [1, "perfect"],
  [0.75, "strong"],
  [0.5, "casual"],
  [0.25, "beginner"],
  [0, "random"],
];
