"""The "since your last turn" notes built from events (``Variant.describe``), in English and Romanian.

The scripted Remi hand of ``test_events`` (a stacked deal: openings, a șir break, a lay-off on the
other player's formation, an undo, a joly swap, the closing) told to the other player, with the
players' names; a drawn tile named to its owner only; the plural forms of both languages ("o
piesă", "2 piese", "20 de piese"); the Rummikub-style notes keep their texts.
"""

from __future__ import annotations

import pytest
from test_events import HAND, P1, P2, STOCK

from remi.cli.messages import messages
from remi.core.events import Event, public_events
from remi.core.formations import parse_formation
from remi.core.messages import plural_category
from remi.core.notation import parse_tiles
from remi.core.tiles import JOLY, Tile
from remi.core.variant import get_variant
from remi.variants.remi_pe_tabla.actions import parse_action
from remi.variants.remi_pe_tabla.events import LaidOff, Took, Undone
from remi.variants.rummikub.events import Drew as RkDrew
from remi.variants.rummikub.events import Passed as RkPassed
from remi.variants.rummikub.events import PenaltyDrawn, Played, TimedOut, Won

from gamekit import stacked

T = Tile.parse
NAMES = ("Ana", "Bogdan")
REMI = get_variant("remi")

#: The note of each action of HAND that the other player reads, by action line.
EXPECTED = {
    "en": {
        "p1 discard B4": "discarded B4",
        "p2 draw": "drew a tile from the stock",
        "p1 meld [R5 J R7] [R10 Y10 B10]": "laid [R5 J R7] [R10 Y10 B10] (formations 1, 2)",
        "p1 discard K4": "discarded K4; completed his opening (etalare) with 45 points",
        "p1 take 2": "took K5 from the șir (position 2) and the 2 tiles after it",
        "p1 meld [K4 K5 K6 K7 K8]": "laid [K4 K5 K6 K7 K8] (formation 5)",
        "p1 layoff 3 Y10": "attached Y10 to Bogdan's formation 3 (lipire)",
        "p2 undo": "took back 1 action",
        "p2 swap 1 R6": "swapped the joly of Ana's formation 1 for R6",
        "p2 announce": "announced",
        "p2 layoff 6 K10": "attached K10 to his own formation 6 (lipire)",
        "p2 discard R2": "discarded R2; closed (închidere)",
    },
    "ro": {
        "p1 discard B4": "a aruncat B4",
        "p2 draw": "a tras o piesă din grămadă",
        "p1 meld [R5 J R7] [R10 Y10 B10]": "a etalat [R5 J R7] [R10 Y10 B10] (formațiile 1, 2)",
        "p1 discard K4": "a aruncat K4; și-a încheiat etalarea cu 45 de puncte",
        "p1 take 2": "a luat K5 din șir (poziția 2) și cele 2 piese de după",
        "p1 meld [K4 K5 K6 K7 K8]": "a etalat [K4 K5 K6 K7 K8] (formația 5)",
        "p1 layoff 3 Y10": "a lipit Y10 la formația 3 a jucătorului Bogdan",
        "p2 undo": "a anulat o acțiune",
        "p2 swap 1 R6": "a schimbat jolyul cu R6 la formația 1 a jucătorului Ana",
        "p2 announce": "a anunțat",
        "p2 layoff 6 K10": "a lipit K10 la propria formație 6",
        "p2 discard R2": "a aruncat R2; a închis",
    },
}


def _notes(lang: str) -> dict[str, str]:
    """The note of each action line of HAND (the last one of a repeated line) as the other
    player reads it."""
    m = messages(lang)
    state = stacked([P1, P2], STOCK)
    out = {}
    for line in HAND:
        state, events = REMI.transition(state, parse_action(line))
        out[line] = REMI.describe(public_events(events), NAMES, m)
    return out


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_scripted_hand_notes_for_the_other_player(lang: str) -> None:
    notes = _notes(lang)
    for line, text in EXPECTED[lang].items():
        assert notes[line] == text, line


def test_a_drawn_tile_is_named_to_its_owner_only() -> None:
    m = messages("en")
    state = stacked([P1, P2], STOCK)
    state, _ = REMI.transition(state, parse_action("p1 discard B4"))
    _, events = REMI.transition(state, parse_action("p2 draw"))  # K5, the top of the stock
    assert REMI.describe(events, NAMES, m) == "drew K5 from the stock"
    assert REMI.describe(public_events(events), NAMES, m) == "drew a tile from the stock"
    assert REMI.describe(public_events(events), NAMES, messages("ro")) == (
        "a tras o piesă din grămadă"
    )


