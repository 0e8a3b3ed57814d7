"""Everything but the game itself, on an English server with English clients: /aide, /regles to the
last page of every game, /scores, /stats, /config (its summary and its refusals), /jouer's refusals,
the lobby (its buttons, its robot selects, its refusals), /abandonner. No answer, private or public,
has a French line but the game words; and a French client on that server still reads his own private
answers in French (issue 19: « Done when »)."""

from __future__ import annotations

from emulator import InteractionRecord, Message
from tests.e2e.table import open_table
from tests.e2e.tavern import Tavern
from tests.french import french_lines

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]
# The lobby's and the table's French buttons, and the words /config takes in French.
FRENCH_NAMES = ("Rejoindre", "Commencer", "Quitter", "Mon jeu", "Ajouter un robot", "partout", "aucune")


def words(message: Message | None) -> str:
    """What a reader sees of a message: its text, its buttons' labels, its selects' options."""
    if message is None:
        return ""
    labels = [b.label or "" for b in message.buttons]
    for select in message.selects:
        labels += [select.raw.get("placeholder") or "", *select.option_labels]
    return "\n".join([message.text(), *labels])


class Seen:
    """Each answer's words, as the player saw them when it came."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, answer: InteractionRecord) -> InteractionRecord:
        assert not answer.errors, answer.errors
        self.texts.append(words(answer.message))
        self.texts += [words(m) for m in answer.followups]
        if answer.modal is not None:
            self.texts.append(str(answer.modal))
        return answer

    def french(self) -> list[str]:
        return sorted({line for text in self.texts for line in french_lines(text)})


def lobby_id(lobby: Message, what: str) -> str:
    return next(c.custom_id for c in [*lobby.buttons, *lobby.selects] if (c.custom_id or "").endswith(f":{what}"))


async def test_every_command_and_the_lobby_speak_english_to_an_english_group(tavern: Tavern) -> None:
    emu = tavern.emu
    emu.freeze_clock()
    for player in (*tavern.players, emu.owner):
        player.locale = "en-US"
    arthur, perceval = tavern.arthur, tavern.perceval
    seen = Seen()
    async with tavern.bot():
        channel = tavern.channel
        seen.add(await emu.slash(channel, emu.owner, "config", {"langue": "en"}))
        seen.add(await emu.slash(channel, emu.owner, "config"))
        seen.add(await emu.slash(channel, emu.owner, "config", {"salons": "#nowhere"}))
        seen.add(await emu.slash(channel, emu.owner, "config", {"jeu": "cabane", "options": "mode=nope"}))
        seen.add(await emu.slash(channel, arthur, "config"))  # not an admin
        # A French « non » typed by the admin is read, and shown in the reader's words.
        saved = seen.add(await emu.slash(channel, emu.owner, "config", {"jeu": "culdechouette", "options": "strict=non"}))
        assert "`strict=no`" in words(saved.message)
        for game in GAMES:
            offered = await emu.autocomplete(channel, arthur, "jouer", {"jeu": game, "options": ""}, "options")
            seen.texts.append("\n".join(c["name"] for c in offered))
        seen.add(await emu.slash(channel, arthur, "aide"))
        for game in GAMES:
            book = seen.add(await emu.slash(channel, arthur, "regles", {"jeu": game})).message
            assert book is not None
            while book.buttons and not book.button("▶").disabled:
                seen.add(await emu.click(book, arthur, label="▶"))
        seen.add(await emu.slash(channel, arthur, "scores"))  # no table yet
        seen.add(await emu.slash(channel, arthur, "stats"))
        seen.add(await emu.slash(channel, arthur, "stats", {"joueur": perceval}))
        seen.add(await emu.slash(channel, arthur, "abandonner"))  # no table
        seen.add(await emu.slash(channel, arthur, "jouer", {"jeu": "chevre", "options": "limite=5"}))
        seen.add(await emu.slash(channel, arthur, "jouer", {"jeu": "cabane", "delai": 0}))

        lobby = await open_table(emu, channel, arthur, "culdechouette")
        seen.texts.append(words(lobby))
        seen.add(await emu.slash(channel, perceval, "jouer", {"jeu": "cabane"}))  # a table is open here
        seen.add(await emu.click(lobby, perceval, lobby_id(lobby, "join")))
        seen.add(await emu.click(lobby, perceval, lobby_id(lobby, "start")))  # not the host
        seen.add(await emu.click(lobby, perceval, lobby_id(lobby, "join")))  # already seated
        seen.add(await emu.select(lobby, arthur, ["debutant"], custom_id=lobby_id(lobby, "robot")))
        seen.texts.append(words(lobby))
        seen.add(await emu.select(lobby, perceval, ["debutant"], custom_id=lobby_id(lobby, "robot")))  # not the host
        seen.add(await emu.slash(channel, perceval, "scores"))
        seen.add(await emu.slash(channel, perceval, "abandonner"))  # not the host
        seen.add(await emu.click(lobby, perceval, lobby_id(lobby, "leave")))
        seen.add(await emu.click(lobby, arthur, lobby_id(lobby, "join")))
        seen.add(await emu.click(lobby, arthur, lobby_id(lobby, "start")))
        seen.texts += [words(m) for m in channel.public_messages]
        seen.add(await emu.slash(channel, arthur, "scores"))
        seen.add(await emu.slash(channel, arthur, "abandonner"))
        seen.texts += [words(m) for m in channel.public_messages]
        assert any("Abandon" in text or "abandon" in text for text in seen.texts)
        assert seen.french() == []
        # The French names of buttons and typed words are no prose, so the scan lets them be: the
        # English answers name the English ones.
        assert not [w for w in FRENCH_NAMES for text in seen.texts if w in text]
        english_help = next(text for text in seen.texts if text.startswith("Taverne — help"))
        assert "everyone clicks *Join*; the host clicks *Start*" in english_help

        # A French client on that English server reads his own private answers in French.
        tavern.karadoc.locale = "fr"
        help_fr = await emu.slash(channel, tavern.karadoc, "aide")
        scores_fr = await emu.slash(channel, tavern.karadoc, "scores")
        assert help_fr.content.startswith("Taverne — aide")
        assert scores_fr.content == "Aucune table n'est ouverte dans ce salon. Ouvre-en une avec /jouer."
        # A client in a language without a catalogue reads the server's.
        tavern.karadoc.locale = "ja"
        scores_ja = await emu.slash(channel, tavern.karadoc, "scores")
        assert scores_ja.content == "No table is open in this channel. Open one with /play."
    emu.assert_no_violations()
