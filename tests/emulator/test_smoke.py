from __future__ import annotations

from tests.emulator.conftest import World
from tests.emulator.running import running
from tests.emulator.sample_bot import SampleBot


async def test_slash_answers_ephemerally(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        reply = await emu.slash(world.channel, world.alice, "salut")
        assert reply.content == "Salut Alice !"
        assert reply.ephemeral
    emu.assert_no_violations()
