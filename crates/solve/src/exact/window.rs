//! The window of a node: the scores still worth telling apart there. Everything known about a
//! node's score before its moves are searched (the earliest win either side can still make, an
//! entry of the table) is a range `[lower, upper]`, and each one narrows the window the same way.

/// The scores strictly between `low` and `high`: a score at or below `low` is as good as `low`
/// to the caller, one at or above `high` as good as `high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub(crate) low: i32,
    pub(crate) high: i32,
}

impl Window {
    /// The null window that asks whether a score is above `g`.
    #[inline]
    pub(crate) fn above(g: i32) -> Window {
        Window {
            low: g,
            high: g + 1,
        }
    }

    /// The window of a child, whose scores are the negation of this node's.
    #[inline]
    pub(crate) fn flipped(self) -> Window {
        Window {
            low: -self.high,
            high: -self.low,
        }
    }

    /// Learns that the score lies in `[lower, upper]`. When that leaves nothing of the window,
    /// the bound the node can answer at once (fail-soft: the bound itself, which may lie past the
    /// window); else the window shrinks to the part the range still allows.
    #[inline(always)]
    pub(crate) fn learn(&mut self, lower: i32, upper: i32) -> Option<i32> {
        if lower >= self.high {
            return Some(lower);
        }
        if upper <= self.low {
            return Some(upper);
        }
        self.low = self.low.max(lower);
        self.high = self.high.min(upper);
        (self.low >= self.high).then_some(self.low)
    }

    /// Whether `score` is high enough that the caller will not take this node (a cut).
    #[inline(always)]
    pub(crate) fn refutes(self, score: i32) -> bool {
        score >= self.high
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use super::Window;

    /// The plain reading of a window and a range: an answer at once exactly when no score of the
    /// range is inside the window, else the window cut to the range.
    #[test]
    fn learning_a_range_keeps_exactly_the_scores_both_allow() {
        for low in -4..4 {
            for high in low + 1..5 {
                for lower in -5..5 {
                    for upper in lower..6 {
                        let mut w = Window { low, high };
                        let inside: Vec<i32> =
                            (lower..=upper).filter(|s| low < *s && *s < high).collect();
                        match w.learn(lower, upper) {
                            // The range misses the window: its end on the window's side. Or
                            // it is a single score inside: that score.
                            Some(bound) if inside.is_empty() => assert!(
                                (bound == lower && lower >= high)
                                    || (bound == upper && upper <= low),
                                "{low} {high} {lower} {upper}: {bound}"
                            ),
                            Some(bound) => assert_eq!((inside, lower), (vec![bound], upper)),
                            None => {
                                assert_eq!(w.low, low.max(lower));
                                assert_eq!(w.high, high.min(upper));
                                assert!(w.low < w.high);
                            }
                        }
                    }
                }
            }
        }
    }
}
