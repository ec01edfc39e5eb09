//! `tictactoe._tictactoe._VecGames`: the engine's `VecGames`, the base of the pure-Python
//! `VecGames` (`python/tictactoe/_vec.py`), which validates the constructor's arguments and adds
//! what is not on the hot path. `step`, `sample` and `playout` are called here directly, with no
//! Python frame between (a small batch feels every Python-level call). Outputs cross as fresh NumPy
//! arrays, made here through NumPy's C API (a small batch's from the arrays of earlier results
//! that no one holds any more: see `Spares`), which the games write in place while the interpreter
//! is released; the games are locked only while it is released (small batches keep it: see
//! `with_games`). Threads are the engine's own (`VecGames`).

use std::borrow::Cow;
use std::mem::MaybeUninit;
use std::sync::{Mutex, MutexGuard, PoisonError};

use numpy::Element;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};
use tictactoe_core::{AutoReset, Game, Illegal, Rules, StepOutputs, VecGames, View};

use crate::args::{Shown, describe, int_arg};
use crate::arrays::{Array, Reused, Spares, int64s, type_name, zeros};
use crate::errors::{Call, plain_error, to_py, vec_to_py};

#[pyclass(module = "tictactoe._tictactoe", name = "_VecGames", frozen, subclass)]
pub(crate) struct VecEngine {
    inner: Mutex<VecGames>,
    /// The sizes of every output, which never change: known without the lock.
    shape: Shape,
    /// Arrays the last calls handed out, offered again once no one holds them (small batches).
    kept: Mutex<Kept>,
}

/// The arrays of the last two fresh results of `step` (older first) and of the last `sample`,
/// which a small batch's next calls offer again as `Spares`: a loop's result is let go by the step
/// after next (`obs, ... = games.step(...)` rebinds once the call returns), its sample by the next.
#[derive(Default)]
struct Kept {
    steps: [Vec<Py<PyAny>>; 2],
    sample: Vec<Py<PyAny>>,
}

/// Batches with fewer cells than this in all are stepped without releasing the interpreter.
const DETACH_CELLS: usize = 4096;

/// The most actions read onto the stack: a small batch would feel an allocation.
const INLINE: usize = 256;

/// The sizes every output is made for.
#[derive(Clone, Copy)]
struct Shape {
    num_envs: usize,
    rows: usize,
    cols: usize,
    /// Actions a game.
    actions: usize,
    same_step: bool,
}

/// The arrays of what every game looks like.
struct ViewArrays<'py> {
    obs: Array<'py, bool>,
    action_mask: Array<'py, bool>,
    current_player: Array<'py, u8>,
}

impl<'py> ViewArrays<'py> {
    fn new(py: Python<'py>, shape: Shape, spares: &mut Spares) -> PyResult<Self> {
        let envs = shape.num_envs;
        Ok(ViewArrays {
            obs: spares.array(py, &[envs, shape.rows, shape.cols, 2])?,
            action_mask: spares.array(py, &[envs, shape.actions])?,
            current_player: spares.array(py, &[envs])?,
        })
    }

    /// # Safety
    ///
    /// As for [`Array::items`].
    unsafe fn view<'a>(&'a self) -> View<'a> {
        // SAFETY: the caller's promise.
        unsafe {
            View {
                obs: self.obs.items(),
                action_mask: self.action_mask.items(),
                current_player: self.current_player.items(),
            }
        }
    }

    fn into_tuple(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.obs.into_any(),
                self.action_mask.into_any(),
                self.current_player.into_any(),
            ],
        )
    }
}

/// The arrays a step writes besides the view.
struct StepArrays<'py> {
    view: ViewArrays<'py>,
    rewards: Array<'py, f32>,
    terminated: Array<'py, bool>,
    winner: Array<'py, u8>,
    /// Always False. Without same-step auto-reset it also takes the flags of final observations,
    /// which the games then write False for every game: no memory made for flags never returned.
    truncated: Array<'py, bool>,
    /// With same-step auto-reset: the final observations and which games have one.
    finals: Option<(Array<'py, bool>, Array<'py, bool>)>,
    /// The caller's outputs, written again (`step(actions, out=...)`) and returned as they are.
    reused: Option<Bound<'py, PyTuple>>,
}

