//! The benchmark's games: generated once from a fixed seed, written to a file of little-endian `i64`
//! records `[n, k, row, col, player, ...]` that every contender (Rust, C, Python) replays.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::Path;

use tictactoe_core::{Game, Player};

/// A small deterministic generator (SplitMix64): the same games on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }
}

/// The game sets of the benchmark: (file name, n, games, most moves per game).
pub const SETS: [(&str, usize, usize, usize); 3] = [
    ("games-n3.bin", 3, 22_500, 9),
    ("games-n1000.bin", 1000, 2, 1_000_000),
    ("games-n100000.bin", 100_000, 1, 2_000_000),
];

/// Random games on an `n x n` board: a random first player, then alternating players on random free
/// cells, until a win, a full board or `limit` moves.
pub fn generate(n: usize, games: usize, limit: usize, rng: &mut Rng) -> Vec<i64> {
    let mut out = Vec::new();
    let cells = (n * n) as u64;
    for _ in 0..games {
        let mut game = Game::new_lean(n).expect("a lean game of this size");
        let mut player = if rng.below(2) == 0 {
            Player::X
        } else {
            Player::O
        };
        let header = out.len();
        out.extend([n as i64, 0]);
        let mut order: Vec<u64> = Vec::new();
        let mut seen = HashSet::new();
        let dense = cells <= 4 * limit as u64;
        if dense {
            // Shuffle every cell, then play them in order.
            order = (0..cells).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        let mut shuffled = order.into_iter();
        for _ in 0..limit.min(cells as usize) {
            let cell = match shuffled.next() {
                Some(cell) => cell,
                None => loop {
                    let c = rng.below(cells);
                    if seen.insert(c) {
                        break c;
                    }
                },
            };
            let (row, col) = ((cell / n as u64) as usize, (cell % n as u64) as usize);
            out.extend([row as i64, col as i64, i64::from(player.number())]);
            let winner = game.play(row, col, player).expect("a legal generated move");
            if winner.is_some() || game.is_over() {
                break;
            }
            player = player.other();
        }
        out[header + 1] = ((out.len() - header - 2) / 3) as i64;
    }
    out
}

pub fn write(path: &Path, words: &[i64]) -> io::Result<()> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    fs::write(path, bytes)
}

pub fn read(path: &Path) -> io::Result<Vec<i64>> {
    let bytes = fs::read(path)?;
    Ok(bytes
        .chunks_exact(8)
        .map(|b| i64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect())
}

/// The games of a file as (n, moves) pairs.
pub fn games(words: &[i64]) -> Vec<(usize, &[i64])> {
    let mut out = Vec::new();
    let mut at = 0;
    while at + 2 <= words.len() {
        let (n, k) = (words[at] as usize, words[at + 1] as usize);
        out.push((n, &words[at + 2..at + 2 + 3 * k]));
        at += 2 + 3 * k;
    }
    out
}
