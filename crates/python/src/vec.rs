//! `tictactoe._tictactoe._VecGames`: the engine's `VecGames` behind the pure-Python `VecGames`
//! (`python/tictactoe/_vec.py`), which validates arguments and builds the NumPy arrays. Outputs
//! cross as fresh `bytearray`s, one per output per call; the interpreter is released while the games
//! step, and the games are locked only while it is released, so no thread ever waits for the lock
//! while holding the interpreter.

use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use tictactoe_core::{AutoReset, BatchError, Error, Game, Illegal, StepOutputs, VecGames, View};

use crate::errors::{Call, to_py};

#[pyclass(module = "tictactoe._tictactoe", name = "_VecGames", frozen)]
pub(crate) struct VecEngine {
    inner: Mutex<Parts>,
}

/// The games split into consecutive parts, one per thread: part `k` holds the games from
/// `starts[k]`. The core stays single-threaded; the split lives here.
struct Parts {
    parts: Vec<VecGames>,
    starts: Vec<usize>,
    num_envs: usize,
    n: usize,
    same_step: bool,
}

/// The fewest games per part worth a thread of its own: a thread costs about 0.1 ms to start and
/// join on the machines measured, what about 1,500 env-steps of 3x3 games cost.
const PARALLEL_GAMES: usize = 16_384;

/// Part `k`'s seed: the seed itself for the first part (so one thread gives what one `VecGames`
/// gives), a SplitMix64 step away for the others.
fn part_seed(seed: u64, k: usize) -> u64 {
    if k == 0 {
        return seed;
    }
    let mut z = seed.wrapping_add((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Cuts `slice` into consecutive pieces of `per` items for each part's game count.
fn split<'a, T>(mut slice: &'a mut [T], sizes: &[usize], per: usize) -> Vec<&'a mut [T]> {
    let mut pieces = Vec::with_capacity(sizes.len());
    for &size in sizes {
        let cut = (size * per).min(slice.len());
        let (head, tail) = std::mem::take(&mut slice).split_at_mut(cut);
        pieces.push(head);
        slice = tail;
    }
    pieces
}

impl Parts {
    fn sizes(&self) -> Vec<usize> {
        self.parts.iter().map(VecGames::num_envs).collect()
    }

    /// Which part holds game `i`, and its index there.
    fn locate(&self, i: usize) -> Result<(usize, usize), Error> {
        if i >= self.num_envs {
            return Err(Error::NoSuchGame {
                index: i,
                games: self.num_envs,
            });
        }
        let k = self.starts.partition_point(|&start| start <= i) - 1;
        Ok((k, i - self.starts[k]))
    }

    /// Runs `work` on every part with its own pieces of the buffers, on one thread per part (the
    /// first on this one); the first error, by part, with its index made global.
    fn each<W, F>(&mut self, pieces: Vec<W>, work: F) -> Result<(), BatchError>
    where
        W: Send,
        F: Fn(&mut VecGames, W) -> Result<(), BatchError> + Sync,
    {
        let starts = &self.starts;
        let global = |k: usize, err: BatchError| BatchError {
            index: starts[k] + err.index,
            ..err
        };
        let mut jobs = self.parts.iter_mut().zip(pieces).enumerate();
        if self.num_envs / self.starts.len() < PARALLEL_GAMES {
            // Small parts: starting threads would cost more than they save; one after another.
            return jobs.try_for_each(|(k, (part, pieces))| {
                work(part, pieces).map_err(|err| global(k, err))
            });
        }
        let Some((_, (first, first_pieces))) = jobs.next() else {
            return Ok(());
        };
        let work = &work;
        let results: Vec<Result<(), BatchError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .map(|(k, (part, pieces))| (k, scope.spawn(move || work(part, pieces))))
                .collect();
            let mut results = vec![work(first, first_pieces)];
            for (k, handle) in handles {
                // The engine does not panic; if a thread did, its part is reported as refused.
                let result = handle.join().unwrap_or(Err(BatchError {
                    index: 0,
                    error: Error::Incompatible {
                        reason: "a worker thread failed",
                    },
                }));
                results.push(result.map_err(|err| global(k, err)));
            }
            results
        });
        results.into_iter().collect()
    }
}