impl<'py> StepArrays<'py> {
    /// Fresh arrays, from `spares` where it has them (in the order `handles` lists them).
    fn new(py: Python<'py>, shape: Shape, spares: &mut Spares) -> PyResult<Self> {
        let envs = shape.num_envs;
        Ok(StepArrays {
            view: ViewArrays::new(py, shape, spares)?,
            rewards: spares.array(py, &[envs, 2])?,
            terminated: spares.array(py, &[envs])?,
            winner: spares.array(py, &[envs])?,
            truncated: spares.array(py, &[envs])?,
            finals: if shape.same_step {
                let obs = spares.array(py, &[envs, shape.rows, shape.cols, 2])?;
                Some((obs, spares.array(py, &[envs])?))
            } else {
                None
            },
            reused: None,
        })
    }

    /// A reference to each array, in the order `new` takes spares.
    fn handles(&self) -> Vec<Py<PyAny>> {
        let mut handles = vec![
            self.view.obs.handle(),
            self.view.action_mask.handle(),
            self.view.current_player.handle(),
            self.rewards.handle(),
            self.terminated.handle(),
            self.winner.handle(),
            self.truncated.handle(),
        ];
        if let Some((obs, flags)) = &self.finals {
            handles.extend([obs.handle(), flags.handle()]);
        }
        handles
    }

    /// The arrays of `out`, an earlier step's result, to be written again: see `Reused`.
    fn reuse(py: Python<'py>, out: &Bound<'py, PyAny>, shape: Shape) -> PyResult<Self> {
        let tuple = out.cast::<PyTuple>().map_err(|_| {
            PyTypeError::new_err(format!(
                "out must be the tuple an earlier step returned, not {}",
                type_name(out)
            ))
        })?;
        if tuple.len() != 5 {
            return Err(PyValueError::new_err(format!(
                "out must be the 5-tuple an earlier step returned, not a tuple of {}",
                tuple.len()
            )));
        }
        let info = tuple.get_item(4)?;
        let info = info.cast::<PyDict>().map_err(|_| {
            PyTypeError::new_err("out[4] must be the info dict an earlier step returned")
        })?;
        let key = |name: &Bound<'py, PyString>| -> PyResult<Bound<'py, PyAny>> {
            info.get_item(name)?.ok_or_else(|| {
                PyValueError::new_err(format!("out[4] has no {name}: pass what step returned"))
            })
        };
        // Every lookup first: a dict's keys may run Python code (`__eq__`), which could change an
        // array already checked; once the checks begin, no Python code runs until the step ends.
        let mask = key(intern!(py, "action_mask"))?;
        let player = key(intern!(py, "current_player"))?;
        let winner = key(intern!(py, "winner"))?;
        let final_pair = if shape.same_step {
            Some((
                key(intern!(py, "final_obs"))?,
                key(intern!(py, "_final_obs"))?,
            ))
        } else {
            None
        };
        let (envs, planes) = (shape.num_envs, [shape.num_envs, shape.rows, shape.cols, 2]);
        let mut checked = Reused::default();
        let finals = match final_pair {
            Some((obs, flags)) => Some((
                checked.array(&obs, &planes, "info[\"final_obs\"]")?,
                checked.array(&flags, &[envs], "info[\"_final_obs\"]")?,
            )),
            None => None,
        };
        let arrays = StepArrays {
            view: ViewArrays {
                obs: checked.array(&tuple.get_item(0)?, &planes, "out[0] (obs)")?,
                action_mask: checked.array(
                    &mask,
                    &[envs, shape.actions],
                    "info[\"action_mask\"]",
                )?,
                current_player: checked.array(&player, &[envs], "info[\"current_player\"]")?,
            },
            rewards: checked.array(&tuple.get_item(1)?, &[envs, 2], "out[1] (rewards)")?,
            terminated: checked.array(&tuple.get_item(2)?, &[envs], "out[2] (terminated)")?,
            winner: checked.array(&winner, &[envs], "info[\"winner\"]")?,
            truncated: checked.array(&tuple.get_item(3)?, &[envs], "out[3] (truncated)")?,
            finals,
            reused: Some(tuple.clone()),
        };
        checked.disjoint()?;
        // Bytes a bool array holds beyond 0 and 1 become 1, which NumPy reads as True all the
        // same: the one change made before the step is accepted or refused, so that the games
        // are lent slices of valid bools.
        checked.sanitize();
        Ok(arrays)
    }

