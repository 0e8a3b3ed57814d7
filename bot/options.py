"""Game options typed in /jouer as ``clé=valeur`` words, checked against the game's options model."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal, get_args, get_origin

import annotated_types
from pydantic import BaseModel, ValidationError

from games.core import Game
from speech import words_of

from .i18n import languages, t
from .sessions import TableError
from .ui.components import clip

# Typed words for a yes/no option beside pydantic's own (true/false, yes/no, 1/0…): every language's
# ``options.yes`` / ``options.no`` is read, whatever the reader's language.
_WORDS = {"vrai": "true", "faux": "false"}


def yes_no(lang: str) -> list[str]:
    """The words a yes/no option offers in ``lang``: « oui », « non »; “yes”, “no”."""
    return [t(lang, "options.yes"), t(lang, "options.no")]


def _typed(value: str) -> str:
    """A typed value as the options model reads it: a yes or a no in any language as true or false."""
    word = value.strip()
    for lang in languages():
        yes, no = (w.lower() for w in yes_no(lang))
        if word.lower() in (yes, no):
            return "true" if word.lower() == yes else "false"
    return _WORDS.get(word.lower(), word)

# A refusal quotes what was typed up to this many characters: enough to recognise it, never enough
# to push the answer past Discord's limit (a string option may hold 6000 characters).
QUOTED_MAX = 40


def quoted(value: Any) -> str:
    return clip(str(value), QUOTED_MAX)


def parse_options(game: Game[Any], text: str | None, lang: str = "fr") -> dict[str, Any]:
    """``negatives=false strict=oui`` into raw values; unknown keys and broken words are refused
    here, bad values by the game's options model when the table opens."""
    if not text or not text.strip():
        return {}
    fields = game.options_model.model_fields
    try:
        words = shlex.split(text.replace(",", " "))
    except ValueError as error:
        raise TableError("bad_options", game=game.title, detail=quoted(error)) from None
    out: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key = key.strip()
        if not sep or not key:
            raise TableError("bad_options", game=game.title, detail=t(lang, "options.not_key_value", word=quoted(word)))
        if key not in fields:
            known = ", ".join(fields) or t(lang, "config.none")
            raise TableError(
                "bad_options", game=game.title, detail=t(lang, "options.unknown", key=quoted(key), known=known)
            )
        out[key] = _typed(value)
    return out


def describe_options(model: type[BaseModel], described: Callable[[str], str] | None = None) -> list[str]:
    """``clé=défaut — description`` for each option (autocomplete and /aide); ``described`` gives an
    option's description in the reader's words (the game's, ``words_of(game).option_help``)."""
    out = []
    for key, field in model.model_fields.items():
        default = field.default
        shown = ("true" if default else "false") if isinstance(default, bool) else default
        line = f"{key}={shown}"
        description = described(key) if described is not None else field.description
        if description:
            line += f" — {description}"
        out.append(line)
    return out


def typed_options(game: Game[Any], chosen: dict[str, Any], lang: str = "fr") -> dict[str, Any]:
    """The typed /jouer choices that were set, refused when this game has no such option."""
    fields = game.options_model.model_fields
    out: dict[str, Any] = {}
    for key, value in chosen.items():
        if value is None:
            continue
        if key not in fields:
            raise TableError("bad_options", game=game.title, detail=t(lang, "options.not_for_this_game", key=key))
        out[key] = value
    return out


# --- the seed, possible values, and refusals in the players' words ---------------------------------

SEED = "graine"
SEED_MAX = 2**63 - 1


@dataclass
class TableOptions:
    """What /jouer read: the game's options (raw) and the dice seed, when one was chosen."""

    options: dict[str, Any]
    seed: int | None = None


def read_table_options(game: Game[Any], text: str | None, lang: str = "fr") -> TableOptions:
    """``graine=<n>`` (any game: replays the same dice) and the game's own ``clé=valeur`` words."""
    seed: int | None = None
    rest = []
    for word in (text or "").replace(",", " ").split():
        key, sep, value = word.partition("=")
        if sep and key.strip().lower() == SEED:
            try:
                seed = int(value.strip())
            except ValueError:
                seed = -1
            if not 0 <= seed <= SEED_MAX:
                detail = t(lang, "options.bad_seed", word=quoted(word))
                raise TableError("bad_options", game=game.title, detail=detail)
        else:
            rest.append(word)
    return TableOptions(parse_options(game, " ".join(rest), lang), seed)


