"""The frames the table may show next, so they can be laid out while the table waits.

What each seat's OK brings is known before the press: OK enters the draft the seat's box
shows, and the engine is pure. So while the table waits, the loop works out, for each seat
it waits for, the view that seat's OK makes (`likely_after`), with its waiting line, and
has the table screen lay it out (`Renderer.look_ahead`), drawing nothing on it; whichever seat
presses then finds its frame's layout remembered. It matters most for the press everyone
watches, the one that ends a round (a Camel Up reveal beside last round's, Mega
Civilization's trade-card draw: a new 19-row panel measured and the seats put on pages),
and at a big table, where each entry's frame is searched among paged layouts.

The view made here can hold what is still secret: the sealed bids the last seat's OK would
reveal. It goes only into the table screen's layout memo (measures and plans) and, when one
seat is left (`draws_ahead`: its OK reveals a sealed round or ends a phase), into sprites of
that frame's new cards and panels, drawn on a scratch surface. Neither is shown, logged or
sent: a frame copies a sprite only where its own part, made from the table's public view,
has the very same key (the same content), which is then the table's, public. The secret
was in the process already (the engine's state holds it); what is kept ahead adds no way
out of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Enter
from ..engine.errors import IllegalAction, MalformedInput
from ..engine.text import Msg
from ..engine.views import TableView
from .controller import Controller
from .waiting import waiting_line


@dataclass(frozen=True)
class Likely:
    """The table's view after one seat's OK, and its waiting line."""

    view: TableView
    waiting: Msg | None


def asked(controller: Controller) -> list[int]:
    """The seats the table waits for whose box takes input now, in seat order (the order
    their next frames are laid out in: at a table nobody knows who presses next)."""
    return [seat for seat, session in controller.sessions.items()
            if session.prompt is not None and session.prompt.must_act
            and session.prompt.accepts_input]


def draws_ahead(seats: list[int]) -> bool:
    """Whether the frame the asked seat's OK brings is drawn ahead, not just laid out: only
    when one seat is left, whose OK ends the round and changes much of the screen (a
    reveal, a phase end). With more seats asked, each entry changes a card or two, not
    worth drawing for every seat."""
    return len(seats) == 1


def likely_after(controller: Controller, seat: int) -> Likely | None:
    """The view after `seat` presses OK on the draft its box shows; None when OK would be
    refused."""
    try:
        view, prompts = controller.likely(Enter(seat, controller.sessions[seat].draft))
    except (IllegalAction, MalformedInput):
        return None  # OK would be refused: the box will say so, nothing is laid out
    except Exception:  # a guess must never stop the table: the press itself, if it
        return None  # comes, meets whatever this met, where the app handles it
    names = [s.name for s in controller.history.setup.seats]
    return Likely(view, waiting_line(prompts, names, controller.translate, view.final))
