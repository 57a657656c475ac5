"""The JSON Schemas (draft 2020-12) of pytruco's JSON formats, shipped with the package.

=========  =====================  ==========================================
name       format                 what
=========  =====================  ==========================================
record     ``truco-record/1``     a game record (RECORDS.md)
view       ``truco-view/1``       :meth:`pytruco.views.SeatView.to_json`
event      ``truco-event/1``      :meth:`pytruco.Event.to_json` and the per-seat form
action     ``truco-action/1``     one action in record notation (a JSON string)
protocol   ``truco-protocol/1``   the messages of ``pytruco serve`` (its ``$defs``)
=========  =====================  ==========================================

``pytruco schema NAME`` prints one. A TypeScript declaration file generated
from them (``truco.d.ts``) ships beside them.

>>> from pytruco.schema import SCHEMA_NAMES, schema
>>> SCHEMA_NAMES
('record', 'view', 'event', 'action', 'protocol')
>>> schema("view")["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> schema("view")["properties"]["format"]
{'const': 'truco-view/1'}
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .errors import SchemaError, quoted

__all__ = ["SCHEMA_NAMES", "SchemaError", "schema", "schema_text", "typescript"]

SCHEMA_NAMES: tuple[str, ...] = ("record", "view", "event", "action", "protocol")
"""The names of the shipped schemas.

>>> "view" in SCHEMA_NAMES
True
"""


def schema_text(name: str) -> str:
    """The schema *name* as the JSON text shipped in the package.

    Raises:
        SchemaError: not one of :data:`SCHEMA_NAMES`.

    >>> from pytruco.schema import schema_text
    >>> schema_text("action").startswith("{")
    True
    """
    if name not in SCHEMA_NAMES:
        raise SchemaError(f"unknown schema {quoted(name)} (known: {', '.join(SCHEMA_NAMES)})")
    return (resources.files("pytruco") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")


def schema(name: str) -> dict[str, Any]:
    """The schema *name*, parsed.

    Raises:
        SchemaError: not one of :data:`SCHEMA_NAMES`.

    >>> from pytruco.schema import schema
    >>> schema("record")["properties"]["format"]
    {'const': 'truco-record/1'}
    """
    data: dict[str, Any] = json.loads(schema_text(name))
    return data


def typescript() -> str:
    """The TypeScript declarations of the formats (``truco.d.ts``, generated from the schemas).

    >>> from pytruco.schema import typescript
    >>> "export interface TrucoView {" in typescript()
    True
    """
    return (resources.files("pytruco") / "schemas" / "truco.d.ts").read_text(encoding="utf-8")
