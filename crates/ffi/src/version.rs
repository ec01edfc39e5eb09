//! The library's version, for C callers to test at compile time (`#if TICTACTOE_VERSION_MINOR >= 4`).
//! Written out as numbers, which the header generator copies; a test holds them to the crate's own.

/// The major version of the library this header belongs to.
pub const TICTACTOE_VERSION_MAJOR: u32 = 0;

/// The minor version of the library this header belongs to (before 1.0, each minor release may
/// change the API).
pub const TICTACTOE_VERSION_MINOR: u32 = 4;

/// The patch version of the library this header belongs to.
pub const TICTACTOE_VERSION_PATCH: u32 = 0;

#[cfg(test)]
mod tests {
    #[test]
    fn the_header_version_is_the_crate_version() {
        let version = [
            super::TICTACTOE_VERSION_MAJOR,
            super::TICTACTOE_VERSION_MINOR,
            super::TICTACTOE_VERSION_PATCH,
        ]
        .map(|part| part.to_string())
        .join(".");
        assert_eq!(version, env!("CARGO_PKG_VERSION"));
    }
}
