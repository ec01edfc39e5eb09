//! `pbrain-tictactoe`: the gomoku brain ([`pbrain_tictactoe::serve`]) over stdin and stdout.

fn main() {
    pbrain_tictactoe::serve(std::io::stdin().lock(), std::io::stdout().lock());
}
