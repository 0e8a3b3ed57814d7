"""Options typed in /jouer, and the rules paginated into embeds."""

from __future__ import annotations

import pytest

from bot import rules_book
from bot.options import describe_options, option_choices, parse_options, typed_options
from bot.sessions import TableError
from bot.ui import ids
from tests.games.core.toy import GAME as TOY


def test_options_are_read_as_key_value_words() -> None:
    assert parse_options(TOY, "target=12 window_ms=500") == {"target": "12", "window_ms": "500"}
    assert parse_options(TOY, "  ") == {}
    assert TOY.options(parse_options(TOY, "target=12")).model_dump() == {"target": 12, "window_ms": 2000}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("cible=12", "option inconnue « cible » (options : target, window_ms)"),
        ("target", "« target » : attendu clé=valeur"),
        ("target='12", "No closing quotation"),
    ],
)
def test_bad_option_words_are_explained(text: str, said: str) -> None:
    with pytest.raises(TableError) as bad:
        parse_options(TOY, text)
    assert said in bad.value.text and bad.value.text.startswith("Options invalides pour Jouet")


def test_french_yes_and_no_are_understood() -> None:
    class Flags(TOY.options_model):  # type: ignore[misc, valid-type]
        strict: bool = True

    class FlagGame(type(TOY)):  # type: ignore[misc]
        options_model = Flags

    raw = parse_options(FlagGame(), "strict=non")
    assert raw == {"strict": "false"}
    assert Flags.model_validate(raw).strict is False
    # Typed words are understood in every language; each reader is offered their own.
    assert parse_options(FlagGame(), "strict=Yes") == {"strict": "true"}
    assert parse_options(FlagGame(), "strict=oui", "en") == {"strict": "true"}
    offered = {lang: [value for _, value in option_choices(FlagGame(), "strict=", lang=lang)] for lang in ("fr", "en")}
    assert offered == {"fr": ["strict=oui", "strict=non"], "en": ["strict=yes", "strict=no"]}


def test_options_are_listed_with_their_defaults() -> None:
    assert describe_options(TOY.options_model) == ["target=10 — points pour gagner", "window_ms=2000"]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", sorted(rules_book.FILES))
def test_every_rules_page_fits_an_embed_and_nothing_is_lost(game: str, lang: str) -> None:
    pages = rules_book.pages(game, lang)
    path = rules_book.path_of(game, lang)
    assert path.name.endswith(f".{lang}.txt")  # each game has its text in each language
    text = path.read_text(encoding="utf-8")
    assert all(0 < len(p) <= 4096 for p in pages)
    assert "".join(pages).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
    embed, view = rules_book.rules_page(game, 99, lang)
    assert embed.footer.text == f"Page {len(pages)} / {len(pages)}"
    assert len(embed) <= 6000
    if len(pages) > 1:
        previous, following = (item.to_component_dict() for item in view.children)  # type: ignore[attr-defined]
        # A button keeps its reader's language: the page it opens is in the same language.
        back, _ = rules_book.rules_page(game, ids.parse_rules_id(previous["custom_id"])[1])
        assert back.description == pages[len(pages) - 2]
        assert (previous.get("disabled", False), following["disabled"]) == (False, True)


def test_a_long_paragraph_is_cut_between_words() -> None:
    text = " ".join(f"mot{i}" for i in range(2000))
    pages = rules_book.paginate(text, 1000)
    assert all(len(p) <= 1000 for p in pages)
    assert " ".join(pages).split() == text.split()


def test_typed_choices_apply_only_to_games_that_have_them() -> None:
    assert typed_options(TOY, {"target": 12, "strict": None}) == {"target": 12}
    with pytest.raises(TableError) as bad:
        typed_options(TOY, {"strict": True})
    assert bad.value.text == "Options invalides pour Jouet : l'option « strict » n'existe pas pour ce jeu"
