"""Generate src/pytruco/schemas/truco.d.ts from the JSON Schemas beside it.

Run ``python tools/schema_to_ts.py`` after changing a schema; ``--check``
exits 1 when the file is not current (tests/test_schemas.py runs the check).
It understands the subset of JSON Schema the four schemas use: objects,
arrays (with prefixItems), enums, consts, anyOf, $ref to $defs or to another of
the schemas, and
string/integer/boolean/null types.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "src" / "pytruco" / "schemas"
NAMES = ("record", "view", "event", "action", "protocol")
# A $ref to another schema (by the last part of its $id) names that schema's type.
OTHER = {f"truco-{name}-1.json": f"Truco{name.title()}" for name in NAMES}
OUT = HERE / "truco.d.ts"
CARD_PATTERN = "^(1[0-2]|[1-7])[EBOC]$"
ACTION_PATTERN = "^[0-9]+ ((1[0-2]|[1-7])[EBOC]|"
# Strings with these patterns get template literal types instead of `string`.
COMMON = [
    "/** A card's rank, as its code writes it. */",
    'export type TrucoRank = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "10" | "11" | "12";',
    "/** A suit: espadas, bastos, oros, copas. */",
    'export type TrucoSuit = "E" | "B" | "O" | "C";',
    "/** A card's code: rank and suit (`7O`, `12E`). */",
    "export type TrucoCard = `${TrucoRank}${TrucoSuit}`;",
]


def action_words(pattern: str) -> str:
    """The word part of an action's template type, read from the action pattern's alternatives."""
    inner = pattern[len(ACTION_PATTERN) : -len(")$")]
    words: list[str] = ["TrucoCard"]
    rps = re.search(r"\|rps \(([a-z|]+)\)", inner)
    if rps is not None:
        inner = inner[: rps.start()] + inner[rps.end() :]
    for word in inner.split("|"):
        words.append("`tengo ${number}`" if word == "tengo [0-9]+" else json.dumps(word))
    if rps is not None:
        words.append("`rps ${" + " | ".join(json.dumps(w) for w in rps.group(1).split("|")) + "}`")
    return " | ".join(words)


def ts_type(node: Any, prefix: str) -> str:
    """The TypeScript type of a schema node; $refs become ``<prefix><Name>``."""
    if node is False:
        return "never"
    if "$ref" in node:
        if node["$ref"] in OTHER:
            return OTHER[node["$ref"]]
        return prefix + node["$ref"].rsplit("/", 1)[-1]
    if "const" in node:
        return json.dumps(node["const"])
    if "enum" in node:
        return " | ".join(json.dumps(value) for value in node["enum"])
    if "anyOf" in node:
        return " | ".join(ts_type(item, prefix) for item in node["anyOf"])
    kind = node.get("type")
    if kind == "string" and node.get("pattern") == CARD_PATTERN:
        return "TrucoCard"
    if kind == "string" and str(node.get("pattern", "")).startswith(ACTION_PATTERN):
        return "`${number} ${" + action_words(node["pattern"]) + "}`"
    if isinstance(kind, list):
        return " | ".join(ts_type({**node, "type": k}, prefix) for k in kind)
    if kind == "object":
        if "properties" not in node:
            values = node.get("additionalProperties")
            return (
                f"Record<string, {ts_type(values, prefix)}>" if isinstance(values, dict) else "Record<string, unknown>"
            )
        return object_type(node, prefix, "")
    if kind == "array":
        if "prefixItems" in node:
            return "[" + ", ".join(ts_type(item, prefix) for item in node["prefixItems"]) + "]"
        item = ts_type(node.get("items", {}), prefix)
        if node.get("minItems") is not None and node.get("minItems") == node.get("maxItems"):
            return "[" + ", ".join([item] * node["minItems"]) + "]"
        return f"Array<{item}>"
    return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}.get(
        kind, "unknown"
    )


def object_type(node: dict[str, Any], prefix: str, indent: str) -> str:
    required = set(node.get("required", ()))
    lines = ["{"]
    for name, prop in node["properties"].items():
        if "description" in prop:
            lines.append(f"{indent}  /** {prop['description']} */")
        optional = "" if name in required else "?"
        lines.append(f"{indent}  {name}{optional}: {ts_type(prop, prefix)};")
    lines.append(indent + "}")
    return "\n".join(lines)


def event_union(schema: dict[str, Any], title: str) -> list[str]:
    """An event as a union discriminated by ``kind``: each kind's ``card`` is a card or null as the schema's
    ``allOf`` says, and only ``dealt`` has the optional ``hand``."""
    kinds = schema["properties"]["kind"]["enum"]
    with_card = schema["allOf"][0]["if"]["properties"]["kind"]["enum"]
    members = {k: v for k, v in schema["properties"].items() if k not in ("kind", "card", "hand")}
    base = {**schema, "properties": members}
    hand = ts_type(schema["properties"]["hand"], title)
    return [
        f"export type {title} = {{",
        f"  [K in {title}Kind]: {object_type(base, title, '  ')} & {{",
        "    /** What happened. */",
        "    kind: K;",
        f"    /** The card played or shown ({' and '.join(with_card)} only). */",
        f"    card: K extends {title}WithCard ? TrucoCard : null;",
        f'  }} & (K extends "dealt" ? {{ /** A seat\'s own cards. */ hand?: {hand} }} : {{ hand?: never }});',
        f"}}[{title}Kind];",
        "/** The kinds of event. */",
        f"export type {title}Kind = {' | '.join(json.dumps(k) for k in kinds)};",
        "/** The kinds of event that carry a card. */",
        f"export type {title}WithCard = {' | '.join(json.dumps(k) for k in with_card)};",
    ]


def declarations() -> str:
    out = [
        "// Generated by tools/schema_to_ts.py from the JSON Schemas beside this file. Do not edit.",
        "// The JSON formats of pytruco: records, views, events, actions and the messages of pytruco serve.",
        "",
        *COMMON,
        "",
    ]
    for name in NAMES:
        schema = json.loads((HERE / f"{name}.schema.json").read_text(encoding="utf-8"))
        title = schema["title"]
        prefix = title
        for def_name, node in schema.get("$defs", {}).items():
            if "$id" in node:  # another schema embedded so that the $refs resolve (tools/bundle_schemas.py)
                continue
            body = ts_type(node, prefix) if node.get("type") != "object" else object_type(node, prefix, "")
            if "description" in node:
                out.append(f"/** {node['description']} */")
            out.append(f"export type {prefix}{def_name} = {body};")
        out.append(f"/** {schema['description']} */")
        if name == "event":
            out.extend(event_union(schema, prefix))
        elif schema.get("type") == "object":
            out.append(f"export interface {title} {object_type(schema, prefix, '')}")
        else:
            out.append(f"export type {title} = {ts_type(schema, prefix)};")
        out.append("")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    text = declarations()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            sys.stderr.write(f"{OUT} is not current: run python tools/schema_to_ts.py\n")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
