"""A real discord.py bot against the emulator: slash commands, buttons, selects, modals, followups, refusals."""

from __future__ import annotations

import discord
import pytest

from emulator import EmulatorError
from emulator.running import running
from emulator.snowflake import snowflake_ms
from tests.emulator.conftest import World
from tests.emulator.sample_bot import SampleBot, picture

AT = 1_790_000_000_000  # a chosen moment, in Unix milliseconds


async def test_slash_answer_is_ephemeral_and_its_view_answers_clicks(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "salut")
        assert reply.content == "Salut Alice !"
        assert reply.ephemeral and reply.message is not None
        assert reply.message.visible_to == world.alice
        assert reply.message not in world.channel.visible_to(world.bob)
        assert reply.message.button_labels == ["Encore", "Plus tard"]
        click = await emu.click(reply.message, world.alice, label="Encore")
        assert click.response_type == 7
        assert reply.message.content == "Re-salut ×1"
        with pytest.raises(EmulatorError, match="cannot see"):
            await emu.click(reply.message, world.bob, label="Encore")
    emu.assert_no_violations()


async def test_a_click_carries_the_chosen_millisecond_to_created_at(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        table = await emu.slash(world.channel, world.alice, "compteur", at_ms=AT)
        assert snowflake_ms(table.id) == AT
        assert table.message is not None and table.message.content == "Compteur : 0"
        await emu.click(table.message, world.bob, "compteur:0", at_ms=AT + 1234)
        assert table.message.content == f"Compteur : 1 (clic à {AT + 1234})"
        assert table.message.button_labels == ["Compter (1)"]
    emu.assert_no_violations()


async def test_a_dynamic_item_button_still_works_after_the_bot_restarts(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        table = await emu.slash(world.channel, world.alice, "compteur")
    assert table.message is not None
    assert not emu.connected
    with pytest.raises(EmulatorError, match="no bot is connected"):
        await emu.click(table.message, world.alice, label="Compter (0)")
    async with running(SampleBot(), emu):
        click = await emu.click(table.message, world.alice, label="Compter (0)", at_ms=AT)
        assert click.response_type == 7
        assert table.message.content.startswith("Compteur : 1")
    emu.assert_no_violations()


async def test_a_select_picks_a_value_and_the_bot_edits_the_message(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        menu = await emu.slash(world.channel, world.carol, "jeu")
        assert menu.message is not None
        assert menu.message.selects[0].option_labels == ["culdechouette", "cabane", "chevre"]
        with pytest.raises(EmulatorError, match="not all among the options"):
            await emu.select(menu.message, world.carol, ["belote"])
        await emu.select(menu.message, world.carol, ["cabane"])
        assert menu.message.content == "Tu as choisi cabane"
        assert menu.message.components == []
    emu.assert_no_violations()


async def test_a_modal_is_opened_filled_and_answered(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        opened = await emu.slash(world.channel, world.alice, "nom")
        assert opened.response_type == 9 and opened.modal is not None
        assert opened.modal["title"] == "Ton nom"
        submitted = await emu.submit_modal(opened, {opened.modal["components"][0]["components"][0]["custom_id"]: "Perceval"})
        assert submitted.content == "Bienvenue Perceval !"
        assert not submitted.ephemeral
        assert world.channel.last_message.content == "Bienvenue Perceval !"
    emu.assert_no_violations()


async def test_options_reach_the_command_typed_and_resolved(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "lancer", {"des": "3", "joueur": world.bob})
        assert reply.content == "Bob lance 3 dés"
        with pytest.raises(EmulatorError, match="required"):
            await emu.slash(world.channel, world.alice, "lancer", {})
        with pytest.raises(EmulatorError, match="not registered"):
            await emu.slash(world.channel, world.alice, "inconnue")
    emu.assert_no_violations()


async def test_deferred_answer_then_followups_and_an_edit_of_the_original(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "suivi")
        assert reply.response_type == 5
        await emu.wait_until(lambda: reply.message is not None and reply.message.content == "Réponse corrigée")
        assert reply.message is not None and not reply.message.loading
        assert [m.content for m in reply.followups] == ["Et un second message"]
        assert reply.followups[0].visible_to == world.alice
        assert [m.content for m in world.channel.public_messages] == ["Réponse corrigée"]
    emu.assert_no_violations()


async def test_a_handler_slower_than_three_seconds_gets_unknown_interaction(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        late = await emu.slash(world.channel, world.alice, "attente", wait=False)
        emu.advance(3.2)
        bot.gate.set()
        await emu.wait_until(lambda: bot.errors)
        assert isinstance(bot.errors[0], discord.NotFound) and bot.errors[0].code == 10062
        assert late.errors == [10062] and not late.acknowledged
    assert [v.kind for v in emu.take_violations()] == ["unknown_interaction", "no_response"]
    emu.assert_no_violations()


async def test_followups_stop_working_fifteen_minutes_after_the_interaction(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        deferred = await emu.slash(world.channel, world.alice, "differe")
        assert deferred.response_type == 5
        emu.advance(15 * 60 + 1)
        bot.gate.set()
        await emu.wait_until(lambda: bot.errors)
        assert isinstance(bot.errors[0], discord.HTTPException) and bot.errors[0].code == 50027
    assert [v.kind for v in emu.take_violations()] == ["token_expired", "never_completed"]


async def test_two_running_copies_of_a_bot_answer_twice_and_discord_refuses_the_second(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu), running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "lancer", {"des": 2})
        await emu.wait_until(lambda: reply.errors)
        assert reply.errors == [40060]
        assert [m.content for m in world.channel.public_messages] == ["Alice lance 2 dés"]
    assert [v.kind for v in emu.take_violations()] == ["already_acknowledged"]


async def test_an_oversize_embed_is_refused_with_the_field_named(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        reply = await emu.slash(world.channel, world.alice, "gros")
        assert reply.content == "Les règles sont trop longues."
        error = bot.errors[0]
        assert isinstance(error, discord.HTTPException) and error.code == 50035
        assert "embeds.0.description" in str(error)
    refused = emu.take_violations("invalid_message")
    assert len(refused) == 1 and "4096" in refused[0].detail
    emu.assert_no_violations()


async def test_pictures_go_through_multipart_and_keep_their_bytes(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "image")
        assert reply.message is not None
        await emu.wait_until(lambda: reply.message is not None and reply.message.edits == 1)
        assert [a.filename for a in reply.message.attachments] == ["plateau2.png"]
        assert reply.message.attachment("plateau2.png").data == picture("blue")
        assert reply.message.content == "Le plateau"
    emu.assert_no_violations()


async def test_the_bot_reads_and_answers_channel_messages(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        said = await emu.send_message(world.channel, world.bob, "Sloubi 1")
        answer = await emu.wait_for_message(world.channel, lambda m: m.author == emu.bot_user, after=said.id)
        assert answer.content == "Sloubi 2"
    emu.assert_no_violations()


async def test_without_the_message_content_intent_the_bot_sees_empty_messages(world: World) -> None:
    emu = world.emu
    bot = SampleBot(message_content=False)
    async with running(bot, emu):
        await emu.send_message(world.channel, world.bob, "Sloubi 1")
        await emu.wait_until(lambda: bot.seen_messages)
        assert bot.seen_messages == [""]
    emu.assert_no_violations()


async def test_a_route_the_emulator_does_not_know_fails_the_test_loudly(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        await emu.slash(world.channel, world.alice, "reaction")
        await emu.wait_until(lambda: bot.errors)
    with pytest.raises(EmulatorError, match=r"unknown_route .*PUT .*/reactions/"):
        emu.assert_no_violations()


async def test_guild_commands_sync_and_are_found_by_name(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(guild=discord.Object(world.guild.id)), emu):
        assert "salut" in emu.command_names(world.guild)
        assert emu.commands.get(None) is None
        reply = await emu.slash(world.channel, world.alice, "salut")
        assert reply.content == "Salut Alice !"
    emu.assert_no_violations()


async def test_a_test_may_stop_waiting_early_without_blaming_a_bot_still_in_time(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        pending = await emu.slash(world.channel, world.alice, "attente", timeout=0.1)
        assert not pending.acknowledged
        bot.gate.set()
        await pending.wait_response()
        assert pending.content == "Trop tard ?"
    emu.assert_no_violations()


async def test_an_interaction_nobody_answers_in_three_seconds_is_reported(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        await emu.slash(world.channel, world.alice, "attente", wait=False)
        emu.advance(3.01)
        unanswered = emu.take_violations()
        assert [v.kind for v in unanswered] == ["no_response"]
        assert "Échec de l'interaction" in unanswered[0].detail
        bot.gate.set()
        await emu.wait_until(lambda: bot.errors)
    assert [v.kind for v in emu.take_violations()] == ["unknown_interaction"]


async def test_autocomplete_offers_the_bots_choices_as_the_user_types(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        choices = await emu.autocomplete(world.channel, world.alice, "partie", {"jeu": "ca"}, "jeu")
        assert [c["value"] for c in choices] == ["cabane", "barricade"]
        reply = await emu.slash(world.channel, world.alice, "partie", {"jeu": choices[0]["value"]})
        assert reply.content == "Partie de cabane"
    emu.assert_no_violations()


async def test_a_stale_button_reaches_the_bot_and_discord_py_drops_it_silently(world: World) -> None:
    """discord.py only calls a DynamicItem whose custom_id is in the message as it is now: a click on a
    stale button gets no answer, and the player sees « Échec de l'interaction ». The emulator says so."""
    emu = world.emu
    async with running(SampleBot(), emu):
        table = await emu.slash(world.channel, world.alice, "compteur")
        assert table.message is not None
        seen_by_bob = table.message.snapshot()
        await emu.click(table.message, world.alice, label="Compter (0)", at_ms=AT)
        assert table.message.button_labels == ["Compter (1)"]
        with pytest.raises(LookupError):
            table.message.button("Compter (0)")
        stale = await emu.click(seen_by_bob, world.bob, label="Compter (0)", at_ms=AT + 5, timeout=0.3)
        assert stale.payload["data"]["custom_id"] == "compteur:0"
        assert stale.payload["message"]["components"][0]["components"][0]["custom_id"] == "compteur:1"
        emu.advance(3.0)
        assert not stale.acknowledged
        assert table.message.content == f"Compteur : 1 (clic à {AT})"
    assert [v.kind for v in emu.take_violations()] == ["no_response"]


async def test_a_deferred_update_then_an_edit_of_the_original_changes_the_clicked_message(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "salut")
        assert reply.message is not None
        later = await emu.click(reply.message, world.alice, label="Plus tard")
        assert later.response_type == 6 and later.message is reply.message
        await emu.wait_until(lambda: reply.message is not None and reply.message.edits == 1)
        assert reply.message.content == "Salut, avec un peu de retard"
        assert reply.message.components == []
    emu.assert_no_violations()


async def test_channel_messages_are_fetched_and_deleted_and_original_responses_too(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        erased = await emu.slash(world.channel, world.alice, "efface")
        await emu.wait_until(lambda: erased.followups)
        assert erased.followups[0].content == "Effacé : « Ce message sera effacé »"
        assert erased.message is not None and erased.message.deleted
        forgotten = await emu.slash(world.channel, world.bob, "oubli")
        await emu.wait_until(lambda: forgotten.message is not None and forgotten.message.deleted)
        assert world.channel.public_messages == []
        routes = {(c.method, c.route) for c in emu.calls}
        assert ("GET", "/api/v10/channels/{channel_id}/messages/{message_id}") in routes
        assert ("DELETE", "/api/v10/channels/{channel_id}/messages/{message_id}") in routes
        assert ("DELETE", "/api/v10/webhooks/{app_id}/{token}/messages/{message_id}") in routes
    emu.assert_no_violations()


async def test_a_deferred_answer_never_completed_is_reported_once_the_bot_is_gone(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        thinking = await emu.slash(world.channel, world.alice, "songe")
        assert thinking.response_type == 5 and thinking.message is not None and thinking.message.loading
        emu.assert_no_violations()  # still connected: the answer may yet come
    assert [v.kind for v in emu.take_violations()] == ["never_completed"]


async def test_reading_helpers_find_what_each_player_sees(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        private = await emu.slash(world.channel, world.alice, "salut")
        table = await emu.slash(world.channel, world.bob, "compteur")
        assert emu.ephemeral_for(world.channel, world.alice) == [private.message]
        assert emu.ephemeral_for(world.channel, world.bob) == []
        assert emu.bot_messages(world.channel) == [private.message, table.message]
        assert emu.responses(world.channel) == [private, table]
        assert world.channel.messages_with_button("Compter (0)") == [table.message]
        click = await emu.click_label(world.channel, world.carol, "Compter (0)")
        assert click.message is table.message and table.message is not None
        assert table.message.shown().startswith("Compteur : 1")
        with pytest.raises(EmulatorError, match="no button 'Encore' visible to Carole"):
            await emu.click_label(world.channel, world.carol, "Encore")
        transcript = world.channel.transcript()
        assert "— Taverne (seulement pour Alice) :\nSalut Alice !\n   [Encore] [Plus tard]" in transcript
        assert "[Compter (1)]" in transcript
    emu.assert_no_violations()


async def test_an_embed_picture_must_be_among_the_messages_attachments(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu):
        shown = await emu.slash(world.channel, world.alice, "cadre", {"jointe": True})
        assert shown.message is not None and shown.message.embeds[0]["image"]["url"] == "attachment://plateau.png"
        emu.assert_no_violations()
        await emu.slash(world.channel, world.alice, "cadre", {"jointe": False})
    missing = emu.take_violations("missing_picture")
    assert len(missing) == 1 and "attachment://plateau.png" in missing[0].detail and "autre.png" in missing[0].detail
    emu.assert_no_violations()
