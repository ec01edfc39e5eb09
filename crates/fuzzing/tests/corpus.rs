//! Replays the committed fuzz seeds and every regression input on stable, plus a few thousand
//! deterministic pseudo-random inputs per target, so `make test` re-checks what fuzzing once found.

use std::fs;
use std::path::Path;

type Target = fn(&[u8]);

#[cfg(not(miri))]
const TARGETS: &[(&str, Target)] = &[
    ("ops", tictactoe_fuzzing::ops),
    ("batch", tictactoe_fuzzing::batch),
    ("decode", tictactoe_fuzzing::decode),
    ("ffi", tictactoe_fuzzing::ffi),
    ("family", tictactoe_fuzzing::family),
];

// Under Miri, which interprets every instruction, only the target that crosses the unsafe C ABI:
// the others run safe code only, and natively.
#[cfg(miri)]
const TARGETS: &[(&str, Target)] = &[("ffi", tictactoe_fuzzing::ffi)];

fn replay_folder(target: Target, folder: &Path) -> usize {
    let Ok(entries) = fs::read_dir(folder) else {
        return 0;
    };
    let mut count = 0;
    for entry in entries {
        let path = entry.expect("a readable corpus entry").path();
        target(&fs::read(&path).expect("a readable input"));
        count += 1;
    }
    count
}

#[test]
fn committed_inputs_replay_cleanly() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut total = 0;
    for &(name, target) in TARGETS {
        total += replay_folder(target, &fuzz.join("seeds").join(name));
        total += replay_folder(target, &fuzz.join("regressions").join(name));
    }
    assert!(total >= TARGETS.len(), "the seed corpus is missing");
}

#[test]
fn pseudo_random_inputs_replay_cleanly() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for &(_, target) in TARGETS {
        // Miri interprets every instruction: a few inputs there, thousands natively.
        for _ in 0..if cfg!(miri) { 20 } else { 3000 } {
            let len = (next() % 300) as usize;
            let input: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            target(&input);
        }
    }
}
