//! A checked game whose history must grow when the allocator says no: the move is refused with
//! `OutOfMemory`, nothing changes, and the same move succeeds once memory is back. A test binary of
//! its own, because it replaces the global allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

use tictactoe_core::{Error, Game, Player};

/// The system allocator, except that it refuses every allocation while `REFUSE` is set.
struct Refusing;

static REFUSE: AtomicBool = AtomicBool::new(false);

// SAFETY: every call goes to the system allocator unchanged, or returns null, which `GlobalAlloc`
// allows for any allocation that cannot be satisfied.
unsafe impl GlobalAlloc for Refusing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if REFUSE.load(Ordering::SeqCst) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's promises about `layout` are passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if REFUSE.load(Ordering::SeqCst) {
            return std::ptr::null_mut();
        }
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Refusing = Refusing;

#[test]
fn a_move_whose_history_cannot_grow_is_refused_and_changes_nothing() {
    // 12 x 12, row by row, players alternating: no line is complete within the first 65 moves, and
    // the history's first room (64 moves) is full after the 64th.
    let n = 12;
    let mut game = Game::new(n).expect("a game");
    let cell = |k: usize| {
        (
            k / n,
            k % n,
            if k.is_multiple_of(2) {
                Player::X
            } else {
                Player::O
            },
        )
    };
    for k in 0..64 {
        let (row, col, player) = cell(k);
        assert_eq!(game.play(row, col, player), Ok(None));
    }
    let before = game.encode();
    let (row, col, player) = cell(64);
    REFUSE.store(true, Ordering::SeqCst);
    let refused = game.play(row, col, player);
    REFUSE.store(false, Ordering::SeqCst);
    assert_eq!(refused, Err(Error::OutOfMemory { n }));
    assert_eq!(game.encode(), before, "a refused move changed the game");
    assert_eq!(game.move_count(), 64);
    // Memory is back: the same move goes through, and the history holds it.
    assert_eq!(game.play(row, col, player), Ok(None));
    assert_eq!(game.moves().last(), Some((row, col, player)));
    assert_eq!(game.undo(), Ok((row, col, player)));
    assert_eq!(game.encode(), before);
}
