"""A progress bar for the benches that run for minutes: games done, their rate and the time left,
on stderr when it is a terminal (tqdm), and nothing in a log."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")


def progress(items: Iterable[T], what: str, total: int | None = None) -> Iterator[T]:
    """`items`, counted on a bar named `what` while they are worked through."""
    yield from tqdm(
        items, desc=what, total=total, unit="game", disable=not sys.stderr.isatty(), leave=False
    )
