"""Every sentence a player reads, from gettext catalogues, in the reader's language (docs/I18N.md)."""

from .catalogue import SOURCE, catalogues, has, languages, placeholders, t, tn
from .games import GameWords, words_of

__all__ = ["SOURCE", "GameWords", "catalogues", "has", "languages", "placeholders", "t", "tn", "words_of"]
