"""Refusals name players as the table shows them (never by a Discord id); a form opens only for a
player who may use it, and its title and fields are in words, within Discord's 45 characters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.tables import presenter_for
from bot.tables.base import Presenter
from bot.ui.refusals import with_names
from games.cabane import GAME as CABANE
from games.chevre import GAME as CHEVRE
from games.chevre import deal_dice
from games.core import ActionSpec, ArgSpec, IllegalAction, registry
from games.culdechouette import GAME as CDC

from .ux_support import answer, click, manager_for, start_table

ALICE = "1576560887651635204"  # a real Discord id is this long
NAMES = {ALICE: "Alice", "222": "Bob", "333": "Chloé"}
# Alice holds the 1-1 and opens the round.
DEAL = [
    ["1-1", "0-2", "2-3", "3-5", "4-6", "0-5", "1-4"],
    ["2-2", "0-1", "1-3", "2-5", "3-6", "4-5", "0-6"],
    ["3-3", "1-2", "0-3", "1-6", "2-4", "5-6", "0-4"],
]


def modal_of(said: Any) -> discord.ui.Modal:
    assert said.kind == "modal", said
    modal: discord.ui.Modal = said.kwargs["modal"]
    return modal


def fields_of(modal: discord.ui.Modal) -> list[tuple[str, str, str | None]]:
    """Each field's label, custom_id (the argument it fills) and placeholder."""
    out = []
    for row in modal.to_components():
        for field in row["components"]:
            assert field["type"] == 4  # a text input
            out.append((field["label"], field["custom_id"], field.get("placeholder")))
    return out


async def test_out_of_turn_the_refusal_names_the_player_by_name(db_path: Path) -> None:
    async with manager_for(db_path, {"cabane": CABANE}) as manager:
        session, clicks, _ = await start_table(manager, "cabane", {ALICE: "Alice", "222": "Bob"}, seed=1)
        refused = answer(await click(clicks, session, "222", "Lancer les deux dés"))
        assert refused.kwargs["ephemeral"]
        assert refused.kwargs["content"] == "Ce n'est pas ton tour : c'est à Alice de lancer."


async def test_player_ids_in_any_refusal_become_names(db_path: Path) -> None:
    async with manager_for(db_path, {"cabane": CABANE}) as manager:
        session, _, _ = await start_table(manager, "cabane", {ALICE: "Alice", "222": "Bob"}, seed=1)
        error = IllegalAction("ordre", joueurs=[ALICE, "222"], joueur="222", valeur=5, tuile="2-5")
        assert with_names(session, error).params == {
            "joueurs": "Alice, Bob",
            "joueur": "Bob",
            "valeur": 5,
            "tuile": "2-5",
        }


async def test_a_form_opens_only_for_whoever_may_use_it(db_path: Path) -> None:
    async with manager_for(db_path, {"chevre": CHEVRE}) as manager:
        session, clicks, _ = await start_table(manager, "chevre", NAMES, loaded=deal_dice(DEAL), limite=13)

        bob = answer(await click(clicks, session, "222", "Poser un domino…"))
        assert (bob.kind, bob.kwargs["content"], bob.kwargs["ephemeral"]) == (
            "send",
            "Ce n'est pas ton tour.",
            True,
        )
        outsider = answer(await click(clicks, session, "444", "Poser un domino…"))
        assert outsider.kwargs["content"] == "Tu n'es pas à cette table."

        modal = modal_of(answer(await click(clicks, session, ALICE, "Poser un domino…")))
        assert modal.title == "Poser un domino"
        assert [(label, custom_id) for label, custom_id, _ in fields_of(modal)] == [
            ("Le domino, par exemple 2-5 (vois « Ma main »)", "tuile"),
            ("Le bout, quand les deux prennent ce domino", "cote"),
        ]


async def test_a_civet_form_is_in_the_players_words(db_path: Path) -> None:
    async with manager_for(db_path, {"culdechouette": CDC}) as manager:
        session, clicks, _ = await start_table(manager, "culdechouette", NAMES, loaded=[6, 5, 4])
        assert session.state is not None
        # Bob has the dice and a Civet to announce before his chouettes.
        session.state = session.state.model_copy(update={"current": 1, "civets": ["222"]})
        [ask] = [o for o in presenter_for(CDC).offers(session) if o.ask and o.action.kind == "civet"]
        button = presenter_for(CDC).offer_button(presenter_for(CDC).shown(session, None), ask)
        label = button.to_component_dict()["label"]

        refused = answer(await click(clicks, session, ALICE, label))
        assert refused.kwargs["content"] == "Ce n'est pas ton tour."
        modal = modal_of(answer(await click(clicks, session, "222", label)))
        assert modal.title == "Civet : la mise et la combinaison"
        [(stake, stake_id, stake_hint), (combination, combination_id, combination_hint)] = fields_of(modal)
        assert (stake, stake_id, stake_hint) == ("Mise (en points)", "mise", "de 1 à 102")
        assert (combination, combination_id) == ("Combinaison", "combinaison")
        assert (
            combination_hint is not None and "Chouette" in combination_hint and "Velute" in combination_hint
        )


def test_every_form_of_every_game_fits_discord_s_45_characters(db_path: Path) -> None:
    for name in sorted(registry.available()):
        game = registry.available()[name]
        presenter = presenter_for(game)
        for spec in game.vocabulary():
            if not spec.args:
                continue
            assert 0 < len(presenter.form_title(None, spec.kind)) <= 45, (name, spec.kind)  # type: ignore[arg-type]
            for arg in spec.args:
                label = presenter.field_label(None, spec.kind, arg)  # type: ignore[arg-type]
                assert 0 < len(label) <= 45 and label != arg.name, (name, spec.kind, label)


def test_a_long_help_is_cut_at_a_word_and_goes_whole_to_the_placeholder() -> None:
    presenter = Presenter(CABANE)
    long_help = "la case d'arrivée du pion, comptée depuis la sortie de la maison de départ"
    spec = ActionSpec(kind="avancer_le_pion_jusqu_a_la_case_choisie", help=long_help.capitalize() + ".")
    presenter.specs[spec.kind] = spec
    arg = ArgSpec(name="case", type="int", minimum=1, maximum=60, help=long_help)
    title = presenter.form_title(None, spec.kind)  # type: ignore[arg-type]
    assert title == "La case d'arrivée du pion, comptée depuis…"
    assert presenter.field_label(None, spec.kind, arg) == "Case"  # type: ignore[arg-type]
    assert presenter.field_hint(None, spec.kind, arg) == f"{long_help} — de 1 à 60"  # type: ignore[arg-type]
