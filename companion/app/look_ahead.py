"""The frame the table most likely shows next, so it can be laid out while the table waits.

When a round waits for one seat only, that seat's OK is the press everyone watches for:
the reveal, the end of a phase, where the frame changes most (a Camel Up reveal beside
last round's, Mega Civilization's trade-card draw: a new 19-row panel measured and the
seats put on pages). What it will show is known before the press: OK enters the draft the
seat's box shows, and the engine is pure. So the loop works out that state's view here
and has the table screen lay it out (`Renderer.look_ahead`), drawing nothing; the press
then finds its layout remembered.

The view made here can hold what is still secret: the sealed bids that press would
reveal. It goes only into the table screen's layout memo (measures and plans, nothing
drawn, logged or sent), and a frame shows it only once its state is the table's, when
it is public.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Enter
from ..engine.errors import IllegalAction, MalformedInput
from ..engine.game import public_view, seat_view
from ..engine.text import Msg
from ..engine.views import TableView
from .controller import Controller
from .table_log import with_notes
from .waiting import waiting_line


@dataclass(frozen=True)
class Likely:
    """The table's next view if the seat it waits for confirms, and its waiting line."""

    view: TableView
    waiting: Msg | None


def likely_next(controller: Controller) -> Likely | None:
    """The view after the one seat the table waits for presses OK on the draft its box
    shows; None when the table waits for no seat or several, or OK would be refused."""
    asked = [seat for seat, session in controller.sessions.items()
             if session.prompt is not None and session.prompt.must_act
             and session.prompt.accepts_input]
    if len(asked) != 1:
        return None
    seat = asked[0]
    game = controller.game
    try:
        state, _ = controller.history.check(Enter(seat, controller.sessions[seat].draft))
        view = with_notes(public_view(game, state), controller.notes)
        prompts = {s: seat_view(game, state, s) for s in controller.sessions}
    except (IllegalAction, MalformedInput):
        return None  # OK would be refused: the box will say so, nothing is laid out
    except Exception:  # a guess must never stop the table: the press itself, if it
        return None  # comes, meets whatever this met, where the app handles it
    names = [s.name for s in controller.history.setup.seats]
    return Likely(view, waiting_line(prompts, names, controller.translate, view.final))


def drafts(controller: Controller) -> tuple[object, ...]:
    """What `likely_next` depends on besides the state: the table's notes and the drafts
    (cheap to compare, so the loop asks `likely_next` once per change, not per wait)."""
    return (controller.notes, *(s.draft for s in controller.sessions.values()))
