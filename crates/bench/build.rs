//! Compiles the hand-written C reference loop with -O2, so the benchmark can replay the same games
//! through it in the same process.

fn main() {
    println!("cargo:rerun-if-changed=c/reference.c");
    println!("cargo:rerun-if-changed=c/family.c");
    cc::Build::new()
        .file("c/reference.c")
        .file("c/family.c")
        .opt_level(2)
        .warnings(true)
        .extra_warnings(true)
        .compile("tictactoe_reference");
}
