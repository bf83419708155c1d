"""The translation layer: every text shown or printed goes through `translator(lang)`.

Message ids are the English texts (gettext style); catalogs map them per language.
"""

from __future__ import annotations

from collections.abc import Callable

LANGUAGES = ("en",)

Translate = Callable[[str], str]


def _identity(text: str) -> str:
    return text


def translator(lang: str = "en") -> Translate:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return _identity
