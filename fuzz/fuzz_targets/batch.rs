//! Fuzz target: see `tictactoe_fuzzing::batch`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzzing::batch(data));
