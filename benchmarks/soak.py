"""Soak run: many seeded bot games of one variant, every invariant checked after every action.

    python benchmarks/soak.py --games 2000 --variant remi [--bots random,greedy] [--seed 0]
                              [--jobs 2] [--out soak-failures] [--max-seconds 1800] [--keep-going]
                              [--preset-only]

Each game ``i`` is dealt with seed ``S + i`` for 2, 3 or 4 players (cycling), each seat gets a
bot kind drawn from ``--bots`` (seeded), the family's house rules (``HOUSE_RULES``) get values
drawn from the seed, and the hand is played to its end with
the bots (``remi.bots.make_bot``) through the variant interface: the loop of
``remi.bots.play_hand``, written out so that each view is built once, checked and then shown
to the bot. After every action:

- the bot's action text parses back to the same action (``variant.parse_action``), and the
  action passes ``variant.check`` (run by ``apply``; for the random bot: an action
  ``legal_actions`` listed);
- tile conservation: ``variant.tile_counts(state)`` is the 106-tile set;
- information hiding: for every seat, the objects reachable from ``variant.view(state, seat)``
  (attrs fields, tuples, lists, sets, dicts) hold no state object, no other player's rack
  (same tuple object or equal tiles in rack or sorted order; the hand over, racks are public)
  and no stock/pool order (same object or an equal tuple of two or more tiles).

The Remi family also soaks its house rules (docs/rules.md §1.14): every other game draws a
random value of each house rule id, and one game in four is dealt so that runs of 12 and 13
tiles are likely (``house_setup``; ``--preset-only`` turns both off). The record carries the
overrides and the stacked deal, so a failure replays as it was played.

At the end of the game: the record (seed + action lines) survives JSON (``record_to_json`` ->
``parse_record``), and ``remi.core.replay.replay`` re-plays its action texts to the same final
state and the same scores (with every text parsing back to its action and ``apply`` a pure
function, the replay passes through every intermediate state again).

``--view-every K`` checks the views of every seat after every K-th action only (and at the
end): the bots still see a fresh view every turn. The default, 1, checks after every action.

On a failure (a broken invariant, an engine exception, a bot that chose an illegal action) the
game is written as a replayable record ``<out>/soak-<variant>-<seed>.json`` (``dump_record``:
seed, players, action lines up to and including the failing one) with the message beside it
in ``.txt``; the run exits 1 (after the first failure unless ``--keep-going``). Replay it with
``remi replay FILE`` or ``remi.core.replay.replay(load_record(FILE))``; docs/testing.md.

Exit codes: 0 every game passed, 1 a failure, 2 bad arguments.
"""

from __future__ import annotations

import argparse
import enum
import functools
import importlib.util
import itertools
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from remi.bots import BOT_KINDS, make_bot
from remi.core.errors import RemiError
from remi.core.formations import Formation
from remi.core.notation import format_tiles
from remi.core.presets import load_rules
from remi.core.record_files import dump_record, parse_record
from remi.core.record_setup import complete_record
from remi.core.records import GameRecord, PlayerEntry, StackedDeal, now_iso, record_to_json
from remi.core.replay import replay
from remi.core.rulespec import RuleSet
from remi.core.summary import TileZones
from remi.core.tiles import FULL_SET, Tile
from remi.core.variant import Variant, get_variant

DEFAULT_PRESET = {"remi": "remi-pe-tabla", "rummikub": "rummikub"}
#: Per family, the true/false house-rule ids each game sets at random (seeded by the game's
#: seed; the record carries them as overrides). Not with a ``solver`` seat: the Rummikub solver
#: bot refuses these values (docs/rules.md §2.6).
HOUSE_RULES = {"rummikub": ("table.keep_three", "joker.locks_meld", "run.ace_high")}
FULL = Counter(FULL_SET)
MAX_ACTIONS = 100_000


class Violation(Exception):
    """An invariant broken during a soak game (the message says which, at which action)."""


@attrs.frozen(kw_only=True)
class GameOutcome:
    """One soak game: its seed, how many actions it had, and the failure message (or ``""``)."""

    seed: int
    actions: int
    failure: str = ""
    record_path: str = ""


