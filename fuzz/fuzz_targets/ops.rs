//! Fuzz target: see `tictactoe_fuzzing::ops`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzzing::ops(data));
