"""The states seat entries would bring, worked out while the table waits (app.look_ahead),
with each one's public view and every seat's prompt.

They are kept until the table's state changes. When a seat presses, its entry checks to
the very state worked out for it (`History.check_ahead`), so the controller takes that
state's view and prompts from here instead of making them again in the press.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.actions import Enter
from ..engine.game import public_view, seat_view
from ..engine.history import History
from ..engine.prompts import Prompt
from ..engine.views import TableView
from .table_log import Note, with_notes


class WorkedOut:
    """Likely next states' views and prompts, by the state's identity."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[Any, list[Note], TableView, dict[int, Prompt]]] = {}
        self._in: Any = None  # the state they were worked out in

    def entry(self, history: History[Any], notes: list[Note], seats: Iterable[int],
              entry: Enter) -> tuple[TableView, dict[int, Prompt]]:
        """The view (with `notes`) and the prompts of `seats` after `entry`; IllegalAction
        when it would be refused."""
        if self._in is not history.state:
            self._known, self._in = {}, history.state
        state, _ = history.check_ahead(entry)
        known = self._for(state)
        if known is None or known[1] is not notes:
            view = with_notes(public_view(history.game, state), notes)
            known = (state, notes, view, {s: seat_view(history.game, state, s) for s in seats})
            self._known[id(state)] = known
        return known[2], known[3]

    def view(self, state: Any, notes: list[Note]) -> TableView | None:
        """The view worked out for `state` with these very notes, if it was."""
        known = self._for(state)
        return known[2] if known is not None and known[1] is notes else None

    def prompts(self, state: Any) -> dict[int, Prompt]:
        """The seats' prompts worked out for `state` (none if it was not)."""
        known = self._for(state)
        return known[3] if known is not None else {}

    def _for(self, state: Any) -> tuple[Any, list[Note], TableView, dict[int, Prompt]] | None:
        known = self._known.get(id(state))
        return known if known is not None and known[0] is state else None