# --- invariants ----------------------------------------------------------------------------------


_LEAF_TYPES = frozenset({str, int, float, bool, type(None), bytes, Tile})
_WALKED: set[type] = set()  # classes seen holding tiles: not tried as tile-free again
_FIELDS: dict[type, tuple[str, ...] | None] = {}


#: Fields holding tiles that are not tiles anybody holds, derived from fields that are walked:
#: ``Formation.identities`` names the tile each joly stands for (from the formation's own
#: colours and ranks). A legal play ``[K1 K2 J]`` has identities ``K1 K2 K3``; when another
#: player holds exactly K1 K2 K3 that equality is a coincidence, not a leak (soak seed 300880).
_DERIVED_TILES: frozenset[tuple[type, str]] = frozenset({(Formation, "identities")})


def _fields(cls: type) -> tuple[str, ...] | None:
    """The attrs field names of ``cls``, plus the properties of view classes (plain data such
    as ``PlayerView.my_turn``), or None when ``cls`` is not an attrs class. The properties of
    value classes (formations, actions, table entries) are derived from their fields, which are
    walked, so they are not entered again; nor are the derived tile fields (``_DERIVED_TILES``)."""
    names = _FIELDS.get(cls, ())
    if names == ():
        if attrs.has(cls):
            props = sorted(
                {n for k in cls.__mro__ for n, v in vars(k).items() if isinstance(v, property)}
                if cls.__module__.endswith(".views")
                else ()
            )
            names = tuple(
                a.name for a in attrs.fields(cls) if (cls, a.name) not in _DERIVED_TILES
            ) + tuple(props)
        else:
            names = None
        _FIELDS[cls] = names
    return names


_TILE_FREE: dict[int, Any] = {}  # id -> object (kept alive) of frozen objects holding no tile


def _tile_free(obj: Any) -> bool:
    """True for a frozen attrs object (a rule set, a point table...) from which no tile and no
    mutable container is reachable: such a subtree can hide nothing, so ``reachable`` skips it.
    Memoised by identity (the objects are kept alive, so ids are not reused)."""
    if id(obj) in _TILE_FREE:
        return True
    cls = type(obj)
    if not attrs.has(cls) or getattr(cls, "__setattr__", None) is object.__setattr__:
        return False
    names = _fields(cls) or ()
    for name in names:
        value = getattr(obj, name)
        kind = type(value)
        if kind is Tile or kind in (list, dict, set):
            return False
        if kind in _LEAF_TYPES or isinstance(value, enum.Enum):
            continue
        if kind is tuple or kind is frozenset:
            if any(type(x) is Tile or type(x) not in _LEAF_TYPES for x in value):
                return False
            continue
        if not _tile_free(value):
            return False
    if len(_TILE_FREE) > 50_000:
        _TILE_FREE.clear()
    _TILE_FREE[id(obj)] = obj
    return True


def reachable(root: Any, public: frozenset[int] = frozenset()) -> list[Any]:
    """Every non-leaf object reachable from ``root`` through attrs fields and properties, tuples,
    lists, sets and dicts (leaves: str, int, tiles, float, bool, None, bytes; an enum member is
    reached but not entered; a frozen object holding no tile at all, like the rule set, is
    reached but not entered, see ``_tile_free``). Objects whose ids are in ``public`` (the
    state's own table formations, made of tiles every player sees) are reached but not entered:
    a legal-play list repeats them once per play."""
    leaf = _LEAF_TYPES
    seen: set[int] = set()
    out: list[Any] = []
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        out.append(obj)
        cls = type(obj)
        if id(obj) in _TILE_FREE or id(obj) in public:
            continue
        if cls not in _WALKED:
            if _tile_free(obj):
                continue
            _WALKED.add(cls)
        if cls is tuple or cls is list or cls is set or cls is frozenset:
            stack.extend([x for x in obj if type(x) not in leaf])
            continue
        names = _fields(cls)
        if names is not None:
            stack.extend([v for v in (getattr(obj, n) for n in names) if type(v) not in leaf])
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend([x for x in obj if type(x) not in leaf])
        elif isinstance(obj, dict):
            stack.extend([x for x in (*obj.keys(), *obj.values()) if type(x) not in leaf])
    return out


