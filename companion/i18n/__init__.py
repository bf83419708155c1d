"""The translation layer: every text shown or printed goes through `translator(lang)`.

Message ids are the English texts (gettext style), so English needs no catalog: its
translator returns the id. Other languages have a GNU gettext catalog in the package:

    companion/locale/companion.pot                      the template (all ids), extracted
    companion/locale/<lang>/LC_MESSAGES/companion.po    the translations, edited by people
    companion/locale/<lang>/LC_MESSAGES/companion.mo    compiled from the .po, read at run time

The .mo is read with `importlib.resources` (the service may run in any working directory) and
`gettext.GNUTranslations`: the runtime is the standard library only. Babel, which extracts,
merges and compiles the catalogs (catalogs.py, `python -m companion.i18n`), is a development
tool: the .mo is committed and the wheel ships it. A catalog is read anew by every
`translator()` call, so the app builds the translator when a game starts and a table can
change language between games; nothing here renders a text at import time. Workflow
(extract, translate, compile, check): docs/translating.md and `python -m companion.i18n --help`.
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
    if not mo.is_file():
        # Never silently English: the .mo is committed and shipped in the wheel.
        raise FileNotFoundError(f"the {lang} catalog {DOMAIN}.mo is missing from the package: "
                                "run `python -m companion.i18n compile` (docs/translating.md)")
    return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))


def translator(lang: str = SOURCE_LANGUAGE) -> Translate:
    """`translate(msgid) -> text in lang`; an id missing from the catalog stays English."""
    if lang == SOURCE_LANGUAGE:
        return _identity
    lookup = catalog(lang).gettext

    def translate(text: str) -> str:
        out = lookup(text)
        return _identity(out) if CONTEXT_SEP in out else out  # a miss returns the id

    return translate
