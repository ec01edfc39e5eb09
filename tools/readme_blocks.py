"""Runs every code block of README.md as a newcomer would paste it, so that no recipe drifts.

- ```rust: the lines as the body of ``main`` (returning ``Result``, so ``?`` works), in a crate that
  depends on ``tictactoe-core`` and ``tictactoe-solve``.
- ```c: a whole program, compiled against the static library and run.
- ```python: run in a fresh interpreter, from a scratch directory.
- ```js: a module run by Node in a scratch directory whose ``node_modules`` holds the npm package
  ``make wasm`` built; a block for the browser (``tictactoe-engine/web``) is named as skipped (the
  browser test plays the page).
- A line that prints (``print(`` in Python, ``console.log(`` in JavaScript) and ends in a comment
  ``# => TEXT`` (``// => TEXT``) must print exactly TEXT: the call is routed through a checker
  that prints what the call would have printed and fails the block when it differs.
- ```console: a terminal session: each ``$ tictactoe ...`` line is run with the command ``pip
  install`` put beside PYTHON, and what it prints must be the lines shown under it.
- ```sh: the blocks that build ``game.c`` are run with each C program of the README saved as
  ``game.c``, in a scratch directory that sees the checkout's files, with ``HOME`` in a scratch
  directory too (the recipe installs there). The others are the set-up commands this run is part of
  (``make demo``, ``make test``, ``pip install``) and are named as skipped.

Usage: ``python tools/readme_blocks.py PYTHON`` from the checkout, after ``make lib``; PYTHON is the
interpreter with the package installed. Prints one line a block and ends with "N passed, N failed".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)


def run(args: list[str] | str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        args, capture_output=True, text=True, timeout=600, **kwargs
    )


def native_libs() -> str:
    probe = run(
        "echo | rustc --crate-type staticlib --crate-name probe --print native-static-libs "
        f"-o {tempfile.gettempdir()}/libreadmeprobe.a - 2>&1",
        shell=True,
    )
    found = re.search(r"native-static-libs: (.*)", probe.stdout)
    return found.group(1) if found else ""


def rust(code: str, scratch: Path) -> subprocess.CompletedProcess[str]:
    crate = scratch / "rust"
    (crate / "src").mkdir(parents=True)
    core, solve = ((ROOT / "crates" / name).as_posix() for name in ("core", "solve"))
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "readme"\nversion = "0.0.0"\nedition = "2024"\n\n'
        f'[dependencies]\ntictactoe-core = {{ path = "{core}" }}\n'
        f'tictactoe-solve = {{ path = "{solve}" }}\n\n[workspace]\n'
    )
    (crate / "Cargo.lock").write_bytes((ROOT / "Cargo.lock").read_bytes())
    body = "\n".join("    " + line for line in code.splitlines())
    (crate / "src" / "main.rs").write_text(
        f"fn main() -> Result<(), Box<dyn std::error::Error>> {{\n{body}\n    Ok(())\n}}\n"
    )
    env = dict(os.environ, CARGO_TARGET_DIR=str(ROOT / "target" / "readme"))
    return run(["cargo", "run", "--quiet", "--manifest-path", str(crate / "Cargo.toml")], env=env)


def c(code: str, scratch: Path, libs: str) -> subprocess.CompletedProcess[str]:
    source, program = scratch / "program.c", scratch / "program"
    source.write_text(code)
    build = run(
        f"cc -std=c11 -Wall -Wextra -Werror -I{ROOT / 'include'} {source} "
        f"{ROOT / 'target/release/libtictactoe.a'} {libs} -o {program}",
        shell=True,
    )
    return build if build.returncode else run([str(program)])


MARKED = {
    "python": (re.compile(r"^(\s*)print\((.*)\)\s*# => (.*)$"), "print("),
    "js": (re.compile(r"^(\s*)console\.log\((.*)\);?\s*// => (.*)$"), "console.log("),
}

CHECK_PYTHON = """
import io as __io, sys as __sys
def __said(__expected, *args, **kwargs):
    __text = __io.StringIO()
    print(*args, file=__text, **kwargs)
    __sys.stdout.write(__text.getvalue())
    if __text.getvalue().rstrip("\\n") != __expected:
        raise SystemExit(f"printed {__text.getvalue().rstrip()!r}, the README says {__expected!r}")
