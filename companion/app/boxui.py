"""One seat's box session: the draft value under minus/plus, and the 16x2 LCD text.

The engine's `Prompt` says what the seat is asked; this keeps what the player has dialled
in but not yet confirmed (a draft is not an accepted input and is not journaled), turns
intents into `Enter`/`Withdraw` actions, and renders the two LCD lines, with short flash
messages (refusals, "You won!") that expire.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..boxes.vocabulary import LCD_COLS, Intent, SeatIntent
from ..engine.actions import Action, Enter, Value, Withdraw
from ..engine.prompts import Prompt
from ..engine.text import Msg, msg
from ..i18n import Translate

FLASH_SECONDS = 2.5

# Box words for what the app itself says (not a game), here so the checks hold them to 16
# columns: an entry the disk refused (companion.app.storage), and the host box's quit entry.
NOT_SAVED = {"full": msg("NOT SAVED\ndisk full"), "read-only": msg("NOT SAVED\ndisk read-only"),
             "error": msg("NOT SAVED\ndisk error")}
HOST_QUIT = {False: (msg("Quit"), msg("OK, then confirm")),
             True: (msg("Restart"), msg("OK, then confirm"))}  # by kiosk
HOST_STAND_IN = msg("Keyboard for")  # then the seat's name: its box's buttons are gone


def fit(text: str, width: int = LCD_COLS) -> str:
    """Cut or pad to exactly `width` columns (the LCD never keeps stale characters)."""
    return text[:width].ljust(width)


def two_sides(left: str, right: str, width: int = LCD_COLS) -> str:
    """`left` left-aligned and `right` right-aligned on one line; the left side gives way."""
    room = width - len(right) - 1 if right else width
    return fit(left[: max(room, 0)].ljust(max(room, 0)) + (" " + right if right else ""), width)


def step_value(value: int, step: int, direction: int, lo: int, hi: int) -> int:
    """Move by `step`; a step above 1 lands on multiples of it (13 -> 15 -> 20 going up,
    13 -> 10 -> 5 going down), clamped to lo..hi."""
    if step > 1:
        value = (value // step + 1) * step if direction > 0 else ((value - 1) // step) * step
    else:
        value += direction
    return max(lo, min(hi, value))


@dataclass
class _Flash:
    lines: tuple[str, str]
    until: float


class BoxSession:
    def __init__(self, seat: int, translate: Translate) -> None:
        self.seat = seat
        self.translate = translate
        self.prompt: Prompt | None = None
        self.draft: Value = 0
        self._flash: _Flash | None = None
        # The LCD lines last made, and what they were made from: a loop pass that changed
        # nothing for this seat reuses them instead of rendering the prompt again.
        self._lines: tuple[object, Value, object, tuple[str, str]] | None = None

    def t(self, text: Msg | str) -> str:
        return text.render(self.translate) if isinstance(text, Msg) else self.translate(text)

    # -- state from the engine

    def sync(self, prompt: Prompt) -> None:
        """Take the engine's current prompt; a new question resets the draft."""
        old = self.prompt
        if prompt == old:
            return  # the same question, the same state of it: nothing to do
        same_question = (
            old is not None
            and old.kind == prompt.kind
            and old.label == prompt.label
            and old.choices == prompt.choices
        )
        self.prompt = prompt
        # Locking or unlocking is the same question: an unlocked bid comes back as the draft.
        if prompt.locked_value is not None:
            self.draft = prompt.locked_value
        elif not same_question:
            self.draft = prompt.initial
        if prompt.kind == "number" and isinstance(self.draft, int):
            self.draft = max(prompt.lo, min(prompt.hi, self.draft))
        if (prompt.kind == "number" and isinstance(self.draft, str)
                and self.draft not in [c.key for c in prompt.extras]):
            self.draft = prompt.lo
        if prompt.kind == "choice" and prompt.choices:
            keys = [c.key for c in prompt.choices]
            if self.draft not in keys:
                self.draft = keys[0]

    # -- input

    def on_intent(self, intent: SeatIntent, now: float) -> Action | None:
        """Apply minus/plus to the draft; OK (or OK held) returns the action to try."""
        p = self.prompt
        if self._flash is not None:
            self._flash = None  # a key press dismisses a message; the key still acts
        if p is None or p.kind == "wait":
            return None
        if p.locked:
            if intent.intent is Intent.OK_HELD and p.unlockable:
                return Withdraw(self.seat)
            if intent.intent in (Intent.PLUS, Intent.MINUS):
                self.flash(msg("LOCKED\nhold OK: unlock"), now)
            return None
        if intent.intent in (Intent.OK, Intent.OK_HELD):
            return Enter(self.seat, self.draft)
        direction = 1 if intent.intent is Intent.PLUS else -1
        if p.kind == "number":
            self.draft = self._number_step(p, intent.step, direction)
        elif p.kind == "choice" and p.choices:
            keys = [c.key for c in p.choices]
            i = keys.index(str(self.draft)) if self.draft in keys else 0
            self.draft = keys[(i + direction) % len(keys)]
        return None

    def _number_step(self, p: Prompt, step: int, direction: int) -> Value:
        """Numbers lo..hi, with the extras (PASS, ...) reached by going below lo."""
        extras = [c.key for c in p.extras]
        if isinstance(self.draft, str) and self.draft in extras:
            i = extras.index(self.draft) - direction  # extras are listed top-down below lo
            if i < 0:
                return p.lo
            return extras[min(i, len(extras) - 1)]
        value = int(self.draft)
        if direction < 0 and value <= p.lo and extras:
            return extras[0]
        return step_value(value, step, direction, p.lo, p.hi)

    # -- output

    def flash(self, text: Msg | str, now: float, seconds: float = FLASH_SECONDS) -> None:
        first, _, second = self.t(text).partition("\n")
        self._flash = _Flash((fit(first), fit(second)), now + seconds)

    def unflash(self) -> None:
        """Drop a message the table has overtaken (a "You won!" a correction took back)."""
        self._flash = None

    def flash_deadline(self) -> float | None:
        return self._flash.until if self._flash else None

    def expire(self, now: float) -> bool:
        """Drop an expired flash; True when the LCD text changes because of it."""
        if self._flash is not None and now >= self._flash.until:
            self._flash = None
            return True
        return False

    def lines(self) -> tuple[str, str]:
        made = self._lines
        if (made is not None and made[0] is self.prompt and made[2] is self._flash
                and made[1] == self.draft and type(made[1]) is type(self.draft)):
            return made[3]
        lines = self._make_lines()
        self._lines = (self.prompt, self.draft, self._flash, lines)
        return lines

    def _make_lines(self) -> tuple[str, str]:
        if self._flash is not None:
            return self._flash.lines
        p = self.prompt
        if p is None:
            return fit(self.t(msg("companion"))), fit(self.t(msg("starting...")))
        # "$" is the one money sign in the HD44780 ROM; it stands for the game's coins.
        money = f"${p.money}" if p.money is not None else ""
        if p.kind == "wait":
            info = self.t(p.info) if p.info is not None else ""
            return two_sides(self.t(p.label), money), fit(info)
        if p.locked:
            value = p.locked_value if p.locked_value is not None else self.draft
            locked = self.t(msg("LOCKED {v}", v=self._show(value)))
            # the locked value matters more than the money beside it: drop the money first
            top = two_sides(locked, money) if len(locked) + len(money) < 16 else fit(locked)
            hint = self.t(msg("hold OK: unlock")) if p.unlockable else ""
            return top, fit(hint)
        top = two_sides(self.t(p.label), money)
        value_text = f"<{self._show(self.draft)}>"
        if p.kind == "number" and isinstance(self.draft, int) and self.draft in p.forbidden:
            hint = self.t(msg("not allowed"))
        else:
            hint = self.t(msg("OK=lock")) if p.sealed else self.t(msg("OK=enter"))
        if len(value_text) + 1 + len(hint) > LCD_COLS:
            hint = ""  # a long choice (a commodity name) matters more than the OK hint
        return top, two_sides(value_text, hint)

    def _show(self, value: Value) -> str:
        p = self.prompt
        if p is not None:
            for c in (*p.choices, *p.extras):
                if c.key == value:
                    return self.t(c.label)
        return str(value)

    def led(self) -> str:
        p = self.prompt
        if p is None:
            return "off"
        if p.locked:
            return "blink"
        return "on" if p.must_act and p.kind != "wait" else "off"
