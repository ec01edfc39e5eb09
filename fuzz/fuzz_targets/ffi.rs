//! Fuzz target: see `tictactoe_fuzzing::ffi`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzzing::ffi(data));
