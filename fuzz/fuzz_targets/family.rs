//! Fuzz target: see `tictactoe_fuzzing::family`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzzing::family(data));
