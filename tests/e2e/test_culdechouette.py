"""Cul de chouette at a Taverne table, through Discord as the emulator plays it: the real bot, clicks only."""

from __future__ import annotations

import pytest

from emulator import Message
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.players import play_cul_de_chouette
from tests.e2e.table import act, open_table, scores, seat_and_start, table_message
from tests.e2e.tavern import Tavern

# Arthur, Perceval, Karadoc throw 1, 5, 6 for the order: Arthur starts.
ARTHUR_STARTS = [1, 5, 6]
CHOUETTE_VELUTE = [2, 2, 4]  # 2 + 2 = 4: the first to shout « Pas mou le caillou ! » wins 2 × 4² = 32
SUITE = [3, 4, 5]  # the last to shout « Grelotte ça picote ! » loses 10


def assert_won_at_343(table: Message) -> None:
    """The table shows the end: a winner at 343 or more, named with the trophy, and no game button."""
    shown = table.shown()
    assert "Partie terminée" in shown
    points = scores(table)
    winner = max(points, key=lambda name: points[name])
    assert points[winner] >= 343
    assert f"🏆 @{winner}" in shown
    assert [b for b in table.buttons if (b.custom_id or "").startswith("tv:")] == []


async def test_three_players_play_a_whole_game_by_clicks_only(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()  # a window nobody answers closes when the players move time, not after 1 s
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, options="shout_window_ms=1000")
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        clicks = await play_cul_de_chouette(emu, bot, tavern.channel, tavern.players)
        assert_won_at_343(lobby)
        assert clicks > 20
    emu.assert_no_violations()


@pytest.mark.both_databases  # restarts / stored data: see docs/SCALING.md
async def test_three_players_play_to_343_through_a_restart_of_the_bot(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()  # the 1 s windows nobody answers close when the players move time past them
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, options="shout_window_ms=1000 graine=7")
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        before = await play_cul_de_chouette(emu, bot, tavern.channel, tavern.players, stop_after=40)
        table = table_message(tavern.channel)
        points_before = scores(table)
    assert not emu.connected
    async with tavern.bot() as bot:
        # The same message, its buttons drawn before the restart, and the scores as they were.
        assert table_message(tavern.channel) is table
        assert scores(table) == points_before
        after = await play_cul_de_chouette(emu, bot, tavern.channel, tavern.players)
        assert_won_at_343(table)
        assert before == 40 and after > 0
    emu.assert_no_violations()


async def arthur_has_thrown(tavern: Tavern) -> Message:
    """Arthur opens the table, Perceval and Karadoc sit, Arthur throws the chouettes, then the cul."""
    lobby = await open_table(tavern.emu, tavern.channel, tavern.arthur)
    await seat_and_start(tavern.emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
    for _ in range(2):
        await act(tavern.emu, table_message(tavern.channel), tavern.arthur, "lancer")
    return table_message(tavern.channel)


async def test_pas_mou_le_caillou_the_first_to_shout_wins_the_points(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}):
        table = await arthur_has_thrown(tavern)
        assert "Chouette-Velute de 4" in table.text()
        t = emu.now_ms()
        # Arrival order is not shout order: each click's own time decides.
        await act(emu, table, tavern.arthur, "pas_mou_le_caillou", at_ms=t + 900)
        await act(emu, table, tavern.karadoc, "pas_mou_le_caillou", at_ms=t + 700)
        await act(emu, table, tavern.perceval, "pas_mou_le_caillou", at_ms=t + 300)
        assert scores(table) == {"Arthur": 0, "Perceval": 32, "Karadoc": 0}
        assert "Perceval a crié « Pas mou le caillou ! » le premier" in table.text()
    emu.assert_no_violations()


async def test_pas_mou_le_caillou_shouted_together_costs_both_the_points(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}):
        table = await arthur_has_thrown(tavern)
        t = emu.now_ms()
        await act(emu, table, tavern.perceval, "pas_mou_le_caillou", at_ms=t + 300)
        await act(emu, table, tavern.karadoc, "pas_mou_le_caillou", at_ms=t + 420)  # within 150 ms: a tie
        await act(emu, table, tavern.arthur, "pas_mou_le_caillou", at_ms=t + 900)
        assert scores(table) == {"Arthur": 0, "Perceval": -32, "Karadoc": -32}
    emu.assert_no_violations()


