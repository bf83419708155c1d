"""What the table waits for, and from whom: one line for the table screen, built from the
seats' own box prompts, so it is right in every game and every phase ("Sale income: waiting
for Ann, Di"; "Waiting for the host" when no box is asked anything).

Only public facts go in: which seats are asked, and the question's label (the same label
each of those seats' boxes shows), never a value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.prompts import Prompt
from ..engine.text import Msg, msg
from ..i18n import Translate


def waiting_line(prompts: Mapping[int, Prompt | None], names: Sequence[str],
                 translate: Translate, over: bool = False) -> Msg | None:
    """One line: each question still open and the seats it waits for, in seat order."""
    if over:
        return None
    asked: dict[str, list[int]] = {}
    for seat in sorted(prompts):
        p = prompts[seat]
        if p is None or not p.must_act:
            continue
        # The box's label, as one phrase: its LCD line break and a trailing "?" go.
        label = " ".join(p.label.render(translate).split()).rstrip("?: ")
        asked.setdefault(label, []).append(seat)
    if not asked:
        return msg("Waiting for the host")
    line: Msg | None = None
    for label, seats in asked.items():
        # A big table (18 seats) names the few it does not wait for, so the line stays
        # short enough to read whole from across the table; with nobody done yet it says
        # "everyone" (an "everyone but" with no name after it reads as a broken line).
        done = [s for s in range(len(names)) if s not in seats]
        if len(seats) > 6 and not done:
            part = msg("{what}: waiting for everyone", what=label)
        elif len(seats) > 6 and 0 < len(done) < len(seats):
            part = msg("{what}: waiting for everyone but {names}", what=label,
                       names=", ".join(names[s] for s in done))
        else:
            part = msg("{what}: waiting for {names}", what=label,
                       names=", ".join(names[s] for s in seats))
        line = part if line is None else msg("{a}; {b}", a=line, b=part)
    return line
