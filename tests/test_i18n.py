"""The translation layer: every message has both languages and fits the LCD where shown there.

The catalog checks run on a live extraction of the source, so a message id added anywhere in
companion/ or hardware/ fails here, by name, until it is translated. The fix is always the
same (docs/translating.md):

    python -m companion.i18n extract      # the new ids land in the .pot and the .po
    (translate them in companion/locale/pl/LC_MESSAGES/companion.po)
    python -m companion.i18n compile      # .po -> .mo
    python -m companion.i18n check        # what these tests assert
"""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.boxui import BoxSession
from companion.app.cli import main
from companion.app.controller import Controller
from companion.engine.actions import Enter, Host
from companion.engine.history import History, Setup
from companion.engine.prompts import Choice, Prompt
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.engine.text import Msg, msg, msg_in
from companion.i18n import LANGUAGES, translator
from companion.i18n.catalogs import (
    SOURCE_ROOT,
    build_pot,
    compiled,
    merge,
    mo_path,
    pot_path,
    translated_languages,
    usable_translations,
)
from companion.i18n.check import (
    LCD_COLS,
    formatted,
    lcd_problems,
    placeholder_problem,
    placeholder_problems,
    untranslated,
)
from companion.i18n.extract import Extraction, Message, extract, scan_source
from companion.i18n.po import Catalog, Entry, compile_mo, parse_po, write_po

FIX = ("run `python -m companion.i18n extract`, translate them in "
       "companion/locale/{lang}/LC_MESSAGES/companion.po, then `python -m companion.i18n "
       "compile` (docs/translating.md)")


@pytest.fixture(scope="module")
def extraction() -> Extraction:
    return extract(SOURCE_ROOT)


@pytest.fixture(scope="module")
def messages(extraction: Extraction) -> list[Message]:
    return list(extraction.messages.values())


def listing(items: list[str]) -> str:
    return "\n  " + "\n  ".join(items)


# ---------------------------------------------------------------- the catalogs


@pytest.mark.parametrize("lang", translated_languages())
def test_every_message_has_a_translation(lang: str, messages: list[Message]) -> None:
    missing = untranslated(messages, usable_translations(lang))
    assert not missing, (
        f"{len(missing)} message ids have no {lang} translation; " + FIX.format(lang=lang)
        + listing([f"{m.msgid!r}  ({', '.join(m.references[:2])})" for m in missing]))


@pytest.mark.parametrize("lang", translated_languages())
def test_translations_keep_exactly_the_placeholders(lang: str, messages: list[Message]) -> None:
    problems = placeholder_problems(messages, usable_translations(lang))
    assert not problems, f"{lang}: fix these translations:" + listing([str(p) for p in problems])


@pytest.mark.parametrize("lang", translated_languages())
def test_lcd_texts_fit_16_columns(lang: str, messages: list[Message]) -> None:
    """Refusals, prompt labels and choices, seat flashes and the box's own words: at most 2
    lines of 16 columns once formatted (a 6-letter seat name, 3-digit numbers)."""
    problems = lcd_problems(messages, usable_translations(lang))
    assert not problems, f"{lang}: shorten these LCD texts:" + listing([str(p) for p in problems])


@pytest.mark.parametrize("lang", translated_languages())
def test_every_translation_formats_with_realistic_values(lang: str,
                                                         messages: list[Message]) -> None:
    tr = usable_translations(lang)
    for m in messages:
        text = tr.get(m.msgid, "")
        if "{" in m.msgid and "{" in text and not m.msgid.startswith("%"):
            formatted(text)  # raises nothing; a spec like {amount:+d} gets a number


def test_the_template_lists_every_id_in_the_source(extraction: Extraction) -> None:
    """New ids must reach the template. Ids that vanished (and references that moved: any
    edit of a game shifts them) only make it stale until the next extract, harmlessly."""
    on_disk = {e.msgid for e in parse_po(pot_path().read_text(encoding="utf-8")).entries}
    new = sorted(set(extraction.messages) - on_disk)
    assert not new, ("companion/locale/companion.pot misses these ids: run "
                     "`python -m companion.i18n extract`" + listing([repr(i) for i in new]))


@pytest.mark.parametrize("lang", translated_languages())
def test_the_compiled_catalog_matches_the_po(lang: str) -> None:
    assert mo_path(lang).read_bytes() == compiled(lang), (
        f"{mo_path(lang)} is out of date: run `python -m companion.i18n compile`")


