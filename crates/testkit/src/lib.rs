//! An independent model of the rules: a plain board that is scanned in full after every move.
//! Deliberately naive, so that it shares no logic with the counters it checks.

pub mod envs;
pub mod family;

use tictactoe_core::representations::{GameOn, Representation};
use tictactoe_core::{Error, Game, Player};

/// A seeded xorshift64, for tests that play pseudo-random positions the same way every run.
#[derive(Clone, Debug)]
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next state.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound` (not 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

#[derive(Clone, Debug)]
pub struct Model {
    pub n: usize,
    pub lean: bool,
    pub board: Vec<Vec<Option<Player>>>,
    pub moves: Vec<(usize, usize, Player)>,
}

impl Model {
    pub fn new(n: usize, lean: bool) -> Model {
        Model {
            n,
            lean,
            board: vec![vec![None; n]; n],
            moves: Vec::new(),
        }
    }

    /// Every line of the board as a list of cells.
    fn lines(&self) -> Vec<Vec<Option<Player>>> {
        let n = self.n;
        let mut lines = Vec::new();
        for i in 0..n {
            lines.push((0..n).map(|j| self.board[i][j]).collect());
            lines.push((0..n).map(|j| self.board[j][i]).collect());
        }
        lines.push((0..n).map(|i| self.board[i][i]).collect());
        lines.push((0..n).map(|i| self.board[i][n - 1 - i]).collect());
        lines
    }

    pub fn winner(&self) -> Option<Player> {
        [Player::X, Player::O].into_iter().find(|&p| {
            self.lines()
                .iter()
                .any(|line| line.iter().all(|&c| c == Some(p)))
        })
    }

    pub fn is_full(&self) -> bool {
        self.board.iter().flatten().all(Option::is_some)
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_full()
    }

    pub fn is_draw(&self) -> bool {
        self.winner().is_none() && self.is_full()
    }

    pub fn can_win(&self, p: Player) -> bool {
        !self.is_over()
            && self
                .lines()
                .iter()
                .any(|line| line.iter().all(|&c| c != Some(p.other())))
    }

    pub fn last_player(&self) -> Option<Player> {
        self.moves.last().map(|m| m.2)
    }

    /// What the engine must answer to `play_i64(row, col, player)`, applying the move if legal.
    pub fn play(&mut self, row: i64, col: i64, player: i64) -> Result<u8, Error> {
        let p = match player {
            1 => Player::X,
            2 => Player::O,
            _ => return Err(Error::InvalidPlayer { player }),
        };
        let n = self.n as i64;
        if !(0..n).contains(&row) || !(0..n).contains(&col) {
            return Err(Error::OutOfRange {
                row: row.into(),
                col: col.into(),
                rows: self.n,
                cols: self.n,
            });
        }
        if self.is_over() {
            return Err(Error::GameOver {
                winner: self.winner(),
            });
        }
        if self.last_player() == Some(p) {
            return Err(Error::WrongTurn { player: p });
        }
        let (r, c) = (row as usize, col as usize);
        // In lean mode this breaks the caller's promise; the tests skip such moves.
        if let Some(by) = self.board[r][c] {
            return Err(Error::Occupied { row: r, col: c, by });
        }
        self.board[r][c] = Some(p);
        self.moves.push((r, c, p));
        Ok(self.winner().map_or(0, |w| w as u8))
    }

    pub fn undo(&mut self) -> Result<(usize, usize, Player), Error> {
        if self.lean {
            return Err(Error::NeedsBoard);
        }
        let (r, c, p) = self.moves.pop().ok_or(Error::NothingToUndo)?;
        self.board[r][c] = None;
        Ok((r, c, p))
    }

    pub fn render(&self) -> String {
        crate::render(&self.board)
    }
}

/// A board as rows of `|X|O| |`, for failure messages.
pub fn render(board: &[Vec<Option<Player>>]) -> String {
    board
        .iter()
        .map(|row| {
            let cells: String = row
                .iter()
                .map(|c| format!("|{}", c.map_or(' ', |p| p.symbol())))
                .collect();
            cells + "|"
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every query of the engine agrees with the model.
pub fn assert_agrees<R: Representation>(game: &GameOn<R>, model: &Model) {
    assert_eq!(game.rules().rows(), model.n);
    assert_eq!(game.winner(), model.winner());
    assert_eq!(game.is_over(), model.is_over());
    assert_eq!(game.is_draw(), model.is_draw());
    assert_eq!(game.move_count(), model.moves.len() as u64);
    assert_eq!(game.last_player(), model.last_player());
    for p in [Player::X, Player::O] {
        assert_eq!(
            game.can_win(p),
            model.can_win(p),
            "can_win({p}) on\n{}",
            model.render()
        );
    }
    if model.lean {
        assert_eq!(game.cell(0, 0), Err(Error::NeedsBoard));
    } else {
        for r in 0..model.n {
            for c in 0..model.n {
                assert_eq!(game.cell(r, c), Ok(model.board[r][c]));
            }
        }
        assert_eq!(game.to_string(), model.render());
        assert_eq!(game.moves().collect::<Vec<_>>(), model.moves);
    }
    // The text's length is known before drawing, lean summaries included.
    assert_eq!(game.text_len(), game.to_string().len());
    let n = model.n;
    assert!(matches!(game.cell(n, 0), Err(Error::OutOfRange { .. })));
    assert!(matches!(game.cell(0, n), Err(Error::OutOfRange { .. })));
}

/// Plays `play_i64(row, col, player)` on the game and on the model and checks that they agree; a
/// refused move must leave the game exactly as it was. A lean caller promises never to play a taken
/// cell, so such a move is skipped.
pub fn check_raw_move(game: &mut Game, model: &mut Model, row: i64, col: i64, player: i64) {
    let mut next = model.clone();
    let expected = next.play(row, col, player);
    if model.lean && matches!(expected, Err(Error::Occupied { .. })) {
        return;
    }
    let before = game.clone();
    assert_eq!(game.play_i64(row, col, player), expected);
    if expected.is_ok() {
        *model = next;
    } else {
        assert_unchanged(game, &before);
    }
}

/// A refused call leaves the game exactly as it was: equal, same bytes, same drawing.
pub fn assert_unchanged(game: &Game, before: &Game) {
    assert_eq!(game, before);
    assert_eq!(game.encode(), before.encode());
    assert_eq!(game.to_string(), before.to_string());
}

/// Builds a batch, one move at a time from `next_move` (told who moved last in the batch so far; it
/// may end the batch early with `None`), applies it with `play_all_i64`, and checks it against the model:
/// either every move is applied, or none is and the error names the first refused move and why.
pub fn check_batch(
    game: &mut Game,
    model: &mut Model,
    mut next_move: impl FnMut(Option<Player>) -> Option<[i64; 3]>,
) {
    let mut next = model.clone();
    let mut moves = Vec::new();
    let mut refused = None;
    while let Some(m) = next_move(next.last_player()) {
        moves.push(m);
        if refused.is_none()
            && let Err(error) = next.play(m[0], m[1], m[2])
        {
            refused = Some((moves.len() - 1, error));
        }
    }
    if model.lean && matches!(refused, Some((_, Error::Occupied { .. }))) {
        return; // a lean caller promises never to play a taken cell
    }
    let before = game.clone();
    match (game.play_all_i64(moves.iter().copied()), refused) {
        (Ok(winner), None) => {
            assert_eq!(winner, next.winner());
            *model = next;
        }
        (Err(err), Some((index, error))) => {
            assert_eq!((err.index, err.error), (index, error));
            assert_unchanged(game, &before);
        }
        (got, want) => panic!("the batch gave {got:?}, the model expected {want:?}"),
    }
}

/// The payload of the panic a hostile batch iterator raises, told apart from any other panic.
pub struct IteratorPanic;

/// How a hostile batch iterator misbehaves.
#[derive(Clone, Copy, Debug)]
pub enum Hostility {
    /// None: it yields the moves.
    Plain,
    /// It panics instead of yielding item `k` (no panic when the batch is shorter).
    PanicAt(usize),
    /// Its size hint claims this many items, whatever it holds.
    LyingHint(usize),
}

struct Hostile {
    moves: std::vec::IntoIter<[i64; 3]>,
    next: usize,
    hostility: Hostility,
}

impl Iterator for Hostile {
    type Item = [i64; 3];
    fn next(&mut self) -> Option<[i64; 3]> {
        if let Hostility::PanicAt(k) = self.hostility
            && k == self.next
        {
            std::panic::panic_any(IteratorPanic);
        }
        self.next += 1;
        self.moves.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.hostility {
            Hostility::LyingHint(k) => (k, Some(k)),
            _ => self.moves.size_hint(),
        }
    }
}

/// Keeps the hostile iterator's own panics quiet: the default hook would print each one, and a
/// fuzzer's hook would take it for a crash. Installed once, over whatever hook was there, and every
/// other panic still reaches that hook.
fn quiet_iterator_panics() {
    static QUIET: std::sync::Once = std::sync::Once::new();
    QUIET.call_once(|| {
        let outer = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !info.payload().is::<IteratorPanic>() {
                outer(info);
            }
        }));
    });
}

/// Applies `moves` with `play_all_i64` through an iterator that misbehaves as told, and checks the
/// result against the model: all applied, or (on a refusal or a panic inside the iterator) none, and
/// the game exactly as it was. A panic from anywhere but the iterator propagates.
pub fn check_hostile_batch(
    game: &mut Game,
    model: &mut Model,
    moves: Vec<[i64; 3]>,
    hostility: Hostility,
) {
    let panic_at = match hostility {
        Hostility::PanicAt(k) if k < moves.len() => Some(k),
        _ => None,
    };
    let mut next = model.clone();
    let mut refused = None;
    for (k, &[r, c, p]) in moves.iter().enumerate() {
        if Some(k) == panic_at {
            break;
        }
        if let Err(error) = next.play(r, c, p) {
            refused = Some((k, error));
            break;
        }
    }
    if model.lean && matches!(refused, Some((_, Error::Occupied { .. }))) {
        return; // a lean caller promises never to play a taken cell
    }
    let before = game.clone();
    quiet_iterator_panics();
    let iterator = Hostile {
        moves: moves.into_iter(),
        next: 0,
        hostility,
    };
    let outcome =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.play_all_i64(iterator)));
    match (outcome, refused) {
        (Err(payload), None) if payload.is::<IteratorPanic>() => assert_unchanged(game, &before),
        (Err(payload), _) => std::panic::resume_unwind(payload),
        (Ok(Err(err)), Some((index, error))) => {
            assert_eq!((err.index, err.error), (index, error));
            assert_unchanged(game, &before);
        }
        (Ok(Ok(winner)), None) if panic_at.is_none() => {
            assert_eq!(winner, next.winner());
            *model = next;
        }
        (Ok(got), want) => panic!("the batch gave {got:?}, the model expected {want:?}"),
    }
}
