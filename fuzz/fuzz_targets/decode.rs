//! Fuzz target: see `tictactoe_fuzzing::decode`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzzing::decode(data));
