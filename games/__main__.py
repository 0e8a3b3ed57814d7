"""``python -m games list|actions|play …``: kept for scripts and the README; the terminal table plays."""

import sys

from terminal.command import main

sys.exit(main())
