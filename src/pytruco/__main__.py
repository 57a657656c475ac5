"""``python -m pytruco``: the same as the ``pytruco`` command."""

from .cli import main

raise SystemExit(main())
