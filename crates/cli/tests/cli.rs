//! The `tictactoe` command run as a user types it: its output compared with the library's answers
//! for the same positions (found here by the library's calls, not by the command's code), its
//! exit codes, and bad input refused with one line on stderr and nothing on stdout.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use tictactoe_core::{Game, Player, Rules};
use tictactoe_solve::{Solution, Solver};

/// Runs `tictactoe ARGS` with `input` on stdin.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    // A command that stops reading early closes its stdin: that is no failure here.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("the command ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// The game after the 1-based columns of `moves`, played through the library.
fn connect_four(moves: &str) -> Game {
    let mut game = Game::with_rules(Rules::connect_four()).unwrap();
    for (i, c) in moves.chars().enumerate() {
        let player = if i % 2 == 0 { Player::X } else { Player::O };
        game.drop_in(c.to_digit(10).unwrap() as usize - 1, player)
            .unwrap();
    }
    game
}

#[test]
fn solve_answers_what_the_solver_answers_in_either_numbering() {
    for moves in ["", "4453", "44444", "3435261"] {
        let game = connect_four(moves);
        let mut solver = Solver::new(20).unwrap();
        let Solution { value, plies } = solver.solve(&game, None).unwrap();
        let best: Vec<String> = solver
            .best_moves(&game, None)
            .unwrap()
            .iter()
            .map(|&(_, col)| (col + 1).to_string())
            .collect();
        let mover = if moves.len() % 2 == 0 { "X" } else { "O" };
        let want = format!(
            "{{\"to_move\": \"{mover}\", \"value\": {value}, \"plies\": {plies}, \"best_moves\": [{}]}}\n",
            best.join(", ")
        );
        let out = run(&["solve", moves, "--json"], "");
        assert_eq!(
            (out.status.code(), text(&out.stdout)),
            (Some(0), want),
            "{moves}"
        );
        // BitBully's strings number columns from 0: the same position, answers from 0.
        let zero: String = moves.chars().map(|c| char::from(c as u8 - 1)).collect();
        let out0 = run(&["solve", &zero, "--json", "--base", "0"], "");
        let best0: Vec<String> = best
            .iter()
            .map(|b| (b.parse::<u8>().unwrap() - 1).to_string())
            .collect();
        assert!(
            text(&out0.stdout).ends_with(&format!("[{}]}}\n", best0.join(", "))),
            "{zero}"
        );
    }
}

#[test]
fn values_lists_every_move_as_move_values_does() {
    let mut game = Game::new(3).unwrap();
    game.play(0, 0, Player::X).unwrap();
    let values = Solver::new(12).unwrap().move_values(&game, None).unwrap();
    let out = run(&["values", "--game", "tictactoe", "1,1"], "");
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), values.len());
    for (line, &((row, col), s)) in lines.iter().zip(&values) {
        let name = format!("{},{}: ", row + 1, col + 1);
        let words = match s.value {
            0 => format!("draw ({} plies to the full board)", s.plies),
            1 => format!("O wins in {} plies", s.plies),
            _ => format!("X wins in {} plies", s.plies),
        };
        assert_eq!(line, &format!("{name}{words}"));
    }
}

