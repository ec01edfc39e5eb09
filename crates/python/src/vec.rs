//! `tictactoe._tictactoe._VecGames`: the engine's `VecGames` behind the pure-Python `VecGames`
//! (`python/tictactoe/_vec.py`), which validates arguments and builds the NumPy arrays. Outputs
//! cross as fresh `bytearray`s, one per output per call, which the games write in place while the
//! interpreter is released; the games are locked only while it is released, so no thread ever
//! waits for the lock while holding the interpreter.

use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use tictactoe_core::{AutoReset, BatchError, Error, Game, Illegal, StepOutputs, VecGames, View};

use crate::errors::{Call, to_py};

#[pyclass(module = "tictactoe._tictactoe", name = "_VecGames", frozen)]
pub(crate) struct VecEngine {
    inner: Mutex<Parts>,
    /// The sizes of every output, which never change: known without the lock.
    shape: Shape,
}

/// The games split into consecutive parts, one per thread: part `k` holds the games from
/// `starts[k]`. The core stays single-threaded; the split lives here.
struct Parts {
    parts: Vec<VecGames>,
    starts: Vec<usize>,
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

    /// How many games, in all the parts.
    fn num_envs(&self) -> usize {
        self.parts.iter().map(VecGames::num_envs).sum()
    }

    /// Which part holds game `i`, and its index there.
    fn locate(&self, i: usize) -> Result<(usize, usize), Error> {
        let games = self.num_envs();
        if i >= games {
            return Err(Error::NoSuchGame { index: i, games });
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
        // The last part is the smallest (the first ones take one game more when sizes differ).
        let smallest = self.parts.last().map_or(0, VecGames::num_envs);
        let mut jobs = self.parts.iter_mut().zip(pieces).enumerate();
        if smallest < PARALLEL_GAMES {
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

/// The outputs' memory, borrowed from the fresh bytearrays that become the returned arrays, so that
/// the games write every output in place, once.
struct Buffers<'a> {
    obs: &'a mut [bool],
    action_mask: &'a mut [bool],
    current_player: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    winner: &'a mut [u8],
    final_obs: &'a mut [bool],
    has_final_obs: &'a mut [bool],
}

/// The sizes every output is made for.
#[derive(Clone, Copy)]
struct Shape {
    num_envs: usize,
    n: usize,
    same_step: bool,
}

/// One fresh bytearray per output, zeroed, for one call.
struct Fresh<'py> {
    obs: Bound<'py, PyByteArray>,
    action_mask: Bound<'py, PyByteArray>,
    current_player: Bound<'py, PyByteArray>,
    rewards: Bound<'py, PyByteArray>,
    terminated: Bound<'py, PyByteArray>,
    winner: Bound<'py, PyByteArray>,
    final_obs: Bound<'py, PyByteArray>,
    has_final_obs: Bound<'py, PyByteArray>,
}

/// A fresh bytearray of `len` zero bytes (a `MemoryError` when Python cannot allocate it).
fn zeroed(py: Python<'_>, len: usize) -> PyResult<Bound<'_, PyByteArray>> {
    PyByteArray::new_with(py, len, |_| Ok(()))
}

/// Zero bytes as bools.
///
/// # Safety
///
/// Every byte of `bytes` is 0 or 1.
unsafe fn as_bools(bytes: &mut [u8]) -> &mut [bool] {
    // SAFETY: `bool` has the size and alignment of `u8`, and the caller promises valid values.
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<bool>(), bytes.len()) }
}

/// Bytes as the values of `T` they hold, when they are aligned for it; any bit pattern must be a
/// valid `T` (the numbers used here).
fn aligned<T: Copy>(bytes: &mut [u8]) -> Option<&mut [T]> {
    // SAFETY: every bit pattern is a valid value of the `T`s this is called with (f32, i64).
    let (head, values, tail) = unsafe { bytes.align_to_mut::<T>() };
    (head.is_empty() && tail.is_empty()).then_some(values)
}

impl<'py> Fresh<'py> {
    fn new(py: Python<'py>, shape: Shape, step: bool) -> PyResult<Fresh<'py>> {
        let (envs, cells) = (shape.num_envs, shape.n * shape.n);
        // Only a step has results; a view or a reset leaves those arrays empty.
        let per_game = |len: usize| if step { len * envs } else { 0 };
        Ok(Fresh {
            obs: zeroed(py, 2 * cells * envs)?,
            action_mask: zeroed(py, cells * envs)?,
            current_player: zeroed(py, envs)?,
            rewards: zeroed(py, per_game(2 * size_of::<f32>()))?,
            terminated: zeroed(py, per_game(1))?,
            winner: zeroed(py, per_game(1))?,
            final_obs: zeroed(
                py,
                if shape.same_step {
                    per_game(2 * cells)
                } else {
                    0
                },
            )?,
            has_final_obs: zeroed(py, per_game(1))?,
        })
    }

    /// Every output's memory, with `spare` standing in for the rewards when Python's allocator did
    /// not align them for `f32` (then `finish` copies them over).
    fn buffers<'a>(&'a self, spare: &'a mut Vec<f32>) -> Buffers<'a> {
        // SAFETY: the arrays were made by `new` for this call and no reference to them has left it,
        // so nothing else reads, writes or resizes them while these slices live (other threads
        // that run while the interpreter is released cannot name them); they are zeroed, so their
        // bytes are valid bools.
        unsafe {
            let bytes = self.rewards.as_bytes_mut();
            let floats = bytes.len() / size_of::<f32>();
            let rewards = match aligned::<f32>(bytes) {
                Some(values) => values,
                None => {
                    spare.resize(floats, 0.0);
                    spare
                }
            };
            Buffers {
                obs: as_bools(self.obs.as_bytes_mut()),
                action_mask: as_bools(self.action_mask.as_bytes_mut()),
                current_player: self.current_player.as_bytes_mut(),
                rewards,
                terminated: as_bools(self.terminated.as_bytes_mut()),
                winner: self.winner.as_bytes_mut(),
                final_obs: as_bools(self.final_obs.as_bytes_mut()),
                has_final_obs: as_bools(self.has_final_obs.as_bytes_mut()),
            }
        }
    }

    /// Copies rewards written to `spare` (see `buffers`) into their array.
    fn finish(&self, spare: &[f32]) {
        if spare.is_empty() {
            return;
        }
        // SAFETY: as in `buffers`; the slices `buffers` gave are gone.
        let bytes = unsafe { self.rewards.as_bytes_mut() };
        for (chunk, value) in bytes.chunks_exact_mut(size_of::<f32>()).zip(spare) {
            chunk.copy_from_slice(&value.to_ne_bytes());
        }
    }

    fn view(self) -> ViewBytes<'py> {
        (self.obs, self.action_mask, self.current_player)
    }

