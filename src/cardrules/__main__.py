import sys

from cardrules.cli import main

sys.exit(main())
