//! The committed header must be exactly what cbindgen generates from the source.
//! `UPDATE_HEADER=1 cargo test -p tictactoe-ffi --test header` (or `make header`) rewrites it.

use std::path::Path;

#[test]
#[cfg_attr(
    miri,
    ignore = "parses the crate with cbindgen: no unsafe code to check"
)]
fn header_matches_the_source() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header = crate_dir.join("../../include/tictactoe.h");
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&header, &generated).expect("write include/tictactoe.h");
    }
    let committed = std::fs::read(&header).unwrap_or_default();
    assert!(
        committed == generated,
        "include/tictactoe.h is out of date: run `make header` and commit it"
    );
}
