"""A board as a picture, drawn with NumPy alone (no display): what the ``rgb_array`` render modes
of the Gymnasium and PettingZoo environments return."""

from __future__ import annotations

from typing import Any

import numpy as np

BACKGROUND = (32, 36, 48)
GRID = (200, 200, 200)
# X blue and O red, as the web page draws them (#2656d9 and #d92638).
COLOURS = {1: (38, 86, 217), 2: (217, 38, 56)}


def board_picture(marks: Any, height: int) -> Any:
    """``marks`` (a ``rows x cols`` array of 0, 1 and 2) as a ``(height, width, 3)`` uint8
    picture, ``width`` in proportion to the board: a dark board, light grid lines, player 1 (X)
    as a blue cross, player 2 (O) as a red ring."""
    rows, cols = marks.shape
    tile = height / rows
    width = max(1, round(tile * cols))
    picture = np.empty((height, width, 3), dtype=np.uint8)
    picture[:] = BACKGROUND
    line = max(1, round(tile / 40))
    for r in range(1, rows):
        top = round(r * tile)
        picture[max(0, top - line) : top + line] = GRID
    for c in range(1, cols):
        left = round(c * tile)
        picture[:, max(0, left - line) : left + line] = GRID
    # One cell's pixel offsets from its centre, in units of the cell.
    side = max(1, int(tile))
    yy, xx = (np.mgrid[0:side, 0:side] + 0.5) / side - 0.5
    stroke = 0.07
    cross = ((np.abs(yy - xx) < stroke) | (np.abs(yy + xx) < stroke)) & (np.abs(yy) < 0.32)
    ring = np.abs(np.hypot(yy, xx) - 0.3) < stroke
    shapes = {1: cross, 2: ring}
    for r, c in zip(*np.nonzero(marks), strict=True):
        mark = int(marks[r, c])
        top, left = int(r * tile), int(c * tile)
        box = picture[top : top + side, left : left + side]
        box[shapes[mark][: box.shape[0], : box.shape[1]]] = COLOURS[mark]
    return picture
