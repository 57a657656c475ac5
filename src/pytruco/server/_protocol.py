"""The messages of ``pytruco serve`` (``truco-protocol/1``, ``pytruco schema protocol``): reading what a client
sends and building what the server sends.

A client sends one kind of message, ``act``::

    {"type": "act", "action": "0 truco", "decision": 7}

where ``decision`` is the decision the action answers (the ``decision`` of the last update), and ``"confirm":
true`` goes with a ``rendirse`` the player has confirmed. The server sends ``join`` once per connection, an
``update`` after every decision (its view, its new events each with its text beside it, the labels of its
actions, the clock), an ``ack`` naming every applied action and an ``error`` naming every refused one.

>>> from pytruco.server._protocol import read_act
>>> read_act('{"type": "act", "action": "0 truco", "decision": 3}')
('0 truco', 3, False)
>>> read_act('[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]')
Traceback (most recent call last):
...
pytruco.server._protocol.ProtocolError: too-deep: The message is nested too deeply.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..errors import TrucoError

__all__ = [
    "CODES",
    "MAX_DEPTH",
    "PROTOCOL",
    "ProtocolError",
    "error_message",
    "join_message",
    "message_depth",
    "read_act",
    "time_left_ms",
]

PROTOCOL = "truco-protocol/1"
"""The protocol's name and version, in every ``join`` message.

>>> PROTOCOL
'truco-protocol/1'
"""

MAX_DEPTH = 4
"""The deepest nesting of arrays and objects a client message may have (an ``act`` needs 1).

>>> MAX_DEPTH
4
"""

CODES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        code: MappingProxyType(sentences)
        for code, sentences in json.loads(
            resources.files(__package__).joinpath("codes.json").read_text("utf-8")
        ).items()
    }
)
"""The server's own error codes, each with its sentence in Spanish and English, read-only (the table is the data
file ``codes.json`` beside this module, where a translator finds it; the rules' refusals use the codes of
:class:`~pytruco.IllegalActionError` and :func:`pytruco.text.describe_refusal`).

>>> CODES["stale"]["en"]
'That action answered a decision that is already past.'
"""


class ProtocolError(TrucoError):
    """A client message the protocol refuses; ``code`` is one of :data:`CODES`.

    >>> ProtocolError("stale").code
    'stale'
    """

    def __init__(self, code: str) -> None:
        super().__init__(f"{code}: {CODES[code]['en']}")
        self.code = code


def message_depth(text: str) -> int:
    """How deeply arrays and objects nest in the JSON *text* (brackets inside strings do not count).

    >>> message_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_act(message: str | bytes) -> tuple[str, int, bool]:
    """``(action text, decision, confirm)`` of a client's ``act`` message.

    Raises:
        ProtocolError: ``too-deep`` past :data:`MAX_DEPTH` (checked before parsing, so no ``RecursionError``),
            ``malformed`` for anything else that is not an ``act``.

    >>> read_act(b'{"type": "act", "action": "1 rendirse", "decision": 0, "confirm": true}')
    ('1 rendirse', 0, True)
    >>> read_act('{"type": "act", "action": "1 mazo"}')
    Traceback (most recent call last):
    ...
    pytruco.server._protocol.ProtocolError: malformed: Malformed message: send {"type": "act", "action": "<action>", \
"decision": <n>}.
    """
    try:
        text = message.decode("utf-8") if isinstance(message, bytes) else message
    except UnicodeDecodeError:
        raise ProtocolError("malformed") from None
    if message_depth(text) > MAX_DEPTH:
        raise ProtocolError("too-deep")
    try:
        data = json.loads(text)
    except ValueError:
        raise ProtocolError("malformed") from None
    if not isinstance(data, dict) or data.get("type") != "act" or not isinstance(data.get("action"), str):
        raise ProtocolError("malformed")
    decision, confirm = data.get("decision"), data.get("confirm", False)
    if type(decision) is not int or decision < 0 or not isinstance(confirm, bool):
        raise ProtocolError("malformed")
    return data["action"], decision, confirm


def error_message(code: str, message: str, action: str | None = None, decision: int | None = None) -> dict[str, Any]:
    """An ``error`` message; it names the action and decision it refuses when there are some.

    >>> error_message("stale", "late", "0 mazo", 3)
    {'type': 'error', 'code': 'stale', 'message': 'late', 'action': '0 mazo', 'decision': 3}
    """
    reply: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if action is not None:
        reply["action"] = action[:60]
    if decision is not None:
        reply["decision"] = decision
    return reply


def join_message(table_id: str, seat: int | None, names: Sequence[str], decision: int) -> dict[str, Any]:
    """The ``join`` message, the first a connection receives: its table, seat (``None``: a spectator) and names.

    >>> join_message("t1", None, ["Ana", "Beto"], 0)["seat"] is None
    True
    """
    return {
        "type": "join",
        "protocol": PROTOCOL,
        "table": table_id,
        "seat": seat,
        "names": list(names),
        "decision": decision,
    }


def time_left_ms(deadline: float | None, now: float) -> int | None:
    """The clock's ``left_ms``: whole milliseconds from *now* to *deadline* (seconds on the server's clock), never
    below 0; ``None`` when no clock runs. A client counts down from it by its own clock, from the moment it received
    the message, so a browser whose clock is off by minutes still shows the right time (``deadline_ms`` compared
    with the browser's clock did not; issue 36 item 13).

    >>> time_left_ms(1000.0, 988.5), time_left_ms(1000.0, 1001.0), time_left_ms(None, 5.0)
    (11500, 0, None)
    """
    if deadline is None:
        return None
    return max(0, round((deadline - now) * 1000))
