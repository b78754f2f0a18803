"""What a new player read wrong on the Remi board at 80x24: the header cut after "changed:"
(the rules changed by ``--set`` hidden), the status offering to take from the șir and to lay
formations in the first round, when neither is allowed yet (``turn.meld_from``, docs/rules.md
§1.3), and the șir's first tile called dead under ``sir.first_discard_dead = false``. The
line mode's screen uses the same words (``remi.variants.remi_pe_tabla.screens``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from boardkit import enter, make_board, settle, shows, sir_break_record

from remi.cli.hands import new_record
from remi.cli.messages import messages
from remi.core.presets import load_rules
from remi.core.records import HUMAN, PlayerEntry
from remi.variants.remi_pe_tabla.screens import phase_text, sir_title
from remi.variants.remi_pe_tabla.state import new_game
from remi.variants.remi_pe_tabla.views import view

#: Two people, hot-seat (a cover at each hand-over, confirmed with Enter).
PEOPLE = (PlayerEntry("Ana", HUMAN), PlayerEntry("Bogdan", HUMAN))


async def test_header_wraps_to_show_the_changed_rules_at_80_columns() -> None:
    """Two rules changed by ``--set``: both names and values are on the screen at 80x24 (the
    header takes a second line), and the rack and the key line are still there."""
    overrides = {"opening.min_points": "50", "sir.first_discard_dead": "false"}
    app = make_board(new_record("remi-pe-tabla", overrides, PEOPLE, 5, False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        assert shows(app, "changed: opening.min_points=50, sir.first_discard_dead=false")
        assert shows(app, "Your rack (15, sorted by colour)") and shows(app, "^q Quit")


async def test_first_round_status_says_draw_then_discard(tmp_path: Path) -> None:
    """Bogdan's first turn (the first round, ``turn.meld_from = first_round``): the status
    offers the draw only, then the discard only, as the engine allows; his second turn offers
    the take and the laying again."""
    app = make_board(sir_break_record(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        for line in ["", "discard B4", ""]:
            await enter(pilot, app, line)
        assert shows(app, "Turn: Bogdan — draw from the stock (no taking from the șir in")
        await enter(pilot, app, "take")
        assert shows(app, "[turn.meld_from]")  # refused, as the status said
        await enter(pilot, app, "draw")
        assert shows(app, "Turn: Bogdan — discard (no laying in the first round)")
        for line in ["discard K5", "", "draw"]:  # the first round is over (2 players)
            await enter(pilot, app, line)
        assert shows(app, "Turn: Ana — lay formations (etalare), attach (lipire), then discard")


@pytest.mark.parametrize(
    ("dead", "lang", "title", "first"),
    [
        (
            True,
            "en",
            "Șir (discard row; tile 1 is dead)",
            "first discard (it starts the șir and is dead)",
        ),
        (False, "en", "Șir (discard row)", "first discard (it starts the șir)"),
        (
            True,
            "ro",
            "Șirul (piesa 1 e moartă)",
            "prima aruncare (începe șirul și nu poate fi luată)",
        ),
        (False, "ro", "Șirul", "prima aruncare (începe șirul)"),
    ],
)
def test_sir_title_and_first_discard_follow_the_dead_tile_rule(
    dead: bool, lang: str, title: str, first: str
) -> None:
    """``sir.first_discard_dead`` true (the default) or false, in both languages."""
    rules = load_rules("remi-pe-tabla", {"sir.first_discard_dead": str(dead).lower()})
    seen = view(new_game(rules, 2, seed=5), 0)
    m = messages(lang)
    assert sir_title(seen, m) == title and phase_text(seen, m) == first


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_live_first_tile_is_not_called_dead_on_the_board(lang: str) -> None:
    """``sir.first_discard_dead = false``: the board never says the first tile is dead."""
    app = make_board(
        new_record("remi-pe-tabla", {"sir.first_discard_dead": "false"}, PEOPLE, 5, False),
        lang=lang,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        dead = {"en": "is dead", "ro": "e moartă"}[lang]
        assert shows(app, "Șir") and not shows(app, dead)
