"""The emulator's own tests (the emulator itself is the top-level package ``emulator/``)."""