def test_no_message_is_built_at_run_time(extraction: Extraction) -> None:
    """An f-string inside msg() would be a new catalog key per value: never translated."""
    bad = [str(w) for w in extraction.warnings if "help=" not in w.problem
           and "= text" not in w.problem]
    assert not bad, "use a literal id with {placeholders}:" + listing(bad)


def test_languages() -> None:
    assert LANGUAGES == ("en", "pl")
    with pytest.raises(ValueError, match="unknown language"):
        translator("de")


# ---------------------------------------------------------------- the box's own words


def pl_box(prompt: Prompt) -> BoxSession:
    box = BoxSession(0, translator("pl"))
    box.sync(prompt)
    return box


def test_box_hints_stay_whole_beside_a_3_digit_value() -> None:
    sealed = pl_box(Prompt("number", msg("Bid"), lo=0, hi=999, sealed=True, money=999,
                           initial=999))
    assert sealed.lines() == ("Stawka      $999", "<999>   OK=zatw.")
    public = pl_box(Prompt("number", msg("Raise"), lo=0, hi=999, money=999, initial=999))
    assert public.lines()[1] == "<999>   OK=wybór"
    banned = pl_box(Prompt("number", msg("Bid"), lo=0, hi=9, forbidden=frozenset({3}),
                           sealed=True, money=10, initial=3))
    assert banned.lines()[1] == "<3>     zakazane"


def test_box_locked_screen_and_flash_in_polish() -> None:
    locked = pl_box(Prompt("number", msg("Bid"), lo=0, hi=999, sealed=True, locked=True,
                           locked_value=999, unlockable=True, money=999))
    assert locked.lines() == ("ZATW. 999   $999", "trzymaj OK=zmień")
    box = pl_box(Prompt("wait", msg("Wait")))
    box.flash(msg("LOCKED\nhold OK: unlock"), now=0.0)
    assert box.lines() == ("ZATWIERDZONE    ", "trzymaj OK=zmień")
    assert BoxSession(0, translator("pl")).lines() == ("companion       ", "uruchamianie... ")


def test_shop_choices_use_the_short_colour_apart_from_the_colour_name() -> None:
    pl = translator("pl")
    short = msg("{colour} {n}", colour=msg_in("shop colour, 3 letters", "Red"), n=5)
    assert short.render(pl) == "Czer 5"
    assert msg("{colour} {n}", colour=msg("Red"), n=5).render(pl) == "Czerwony 5"
    assert short.render(translator("en")) == "Red 5" == str(short)
    box = pl_box(Prompt("choice", msg("Auction a shop"), choices=(Choice("red5", short),)))
    assert box.lines() == ("Licytuj sklep   ", "<Czer 5>        ")


# ---------------------------------------------------------------- one layer, per game start


def camel_history() -> History:
    game = get_game("camel-up")
    seats = tuple(Seat(n, DEFAULT_COLOURS[i]) for i, n in enumerate(("Ania", "Bruno", "Cezary")))
    history = History.start(game, Setup(game.id, seats))
    history.apply(Host.make("start", card="cannot_bet_2"))
    return history


def test_the_language_can_change_between_games() -> None:
    """Each game start builds its translator: nothing keeps the last language around."""
    shown = {}
    for lang in ("pl", "en", "pl"):
        controller = Controller(camel_history(), None, translator(lang))
        controller.handle(*_enter(controller, 0, 2))
        shown[lang] = controller.lcd_lines(0)
    assert shown["pl"] == ("Zakaz stawki 2  ", "w tej licytacji ")
    assert shown["en"] == ("Cannot bet 2    ", "this auction    ")


def _enter(controller: Controller, seat: int, value: int) -> tuple[object, float]:
    from companion.boxes.vocabulary import Intent, SeatIntent

    controller.sessions[seat].draft = value
    return SeatIntent(seat, Intent.OK), 0.0


