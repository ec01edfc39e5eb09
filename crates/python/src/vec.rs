//! `tictactoe._tictactoe._VecGames`: the engine's `VecGames` behind the pure-Python `VecGames`
//! (`python/tictactoe/_vec.py`), which validates arguments and builds the NumPy arrays. Outputs
//! cross as fresh `bytearray`s, one per output per call, which the games write in place while the
//! interpreter is released; the games are locked only while it is released, so no thread ever
//! waits for the lock while holding the interpreter. Threads are the engine's own (`VecGames`).

use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict};
use tictactoe_core::{AnyGame, AutoReset, Error, Illegal, Rules, StepOutputs, VecGames, View};

use crate::args::{Shown, describe, int_arg};
use crate::errors::{Call, to_py, vec_to_py};

#[pyclass(module = "tictactoe._tictactoe", name = "_VecGames", frozen)]
pub(crate) struct VecEngine {
    inner: Mutex<VecGames>,
    /// The sizes of every output, which never change: known without the lock.
    shape: Shape,
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
    /// Cells a board, actions a game.
    cells: usize,
    actions: usize,
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
        let (envs, cells) = (shape.num_envs, shape.cells);
        // Only a step has results; a view or a reset leaves those arrays empty.
        let per_game = |len: usize| if step { len * envs } else { 0 };
        Ok(Fresh {
            obs: zeroed(py, 2 * cells * envs)?,
            action_mask: zeroed(py, shape.actions * envs)?,
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
    fn view(self) -> View<'a> {
        View {
            obs: self.obs,
            action_mask: self.action_mask,
            current_player: self.current_player,
        }
    }

    fn step(self) -> StepOutputs<'a> {
        StepOutputs {
            view: View {
                obs: self.obs,
                action_mask: self.action_mask,
                current_player: self.current_player,
            },
            rewards: self.rewards,
            terminated: self.terminated,
            winner: self.winner,
            final_obs: self.final_obs,
            has_final_obs: self.has_final_obs,
        }
    }
}

type ViewBytes<'py> = (
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
);

fn plain_error(py: Python<'_>, err: Error) -> PyErr {
    to_py(py, err, err.to_string(), Call::Other)
}

impl VecEngine {
    fn games(&self) -> MutexGuard<'_, VecGames> {
        // The engine does not panic, so a poisoned lock still guards consistent games.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl VecEngine {
    /// The games; the Python class has checked every argument's type and range, and the engine
    /// checks the rules and the memory.
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        rows: &Bound<'_, PyAny>,
        cols: &Bound<'_, PyAny>,
        k: &Bound<'_, PyAny>,
        gravity: bool,
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
        let (rows, cols, k) = (int_arg(rows)?, int_arg(cols)?, int_arg(k)?);
        let games = Rules::new_i64(rows.value, cols.value, k.value, gravity)
            .and_then(|rules| {
                VecGames::with_rules(num_envs, rules, autoreset, illegal, seed, threads)
            })
            .map_err(|err| {
                let shown = Shown::rules(&rows, &cols, &k);
                to_py(py, err, describe(err, shown), Call::Other)
            })?;
        let rules = games.rules();
        Ok(VecEngine {
            shape: Shape {
                num_envs,
                cells: rules.rows() * rules.cols(),
                actions: rules.actions(),
                same_step: autoreset == AutoReset::SameStep,
            },
            inner: Mutex::new(games),
        })
    }

    /// Steps every game with `actions`, native 64-bit ints; `wide` maps a game to its action as
    /// passed when that did not fit in 64 bits (for messages). Returns the outputs as bytearrays.
    #[allow(clippy::type_complexity)]
    #[pyo3(signature = (actions, wide=None))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &[u8],
        wide: Option<&Bound<'py, PyDict>>,
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
        let fresh = Fresh::new(py, self.shape, true)?;
        let mut spare = Vec::new();
        let out = fresh.buffers(&mut spare).step();
        let result = py.detach(|| self.games().step(actions, out));
        result.map_err(|err| vec_to_py(py, err, wide))?;
        fresh.finish(&spare);
        Ok(fresh.step())
    }

    /// Empties every game, or those `only` names (one flag per game); returns the view.
    fn reset<'py>(&self, py: Python<'py>, only: Option<Vec<bool>>) -> PyResult<ViewBytes<'py>> {
        let fresh = Fresh::new(py, self.shape, false)?;
        let mut spare = Vec::new();
        let view = fresh.buffers(&mut spare).view();
        let result = py.detach(|| self.games().reset(only.as_deref(), view));
        result.map_err(|err| vec_to_py(py, err, None))?;
        Ok(fresh.view())
    }

    /// What every game looks like now.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<ViewBytes<'py>> {
        let fresh = Fresh::new(py, self.shape, false)?;
        let mut spare = Vec::new();
        let view = fresh.buffers(&mut spare).view();
        let result = py.detach(|| self.games().view(view));
        result.map_err(|err| vec_to_py(py, err, None))?;
        Ok(fresh.view())
    }

    /// A random action per game, as native 64-bit ints.
    fn sample<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let array = zeroed(py, self.shape.num_envs * size_of::<i64>())?;
        // SAFETY: made just now and not handed out yet: nothing else can reach it (see `buffers`).
        let bytes = unsafe { array.as_bytes_mut() };
        let result = match aligned::<i64>(bytes) {
            Some(actions) => py.detach(|| self.games().sample(actions)),
            None => {
                let mut actions = vec![0i64; self.shape.num_envs];
                let result = py.detach(|| self.games().sample(&mut actions));
                for (chunk, action) in bytes.chunks_exact_mut(8).zip(&actions) {
                    chunk.copy_from_slice(&action.to_ne_bytes());
                }
                result
            }
        };
        result.map_err(|err| vec_to_py(py, err, None))?;
        Ok(array)
    }

    /// Plays every game to its end at random; the winners, one byte per game.
    fn playout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let array = zeroed(py, self.shape.num_envs)?;
        // SAFETY: made just now and not handed out yet: nothing else can reach it (see `buffers`).
        let winners = unsafe { array.as_bytes_mut() };
        let result = py.detach(|| self.games().playout(winners));
        result.map_err(|err| vec_to_py(py, err, None))?;
        Ok(array)
    }

    /// The rules: `(rows, cols, k, gravity)`.
    fn rules(&self) -> (usize, usize, usize, bool) {
        let rules = self.games().rules();
        (rules.rows(), rules.cols(), rules.k(), rules.gravity())
    }

    fn seed(&self, py: Python<'_>, seed: u64) {
        py.detach(|| self.games().seed(seed));
    }

    /// Game `i`, encoded.
    fn game<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyBytes>> {
        let result = py.detach(|| self.games().game(i).map(|game| game.encode()));
        let bytes = result.map_err(|err| plain_error(py, err))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Puts the encoded game `data` in place of game `i`.
    fn set_game(&self, py: Python<'_>, i: usize, data: &[u8]) -> PyResult<()> {
        let game = AnyGame::decode(data).map_err(|err| plain_error(py, err))?;
        py.detach(|| self.games().set_game(i, &game))
            .map_err(|err| plain_error(py, err))
    }
}
