"""A submitted form (modal) decoded against the rules: its action must be in the game's vocabulary,
its values are read by the one reader of typed values (bounds, players, choices in any language),
and a form from an earlier turn plays nothing. Every refusal is told privately to the player who
sent it, in their language, and leaves the table as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.sessions import Session, TableError
from bot.ui import ids
from bot.ui.table_ui import TableUI
from bot.words import table_error
from games.chevre import GAME as CHEVRE
from games.chevre import deal_dice
from games.culdechouette import GAME as CDC
from games.culdechouette.state import CIVET_MAX

from .test_clicks import Interaction
from .ux_support import CHANNEL, TABLE, answer, manager_for, now, start_table
from .wide import GAME as WIDE

ALICE, BOB = "111", "222"
NAMES = {ALICE: "Alice", BOB: "Bob"}
# Alice holds the 1-1 and opens the round; Bob has the 1-3, which fits on either end of it.
DEAL = [
    ["1-1", "0-2", "2-3", "3-5", "4-6", "0-5", "1-4"],
    ["2-2", "0-1", "1-3", "2-5", "3-6", "4-5", "0-6"],
]
ENGLISH = discord.Locale.british_english


async def submit(
    clicks: TableUI,
    session: Session,
    player: str,
    kind: str,
    fields: dict[str, str],
    *,
    turn: int | None = None,
    locale: discord.Locale | None = None,
    channel: int = CHANNEL,
) -> Interaction:
    """``player`` sends the form for ``kind`` (drawn at ``turn``: the table's turn by default)."""
    assert session.state is not None
    custom_id = ids.table_id("tvq", session.id, session.state.turn_no if turn is None else turn, kind)
    interaction = Interaction(int(player), now(), channel, TABLE)
    interaction.type = discord.InteractionType.modal_submit
    interaction.locale = locale  # type: ignore[attr-defined]
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
    interaction.data = {"custom_id": custom_id, "components": rows}
    await clicks.received(interaction)  # type: ignore[arg-type]
    return interaction


def refusal(interaction: Interaction) -> str:
    said = answer(interaction)
    assert said.kwargs.get("ephemeral"), said  # told to the sender alone
    return str(said.kwargs["content"])


def stored(session: Session) -> dict[str, Any]:
    assert session.state is not None
    return session.state.model_dump(mode="json")


async def test_a_form_for_an_action_the_game_does_not_have_plays_nothing(db_path: Path) -> None:
    async with manager_for(db_path, {"chevre": CHEVRE}) as manager:
        session, clicks, channel = await start_table(manager, "chevre", NAMES, loaded=deal_dice(DEAL))
        before, sent = stored(session), list(channel.sent)
        for kind in ("inconnu", "piocher"):  # not in the vocabulary; an action no form asks for
            said = refusal(await submit(clicks, session, ALICE, kind, {"tuile": "1-1"}))
            assert said.startswith("Ce bouton n'est pas reconnu : rien n'a été fait."), said
        english = refusal(await submit(clicks, session, ALICE, "inconnu", {"tuile": "1-1"}, locale=ENGLISH))
        assert english.startswith("This button is not recognised: nothing was done."), english
        # A good form naming this table, sent from another channel (a forged one): not this table's.
        elsewhere = refusal(await submit(clicks, session, ALICE, "poser", {"tuile": "1-1"}, channel=CHANNEL + 1))
        assert elsewhere.startswith(table_error("fr", TableError("closed"))), elsewhere
        assert stored(session) == before and channel.sent == sent


async def test_a_stake_out_of_its_bounds_is_refused_in_the_senders_words(db_path: Path) -> None:
    async with manager_for(db_path, {"culdechouette": CDC}) as manager:
        session, clicks, channel = await start_table(manager, "culdechouette", NAMES, loaded=[6, 5, 4])
        assert session.state is not None
        # Bob has the dice and a Civet to announce before his chouettes.
        session.state = session.state.model_copy(update={"current": 1, "civets": [BOB]})
        before, sent = stored(session), list(channel.sent)
        # A number out of bounds is told the bounds; a stake that is no single number, only its name.
        for stake in ("0", str(CIVET_MAX + 1)):
            said = refusal(await submit(clicks, session, BOB, "civet", {"mise": stake, "combinaison": "velute"}))
            assert said.startswith(f"Argument invalide : mise, un nombre de 1 à {CIVET_MAX}."), (stake, said)
        for stake in ("douze", "3 4"):
            said = refusal(await submit(clicks, session, BOB, "civet", {"mise": stake, "combinaison": "velute"}))
            assert said.startswith("Argument invalide : mise."), (stake, said)
        english = refusal(
            await submit(clicks, session, BOB, "civet", {"mise": "500", "combinaison": "velute"}, locale=ENGLISH)
        )
        assert english.startswith(f"Invalid argument: mise, a number from 1 to {CIVET_MAX}."), english
        unknown = refusal(await submit(clicks, session, BOB, "civet", {"mise": "5", "combinaison": "brelan"}))
        assert unknown.startswith("Argument invalide : combinaison."), unknown
        missing = refusal(await submit(clicks, session, BOB, "civet", {"mise": "5"}, locale=ENGLISH))
        assert missing.startswith("The argument “combinaison” is missing."), missing
        assert stored(session) == before and channel.sent == sent

        # Within bounds, the combination in any writing: the Civet is announced.
        played = await submit(clicks, session, BOB, "civet", {"mise": f" {CIVET_MAX} ", "combinaison": "Chouette-Velute"})
        assert refusal_free(played), played.said
        bet = session.state.civet_bet
        assert bet is not None and (bet.player, bet.stake, bet.combination) == (BOB, CIVET_MAX, "chouette_velute")


async def test_a_player_the_table_does_not_have_is_refused_and_one_it_has_is_found_by_name(db_path: Path) -> None:
    async with manager_for(db_path, {"wide": WIDE}) as manager:
        session, clicks, channel = await start_table(manager, "wide", {"1": "Anaïs", "2": "Jean-Luc"})
        before, sent = stored(session), list(channel.sent)
        for typed in ("Zoé", "<@3>", "3"):
            said = refusal(await submit(clicks, session, "1", "cibler", {"joueur": typed}))
            assert said.startswith("Ce joueur n'est pas à la table."), (typed, said)
        english = refusal(await submit(clicks, session, "1", "cibler", {"joueur": "Zoé"}, locale=ENGLISH))
        assert english.startswith("That player is not at the table."), english
        assert stored(session) == before and channel.sent == sent
        for typed in ("jean luc", "JEAN-LUC", "<@2>", "<@!2>"):
            assert refusal_free(await submit(clicks, session, "1", "cibler", {"joueur": typed})), typed
            assert session.rec.events[-1].data == {"joueur": "2"}, typed  # played, aimed at Jean-Luc


def refusal_free(interaction: Interaction) -> bool:
    """Nothing the sender was told is a refusal of the form's values."""
    words = ("pas à la table", "Argument invalide", "Il manque")
    return not any(w in str(s.kwargs.get("content")) for s in interaction.said for w in words)


async def test_a_form_from_an_earlier_turn_plays_nothing_even_when_its_values_are_good(db_path: Path) -> None:
    async with manager_for(db_path, {"chevre": CHEVRE}) as manager:
        session, clicks, channel = await start_table(manager, "chevre", NAMES, loaded=deal_dice(DEAL))
        assert session.state is not None
        opened_at = session.state.turn_no
        assert refusal_free(await submit(clicks, session, ALICE, "poser", {"tuile": "1-1"}))
        assert session.state.turn_no != opened_at
        before, sent = stored(session), list(channel.sent)
        # Bob's form was opened before Alice played: its tile would fit now, its turn is gone.
        stale = await submit(clicks, session, BOB, "poser", {"tuile": "1-3", "cote": "left"}, turn=opened_at)
        assert refusal(stale).startswith("Ce bouton date d'un tour précédent : rien n'a été fait."), stale.said
        bad = await submit(clicks, session, BOB, "poser", {"tuile": "1-3", "cote": "haut"}, turn=opened_at, locale=ENGLISH)
        assert refusal(bad).startswith("This button is from an earlier turn: nothing was done."), bad.said
        assert stored(session) == before and channel.sent == sent
        # The same form drawn now is played, its end said in English.
        assert refusal_free(await submit(clicks, session, BOB, "poser", {"tuile": "3-1", "cote": "Left"}))
        assert session.state.chain == [(3, 1), (1, 1)]  # type: ignore[attr-defined]
