"""End-to-end tests: the real Taverne bot, in-process, against the Discord emulator (docs/EMULATOR.md)."""
