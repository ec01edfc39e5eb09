"""A crate's modules and what each imports from the others, read from its `use` paths; exits 1
when they form a circle (a module that, through its imports, imports itself), or when a module
imports one that `--never` forbids it (`exact:play`: the exact solver never imports the players).

Two levels are read: the crate's top-level modules (`crate::x` paths), and within each folder
module its files (`super::x` and `crate::folder::x` paths). Doc comments and each file's test
module are left out: a link in a doc or a test's helper is no dependency of the code.

    python tools/module_graph.py [--print] [--never A:B ...] [crates/core/src ...]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

TESTS = re.compile(r"#\[cfg\(test\)\]\s*(pub(\([a-z:]+\))? )?mod tests")


def code_of(path: Path) -> str:
    """The file's code without its test module and its comments."""
    text = path.read_text()
    found = TESTS.search(text)
    if found:
        text = text[: found.start()]
    return re.sub(r"//.*", "", text)


def top_level(root: Path) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.rs")):
        rel = path.relative_to(root).with_suffix("")
        if rel.parts == ("lib",):
            continue
        top = rel.parts[0]
        deps = graph.setdefault(top, set())
        for group, single in re.findall(r"crate::(?:\{([^}]*)\}|([a-z_]+))", code_of(path)):
            # A group (`crate::{a::X, b}`) names the modules that lead its paths.
            names = [single] if single else re.findall(r"(?:^|,)\s*([a-z_]+)", group)
            deps.update(n for n in names if n != top)
    return graph


def inside(folder: Path) -> dict[str, set[str]]:
    names = {p.stem for p in folder.glob("*.rs")}
    graph: dict[str, set[str]] = {}
    own = r"(?:super|crate::" + re.escape(folder.name) + r")"
    pattern = re.compile(own + r"::(?:\{([^}]*)\}|([a-z_]+))")
    for name in sorted(names):
        deps: set[str] = set()
        # The parent declares its children: those arrows are the tree itself.
        if name != "mod":
            for group, single in pattern.findall(code_of(folder / f"{name}.rs")):
                deps.update([single] if single else re.findall(r"\b([a-z_]+)\b", group))
        graph[name] = {d for d in deps if d in names and d not in (name, "mod")}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--print", action="store_true", help="list each module's imports")
    parser.add_argument(
        "--never",
        action="append",
        default=[],
        metavar="A:B",
        help="top-level module A never imports B (in any root that has both)",
    )
    parser.add_argument("roots", nargs="*", default=[Path("crates/core/src")], type=Path)
    args = parser.parse_args()
    failed = False
    for root in args.roots:
        if not root.is_dir():
            parser.error(f"{root} is not a folder of Rust modules")
        crate = root.parent.name
        graphs = {crate: top_level(root)}
        for folder in sorted(p for p in root.iterdir() if p.is_dir() and (p / "mod.rs").exists()):
            graphs[f"{crate}/{folder.name}"] = inside(folder)
        for level, graph in graphs.items():
            if args.print:
                for name, deps in sorted(graph.items()):
                    print(f"{level}: {name} -> {', '.join(sorted(deps)) or '(nothing)'}")
            for part in circles(graph):
                print(f"{level}: a circle among {', '.join(part)}", file=sys.stderr)
                failed = True
        for rule in args.never:
            low, high = rule.split(":")
            if high in graphs[crate].get(low, set()):
                print(f"{crate}: {low} imports {high}, which it never may", file=sys.stderr)
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