    /// # Safety
    ///
    /// As for [`Array::items`].
    unsafe fn outputs<'a>(&'a mut self) -> StepOutputs<'a> {
        // SAFETY: the caller's promise.
        unsafe {
            let (final_obs, has_final_obs) = match &self.finals {
                Some((obs, flags)) => (obs.items(), flags.items()),
                None => (&mut [][..], self.truncated.items()),
            };
            StepOutputs {
                view: self.view.view(),
                rewards: self.rewards.items(),
                terminated: self.terminated.items(),
                winner: self.winner.items(),
                final_obs,
                has_final_obs,
            }
        }
    }

    /// What `VecGames.step` returns: `(obs, rewards, terminated, truncated, info)`.
    fn into_result(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        // SAFETY: as for `outputs`, whose slices are gone.
        unsafe { self.truncated.items() }.fill(false);
        if let Some(out) = self.reused {
            return Ok(out);
        }
        let info = PyDict::new(py);
        info.set_item(intern!(py, "action_mask"), self.view.action_mask.into_any())?;
        info.set_item(
            intern!(py, "current_player"),
            self.view.current_player.into_any(),
        )?;
        info.set_item(intern!(py, "winner"), self.winner.into_any())?;
        if let Some((final_obs, has_final_obs)) = self.finals {
            info.set_item(intern!(py, "final_obs"), final_obs.into_any())?;
            info.set_item(intern!(py, "_final_obs"), has_final_obs.into_any())?;
        }
        PyTuple::new(
            py,
            [
                self.view.obs.into_any(),
                self.rewards.into_any(),
                self.terminated.into_any(),
                self.truncated.into_any(),
                info.into_any(),
            ],
        )
    }
}

/// Actions read by the package's reader: one int64 per game, and the actions beyond 64 bits.
type Read<'py> = (Cow<'static, [i64]>, Option<Bound<'py, PyDict>>);

/// Actions in any form but the int64 array `int64s` reads (lists, object arrays, other dtypes, byte
/// orders and strides), read by the package's one reader, `tictactoe._vec._read_actions`, which
/// raises its own errors; with the actions beyond 64 bits as passed, by game, for messages.
fn read_actions<'py>(
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
    envs: usize,
) -> PyResult<Read<'py>> {
    // Looked up at each call (a dict lookup beside the reading): the reader is the module's.
    let module = py.import(intern!(py, "tictactoe._vec"))?;
    let read = module.getattr(intern!(py, "_read_actions"))?;
    let (array, wide): (Bound<'py, PyAny>, Option<Bound<'py, PyDict>>) =
        read.call1((actions, envs))?.extract()?;
    let actions = int64s(&array, envs, &mut []).map(|read| Cow::Owned(read.into_owned()));
    let actions = actions.ok_or_else(|| {
        PyRuntimeError::new_err("the actions were not read as one int64 per game")
    })?;
    Ok((actions, wide))
}

/// NumPy's C API, loaded now so that a missing or unusable NumPy is an `ImportError` here rather
/// than a failure inside a later call (the binding's loader panics on an unusable NumPy).
fn numpy_api(py: Python<'_>) -> PyResult<()> {
    py.import(intern!(py, "numpy"))?;
    let loaded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = u8::get_dtype(py);
    }));
    loaded.map_err(|_| {
        pyo3::exceptions::PyImportError::new_err("this NumPy's C API cannot be used by VecGames")
    })
}

