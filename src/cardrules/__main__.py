"""``python -m cardrules``: the command line (:func:`cardrules.cli.main`)."""

import sys

from cardrules.cli import main

sys.exit(main())
