"""Every event kind's sentence, pinned in both languages and with four ways of naming the seats.

The sentences were generated from ``pytruco.text.describe_event`` before it was split into one helper per event
kind, so the split is checked word for word. Each case covers one branch: every call word, every card
article, every ``detail`` a kind reads, one and many points, a team named by one player or by two.
"""

from __future__ import annotations

import pytest

from pytruco import Card, Event, EventKind
from pytruco.text import Names, describe_event

# The texts of each case, in this order: (es, en) without names, with two names, with four, with a mapping of one.
NAMINGS: tuple[Names, ...] = (None, ["Ana", "Beto"], ["Ana", "Beto", "Carla", "Dani"], {0: "Ana"})

PINNED: list[tuple[Event, tuple[str, ...]]] = [
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="envido"),
        (
            "asiento 1 cantó envido",
            "seat 1 called envido",
            "Beto cantó envido",
            "Beto called envido",
            "Beto cantó envido",
            "Beto called envido",
            "asiento 1 cantó envido",
            "seat 1 called envido",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="real-envido"),
        (
            "asiento 1 cantó real envido",
            "seat 1 called real envido",
            "Beto cantó real envido",
            "Beto called real envido",
            "Beto cantó real envido",
            "Beto called real envido",
            "asiento 1 cantó real envido",
            "seat 1 called real envido",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="falta-envido"),
        (
            "asiento 1 cantó falta envido",
            "seat 1 called falta envido",
            "Beto cantó falta envido",
            "Beto called falta envido",
            "Beto cantó falta envido",
            "Beto called falta envido",
            "asiento 1 cantó falta envido",
            "seat 1 called falta envido",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="flor"),
        (
            "asiento 1 cantó flor",
            "seat 1 called flor",
            "Beto cantó flor",
            "Beto called flor",
            "Beto cantó flor",
            "Beto called flor",
            "asiento 1 cantó flor",
            "seat 1 called flor",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="contraflor"),
        (
            "asiento 1 cantó contraflor",
            "seat 1 called contraflor",
            "Beto cantó contraflor",
            "Beto called contraflor",
            "Beto cantó contraflor",
            "Beto called contraflor",
            "asiento 1 cantó contraflor",
            "seat 1 called contraflor",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="contraflor-al-resto"),
        (
            "asiento 1 cantó contraflor al resto",
            "seat 1 called contraflor al resto",
            "Beto cantó contraflor al resto",
            "Beto called contraflor al resto",
            "Beto cantó contraflor al resto",
            "Beto called contraflor al resto",
            "asiento 1 cantó contraflor al resto",
            "seat 1 called contraflor al resto",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="truco"),
        (
            "asiento 1 cantó truco",
            "seat 1 called truco",
            "Beto cantó truco",
            "Beto called truco",
            "Beto cantó truco",
            "Beto called truco",
            "asiento 1 cantó truco",
            "seat 1 called truco",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="retruco"),
        (
            "asiento 1 cantó retruco",
            "seat 1 called retruco",
            "Beto cantó retruco",
            "Beto called retruco",
            "Beto cantó retruco",
            "Beto called retruco",
            "asiento 1 cantó retruco",
            "seat 1 called retruco",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="vale-cuatro"),
        (
            "asiento 1 cantó vale cuatro",
            "seat 1 called vale cuatro",
            "Beto cantó vale cuatro",
            "Beto called vale cuatro",
            "Beto cantó vale cuatro",
            "Beto called vale cuatro",
            "asiento 1 cantó vale cuatro",
            "seat 1 called vale cuatro",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="quiero"),
        (
            "asiento 1 dijo: quiero",
            "seat 1 accepted (quiero)",
            "Beto dijo: quiero",
            "Beto accepted (quiero)",
            "Beto dijo: quiero",
            "Beto accepted (quiero)",
            "asiento 1 dijo: quiero",
            "seat 1 accepted (quiero)",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="no-quiero"),
        (
            "asiento 1 dijo: no quiero",
            "seat 1 refused (no quiero)",
            "Beto dijo: no quiero",
            "Beto refused (no quiero)",
            "Beto dijo: no quiero",
            "Beto refused (no quiero)",
            "asiento 1 dijo: no quiero",
            "seat 1 refused (no quiero)",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="con-flor-me-achico"),
        (
            "asiento 1 dijo: con flor me achico",
            "seat 1 backed down (con flor me achico)",
            "Beto dijo: con flor me achico",
            "Beto backed down (con flor me achico)",
            "Beto dijo: con flor me achico",
            "Beto backed down (con flor me achico)",
            "asiento 1 dijo: con flor me achico",
            "seat 1 backed down (con flor me achico)",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="mazo"),
        (
            "asiento 1 dijo: mazo",
            "seat 1 said: mazo",
            "Beto dijo: mazo",
            "Beto said: mazo",
            "Beto dijo: mazo",
            "Beto said: mazo",
            "asiento 1 dijo: mazo",
            "seat 1 said: mazo",
        ),
    ),
    (
        Event(EventKind.CALLED, seat=1, team=1, detail="algo"),
        (
            "asiento 1 dijo: algo",
            "seat 1 said: algo",
            "Beto dijo: algo",
            "Beto said: algo",
            "Beto dijo: algo",
            "Beto said: algo",
            "asiento 1 dijo: algo",
            "seat 1 said: algo",
        ),
    ),
    (
        Event(EventKind.DECLARED, seat=0, team=0, detail="son-buenas"),
        (
            "asiento 0 dijo: son buenas",
            "seat 0 said: yours are better (son buenas)",
            "Ana dijo: son buenas",
            "Ana said: yours are better (son buenas)",
            "Ana dijo: son buenas",
            "Ana said: yours are better (son buenas)",
            "Ana dijo: son buenas",
            "Ana said: yours are better (son buenas)",
        ),
    ),
    (
        Event(EventKind.DECLARED, seat=0, team=0, points=27, detail="tengo 27"),
        (
            "asiento 0 dijo: tengo 27",
            "seat 0 said: I have 27 (tengo)",
            "Ana dijo: tengo 27",
            "Ana said: I have 27 (tengo)",
            "Ana dijo: tengo 27",
            "Ana said: I have 27 (tengo)",
            "Ana dijo: tengo 27",
            "Ana said: I have 27 (tengo)",
        ),
    ),
    (
        Event(EventKind.CARD_PLAYED, seat=1, team=1, card=Card.parse("7O")),
        (
            "asiento 1 jugó el siete de oros",
            "seat 1 played the seven of coins",
            "Beto jugó el siete de oros",
            "Beto played the seven of coins",
            "Beto jugó el siete de oros",
            "Beto played the seven of coins",
            "asiento 1 jugó el siete de oros",
            "seat 1 played the seven of coins",
        ),
    ),
    (
        Event(EventKind.CARD_PLAYED, seat=1, team=1, card=Card.parse("10C")),
        (
            "asiento 1 jugó la sota de copas",
            "seat 1 played the knave of cups",
            "Beto jugó la sota de copas",
            "Beto played the knave of cups",
            "Beto jugó la sota de copas",
            "Beto played the knave of cups",
            "asiento 1 jugó la sota de copas",
            "seat 1 played the knave of cups",
        ),
    ),
    (
        Event(EventKind.CARD_PLAYED, seat=1, team=1, card=Card.parse("1E")),
        (
            "asiento 1 jugó el ancho de espadas",
            "seat 1 played the ace of swords",
            "Beto jugó el ancho de espadas",
            "Beto played the ace of swords",
            "Beto jugó el ancho de espadas",
            "Beto played the ace of swords",
            "asiento 1 jugó el ancho de espadas",
            "seat 1 played the ace of swords",
        ),
    ),
    (
        Event(EventKind.CARD_PLAYED, seat=1, team=1, card=Card.parse("1B")),
        (
            "asiento 1 jugó el ancho de bastos",
            "seat 1 played the ace of clubs",
            "Beto jugó el ancho de bastos",
            "Beto played the ace of clubs",
            "Beto jugó el ancho de bastos",
            "Beto played the ace of clubs",
            "asiento 1 jugó el ancho de bastos",
            "seat 1 played the ace of clubs",
        ),
    ),
    (
        Event(EventKind.CARD_PLAYED, seat=1, team=1, card=Card.parse("1O")),
        (
            "asiento 1 jugó el uno de oros",
            "seat 1 played the ace of coins",
            "Beto jugó el uno de oros",
            "Beto played the ace of coins",
            "Beto jugó el uno de oros",
            "Beto played the ace of coins",
            "asiento 1 jugó el uno de oros",
            "seat 1 played the ace of coins",
        ),
    ),
    (
        Event(EventKind.CARD_PLAYED, seat=1, team=1, card=Card.parse("12E")),
        (
            "asiento 1 jugó el rey de espadas",
            "seat 1 played the king of swords",
            "Beto jugó el rey de espadas",
            "Beto played the king of swords",
            "Beto jugó el rey de espadas",
            "Beto played the king of swords",
            "asiento 1 jugó el rey de espadas",
            "seat 1 played the king of swords",
        ),
    ),
    (
        Event(EventKind.RPS_CHOSEN, seat=0),
        (
            "asiento 0 eligió",
            "seat 0 has chosen",
            "Ana eligió",
            "Ana has chosen",
            "Ana eligió",
            "Ana has chosen",
            "Ana eligió",
            "Ana has chosen",
        ),
    ),
    (
        Event(EventKind.RPS_TIE, detail="piedra"),
        (
            "Empate: los dos eligieron piedra; se repite",
            "A tie: both chose rock; again",
            "Empate: los dos eligieron piedra; se repite",
            "A tie: both chose rock; again",
            "Empate: los dos eligieron piedra; se repite",
            "A tie: both chose rock; again",
            "Empate: los dos eligieron piedra; se repite",
            "A tie: both chose rock; again",
        ),
    ),
    (
        Event(EventKind.RPS_TIE, detail="papel"),
        (
            "Empate: los dos eligieron papel; se repite",
            "A tie: both chose paper; again",
            "Empate: los dos eligieron papel; se repite",
            "A tie: both chose paper; again",
            "Empate: los dos eligieron papel; se repite",
            "A tie: both chose paper; again",
            "Empate: los dos eligieron papel; se repite",
            "A tie: both chose paper; again",
        ),
    ),
    (
        Event(EventKind.RPS_TIE, detail="tijera"),
        (
            "Empate: los dos eligieron tijera; se repite",
            "A tie: both chose scissors; again",
            "Empate: los dos eligieron tijera; se repite",
            "A tie: both chose scissors; again",
            "Empate: los dos eligieron tijera; se repite",
            "A tie: both chose scissors; again",
            "Empate: los dos eligieron tijera; se repite",
            "A tie: both chose scissors; again",
        ),
    ),
    (
        Event(EventKind.RPS_TIE, detail="algo"),
        (
            "Empate: los dos eligieron algo; se repite",
            "A tie: both chose algo; again",
            "Empate: los dos eligieron algo; se repite",
            "A tie: both chose algo; again",
            "Empate: los dos eligieron algo; se repite",
            "A tie: both chose algo; again",
            "Empate: los dos eligieron algo; se repite",
            "A tie: both chose algo; again",
        ),
    ),
    (
        Event(EventKind.FIRST_MANO, seat=1),
        (
            "asiento 1 es mano",
            "seat 1 is the first mano",
            "Beto es mano",
            "Beto is the first mano",
            "Beto es mano",
            "Beto is the first mano",
            "asiento 1 es mano",
            "seat 1 is the first mano",
        ),
    ),
    (
        Event(EventKind.DEALT, seat=0),
        (
            "Se repartió; asiento 0 es mano",
            "The cards are dealt; seat 0 is mano",
            "Se repartió; Ana es mano",
            "The cards are dealt; Ana is mano",
            "Se repartió; Ana es mano",
            "The cards are dealt; Ana is mano",
            "Se repartió; Ana es mano",
            "The cards are dealt; Ana is mano",
        ),
    ),
    (
        Event(EventKind.DEALT, seat=2, detail="pica"),
        (
            "Se repartió una mano de pica-pica; asiento 2 es mano",
            "A pica hand is dealt; seat 2 is mano",
            "Se repartió una mano de pica-pica; asiento 2 es mano",
            "A pica hand is dealt; seat 2 is mano",
            "Se repartió una mano de pica-pica; Carla es mano",
            "A pica hand is dealt; Carla is mano",
            "Se repartió una mano de pica-pica; asiento 2 es mano",
            "A pica hand is dealt; seat 2 is mano",
        ),
    ),
    (
        Event(EventKind.DUEL_STARTED, seat=2, detail="0"),
        (
            "Empieza el duelo 1 de la pica-pica; asiento 2 es mano",
            "Duel 1 of the pica hand starts; seat 2 is mano",
            "Empieza el duelo 1 de la pica-pica; asiento 2 es mano",
            "Duel 1 of the pica hand starts; seat 2 is mano",
            "Empieza el duelo 1 de la pica-pica; Carla es mano",
            "Duel 1 of the pica hand starts; Carla is mano",
            "Empieza el duelo 1 de la pica-pica; asiento 2 es mano",
            "Duel 1 of the pica hand starts; seat 2 is mano",
        ),
    ),
    (
        Event(EventKind.DUEL_STARTED, seat=2, detail="2"),
        (
            "Empieza el duelo 3 de la pica-pica; asiento 2 es mano",
            "Duel 3 of the pica hand starts; seat 2 is mano",
            "Empieza el duelo 3 de la pica-pica; asiento 2 es mano",
            "Duel 3 of the pica hand starts; seat 2 is mano",
            "Empieza el duelo 3 de la pica-pica; Carla es mano",
            "Duel 3 of the pica hand starts; Carla is mano",
            "Empieza el duelo 3 de la pica-pica; asiento 2 es mano",
            "Duel 3 of the pica hand starts; seat 2 is mano",
        ),
    ),
    (
        Event(EventKind.DUEL_STARTED, seat=2, detail="algo"),
        (
            "Empieza el duelo algo de la pica-pica; asiento 2 es mano",
            "Duel algo of the pica hand starts; seat 2 is mano",
            "Empieza el duelo algo de la pica-pica; asiento 2 es mano",
            "Duel algo of the pica hand starts; seat 2 is mano",
            "Empieza el duelo algo de la pica-pica; Carla es mano",
            "Duel algo of the pica hand starts; Carla is mano",
            "Empieza el duelo algo de la pica-pica; asiento 2 es mano",
            "Duel algo of the pica hand starts; seat 2 is mano",
        ),
    ),
    (
        Event(EventKind.TRICK_WON, seat=1, team=1),
        (
            "asiento 1 ganó la baza para equipo 1",
            "seat 1 won the trick for team 1",
            "Beto ganó la baza",
            "Beto won the trick",
            "Beto ganó la baza para Beto y Dani",
            "Beto won the trick for Beto and Dani",
            "asiento 1 ganó la baza para equipo 1",
            "seat 1 won the trick for team 1",
        ),
    ),
    (
        Event(EventKind.TRICK_WON, seat=2, team=0),
        (
            "asiento 2 ganó la baza para equipo 0",
            "seat 2 won the trick for team 0",
            "asiento 2 ganó la baza para Ana",
            "seat 2 won the trick for Ana",
            "Carla ganó la baza para Ana y Carla",
            "Carla won the trick for Ana and Carla",
            "asiento 2 ganó la baza para Ana",
            "seat 2 won the trick for Ana",
        ),
    ),
    (
        Event(EventKind.TRICK_WON),
        (
            "nadie ganó la baza",
            "nobody won the trick",
            "nadie ganó la baza",
            "nobody won the trick",
            "nadie ganó la baza",
            "nobody won the trick",
            "nadie ganó la baza",
            "nobody won the trick",
        ),
    ),
    (
        Event(EventKind.TRICK_PARDA),
        (
            "La baza fue parda",
            "The trick is tied (parda)",
            "La baza fue parda",
            "The trick is tied (parda)",
            "La baza fue parda",
            "The trick is tied (parda)",
            "La baza fue parda",
            "The trick is tied (parda)",
        ),
    ),
    (
        Event(EventKind.ENVIDO_WON, seat=0, team=0),
        (
            "asiento 0 ganó el envido",
            "seat 0 won the envido",
            "Ana ganó el envido",
            "Ana won the envido",
            "Ana ganó el envido",
            "Ana won the envido",
            "Ana ganó el envido",
            "Ana won the envido",
        ),
    ),
    (
        Event(EventKind.ENVIDO_VOID),
        (
            "La flor anuló el envido",
            "The flor voided the envido",
            "La flor anuló el envido",
            "The flor voided the envido",
            "La flor anuló el envido",
            "The flor voided the envido",
            "La flor anuló el envido",
            "The flor voided the envido",
        ),
    ),
    (
        Event(EventKind.FLOR_WON, seat=1, team=1),
        (
            "asiento 1 ganó la flor",
            "seat 1 won the flor",
            "Beto ganó la flor",
            "Beto won the flor",
            "Beto ganó la flor",
            "Beto won the flor",
            "asiento 1 ganó la flor",
            "seat 1 won the flor",
        ),
    ),
    (
        Event(EventKind.FOLDED, seat=0, team=0),
        (
            "asiento 0 se fue al mazo",
            "seat 0 went to the mazo",
            "Ana se fue al mazo",
            "Ana went to the mazo",
            "Ana se fue al mazo",
            "Ana went to the mazo",
            "Ana se fue al mazo",
            "Ana went to the mazo",
        ),
    ),
    (
        Event(EventKind.TIMED_OUT, seat=1, team=1),
        (
            "A asiento 1 se le acabó el tiempo",
            "seat 1 ran out of time",
            "A Beto se le acabó el tiempo",
            "Beto ran out of time",
            "A Beto se le acabó el tiempo",
            "Beto ran out of time",
            "A asiento 1 se le acabó el tiempo",
            "seat 1 ran out of time",
        ),
    ),
    (
        Event(EventKind.POINTS, team=0, points=1, detail="envido"),
        (
            "equipo 0 sumó 1 punto por el envido",
            "team 0 scored 1 point for the envido",
            "Ana sumó 1 punto por el envido",
            "Ana scored 1 point for the envido",
            "Ana y Carla sumaron 1 punto por el envido",
            "Ana and Carla scored 1 point for the envido",
            "Ana sumó 1 punto por el envido",
            "Ana scored 1 point for the envido",
        ),
    ),
    (
        Event(EventKind.POINTS, team=1, points=1, detail="envido-unshown"),
        (
            "equipo 1 sumó 1 punto por el envido",
            "team 1 scored 1 point for the envido",
            "Beto sumó 1 punto por el envido",
            "Beto scored 1 point for the envido",
            "Beto y Dani sumaron 1 punto por el envido",
            "Beto and Dani scored 1 point for the envido",
            "equipo 1 sumó 1 punto por el envido",
            "team 1 scored 1 point for the envido",
        ),
    ),
    (
        Event(EventKind.POINTS, team=0, points=1, detail="flor"),
        (
            "equipo 0 sumó 1 punto por la flor",
            "team 0 scored 1 point for the flor",
            "Ana sumó 1 punto por la flor",
            "Ana scored 1 point for the flor",
            "Ana y Carla sumaron 1 punto por la flor",
            "Ana and Carla scored 1 point for the flor",
            "Ana sumó 1 punto por la flor",
            "Ana scored 1 point for the flor",
        ),
    ),
    (
        Event(EventKind.POINTS, team=1, points=1, detail="truco"),
        (
            "equipo 1 sumó 1 punto por la mano",
            "team 1 scored 1 point for the hand",
            "Beto sumó 1 punto por la mano",
            "Beto scored 1 point for the hand",
            "Beto y Dani sumaron 1 punto por la mano",
            "Beto and Dani scored 1 point for the hand",
            "equipo 1 sumó 1 punto por la mano",
            "team 1 scored 1 point for the hand",
        ),
    ),
    (
        Event(EventKind.POINTS, team=0, points=1, detail="penalty"),
        (
            "equipo 0 sumó 1 punto de castigo por irse al mazo",
            "team 0 scored 1 point as the mazo penalty",
            "Ana sumó 1 punto de castigo por irse al mazo",
            "Ana scored 1 point as the mazo penalty",
            "Ana y Carla sumaron 1 punto de castigo por irse al mazo",
            "Ana and Carla scored 1 point as the mazo penalty",
            "Ana sumó 1 punto de castigo por irse al mazo",
            "Ana scored 1 point as the mazo penalty",
        ),
    ),
    (
        Event(EventKind.POINTS, team=1, points=1, detail="algo"),
        (
            "equipo 1 sumó 1 punto algo",
            "team 1 scored 1 point algo",
            "Beto sumó 1 punto algo",
            "Beto scored 1 point algo",
            "Beto y Dani sumaron 1 punto algo",
            "Beto and Dani scored 1 point algo",
            "equipo 1 sumó 1 punto algo",
            "team 1 scored 1 point algo",
        ),
    ),
    (
        Event(EventKind.POINTS, team=0, points=3, detail="envido"),
        (
            "equipo 0 sumó 3 puntos por el envido",
            "team 0 scored 3 points for the envido",
            "Ana sumó 3 puntos por el envido",
            "Ana scored 3 points for the envido",
            "Ana y Carla sumaron 3 puntos por el envido",
            "Ana and Carla scored 3 points for the envido",
            "Ana sumó 3 puntos por el envido",
            "Ana scored 3 points for the envido",
        ),
    ),
    (
        Event(EventKind.POINTS, team=1, points=3, detail="envido-unshown"),
        (
            "equipo 1 sumó 3 puntos por el envido",
            "team 1 scored 3 points for the envido",
            "Beto sumó 3 puntos por el envido",
            "Beto scored 3 points for the envido",
            "Beto y Dani sumaron 3 puntos por el envido",
            "Beto and Dani scored 3 points for the envido",
            "equipo 1 sumó 3 puntos por el envido",
            "team 1 scored 3 points for the envido",
        ),
    ),
    (
        Event(EventKind.POINTS, team=0, points=3, detail="flor"),
        (
            "equipo 0 sumó 3 puntos por la flor",
            "team 0 scored 3 points for the flor",
            "Ana sumó 3 puntos por la flor",
            "Ana scored 3 points for the flor",
            "Ana y Carla sumaron 3 puntos por la flor",
            "Ana and Carla scored 3 points for the flor",
            "Ana sumó 3 puntos por la flor",
            "Ana scored 3 points for the flor",
        ),
    ),
    (
        Event(EventKind.POINTS, team=1, points=3, detail="truco"),
        (
            "equipo 1 sumó 3 puntos por la mano",
            "team 1 scored 3 points for the hand",
            "Beto sumó 3 puntos por la mano",
            "Beto scored 3 points for the hand",
            "Beto y Dani sumaron 3 puntos por la mano",
            "Beto and Dani scored 3 points for the hand",
            "equipo 1 sumó 3 puntos por la mano",
            "team 1 scored 3 points for the hand",
        ),
    ),
    (
        Event(EventKind.POINTS, team=0, points=3, detail="penalty"),
        (
            "equipo 0 sumó 3 puntos de castigo por irse al mazo",
            "team 0 scored 3 points as the mazo penalty",
            "Ana sumó 3 puntos de castigo por irse al mazo",
            "Ana scored 3 points as the mazo penalty",
            "Ana y Carla sumaron 3 puntos de castigo por irse al mazo",
            "Ana and Carla scored 3 points as the mazo penalty",
            "Ana sumó 3 puntos de castigo por irse al mazo",
            "Ana scored 3 points as the mazo penalty",
        ),
    ),
    (
        Event(EventKind.POINTS, team=1, points=3, detail="algo"),
        (
            "equipo 1 sumó 3 puntos algo",
            "team 1 scored 3 points algo",
            "Beto sumó 3 puntos algo",
            "Beto scored 3 points algo",
            "Beto y Dani sumaron 3 puntos algo",
            "Beto and Dani scored 3 points algo",
            "equipo 1 sumó 3 puntos algo",
            "team 1 scored 3 points algo",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=0, points=1, detail="false envido"),
        (
            "equipo 0 se lleva 1 punto por un envido falso",
            "team 0 collected 1 point for a false envido",
            "Ana se lleva 1 punto por un envido falso",
            "Ana collected 1 point for a false envido",
            "Ana y Carla se llevan 1 punto por un envido falso",
            "Ana and Carla collected 1 point for a false envido",
            "Ana se lleva 1 punto por un envido falso",
            "Ana collected 1 point for a false envido",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=1, points=1, detail="envido not shown"),
        (
            "equipo 1 se lleva 1 punto porque el envido no se mostró",
            "team 1 collected 1 point because the envido was not shown",
            "Beto se lleva 1 punto porque el envido no se mostró",
            "Beto collected 1 point because the envido was not shown",
            "Beto y Dani se llevan 1 punto porque el envido no se mostró",
            "Beto and Dani collected 1 point because the envido was not shown",
            "equipo 1 se lleva 1 punto porque el envido no se mostró",
            "team 1 collected 1 point because the envido was not shown",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=0, points=1, detail="flor lost by folding"),
        (
            "equipo 0 se lleva 1 punto por una flor perdida al irse al mazo",
            "team 0 collected 1 point for a flor lost by folding",
            "Ana se lleva 1 punto por una flor perdida al irse al mazo",
            "Ana collected 1 point for a flor lost by folding",
            "Ana y Carla se llevan 1 punto por una flor perdida al irse al mazo",
            "Ana and Carla collected 1 point for a flor lost by folding",
            "Ana se lleva 1 punto por una flor perdida al irse al mazo",
            "Ana collected 1 point for a flor lost by folding",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=1, points=1, detail="algo"),
        (
            "equipo 1 se lleva 1 punto algo",
            "team 1 collected 1 point algo",
            "Beto se lleva 1 punto algo",
            "Beto collected 1 point algo",
            "Beto y Dani se llevan 1 punto algo",
            "Beto and Dani collected 1 point algo",
            "equipo 1 se lleva 1 punto algo",
            "team 1 collected 1 point algo",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=0, points=2, detail="false envido"),
        (
            "equipo 0 se lleva 2 puntos por un envido falso",
            "team 0 collected 2 points for a false envido",
            "Ana se lleva 2 puntos por un envido falso",
            "Ana collected 2 points for a false envido",
            "Ana y Carla se llevan 2 puntos por un envido falso",
            "Ana and Carla collected 2 points for a false envido",
            "Ana se lleva 2 puntos por un envido falso",
            "Ana collected 2 points for a false envido",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=1, points=2, detail="envido not shown"),
        (
            "equipo 1 se lleva 2 puntos porque el envido no se mostró",
            "team 1 collected 2 points because the envido was not shown",
            "Beto se lleva 2 puntos porque el envido no se mostró",
            "Beto collected 2 points because the envido was not shown",
            "Beto y Dani se llevan 2 puntos porque el envido no se mostró",
            "Beto and Dani collected 2 points because the envido was not shown",
            "equipo 1 se lleva 2 puntos porque el envido no se mostró",
            "team 1 collected 2 points because the envido was not shown",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=0, points=2, detail="flor lost by folding"),
        (
            "equipo 0 se lleva 2 puntos por una flor perdida al irse al mazo",
            "team 0 collected 2 points for a flor lost by folding",
            "Ana se lleva 2 puntos por una flor perdida al irse al mazo",
            "Ana collected 2 points for a flor lost by folding",
            "Ana y Carla se llevan 2 puntos por una flor perdida al irse al mazo",
            "Ana and Carla collected 2 points for a flor lost by folding",
            "Ana se lleva 2 puntos por una flor perdida al irse al mazo",
            "Ana collected 2 points for a flor lost by folding",
        ),
    ),
    (
        Event(EventKind.POINTS_MOVED, team=1, points=2, detail="algo"),
        (
            "equipo 1 se lleva 2 puntos algo",
            "team 1 collected 2 points algo",
            "Beto se lleva 2 puntos algo",
            "Beto collected 2 points algo",
            "Beto y Dani se llevan 2 puntos algo",
            "Beto and Dani collected 2 points algo",
            "equipo 1 se lleva 2 puntos algo",
            "team 1 collected 2 points algo",
        ),
    ),
    (
        Event(EventKind.HAND_WON, team=0),
        (
            "equipo 0 ganó la mano",
            "team 0 won the hand",
            "Ana ganó la mano",
            "Ana won the hand",
            "Ana y Carla ganaron la mano",
            "Ana and Carla won the hand",
            "Ana ganó la mano",
            "Ana won the hand",
        ),
    ),
    (
        Event(EventKind.HAND_WON, team=1),
        (
            "equipo 1 ganó la mano",
            "team 1 won the hand",
            "Beto ganó la mano",
            "Beto won the hand",
            "Beto y Dani ganaron la mano",
            "Beto and Dani won the hand",
            "equipo 1 ganó la mano",
            "team 1 won the hand",
        ),
    ),
    (
        Event(EventKind.HAND_ENDED),
        (
            "Terminó la mano",
            "The hand is over",
            "Terminó la mano",
            "The hand is over",
            "Terminó la mano",
            "The hand is over",
            "Terminó la mano",
            "The hand is over",
        ),
    ),
    (
        Event(EventKind.HAND_ENDED, detail="duel 0"),
        (
            "Terminó el duelo 1",
            "Duel 1 is over",
            "Terminó el duelo 1",
            "Duel 1 is over",
            "Terminó el duelo 1",
            "Duel 1 is over",
            "Terminó el duelo 1",
            "Duel 1 is over",
        ),
    ),
    (
        Event(EventKind.HAND_ENDED, detail="duel algo"),
        (
            "Terminó el duelo algo",
            "Duel algo is over",
            "Terminó el duelo algo",
            "Duel algo is over",
            "Terminó el duelo algo",
            "Duel algo is over",
            "Terminó el duelo algo",
            "Duel algo is over",
        ),
    ),
    (
        Event(EventKind.CHICO_WON, team=0),
        (
            "equipo 0 ganó el chico",
            "team 0 won the game (chico)",
            "Ana ganó el chico",
            "Ana won the game (chico)",
            "Ana y Carla ganaron el chico",
            "Ana and Carla won the game (chico)",
            "Ana ganó el chico",
            "Ana won the game (chico)",
        ),
    ),
    (
        Event(EventKind.CHICO_WON, team=1),
        (
            "equipo 1 ganó el chico",
            "team 1 won the game (chico)",
            "Beto ganó el chico",
            "Beto won the game (chico)",
            "Beto y Dani ganaron el chico",
            "Beto and Dani won the game (chico)",
            "equipo 1 ganó el chico",
            "team 1 won the game (chico)",
        ),
    ),
    (
        Event(EventKind.MATCH_OVER, team=0),
        (
            "Terminó el partido: ganó equipo 0",
            "The match is over: team 0 won",
            "Terminó el partido: ganó Ana",
            "The match is over: Ana won",
            "Terminó el partido: ganaron Ana y Carla",
            "The match is over: Ana and Carla won",
            "Terminó el partido: ganó Ana",
            "The match is over: Ana won",
        ),
    ),
    (
        Event(EventKind.MATCH_OVER),
        (
            "Terminó el partido: ganó nadie",
            "The match is over: nobody won",
            "Terminó el partido: ganó nadie",
            "The match is over: nobody won",
            "Terminó el partido: ganó nadie",
            "The match is over: nobody won",
            "Terminó el partido: ganó nadie",
            "The match is over: nobody won",
        ),
    ),
    (
        Event(EventKind.SHOWN, seat=1, team=1, points=27, card=Card.parse("7E"), detail="envido"),
        (
            "asiento 1 mostró el siete de espadas (27 de envido)",
            "seat 1 showed the seven of swords (27 of envido)",
            "Beto mostró el siete de espadas (27 de envido)",
            "Beto showed the seven of swords (27 of envido)",
            "Beto mostró el siete de espadas (27 de envido)",
            "Beto showed the seven of swords (27 of envido)",
            "asiento 1 mostró el siete de espadas (27 de envido)",
            "seat 1 showed the seven of swords (27 of envido)",
        ),
    ),
    (
        Event(EventKind.SURRENDERED, seat=1, team=1),
        (
            "asiento 1 se rindió",
            "seat 1 conceded the match",
            "Beto se rindió",
            "Beto conceded the match",
            "Beto se rindió",
            "Beto conceded the match",
            "asiento 1 se rindió",
            "seat 1 conceded the match",
        ),
    ),
]


