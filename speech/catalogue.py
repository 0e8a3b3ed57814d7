"""The catalogues: every sentence a player reads, looked up by a message id such as ``config.title``.

One folder per language, ``speech/locales/<language>/``, holding one gettext file per area (``bot.po``
for the bot's own words, ``<game>.po`` for what a game's table says, ``terminal.po``…). The ids are
unique across the files of a language, so a sentence is found by its id alone. French is the source
language (every id is in French: a test checks it) and a sentence missing from another language falls
back to French. The languages are the folders present: a third language is one more folder
(docs/I18N.md). Game words (Chouette, Velute, bazar…) are never translated.

Reading the ``.po`` files with babel costs a quarter of a second at every start of the bot; what it
read is kept, as Python keeps its bytecode, in ``locales/__pycache__/<language>.json`` with a hash
of the files it came from, and read from there while the files are unchanged (written where the
folder may be written: a checkout, the Docker image's build).
"""

from __future__ import annotations

import gettext
import hashlib
import json
import os
import string
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

SOURCE = "fr"
LOCALES_DIR: Traversable = files("speech") / "locales"
CACHE = "__pycache__"  # in LOCALES_DIR (its leading « _ »: not a language)
_CACHE_FORMAT = 1


@dataclass(frozen=True)
class Catalogue:
    language: str
    singular: Mapping[str, str]
    plural: Mapping[str, tuple[str, ...]]
    plural_index: Callable[[int], int]


class DuplicateMessageId(ValueError):
    """Two files of one language give the same id: which one is meant cannot be told."""


def _read_into(path: Traversable, language: str, singular: dict[str, str], plural: dict[str, tuple[str, ...]]) -> str:
    """Adds the file's sentences; returns its plural rule (the same in every file of a language)."""
    from babel.messages.pofile import read_po  # only when a catalogue changed: see the cache

    with path.open("rb") as fp:
        po = read_po(fp, locale=language.replace("-", "_"))
    for message in po:
        if not message.id:
            continue  # the header
        key = str(message.id[0] if isinstance(message.id, (list, tuple)) else message.id)
        if key in singular or key in plural:
            raise DuplicateMessageId(f"{language}/{path.name}: {key!r} is already in another file")
        if isinstance(message.id, (list, tuple)):
            forms = tuple(message.string) if isinstance(message.string, (list, tuple)) else ()
            if forms and all(forms):
                plural[key] = tuple(str(f) for f in forms)
        elif message.string:
            singular[key] = str(message.string)
    return str(po.plural_expr)


def _po_files(folder: Traversable) -> list[Traversable]:
    return sorted((e for e in folder.iterdir() if e.is_file() and e.name.endswith(".po")), key=lambda e: e.name)


def _fingerprint(files: list[Traversable]) -> str:
    digest = hashlib.sha256(str(_CACHE_FORMAT).encode())
    for entry in files:
        digest.update(entry.name.encode() + b"\0" + entry.read_bytes() + b"\0")
    return digest.hexdigest()


def _parsed(files: list[Traversable], language: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]], str]:
    singular: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    rule = "(n != 1)"
    for entry in files:
        rule = _read_into(entry, language, singular, plural)
    return singular, plural, rule


def _cached(language: str, fingerprint: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]], str] | None:
    """What babel read of these very files last time, if it was kept (anything else: read again)."""
    try:
        kept = json.loads((LOCALES_DIR / CACHE / f"{language}.json").read_text(encoding="utf-8"))
        if kept["fingerprint"] != fingerprint:
            return None
        plural = {str(k): tuple(str(f) for f in forms) for k, forms in kept["plural"].items()}
        return {str(k): str(v) for k, v in kept["singular"].items()}, plural, str(kept["rule"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _keep(language: str, fingerprint: str, read: tuple[dict[str, str], dict[str, tuple[str, ...]], str]) -> None:
    """Writes the cache where the folder may be written (atomically: two processes may start together)."""
    if not isinstance(LOCALES_DIR, Path):
        return
    singular, plural, rule = read
    text = json.dumps(
        {"fingerprint": fingerprint, "rule": rule, "singular": singular, "plural": plural}, ensure_ascii=False
    )
    folder = LOCALES_DIR / CACHE
    try:
        folder.mkdir(exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{language}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, folder / f"{language}.json")
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass  # a read-only install: read with babel at each start, as before


def _read(folder: Traversable, language: str) -> Catalogue:
    files = _po_files(folder)
    fingerprint = _fingerprint(files)
    read = _cached(language, fingerprint)
    if read is None:
        read = _parsed(files, language)
        _keep(language, fingerprint, read)
    singular, plural, rule = read
    return Catalogue(language, singular, plural, gettext.c2py(rule))


@cache
def catalogues() -> dict[str, Catalogue]:
    """Every language present, by its code (the folder's name)."""
    found = {entry.name: entry for entry in LOCALES_DIR.iterdir() if entry.is_dir() and not entry.name.startswith("_")}
    return {language: _read(found[language], language) for language in sorted(found)}


def languages() -> tuple[str, ...]:
    """The languages a server or a reader may have: French first, then the others found."""
    return (SOURCE, *(lang for lang in catalogues() if lang != SOURCE))


def _template(lang: str, key: str) -> str:
    books = catalogues()
    for language in (lang, SOURCE):
        book = books.get(language)
        if book is not None and key in book.singular:
            return book.singular[key]
    raise KeyError(f"message id {key!r} is in no catalogue")


def t(lang: str, key: str, /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (French when that catalogue lacks it), filled with ``params``."""
    return _template(lang, key).format(**params)


def tn(lang: str, key: str, n: int, /, **params: Any) -> str:
    """The plural sentence ``key`` for ``n`` (also passed as ``{n}``), by the language's own plural rule."""
    books = catalogues()
    for language in (lang, SOURCE):
        book = books.get(language)
        if book is not None and key in book.plural:
            forms = book.plural[key]
            form = forms[min(book.plural_index(n), len(forms) - 1)]
            return form.format(n=n, **params)
    raise KeyError(f"plural message id {key!r} is in no catalogue")


def has(lang: str, key: str) -> bool:
    book = catalogues().get(lang)
    return book is not None and (key in book.singular or key in book.plural)


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a sentence expects (its format specs aside): French and English must agree."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}
