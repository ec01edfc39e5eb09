//! The C ABI called as C would call it: arbitrary arguments, NULL included, in arbitrary order.

use core::ffi::{CStr, c_int};
use core::ptr;

use tictactoe::*;

use crate::{Input, coordinate};

/// What a game answers to every query: compared before and after a refused call.
fn state(game: *const TicTacToe) -> (c_int, c_int, c_int, i64, c_int, c_int, Vec<u8>) {
    let mut board = vec![0u8; 256];
    // SAFETY: `game` is NULL or live; `board` has the length passed.
    unsafe {
        let len = tictactoe_render(game, board.as_mut_ptr().cast(), board.len());
        board.truncate(len.clamp(0, 255) as usize);
        (
            tictactoe_winner(game),
            tictactoe_is_over(game),
            tictactoe_is_draw(game),
            tictactoe_move_count(game),
            tictactoe_can_win(game, 1),
            tictactoe_can_win(game, 2),
            board,
        )
    }
}

/// Arbitrary calls on two games (one may be lean) and NULL.
pub fn ffi(data: &[u8]) {
    let mut input = Input { data };
    let (Some(a), Some(b)) = (input.byte(), input.byte()) else {
        return;
    };
    let sizes = [i64::from(a % 6) + 1, i64::from(b % 6) + 1];
    let games: [*mut TicTacToe; 3] = [
        tictactoe_new(sizes[0]),
        if b & 0x80 == 0 {
            tictactoe_new_lean(sizes[1])
        } else {
            tictactoe_new(sizes[1])
        },
        ptr::null_mut(),
    ];
    assert!(!games[0].is_null() && !games[1].is_null());
    while let Some(op) = input.byte() {
        let which = usize::from(op >> 4) % 3;
        let game = games[which];
        let n = if which < 2 { sizes[which] as usize } else { 3 };
        let before = state(game);
        let (Some(x), Some(y), Some(z)) = (input.byte(), input.byte(), input.byte()) else {
            break;
        };
        let (row, col) = (coordinate(x, n), coordinate(y, n));
        let player = i64::from(z % 4);
        // SAFETY: every pointer is NULL or a live game; buffers are as long as passed.
        let code = unsafe {
            match op % 8 {
                0 | 1 => tictactoe_move(game, row, col, player),
                2 => tictactoe_undo(game, ptr::null_mut(), ptr::null_mut()),
                3 => tictactoe_reset(game),
                4 => tictactoe_cell(game, row, col),
                5 => {
                    let moves = [
                        TicTacToeMove { row, col, player },
                        TicTacToeMove {
                            row: col,
                            col: row,
                            player: 3 - player,
                        },
                    ];
                    let mut failed = usize::MAX;
                    let code =
                        tictactoe_play(game, moves.as_ptr(), usize::from(z % 3), &mut failed);
                    assert!(code >= 0 || failed < 2 || game.is_null());
                    code
                }
                6 => {
                    let mut small = [0u8; 5];
                    let len = tictactoe_render(game, small.as_mut_ptr().cast(), usize::from(z % 6));
                    if len >= 0 && z % 6 > 0 {
                        assert!(small.contains(&0), "render always terminates its output");
                    }
                    len.clamp(-100, 0) as c_int
                }
                _ => tictactoe_can_win(game, i64::from(x) - 128),
            }
        };
        // SAFETY: tictactoe_strerror returns a static string for any int.
        let message = unsafe { CStr::from_ptr(tictactoe_strerror(code)) };
        assert!(!message.is_empty());
        if code < 0 {
            assert!(
                code >= TicTacToeError::Other as c_int,
                "unknown code {code}"
            );
            assert_ne!(
                code,
                TicTacToeError::Panic as c_int,
                "a panic reached the boundary"
            );
            assert_eq!(state(game), before, "a refused call changed the game");
        }
    }
    for game in games {
        // SAFETY: each game is live or NULL, and freed once.
        unsafe { tictactoe_free(game) };
    }
}
