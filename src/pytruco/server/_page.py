"""The page of ``pytruco serve`` over HTTP: its files, the library's card art one card a file, and the security
headers every response carries. Nothing here knows of tables or links: :meth:`pytruco.server.Server.http` answers
``/ws`` itself and hands every other path to :func:`page_response`.

>>> from pytruco.server._page import STATIC
>>> STATIC["/"]
('index.html', 'text/html; charset=utf-8')
"""

from __future__ import annotations

from http import HTTPStatus
from importlib import resources

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Response

from ..cards import Card
from ..errors import NotationError
from ..svg import back_svg, card_svg

__all__ = ["SECURITY_HEADERS", "STATIC", "card_picture", "not_found", "page_response"]

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/table.css": ("table.css", "text/css; charset=utf-8"),
}
"""The page's own files (in ``pytruco/web``) by path, with their content types.

>>> sorted(STATIC)
['/', '/table.css', '/table.js']
"""

SECURITY_HEADERS = [
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
        " base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),  # a link's token is in its URL
    ("X-Content-Type-Options", "nosniff"),
    ("Cache-Control", "no-store"),
]
"""The headers of every response, the refusals included.

>>> dict(SECURITY_HEADERS)["X-Frame-Options"]
'DENY'
"""


def card_picture(code: str) -> str | None:
    """``/cards/7O.svg``: a card face up (:func:`pytruco.svg.card_svg`); ``back``: face down; else ``None``.

    >>> card_picture("7O").startswith("<svg"), card_picture("../etc"), card_picture("99X")
    (True, None, None)
    """
    if code == "back":
        return back_svg()
    if not (0 < len(code) <= 3 and code.isalnum()):
        return None
    try:
        return card_svg(Card.parse(code))
    except NotationError:
        return None


def not_found(
    connection: ServerConnection, status: HTTPStatus = HTTPStatus.NOT_FOUND, text: str = "not found"
) -> Response:
    """A plain-text refusal with the security headers (404 unless *status* says otherwise)."""
    response = connection.respond(status, text + "\n")
    response.headers.update(SECURITY_HEADERS)
    return response


def page_response(connection: ServerConnection, path: str) -> Response:
    """The response to a GET of *path*: a file of the page, the TypeScript types, a card's picture, or 404."""
    if path == "/truco.d.ts":  # the TypeScript types the page's JSDoc refers to
        body = (resources.files("pytruco") / "schemas" / "truco.d.ts").read_bytes()
        kind = "text/plain; charset=utf-8"
    elif path.startswith("/cards/") and path.endswith(".svg"):  # the library's card art, one card a file
        picture = card_picture(path[len("/cards/") : -len(".svg")])
        if picture is None:
            return not_found(connection)
        body, kind = picture.encode("utf-8"), "image/svg+xml"
    elif path in STATIC:
        name, kind = STATIC[path]
        body = (resources.files("pytruco") / "web" / name).read_bytes()
    else:
        return not_found(connection)
    return Response(200, "OK", Headers([("Content-Type", kind), *SECURITY_HEADERS]), body)
