//! What the bench's commands share: rules named on the command line, and a plain refusal of bad
//! arguments.

use tictactoe_core::Rules;

/// Gravity rules from `ROWSxCOLSxK`.
pub(crate) fn rules_of(text: &str) -> Rules {
    let parts: Option<Vec<usize>> = text.split('x').map(|p| p.parse().ok()).collect();
    let Some(&[rows, cols, k]) = parts.as_deref() else {
        fail(&format!("RULES is ROWSxCOLSxK, not {text:?}"))
    };
    Rules::new(rows, cols, k, true).unwrap_or_else(|e| {
        fail(&format!(
            "RULES {text}: not gravity rules the engine takes ({e})"
        ))
    })
}

/// Stops the bench with `message` and exit code 2: a bad argument or file is the caller's
/// mistake, said plainly, not a panic's backtrace.
pub(crate) fn fail(message: &str) -> ! {
    eprintln!("tictactoe-bench: {message}");
    std::process::exit(2)
}
