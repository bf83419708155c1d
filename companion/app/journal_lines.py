"""Reading a journal's lines: its bytes as text, and the action lines the companion wrote
itself without decoding each one (the text's lines: `text_lines`).

A long game's journal is mostly the same few lines again: `{"seq":412,"type":"enter",
"seat":3,"value":7,"at":"..."}` differs from an earlier line only in its `seq` and its time.
Decoding every line as JSON and building its action was a fifth to a third of resuming a
10k-action journal. Here a line in the exact shape `Journal.append` writes is split into its
`seq` (which must be the next one), its `"at"` (metadata the actions never read), and the
text between; equal texts between make equal actions, so each distinct one is decoded once.
Actions are frozen values, so one object may stand at many places.

Anything else (a blank line, a comment, another shape, a seq out of place, JSON or an action
that does not parse) makes `written_actions` give up with None, and the caller reads the
whole journal line by line, which finds the line and says what is wrong with it.
"""

from __future__ import annotations

import json
import re

from ..engine.actions import Action, action_from_json
from ..engine.errors import JournalError, MalformedInput
from ..engine.text import msg

_SEQ = re.compile(r'\{"seq":([1-9][0-9]*),')  # how Journal.append starts every line
_AT = re.compile(r',"at":"[^"\\]*"\}\Z')  # and ends it when it keeps the time


def written_actions(lines: list[str], first: int) -> list[Action] | None:
    """The actions of `lines[first:]` when every one is a line as the companion writes
    it, with seqs 1, 2, 3, ... in order; None at the first that is not."""
    made: dict[str, Action] = {}
    actions: list[Action] = []
    for seq, line in enumerate(lines[first:], start=1):
        m = _SEQ.match(line)
        if m is None or int(m[1]) != seq:
            return None
        if not line.endswith("}"):  # where the line must end, with nothing after it
            return None
        at = _AT.search(line, m.end())
        between = line[m.end():at.start() if at else -1]
        action = made.get(between)
        if action is None:
            if '"seq"' in between:  # a second "seq" would be the one json keeps
                return None
            action = _decoded(line)
            if action is None:
                return None
            made[between] = action
        actions.append(action)
    return actions


def _decoded(line: str) -> Action | None:
    try:
        return action_from_json(json.loads(line))  # a dict: the line starts with {"seq":
    except (ValueError, MalformedInput):  # JSONDecodeError is a ValueError
        return None


def decode(data: bytes, name: str) -> str:
    """A journal's or scenario's text; a byte that is not UTF-8 is reported with its line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise JournalError(name, line, msg("not UTF-8 text (byte {byte})",
                                           byte=f"0x{data[exc.start]:02x}"),
                           msg("the companion writes UTF-8 only: restore the file from a "
                               "backup, or save it as UTF-8")) from exc

