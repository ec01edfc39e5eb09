//! Splitting a batch into its blocks' pieces, and running the blocks: on threads of their own when
//! feature `std` is on and each block is large enough to pay for one, else one after another.

use super::Part;
use super::VecGames;

/// Each block's game count, from where each block starts: allocates nothing, so a small batch's
/// step costs no allocation.
pub(super) fn sizes(starts: &[usize], num_envs: usize) -> impl Iterator<Item = usize> + Clone + '_ {
    let ends = starts.iter().skip(1).copied().chain([num_envs]);
    starts.iter().zip(ends).map(|(&start, end)| end - start)
}

/// The first `len` items of `slice` (all of them when it holds fewer), leaving the rest in it.
pub(super) fn front<'a, T>(slice: &mut &'a mut [T], len: usize) -> &'a mut [T] {
    let cut = len.min(slice.len());
    let (head, tail) = core::mem::take(slice).split_at_mut(cut);
    *slice = tail;
    head
}

/// Cuts `slice` into consecutive pieces of `per` items for each block's game count.
pub(super) fn split<T>(
    mut slice: &mut [T],
    sizes: impl Iterator<Item = usize>,
    per: usize,
) -> impl Iterator<Item = &mut [T]> {
    sizes.map(move |size| front(&mut slice, size * per))
}

/// [`split`] for an optional input, one item a game: `None` for every block when there is none.
pub(super) fn pieces<T>(
    whole: Option<&[T]>,
    sizes: impl Iterator<Item = usize>,
) -> impl Iterator<Item = Option<&[T]>> {
    let mut start = 0;
    sizes.map(move |size| {
        let piece = whole.map(|w| &w[start..start + size]);
        start += size;
        piece
    })
}

/// Runs `work` on every block with its own piece of the buffers.
pub(super) fn each<W, F>(blocks: &mut [Part], pieces: impl Iterator<Item = W>, work: F)
where
    W: Send,
    F: Fn(&mut Part, W) + Sync,
{
    // The last block is the smallest (the first ones take one game more when sizes differ).
    let smallest = blocks.last().map_or(0, Part::num_envs);
    let jobs = blocks.iter_mut().zip(pieces);
    if in_turn(smallest) {
        jobs.for_each(|(block, piece)| work(block, piece));
        return;
    }
    run_on_threads(jobs, &work);
}

/// Whether the blocks run one after another: without `std`, or when a thread would cost more than
/// its block takes.
fn in_turn(smallest: usize) -> bool {
    !cfg!(feature = "std") || smallest < VecGames::PARALLEL_GAMES
}

#[cfg(feature = "std")]
fn run_on_threads<'b, W, F>(mut jobs: impl Iterator<Item = (&'b mut Part, W)>, work: &F)
where
    W: Send,
    F: Fn(&mut Part, W) + Sync,
{
    let Some((first, first_piece)) = jobs.next() else {
        return;
    };
    std::thread::scope(|scope| {
        let handles: alloc::vec::Vec<_> = jobs
            .map(|(block, piece)| scope.spawn(move || work(block, piece)))
            .collect();
        work(first, first_piece);
        for handle in handles {
            // The engine does not panic; if a worker did, the panic goes on in the caller.
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

#[cfg(not(feature = "std"))]
fn run_on_threads<'b, W, F>(jobs: impl Iterator<Item = (&'b mut Part, W)>, work: &F)
where
    F: Fn(&mut Part, W),
{
    jobs.for_each(|(block, piece)| work(block, piece));
}
