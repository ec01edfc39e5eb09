"""Keeps the docstrings of ``_tictactoe.pyi`` equal to the runtime's (the Rust doc comments), so
IDEs show them on hover without a second hand-written copy.

``python python/tools/stub_docs.py --write`` rewrites the stub's docstrings from the built module;
``--check`` (run by ``make test``) fails when any differs.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import tictactoe._tictactoe as runtime

STUB = Path(__file__).resolve().parents[1] / "tictactoe" / "_tictactoe.pyi"


def documented(tree: ast.Module) -> list[tuple[ast.FunctionDef | ast.ClassDef, str]]:
    """Every class and method of the stub whose runtime object has a docstring, with that text."""
    found: list[tuple[ast.FunctionDef | ast.ClassDef, str]] = []

    def visit(nodes: list[ast.stmt], owner: object) -> None:
        for node in nodes:
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                continue
            target = owner.__dict__.get(node.name) if isinstance(owner, type) else None
            if target is None:
                target = getattr(owner, node.name, None)
            doc = getattr(target, "__doc__", None)
            # Methods the class inherits keep their own docs (object's, say): not ours to copy.
            inherited = doc == getattr(getattr(object, node.name, None), "__doc__", None)
            if doc and not inherited:
                found.append((node, inspect.cleandoc(doc)))
            if isinstance(node, ast.ClassDef):
                visit(node.body, target)

    visit(tree.body, runtime)
    return found


def render(doc: str, indent: str) -> list[str]:
    body = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    lines = body.splitlines()
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    return [
        f'{indent}"""{lines[0]}',
        *[f"{indent}{line}" if line else "" for line in lines[1:]],
        f'{indent}"""',
    ]


def write() -> None:
    source = STUB.read_text()
    lines = source.splitlines()
    edits = sorted(documented(ast.parse(source)), key=lambda e: e[0].lineno, reverse=True)
    for node, doc in edits:
        indent = " " * (node.col_offset + 4)
        first = node.body[0]
        has_doc = (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        )
        if has_doc:
            del lines[first.lineno - 1 : first.end_lineno]
            lines[first.lineno - 1 : first.lineno - 1] = render(doc, indent)
            continue
        if isinstance(node, ast.FunctionDef) and lines[node.end_lineno - 1].endswith(": ..."):
            end = node.end_lineno - 1
            lines[end] = lines[end][: -len(" ...")]
            lines[end + 1 : end + 1] = render(doc, indent)
        else:  # a class: the docstring goes right below its one-line header
            lines[node.lineno : node.lineno] = render(doc, indent)
    STUB.write_text("\n".join(lines) + "\n")


def check(stub: Path = STUB) -> int:
    stale = [
        node.name
        for node, doc in documented(ast.parse(stub.read_text()))
        if ast.get_docstring(node, clean=True) != doc
    ]
    for name in stale:
        print(f"{stub.name}: the docstring of {name} differs from the module's", file=sys.stderr)
    if stale:
        print("run: python python/tools/stub_docs.py --write", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    elif sys.argv[1:] == ["--check"]:
        sys.exit(check())
    else:
        sys.exit(__doc__)
