"""The error tree: one root, malformed input kept apart from illegal-but-well-formed input."""

from __future__ import annotations

from .text import Msg, msg


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class MalformedInput(CompanionError, ValueError):
    """Input that cannot be understood: a garbled box line, a bad journal or config file.

    `message` is a Msg (a plain str is taken as its id) so the CLI can print it in the
    table's language; str(exc) stays the English text.
    """

    def __init__(self, message: Msg | str = "", **args: str | int | Msg) -> None:
        self.message = message if isinstance(message, Msg) else msg(message, **args)
        super().__init__(self.message.render())


class IllegalAction(CompanionError):
    """Well-formed input the rules refuse now (over your money, a forbidden value, not your turn).

    `message` is short enough for a 16x2 LCD (two lines of 16) and is what the box shows.
    """

    def __init__(self, message: Msg | str, **args: str | int | Msg) -> None:
        self.message = message if isinstance(message, Msg) else msg(message, **args)
        super().__init__(self.message.render())


class FileError(MalformedInput):
    """A bad file: says which file, which line, what is wrong and how to fix it."""

    def __init__(self, path: str, line: int | None, problem: Msg | str, fix: Msg | str) -> None:
        self.path, self.line = path, line
        self.problem = problem if isinstance(problem, Msg) else Msg(problem)
        self.fix = fix if isinstance(fix, Msg) else Msg(fix)
        where = f"{path}:{line}" if line else path
        super().__init__(
            msg("{where}: {problem}\n  fix: {fix}", where=where, problem=self.problem, fix=self.fix)
        )


class ConfigError(FileError):
    """A bad config file (or a setting that cannot work at start, like the journal's folder)."""


class JournalError(FileError):
    """A journal that cannot be trusted or used: a broken sequence, a second program on it."""
