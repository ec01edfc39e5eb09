//! One solve on several threads sharing the table ("lazy SMP"): the main search runs as it would
//! alone, and helpers search the same position beside it, each parting ways a little (its own
//! quarter of the positions tries the second move first), writing what they prove into the table
//! the main search reads. Only the main search's answer is returned, so answers are exact and
//! the same on every run and for every thread count; only the node counts and the time vary.
//! A solver with one thread starts none.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::position::Position;
use super::search::{self, OutOfNodes, Search};
use super::table::Table;

/// Positions with at least this many empty cells are solved with helpers: below it a thread's
/// start costs more than the help it gives.
const SHARED_EMPTY: u32 = 28;

/// Whether `p` is worth helper threads in `search`: a search that may start them, may share its
/// table (no node limit), and `p` at least [`SHARED_EMPTY`] cells from full.
pub(crate) fn pays(search: &Search<'_>, p: &Position) -> bool {
    search.helpers > 0
        && search.may_share()
        && search.shape.cells().count_ones() - p.moves >= SHARED_EMPTY
}

/// Sets the flag when dropped: the helpers stop however the main search ends, a panic included
/// (else the scope would wait for them forever).
struct Stop<'a>(&'a AtomicBool);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

/// `p`'s score by `search` (no node limit, a shareable table) with its helpers beside it: the
/// same solve, each helper's moves in a slightly different order (see [`Search::helper`]), so
/// that the threads part ways and each finds in the table what the others proved. The helpers'
/// own answers are not used.
pub(crate) fn solve(search: &mut Search<'_>, p: Position) -> Result<i32, OutOfNodes> {
    helped(
        search,
        |main| main.solve_alone(p),
        |helper, _| {
            let _ = helper.solve_alone(p);
        },
    )
}

/// The scores of `children` by `search` (no node limit, a shareable table), one after the other,
/// with helpers solving them in other orders on the same table: the first from the last one
/// back, the others from their own places around the list, so that the main search finds there
/// what the helpers proved of the later ones (a position's moves in `move_values`). Only the
/// main search's answers are used.
pub(crate) fn solve_each(
    search: &mut Search<'_>,
    children: &[Position],
) -> Result<Vec<i32>, OutOfNodes> {
    helped(
        search,
        |main| children.iter().map(|&c| main.solve_alone(c)).collect(),
        |helper, (which, of)| {
            // Helper `which` of `of` starts at its share of the list and goes backwards round it.
            let len = children.len();
            let start = len - 1 - (which * len / of).min(len - 1);
            for i in 0..len {
                if helper
                    .solve_alone(children[(start + len - i) % len])
                    .is_err()
                {
                    break;
                }
            }
        },
    )
}

/// Runs `main` on `search` with `search.helpers` helper threads, each running `help` (told which
/// helper it is, from 0, and how many there are) on a search of the same table and books,
/// stopped (their searches cut short) once `main` returns.
fn helped<T>(
    search: &mut Search<'_>,
    main: impl FnOnce(&mut Search<'_>) -> Result<T, OutOfNodes>,
    help: impl Fn(&mut Search<'_>, (usize, usize)) + Sync,
) -> Result<T, OutOfNodes> {
    let flag = AtomicBool::new(false);
    let (shape, table, books, count) =
        (search.shape, search.table(), search.books(), search.helpers);
    let busy = search.busy;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (0..count)
            .filter_map(|which| {
                let (flag, help) = (&flag, &help);
                let run = move || {
                    // Its own small table for the positions near the end, if the search has one.
                    let near = search::wants_near(&shape, table.bits())
                        .then(|| Table::new(search::NEAR_BITS))
                        .flatten()
                        .map(|mut near| {
                            near.prepare(&shape, true);
                            near
                        });
                    let seed = (which as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D);
                    let mut helper = Search::helper(shape, table, near.as_ref(), flag, seed, busy);
                    helper.use_books(books);
                    help(&mut helper, (which, count));
                    (helper.nodes, helper.hits)
                };
                // A helper that could not start only gives no help.
                std::thread::Builder::new().spawn_scoped(scope, run).ok()
            })
            .collect();
        let result = {
            let _stop = Stop(&flag);
            search.sharing = true;
            let result = main(search);
            search.sharing = false;
            result
        };
        for helper in helpers {
            // A helper that failed only gave no help.
            let (nodes, hits) = helper.join().unwrap_or((0, 0));
            search.nodes += nodes;
            search.hits += hits;
        }
        result
    })
}
