//! An independent model of `VecGames`, written from the behaviour contract: each game is a brute-force
//! [`KModel`] board (any rules of the family), and the environment's rules (turns after a game ends, auto-reset, rewards, the
//! illegal-action policies) are spelled out plainly here, sharing nothing with the engine's code.

use tictactoe_core::{AutoReset, Error, Illegal, Player};

use crate::family::KModel;

#[derive(Clone, Debug)]
pub struct EnvModel {
    pub rules: (usize, usize, usize, bool),
    /// Only exactly `k` in a row wins.
    pub exact: bool,
    pub autoreset: AutoReset,
    pub illegal: Illegal,
    pub boards: Vec<KModel>,
    pub ended: Vec<bool>,
    pub winner: Vec<u8>,
    pub to_move: Vec<Player>,
}

/// What one step returns, game after game.
#[derive(Clone, Debug, PartialEq)]
pub struct Stepped {
    pub obs: Vec<bool>,
    pub action_mask: Vec<bool>,
    pub current_player: Vec<u8>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<bool>,
    pub winner: Vec<u8>,
    pub final_obs: Vec<bool>,
    pub has_final_obs: Vec<bool>,
}

impl EnvModel {
    /// `envs` classic `n x n` games.
    pub fn new(envs: usize, n: usize, autoreset: AutoReset, illegal: Illegal) -> EnvModel {
        Self::with_rules(envs, (n, n, n, false), autoreset, illegal)
    }

    /// `envs` games of `(rows, cols, k, gravity)`.
    pub fn with_rules(
        envs: usize,
        rules: (usize, usize, usize, bool),
        autoreset: AutoReset,
        illegal: Illegal,
    ) -> EnvModel {
        let (rows, cols, k, gravity) = rules;
        EnvModel {
            rules,
            exact: false,
            autoreset,
            illegal,
            boards: vec![KModel::new(rows, cols, k, gravity); envs],
            ended: vec![false; envs],
            winner: vec![0; envs],
            to_move: vec![Player::X; envs],
        }
    }

    /// The same model where only exactly `k` in a row wins.
    pub fn with_exact(mut self, exact: bool) -> EnvModel {
        self.exact = exact;
        let empty = self.empty();
        self.boards.fill(empty);
        self
    }

    fn empty(&self) -> KModel {
        let (rows, cols, k, gravity) = self.rules;
        KModel::new(rows, cols, k, gravity).with_exact(self.exact)
    }

    fn cells(&self) -> usize {
        self.rules.0 * self.rules.1
    }

    /// Actions a game: a cell each, or with gravity a column each.
    pub fn actions(&self) -> usize {
        if self.rules.3 {
            self.rules.1
        } else {
            self.cells()
        }
    }

    fn restart(&mut self, i: usize) {
        self.boards[i] = self.empty();
        self.ended[i] = false;
        self.winner[i] = 0;
        self.to_move[i] = Player::X;
    }

    pub fn reset(&mut self, only: Option<&[bool]>) {
        for i in 0..self.boards.len() {
            if only.is_none_or(|o| o[i]) {
                self.restart(i);
            }
        }
    }

    /// The board cell an action names in game `i`, if it names one (with gravity, where the
    /// column's next mark lands, if it is not full).
    fn cell(&self, i: usize, action: i64) -> Option<(usize, usize)> {
        if !(0..self.actions() as i64).contains(&action) {
            return None;
        }
        let (cols, action) = (self.rules.1, action as usize);
        if self.rules.3 {
            return self.boards[i].landing(action).map(|row| (row, action));
        }
        Some((action / cols, action % cols))
    }

    /// Whether `action` is legal in game `i`, which is in play.
    pub fn legal(&self, i: usize, action: i64) -> bool {
        self.cell(i, action)
            .is_some_and(|(r, c)| self.boards[i].board[r][c].is_none())
    }

