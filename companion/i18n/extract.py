"""Our Babel extraction method: message ids from the AST, each marked when a box's LCD shows it.

Babel walks the files, applies the keyword specs (`KEYWORDS`, e.g. `msg_in` = msgctxt + id)
and builds the catalog (catalogs.py); this module is what Babel cannot know about our code.
Babel's own Python extractor reads tokens, so it misses three things we need:

- `help="..."`, `description="..."`, `epilog="..."`, `title="..."` keyword literals in any
  call (argparse help, `OptionSpec(help=...)`, demo titles) and either side of
  `msg("a" if c else "b")`;
- whether a text is shown on a seat's 16x2 LCD, so the checks hold it to 16 columns: it is
  when one of its uses is inside `IllegalAction(...)` (refusals flash on the seat's LCD),
  `Prompt(...)`, `Choice(...)`, or `Event(text, seat)` (a private event); anywhere in a
  function named `prompt` (a game's LCD question) or `host_lcd_lines` (the host box), or in
  a function of the same module that one calls by name (`helper(...)`, `self._helper(...)`,
  transitively), or in a module-level constant one of those reads (`COUNT_CARDS[...]`); or
  in a module-level constant or function of the same module that an LCD call reads by name
  (`IllegalAction(NO_REVEAL)` in engine/corrections.py); or anywhere in a file mapped with
  the option `lcd = always` (companion/app/boxui.py, the box's own words;
  companion/engine/refusals.py, the refusals every game shares) but never in one mapped
  `lcd = never` (companion/engine/history.py: setup, replay and undo refusals go to the
  table or the terminal). The mark is the extracted comment `LCD_NOTE` ("#." in the
  catalogs), which translators see too;
- a text built at run time (an f-string or `+` inside a keyword call) cannot be a catalog
  key: it is reported (`scan_source(...).warnings`), and the fix is a `{placeholder}`.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

# Babel keyword specs (1-based positions; (n, "c") is the msgctxt). CLI help is `_`/`tr`/
# `translate`, argparse's own words and data names are marked with `N_`.
KEYWORDS: Mapping[str, tuple[int | tuple[int, str], ...] | None] = {
    "msg": None, "Msg": None, "IllegalAction": None, "MalformedInput": None,
    "N_": None, "_": None, "translate": None, "tr": None,
    "msg_in": ((1, "c"), 2),  # msg_in("shop colour, 3 letters", "Red")
}
TEXT_KEYWORDS = frozenset({"help", "description", "epilog", "title"})
LCD_CALLS = frozenset({"IllegalAction", "Prompt", "Choice"})
LCD_ROOT_FUNCTIONS = frozenset({"prompt", "host_lcd_lines"})
LCD_NOTE = "LCD: at most 16 columns a line, 2 lines"


@dataclass(frozen=True)
class SourceWarning:
    path: str
    line: int
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


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
    """The string(s) an argument can be: a literal, or either side of `a if c else b`."""
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
    funcname: str | None  # the keyword (None: a help= literal, spec (1,))
    args: tuple[str | None, ...]  # the call's positional literals, as Babel expects
    line: int
    function: str | None  # enclosing function's bare name; None at module level
    constant: str | None  # module-level assignment target it sits in
    direct_lcd: bool


@dataclass
class _Function:
    calls: set[str] = field(default_factory=set)
    reads: set[str] = field(default_factory=set)


class _Scanner:
    def __init__(self, path: str, keywords: Collection[str]) -> None:
        self.path = path
        self.keywords = frozenset(keywords)
        self.found: list[_Found] = []
        self.warnings: list[SourceWarning] = []
        self.functions: dict[str, _Function] = {}
        self.constants: dict[str, set[str]] = {}  # module constant -> names it reads
        self.lcd_reads: set[str] = set()  # names read inside an LCD call's arguments

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

    def _warn(self, line: int, problem: str) -> None:
        self.warnings.append(SourceWarning(self.path, line, problem))

    def _message_call(self, node: ast.Call, name: str, function: str | None,
                      constant: str | None, lcd: bool) -> None:
        """A keyword call: its positional literals, one tuple per `a if c else b` branch.
        Babel's keyword spec then picks the message (and msgctxt) out of the tuple."""
        spec = KEYWORDS.get(name) or (1,)
        wanted = [i[0] if isinstance(i, tuple) else i for i in spec]
        if len(node.args) < max(wanted):
            return
        args = node.args[:max(wanted)]
        texts = [_literal(a) for a in args]
        if any(texts[i - 1] is None for i in wanted):
            if _built_at_run_time(args[wanted[-1] - 1]):  # the message (after a msgctxt)
                self._warn(node.lineno, f"{name}() of a text built at run time cannot be "
                           "translated: use a literal with {placeholders} and keyword arguments")
            return
        options = [t if t is not None else [None] for t in texts]
        for combo in itertools.product(*options):
            if combo[wanted[-1] - 1]:  # msg("") is a blank line, not a message
                self.found.append(_Found(name, combo, node.lineno, function, constant, lcd))

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
            if lcd:
                self.lcd_reads.add(node.id)
            if function is not None:
                self.functions[function].reads.add(node.id)
            elif constant is not None:
                self.constants[constant].add(node.id)
        if isinstance(node, ast.Call):
            name = _callee(node)
            local = _local_callee(node)
            if local is not None:
                if lcd:
                    self.lcd_reads.add(local)
                if function is not None:
                    self.functions[function].calls.add(local)
                elif constant is not None:
                    self.constants[constant].add(local)
            inner_lcd = lcd or name in LCD_CALLS or (
                name == "Event" and (len(node.args) >= 2 or any(k.arg == "seat"
                                                                for k in node.keywords)))
            if name in self.keywords:
                self._message_call(node, name, function, constant, inner_lcd)
            for kw in node.keywords:
                if kw.arg in TEXT_KEYWORDS:
                    texts = _literal(kw.value)
                    for text in texts or ():
                        if text.strip():
                            self.found.append(_Found(None, (text,), kw.value.lineno, function,
                                                     constant, False))
                    if texts is None and _built_at_run_time(kw.value):
                        self._warn(kw.value.lineno,
                                   f"{kw.arg}= text built at run time cannot be translated")
            for child in ast.iter_child_nodes(node):
                self._visit(child, function, constant, inner_lcd)
            return
        for child in ast.iter_child_nodes(node):
            self._visit(child, function, constant, lcd)

    def lcd_scopes(self) -> tuple[set[str], set[str]]:
        """Functions reachable from a `prompt` or read inside an LCD call, and the module
        constants they read."""
        todo = [f for f in self.functions if f in LCD_ROOT_FUNCTIONS or f in self.lcd_reads]
        functions: set[str] = set()
        while todo:
            f = todo.pop()
            if f in functions:
                continue
            functions.add(f)
            todo += [c for c in self.functions[f].calls if c in self.functions]
        constants: set[str] = set()
        pending = [n for f in functions for n in self.functions[f].reads | self.functions[f].calls
                   if n in self.constants] + [n for n in self.lcd_reads if n in self.constants]
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