/// Owned outputs, filled while the interpreter is released.
struct Outputs {
    obs: Vec<bool>,
    action_mask: Vec<bool>,
    current_player: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    winner: Vec<u8>,
    final_obs: Vec<bool>,
    has_final_obs: Vec<bool>,
}

impl Outputs {
    fn for_games(games: &Parts) -> Outputs {
        let (envs, cells, same_step) = (games.num_envs, games.n * games.n, games.same_step);
        Outputs {
            obs: vec![false; 2 * cells * envs],
            action_mask: vec![false; cells * envs],
            current_player: vec![0; envs],
            rewards: vec![0.0; 2 * envs],
            terminated: vec![false; envs],
            winner: vec![0; envs],
            final_obs: vec![false; if same_step { 2 * cells * envs } else { 0 }],
            has_final_obs: vec![false; envs],
        }
    }

    /// The view buffers cut into one `View` per part.
    fn views(&mut self, sizes: &[usize], cells: usize) -> Vec<View<'_>> {
        let obs = split(&mut self.obs, sizes, 2 * cells);
        let mask = split(&mut self.action_mask, sizes, cells);
        let player = split(&mut self.current_player, sizes, 1);
        let pieces = obs.into_iter().zip(mask).zip(player);
        pieces
            .map(|((obs, action_mask), current_player)| View {
                obs,
                action_mask,
                current_player,
            })
            .collect()
    }

    /// Every buffer cut into one `StepOutputs` per part.
    fn steps(&mut self, sizes: &[usize], cells: usize) -> Vec<StepOutputs<'_>> {
        let final_per = if self.final_obs.is_empty() {
            0
        } else {
            2 * cells
        };
        let Outputs {
            obs,
            action_mask,
            current_player,
            rewards,
            terminated,
            winner,
            final_obs,
            has_final_obs,
        } = self;
        let mut obs = split(obs, sizes, 2 * cells).into_iter();
        let mut mask = split(action_mask, sizes, cells).into_iter();
        let mut player = split(current_player, sizes, 1).into_iter();
        let mut rewards = split(rewards, sizes, 2).into_iter();
        let mut terminated = split(terminated, sizes, 1).into_iter();
        let mut winner = split(winner, sizes, 1).into_iter();
        let mut final_obs = split(final_obs, sizes, final_per).into_iter();
        let mut has_final_obs = split(has_final_obs, sizes, 1).into_iter();
        // Every split has one piece per part; an empty slice stands in for none.
        sizes
            .iter()
            .map(|_| StepOutputs {
                view: View {
                    obs: obs.next().unwrap_or_default(),
                    action_mask: mask.next().unwrap_or_default(),
                    current_player: player.next().unwrap_or_default(),
                },
                rewards: rewards.next().unwrap_or_default(),
                terminated: terminated.next().unwrap_or_default(),
                winner: winner.next().unwrap_or_default(),
                final_obs: final_obs.next().unwrap_or_default(),
                has_final_obs: has_final_obs.next().unwrap_or_default(),
            })
            .collect()
    }
}

fn flags<'py>(py: Python<'py>, values: &[bool]) -> Bound<'py, PyByteArray> {
    // SAFETY: `bool` has the size and alignment of `u8`, and each of its values (0, 1) is a valid
    // `u8`; the bytes are borrowed from `values` for this call only.
    let bytes = unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), values.len()) };
    PyByteArray::new(py, bytes)
}

fn floats<'py>(py: Python<'py>, values: &[f32]) -> Bound<'py, PyByteArray> {
    // SAFETY: any 4 bytes of an `f32` are valid `u8`s, `u8` needs no alignment, and the length is
    // the floats' size in bytes; borrowed from `values` for this call only.
    let bytes =
        unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), size_of_val(values)) };
    PyByteArray::new(py, bytes)
}

type ViewBytes<'py> = (
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
);

