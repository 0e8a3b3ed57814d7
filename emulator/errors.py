"""The one error the emulator raises in a test."""


class EmulatorError(AssertionError):
    """A test asked for something no Discord user could do, or the bot broke a Discord rule."""