async def test_grelotte_ca_picote_the_last_to_shout_loses_ten(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + SUITE)}):
        table = await arthur_has_thrown(tavern)
        assert "Suite" in table.text()
        t = emu.now_ms()
        await act(emu, table, tavern.karadoc, "grelotte_ca_picote", at_ms=t + 800)
        await act(emu, table, tavern.arthur, "grelotte_ca_picote", at_ms=t + 200)
        await act(emu, table, tavern.perceval, "grelotte_ca_picote", at_ms=t + 500)
        assert scores(table) == {"Arthur": 0, "Perceval": 0, "Karadoc": -10}
    emu.assert_no_violations()


async def test_a_tie_for_last_is_settled_by_sans_fin_then_by_the_dice(tavern: Tavern) -> None:
    emu = tavern.emu
    # After the Suite, the dice tie-break throws one die each: Perceval 6, Karadoc 2 — the highest loses.
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + SUITE + [6, 2])}):
        table = await arthur_has_thrown(tavern)
        t = emu.now_ms()
        await act(emu, table, tavern.arthur, "grelotte_ca_picote", at_ms=t + 200)
        await act(emu, table, tavern.perceval, "grelotte_ca_picote", at_ms=t + 700)
        await act(emu, table, tavern.karadoc, "grelotte_ca_picote", at_ms=t + 750)
        # Perceval and Karadoc were last together: only they may shout the tie-break.
        table = table_message(tavern.channel)
        assert scores(table) == {"Arthur": 0, "Perceval": 0, "Karadoc": 0}
        await act(emu, table, tavern.perceval, "sans_fin", at_ms=t + 1500)
        await act(emu, table, tavern.karadoc, "sans_fin", at_ms=t + 1600)  # together again
        assert scores(table) == {"Arthur": 0, "Perceval": -10, "Karadoc": 0}
    emu.assert_no_violations()


NEANT = [1, 3, 6]  # nothing: the round goes on


async def play_first_round(tavern: Tavern) -> None:
    """Arthur's Chouette-Velute (Perceval shouts first: +32), then two Néants: the round ends."""
    emu = tavern.emu
    table, t = await arthur_has_thrown(tavern), emu.now_ms()
    for n, player in enumerate([tavern.perceval, tavern.karadoc, tavern.arthur]):
        await act(emu, table, player, "pas_mou_le_caillou", at_ms=t + 300 * (n + 1))
    for player in (tavern.perceval, tavern.karadoc):
        for _ in range(2):
            await act(emu, table_message(tavern.channel), player, "lancer")
    assert "Fin de la manche 1" in table_message(tavern.channel).text()


async def test_an_outsider_joins_by_singing_the_sloubi_in_the_channel(tavern: Tavern) -> None:
    emu = tavern.emu
    dice = ARTHUR_STARTS + CHOUETTE_VELUTE + NEANT + NEANT
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(dice)}):
        await play_first_round(tavern)
        table = table_message(tavern.channel)
        # (32 − 0) × 1 round // 10 = 3: Léodagan enters with 3 and sings up to « Sloubi 3 ».
        joined = await act(emu, table, tavern.outsider, "chante_sloubi")
        assert not joined.ephemeral
        t = emu.now_ms()
        for n in (1, 2, 3):
            await emu.send_message(tavern.channel, tavern.outsider, f"Sloubi {n}", at_ms=t + 1000 * n)
        # A song sung to the end is worth half as much again: 3 × 3 // 2 = 4.
        await emu.wait_until(
            lambda: scores(table_message(tavern.channel)).get("Léodagan") == 4, what="the song"
        )
        assert scores(table_message(tavern.channel)) == {
            "Arthur": 0,
            "Perceval": 32,
            "Karadoc": 0,
            "Léodagan": 4,
        }
    emu.assert_no_violations()


