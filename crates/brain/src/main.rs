//! `pbrain-tictactoe`: a gomoku brain for Gomocup managers and clients. One command a line on
//! stdin, one answer a line on stdout, as the piskvork protocol says ([`brain::Brain`] holds the
//! game; [`command`] reads the lines).

mod brain;
mod budget;
mod command;

use std::io::{BufRead, Write};

fn main() {
    let mut brain = brain::Brain::new();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().split(b'\n') {
        let Ok(line) = line else { break };
        // A line that is not UTF-8 is garbage like any other: the brain answers it, never dies.
        let line = String::from_utf8_lossy(&line);
        let reply = brain.handle(&line);
        for answer in &reply.lines {
            if writeln!(stdout, "{answer}").is_err() {
                return;
            }
        }
        if stdout.flush().is_err() || reply.end {
            return;
        }
    }
}