impl VecEngine {
    fn games(&self) -> MutexGuard<'_, VecGames> {
        // The engine does not panic, so a poisoned lock still guards consistent games.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `job` on the games: with the interpreter released when the batch is large enough for
    /// other threads to notice, else attached (releasing and taking it back costs more than a
    /// small batch's step). Either way the lock is held only by pure Rust that never waits for the
    /// interpreter, so a thread that holds the interpreter while waiting for the lock is never
    /// waiting on one that wants the interpreter.
    /// Whether the batch is small: stepped attached (see `with_games`), and its arrays kept for
    /// `Spares` (a large batch does not feel the cost of new arrays, and would hold their memory).
    fn small(&self) -> bool {
        self.shape.num_envs * self.shape.rows * self.shape.cols < DETACH_CELLS
    }

    fn kept(&self) -> MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn with_games<R: Send>(
        &self,
        py: Python<'_>,
        job: impl FnOnce(&mut VecGames) -> R + Send,
    ) -> R {
        if self.small() {
            job(&mut self.games())
        } else {
            py.detach(|| job(&mut self.games()))
        }
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
        exact: bool,
        autoreset: &str,
        illegal: &str,
        seed: u64,
        threads: usize,
    ) -> PyResult<Self> {
        numpy_api(py)?;
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
                let rules = rules.with_exact(exact);
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
                rows: rules.rows(),
                cols: rules.cols(),
                actions: rules.actions(),
                same_step: autoreset == AutoReset::SameStep,
            },
            inner: Mutex::new(games),
            kept: Mutex::default(),
        })
    }

    /// Plays one action per game; returns ``(obs, rewards, terminated, truncated, info)``.
    ///
    /// ``rewards`` is ``(num_envs, 2)`` float32, one column per player (X, O). ``info`` holds
    /// ``action_mask``, ``current_player`` and ``winner`` (for games that ended on this step), and
    /// in ``same_step`` mode ``final_obs`` with the bool mask ``_final_obs``. An illegal action
    /// under ``illegal="raise"`` raises ``IllegalMoveError`` (``.index`` is the first offending
    /// game) and changes nothing.
    ///
    /// The arrays are fresh unless ``out`` is given: the tuple an earlier step of these games
    /// returned, whose arrays this step writes again and which it returns (``result =
    /// games.step(actions, out=result)``), for small batches that feel the cost of new arrays.
    /// Each must still be a NumPy array of its dtype and shape, C-contiguous, aligned, writeable
    /// and sharing memory with none of the others, else ``TypeError`` / ``ValueError`` and
    /// nothing changes; a refused step writes none of them.
    // An int64 array of one action per game (as `sample` gives) is read here as it lies; anything
    // else by the package's reader, with its errors, before `out` is checked: reading may run the
    // caller's Python code (`__index__`), and once the arrays are checked none runs.
    #[pyo3(signature = (actions, *, out=None))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let envs = self.shape.num_envs;
        // Copied out while attached: no other thread can change them while the games step.
        let mut scratch = [MaybeUninit::<i64>::uninit(); INLINE];
        let (actions, wide) = match int64s(actions, envs, &mut scratch) {
            Some(actions) => (actions, None),
            None => read_actions(py, actions, envs)?,
        };
        let keeps = out.is_none() && self.small();
        let mut arrays = match out {
            Some(out) => StepArrays::reuse(py, out, self.shape)?,
            None if keeps => {
                let older = std::mem::take(&mut self.kept().steps[0]);
                StepArrays::new(py, self.shape, &mut Spares::new(older))?
            }
            None => StepArrays::new(py, self.shape, &mut Spares::none())?,
        };
        let attached = arrays.reused.is_some();
        // SAFETY: the arrays were made just now and have not left this call, or are the caller's,
        // checked, and the interpreter stays attached while they are written.
        let outputs = unsafe { arrays.outputs() };
        let result = if attached {
            self.games().step(&actions, outputs)
        } else {
            self.with_games(py, |games| games.step(&actions, outputs))
        };
        result.map_err(|err| vec_to_py(py, err, wide.as_ref()))?;
        let handed = if keeps { arrays.handles() } else { Vec::new() };
        let result = arrays.into_result(py)?;
        if keeps {
            let mut kept = self.kept();
            kept.steps.rotate_left(1);
            let before = std::mem::replace(&mut kept.steps[1], handed);
            drop(kept);
            // Let go outside the lock: letting an array go may run Python code (a weak
            // reference's callback), which may call this engine.
            drop(before);
        }
        Ok(result)
    }

    /// Empties every game, or those `only` names (one flag per game); returns the view.
    #[pyo3(name = "_reset")]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        only: Option<Vec<bool>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let arrays = ViewArrays::new(py, self.shape, &mut Spares::none())?;
        // SAFETY: the arrays were made just now and have not left this call.
        let view = unsafe { arrays.view() };
        let result = self.with_games(py, |games| games.reset(only.as_deref(), view));
        result.map_err(|err| vec_to_py(py, err, None))?;
        arrays.into_tuple(py)
    }

    /// What every game looks like now: `(obs, action_mask, current_player)`.
    #[pyo3(name = "_view")]
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let arrays = ViewArrays::new(py, self.shape, &mut Spares::none())?;
        // SAFETY: the arrays were made just now and have not left this call.
        let view = unsafe { arrays.view() };
        let result = self.with_games(py, |games| games.view(view));
        result.map_err(|err| vec_to_py(py, err, None))?;
        arrays.into_tuple(py)
    }

    /// A uniformly random legal action for every game in play (any action for an ended one),
    /// int64.
    fn sample<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut spares = match self.small() {
            true => Spares::new(std::mem::take(&mut self.kept().sample)),
            false => Spares::none(),
        };
        let array = spares.array::<i64>(py, &[self.shape.num_envs])?;
        // SAFETY: made or freed for this call, and not handed out yet.
        let actions = unsafe { array.items() };
        let result = self.with_games(py, |games| games.sample(actions));
        result.map_err(|err| vec_to_py(py, err, None))?;
        let array = array.into_any();
        if self.small() {
            self.kept().sample = vec![array.clone().unbind()];
        }
        Ok(array)
    }

    /// Plays every game to its end with uniformly random legal moves; the winners (0 for a draw)
    /// as uint8, as ``info["winner"]``. The games are left ended.
    fn playout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let array = zeros::<u8>(py, &[self.shape.num_envs])?;
        // SAFETY: made just now and not handed out yet.
        let winners = unsafe { array.items() };
        let result = self.with_games(py, |games| games.playout(winners));
        result.map_err(|err| vec_to_py(py, err, None))?;
        Ok(array.into_any())
    }

    /// The rules: `(rows, cols, k, gravity, exact)`.
    #[pyo3(name = "_rules")]
    fn rules(&self) -> (usize, usize, usize, bool, bool) {
        let rules = self.games().rules();
        (
            rules.rows(),
            rules.cols(),
            rules.k(),
            rules.gravity(),
            rules.exact(),
        )
    }

    #[pyo3(name = "_reseed")]
    fn seed(&self, py: Python<'_>, seed: u64) {
        py.detach(|| self.games().seed(seed));
    }

    /// Game `i`, encoded.
    #[pyo3(name = "_game")]
    fn game<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyBytes>> {
        let result = py.detach(|| self.games().game(i).map(|game| game.encode()));
        let bytes = result.map_err(|err| plain_error(py, err))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Puts the encoded game `data` in place of game `i`.
    #[pyo3(name = "_set_game")]
    fn set_game(&self, py: Python<'_>, i: usize, data: &[u8]) -> PyResult<()> {
        let game = Game::decode(data).map_err(|err| plain_error(py, err))?;
        py.detach(|| self.games().set_game(i, &game))
            .map_err(|err| plain_error(py, err))
    }
}
