//! A bare-metal program that plays the classic game on a fixed-size board. It links no allocator and
//! no standard library: if the core needed either, this would not build.

#![no_std]
#![no_main]

use core::panic::PanicInfo;

use tictactoe_core::{FixedGame, Player};

/// Plays the classic transcript; returns the winner's number, or 0 when any step went wrong.
fn classic() -> u8 {
    let mut game = FixedGame::<3>::new();
    let moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)];
    let mut winner = 0;
    for (row, col, player) in moves {
        match game.play_i64(row, col, player) {
            Ok(w) => winner = w,
            Err(_) => return 0,
        }
    }
    // An illegal move afterwards is refused, not a crash.
    match game.play(1, 2, Player::O) {
        Err(_) => winner,
        Ok(_) => 0,
    }
}

/// The reset entry point: play, then park the core.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let winner = classic();
    // Keep the result observable so the game is not optimised away.
    core::hint::black_box(winner);
    loop {
        core::hint::spin_loop();
    }
}

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {
        core::hint::spin_loop();
    }
}
