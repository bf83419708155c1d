"""Find every message id in the source, by reading the AST (never by running the code).

What counts as a message (the first positional argument, when it is a string literal; adjacent
literals and calls spread over many lines are one literal to the AST):

- `msg("...")`, `Msg("...")`, `IllegalAction("...")`, `MalformedInput("...")`: engine and app
  texts;
- `msg_in("context", "...")`: a text with a gettext msgctxt (same English, other meaning);
- `N_("...")`, `_("...")`, `tr("...")`, `translate("...")`: plain strings marked for
  translation or translated on the spot (CLI help, argparse's own words);
- `help="..."`, `description="..."`, `epilog="..."`, `title="..."` keyword literals in any call:
  argparse help, game option help (`OptionSpec(help=...)`), demo window titles.

A text built at run time (an f-string or `+` inside one of those calls) cannot be a catalog
key: it is reported as a warning, and the fix is a `{placeholder}` plus a keyword argument.

Each message also learns whether it is shown on a seat's 16x2 LCD, so the checks can hold it
to 16 columns a line. It is when one of its uses is:

- inside `IllegalAction(...)` (refusals flash on the seat's LCD), `Prompt(...)`, `Choice(...)`,
  or `Event(text, seat)` (a private event flashes on that seat's LCD);
- anywhere in a function named `prompt` (a game's `prompt` builds the LCD question) or
  `host_lcd_lines` (the host box's LCD), or in a
  function of the same module that it calls by name (`helper(...)`, `self._helper(...)`,
  transitively), or in a module-level constant one of those reads (`COUNT_CARDS[...]`);
- anywhere in companion/app/boxui.py (the box's own words: "OK=lock", "LOCKED {v}", ...);

except in companion/engine/history.py, whose refusals (setup, replay, the host's undo) go to
the table screen or the terminal.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.text import CONTEXT_SEP

CONTEXT_CALL = "msg_in"  # msg_in("context", "text"): a msgctxt, keyed "context\x04text"
MESSAGE_CALLS = frozenset({"msg", "Msg", "IllegalAction", "MalformedInput", "N_", "_", "translate",
                           "tr"})
TEXT_KEYWORDS = frozenset({"help", "description", "epilog", "title"})
LCD_CALLS = frozenset({"IllegalAction", "Prompt", "Choice"})
LCD_ROOT_FUNCTIONS = frozenset({"prompt", "host_lcd_lines"})
LCD_FILES = frozenset({"companion/app/boxui.py"})
# Refusals here concern setup, replay and the host's undo: shown on the table or printed.
NOT_LCD_FILES = frozenset({"companion/engine/history.py"})
SOURCE_PACKAGES = ("companion",)
# The translation tool itself speaks English: it is for the people editing the catalogs.
EXCLUDED_FILES = frozenset({"companion/i18n/__main__.py"})


@dataclass(frozen=True)
class Use:
    path: str  # relative to the source root, with "/"
    line: int
    lcd: bool


@dataclass
class Message:
    msgid: str
    uses: list[Use] = field(default_factory=list)

    @property
    def lcd(self) -> bool:
        return any(u.lcd for u in self.uses)

    @property
    def references(self) -> list[str]:
        return sorted({f"{u.path}:{u.line}" for u in self.uses},
                      key=lambda r: (r.rsplit(":", 1)[0], int(r.rsplit(":", 1)[1])))


@dataclass(frozen=True)
class SourceWarning:
    path: str
    line: int
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


@dataclass
class Extraction:
    messages: dict[str, Message]  # in order of first use
    warnings: list[SourceWarning]


def _callee(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _local_callee(node: ast.Call) -> str | None:
    """A call that stays in this module: `helper(...)` or `self.helper(...)`/`cls.helper(...)`."""
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
            and f.value.id in ("self", "cls")):
        return f.attr
    return None


def _literal(node: ast.expr) -> list[str] | None:
    """The string(s) a first argument can be: a literal, or either side of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, other = _literal(node.body), _literal(node.orelse)
        if body is not None and other is not None:
            return body + other
    return None


def _built_at_run_time(node: ast.expr) -> bool:
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return any(isinstance(side, ast.Constant | ast.JoinedStr) and not isinstance(
            getattr(side, "value", ""), int) for side in (node.left, node.right))
    return False


@dataclass
class _Found:
    msgid: str
    line: int
    function: str | None  # enclosing function's bare name; None at module level
    constant: str | None  # module-level assignment target it sits in
    direct_lcd: bool


@dataclass
class _Function:
    calls: set[str] = field(default_factory=set)
    reads: set[str] = field(default_factory=set)


