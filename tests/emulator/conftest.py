"""Fixtures for the emulator's own tests: an emulator with one guild, a channel and three players."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from emulator import Channel, Emulator, Guild, User


@dataclass
class World:
    emu: Emulator
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    carol: User


@pytest.fixture
def world(emu: Emulator) -> World:
    return make_world(emu)


def make_world(emu: Emulator) -> World:
    guild = emu.add_guild("La Taverne")
    channel = guild.add_channel("jeux")
    alice, bob, carol = (emu.add_user(n) for n in ("Alice", "Bob", "Carole"))
    for user in (alice, bob, carol):
        guild.add_member(user)
    return World(emu, guild, channel, alice, bob, carol)