async def test_a_wrong_couplet_ends_the_song_with_a_bevue(tavern: Tavern) -> None:
    emu = tavern.emu
    dice = ARTHUR_STARTS + CHOUETTE_VELUTE + NEANT + NEANT
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(dice)}):
        await play_first_round(tavern)
        await act(emu, table_message(tavern.channel), tavern.outsider, "chante_sloubi")
        await emu.send_message(tavern.channel, tavern.outsider, "Sloubi 1")
        await emu.send_message(tavern.channel, tavern.outsider, "Sloubi 3")
        await emu.wait_until(
            lambda: scores(table_message(tavern.channel)).get("Léodagan") == 3 - 10, what="the Bévue"
        )
        assert "Bévue" in table_message(tavern.channel).text()
    emu.assert_no_violations()


CHOUETTE_DE_3 = [3, 3, 5]


async def sirote(tavern: Tavern) -> None:
    """Arthur's Chouette de 3, « Je sirote ! », Perceval bets (Beau-Sirop), Karadoc does not, the die."""
    emu = tavern.emu
    assert "Chouette de 3" in (await arthur_has_thrown(tavern)).text()
    await act(emu, table_message(tavern.channel), tavern.arthur, "siroter")
    await act(emu, table_message(tavern.channel), tavern.perceval, "beau_sirop")
    await act(emu, table_message(tavern.channel), tavern.karadoc, "couche_sirop")
    await act(emu, table_message(tavern.channel), tavern.arthur, "lancer")


async def test_a_sirop_that_makes_the_cul_de_chouette_and_the_winning_bet_collected(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_DE_3 + [3])}):
        await sirote(tavern)
        table = table_message(tavern.channel)
        # Three 3s: a Cul de chouette of 3 is 40 + 10 × 3 = 70.
        assert scores(table) == {"Arthur": 70, "Perceval": 0, "Karadoc": 0}
        await act(emu, table, tavern.perceval, "sirop_gagnant")
        assert scores(table_message(tavern.channel)) == {"Arthur": 70, "Perceval": 25, "Karadoc": 0}
    emu.assert_no_violations()


async def test_a_sirop_missed_costs_the_thrower_and_the_bettor(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_DE_3 + [2])}):
        await sirote(tavern)
        # The thrower loses the square of the Chouette (9), the Beau-Sirop its stake (5).
        assert scores(table_message(tavern.channel)) == {"Arthur": -9, "Perceval": -5, "Karadoc": 0}
    emu.assert_no_violations()


async def test_a_bird_bet_won_on_the_siroted_die_is_collected_by_sirop_gagnant(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_DE_3 + [5])}):
        assert "Chouette de 3" in (await arthur_has_thrown(tavern)).text()
        await act(emu, table_message(tavern.channel), tavern.arthur, "siroter")
        table = table_message(tavern.channel)
        # The birds of the other values are bets; the Fauvette (3) would be a Bévue and is not offered.
        assert "Fauvette ! (3)" not in table.button_labels
        await emu.click(table, tavern.perceval, label="Bergeronnette ! (5)")
        await act(emu, table_message(tavern.channel), tavern.karadoc, "beau_sirop")
        assert "Perceval : « Bergeronnette ! » (5 points sur le 5)" in table_message(tavern.channel).text()
        await act(emu, table_message(tavern.channel), tavern.arthur, "lancer")
        table = table_message(tavern.channel)
        # 3-3-5 again: the sirotage fails (−9), the Beau-Sirop loses its 5, the bird wins.
        assert scores(table) == {"Arthur": -9, "Perceval": 0, "Karadoc": -5}
        assert "Perceval gagne son pari « Bergeronnette ! » sur le 5" in table.text()
        await act(emu, table, tavern.perceval, "sirop_gagnant")
        assert scores(table_message(tavern.channel)) == {"Arthur": -9, "Perceval": 25, "Karadoc": -5}
    emu.assert_no_violations()