def _public_tiles(zones: TileZones) -> Counter[Any]:
    """Tiles every player sees: the table and the discard row (șir)."""
    out: Counter[Any] = Counter()
    for formation in zones.table:
        out.update(formation.tiles)
    out.update(zones.discards)
    return out


def check_views(variant: Variant, state: Any, where: str) -> list[Any]:
    """No view exposes the state, another rack (while the hand runs) or the stock order.

    The rack and stock objects must not be reachable at all; a reachable tuple *equal* to
    another rack (in rack or sorted order) or to the stock order (two tiles or more) is a leak
    unless its tiles are all visible to the seat anyway (its own rack, the table, the șir:
    two copies of every tile make such coincidences possible). Returns the views, seat order."""
    zones = variant.tile_zones(state)
    racks = zones.racks
    hidden = zones.stock
    over = variant.is_over(state)
    state_type = type(state)
    # every secret form -> (owner seat or -1 for the stock, name); looked up by hash per tuple
    secrets: dict[tuple[Any, ...], list[tuple[int, str, tuple[Any, ...]]]] = {}
    watched: list[tuple[int, str, tuple[Any, ...]]] = []
    if len(hidden) > 1:
        watched.append((-1, "the stock order", hidden))
    if not over:
        watched += [(i, f"p{i + 1}'s rack", rack) for i, rack in enumerate(racks) if len(rack) > 1]
    for entry in watched:
        secret = entry[2]
        for form in {secret, tuple(sorted(secret))}:
            secrets.setdefault(form, []).append(entry)
    secret_ids = {id(entry[2]): entry for entry in watched}
    views = [variant.view(state, seat) for seat in range(len(racks))]
    public: Counter[Any] | None = None
    on_table = frozenset(id(x) for x in (*zones.table, *zones.public))
    for seat, view in enumerate(views):
        for o in reachable(view, on_table):
            if isinstance(o, state_type):
                raise Violation(f"{where}: the view of p{seat + 1} exposes the full state")
            owner = secret_ids.get(id(o))
            if owner is not None and owner[0] != seat:
                raise Violation(f"{where}: the view of p{seat + 1} holds {owner[1]} itself")
            # tiles are ints: only tuples of tiles can hold a rack (a formation's ranks
            # (11, 12, 13) compare equal to the tiles whose codes are 11, 12, 13)
            if type(o) is not tuple or o not in secrets or not all(type(x) is Tile for x in o):
                continue
            for other, name, _ in secrets[o]:
                if other == seat:
                    continue
                if public is None:
                    public = _public_tiles(zones)
                if Counter(o) - (Counter(racks[seat]) + public):
                    raise Violation(
                        f"{where}: the view of p{seat + 1} exposes {name}: {' '.join(map(str, o))}"
                    )
    return views


def _replay_checks(variant: Variant, record: GameRecord, final: Any) -> None:
    """The record survives JSON, and ``remi.core.replay.replay`` re-plays it to the same final state
    and the same scores. (Every action text was checked to parse back to its action as it was
    played, and ``apply`` is a pure function, so the replay passes through the same states.)"""
    whole = complete_record(record)
    back = parse_record(record_to_json(whole))
    if back != whole:
        raise Violation("the record does not survive JSON (record_to_json -> parse_record)")
    result = replay(record)
    if not result.ok:
        raise Violation(f"remi.core.replay.replay refuses action {result.error}")
    if result.state != final:
        raise Violation("remi.core.replay.replay ends in another state")
    if result.scores != variant.score(final, record.names):
        raise Violation("remi.core.replay.replay gives other scores")


# --- one game ------------------------------------------------------------------------------------


@functools.cache
def _rules(preset: str) -> RuleSet:
    """The preset's rule set, loaded once per process (rule sets are immutable)."""
    return load_rules(preset)