"""

CHECK_JS = """
import { format as __format } from "node:util";
const __said = (expected, ...args) => {
  const text = __format(...args);
  console.log(text);
  if (text !== expected) {
    console.error(`printed ${JSON.stringify(text)}, the README says ${JSON.stringify(expected)}`);
    process.exit(1);
  }
};
"""


def checked(code: str, lang: str) -> tuple[str, int]:
    """``code`` with each marked print routed through the checker, and how many were marked."""
    pattern, _call = MARKED[lang]
    lines, count = [], 0
    for line in code.splitlines():
        found = pattern.match(line)
        if found:
            indent, args, expected = found.groups()
            lines.append(f"{indent}__said({expected.rstrip()!r}, {args})")
            count += 1
        else:
            lines.append(line)
    prelude = CHECK_PYTHON if lang == "python" else CHECK_JS
    body = "\n".join(lines)
    if lang == "js":
        # Imports stay first in a module: the checker goes after the block's own imports.
        imports = [ln for ln in lines if ln.startswith("import ")]
        rest = [ln for ln in lines if not ln.startswith("import ")]
        body = "\n".join(imports) + "\n" + prelude + "\n".join(rest)
        return body + "\n", count
    return prelude + body + "\n", count


def python(code: str, scratch: Path, interpreter: str) -> subprocess.CompletedProcess[str]:
    return run([interpreter, "-c", checked(code, "python")[0]], cwd=scratch)


PACKAGE = ROOT / "target" / "npm" / "tictactoe-engine"


def javascript(code: str, scratch: Path) -> subprocess.CompletedProcess[str]:
    modules = scratch / "node_modules"
    modules.mkdir()
    (modules / "tictactoe-engine").symlink_to(PACKAGE)
    (scratch / "program.mjs").write_text(checked(code, "js")[0])
    return run(["node", "program.mjs"], cwd=scratch)


def shell(code: str, scratch: Path, program: str) -> subprocess.CompletedProcess[str]:
    work, home = scratch / "work", scratch / "home"
    work.mkdir()
    home.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in {".git", ".venv"}:
            (work / entry.name).symlink_to(entry)
    (work / "game.c").write_text(program)
    # The toolchain stays where it is: only what the recipe installs goes to the scratch HOME.
    real_home = Path.home()
    env = dict(
        os.environ,
        HOME=str(home),
        RUSTUP_HOME=os.environ.get("RUSTUP_HOME", str(real_home / ".rustup")),
        CARGO_HOME=os.environ.get("CARGO_HOME", str(real_home / ".cargo")),
    )
    return run(["bash", "-euo", "pipefail", "-c", code], cwd=work, env=env)


def console(code: str, interpreter: str) -> subprocess.CompletedProcess[str]:
    """A terminal session: each ``$ tictactoe ...`` line run with the command that ``pip install``
    put beside ``interpreter``, its output compared with the lines the README shows under it."""
    command = str(Path(interpreter).parent / "tictactoe")
    said, shown = [], []
    for line in code.splitlines():
        if line.startswith("$ "):
            words = line[2:].split()
            if words[0] != "tictactoe":
                return subprocess.CompletedProcess(line, 1, "", f"not a tictactoe command: {line}")
            done = run([command, *words[1:]])
            if done.returncode:
                return done
            said.extend(done.stdout.splitlines())
        else:
            shown.append(line)
    if said != shown:
        return subprocess.CompletedProcess(
            code, 1, "", f"printed {said!r}, the README says {shown!r}"
        )
    return subprocess.CompletedProcess(code, 0, "\n".join(said), "")


def main() -> int:
    interpreter = str(Path(sys.argv[1]).absolute()) if len(sys.argv) > 1 else sys.executable
    blocks = FENCE.findall((ROOT / "README.md").read_text())
    programs = [code for lang, code in blocks if lang == "c"]
    libs = native_libs()
    passed = failed = 0
    for number, (lang, code) in enumerate(blocks, 1):
        first = code.strip().splitlines()[0] if code.strip() else ""
        if lang == "sh" and "game.c" not in code:
            print(f"block {number} ({lang}) skipped: set-up commands ({first})")
            continue
        if lang == "js" and "tictactoe-engine/web" in code:
            print(f"block {number} ({lang}) skipped: for a browser ({first})")
            continue
        if lang == "js" and not (PACKAGE / "package.json").exists():
            print(f"block {number} ({lang}) SKIPPED: no npm package (make wasm) ({first})")
            continue
        results = []
        with tempfile.TemporaryDirectory() as tmp:
            scratch = Path(tmp)
            if lang == "rust":
                results.append(rust(code, scratch))
            elif lang == "c":
                results.append(c(code, scratch, libs))
            elif lang == "js":
                results.append(javascript(code, scratch))
            elif lang == "python":
                results.append(python(code, scratch, interpreter))
            elif lang == "console":
                results.append(console(code, interpreter))
            elif lang == "sh":
                for k, program in enumerate(programs):
                    sub = scratch / str(k)
                    sub.mkdir()
                    results.append(shell(code, sub, program))
            else:
                print(f"block {number} ({lang}): no runner for this language")
                failed += 1
                continue
        bad = [r for r in results if r.returncode != 0]
        if bad:
            failed += 1
            print(f"block {number} ({lang}) FAILED: {first}\n{bad[0].stdout}{bad[0].stderr}")
        else:
            passed += 1
            print(f"block {number} ({lang}) ok: {first}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
