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
    inner: Mutex<VecGames>,
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
    fn for_games(games: &VecGames) -> Outputs {
        let (envs, cells) = (games.num_envs(), games.num_actions());
        let same_step = games.autoreset() == AutoReset::SameStep;
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

    fn view(&mut self) -> View<'_> {
        View {
            obs: &mut self.obs,
            action_mask: &mut self.action_mask,
            current_player: &mut self.current_player,
        }
    }
}

fn flags<'py>(py: Python<'py>, values: &[bool]) -> Bound<'py, PyByteArray> {
    let bytes: Vec<u8> = values.iter().map(|&b| u8::from(b)).collect();
    PyByteArray::new(py, &bytes)
}

fn floats<'py>(py: Python<'py>, values: &[f32]) -> Bound<'py, PyByteArray> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    PyByteArray::new(py, &bytes)
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
    fn games(&self) -> MutexGuard<'_, VecGames> {
        // The engine does not panic, so a poisoned lock still guards consistent games.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl VecEngine {
    #[new]
    fn new(num_envs: usize, n: usize, autoreset: &str, illegal: &str, seed: u64) -> PyResult<Self> {
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
        let games =
            VecGames::new(num_envs, n, autoreset, illegal, seed).map_err(|err| match err {
                Error::OutOfMemory { .. } => {
                    pyo3::exceptions::PyMemoryError::new_err(err.to_string())
                }
                _ => PyValueError::new_err(err.to_string()),
            })?;
        Ok(VecEngine {
            inner: Mutex::new(games),
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
            let mut out = Outputs::for_games(&games);
            let Outputs {
                obs,
                action_mask,
                current_player,
                rewards,
                terminated,
                winner,
                final_obs,
                has_final_obs,
            } = &mut out;
            let outputs = StepOutputs {
                view: View {
                    obs,
                    action_mask,
                    current_player,
                },
                rewards,
                terminated,
                winner,
                final_obs,
                has_final_obs,
            };
            games.step(&actions, outputs).map(|()| out)
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
            let mut out = Outputs::for_games(&games);
            games.reset(only.as_deref(), out.view()).map(|()| out)
        });
        let out = result.map_err(|err| batch_error(py, err))?;
        Ok(view_bytes(py, &out))
    }

    /// What every game looks like now.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<ViewBytes<'py>> {
        let result = py.detach(|| {
            let games = self.games();
            let mut out = Outputs::for_games(&games);
            games.view(out.view()).map(|()| out)
        });
        let out = result.map_err(|err| batch_error(py, err))?;
        Ok(view_bytes(py, &out))
    }

    /// A random action per game, as native 64-bit ints.
    fn sample<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let result = py.detach(|| {
            let mut games = self.games();
            let mut actions = vec![0i64; games.num_envs()];
            games.sample(&mut actions).map(|()| actions)
        });
        let actions = result.map_err(|err| batch_error(py, err))?;
        let bytes: Vec<u8> = actions.iter().flat_map(|a| a.to_ne_bytes()).collect();
        Ok(PyByteArray::new(py, &bytes))
    }

    /// Plays every game to its end at random; the winners, one signed byte per game.
    fn playout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let result = py.detach(|| {
            let mut games = self.games();
            let mut winners = vec![0i8; games.num_envs()];
            games.playout(&mut winners).map(|()| winners)
        });
        let winners = result.map_err(|err| batch_error(py, err))?;
        let bytes: Vec<u8> = winners.iter().map(|&w| w as u8).collect();
        Ok(PyByteArray::new(py, &bytes))
    }

    fn seed(&self, py: Python<'_>, seed: u64) {
        py.detach(|| self.games().seed(seed));
    }

    /// Game `i`, encoded.
    fn game<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyBytes>> {
        let result = py.detach(|| self.games().game(i).map(Game::encode));
        let bytes = result.map_err(|err| plain_error(py, err))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Puts the encoded game `data` in place of game `i`.
    fn set_game(&self, py: Python<'_>, i: usize, data: &[u8]) -> PyResult<()> {
        let game = Game::decode(data).map_err(|err| plain_error(py, err))?;
        py.detach(|| self.games().set_game(i, &game))
            .map_err(|err| plain_error(py, err))
    }
}
