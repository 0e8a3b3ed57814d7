"""The catalogues (speech/locales/<lang>/*.po): French and English complete and agreeing, every plural
with all its forms, every message id the code asks for present, and a third language is one more folder."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from discord import Locale, app_commands

from bot import i18n
from games.core import IllegalAction
from speech import catalogue, words_of

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "speech" / "locales"
COMPLETE = ("fr", "en")  # the languages that must have every sentence


def raw(lang: str) -> dict[str, tuple[str, ...]]:
    """Each message id and its forms, straight from the language's files (one form for a singular)."""
    out: dict[str, tuple[str, ...]] = {}
    for path in sorted((LOCALES / lang).glob("*.po")):
        with path.open("rb") as fp:
            po = read_po(fp)
        for message in po:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            assert str(key) not in out, f"{lang}/{path.name}: {key!r} is also in another file"
            out[str(key)] = tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)
    return out


def plural_count(lang: str) -> int:
    counts = set()
    for path in (LOCALES / lang).glob("*.po"):
        with path.open("rb") as fp:
            counts.add(read_po(fp).num_plurals)
    assert len(counts) == 1, f"{lang}: the files disagree on the number of plural forms"
    return counts.pop()


@pytest.mark.parametrize("lang", COMPLETE)
def test_french_and_english_have_every_message_id(lang: str) -> None:
    every = set().union(*(raw(other).keys() for other in i18n.languages()))
    missing = sorted(every - raw(lang).keys())
    assert not missing, f"{lang}.po lacks {missing}"
    empty = sorted(key for key, forms in raw(lang).items() if not all(forms))
    assert not empty, f"{lang}.po has empty translations: {empty}"


@pytest.mark.parametrize("lang", [lang for lang in i18n.languages() if lang != "fr"])
def test_every_translation_has_the_french_placeholders(lang: str) -> None:
    french = raw("fr")
    for key, forms in raw(lang).items():
        assert key in french, f"{lang}.po has {key!r}, which French (the source) does not"
        expected = set().union(*(i18n.placeholders(f) for f in french[key]))
        for form in forms:
            if form:
                assert i18n.placeholders(form) == expected, (lang, key, form)


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_plural_has_all_its_forms(lang: str) -> None:
    plurals = {key for key, forms in raw("fr").items() if len(forms) > 1}
    assert plurals  # the catalogues do have plurals
    for key, forms in raw(lang).items():
        if key in plurals:
            assert len(forms) == plural_count(lang) and all(forms), (lang, key, forms)


def test_plurals_follow_each_languages_rule() -> None:
    assert [i18n.tn("fr", "stats.games", n) for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]
    assert [i18n.tn("en", "stats.games", n) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]


def _keys_asked_for_in_code() -> set[str]:
    """The literal message ids the bot passes to t(), tn(), command_text() and ConfigError()."""
    keys: set[str] = set()
    for path in (p for area in ("bot", "speech", "terminal") for p in (ROOT / area).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name, args = node.func.id, node.args
                index = {"t": 1, "tn": 1, "command_text": 0, "ConfigError": 0}.get(name)
                if index is not None and len(args) > index and isinstance(args[index], ast.Constant):
                    keys.add(str(args[index].value))
    return keys


def test_every_message_id_the_code_asks_for_is_in_the_catalogues() -> None:
    asked = _keys_asked_for_in_code()
    assert {"help.body", "config.bad_channel", "command.jouer.description"} <= asked
    french = raw("fr")
    assert not sorted(asked - french.keys())


async def test_a_third_language_is_one_more_catalogue_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/I18N.md's recipe, for real: a German folder (two files of it) beside the others, and nothing
    else changed: German readers get their words, the slash commands their German names, a game's
    refusal its German sentence, and what German lacks is French."""
    for folder in LOCALES.iterdir():
        shutil.copytree(folder, tmp_path / folder.name)
    (tmp_path / "de").mkdir()
    header = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    (tmp_path / "de" / "bot.po").write_text(
        header + 'msgid "language.name"\nmsgstr "Deutsch"\n\nmsgid "help.title"\nmsgstr "Taverne — Hilfe"\n\n'
        'msgid "command.word.jouer"\nmsgstr "spielen"\n\n'
        'msgid "stats.games"\nmsgid_plural "stats.games.plural"\nmsgstr[0] "{n} Partie"\nmsgstr[1] "{n} Partien"\n',
        encoding="utf-8",
    )
    (tmp_path / "de" / "games.po").write_text(
        header + 'msgid "error.game_over"\nmsgstr "Das Spiel ist vorbei."\n', encoding="utf-8"
    )
    monkeypatch.setattr(catalogue, "LOCALES_DIR", tmp_path)
    catalogue.catalogues.cache_clear()
    try:
        assert i18n.languages() == ("fr", "de", "en")
        assert i18n.language_of(Locale.german) == "de"
        assert i18n.t("de", "help.title") == "Taverne — Hilfe"
        assert [i18n.tn("de", "stats.games", n) for n in (1, 2)] == ["1 Partie", "2 Partien"]
        assert words_of("cabane").explain(IllegalAction("game_over"), "de") == "Das Spiel ist vorbei."
        name = app_commands.locale_str("jouer")
        context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
        assert await i18n.TaverneTranslator().translate(name, Locale.german, context) == "spielen"
        # What German lacks is read in French, the source.
        assert i18n.t("de", "stats.none") == "Aucune partie terminée pour l'instant."
        assert words_of("cabane").explain(IllegalAction("not_a_player"), "de") == "Tu n'es pas à cette table."
    finally:
        monkeypatch.undo()
        catalogue.catalogues.cache_clear()
    assert i18n.languages() == ("fr", "en")


def test_a_client_locale_is_read_by_its_language() -> None:
    assert i18n.language_of(Locale.american_english) == i18n.language_of(Locale.british_english) == "en"
    assert i18n.language_of(Locale.french) == "fr"
    assert i18n.language_of(Locale.japanese) is None
