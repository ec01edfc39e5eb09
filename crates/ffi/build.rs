//! Gives the shared library a versioned soname on ELF platforms, so that programs linked against
//! `libtictactoe.so.0` keep working across compatible releases.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" || target_os.ends_with("bsd") {
        let major = env!("CARGO_PKG_VERSION_MAJOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libtictactoe.so.{major}");
    }
}