def test_the_table_screen_renders_every_msg_in_the_tables_language() -> None:
    import pygame

    from companion.display.table_screen import TableScreen

    history = camel_history()
    for s, v in enumerate((1, 3, 3)):
        history.apply(Enter(s, v))
    view = history.game.table(history.state)
    screen = TableScreen(pygame.Surface((1280, 720)), translator("pl"))
    screen.draw(view, None, msg("Host: {why}", why=msg("Nothing to undo")), {2: False})
    drawn = screen.fonts.cached_texts()
    assert "ODKRYCIE 1: WYGRYWA ANIA" not in drawn  # titles are not upper-cased...
    assert {"Odkrycie 1: wygrywa Ania", "Rozłączone", "Pierwszy gracz"} <= drawn
    assert "Prowadzący: Nie ma czego cofnąć" in drawn
    assert not {"Reveal 1: Ania wins", "Disconnected", "First Player"} & drawn


def _english_renders(tree: ast.AST) -> Iterator[int]:
    """Lines calling `<msg>.render()` with no translator, outside log calls (the service's
    log is for the maintainer, in English) and other objects' render methods (app, self)."""
    logs = {id(n) for call in ast.walk(tree) if isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name) and call.func.value.id in ("log", "logger")
            for n in ast.walk(call)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "render" and not node.args and not node.keywords
                and id(node) not in logs
                and not (isinstance(node.func.value, ast.Name)
                         and node.func.value.id in ("self", "app", "renderer"))):
            yield node.lineno


def test_app_display_and_hardware_never_render_a_message_in_english_up_front() -> None:
    """`.render()` without the table's translator fixes English at the moment it runs (at
    import, or when a menu is built): the text must stay a Msg until it is shown."""
    found = []
    for folder in ("companion/app", "companion/display", "companion/boxes"):
        for path in sorted((SOURCE_ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(SOURCE_ROOT)}:{line}" for line in _english_renders(tree)]
    assert not found, "pass the translator: .render(translate)" + listing(found)


def test_catalogs_load_through_the_package_not_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert translator("pl")("Final results") == "Wyniki końcowe"


# ---------------------------------------------------------------- the CLI


def test_help_in_polish_with_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "pl", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("użycie: companion")
    for words in ("argumenty pozycyjne", "opcje:", "pokaż tę pomoc i zakończ",
                  "pokazowa gra według scenariusza", "język wszystkich tekstów"):
        assert words in out
    assert "show this help" not in out and "a scripted" not in out
    assert vars(argparse)["_"] is gettext.gettext  # argparse gets its own words back


def test_help_follows_the_configs_language(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('game = "camel-up"\nlanguage = "pl"\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["run", "--config", str(config), "--help"])
    assert "konfiguracja TOML" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "en", "run", "--config", str(config), "--help"])
    assert "the TOML config" in capsys.readouterr().out


def test_argparse_errors_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "pl", "demo", "--size", "big"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "companion demo: błąd: argument --size: rozmiar 'big': podaj SZEROKOŚĆxWYSOKOŚĆ" in err
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "nonsense"])
    assert "niepoprawny wybór: 'nonsense'" in capsys.readouterr().err


def test_config_errors_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('game = "camel-up"\nlanguage = "pl"\ncolor = "red"\n', encoding="utf-8")
    assert main(["run", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert f"companion: {config}:3: nieznane ustawienie 'color'" in err
    assert "naprawa: użyj jednego z:" in err


def test_games_list_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "pl", "games"]) == 0
    out = capsys.readouterr().out
    assert "camel-up-off-season  Camel Up: Off Season  (3-5 graczy)" in out
    assert "monety każdego gracza na start" in out
    assert "    inne nazwy: marra-cash" in out


# ---------------------------------------------------------------- extraction


SNIPPET = '''
from x import IllegalAction, msg, msg_in, N_, Prompt, Choice, Event

LABELS = {"a": msg("Label from a constant")}
TABLE_ONLY = {"b": msg("Only on the table")}
WORDS = (N_("usage: "),)


def helper():
    return msg("From a helper")


class Game:
    name = msg("Some Game")

    def prompt(self, state, seat):
        return Prompt("number", LABELS["a"], info=self._info(), choices=(
            Choice("k", msg_in("short", "Red")),))

    def _info(self):
        return helper()

    def apply(self, state, action):
        if action:
            raise IllegalAction(
                "Not now\\n"
                "try later")
        log = msg(
            "{name} bids {n}",
            name="x", n=3)
        return (Event(log), Event(msg("You won!"), 2))

    def table(self, state):
        return TABLE_ONLY["b"], msg(f"built {state}")


def cli(p):
    p.add_argument("--x", help="what x does")
'''


