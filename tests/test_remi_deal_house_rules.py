"""The deal's house rules of Remi clubs (docs/rules.md §1.14): ``deal.method`` (the 15x7 wall),
``atu.tile`` and ``deal.doubles_exchange``, one test per rule id, named after it, played through
``apply``, the default and the house values side by side."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from remi.core.errors import RulesError
from remi.core.events import public_events
from remi.core.notation import parse_tiles
from remi.core.position import format_position, read_position
from remi.core.presets import load_rules
from remi.core.record_files import dump_record, load_record
from remi.core.record_setup import start_state
from remi.core.records import GameRecord, PlayerEntry, now_iso
from remi.core.replay import replay
from remi.core.tiles import FULL_SET, Tile, sort_tiles
from remi.variants.remi_pe_tabla.actions import Accept, Offer, Pass, parse_action
from remi.variants.remi_pe_tabla.engine import apply, transition
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game
from remi.variants.remi_pe_tabla.variant import VARIANT
from remi.variants.remi_pe_tabla.views import view
from remi.variants.remi_pe_tabla.wall import wall_deal

from gamekit import DEFAULT, refused, run, stacked


def _rules(**values: object) -> RemiRules:
    return load_rules("remi-pe-tabla", {k.replace("__", "."): v for k, v in values.items()})


def _all_listed_apply(state: GameState) -> None:
    for action in legal_actions(state):
        apply(state, action)


def _wall_by_hand(tiles: list[Tile], players: int) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
    """The wall deal of docs/rules.md §1.14 as a table does it, stack by stack."""
    stacks = [tiles[7 * i : 7 * i + 7] for i in range(15)]
    spare = tiles[105]
    count = 15 if spare.is_joly else spare.number  # stacks counted from the wall's start
    cut = count - 1
    nxt = count % 15
    stacks[nxt] = [stacks[cut][0], *stacks[nxt]]  # the displaced top tile, face down
    stacks[cut] = [spare, *stacks[cut][1:]]  # the spare, face up
    dealt = [(nxt + i) % 15 for i in range(2 * players)]
    racks = [sort_tiles(stacks[dealt[s]] + stacks[dealt[players + s]]) for s in range(players)]
    rest = [(nxt + 2 * players + i) % 15 for i in range(15 - 2 * players)]
    return racks, [t for i in rest for t in stacks[i]]


def test_deal_method() -> None:
    wall = _rules(deal__method="wall", atu__enabled=True)
    for seed, players in ((3, 2), (11, 3), (40, 4)):
        tiles = list(FULL_SET)
        random.Random(seed).shuffle(tiles)  # the seeded shuffle of the deal
        racks, stock = _wall_by_hand(tiles, players)
        state = new_game(wall, players, seed=seed)
        assert [p.rack for p in state.players] == racks
        assert list(state.stock) == stock and len(stock) == 106 - 15 - 14 * (players - 1)
        assert state.atu == tiles[105]  # the spare is the atu, on top of the stock's last stack
        assert state.stock[-7] == state.atu
        # the shuffle deals the same tiles in another way; the wall is the same whatever atu
        plain = new_game(DEFAULT, players, seed=seed)
        assert [p.rack for p in plain.players] != racks
        no_atu = new_game(_rules(deal__method="wall"), players, seed=seed)
        assert no_atu.atu is None and no_atu.stock == state.stock
        # play goes on from the wall: p2 draws the top of the stack after the last one dealt
        after = run(state, f"p1 discard {state.players[0].rack[0]}", "p2 draw")
        assert Counter(after.players[1].rack) - Counter(racks[1]) == Counter([stock[0]])
        _all_listed_apply(after)
    # a joly spare counts 15: the last stack is cut and the first stack goes to p1
    tiles = list(FULL_SET)
    tiles.remove(Tile.parse("J"))
    tiles.append(Tile.parse("J"))
    racks, stock, atu_at = wall_deal(tiles, 2)
    assert racks[0] == sort_tiles([tiles[98], *tiles[0:7], *tiles[14:21]])
    assert stock[atu_at].is_joly and len(stock) == 77
    with pytest.raises(RulesError, match=r"deal\.method"):
        _rules(deal__method="wall", deal__other_player_tiles=13)


def _closing_deal(rules: RemiRules) -> GameState:
    """p1 opens [R2..R11] [K7 Y7 B7] and ends his second turn with K5 alone; the atu is R12."""
    p1 = "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K7 Y7 B7 K5 K9"
    p2 = "Y2 Y4 Y6 Y8 Y10 Y12 B2 B4 B6 B8 B10 B12 K2 K13"
    top = parse_tiles("K11 B1 Y1 B3 Y3 B5")
    rest = Counter(FULL_SET) - Counter(parse_tiles(f"{p1} {p2}")) - Counter(top)
    rest -= Counter([Tile.parse("R12")])
    stock = [*top, *sorted(rest.elements(), key=lambda t: t.code), Tile.parse("R12")]
    state = new_game(rules, racks=[parse_tiles(p1), parse_tiles(p2)], stock=stock)
    return run(
        state,
        "p1 discard K9",
        "p2 draw",
        "p2 discard K11",
        "p1 draw",  # B1
        "p1 meld [R2 R3 R4 R5 R6 R7 R8 R9 R10 R11] [K7 Y7 B7]",
        "p1 announce",
        "p1 discard B1",
        "p2 draw",
        "p2 discard Y1",
    )


def test_atu_tile() -> None:
    stock_rules = _rules(atu__enabled=True)
    state = _closing_deal(stock_rules)
    assert state.atu == Tile.parse("R12") and state.stock[-1] == state.atu  # drawn when reached
    refused(state, "p1 take atu", "atu.tile")
    closing = _rules(atu__enabled=True, atu__tile="closing")
    state = _closing_deal(closing)
    assert state.atu_aside and state.stock.count(state.atu) == 1  # its twin is still there
    assert sum(state.all_tiles().values()) == 106
    assert [str(a) for a in legal_actions(state)].count("p1 take atu") == 1
    refused(state, "p2 take atu", "turn.order")
    taken = run(state, "p1 take atu")
    refused(taken, "p1 discard R12", "atu.tile")  # he keeps K5: no close
    _all_listed_apply(taken)
    undone = run(taken, "p1 undo")
    assert undone.atu_aside and undone.phase is Phase.TAKE and undone.players == state.players
    closed = run(taken, "p1 layoff 1 R12", "p1 discard K5")
    assert closed.result is not None and closed.result.closed_by == 0
    # p2, with 14 tiles, may not take it; nor may anyone when it stays on the table
    p2_turn = run(state, "p1 draw", "p1 discard K5")
    assert "p2 take atu" not in [str(a) for a in legal_actions(p2_turn)]
    refused(p2_turn, "p2 take atu", "atu.tile")
    table = _closing_deal(_rules(atu__enabled=True, atu__tile="table"))
    assert table.atu_aside and len(table.stock) == len(state.stock)
    assert "p1 take atu" not in [str(a) for a in legal_actions(table)]
    refused(table, "p1 take atu", "atu.tile")
    # the atu's face is public, so is its take; the position notation keeps it aside
    _, events = transition(state, parse_action("p1 take atu"))
    assert str(public_events(events)[0]) == "p1 took the atu R12"
    text = format_position(VARIANT, state)
    assert "atu R12 aside" in text and read_position(text)[1] == state


def _exchange_deal(rules: RemiRules) -> GameState:
    p1 = "R5 R5 R1 R1 Y2 Y4 Y6 Y8 Y10 Y12 B2 B4 B6 B8 B10"
    p2 = "K7 K7 K12 K12 R2 R4 R6 R8 R10 Y1 Y3 Y5 Y7 Y9"
    p3 = "B1 B3 B5 B7 B9 B11 B13 K1 K3 K5 K9 K11 K13 R3"
    return stacked([p1, p2, p3], rules=rules)


def test_deal_doubles_exchange() -> None:
    plain = _exchange_deal(DEFAULT)
    assert plain.phase is Phase.FIRST_DISCARD
    refused(plain, "p1 offer R5 p2", "deal.doubles_exchange")
    same = _exchange_deal(_rules(deal__doubles_exchange="same_category"))
    assert same.phase is Phase.EXCHANGE and same.current == 0
    assert {str(a) for a in legal_actions(same)} == {
        "p1 pass",
        *(f"p1 offer {t} p{s}" for t in ("R1", "R5") for s in (2, 3)),
    }
    refused(same, "p1 offer Y2 p2", "deal.doubles_exchange")  # not a double
    refused(same, "p1 offer R5 p1", "deal.doubles_exchange")  # not to himself
    refused(same, "p1 discard Y2", "deal.doubles_exchange")  # play has not started
    offered, events = transition(same, parse_action("p1 offer R5 p2"))
    assert offered.current == 1 and offered.players == same.players  # face down until answered
    assert str(public_events(events)[0]) == "p1 offered a tile of a double to p2"
    assert events[0].params()["player"] == "p1" and events[0].category == "small"
    assert [str(a) for a in legal_actions(offered)] == ["p2 pass", "p2 accept K7"]
    refused(offered, "p2 accept K12", "deal.doubles_exchange")  # a big double for a small one
    refused(offered, "p2 accept R2", "deal.doubles_exchange")  # not a double
    done, events = transition(offered, parse_action("p2 accept K7"))
    assert Counter(done.players[0].rack) - Counter(same.players[0].rack) == Counter(
        parse_tiles("K7")
    )
    assert Counter(done.players[1].rack) - Counter(same.players[1].rack) == Counter(
        parse_tiles("R5")
    )
    seen = [str(e.for_player(seat)) for seat in range(3) for e in events]
    assert seen == ["p2 gave K7 to p1 for R5"] * 2 + ["p2 exchanged a double with p1"]
    assert done.current == 1 and done.phase is Phase.EXCHANGE  # p2's own offer turn
    assert "p2 offer K12 p3" in [str(a) for a in view(done, 1).legal]
    text = format_position(VARIANT, offered)
    assert "offer=p1>p2:R5" in text and read_position(text)[1] == offered
    assert "R5" not in format_position(VARIANT, offered, 1).split("turns=0")[0]
    _all_listed_apply(done)
    started = run(done, "p2 pass", "p3 pass")
    assert started.phase is Phase.FIRST_DISCARD and started.current == 0
    refused(started, "p2 pass", "turn.order")
    # free: any double answers; a refusal leaves both racks as they were
    free = run(_exchange_deal(_rules(deal__doubles_exchange="free")), "p1 offer R1 p2")
    assert [str(a) for a in legal_actions(free)] == ["p2 pass", "p2 accept K7", "p2 accept K12"]
    swapped = run(free, "p2 accept K12")
    assert Tile.parse("K12") in swapped.players[0].rack
    refusal = run(free, "p2 pass")
    assert refusal.players == free.players and refusal.current == 1 and refusal.offer is None
    for action in (Offer(0, Tile.parse("R5"), 2), Accept(1, Tile.parse("K7")), Pass(2)):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("kind", ["greedy", "solver", "club"])
def test_bots_play_the_deal_house_rules(kind: str) -> None:
    """Every strategy plays a hand under the three rules; it exchanges only a spare copy."""
    from remi.bots import check_bots, make_bot, play_hand

    rules = _rules(
        deal__method="wall",
        deal__doubles_exchange="same_category",
        atu__enabled=True,
        atu__tile="closing",
    )
    check_bots([kind], rules)
    lines: list[str] = []
    for seed in range(2):
        state = new_game(rules, 3, seed=seed)
        bots = [make_bot(kind, seat) for seat in range(3)]
        end, *_ = play_hand(state, bots, on_action=lambda b, a, c: lines.append(str(a)))
        assert end.phase is Phase.ENDED
    assert any(" offer " in line for line in lines) and any(" accept " in line for line in lines)


@pytest.mark.parametrize("atu_tile", ["stock", "closing", "table"])
def test_deal_method_and_atu_tile_records_round_trip(tmp_path: Path, atu_tile: str) -> None:
    """A record of a wall deal (its racks and stock written out) deals the same hand back,
    the atu included, and replays its exchange of doubles and its actions to the same state."""
    overrides = {
        "deal.method": "wall",
        "deal.doubles_exchange": "free",
        "atu.enabled": "true",
        "atu.tile": atu_tile,
    }
    rules = load_rules("remi-pe-tabla", overrides)
    start = new_game(rules, 2, seed=5)
    state = start
    lines = []
    for _ in range(12):  # the exchange phase, p1's first discard, a few turns
        action = legal_actions(state)[-1 if state.phase is Phase.EXCHANGE else 0]
        lines.append(str(action))
        state = apply(state, action)
    record = GameRecord(
        preset="remi-pe-tabla",
        overrides=tuple(overrides.items()),
        players=(PlayerEntry("Ana", "human"), PlayerEntry("Bob", "human")),
        seed=5,
        actions=tuple(lines),
        created=now_iso(),
    )
    path = tmp_path / "game.json"
    dump_record(record, path)
    loaded = load_record(path)
    assert loaded.deal is not None and start_state(loaded) == start
    back = replay(loaded)
    assert back.error is None and back.state == state


def test_deal_doubles_exchange_hides_the_offered_tile() -> None:
    """Two offers that differ only in the tile offered look the same to every other seat (view,
    position, events), and views along a game under the three rules pass the soak's checker."""
    same = _exchange_deal(_rules(deal__doubles_exchange="free"))
    one, ev_one = transition(same, parse_action("p1 offer R1 p2"))
    five, ev_five = transition(same, parse_action("p1 offer R5 p2"))
    for seat in (1, 2):
        assert view(one, seat) == view(five, seat)
        assert format_position(VARIANT, one, seat) == format_position(VARIANT, five, seat)
        assert [e.for_player(seat) for e in ev_one] == [e.for_player(seat) for e in ev_five]
    assert "offer=p1>p2:R1" in format_position(VARIANT, one, 0)  # the offerer sees his tile
    from test_hidden_information import soak

    rules = _rules(
        deal__method="wall",
        deal__doubles_exchange="same_category",
        atu__enabled=True,
        atu__tile="closing",
    )
    state = new_game(rules, 3, seed=8)
    rng = random.Random(8)
    for step in range(400):
        if state.phase is Phase.ENDED:
            break
        if step % 5 == 0:
            assert len(soak.check_views(VARIANT, state, "wall")) == 3
        state = apply(state, rng.choice(legal_actions(state)))
