"""``python -m equity``: the ``equity`` command."""

import sys

from .cli import main

sys.exit(main())
