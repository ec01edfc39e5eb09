//! Gives the shared library a versioned soname on ELF platforms, so that programs linked against it
//! keep working across compatible releases: `libtictactoe.so.MAJOR`, or `libtictactoe.so.0.MINOR`
//! before 1.0, where each minor release may change the ABI. The Makefile reads the soname back from
//! the built library rather than computing it again.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" || target_os.ends_with("bsd") {
        let major = env!("CARGO_PKG_VERSION_MAJOR");
        let minor = env!("CARGO_PKG_VERSION_MINOR");
        let version = if major == "0" {
            format!("0.{minor}")
        } else {
            major.to_owned()
        };
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libtictactoe.so.{version}");
    }
}
