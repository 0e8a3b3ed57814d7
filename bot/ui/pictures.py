"""Pictures on a message already: a table edit re-uploads its picture only when the bytes changed.

Discord keeps a message's attachments when an edit does not mention them, so an edit whose
pictures are byte for byte those of the last upload to that message leaves ``attachments`` out.
Omitting them (rather than listing the attachments a click's message carried) stays right when
another edit changed the message in between: whatever is there now is what was last uploaded.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict

import discord

KEPT = 1024  # messages remembered (tables and private hands); the oldest are forgotten first


def file_bytes(file: discord.File) -> bytes:
    fp = file.fp
    if isinstance(fp, io.BytesIO):
        return fp.getvalue()
    position = fp.tell()
    data = fp.read()
    fp.seek(position)
    return data


def digest(files: list[discord.File]) -> str:
    """One hash of the files' names and bytes, in order."""
    hasher = hashlib.blake2b(digest_size=16)
    for file in files:
        hasher.update(file.filename.encode())
        hasher.update(b"\0")
        hasher.update(hashlib.blake2b(file_bytes(file), digest_size=16).digest())
    return hasher.hexdigest()


class Pictures:
    """Which pictures each message carries (by hash), to skip uploading the same bytes again."""

    def __init__(self) -> None:
        self._shown: OrderedDict[int, str] = OrderedDict()

    def to_send(
        self, message_id: int | None, files: list[discord.File]
    ) -> tuple[str, list[discord.File] | None]:
        """The files' hash, and the ``attachments`` of an edit of ``message_id``: the files, or
        None to leave the message's as they are. The hash is taken now: an upload closes the files."""
        key = digest(files)
        if files and message_id is not None and self._shown.get(message_id) == key:
            return key, None
        return key, list(files)

    def shown(self, message_id: int | None, key: str) -> None:
        """``message_id`` now carries the files hashed as ``key`` (after a successful send or edit)."""
        if message_id is None:
            return
        self._shown[message_id] = key
        self._shown.move_to_end(message_id)
        while len(self._shown) > KEPT:
            self._shown.popitem(last=False)

    def forget(self, message_id: int | None) -> None:
        if message_id is not None:
            self._shown.pop(message_id, None)