def test_every_event_kind_is_pinned() -> None:
    assert {event.kind for event, _ in PINNED} == set(EventKind)


@pytest.mark.parametrize(("event", "texts"), PINNED, ids=[f"{e.kind.value}-{e.detail}" for e, _ in PINNED])
def test_describe_event_says_the_pinned_sentence(event: Event, texts: tuple[str, ...]) -> None:
    said = tuple(describe_event(event, lang, names) for names in NAMINGS for lang in ("es", "en"))
    assert said == texts


@pytest.mark.parametrize(
    "event",
    [
        Event(EventKind.CARD_PLAYED, 0),  # a card-played event without its card
        Event(EventKind.CARD_PLAYED, 0, card="1E"),  # type: ignore[arg-type]
        Event("sneezed", 0),  # type: ignore[arg-type]
        Event(EventKind.POINTS, team=0, points="2", detail="envido"),  # type: ignore[arg-type]
        Event(EventKind.CALLED, seat=0, detail=None),  # type: ignore[arg-type]
    ],
)
def test_describe_event_refuses_hand_made_events_that_are_not_events(event: Event) -> None:
    """A hand-made Event with a member of the wrong kind is an ArgumentError naming it, not an AssertionError."""
    from pytruco import ArgumentError

    with pytest.raises(ArgumentError, match=r"^describe_event needs an Event whose \w+ (is|are) .*, not "):
        describe_event(event, "en")


def test_a_trick_won_in_1v1_names_its_winner_once() -> None:
    """Issue 36 item 13: in 1v1 the team is its one player, so the sentence names the winner once ("Beto won the
    trick", never "Beto won the trick for Beto"); in 2v2 it says the team the trick is won for."""
    won = Event(EventKind.TRICK_WON, seat=1, team=1)
    assert describe_event(won, "en", ["Ana", "Beto"]) == "Beto won the trick"
    assert describe_event(won, "es", ["Ana", "Beto"]) == "Beto ganó la baza"
    assert describe_event(won, "en", ["Ana", "Beto", "Carla", "Dani"]) == "Beto won the trick for Beto and Dani"
    assert describe_event(won, "es", ["Ana", "Beto", "Carla", "Dani"]) == "Beto ganó la baza para Beto y Dani"
