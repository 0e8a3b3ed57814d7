"""Pictures and embeds built from game states (Pillow, no Discord calls)."""
