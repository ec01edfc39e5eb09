//! One solve on two threads sharing the table ("lazy SMP"): the main search runs as it would
//! alone, and a helper searches the same position beside it, writing what it proves into the
//! table the main search reads. Only the main search's answer is returned, so answers are exact
//! and the same on every run; only the node counts and the time vary.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::position::Position;
use super::search::{self, OutOfNodes, Search};
use super::table::Table;

/// Positions with at least this many empty cells are solved on two threads: below it a thread's
/// start costs more than the help it gives.
const SHARED_EMPTY: u32 = 28;

/// Whether `p` is worth a helper thread in `search`: a search that may share its table (no node
/// limit), and `p` at least [`SHARED_EMPTY`] cells from full.
pub(crate) fn pays(search: &Search<'_>, p: &Position) -> bool {
    search.may_share() && search.shape.cells().count_ones() - p.moves >= SHARED_EMPTY
}

/// Sets the flag when dropped: the helper stops however the main search ends, a panic included
/// (else the scope would wait for the helper forever).
struct Stop<'a>(&'a AtomicBool);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

/// `p`'s score by `search` (no node limit, a shareable table) with a helper beside it: the same
/// solve, its moves in a slightly different order (see [`Search::helper`]), so that the two
/// threads part ways and each finds in the table what the other proved. The helper's own answer
/// is not used.
pub(crate) fn solve(search: &mut Search<'_>, p: Position) -> Result<i32, OutOfNodes> {
    helped(
        search,
        |main| main.solve_alone(p),
        |helper| {
            let _ = helper.solve_alone(p);
        },
    )
}

/// The scores of `children` by `search` (no node limit, a shareable table), one after the other,
/// with a helper solving them from the last one back on the same table: the main search finds
/// there what the helper proved of the later ones, and the two meet about halfway (a position's
/// moves in `move_values`). Only the main search's answers are used.
pub(crate) fn solve_each(
    search: &mut Search<'_>,
    children: &[Position],
) -> Result<Vec<i32>, OutOfNodes> {
    helped(
        search,
        |main| children.iter().map(|&c| main.solve_alone(c)).collect(),
        |helper| {
            for &child in children.iter().rev() {
                if helper.solve_alone(child).is_err() {
                    break;
                }
            }
        },
    )
}

/// Runs `main` on `search` with a helper thread running `help` on a search of the same table
/// and books, stopped (its search cut short) once `main` returns.
fn helped<T>(
    search: &mut Search<'_>,
    main: impl FnOnce(&mut Search<'_>) -> Result<T, OutOfNodes>,
    help: impl FnOnce(&mut Search<'_>) + Send,
) -> Result<T, OutOfNodes> {
    let flag = AtomicBool::new(false);
    let (shape, table, books) = (search.shape, search.table(), search.books());
    std::thread::scope(|scope| {
        let helper = std::thread::Builder::new().spawn_scoped(scope, || {
            // Its own small table for the positions near the end, if the search has one.
            let near = search::wants_near(&shape, table.bits())
                .then(|| Table::new(search::NEAR_BITS))
                .flatten()
                .map(|mut near| {
                    near.prepare(&shape, true);
                    near
                });
            let mut helper = Search::helper(shape, table, near.as_ref(), &flag);
            helper.use_books(books);
            help(&mut helper);
            (helper.nodes, helper.hits)
        });
        let result = {
            let _stop = Stop(&flag);
            main(search)
        };
        if let Ok(helper) = helper {
            // A helper that could not start or that failed only gave no help.
            let (nodes, hits) = helper.join().unwrap_or((0, 0));
            search.nodes += nodes;
            search.hits += hits;
        }
        result
    })
}
