//! The solver and the agent met by a hostile caller: numbers too large to quote saturated, skills
//! no one reads in full, boards too large for the search's tables.

use tictactoe_core::{Error, Game, Player, Rules};
use tictactoe_solve::{Agent, Solver};

/// A table size the caller wrote wider than 64 bits is quoted as written, not as the saturated
/// number the engine checked.
#[test]
fn table_bits_are_quoted_as_passed() {
    let err = Solver::new_i64(i64::MAX).expect_err("too large");
    assert_eq!(
        err.to_string(),
        "table_bits must be between 0 and 30, not 9223372036854775807"
    );
    let huge = "1180591620717411303424";
    let quote = |which| {
        (which == tictactoe_core::Quoted::TableBits).then_some(&huge as &dyn std::fmt::Display)
    };
    assert_eq!(
        err.quoting(&quote).to_string(),
        "table_bits must be between 0 and 30, not 1180591620717411303424"
    );
}

/// A skill is written as a person reads it: no hundreds of digits for 1e-300 or 1e300.
#[test]
fn a_refused_skill_is_written_short() {
    for (skill, shown) in [
        (-1e-300, "-1e-300"),
        (1e300, "1e300"),
        (1.5, "1.5"),
        (-0.25, "-0.25"),
        (f64::NAN, "NaN"),
        (f64::INFINITY, "inf"),
    ] {
        let err = Agent::new(skill, 0, None).expect_err("outside [0, 1]");
        assert_eq!(
            err.to_string(),
            format!("skill must be between 0 and 1, not {shown}")
        );
    }
}

/// A board too large for the search's tables (more than 2048 x 2048 cells) is refused before
/// they are made, at every skill and by every solver call, the game unchanged. A large board
/// within the limit is played: the agent weighs its best rated moves, not a copy of the game for
/// each of its 262,143 legal moves. (A 20,000 x 20,000 board, or a 1024 x 1024 one, filled the
/// machine's memory before: the process was killed.)
#[test]
fn a_board_too_large_to_search_is_refused_as_short_of_memory() {
    let too_large = Error::OutOfMemory {
        rows: 2048,
        cols: 2049,
    };
    let mut game = Game::with_rules(Rules::new(2048, 2049, 5, false).unwrap()).unwrap();
    game.play(0, 0, Player::X).unwrap();
    let before = game.encode();
    let mut solver = Solver::new(10).unwrap();
    assert_eq!(Solver::check(&game), Err(too_large));
    assert_eq!(solver.solve(&game, Some(10)), Err(too_large));
    assert_eq!(
        solver.move_values(&game, Some(10)).map(|_| ()),
        Err(too_large)
    );
    for skill in [0.0, 0.5, 1.0] {
        let mut agent = Agent::new(skill, 1, Some(1_000)).unwrap();
        assert_eq!(agent.choose(&game), Err(too_large), "skill {skill}");
    }
    assert_eq!(game.encode(), before);

    let mut large = Game::with_rules(Rules::new(512, 512, 5, false).unwrap()).unwrap();
    large.play(0, 0, Player::X).unwrap();
    assert_eq!(Solver::check(&large), Ok(()));
    let (row, col) = Agent::new(1.0, 1, Some(1_000))
        .unwrap()
        .choose(&large)
        .unwrap();
    assert_eq!(large.cell(row, col), Ok(None));
}