    /// What `step` returns: the view, then the results.
    fn step(self) -> (ViewBytes<'py>, [Bound<'py, PyByteArray>; 5]) {
        let results = [
            self.rewards,
            self.terminated,
            self.winner,
            self.final_obs,
            self.has_final_obs,
        ];
        ((self.obs, self.action_mask, self.current_player), results)
    }
}

impl<'a> Buffers<'a> {
    /// The view buffers cut into one `View` per part.
    fn views(self, sizes: &[usize], cells: usize) -> Vec<View<'a>> {
        let obs = split(self.obs, sizes, 2 * cells);
        let mask = split(self.action_mask, sizes, cells);
        let player = split(self.current_player, sizes, 1);
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
    fn steps(self, sizes: &[usize], cells: usize) -> Vec<StepOutputs<'a>> {
        let final_per = if self.final_obs.is_empty() {
            0
        } else {
            2 * cells
        };
        let Buffers {
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

type ViewBytes<'py> = (
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
);

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
    /// interpreter released, into `values`: what `sample` and `playout` share.
    fn per_game<T, F>(&self, py: Python<'_>, values: &mut [T], fill: F) -> PyResult<()>
    where
        T: Send,
        F: Fn(&mut VecGames, &mut [T]) -> Result<(), BatchError> + Sync,
    {
        let result = py.detach(|| {
            let mut games = self.games();
            let pieces = split(values, &games.sizes(), 1);
            games.each(pieces, |part, piece| fill(part, piece))
        });
        result.map_err(|err| batch_error(py, err))
    }

    /// The error for an argument that does not hold one value per game, as the core gives it.
    fn not_one_per_game(&self, py: Python<'_>) -> PyErr {
        let needed = self.shape.num_envs;
        let error = Error::BufferTooSmall { needed };
        batch_error(py, BatchError { index: 0, error })
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
            shape: Shape {
                num_envs,
                n,
                same_step: autoreset == AutoReset::SameStep,
            },
            inner: Mutex::new(Parts { parts, starts }),
        })
    }

    /// Steps every game with `actions`, native 64-bit ints; returns the outputs as bytearrays.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &[u8],
    ) -> PyResult<(ViewBytes<'py>, [Bound<'py, PyByteArray>; 5])> {
        // The actions as they are when Python's allocator aligned them (it does), else a copy.
        let copied: Vec<i64>;
        // SAFETY: every bit pattern is a valid i64.
        let actions: &[i64] = match unsafe { actions.align_to::<i64>() } {
            (&[], values, &[]) => values,
            _ => {
                copied = actions
                    .chunks_exact(8)
                    .map(|b| i64::from_ne_bytes(b.try_into().unwrap_or_default()))
                    .collect();
                &copied
            }
        };
        if actions.len() != self.shape.num_envs {
            return Err(self.not_one_per_game(py));
        }
        let fresh = Fresh::new(py, self.shape, true)?;
        let mut spare = Vec::new();
        let out = fresh.buffers(&mut spare);
        let cells = self.shape.n * self.shape.n;
        let result = py.detach(|| {
            let mut games = self.games();
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
            let work = pieces.into_iter().zip(out.steps(&sizes, cells)).collect();
            games.each(work, |part, (acts, outputs)| part.step(acts, outputs))
        });
        result.map_err(|err| batch_error(py, err))?;
        fresh.finish(&spare);
        Ok(fresh.step())
    }

    /// Empties every game, or those `only` names (one byte per game); returns the view.
    fn reset<'py>(&self, py: Python<'py>, only: Option<Vec<bool>>) -> PyResult<ViewBytes<'py>> {
        if let Some(only) = &only
            && only.len() != self.shape.num_envs
        {
            return Err(self.not_one_per_game(py));
        }
        let fresh = Fresh::new(py, self.shape, false)?;
        let mut spare = Vec::new();
        let out = fresh.buffers(&mut spare);
        let result = py.detach(|| {
            let mut games = self.games();
            let sizes = games.sizes();
            let views = out.views(&sizes, self.shape.n * self.shape.n);
            let onlys: Vec<Option<&[bool]>> = (games.starts.iter().zip(&sizes))
                .map(|(&start, &size)| only.as_deref().map(|o| &o[start..start + size]))
                .collect();
            let work = onlys.into_iter().zip(views).collect();
            games.each(work, |part, (only, view)| part.reset(only, view))
        });
        result.map_err(|err| batch_error(py, err))?;
        Ok(fresh.view())
    }

    /// What every game looks like now.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<ViewBytes<'py>> {
        let fresh = Fresh::new(py, self.shape, false)?;
        let mut spare = Vec::new();
        let out = fresh.buffers(&mut spare);
        let result = py.detach(|| {
            let mut games = self.games();
            let sizes = games.sizes();
            let views = out.views(&sizes, self.shape.n * self.shape.n);
            games.each(views, |part, view| part.view(view))
        });
        result.map_err(|err| batch_error(py, err))?;
        Ok(fresh.view())
    }

    /// A random action per game, as native 64-bit ints.
    fn sample<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let array = zeroed(py, self.shape.num_envs * size_of::<i64>())?;
        // SAFETY: made just now and not handed out yet: nothing else can reach it (see `buffers`).
        let bytes = unsafe { array.as_bytes_mut() };
        let sample = |part: &mut VecGames, piece: &mut [i64]| part.sample(piece);
        match aligned::<i64>(bytes) {
            Some(actions) => self.per_game(py, actions, sample)?,
            None => {
                let mut actions = vec![0i64; self.shape.num_envs];
                self.per_game(py, &mut actions, sample)?;
                for (chunk, action) in bytes.chunks_exact_mut(8).zip(&actions) {
                    chunk.copy_from_slice(&action.to_ne_bytes());
                }
            }
        }
        Ok(array)
    }

    /// Plays every game to its end at random; the winners, one signed byte per game.
    fn playout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let array = zeroed(py, self.shape.num_envs)?;
        // SAFETY: made just now and not handed out yet: nothing else can reach it (see `buffers`).
        let bytes = unsafe { array.as_bytes_mut() };
        let mut winners = vec![0i8; self.shape.num_envs];
        self.per_game(py, &mut winners, |part, piece| part.playout(piece))?;
        for (byte, &winner) in bytes.iter_mut().zip(&winners) {
            *byte = winner as u8;
        }
        Ok(array)
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