fn view_bytes<'py>(py: Python<'py>, out: &Outputs) -> ViewBytes<'py> {
    (
        flags(py, &out.obs),
        flags(py, &out.action_mask),
        PyByteArray::new(py, &out.current_player),
    )
}

fn batch_error(py: Python<'_>, err: BatchError) -> PyErr {
    let call = Call::Move {
        index: Some(err.index),
    };
    to_py(
        py,
        err.error,
        format!("game {}: {}", err.index, err.error),
        call,
    )
}

fn plain_error(py: Python<'_>, err: Error) -> PyErr {
    to_py(py, err, err.to_string(), Call::Other)
}

impl VecEngine {
    /// One value per game, each part filling its own piece (on its own thread when large), with the
    /// interpreter released: what `sample` and `playout` share.
    fn per_game<T, F>(&self, py: Python<'_>, fill: F) -> PyResult<Vec<T>>
    where
        T: Copy + Default + Send,
        F: Fn(&mut VecGames, &mut [T]) -> Result<(), BatchError> + Sync,
    {
        let result = py.detach(|| {
            let mut games = self.games();
            let mut values = vec![T::default(); games.num_envs];
            let pieces = split(&mut values, &games.sizes(), 1);
            games.each(pieces, |part, piece| fill(part, piece))?;
            Ok(values)
        });
        result.map_err(|err| batch_error(py, err))
    }

    fn games(&self) -> MutexGuard<'_, Parts> {
        // The engine does not panic, so a poisoned lock still guards consistent games.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl VecEngine {
    #[new]
    fn new(
        num_envs: usize,
        n: usize,
        autoreset: &str,
        illegal: &str,
        seed: u64,
        threads: usize,
    ) -> PyResult<Self> {
        let autoreset = match autoreset {
            "next_step" => AutoReset::NextStep,
            "same_step" => AutoReset::SameStep,
            "disabled" => AutoReset::Disabled,
            _ => return Err(PyValueError::new_err("unknown autoreset mode")),
        };
        let illegal = match illegal {
            "raise" => Illegal::Raise,
            "loss" => Illegal::Loss,
            _ => return Err(PyValueError::new_err("unknown illegal-action policy")),
        };
        // No more parts than games; the first parts take one game more when they do not divide.
        let count = threads.clamp(1, num_envs.max(1));
        let (mut parts, mut starts) = (Vec::new(), Vec::new());
        let mut start = 0;
        for k in 0..count {
            let size = num_envs / count + usize::from(k < num_envs % count);
            let part =
                VecGames::new(size, n, autoreset, illegal, part_seed(seed, k)).map_err(|err| {
                    match err {
                        Error::OutOfMemory { .. } => {
                            pyo3::exceptions::PyMemoryError::new_err(err.to_string())
                        }
                        _ => PyValueError::new_err(err.to_string()),
                    }
                })?;
            parts.push(part);
            starts.push(start);
            start += size;
        }
        Ok(VecEngine {
            inner: Mutex::new(Parts {
                parts,
                starts,
                num_envs,
                n,
                same_step: autoreset == AutoReset::SameStep,
            }),
        })
    }

    /// Steps every game with `actions`, native 64-bit ints; returns the outputs as bytearrays.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &[u8],
    ) -> PyResult<(ViewBytes<'py>, [Bound<'py, PyByteArray>; 5])> {
        let actions: Vec<i64> = actions
            .chunks_exact(8)
            .map(|b| i64::from_ne_bytes(b.try_into().unwrap_or_default()))
            .collect();
        let result = py.detach(|| {
            let mut games = self.games();
            if actions.len() != games.num_envs {
                return Err(BatchError {
                    index: 0,
                    error: Error::BufferTooSmall {
                        needed: games.num_envs,
                    },
                });
            }
            // The whole batch is accepted or refused as one, before any part moves.
            let sizes = games.sizes();
            let pieces: Vec<&[i64]> = sizes
                .iter()
                .zip(&games.starts)
                .map(|(&size, &start)| &actions[start..start + size])
                .collect();
            for (k, (part, acts)) in games.parts.iter().zip(&pieces).enumerate() {
                part.check(acts).map_err(|err| BatchError {
                    index: games.starts[k] + err.index,
                    ..err
                })?;
            }
            let mut out = Outputs::for_games(&games);
            let cells = games.n * games.n;
            let work = pieces.into_iter().zip(out.steps(&sizes, cells)).collect();
            games.each(work, |part, (acts, outputs)| part.step(acts, outputs))?;
            Ok(out)
        });
        let out = result.map_err(|err| batch_error(py, err))?;
        Ok((
            view_bytes(py, &out),
            [
                floats(py, &out.rewards),
                flags(py, &out.terminated),
                PyByteArray::new(py, &out.winner),
                flags(py, &out.final_obs),
                flags(py, &out.has_final_obs),
            ],
        ))
    }

    /// Empties every game, or those `only` names (one byte per game); returns the view.
    fn reset<'py>(&self, py: Python<'py>, only: Option<Vec<bool>>) -> PyResult<ViewBytes<'py>> {
        let result = py.detach(|| {
            let mut games = self.games();
            if let Some(only) = &only
                && only.len() != games.num_envs
            {
                return Err(BatchError {
                    index: 0,
                    error: Error::BufferTooSmall {
                        needed: games.num_envs,
                    },
                });
            }
            let mut out = Outputs::for_games(&games);
            let sizes = games.sizes();
            let views = out.views(&sizes, games.n * games.n);
            let onlys: Vec<Option<&[bool]>> = (games.starts.iter().zip(&sizes))
                .map(|(&start, &size)| only.as_deref().map(|o| &o[start..start + size]))
                .collect();
            let work = onlys.into_iter().zip(views).collect();
            games.each(work, |part, (only, view)| part.reset(only, view))?;
            Ok(out)
        });
        let out = result.map_err(|err| batch_error(py, err))?;
        Ok(view_bytes(py, &out))
    }

    /// What every game looks like now.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<ViewBytes<'py>> {
        let result = py.detach(|| {
            let mut games = self.games();
            let mut out = Outputs::for_games(&games);
            let sizes = games.sizes();
            let views = out.views(&sizes, games.n * games.n);
            games.each(views, |part, view| part.view(view))?;
            Ok(out)
        });
        let out = result.map_err(|err| batch_error(py, err))?;
        Ok(view_bytes(py, &out))
    }

    /// A random action per game, as native 64-bit ints.
    fn sample<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let actions = self.per_game(py, |part, piece: &mut [i64]| part.sample(piece))?;
        // SAFETY: the bytes of `i64`s are valid `u8`s, `u8` needs no alignment, and the length is
        // their size in bytes; borrowed from `actions` for this call only.
        let bytes = unsafe {
            std::slice::from_raw_parts(actions.as_ptr().cast::<u8>(), size_of_val(&actions[..]))
        };
        Ok(PyByteArray::new(py, bytes))
    }

    /// Plays every game to its end at random; the winners, one signed byte per game.
    fn playout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let winners = self.per_game(py, |part, piece: &mut [i8]| part.playout(piece))?;
        let bytes: Vec<u8> = winners.iter().map(|&w| w as u8).collect();
        Ok(PyByteArray::new(py, &bytes))
    }

    fn seed(&self, py: Python<'_>, seed: u64) {
        py.detach(|| {
            for (k, part) in self.games().parts.iter_mut().enumerate() {
                part.seed(part_seed(seed, k));
            }
        });
    }

    /// Game `i`, encoded.
    fn game<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyBytes>> {
        let result = py.detach(|| {
            let games = self.games();
            let (k, local) = games.locate(i)?;
            games.parts[k].game(local).map(|game| game.encode())
        });
        let bytes = result.map_err(|err| plain_error(py, err))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Puts the encoded game `data` in place of game `i`.
    fn set_game(&self, py: Python<'_>, i: usize, data: &[u8]) -> PyResult<()> {
        let game = Game::decode(data).map_err(|err| plain_error(py, err))?;
        py.detach(|| {
            let mut games = self.games();
            let (k, local) = games.locate(i)?;
            games.parts[k].set_game(local, &game)
        })
        .map_err(|err| plain_error(py, err))
    }
}
