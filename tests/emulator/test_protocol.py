"""The gateway and REST conversation itself: login, READY and the guild cache, heartbeats, reconnects, rate limits."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from emulator import Emulator, pointed_at
from emulator.running import running
from tests.emulator.conftest import World, make_world
from tests.emulator.sample_bot import SampleBot


async def test_on_ready_finds_the_guild_its_channels_roles_and_members(world: World) -> None:
    emu = world.emu
    arbitre = world.guild.add_role("Arbitre", permissions=1 << 5)
    dave = emu.add_user("Dave")
    world.guild.add_member(dave, roles=(arbitre,))
    bot = SampleBot(members=True)
    async with running(bot, emu) as session:
        await asyncio.wait_for(bot.ready_seen.wait(), 3)
        guild = bot.get_guild(world.guild.id)
        assert guild is not None and guild.name == "La Taverne"
        assert [c.name for c in guild.text_channels] == ["jeux"]
        assert {m.display_name for m in guild.members} >= {"Alice", "Bob", "Carole", "Dave", "Taverne"}
        member = guild.get_member(dave.id)
        assert member is not None and [r.name for r in member.roles] == ["@everyone", "Arbitre"]
        assert guild.chunked
        assert session.wants(1 << 1)
    emu.assert_no_violations()


async def test_the_gateway_speaks_zlib_stream_and_acknowledges_heartbeats() -> None:
    async with Emulator(heartbeat_interval_ms=50) as emu:
        with pointed_at(emu):
            world = make_world(emu)
            bot = SampleBot()
            async with running(bot, emu) as session:
                assert session.compressed
                await emu.wait_until(lambda: session.heartbeats >= 3, 3)
                assert bot.latency < 1
                reply = await emu.slash(world.channel, world.alice, "salut")
                assert reply.content == "Salut Alice !"
    emu.assert_no_violations()


async def test_after_a_dropped_connection_discord_py_resumes_and_keeps_working(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu) as first:
        await emu.disconnect_bot()
        resumed = await emu.wait_until(lambda: next((s for s in emu.sessions if s is not first and s.alive), None))
        assert resumed.session_id == first.session_id
        reply = await emu.slash(world.channel, world.alice, "salut")
        assert reply.content == "Salut Alice !"
    emu.assert_no_violations()


async def test_an_op_7_reconnect_is_followed_by_a_resume(world: World) -> None:
    emu = world.emu
    async with running(SampleBot(), emu) as first:
        await emu.reconnect_bot()
        resumed = await emu.wait_until(lambda: next((s for s in emu.sessions if s is not first and s.alive), None))
        assert resumed.resumed and resumed.session_id == first.session_id
        reply = await emu.slash(world.channel, world.alice, "salut")
        assert reply.content == "Salut Alice !"
    emu.assert_no_violations()


async def test_an_invalidated_session_identifies_again_and_persistent_buttons_still_work(world: World) -> None:
    emu = world.emu
    bot = SampleBot()

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py pauses 5 s before identifying again (clicks in that time fail); not here.
        return None

    bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
    async with running(bot, emu) as first:
        table = await emu.slash(world.channel, world.alice, "compteur")
        assert table.message is not None
        await emu.disconnect_bot(resumable=False)
        again = await emu.wait_until(lambda: next((s for s in emu.sessions if s is not first and s.alive), None))
        assert not again.resumed and again.session_id != first.session_id
        await emu.click(table.message, world.bob, label="Compter (0)")
        assert table.message.content.startswith("Compteur : 1")
    emu.assert_no_violations()


async def test_things_added_after_ready_reach_the_bot(world: World) -> None:
    emu = world.emu
    bot = SampleBot(members=True)
    async with running(bot, emu):
        await asyncio.wait_for(bot.ready_seen.wait(), 3)
        salon = world.guild.add_channel("dés")
        eve = emu.add_user("Ève")
        world.guild.add_member(eve)
        await emu.wait_until(lambda: bot.get_channel(salon.id) is not None)
        guild = bot.get_guild(world.guild.id)
        assert guild is not None
        await emu.wait_until(lambda: guild.get_member(eve.id) is not None)
        reply = await emu.slash(salon, eve, "salut")
        assert reply.content == "Salut Ève !"
    emu.assert_no_violations()


async def test_a_wrong_token_is_refused_at_login(emu: Emulator) -> None:
    bot = SampleBot()
    with pytest.raises(discord.LoginFailure):
        await bot.login("pas-le-bon-jeton")
    await bot.close()
    assert [v.kind for v in emu.take_violations()] == ["unauthorized"]


async def test_a_burst_of_edits_is_paced_by_the_announced_rate_limit() -> None:
    async with Emulator(rate_limit=(3, 0.3)) as emu:
        with pointed_at(emu):
            world = make_world(emu)
            bot = SampleBot()
            async with running(bot, emu):
                started = time.monotonic()
                await emu.slash(world.channel, world.alice, "rafale")
                await asyncio.wait_for(bot.burst_done.wait(), 10)
                elapsed = time.monotonic() - started
                assert world.channel.last_message.content == "Édition 10"
                assert world.channel.last_message.edits == 10
    # Ten edits at three per 0.3 s take at least three windows; discord.py waited instead of being refused.
    assert elapsed >= 0.6
    emu.assert_no_violations()


async def test_a_burst_beyond_an_unannounced_limit_gets_429_and_discord_py_retries() -> None:
    async with Emulator(rate_limit=(3, 0.2), announce_rate_limits=False) as emu:
        with pointed_at(emu):
            world = make_world(emu)
            bot = SampleBot()
            async with running(bot, emu):
                await emu.slash(world.channel, world.alice, "rafale")
                await asyncio.wait_for(bot.burst_done.wait(), 10)
                assert world.channel.last_message.content == "Édition 10"
    refused = emu.take_violations("rate_limited")
    assert refused and all(v.method == "PATCH" for v in refused)
    assert [c.status for c in emu.calls if c.status == 429] == [429] * len(refused)
    emu.assert_no_violations()


async def test_answers_are_json_with_the_exact_content_type_and_errors_carry_discord_codes(emu: Emulator) -> None:
    import aiohttp

    async with aiohttp.ClientSession() as http:
        headers = {"Authorization": f"Bot {emu.token}"}
        async with http.get(f"{emu.api_base}/users/@me", headers=headers) as answer:
            assert answer.headers["Content-Type"] == "application/json"
            assert (await answer.json())["bot"] is True
        async with http.get(f"{emu.api_base}/channels/1/messages/2", headers=headers) as answer:
            assert answer.status == 404
            assert (await answer.json())["code"] == 10003
    assert [v.kind for v in emu.take_violations()] == ["not_found"]


async def test_a_429_carries_discords_headers_and_body() -> None:
    import aiohttp

    async with Emulator(rate_limit=(2, 10.0)) as emu:
        world = make_world(emu)
        url = f"{emu.api_base}/channels/{world.channel.id}/messages"
        headers = {"Authorization": f"Bot {emu.token}"}
        async with aiohttp.ClientSession() as http:
            for n in range(2):
                async with http.post(url, json={"content": f"m{n}"}, headers=headers) as answer:
                    assert answer.status == 200
                    assert answer.headers["X-RateLimit-Limit"] == "2"
                    assert answer.headers["X-RateLimit-Remaining"] == str(1 - n)
                    assert float(answer.headers["X-RateLimit-Reset-After"]) > 9
            async with http.post(url, json={"content": "trop"}, headers=headers) as answer:
                assert answer.status == 429
                body = await answer.json()
                assert body["global"] is False and 9 < body["retry_after"] <= 10
                assert answer.headers["Via"] and answer.headers["X-RateLimit-Scope"] == "user"
                assert answer.headers["Retry-After"] == "10"
                assert answer.headers["X-RateLimit-Remaining"] == "0"
    assert [m.content for m in world.channel.messages] == ["m0", "m1"]
    assert [v.kind for v in emu.take_violations()] == ["rate_limited"]


async def test_uploads_keep_their_bytes_and_a_file_over_10_mib_is_refused() -> None:
    import json

    import aiohttp

    async with Emulator() as emu:
        world = make_world(emu)
        url = f"{emu.api_base}/channels/{world.channel.id}/messages"
        headers = {"Authorization": f"Bot {emu.token}"}

        def form(size: int) -> aiohttp.FormData:
            data = aiohttp.FormData(quote_fields=False)
            payload = {"content": "Le plateau", "attachments": [{"id": 0, "filename": "plateau.png"}]}
            data.add_field("payload_json", json.dumps(payload), content_type="application/json")
            data.add_field("files[0]", b"\x89PNG" + b"\0" * size, filename="plateau.png", content_type="image/png")
            return data

        async with aiohttp.ClientSession() as http:
            async with http.post(url, data=form(100), headers=headers) as answer:
                assert answer.status == 200
                sent = await answer.json()
            async with http.get(sent["attachments"][0]["url"]) as picture:
                assert await picture.read() == b"\x89PNG" + b"\0" * 100
            async with http.post(url, data=form(10 * 1024 * 1024), headers=headers) as answer:
                assert answer.status == 413
                assert (await answer.json())["code"] == 40005
    message = world.channel.last_message
    assert message.attachment("plateau.png").content_type == "image/png"
    assert [v.kind for v in emu.take_violations()] == ["invalid_message"]


async def test_an_ephemeral_message_is_not_in_the_channel_for_the_rest_api(world: World) -> None:
    import aiohttp

    emu = world.emu
    async with running(SampleBot(), emu):
        reply = await emu.slash(world.channel, world.alice, "salut")
    assert reply.message is not None and reply.ephemeral
    url = f"{emu.api_base}/channels/{world.channel.id}/messages/{reply.message.id}"
    async with aiohttp.ClientSession() as http:
        async with http.get(url, headers={"Authorization": f"Bot {emu.token}"}) as answer:
            assert answer.status == 404 and (await answer.json())["code"] == 10008
    assert [v.kind for v in emu.take_violations()] == ["not_found"]


async def test_a_held_request_waits_until_released_and_only_the_next_one_is_held(world: World) -> None:
    import aiohttp

    emu, channel = world.emu, world.channel
    url = f"{emu.api_base}/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {emu.token}"}
    held = emu.hold("POST", "/api/v10/channels/{channel_id}/messages")
    async with aiohttp.ClientSession() as http:

        async def post(content: str) -> int:
            async with http.post(url, headers=headers, json={"content": content}) as answer:
                return answer.status

        first = asyncio.create_task(post("retenu"))
        await held.reached()
        # Held on its way in: not in the channel yet, while the next request goes through.
        assert await post("passe") == 200
        assert [m.content for m in channel.messages] == ["passe"]
        assert not first.done()
        held.release()
        assert await first == 200
    assert [m.content for m in channel.messages] == ["passe", "retenu"]
    emu.assert_no_violations()
