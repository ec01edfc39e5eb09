//! `tictactoe`: the command line ([`tictactoe_cli::run`]) over the process's arguments and streams.

use std::io::IsTerminal;

fn main() {
    let terminal = std::io::stderr().is_terminal();
    let code = tictactoe_cli::run(
        std::env::args_os(),
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
        terminal,
    );
    std::process::exit(code);
}
