"""Counts read as a Romanian player reads them, and the leftovers a new user noticed.

Romanian puts "de" between a number and its noun when the number's last two digits are 00 (and
it is not 0) or 20-99: "5 puncte", "19 puncte", "20 de puncte", "100 de puncte", "101 puncte",
"120 de puncte" (the catalogue's ``Plural-Forms``, third form; docs/translating.md). The
club bots' ``hint`` reasons tell their counts as plural messages ("over 1 deal", not "1 deals")
and the held sets in the reader's colour letters (G, A, N in Romanian); the Remi family's
timed prompt has its own message id (``remi.prompt_timer``, ``turn.timer_seconds``,
docs/rules.md §1.14)."""

from __future__ import annotations

import pytest

from remi.core.advice import Tiles, deals, points, reason_text
from remi.core.formations import parse_formation
from remi.core.messages import Messages
from remi.variants.remi_pe_tabla.turn import _prompt
from remi.variants.rummikub.actions import Draw
from remi.variants.rummikub.club_reasons import first_reason, replaced_reason
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.screens import initial_meld_text
from remi.variants.rummikub.views import view

from rummikit import deal

EN, RO = Messages("en"), Messages("ro")


@pytest.mark.parametrize(
    ("count", "english", "romanian"),
    [
        (1, "1 point", "1 punct"),
        (5, "5 points", "5 puncte"),
        (19, "19 points", "19 puncte"),
        (20, "20 points", "20 de puncte"),
        (30, "30 points", "30 de puncte"),
        (100, "100 points", "100 de puncte"),
        (101, "101 points", "101 puncte"),
        (119, "119 points", "119 puncte"),
        (120, "120 points", "120 de puncte"),
        (-500, "-500 points", "-500 de puncte"),
    ],
)
def test_points_take_de_from_20(count: int, english: str, romanian: str) -> None:
    assert EN.plural("count.points", count) == english
    assert RO.plural("count.points", count) == romanian
    assert points(count).render(RO) == romanian  # a reason's value (remi.core.advice)


def test_one_deal_is_singular_in_both_languages() -> None:
    # a 1-sample budget: "over 1 deal", "într-o împărțire" (not "1 deals", "în 1 împărțiri")
    assert deals(1).render(EN) == "over 1 deal of the hidden tiles"
    assert deals(1).render(RO) == "într-o împărțire a pieselor ascunse"
    assert deals(12).render(RO) == "în 12 împărțiri ale pieselor ascunse"
    assert deals(40).render(RO) == "în 40 de împărțiri ale pieselor ascunse"


@pytest.mark.parametrize(
    ("need", "romanian"),
    [(5, "la 5 puncte [initial_meld"), (19, "la 19 puncte ["), (30, "la 30 de puncte [")],
)
def test_no_initial_meld_reason_counts_the_points(need: int, romanian: str) -> None:
    # initial_meld.min_points (docs/rules.md §2.5) set to 5, 19 and the usual 30
    rules = RummikubRules(initial_meld_min_points=need)
    state = deal(["", "Y2"], pool="Y4 Y6", rules=rules)
    reason, values = first_reason(view(state, 0), Draw(0))
    assert reason == "hint.why.rk_no_meld"
    assert romanian in reason_text(RO, reason, values)
    assert f"reaches {need} points [" in reason_text(EN, reason, values)


def test_held_set_reason_in_romanian_letters_and_counts() -> None:
    # the club bot kept [Y7 Y8 Y9] and [K5 B5 R5] on the rack, 25.4 points ahead over 1 sample
    state = deal(["Y7 Y8 Y9 K5 B5 R5", "Y2"], pool="Y4 Y6")
    seen = view(state, 0)
    rules = seen.rules.formation_rules
    held = (parse_formation("Y7 Y8 Y9", rules), parse_formation("K5 B5 R5", rules))
    reason, values = replaced_reason(seen, ("held", held), 25.4, 1)
    assert reason == "hint.why.rk_hold_set"
    assert reason_text(RO, reason, values) == (
        "păstrând [G7 G8 G9] [R5 A5 N5] pe tablă scapi de o tragere într-o tură următoare și "
        "nu le dai celorlalți nimic de rearanjat: în medie cu +25 de puncte pe mână, "
        "într-o împărțire a pieselor ascunse."
    )
    assert reason_text(EN, reason, values) == (
        "keeping [Y7 Y8 Y9] [R5 B5 K5] on your rack saves a draw on a later turn and gives the "
        "others nothing to rearrange: ahead by 25 points a hand over 1 deal of the hidden tiles."
    )
    # a gain of 1 point over 3 samples: "1 point", "+1 punct"
    reason, values = replaced_reason(seen, ("points", ()), 1.2, 3)
    assert "ahead by 1 point a hand over 3 deals" in reason_text(EN, reason, values)
    assert "în medie cu +1 punct pe mână, în 3 împărțiri" in reason_text(RO, reason, values)


