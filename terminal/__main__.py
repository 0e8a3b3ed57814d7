import sys

from terminal.command import main

sys.exit(main())
