"""Embed the schemas that protocol.schema.json refers to (view, event, action) in its ``$defs``.

The protocol's messages carry views, events and actions, and its ``$ref``s name those schemas by their ``$id``
(``truco-view-1.json``, relative to the protocol's own ``$id``). A validator resolves such a reference only when it
can find the schema: in a registry the caller fills, or in the same document. JSON Schema 2020-12 lets a document
carry other schemas as embedded resources (a subschema with its own ``$id``, its "compound schema document"), so
the shipped protocol schema holds a copy of each schema it refers to, under ``$defs/truco-view-1`` and so on, and
``jsonschema.validate(message, schema("protocol"))`` works with no registry (issue 36 item 13).

Run ``python tools/bundle_schemas.py`` after changing view, event or action; ``--check`` exits 1 when the copies in
protocol.schema.json are not current (tests/test_schemas.py runs the check).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "src" / "pytruco" / "schemas"
PROTOCOL = HERE / "protocol.schema.json"
EMBEDDED = ("action", "event", "view")
"""The schemas the protocol refers to, in the order they are embedded."""


def embedded_key(schema: dict[str, Any]) -> str:
    """The ``$defs`` key of an embedded schema: its ``$id``'s last part without ``.json`` (``truco-view-1``)."""
    return str(schema["$id"]).rsplit("/", 1)[-1].removesuffix(".json")


def bundled() -> str:
    """protocol.schema.json's text with the current copy of each schema it refers to in its ``$defs``."""
    protocol = json.loads(PROTOCOL.read_text(encoding="utf-8"))
    own = {name: node for name, node in protocol["$defs"].items() if "$id" not in node}
    copies = {}
    for name in EMBEDDED:
        schema = json.loads((HERE / f"{name}.schema.json").read_text(encoding="utf-8"))
        copies[embedded_key(schema)] = schema
    protocol["$defs"] = {**own, **copies}
    return json.dumps(protocol, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = bundled()
    if "--check" in argv:
        if PROTOCOL.read_text(encoding="utf-8") != text:
            sys.stderr.write(
                f"{PROTOCOL} holds a stale view, event or action schema: run python tools/bundle_schemas.py\n"
            )
            return 1
        return 0
    PROTOCOL.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