def test_extraction_reads_the_ast_and_knows_what_is_on_the_lcd() -> None:
    found, warnings = scan_source(SNIPPET, "companion/engine/games/snippet.py")
    lcd = {text: use.lcd for text, use in found}
    assert lcd == {
        "Label from a constant": True,  # read by prompt
        "Only on the table": False,
        "usage: ": False,
        "From a helper": True,  # prompt -> self._info -> helper
        "Some Game": False,
        "short\x04Red": True,
        "Not now\ntry later": True,  # a refusal, on two source lines
        "{name} bids {n}": False,  # a public event
        "You won!": True,  # a private event: flashed on seat 2's box
        "what x does": False,
    }
    assert len(warnings) == 1 and "built at run time" in warnings[0].problem
    assert warnings[0].line == SNIPPET.splitlines().index(
        '        return TABLE_ONLY["b"], msg(f"built {state}")') + 1


def test_placeholder_rules() -> None:
    assert placeholder_problem("{name} bids {n}", "{name}: stawka {n}") is None
    assert placeholder_problem("Take {n}: only\n{n} left", "Weź {n}") is None  # once is enough
    assert "should be" in str(placeholder_problem("{name} bids {n}", "{name} licytuje"))
    assert "should be" in str(placeholder_problem("Gold {amount:+d}", "Złoto {amount}"))
    assert placeholder_problem("%(prog)s: error: %(message)s\n", "%(prog)s: błąd: %(message)s\n"
                               ) is None
    assert placeholder_problem("usage: %s", "użycie:") is not None
    assert "malformed" in str(placeholder_problem("{n} left", "zostało {n"))


def test_lcd_widths_are_measured_with_realistic_values() -> None:
    assert formatted("Not your turn\n{name} is up") == "Not your turn\nMarian is up"
    assert formatted("Gold {amount:+d}") == "Gold +999"
    assert max(len(line) for line in formatted("Maks. stawka {coins}\nmasz {coins}").split(
        "\n")) <= LCD_COLS


# ---------------------------------------------------------------- PO and MO files


def sample_catalog() -> Catalog:
    return Catalog({"Language": "pl", "Content-Type": "text/plain; charset=UTF-8"}, [
        Entry("LOCKED\nhold OK: unlock", "ZATWIERDZONE\ntrzymaj OK=zmień",
              ["companion/app/boxui.py:102"], [], ["a translator's note"],
              ["LCD: at most 16 columns a line, 2 lines"]),
        Entry('say "hi" \\ {n}', 'powiedz „cześć" \\ {n}', ["a.py:1", "b.py:2"],
              ["python-brace-format"]),
        Entry("shop colour, 3 letters\x04Red", "Czer", ["m.py:3"]),
        Entry("Red", "Czerwony", ["m.py:2"]),
        Entry("Not sure", "Niepewne", ["c.py:1"], ["fuzzy"]),
        Entry("Untranslated", "", ["c.py:2"]),
        Entry("Gone", "Znikło", obsolete=True),
    ])


def test_po_files_read_back_what_was_written() -> None:
    cat = sample_catalog()
    text = write_po(cat)
    assert 'msgctxt "shop colour, 3 letters"\nmsgid "Red"\nmsgstr "Czer"' in text
    assert '#~ msgid "Gone"' in text
    again = parse_po(text)
    assert again.entries == cat.entries
    assert again.header == cat.header
    assert write_po(again) == text


def test_mo_files_hold_the_usable_translations_only() -> None:
    mo = gettext.GNUTranslations(io.BytesIO(compile_mo(sample_catalog())))
    assert mo.gettext("LOCKED\nhold OK: unlock") == "ZATWIERDZONE\ntrzymaj OK=zmień"
    assert mo.gettext('say "hi" \\ {n}') == 'powiedz „cześć" \\ {n}'
    assert mo.pgettext("shop colour, 3 letters", "Red") == "Czer"
    assert mo.gettext("Red") == "Czerwony"
    assert mo.gettext("Not sure") == "Not sure"  # fuzzy: English until confirmed
    assert mo.gettext("Untranslated") == "Untranslated"
    assert mo.gettext("Gone") == "Gone"
    assert mo.info()["language"] == "pl"


