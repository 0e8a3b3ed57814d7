"""A local Discord for end-to-end tests: gateway and REST on 127.0.0.1, driven from Python.

See docs/EMULATOR.md.
"""

from tests.emulator.emulator import Emulator
from tests.emulator.errors import EmulatorError
from tests.emulator.model import Attachment, Channel, Component, Guild, Member, Message, Role, User
from tests.emulator.pointing import pointed_at
from tests.emulator.records import InteractionRecord, RestCall, Violation

__all__ = [
    "Attachment",
    "Channel",
    "Component",
    "Emulator",
    "EmulatorError",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "RestCall",
    "Role",
    "User",
    "Violation",
    "pointed_at",
]
