//! A move by the clock: iterative deepening over node budgets. The budget doubles from
//! [`FIRST_BUDGET`] for as long as the next search is expected to end in time, and the answer is
//! the last search's that ended; each search is a whole search within its budget, so the move
//! is the one that budget gives, only which budget is reached depends on the machine.
//!
//! A search of twice the budget took at most about twice the time in the gomoku positions
//! measured (budgets from 1,000 to 4,000,000 nodes, each four times the last, took at most 3.6
//! times as long as the one before); the next search starts only when [`GROWTH_ALLOWED`] times the
//! last one's time still fits (half again the doubling), so that a move ends in time unless a
//! search of twice the budget takes more than three times as long as the last.

/// The first budget a move by the clock searches: a gomoku move at this budget took under 3 ms
/// (and still takes every win at once and stops every loss at once).
pub(crate) const FIRST_BUDGET: u64 = 1_000;

/// How many times the last search's time the next one, of twice the budget, is allowed before
/// it starts.
const GROWTH_ALLOWED: f64 = 3.0;

/// What one search of a budget gave: its answer, and whether a larger budget could change it
/// (false once a search solved the position within its budget).
pub(crate) struct Searched<T> {
    pub(crate) answer: T,
    pub(crate) settled: bool,
}

/// The answer of the largest budget, doubling from [`FIRST_BUDGET`] up to `most` (`None`: no
/// cap), whose search is expected to end within `limit_ms` of `now_ms()` reading 0 (the first
/// search always runs). `now_ms` is the time since the move started, in milliseconds.
pub(crate) fn deepen<T, E>(
    limit_ms: f64,
    most: Option<u64>,
    mut now_ms: impl FnMut() -> f64,
    mut search: impl FnMut(u64) -> Result<Searched<T>, E>,
) -> Result<T, E> {
    let most = most.unwrap_or(u64::MAX);
    let mut budget = FIRST_BUDGET.min(most);
    loop {
        let before = now_ms();
        let searched = search(budget)?;
        let after = now_ms();
        let took = (after - before).max(0.0);
        if searched.settled || budget >= most || after + GROWTH_ALLOWED * took > limit_ms {
            return Ok(searched.answer);
        }
        budget = budget.saturating_mul(2).min(most);
    }
}

#[cfg(test)]
mod tests {
    use super::{FIRST_BUDGET, Searched, deepen};
    use core::cell::Cell;

    /// A search whose time is its budget in microseconds, on a clock that only it moves.
    fn run(limit_ms: f64, most: Option<u64>, settles_at: u64) -> (u64, f64) {
        let clock = Cell::new(0.0);
        let answer = deepen::<_, ()>(
            limit_ms,
            most,
            || clock.get(),
            |budget| {
                clock.set(clock.get() + budget as f64 / 1000.0);
                Ok(Searched {
                    answer: budget,
                    settled: budget >= settles_at,
                })
            },
        );
        (answer.unwrap(), clock.get())
    }

    #[test]
    fn budgets_double_while_the_next_fits_and_never_past_the_limit() {
        for limit in [0.0, 1.0, 10.0, 100.0, 1000.0] {
            let (budget, spent) = run(limit, None, u64::MAX);
            // The first search always runs; after it, the clock never passes the limit.
            assert!(
                spent <= limit.max(FIRST_BUDGET as f64 / 1000.0),
                "{limit}: {spent}"
            );
            // And the next doubling would not have fitted at the growth allowed.
            assert!(
                spent + 3.0 * budget as f64 / 1000.0 > limit,
                "{limit}: {budget}"
            );
        }
    }

    #[test]
    fn a_cap_or_a_settled_search_ends_the_deepening() {
        assert_eq!(run(1e9, Some(5_000), u64::MAX).0, 5_000);
        assert_eq!(run(1e9, Some(10), u64::MAX).0, 10);
        assert_eq!(run(1e9, None, 3_000).0, 4_000);
    }
}
