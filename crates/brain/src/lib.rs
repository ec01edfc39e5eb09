//! A gomoku brain for Gomocup managers and clients: one command a line in, one answer a line
//! out, as the piskvork protocol says (`brain::Brain` holds the game; `command` reads the
//! lines). [`serve`] runs it over any reader and writer: `pbrain-tictactoe` over stdin and
//! stdout, and `tictactoe brain` the same.

mod brain;
mod budget;
mod command;

use std::io::{BufRead, Write};

/// Answers the lines of `input` on `output` until `END`, the end of `input`, or a write that
/// fails. A line that is not UTF-8 is garbage like any other: the brain answers it, never dies.
pub fn serve(input: impl BufRead, mut output: impl Write) {
    let mut brain = brain::Brain::new();
    for line in input.split(b'\n') {
        let Ok(line) = line else { break };
        let line = String::from_utf8_lossy(&line);
        let reply = brain.handle(&line);
        for answer in &reply.lines {
            if writeln!(output, "{answer}").is_err() {
                return;
            }
        }
        if output.flush().is_err() || reply.end {
            return;
        }
    }
}
