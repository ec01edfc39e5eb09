//! The floors of the Connect Four batch rows: the loop a skilled programmer writes alone, and
//! one written for speed (two words, tables, multiply-gathered rows), each with the same outputs
//! as `VecGames`.

use std::hint::black_box;

use tictactoe_bench::Rng;

/// The floor of a Connect Four batch: per game the two players' 64-bit boards (7 bits a column),
/// the column heights, whose move it is and whether it ended; a random open column; the shift-and
/// win test; and the same outputs as `VecGames` (the mover's view, the open columns, the player,
/// rewards, termination, winner), next-step auto-reset. Its checksum is its own.
pub(crate) fn plain_connect_four_batch(envs: usize, steps: usize) -> i64 {
    fn won(b: u64) -> bool {
        [7, 1, 8, 6].iter().any(|&s| {
            let m = b & (b >> s);
            m & (m >> (2 * s)) != 0
        })
    }
    #[derive(Clone, Copy)]
    struct G {
        boards: [u64; 2],
        heights: [u8; 7],
        moves: u8,
        ended: bool,
    }
    let fresh = G {
        boards: [0; 2],
        heights: [0; 7],
        moves: 0,
        ended: false,
    };
    let mut games = vec![fresh; envs];
    let (mut obs, mut mask, mut player) = (
        vec![[false; 84]; envs],
        vec![[false; 7]; envs],
        vec![0u8; envs],
    );
    let (mut rewards, mut done, mut winner) =
        (vec![[0f32; 2]; envs], vec![false; envs], vec![0u8; envs]);
    let mut rng = Rng::new(1);
    let mut sum = 0i64;
    for _ in 0..steps {
        for i in 0..envs {
            let g = &mut games[i];
            rewards[i] = [0.0; 2];
            (done[i], winner[i]) = (false, 0);
            if g.ended {
                *g = fresh;
            } else {
                let open = g.heights.iter().filter(|&&h| h < 6).count() as u64;
                let mut pick = rng.below(open);
                let col = (0..7)
                    .find(|&c| {
                        if g.heights[c] >= 6 {
                            return false;
                        }
                        let here = pick == 0;
                        pick = pick.wrapping_sub(1);
                        here
                    })
                    .unwrap_or(0);
                let p = usize::from(g.moves & 1);
                g.boards[p] |= 1 << (7 * col + usize::from(g.heights[col]));
                g.heights[col] += 1;
                g.moves += 1;
                if won(g.boards[p]) {
                    (rewards[i][p], rewards[i][1 - p], winner[i]) = (1.0, -1.0, p as u8 + 1);
                }
                done[i] = winner[i] != 0 || g.moves == 42;
                g.ended = done[i];
            }
            // Row 0 is the top: cell (row, col) is bit 7 * col + (5 - row).
            let me = usize::from(g.moves & 1);
            for row in 0..6 {
                for col in 0..7 {
                    let bit = 1 << (7 * col + 5 - row);
                    let at = 2 * (7 * row + col);
                    obs[i][at] = g.boards[me] & bit != 0;
                    obs[i][at + 1] = g.boards[1 - me] & bit != 0;
                }
            }
            for (col, m) in mask[i].iter_mut().enumerate() {
                *m = g.ended || g.heights[col] < 6;
            }
            player[i] = me as u8 + 1;
        }
        sum += done.iter().filter(|&&d| d).count() as i64;
    }
    black_box((&obs, &mask, &player, &rewards, &winner));
    sum
}

/// Bit `7 * col` of every column: the bottom row in the 7-bits-a-column layout.
const BOTTOM: u64 = {
    let (mut word, mut col) = (0, 0);
    while col < 7 {
        word |= 1 << (7 * col);
        col += 1;
    }
    word
};

/// Gathers bits `7 * col` (col 0..7) into the low 7 bits: each lands at `42 + col` under one
/// multiplication (every product term falls on its own bit, so nothing carries).
#[inline(always)]
fn gather(spaced: u64) -> usize {
    const MAGIC: u64 = {
        let (mut word, mut col) = (0, 0);
        while col < 7 {
            word |= 1 << (42 - 6 * col);
            col += 1;
        }
        word
    };
    (spaced.wrapping_mul(MAGIC) >> 42) as usize & 0x7F
}