def test_merging_keeps_translations_and_marks_what_went_away() -> None:
    pot = build_pot(Extraction({
        "Red": Message("Red"),
        "Start the auction now": Message("Start the auction now"),
        "Brand new": Message("Brand new"),
    }, []))
    po = Catalog({}, [Entry("Red", "Czerwony"), Entry("Start the auction", "Zacznij licytację"),
                      Entry("Old", "Stare")])
    merged, stats = merge(pot, po, "pl")
    by_id = {e.msgid: e for e in merged.entries}
    assert by_id["Red"].msgstr == "Czerwony" and not by_id["Red"].fuzzy
    assert by_id["Start the auction now"].msgstr == "Zacznij licytację"
    assert by_id["Start the auction now"].fuzzy  # a reworded id: confirm the old text
    assert by_id["Brand new"].msgstr == "" and by_id["Old"].obsolete
    assert by_id["Start the auction"].obsolete
    assert stats.new == ["Start the auction now", "Brand new"]
    assert sorted(stats.obsolete) == ["Old", "Start the auction"]
    assert merged.header["Plural-Forms"].startswith("nplurals=3")


def test_the_tool_checks_the_repository(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.i18n.__main__ import main as tool

    assert tool(["compile", "--check"]) == 0
    assert tool(["check"]) == 0, capsys.readouterr().out


@pytest.fixture
def no_mo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A checkout where nobody compiled yet: the .mo is missing."""
    import companion.i18n as i18n

    real = i18n._locale_file

    def missing_mo(lang: str, suffix: str) -> object:
        return real(lang, "missing") if suffix == "mo" else real(lang, suffix)

    monkeypatch.setattr(i18n, "_locale_file", missing_mo)
    yield


def test_a_missing_mo_is_compiled_in_memory(no_mo: None) -> None:
    assert translator("pl")("Final results") == "Wyniki końcowe"


def test_environment_does_not_choose_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the config or --lang do: a Pi with LANG=pl_PL still follows the config."""
    monkeypatch.setenv("LANGUAGE", "pl")
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert translator("en")("Final results") == "Final results"
    assert Msg("Final results").render() == "Final results"
    assert os.environ["LANG"] == "pl_PL.UTF-8"


def test_check_hardware_reports_in_the_tables_language() -> None:
    from companion.app.config import parse_config
    from companion.app.selftest import CheckEnv, check_hardware

    cfg = parse_config({"game": "camel-up", "language": "pl", "seat": [
        {"name": n, "box": f"keyboard:{i}"} for i, n in enumerate(("Ania", "Bruno", "Cezary"))]})
    lines: list[str] = []
    assert check_hardware(cfg, CheckEnv(out=lines.append, translate=translator(cfg.language),
                                        press_timeout=0.1)) == 0
    assert lines[0] == "Sprawdzam pudełka (3) z konfiguracji"
    assert "  ok: gracz 1 (Ania): klawisze klawiatury 0 (nie ma czego sprawdzać" in lines[1]
    assert lines[-1] == "Wszystkie pudełka (0) działają."


def test_engine_input_errors_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('game = "chess"\nlanguage = "pl"\n', encoding="utf-8")
    assert main(["run", "--config", str(config)]) == 2
    assert "nieznana gra 'chess'; znane gry:" in capsys.readouterr().err
    scenario = tmp_path / "bad.jsonl"
    scenario.write_text('{"type": "setup", "game": "camel-up", "seats": ["A", "B", "C"]}\n'
                        '{"type": "jump"}\n', encoding="utf-8")
    assert main(["--lang", "pl", "replay", str(scenario)]) == 2
    assert f"{scenario}:2: nieznany typ akcji 'jump'" in capsys.readouterr().err


def test_mega_civ_commodity_names_are_listed_and_short_in_every_language() -> None:
    from companion.engine.games.mega_civilization import commodity_table
    from companion.i18n.data_names import MEGA_CIV_COMMODITIES

    in_game = {name for seats in range(5, 19) for _, name, _, _ in commodity_table(seats)}
    assert set(MEGA_CIV_COMMODITIES) == in_game, "update companion/i18n/data_names.py"
    for lang in LANGUAGES:
        tr = translator(lang)
        for name in in_game:
            # "<Gemstones x12>" is a choice on the LCD: name, " x", 2 digits, the brackets
            assert len(msg("{name} x{n}", name=Msg(name), n=12).render(tr)) + 2 <= LCD_COLS, name
