"""The catalogues read at a start come from what babel read of the same files last time
(speech/catalogue.py), never from files that changed since: a translator's edit is read at once,
a broken or foreign cache is read again from the files, and what the cache gives is what babel
reads."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from speech import catalogue

LOCALES = Path(__file__).resolve().parents[2] / "speech" / "locales"


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogues (their cache left behind), read instead of the real ones."""
    for folder in LOCALES.iterdir():
        if folder.is_dir() and folder.name != catalogue.CACHE:
            shutil.copytree(folder, tmp_path / folder.name)
    monkeypatch.setattr(catalogue, "LOCALES_DIR", tmp_path)
    catalogue.catalogues.cache_clear()
    yield tmp_path
    monkeypatch.undo()
    catalogue.catalogues.cache_clear()


def fresh() -> dict[str, catalogue.Catalogue]:
    catalogue.catalogues.cache_clear()
    return catalogue.catalogues()


def test_the_cache_gives_what_babel_reads(locales: Path) -> None:
    read = fresh()  # by babel, and kept
    assert sorted(p.name for p in (locales / catalogue.CACHE).iterdir()) == ["en.json", "fr.json"]
    kept = fresh()
    for lang, book in read.items():
        assert kept[lang].singular == book.singular and kept[lang].plural == book.plural
        assert [kept[lang].plural_index(n) for n in range(4)] == [book.plural_index(n) for n in range(4)]
    assert catalogue.t("en", "help.title") == read["en"].singular["help.title"]
    assert catalogue.tn("fr", "stats.games", 2) == read["fr"].plural["stats.games"][1].format(n=2)


def test_a_sentence_changed_since_the_cache_was_written_is_read_from_its_file(locales: Path) -> None:
    before = fresh()["en"].singular["help.title"]
    po = locales / "en" / "bot.po"
    po.write_text(po.read_text(encoding="utf-8").replace(f'"{before}"', '"Taverne — new help"', 1), encoding="utf-8")
    assert fresh()["en"].singular["help.title"] == "Taverne — new help"
    assert fresh()["en"].singular["help.title"] == "Taverne — new help"  # the cache written again


@pytest.mark.parametrize("cache", ["not json {", '{"fingerprint": 3}', "[]", '{"fingerprint": "other"}'])
def test_a_broken_or_foreign_cache_is_read_again_from_the_files(locales: Path, cache: str) -> None:
    expected = fresh()["en"].singular
    (locales / catalogue.CACHE / "en.json").write_text(cache, encoding="utf-8")
    assert fresh()["en"].singular == expected


def test_a_folder_that_cannot_be_written_is_read_with_babel_at_each_start(locales: Path) -> None:
    (locales / catalogue.CACHE).write_text("a file where the cache folder would be", encoding="utf-8")
    by_babel, _, _ = catalogue._parsed(catalogue._po_files(locales / "fr"), "fr")
    assert fresh()["fr"].singular == by_babel and fresh()["fr"].singular == by_babel
    assert (locales / catalogue.CACHE).is_file()