/// The floor written for speed, the same outputs as the plain floor (and the same games: the same
/// generator and the same pick among the open columns, so the same checksum): per game the mover's
/// stones and all stones (7 bits a column); the random column the n-th set bit of the 7-bit mask of
/// open columns (a table); the landing cell one addition; the shift-and win test; each row of the
/// observation gathered into 7 bits by one multiplication a player and spread to its 14 bytes by a
/// 128-entry table; the mask's 7 bytes by another.
pub(crate) fn fast_connect_four_batch(envs: usize, steps: usize) -> i64 {
    fn won(b: u64) -> bool {
        let run = |s: u32| {
            let m = b & (b >> s);
            m & (m >> (2 * s)) != 0
        };
        run(1) | run(7) | run(6) | run(8)
    }
    // NTH[mask][n]: the n-th set bit of `mask`.
    let mut nth = [[0u8; 8]; 128];
    // PAIRS[bits]: byte 2c holds bit c (the mover's channel; the opponent's is one byte up).
    let mut pairs = [0u128; 128];
    // BYTES[bits]: byte c holds bit c.
    let mut bytes = [0u64; 128];
    for mask in 0..128usize {
        let mut n = 0;
        for col in 0..7 {
            if mask >> col & 1 == 1 {
                nth[mask][n] = col as u8;
                n += 1;
                pairs[mask] |= 1 << (16 * col);
                bytes[mask] |= 1 << (8 * col);
            }
        }
    }
    #[derive(Clone, Copy)]
    struct G {
        /// The stones of the player to move, and all stones.
        mine: u64,
        all: u64,
        moves: u8,
        ended: bool,
    }
    let fresh = G {
        mine: 0,
        all: 0,
        moves: 0,
        ended: false,
    };
    let mut games = vec![fresh; envs];
    let (mut obs, mut mask, mut player) =
        (vec![[0u8; 84]; envs], vec![[0u8; 7]; envs], vec![0u8; envs]);
    let (mut rewards, mut done, mut winner) =
        (vec![[0f32; 2]; envs], vec![false; envs], vec![0u8; envs]);
    let mut rng = Rng::new(1);
    let mut sum = 0i64;
    for _ in 0..steps {
        for i in 0..envs {
            let g = &mut games[i];
            rewards[i] = [0.0; 2];
            (done[i], winner[i]) = (false, 0);
            if g.ended {
                *g = fresh;
            } else {
                let open = gather(!g.all >> 5 & BOTTOM);
                let pick = rng.below(u64::from(open.count_ones())) as usize;
                let col = u32::from(nth[open][pick]);
                let bit = (g.all + (1 << (7 * col))) & !g.all;
                let stones = g.mine | bit;
                let p = usize::from(g.moves & 1);
                if won(stones) {
                    (rewards[i][p], rewards[i][1 - p], winner[i]) = (1.0, -1.0, p as u8 + 1);
                }
                g.all |= bit;
                g.mine = g.all ^ stones;
                g.moves += 1;
                done[i] = winner[i] != 0 || g.moves == 42;
                g.ended = done[i];
            }
            let theirs = g.all ^ g.mine;
            for row in 0..6 {
                let shift = 5 - row;
                let me = gather(g.mine >> shift & BOTTOM);
                let them = gather(theirs >> shift & BOTTOM);
                let cells = pairs[me] | pairs[them] << 8;
                obs[i][14 * row..14 * row + 14].copy_from_slice(&cells.to_le_bytes()[..14]);
            }
            let open = if g.ended {
                0x7F
            } else {
                gather(!g.all >> 5 & BOTTOM)
            };
            mask[i].copy_from_slice(&bytes[open].to_le_bytes()[..7]);
            player[i] = (g.moves & 1) + 1;
        }
        sum += done.iter().filter(|&&d| d).count() as i64;
    }
    black_box((&obs, &mask, &player, &rewards, &winner));
    sum
}

#[cfg(test)]
mod tests {
    /// The floor written for speed plays the plain floor's games: the same games ended each step.
    #[test]
    fn the_fast_floor_plays_the_plain_floors_games() {
        for envs in [1, 7, 256] {
            assert_eq!(
                super::fast_connect_four_batch(envs, 400),
                super::plain_connect_four_batch(envs, 400)
            );
        }
    }
}