@dataclass
class OptionValues:
    """What one option accepts: a few words to pick from, or a range of numbers."""

    key: str
    default: Any
    words: list[str]
    low: int | float | None = None
    high: int | float | None = None
    description: str = ""

    def hint(self, lang: str = "fr") -> str:
        if self.words and self.low is None:
            return " / ".join(self.words)
        if self.low is not None and self.high is not None:
            return f"{_number(self.low)} … {_number(self.high)}"
        if self.low is not None:
            return f"≥ {_number(self.low)}"
        return t(lang, "options.number") if self.high is not None else ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def option_values(
    model: type[BaseModel], described: Callable[[str], str] | None = None, lang: str = "fr"
) -> list[OptionValues]:
    out = []
    for key, field in model.model_fields.items():
        annotation = field.annotation
        words: list[str] = []
        low: int | float | None = None
        high: int | float | None = None
        if annotation is bool:
            words = yes_no(lang)
        elif get_origin(annotation) is Literal:
            words = [str(v) for v in get_args(annotation)]
        else:
            for rule in field.metadata:
                bound = getattr(rule, "ge", getattr(rule, "gt", getattr(rule, "le", getattr(rule, "lt", None))))
                if not isinstance(bound, int | float):
                    continue
                # A strict bound on whole numbers is the next whole number.
                step = 1 if annotation is int else 0
                if isinstance(rule, annotated_types.Ge):
                    low = bound
                elif isinstance(rule, annotated_types.Gt):
                    low = bound + step
                elif isinstance(rule, annotated_types.Le):
                    high = bound
                elif isinstance(rule, annotated_types.Lt):
                    high = bound - step
            if annotation is int and low is not None and high is not None and high - low < 10:
                words = [str(n) for n in range(int(low), int(high) + 1)]
        description = described(key) if described is not None else field.description
        out.append(OptionValues(key, field.default, words, low, high, description or ""))
    return out


def shown_value(value: Any, lang: str) -> str:
    """An option's value as the reader would type it (a yes/no in their words)."""
    return yes_no(lang)[0 if value else 1] if isinstance(value, bool) else str(value)


def option_choices(game: Game[Any], current: str, *, seed: bool = True, lang: str = "fr") -> list[tuple[str, str]]:
    """(label, value) pairs for the autocomplete of ``options``: what was typed, completed with each
    possible value of the option being typed (``mode=bataille``, ``mode=deux_des``, ``cible=3`` … ``7``),
    or with every option not typed yet. At most 25, labels and values within Discord's 100 characters."""
    done, _, last = current.rpartition(" ")
    typed = {w.partition("=")[0].strip().lower() for w in done.split()}
    key, sep, partial = last.partition("=")
    key = key.strip().lower()
    specs = option_values(game.options_model, lambda key: words_of(game).option_help(key, lang), lang)
    if seed:
        specs.append(OptionValues(SEED, None, [], 0, None, t(lang, "options.seed_note")))
    out: list[tuple[str, str]] = []

    def offer(word: str, note: str) -> None:
        value = f"{done} {word}".strip()
        if len(value) <= 100:
            out.append((clip(f"{value}  ({note})" if note else value, 100), value))

    for spec in specs:
        if spec.key in typed:
            continue
        if sep and spec.key == key:
            if spec.words:
                for word in spec.words:
                    if word.startswith(partial.strip().lower()):
                        default = f" ({t(lang, 'options.default')})" if shown_value(spec.default, lang) == word else ""
                        offer(f"{spec.key}={word}", f"{spec.description}{default}".strip())
                continue
            typed_number = partial.strip()
            if typed_number:
                offer(f"{spec.key}={typed_number}", spec.hint(lang))
            elif spec.default is not None:
                offer(f"{spec.key}={shown_value(spec.default, lang)}", t(lang, "options.default_note", hint=spec.hint(lang)))
            else:
                offer(f"{spec.key}=1234", t(lang, "options.free_note", hint=spec.hint(lang), description=spec.description))
        elif not sep and spec.key.startswith(key):
            if spec.words:
                for word in spec.words:
                    default = f" ({t(lang, 'options.default')})" if shown_value(spec.default, lang) == word else ""
                    offer(f"{spec.key}={word}", f"{spec.description}{default}".strip())
            elif spec.default is not None:
                offer(f"{spec.key}={shown_value(spec.default, lang)}", t(lang, "options.default_note_described", hint=spec.hint(lang), description=spec.description).strip(" ;"))
            else:
                offer(f"{spec.key}=1234", t(lang, "options.free_note", hint=spec.hint(lang), description=spec.description))
    return out[:25]


def check_options(game: Game[Any], raw: dict[str, Any], lang: str = "fr") -> dict[str, Any]:
    """The options as the game will take them, or a refusal naming each bad value and what the
    option accepts, in the players' language (never pydantic's English sentences)."""
    try:
        return dict(game.options(raw).model_dump(mode="json"))
    except ValidationError as error:
        specs = {s.key: s for s in option_values(game.options_model, partial(words_of(game).option_help, lang=lang), lang)}
        parts = []
        for item in error.errors():
            key = quoted(item.get("loc", ("?",))[0])
            spec = specs.get(key)
            value = quoted(raw.get(key, item.get("input")))
            kind = str(item.get("type", ""))
            if spec is None:
                parts.append(t(lang, "options.refusal", key=key, text=t(lang, "options.other", value=value, hint="?")))
                continue
            if kind == "literal_error":
                text = t(lang, "options.literal", value=value, words=", ".join(spec.words))
            elif kind == "bool_parsing" or spec.words == yes_no(lang):
                text = t(lang, "options.bool", value=value)
            elif kind.endswith("_parsing") or kind.endswith("_type"):
                text = t(lang, "options.expects_number", value=value, hint=spec.hint(lang))
            elif kind in {"greater_than_equal", "greater_than", "less_than_equal", "less_than"}:
                low, high = (_number(x) if x is not None else "…" for x in (spec.low, spec.high))
                text = t(lang, "options.range", value=value, low=low, high=high)
            else:
                text = t(lang, "options.other", value=value, hint=spec.hint(lang))
            parts.append(t(lang, "options.refusal", key=key, text=text))
        raise TableError("bad_options", game=game.title, detail=t(lang, "options.separator").join(parts)) from None