def test_tiles_value_is_its_canonical_text() -> None:
    # records and --json keep the canonical letters: only the told sentence changes them
    assert Tiles("[Y7 K13]") == "[Y7 K13]"
    assert reason_text(RO, "hint.why.discard", {"tile": Tiles("K13")}).startswith("N13")
    assert reason_text(EN, "hint.why.discard", {"tile": Tiles("K13")}).startswith("K13")


def test_remi_prompt_has_its_own_message() -> None:
    asked: list[str] = []

    class Recorder:
        def __call__(self, key: str, **values: object) -> str:
            asked.append(key)
            return EN(key, **values)

    assert _prompt(Recorder(), "Ana", 29.2) == "Ana [ 30 s]> "  # type: ignore[arg-type]
    assert asked == ["remi.prompt_timer"]
    assert _prompt(RO, "Ana", 5.0) == "Ana [  5 s]> "
    assert _prompt(RO, "Ana", None) == RO("prompt", name="Ana")


@pytest.mark.parametrize(("need", "said"), [(5, "5 puncte;"), (30, "30 de puncte;")])
def test_initial_meld_status_counts_in_romanian(need: int, said: str) -> None:
    rules = RummikubRules(initial_meld_min_points=need)
    assert f"de cel puțin {said}" in initial_meld_text(rules, RO)
    one = initial_meld_text(RummikubRules(initial_meld_min_points=1), EN)
    assert "worth at least 1 point;" in one


@pytest.mark.parametrize(
    ("hands", "romanian"),
    [(1, "o mână pe variantă"), (12, "12 mâini pe variantă"), (200, "200 de mâini pe variantă")],
)
def test_simulation_hands_in_romanian(hands: int, romanian: str) -> None:
    assert romanian in RO.plural("sim.v.bot", hands, bot="club")
    assert RO.plural("sim.progress", 200, done=37) == "simulare: 37/200 de mâini"
    assert EN.plural("sim.v.failures", 1).startswith("1 hand failed; it is written")


def test_remi_opening_line_counts() -> None:
    assert RO.plural("board.opening_need", 45) == (
        "Etalarea ta are nevoie de cel puțin 45 de puncte [opening.min_points]."
    )
    assert RO.plural("board.opening_need", 5) == (
        "Etalarea ta are nevoie de cel puțin 5 puncte [opening.min_points]."
    )


def test_romanian_rack_line_says_whose_rack() -> None:
    # "minus his rack K7": the player's own rack ("tabla sa"), not "the rack of K7" ("lui K7")
    assert RO("score.rk.rack", tiles="K7") == "minus tabla sa: K7"
    assert RO("score.rk.rack_joker", tiles="J K7", joker=30) == "minus tabla sa: J K7 (joker 30)"


def test_bot_time_range_reads_for_every_number() -> None:
    # 0.001 to 600 seconds (bot settings): no noun after the number ("600 de secunde")
    assert RO("bot.expect.seconds", low="0.001", high="600") == (
        "un timp în secunde, de la 0.001 la 600, de exemplu 0.2s sau 200ms"
    )


def test_user_counts_in_errors_take_no_noun_after_them() -> None:
    # counts the user types (--bot given 20 times): "20 locuri" would need "de", so the
    # Romanian errors give them in brackets or after a colon
    assert RO("play.too_many_seats", given=20, players=4) == (
        "locuri date cu --human/--bot: 20, dar --players 4"
    )
    assert "boții dați cu --bot (20) ocupă toate locurile (4)" in RO(
        "play.no_seat_for_you", bots=20, seats=4
    )
    assert "(table: 25, jucători: 4)" in RO("error.record.rack_count", racks=25, players=4)