@functools.cache
def _test_strategies() -> Any:
    """tests/strategies.py (the house rule values and the long-run deal the tests draw too)."""
    path = Path(__file__).resolve().parents[1] / "tests" / "strategies.py"
    spec = importlib.util.spec_from_file_location("remi_test_strategies", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def house_setup(
    family: str, seed: int, players: int
) -> tuple[dict[str, object], list[tuple[Tile, ...]] | None]:
    """The Remi house rules (docs/rules.md §1.14) and the deal of game ``seed``: every other game
    draws a random value of each house rule id, and one game in four is dealt so that runs of
    12 and 13 tiles are likely (a 1 laid off at either end); other families: none."""
    if family != "remi":
        return {}, None
    strategies = _test_strategies()
    rng = random.Random(f"soak-house:{seed}")
    overrides: dict[str, object] = {}
    if rng.random() < 0.5:
        overrides = {k: rng.choice(v) for k, v in strategies.REMI_HOUSE_RULES.items()}
    racks = strategies.long_run_deal(rng, players) if rng.random() < 0.25 else None
    return overrides, racks


def soak_game(
    variant_name: str,
    preset: str,
    kinds: tuple[str, ...],
    seed: int,
    out: str,
    view_every: int,
    house: bool = True,
) -> GameOutcome:
    """Play and check one game; on a failure write its record under ``out``. ``house``: draw
    the Remi house rules and the long-run deal of ``house_setup``."""
    rules = _rules(preset)
    variant = get_variant(variant_name)
    rng = random.Random(seed)
    players = 2 + seed % 3
    seats = tuple(rng.choice(kinds) for _ in range(players))
    overrides, racks = house_setup(rules.family, seed, players) if house else ({}, None)
    for rule_id in (house and "solver" not in seats and HOUSE_RULES.get(rules.family)) or ():
        overrides[rule_id] = random.Random(f"{seed}-{rule_id}").random() < 0.5
    if overrides:
        rules = rules.with_overrides(overrides, source="soak")
    record = GameRecord(
        family=rules.family,
        preset=preset,
        overrides=tuple(rules.overrides),
        players=tuple(PlayerEntry(f"{kind}-{i + 1}", kind) for i, kind in enumerate(seats)),
        seed=seed,
        created=now_iso(),
        deal=None if racks is None else StackedDeal(racks=tuple(map(format_tiles, racks))),
    )
    start = variant.new_game(rules, players, seed=seed, racks=racks)
    log: list[Any] = []
    if racks is not None:  # the first round lays a run of 12 tiles (checked by apply)
        start, log = _test_strategies().long_run_start(start)
    try:
        if variant.tile_counts(start) != FULL:
            raise Violation("the deal does not hold the 106-tile set")
        bots = [make_bot(kind, seed * 10 + i) for i, kind in enumerate(seats)]
        views: list[Any] | None = check_views(variant, start, "the deal")
        state = start
        while not variant.is_over(state):
            if len(log) >= MAX_ACTIONS:
                raise Violation(f"no end after {MAX_ACTIONS} actions")
            seat = variant.current_player(state)
            view = views[seat] if views is not None else variant.view(state, seat)
            action = bots[seat].choose(view)
            log.append(action)
            text = str(action)
            where = f"action {len(log)} '{text}'"
            if variant.parse_action(text, rules) != action:
                raise Violation(f"{where}: the action text does not parse back to the action")
            try:
                state = variant.apply(state, action)  # apply checks first (variant.check)
            except RemiError as exc:
                raise Violation(
                    f"{where}: check refuses the bot's choice (listed legal: {action in view.legal}): {exc}"
                ) from exc
            counts = variant.tile_counts(state)
            if counts != FULL:
                raise Violation(
                    f"{where}: tiles not conserved: {sorted(map(str, (counts - FULL).elements()))} extra, "
                    f"{sorted(map(str, (FULL - counts).elements()))} missing"
                )
            views = (
                check_views(variant, state, where)
                if len(log) % view_every == 0 or variant.is_over(state)
                else None
            )
        _replay_checks(variant, record.with_actions(log), state)
    except Exception as exc:  # every failure, engine defects included, becomes a record
        failed = record.with_actions(log)
        target = Path(out) / f"soak-{variant_name}-{seed}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        dump_record(failed, target)
        message = f"{type(exc).__name__}: {exc}"
        target.with_suffix(".txt").write_text(message + "\n", encoding="utf-8")
        return GameOutcome(seed=seed, actions=len(log), failure=message, record_path=str(target))
    return GameOutcome(seed=seed, actions=len(log))


def _batch(
    args: tuple[str, str, tuple[str, ...], list[int], str, int, bool],
) -> list[GameOutcome]:
    variant_name, preset, kinds, seeds, out, view_every, house = args
    return [soak_game(variant_name, preset, kinds, s, out, view_every, house) for s in seeds]


# --- command line --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the soak; return the exit code (0 all passed, 1 a failure, 2 bad arguments)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--variant", default="remi", help="variant name or alias (remi, rummikub)")
    parser.add_argument(
        "--preset", default=None, help="rule preset (default: the variant's main preset)"
    )
    parser.add_argument(
        "--bots",
        default="random,greedy",
        help=f"bot kinds, comma-separated ({', '.join(BOT_KINDS)})",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (game i uses seed + i)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", default="soak-failures", help="folder for failure records")
    parser.add_argument(
        "--view-every", type=int, default=1, help="check the views every K actions (default 1)"
    )
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="stop starting new batches after this time"
    )
    parser.add_argument(
        "--keep-going", action="store_true", help="play every game even after a failure"
    )
    parser.add_argument(
        "--preset-only",
        action="store_true",
        help="play the preset as it is (no random Remi house rules, no long-run deals)",
    )
    args = parser.parse_args(argv)
    try:
        variant = get_variant(args.variant)
        preset = args.preset or DEFAULT_PRESET.get(variant.name, variant.name)
        rules = load_rules(preset)
    except RemiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if rules.family != variant.name:
        print(
            f"error: preset {preset!r} is of family {rules.family!r}, not {variant.name!r}",
            file=sys.stderr,
        )
        return 2
    kinds = tuple(k.strip() for k in args.bots.split(",") if k.strip())
    if (
        not kinds
        or any(k not in BOT_KINDS for k in kinds)
        or args.games < 0
        or args.jobs < 1
        or args.view_every < 1
    ):
        print(
            f"error: --bots takes kinds from {', '.join(BOT_KINDS)}; --games >= 0, --jobs/--view-every >= 1",
            file=sys.stderr,
        )
        return 2
    seeds = list(range(args.seed, args.seed + args.games))
    chunk = max(1, min(50, len(seeds) // (args.jobs * 4)))  # small enough to keep every worker busy
    batches = [
        (
            variant.name,
            preset,
            kinds,
            seeds[i : i + chunk],
            args.out,
            args.view_every,
            not args.preset_only,
        )
        for i in range(0, len(seeds), chunk)
    ]
    start = time.perf_counter()
    games = actions = 0
    failures: list[GameOutcome] = []
    timed_out = False
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        pending = iter(batches)
        running = [pool.submit(_batch, b) for b in itertools.islice(pending, args.jobs * 2)]
        while running:
            done = running.pop(0).result()
            for outcome in done:
                games += 1
                actions += outcome.actions
                if outcome.failure:
                    failures.append(outcome)
                    print(
                        f"FAIL seed {outcome.seed}: {outcome.failure}\n  record: {outcome.record_path}",
                        file=sys.stderr,
                    )
            elapsed = time.perf_counter() - start
            timed_out = args.max_seconds is not None and elapsed > args.max_seconds
            if (failures and not args.keep_going) or timed_out:
                for f in running:
                    f.cancel()
                for f in running:
                    if not f.cancelled():
                        for outcome in f.result():
                            games += 1
                            actions += outcome.actions
                            if outcome.failure:
                                failures.append(outcome)
                running = []
                break
            nxt = next(pending, None)
            if nxt is not None:
                running.append(pool.submit(_batch, nxt))
    elapsed = time.perf_counter() - start
    print(
        f"soak {variant.name} ({preset}, bots {','.join(kinds)}, seeds {args.seed}..): {games} games, "
        f"{actions} actions, {len(failures)} failures in {elapsed:.1f} s "
        f"({games / elapsed if elapsed else 0:.1f} games/s, {args.jobs} jobs)"
        + (" [stopped at --max-seconds]" if timed_out else "")
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