    /// The index of the first game whose action refuses the whole step, if any.
    pub fn refusal(&self, actions: &[i64]) -> Option<usize> {
        (0..actions.len()).find(|&i| {
            if self.ended[i] {
                self.autoreset == AutoReset::Disabled
            } else {
                self.illegal == Illegal::Raise && !self.legal(i, actions[i])
            }
        })
    }

    pub fn obs(&self, i: usize) -> Vec<bool> {
        let (me, other) = (Some(self.to_move[i]), Some(self.to_move[i].other()));
        let board = &self.boards[i].board;
        board
            .iter()
            .flatten()
            .flat_map(|&cell| [cell == me, cell == other])
            .collect()
    }

    pub fn view(&self, out: &mut Stepped) {
        out.obs = (0..self.boards.len()).flat_map(|i| self.obs(i)).collect();
        out.action_mask = (0..self.boards.len())
            .flat_map(|i| {
                (0..self.actions() as i64)
                    .map(|a| self.ended[i] || self.legal(i, a))
                    .collect::<Vec<_>>()
            })
            .collect();
        out.current_player = self.to_move.iter().map(|p| p.number()).collect();
    }

    /// One step; `Err(index)` when the contract refuses it (and then nothing changes).
    pub fn step(&mut self, actions: &[i64]) -> Result<Stepped, usize> {
        if let Some(i) = self.refusal(actions) {
            return Err(i);
        }
        let envs = self.boards.len();
        let cells = self.cells();
        let mut out = Stepped {
            obs: vec![],
            action_mask: vec![],
            current_player: vec![],
            rewards: vec![0.0; 2 * envs],
            terminated: vec![false; envs],
            winner: vec![0; envs],
            final_obs: vec![
                false;
                if self.autoreset == AutoReset::SameStep {
                    2 * cells * envs
                } else {
                    0
                }
            ],
            has_final_obs: vec![false; envs],
        };
        for (i, &action) in actions.iter().enumerate() {
            if self.ended[i] {
                self.restart(i);
                continue;
            }
            let mover = self.to_move[i];
            self.to_move[i] = mover.other();
            let winner = if self.legal(i, action) {
                let (r, c) = self.cell(i, action).unwrap();
                self.boards[i]
                    .play(r as i64, c as i64, mover.number().into())
                    .unwrap();
                match self.boards[i].winner() {
                    Some(w) => Some(w.number()),
                    None if self.boards[i].is_full() => Some(0),
                    None => None,
                }
            } else {
                Some(mover.other().number())
            };
            let Some(winner) = winner else { continue };
            self.ended[i] = true;
            self.winner[i] = winner;
            out.terminated[i] = true;
            out.winner[i] = winner;
            if winner != 0 {
                out.rewards[2 * i + usize::from(winner - 1)] = 1.0;
                out.rewards[2 * i + usize::from(2 - winner)] = -1.0;
            }
            if self.autoreset == AutoReset::SameStep {
                out.final_obs[2 * cells * i..2 * cells * (i + 1)].copy_from_slice(&self.obs(i));
                out.has_final_obs[i] = true;
                self.restart(i);
            }
        }
        self.view(&mut out);
        Ok(out)
    }

    /// The error a refused step carries for game `i`, as the contract words it.
    pub fn refusal_error(&self, i: usize, action: i64) -> Error {
        if self.ended[i] {
            let winner = match self.winner[i] {
                1 => Some(Player::X),
                2 => Some(Player::O),
                _ => None,
            };
            return Error::GameOver { winner };
        }
        let in_range = (0..self.actions() as i64).contains(&action);
        match self.cell(i, action) {
            None if in_range => Error::ColumnFull {
                col: action as usize,
            },
            None => Error::ActionOutOfRange {
                action: action.into(),
                actions: self.actions(),
            },
            Some((row, col)) => Error::Occupied {
                row,
                col,
                by: self.boards[i].board[row][col].unwrap(),
            },
        }
    }
}
