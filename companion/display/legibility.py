"""Legible from across the table: the minimum text height, and the audit of every text drawn.

The table screen is read from about 2 m. Its minimum *text height* is the font's pixel size,
the size handed to `pygame.font.Font` (the height of the font's em square in pixels; for the
shipped DejaVu Sans a capital letter is 0.73 of it): 22 px on a 1280x720 screen, scaled with
the screen's unit, which makes 15 px on the Pi's 800x480 display. `Canvas.px` never returns
less, so a layout that needs room must find it by columns, abbreviations or paging.

`TextAudit` watches the one place text reaches the screen (`Canvas.blit_text`): it counts
every text drawn and keeps the ones that break the rules: drawn below the minimum, cut with
an ellipsis, broken inside a word, clipped by its box, or left off (a badge with no room).
The app keeps one per screen (its list of problems is bounded); a test renders every demo
frame of every game through it and fails on any problem.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

MIN_TEXT_PX = 22  # at 1280x720 (unit 1.0); 15 px at 800x480
DESIGN_HEIGHT = 720

Problem = Literal["small", "cut", "broken", "clipped", "dropped"]
AuditCall = tuple[str, tuple[object, ...]]  # a TextAudit method's name and its arguments


def min_text_px(unit: float) -> int:
    """The smallest font pixel size allowed on a screen whose unit is `unit`."""
    return max(1, round(MIN_TEXT_PX * unit))


@dataclass(frozen=True)
class DrawnText:
    """One text that broke a rule: what, at which pixel size and face, and which rule."""

    text: str
    size: int
    face: str
    problem: Problem


class TextAudit:
    """Counts every text drawn and remembers (bounded) the ones drawn illegibly.

    `mark_cut` is called by the text helpers for each line they shortened (ellipsis) or
    broke inside a word; drawing such a line is a problem, while measuring one for a plan
    that is never drawn is not.
    """

    def __init__(self, keep: int = 512) -> None:
        self.keep = keep
        self.drawn = 0
        self.sizes: dict[int, int] = {}  # pixel size -> texts drawn at it
        self.problems: OrderedDict[DrawnText, int] = OrderedDict()
        self._cut: OrderedDict[str, Problem] = OrderedDict()
        # While set, every call below is also written here, to be told again (`replay`)
        # when what made them is shown again without being drawn (`sprites`).
        self.journal: list[AuditCall] | None = None

    def replay(self, calls: Iterable[AuditCall]) -> None:
        """Be told again what a part told when it was drawn."""
        for name, args in calls:
            getattr(self, name)(*args)

    def mark_cut(self, line: str, problem: Problem = "cut") -> None:
        if self.journal is not None:
            self.journal.append(("mark_cut", (line, problem)))
        self._cut[line] = problem
        self._cut.move_to_end(line)
        if len(self._cut) > 4 * self.keep:
            self._cut.popitem(last=False)

    def saw(self, text: str, face: str, size: int, minimum: int, clipped: bool) -> None:
        """One text drawn at `size` (minimum `minimum`); `clipped`: part of it fell outside."""
        if self.journal is not None:
            self.journal.append(("saw", (text, face, size, minimum, clipped)))
        self.drawn += 1
        self.sizes[size] = self.sizes.get(size, 0) + 1
        if size < minimum:
            self._add(DrawnText(text, size, face, "small"))
        cut = self._cut.get(text)
        if cut is not None:
            self._add(DrawnText(text, size, face, cut))
        if clipped:
            self._add(DrawnText(text, size, face, "clipped"))

    def dropped(self, text: str, face: str, size: int) -> None:
        """A text the layout had no room for and left off."""
        if self.journal is not None:
            self.journal.append(("dropped", (text, face, size)))
        self._add(DrawnText(text, size, face, "dropped"))

    def _add(self, item: DrawnText) -> None:
        self.problems[item] = self.problems.get(item, 0) + 1
        if len(self.problems) > self.keep:
            self.problems.popitem(last=False)

    def reset(self) -> None:
        self.drawn = 0
        self.sizes.clear()
        self.problems.clear()