#[test]
fn a_board_file_is_the_position_its_moves_make() {
    let game = connect_four("4453");
    let drawn = game.to_string();
    let from_file = run(&["solve", "--board", "-", "--json"], &drawn);
    let from_moves = run(&["solve", "4453", "--json"], "");
    assert_eq!(
        from_file.status.code(),
        Some(0),
        "{}",
        text(&from_file.stderr)
    );
    assert_eq!(text(&from_file.stdout), text(&from_moves.stdout));
    // A plain board, with O a stone ahead: O moved first.
    let out = run(&["solve", "--board", "-", "--json"], "O..\n...\n...\n");
    assert!(
        text(&out.stdout).starts_with("{\"to_move\": \"X\""),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_input_is_one_line_on_stderr_exit_2_and_nothing_on_stdout() {
    let long = "9".repeat(100_000);
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "44x"], ""),
        (&["solve", "48"], ""),
        (&["solve", "4444444"], ""),
        (&["solve", &long], ""),
        (&["solve", "--game", "7x7x99"], ""),
        (&["solve", "--game", "\u{1b}[31mred"], ""),
        (&["solve", "--base", "2", "44"], ""),
        (&["solve", "--max-nodes", "-1"], ""),
        (&["solve", "--board", "-"], "X.\nXX\n"),
        (&["solve", "--board", "-"], "XXX\nOO.\n...\n"),
        (&["solve", "--board", "/nonexistent/board"], ""),
        (&["solve", "--game", "tictactoe", "1,1 1,1"], ""),
        (&["values", "--book", "/dev/null"], ""),
        (&["book", "inspect", "/nonexistent.book"], ""),
        (&["play", "--skill", "2"], ""),
        (&["nonsense"], ""),
    ];
    for (args, input) in cases {
        let out = run(args, input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.len() < 300, "{args:?}: {} bytes", err.len());
        assert!(
            err.chars().all(|c| c == '\n' || !c.is_control()),
            "{args:?}: {err:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_budget_spent_is_exit_1() {
    let out = run(&["solve", "--no-book", "--max-nodes", "10"], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("budget of 10"));
}

#[test]
fn every_subcommand_has_help() {
    for sub in [
        &["play"][..],
        &["solve"],
        &["values"],
        &["book"],
        &["book", "build"],
        &["book", "verify"],
        &["brain"],
    ] {
        let out = run(&[sub, &["--help"]].concat(), "");
        assert_eq!(out.status.code(), Some(0), "{sub:?}");
        assert!(text(&out.stdout).contains("Usage: tictactoe"), "{sub:?}");
    }
}

#[test]
fn play_takes_moves_undo_and_refusals_and_ends_the_game() {
    // Tic-tac-toe against the engine at full skill: whatever the person does, never a win of theirs.
    let script = "5\n1 1\n1 1\nu\n2 2\n1 1\n3 3\n1 3\n3 1\n2 1\n1 2\n2 3\n3 2\n";
    let out = run(&["play", "--seed", "7", "--max-ms", "50"], script);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(said.contains("\"5\" is no move here."), "{said}");
    assert!(
        said.contains("Not a legal move: that cell is taken by X."),
        "{said}"
    );
    let end = said.lines().last().unwrap_or_default();
    assert!(
        ["The engine wins.", "A draw."]
            .iter()
            .any(|e| said.contains(e)),
        "{end}"
    );
    assert!(!said.contains("You win."));
    // Connect Four, columns from 1: the engine moves first and answers every drop.
    let out = run(
        &[
            "play",
            "--game",
            "connect4",
            "--engine-first",
            "--seed",
            "1",
        ],
        "4\nq\n",
    );
    let said = text(&out.stdout);
    assert_eq!(said.matches("The engine (X) plays").count(), 2, "{said}");
    assert!(said.contains(" 1 2 3 4 5 6 7"));
}

#[test]
fn brain_speaks_the_protocol() {
    let out = run(&["brain"], "START 15\nBEGIN\nEND\n");
    let said = text(&out.stdout);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.first(), Some(&"OK"));
    let (x, y) = lines[1].split_once(',').expect("a move x,y");
    assert!(x.parse::<u32>().unwrap() < 15 && y.parse::<u32>().unwrap() < 15);
}

#[test]
fn a_book_built_inspected_and_verified() {
    let dir = std::env::temp_dir().join(format!("tictactoe-cli-book-{}", std::process::id()));
    let (shards, out) = (dir.join("shards"), dir.join("small.book"));
    let (shards, out) = (shards.to_str().unwrap(), out.to_str().unwrap());
    let built = run(
        &[
            "book", "build", "5x5x4", "4", "--shards", "2", "--dir", shards, "--out", out,
        ],
        "",
    );
    assert_eq!(built.status.code(), Some(0), "{}", text(&built.stderr));
    let inspected = text(&run(&["book", "inspect", out], "").stdout);
    assert!(
        inspected.contains("rules: 5 x 5, 4 in a row, gravity"),
        "{inspected}"
    );
    assert!(inspected.contains("to 4 stones") && inspected.contains("win, draw or loss"));
    let verified = run(&["book", "verify", out, "--sample", "30"], "");
    assert_eq!(
        verified.status.code(),
        Some(0),
        "{}",
        text(&verified.stderr)
    );
    // One byte changed: the file's own check refuses it.
    let mut bytes = std::fs::read(out).unwrap();
    let last = bytes.len() - 9;
    bytes[last] ^= 1;
    std::fs::write(out, &bytes).unwrap();
    let refused = run(&["book", "verify", out], "");
    assert_eq!(refused.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
