"""A local Discord for end-to-end tests: gateway and REST on 127.0.0.1, driven from Python.

See docs/EMULATOR.md.
"""

from emulator.emulator import Emulator
from emulator.errors import EmulatorError
from emulator.model import Attachment, Channel, Component, Guild, Member, Message, Role, User
from emulator.pointing import pointed_at
from emulator.records import InteractionRecord, RestCall, Violation

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
