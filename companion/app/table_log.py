"""The host's corrections in the table's public log: each undo, correction and void stays
on the log panel among the game's own lines after its banner has gone, so the table can
always see what the host changed.

The game's view holds only the tail of its log, and a correction is the history's, not the
game's, so each note keeps the tail the table saw right after it (its anchor) and goes back
in after the same line whenever the view is made again; it scrolls off with that line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.actions import Action, Enter, Host, Withdraw
from ..engine.game import Game
from ..engine.text import Msg, msg
from ..engine.views import TableView
from .hostmenu import entries

# The log lines the table keeps at least (the display shows the newest that fit).
KEEP = 6


@dataclass(frozen=True)
class Note:
    text: Msg
    anchor: tuple[Msg, ...]  # the game's log tail right after the correction, newest last


def _ends(tail: Sequence[Msg]) -> dict[Msg, list[int]]:
    """Each line of `tail` -> the indices just after its places there, latest first."""
    ends: dict[Msg, list[int]] = {}
    for end in range(len(tail), 0, -1):
        ends.setdefault(tail[end - 1], []).append(end)
    return ends


def _after(anchor: tuple[Msg, ...], tail: Sequence[Msg], ends: dict[Msg, list[int]]
           ) -> int | None:
    """Where in `tail` the anchor's newest line is (the index after it): the latest place
    where tail's lines up to there end the same as the anchor does. None: the anchor has
    scrolled off. (`ends`: the tail's lines' places, so that a line not there is one look-up,
    not a comparison with every line: 32 notes scrolled off cost a thousand.)"""
    for end in ends.get(anchor[-1], ()):
        m = min(end, len(anchor))
        if tuple(tail[end - m:end]) == anchor[len(anchor) - m:]:
            return end
    return None


def place(note: Note, tail: Sequence[Msg], ends: dict[Msg, list[int]]) -> int | None:
    """The index in `tail` the note goes before; None: it is older than all of `tail`."""
    if not note.anchor:
        return 0  # the log was empty then: the note comes before every line since
    # An undo or void later may have taken the anchor's newest lines away: the note then
    # follows the newest line of its anchor still there.
    for cut in range(len(note.anchor), 0, -1):
        at = _after(note.anchor[:cut], tail, ends)
        if at is not None:
            return at
    return None


def with_notes(view: TableView, notes: Sequence[Note]) -> TableView:
    """The view with the notes in its log, each after the line it followed (oldest first)."""
    if not notes:
        return view
    tail = view.log
    ends = _ends(tail)
    slots: dict[int, list[Msg]] = {}
    for note in notes:
        at = place(note, tail, ends)
        if at is not None:
            slots.setdefault(at, []).append(note.text)
    if not slots:
        return view
    merged: list[Msg] = []
    for i in range(len(tail) + 1):
        merged.extend(slots.get(i, ()))
        if i < len(tail):
            merged.append(tail[i])
    return replace(view, log=tuple(merged[-max(len(tail), KEEP):]))


def undone_text(game: Game[Any], state: Any, undone: Action, names: Sequence[str]) -> Msg:
    """What the table says about an undo: whose entry, or which host command, by its menu
    label. Never the entry's value: an undone sealed bid is still a secret (`state` is the
    one after the undo, where the command is offered again)."""
    if isinstance(undone, Enter | Withdraw) and 0 <= undone.seat < len(names):
        return msg("Host undid {name}'s last entry", name=names[undone.seat])
    if isinstance(undone, Host):
        bare = dict(undone.params)
        bare.pop("at_ms", None)  # a timed command's stamp is not part of its label
        for entry in entries(game.host_commands(state), False):
            if isinstance(entry.action, Host) and entry.action.command == undone.command \
                    and dict(entry.action.params) == bare:
                return msg("Host undid: {what}", what=entry.label)
    return msg("Host undid the last entry")
