"""What the panel planner rules out without planning rests on two facts about word wrap:
adding words to a line never makes it narrower (the wrap looks for the longest run that
fits from a guess), and a text wraps to no fewer lines than its one-line width allows (the
planner's least height). Both are checked here on the games' own long texts, in both
languages, at every width from a word to the whole line."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from companion.display.canvas import Canvas
from companion.display.fonts import Face, FontCache
from companion.display.legibility import TextAudit
from companion.display.panel_bounds import least_lines
from companion.i18n import translator

TEXTS = [
    "No value held by one seat alone: everybody bids again. First Player before this "
    "auction: Ann. Tied values drop out: 0 (Ann, Bob, Cy, Di).",
    "Żadna wartość nie należy do jednego gracza: wszyscy licytują od nowa. Remisujące "
    "wartości odpadają: 0 (Ann, Bob, Cy, Di).",
    "Hellas i Egypt dzielą zwycięstwo, punkty: 22",
    "Correct the last round: a seat's entry (the result follows)",
    "Supercalifragilisticexpialidocious words longer than a narrow column",
]


@pytest.fixture(scope="module")
def canvas() -> Canvas:
    pygame.font.init()
    return Canvas(pygame.Surface((1280, 720)), translator("pl"), FontCache(), 1.0, TextAudit())


FACES: list[tuple[Face, int]] = [("regular", 16), ("bold", 21), ("regular", 22)]


@pytest.mark.parametrize("face,size", FACES)
def test_wrap_takes_the_longest_run_that_fits_and_no_fewer_lines_than_the_bound(
        canvas: Canvas, face: Face, size: int) -> None:
    measure = canvas.fonts.measure
    for text in TEXTS:
        for width in range(40, measure(text, face, size) + 40, 7):
            lines = canvas.wrap(text, face, size, width, 50)
            assert all(measure(line, face, size) <= width for line in lines)
            if all(measure(word, face, size) <= width for word in text.split()):
                assert " ".join(lines).split() == text.split()  # every word, none broken
                for line, after in pairwise(lines):
                    # greedy: the next line's first word would not have fitted on this one
                    assert measure(f"{line} {after.split()[0]}", face, size) > width
            assert least_lines(canvas, text, face, size, width, 50) <= len(lines)
