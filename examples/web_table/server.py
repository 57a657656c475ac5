"""The reference web table moved into the package: this script runs ``pytruco serve`` with its arguments.

The server, its page and its protocol are now ``pytruco.server`` (``pip install 'pytruco-ar[server]'``; see
docs/frontend.md, "Deploying pytruco serve"). This script is kept so that old commands still work::

    python examples/web_table/server.py --db tables.sqlite --new default --new classic:players=4

is ``pytruco serve --db tables.sqlite --new default --new classic:players=4``.
"""

from __future__ import annotations

import sys

from pytruco.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["serve", *sys.argv[1:]]))