class _Scanner:
    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[_Found] = []
        self.warnings: list[SourceWarning] = []
        self.functions: dict[str, _Function] = {}
        self.constants: dict[str, set[str]] = {}  # module constant -> names it reads

    def scan(self, tree: ast.Module) -> None:
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign | ast.AnnAssign):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                name = names[0] if names else None
                if name is not None:
                    self.constants.setdefault(name, set())
                self._visit(stmt, None, name, False)
            else:
                self._visit(stmt, None, None, False)

    def _visit(self, node: ast.AST, function: str | None, constant: str | None,
               lcd: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
            self.functions.setdefault(function, _Function())
            for deco in node.decorator_list:
                self._visit(deco, function, constant, lcd)
            for stmt in node.body:
                self._visit(stmt, function, None, False)
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if function is not None:
                self.functions[function].reads.add(node.id)
            elif constant is not None:
                self.constants[constant].add(node.id)
        if isinstance(node, ast.Call):
            name = _callee(node)
            local = _local_callee(node)
            if local is not None:
                if function is not None:
                    self.functions[function].calls.add(local)
                elif constant is not None:
                    self.constants[constant].add(local)
            inner_lcd = lcd or name in LCD_CALLS or (
                name == "Event" and (len(node.args) >= 2 or any(k.arg == "seat"
                                                                for k in node.keywords)))
            if name == CONTEXT_CALL and len(node.args) >= 2:
                contexts, ids = _literal(node.args[0]), _literal(node.args[1])
                if contexts is not None and ids is not None and len(contexts) == 1:
                    for one in ids:
                        self.found.append(_Found(contexts[0] + CONTEXT_SEP + one, node.lineno,
                                                 function, constant, inner_lcd))
            if name in MESSAGE_CALLS and node.args:
                first = node.args[0]
                texts = _literal(first)
                if texts is not None:
                    for text in texts:
                        self.found.append(_Found(text, node.lineno, function, constant,
                                                 inner_lcd))
                elif _built_at_run_time(first):
                    self.warnings.append(SourceWarning(
                        self.path, node.lineno,
                        f"{name}() of a text built at run time cannot be translated: use a "
                        "literal with {placeholders} and keyword arguments"))
            for kw in node.keywords:
                if kw.arg in TEXT_KEYWORDS:
                    texts = _literal(kw.value)
                    if texts is not None:
                        for text in texts:
                            if text.strip():
                                self.found.append(_Found(text, kw.value.lineno, function,
                                                         constant, False))
                    elif _built_at_run_time(kw.value):
                        self.warnings.append(SourceWarning(
                            self.path, kw.value.lineno,
                            f"{kw.arg}= text built at run time cannot be translated"))
            for child in ast.iter_child_nodes(node):
                self._visit(child, function, constant, inner_lcd)
            return
        for child in ast.iter_child_nodes(node):
            self._visit(child, function, constant, lcd)

    def lcd_scopes(self) -> tuple[set[str], set[str]]:
        """Functions reachable from a `prompt`, and the module constants they read."""
        todo = [f for f in self.functions if f in LCD_ROOT_FUNCTIONS]
        functions: set[str] = set()
        while todo:
            f = todo.pop()
            if f in functions:
                continue
            functions.add(f)
            todo += [c for c in self.functions[f].calls if c in self.functions]
        constants: set[str] = set()
        pending = [n for f in functions for n in self.functions[f].reads | self.functions[f].calls
                   if n in self.constants]
        while pending:
            c = pending.pop()
            if c in constants:
                continue
            constants.add(c)
            pending += [n for n in self.constants[c] if n in self.constants]
            for n in self.constants[c]:  # a constant built by calling a module function
                if n in self.functions and n not in functions:
                    functions.add(n)
        return functions, constants


def scan_source(source: str, path: str) -> tuple[list[tuple[str, Use]], list[SourceWarning]]:
    """The messages in one module's source, each with where it is used and if on an LCD."""
    tree = ast.parse(source, filename=path)
    scanner = _Scanner(path)
    scanner.scan(tree)
    functions, constants = scanner.lcd_scopes()
    whole_file = path in LCD_FILES
    never = path in NOT_LCD_FILES
    out = []
    for f in scanner.found:
        in_scope = (f.function in functions if f.function is not None
                    else f.constant is not None and f.constant in constants)
        lcd = not never and (whole_file or f.direct_lcd or in_scope)
        out.append((f.msgid, Use(path, f.line, lcd)))
    return out, scanner.warnings


def source_files(root: Path, packages: Iterable[str] = SOURCE_PACKAGES) -> Iterator[Path]:
    for package in packages:
        yield from sorted((root / package).rglob("*.py"))


def extract(root: Path, packages: Iterable[str] = SOURCE_PACKAGES) -> Extraction:
    messages: dict[str, Message] = {}
    warnings: list[SourceWarning] = []
    for file in source_files(root, packages):
        rel = file.relative_to(root).as_posix()
        if rel in EXCLUDED_FILES:
            continue
        found, warned = scan_source(file.read_text(encoding="utf-8"), rel)
        warnings += warned
        for msgid, use in found:
            if not msgid:
                continue
            messages.setdefault(msgid, Message(msgid)).uses.append(use)
    return Extraction(messages, warnings)
