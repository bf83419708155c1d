"""The translation layer: every text shown or printed goes through `translator(lang)`.

Message ids are the English texts (gettext style), so English needs no catalog: its
translator returns the id. Other languages have a GNU gettext catalog in the package:

    companion/locale/companion.pot                      the template (all ids), extracted
    companion/locale/<lang>/LC_MESSAGES/companion.po    the translations, edited by people
    companion/locale/<lang>/LC_MESSAGES/companion.mo    compiled from the .po, read at run time

The .mo is read with `importlib.resources` (the service may run in any working directory) and
`gettext.GNUTranslations`. A catalog is read anew by every `translator()` call, so the app
builds the translator when a game starts and a table can change language between games;
nothing here renders a text at import time. Workflow (extract, translate, compile, check):
docs/translating.md and `python -m companion.i18n --help`.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from importlib import resources

from ..engine.text import CONTEXT_SEP

LANGUAGES = ("en", "pl")
SOURCE_LANGUAGE = "en"
DOMAIN = "companion"
LANGUAGE_NAMES = {"en": "English", "pl": "polski"}

Translate = Callable[[str], str]


def _identity(text: str) -> str:
    return text.rpartition(CONTEXT_SEP)[2]


def _locale_file(lang: str, suffix: str) -> resources.abc.Traversable:
    return resources.files("companion").joinpath("locale", lang, "LC_MESSAGES",
                                                  f"{DOMAIN}.{suffix}")


def catalog(lang: str) -> gettext.NullTranslations:
    """The gettext catalog of `lang` (NullTranslations for the source language)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    mo = _locale_file(lang, "mo")
    if mo.is_file():
        return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    # A checkout where nobody ran `python -m companion.i18n compile` yet: compile in memory
    # rather than silently showing English.
    from .po import compile_mo, parse_po

    po = _locale_file(lang, "po")
    data = compile_mo(parse_po(po.read_text(encoding="utf-8")))
    return gettext.GNUTranslations(io.BytesIO(data))


def translator(lang: str = SOURCE_LANGUAGE) -> Translate:
    """`translate(msgid) -> text in lang`; an id missing from the catalog stays English."""
    if lang == SOURCE_LANGUAGE:
        return _identity
    lookup = catalog(lang).gettext

    def translate(text: str) -> str:
        out = lookup(text)
        return _identity(out) if CONTEXT_SEP in out else out  # a miss returns the id

    return translate