@pytest.mark.parametrize(
    ("lang", "count", "category"),
    [
        ("en", 1, "one"),
        ("en", 0, "other"),
        ("en", 2, "other"),
        ("en", 20, "other"),
        ("ro", 1, "one"),
        ("ro", 0, "few"),
        ("ro", 2, "few"),
        ("ro", 19, "few"),
        ("ro", 20, "other"),
        ("ro", 45, "other"),
        ("ro", 101, "few"),
        ("ro", 119, "few"),
        ("ro", 120, "other"),
    ],
)
def test_plural_category(lang: str, count: int, category: str) -> None:
    assert plural_category(lang, count) == category


def test_romanian_counts_take_de_from_twenty() -> None:
    ro = messages("ro")
    after = parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7")
    assert len(after) == 20
    took = Took(seat=1, tile=T("K10"), position=7, after=after)
    assert REMI.describe((took,), NAMES, ro) == (
        "a luat K10 din șir (poziția 7) și cele 20 de piese de după"
    )
    one = Took(seat=1, tile=T("K10"), position=7, after=(T("R3"),))
    assert REMI.describe((one,), NAMES, ro) == "a luat K10 din șir (poziția 7) și piesa de după"
    last = Took(seat=1, tile=T("K10"), position=7)
    assert REMI.describe((last,), NAMES, ro) == "a luat K10 din șir (poziția 7)"
    assert REMI.describe((Undone(0, 2),), NAMES, ro) == "a anulat 2 acțiuni"
    assert REMI.describe((Undone(0, 2),), NAMES, messages("en")) == "took back 2 actions"


def test_lay_offs_on_one_formation_are_one_sentence_and_a_joly_says_what_it_stands_for() -> None:
    events: tuple[Event, ...] = (
        LaidOff(
            seat=0, tile=JOLY, formation_number=2, owner_seat=1, end="back", stands_for=T("R8")
        ),
        LaidOff(seat=0, tile=T("R9"), formation_number=2, owner_seat=1, end="back"),
        LaidOff(seat=0, tile=T("B4"), formation_number=3, owner_seat=0),
    )
    assert REMI.describe(events, NAMES, messages("en")) == (
        "attached J (as R8) R9 to Bogdan's formation 2 (lipire); "
        "attached B4 to his own formation 3 (lipire)"
    )
    assert REMI.describe(events, NAMES, messages("ro")) == (
        "a lipit J (ca R8) R9 la formația 2 a jucătorului Bogdan; a lipit B4 la propria formație 3"
    )


def test_rummikub_notes_keep_their_texts() -> None:
    """A Rummikub-style turn in words, in the past tense as Remi's events are ("took", "drew";
    perfect compus in Romanian: "a pus", "a tras")."""
    rk = get_variant("rummikub")
    en, ro = messages("en"), messages("ro")
    before = (parse_formation("K1 K2 K3"), parse_formation("Y6 Y7 Y8"))
    after = (
        parse_formation("K1 K2 K3"),
        parse_formation("Y6 Y7 Y8 Y9"),
        parse_formation("R7 R8 R9"),
    )
    played = Played(
        seat=0, table_before=before, table_after=after, tiles=parse_tiles("R7 R8 R9 Y9")
    )
    # the tiles, then the sets they made or changed (the unchanged [K1 K2 K3] left out)
    assert rk.describe((played,), NAMES, en) == "played R7 R8 R9 Y9 into [Y6 Y7 Y8 Y9] [R7 R8 R9]"
    assert rk.describe((played, Won(0)), NAMES, en) == (
        "played R7 R8 R9 Y9 into [Y6 Y7 Y8 Y9] [R7 R8 R9] and went out"
    )
    assert rk.describe((played, Won(0)), NAMES, ro) == (
        "a pus R7 R8 R9 Y9 în [Y6 Y7 Y8 Y9] [R7 R8 R9] și a închis"
    )
    assert rk.describe(public_events((RkDrew(0, T("K3")),)), NAMES, en) == "drew a tile"
    assert rk.describe(public_events((RkDrew(0, T("K3")),)), NAMES, ro) == "a tras o piesă"
    assert rk.describe((RkPassed(0),), NAMES, en) == "passed (the pool was empty)"
    assert rk.describe((RkPassed(0),), NAMES, ro) == "a trecut (grămada era goală)"
    penalty = PenaltyDrawn(seat=0, count=3, tiles=parse_tiles("R1 R2 R3"), reason="invalid")
    assert rk.describe(public_events((penalty,)), NAMES, en) == (
        "invalid table at done: restored, 3 penalty tiles"
    )
    last = PenaltyDrawn(seat=0, count=1, tiles=(T("R1"),), reason="timeout")
    assert rk.describe(public_events((TimedOut(0), last)), NAMES, en) == (
        "time ran out: restored, 1 penalty tile"
    )
    assert rk.describe(public_events((TimedOut(0), last)), NAMES, ro) == (
        "timpul a expirat, masa a fost refăcută: o piesă de penalizare"
    )
