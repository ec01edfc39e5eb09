"""The stub's docstrings are the module's: the check passes on the committed stub and fails on one
whose docstring drifted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOL = Path(__file__).resolve().parents[1] / "tools" / "stub_docs.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stub_docs", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["stub_docs"] = module
    spec.loader.exec_module(module)
    return module


def test_committed_stub_docstrings_match_and_drift_is_caught(tmp_path: Path) -> None:
    tool = load_tool()
    assert tool.check() == 0
    drifted = tmp_path / "_tictactoe.pyi"
    drifted.write_text(tool.STUB.read_text().replace("returns 0, or the player", "returns 7", 1))
    assert tool.check(drifted) == 1