@dataclass(frozen=True)
class Found:
    """One use of a message: Babel's `(lineno, funcname, messages, comments)` plus the mark."""

    line: int
    funcname: str | None
    args: tuple[str | None, ...]
    lcd: bool

    def babel(self) -> tuple[int, str | None, tuple[str | None, ...], list[str]]:
        return self.line, self.funcname, self.args, [LCD_NOTE] if self.lcd else []


@dataclass
class Scan:
    found: list[Found]
    warnings: list[SourceWarning]


def scan_source(source: str, path: str, lcd: str = "auto",
                keywords: Collection[str] = tuple(KEYWORDS)) -> Scan:
    """The messages in one module's source, each with its line and whether an LCD shows it
    (`lcd`: "auto" as described above, "always" or "never" for the whole file)."""
    tree = ast.parse(source, filename=path)
    scanner = _Scanner(path, keywords)
    scanner.scan(tree)
    functions, constants = scanner.lcd_scopes()
    out = []
    for f in scanner.found:
        in_scope = (f.function in functions if f.function is not None
                    else f.constant is not None and f.constant in constants)
        on_lcd = lcd != "never" and (lcd == "always" or f.direct_lcd or in_scope)
        out.append(Found(f.line, f.funcname, f.args, on_lcd))
    return Scan(out, scanner.warnings)


def babel_extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                  options: Mapping[str, Any]) -> Iterator[
                      tuple[int, str | None, tuple[str | None, ...], list[str]]]:
    """The extraction method Babel calls per file (`"companion.i18n.extract:babel_extract"`
    in a method map); `options["lcd"]` comes from the options map (catalogs.py)."""
    path = str(getattr(fileobj, "name", "<source>"))
    scan = scan_source(fileobj.read().decode("utf-8"), path, str(options.get("lcd", "auto")),
                       keywords)
    for found in scan.found:
        yield found.babel()
