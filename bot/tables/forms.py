"""The words of a form (modal) that asks a player for free numbers or words: its title, its fields'
labels and hints, within Discord's limits. What a form asks (its fields) and how it is read are the
rules' (the game's vocabulary): ``bot.ui.forms``."""

from __future__ import annotations

from typing import Any

from games.core import ActionSpec, ArgSpec, Game
from speech import SOURCE, t, words_of

from ..sessions import Session
from ..ui.components import clip, fit

# Discord's limits on a form (modal): its title and each field's label; a field's placeholder.
TITLE_MAX = 45
FIELD_LABEL_MAX = 45
PLACEHOLDER_MAX = 100


class FormWords:
    """Part of every presenter (``Presenter``): the words of a form, never what it asks. A form is
    read by the player who opened it alone: ``lang`` is theirs (their client's, else the server's)."""

    game: Game[Any]
    specs: dict[str, ActionSpec]

    def form_title(self, session: Session, kind: str, lang: str = SOURCE) -> str:
        """The form's title: the action's help, cut at a word to Discord's 45 characters."""
        spec = self.specs.get(kind)
        text = words_of(self.game).action_help(spec, lang).rstrip(" .") if spec else ""
        return fit(text or kind.replace("_", " ").capitalize(), TITLE_MAX)

    def argument_help(self, kind: str, arg: ArgSpec, lang: str) -> str:
        """An argument's help in ``lang``, on one line (a form's field may carry its own)."""
        spec = self.specs.get(kind)
        text = words_of(self.game).argument_help(spec, arg, lang) if spec is not None else arg.help
        return " ".join(text.split())

    def field_label(self, session: Session, kind: str, arg: ArgSpec, lang: str = SOURCE) -> str:
        """A form field's label: the argument's help when it is short enough to be one, else its
        name in words (the help then goes to the placeholder). Discord allows 45 characters."""
        help_text = self.argument_help(kind, arg, lang)
        if help_text and len(help_text) <= FIELD_LABEL_MAX:
            return help_text[0].upper() + help_text[1:]
        return fit(arg.name.replace("_", " ").capitalize(), FIELD_LABEL_MAX)

    def field_hint(self, session: Session, kind: str, arg: ArgSpec, lang: str = SOURCE) -> str:
        """A form field's placeholder: the help the label could not hold, the range or the choices."""
        parts = []
        help_text = self.argument_help(kind, arg, lang)
        if help_text and self.field_label(session, kind, arg, lang) != help_text[0].upper() + help_text[1:]:
            parts.append(help_text)
        if arg.minimum is not None and arg.maximum is not None:
            parts.append(t(lang, "form.range", low=arg.minimum, high=arg.maximum))
        elif arg.minimum is not None:
            parts.append(t(lang, "form.at_least", low=arg.minimum))
        elif arg.choices and not help_text:
            parts.append(" / ".join(arg.choices))
        if arg.type == "ints":
            parts.append(t(lang, "form.several_numbers"))
        return clip(" — ".join(parts), PLACEHOLDER_MAX)
