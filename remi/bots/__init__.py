"""Bots: players that choose an action from a player's view only, and the loop that runs them.

Hidden information is a view: a bot receives ``Variant.view(state, seat)`` and nothing else:
its own rack, the table, the public counts and, on its turn, the legal actions
(``view.legal``). It never sees the stock order or another player's rack;
``tests/test_bots.py`` walks every object reachable from a view to prove it.

This package is family-independent. Kinds (``make_bot(kind, seed)``):

- ``random`` (``RandomBot``): uniform over ``view.legal`` (seeded ``random.Random``), in any
  family;
- ``greedy``, ``solver`` and ``club`` (``GreedyBot``, ``SolverBot``, ``ClubBot``): shells that play the strategy their
  view's rule family provides for that kind, asked through ``Variant.strategy(kind, seed)``
  (``remi.core.strategy.Strategy``; a family without it is a ``BotError``). The Remi family's
  are in ``remi.variants.remi_pe_tabla.strategies``, the Rummikub family's in
  ``remi.variants.rummikub.strategies``.

A stuck turn (``view.legal == [Undo]``) is undone by every kind.

Wherever a kind is named (``make_bot``, ``check_bots``, the CLI's ``--bot``, ``--bots``), a
*bot spec* may follow it with strength settings: ``club:samples=20``, ``club:budget=0.2s``
(``remi.core.bot_settings``; the names are the family's, docs/bots.md). The bot's ``name`` is
the spec as typed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import get_close_matches
from typing import Final, TypeVar

from remi.bots.base import Bot, BotError
from remi.bots.family import ClubBot, FamilyBot, GreedyBot, SolverBot
from remi.bots.random_bot import RandomBot
from remi.core.actions import Action
from remi.core.bot_settings import BotSpec, SettingError, parse_bot_spec
from remi.core.errors import IllegalActionError
from remi.core.events import Event
from remi.core.game import State
from remi.core.messages import N_
from remi.core.rulespec import RuleSet
from remi.core.strategy import Strategy
from remi.core.variant import variant_for_rules

__all__ = [
    "BOT_KINDS",
    "Bot",
    "BotError",
    "ClubBot",
    "FamilyBot",
    "GreedyBot",
    "RandomBot",
    "SettingError",
    "SolverBot",
    "Strategy",
    "bot_kind",
    "bot_spec",
    "seat_name",
    "check_bots",
    "distinct_bots",
    "make_bot",
    "play_hand",
    "seat_count",
]

#: The state type of one family (``remi.core.game.State``): ``play_hand`` returns what it is given.
StateT = TypeVar("StateT", bound=State)

_FACTORIES: Final[dict[str, type[RandomBot] | type[FamilyBot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "solver": SolverBot,
    "club": ClubBot,
}

#: The bot kinds ``make_bot`` knows, in a stable order.
BOT_KINDS: Final[tuple[str, ...]] = tuple(_FACTORIES)


def _spec(text: str) -> BotSpec:
    """``text`` read as a bot spec whose kind is known.

    Raises:
        SettingError: bad spec syntax (``parse_bot_spec``).
        BotError: an unknown kind, naming the known ones.
    """
    spec = parse_bot_spec(text)
    if spec.kind not in _FACTORIES:
        close = get_close_matches(spec.kind, BOT_KINDS, n=1, cutoff=0.5)
        raise BotError.from_id(
            N_("bot.error.kind_close") if close else N_("simulate.error.bot_kind"),
            fields={"kind": spec.kind},
            kind=spec.kind,
            known=", ".join(BOT_KINDS),
            **({"choice": close[0]} if close else {}),
        )
    return spec


def bot_kind(spec: str) -> str:
    """The bot kind of a bot spec (``"club"`` for ``"club:samples=20"``), checked.

    Raises:
        SettingError: bad spec syntax; BotError: an unknown kind, naming the known ones.
    """
    return _spec(spec).kind


def seat_name(spec: str, seat: int) -> str:
    """The name of a bot seat: its kind, its settings when it has some, and its 1-based seat
    number, so that two seats of one kind with different settings read apart: ``"club-2"``
    for the spec ``"club"`` at seat 1 (0-based), ``"club(samples=4)-1"`` for
    ``"club:samples=4"`` at seat 0, ``"club(samples=4,budget=0.2s)-3"`` for two settings.
    The spec is taken as already checked (a spec that does not parse is named by its text
    before the first ``:``).

    >>> seat_name("club:samples=4", 0), seat_name("club", 1)
    ('club(samples=4)-1', 'club-2')
    """
    try:
        parsed = parse_bot_spec(spec)
    except SettingError:
        return f"{spec.partition(':')[0].strip()}-{seat + 1}"
    settings = ",".join(f"{name}={value}" for name, value in parsed.options)
    label = f"{parsed.kind}({settings})" if settings else parsed.kind
    return f"{label}-{seat + 1}"


def distinct_bots(specs: Sequence[str]) -> list[str]:
    """``specs`` (bot specs) without repeats, in order, each written as ``KIND[:NAME=VALUE]...``
    in lower case: two specs are one bot when their kind and settings are the same, case and
    blanks aside (``club`` and `` Club``); settings make another bot (``club`` and
    ``club:samples=4`` are two, as ``remi ladder`` ranks them).

    >>> distinct_bots(["club", " Club", "Club:samples=4", "club:SAMPLES=4"])
    ['club', 'club:samples=4']

    Raises:
        SettingError: bad spec syntax (``parse_bot_spec``).
    """
    seen: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}
    for text in specs:
        spec = parse_bot_spec(text)
        written = spec.kind + "".join(f":{name}={value}" for name, value in spec.options)
        seen.setdefault((spec.kind, spec.options), written)
    return list(seen.values())


def bot_spec(text: str) -> str:
    """A bot spec checked (``bot_kind``: a known kind, settings of the right syntax; their names
    and values are checked with the rules by ``check_bots``), its kind in lower case:
    ``"Club:samples=20"`` -> ``"club:samples=20"``.

    Raises:
        SettingError: bad spec syntax; BotError: an unknown kind, naming the known ones.
    """
    kind = bot_kind(text)
    _, sep, rest = text.strip().partition(":")
    return f"{kind}{sep}{rest}"


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of ``kind`` (``"random"``, ``"greedy"``, ``"solver"`` or ``"club"``, each
    optionally with settings: a bot spec such as ``"club:samples=20"``) whose choices depend
    only on ``seed`` and the views it is shown. Settings are checked against a family when the
    bot first plays it (``check_bots`` checks them before a game).

    Raises:
        BotError: for an unknown kind, naming the known ones.
        SettingError: bad spec syntax, or settings for ``random`` (which takes none).
    """
    spec = _spec(kind)
    factory = _FACTORIES[spec.kind]
    if not issubclass(factory, FamilyBot):
        if spec.options:
            name, value = spec.options[0]
            raise SettingError.from_id(
                N_("bot.error.no_settings"),
                fields={"kind": spec.kind, "token": f"{name}={value}"},
                kind=spec.kind,
                token=f"{name}={value}",
            )
        return factory(seed)
    return factory(seed, options=spec.options, name=spec.text)


def check_bots(kinds: Sequence[str], rules: RuleSet) -> None:
    """Check, before a game starts, that every bot kind of ``kinds`` (bot specs) plays
    ``rules`` as they are (``Variant.check_strategy``): a bot never plays another rule
    silently, it refuses the rule set naming the rule. ``random`` plays any rules. The
    settings of a spec are checked against the family of ``rules``.

    Raises:
        BotError: an unknown kind, naming the known ones.
        SettingError: bad spec syntax, an unknown setting or a bad value (naming the token).
        NoStrategyError: the family has no strategy of a kind, or a kind cannot play one of the
            rule values (the message names the rule id).
    """
    variant = variant_for_rules(rules)
    for text in dict.fromkeys(kinds):
        make_bot(text, 0)
        spec = _spec(text)
        if spec.kind != "random":
            variant.check_strategy(spec.kind, rules)
            if spec.options:
                variant.strategy(spec.kind, 0, spec.options)


def seat_count(state: State) -> int:
    """The number of seats of any family's state (``Variant.player_count``).

    Raises:
        UnknownVariantError: the state's rule family is not registered.
    """
    return variant_for_rules(state.rules).player_count(state)


def play_hand(
    state: StateT,
    bots: Sequence[Bot],
    *,
    on_action: Callable[[StateT, Action, StateT], None] | None = None,
    max_actions: int = 100_000,
    on_events: Callable[[tuple[Event, ...]], None] | None = None,
) -> tuple[StateT, tuple[Action, ...]]:
    """Play a hand to its end with one bot per seat; each bot is shown only its own view.

    Args:
        state: the starting state (any family's; hooks from ``remi.core.variant.variant_for_rules``);
            the final state is of the same type.
        bots: one bot per seat, seat order.
        on_action: called as ``on_action(state_before, action, state_after)`` after each action.
        max_actions: a safety limit (a hand of Remi ends when the stock runs out).
        on_events: called with each action's events (``Variant.transition``, which then
            applies the action in place of ``Variant.apply``), before ``on_action``.

    Returns:
        (final state, the actions applied in order) — the action log of a game record.

    Raises:
        BotError: a bot chose an illegal action (the message names the bot and the rule id), or
            the hand did not end within ``max_actions``.
    """
    variant = variant_for_rules(state.rules)
    seats = variant.player_count(state)
    if len(bots) != seats:
        raise BotError(f"{len(bots)} bots for {seats} seats")
    log: list[Action] = []
    for _ in range(max_actions):
        if variant.is_over(state):
            return state, tuple(log)
        seat = variant.current_player(state)
        bot = bots[seat]
        action = bot.choose(variant.view(state, seat))
        try:
            if on_events is None:
                after: StateT = variant.apply(state, action)
                events: tuple[Event, ...] = ()
            else:
                after, events = variant.transition(state, action)
        except IllegalActionError as exc:
            raise BotError(
                f"bot '{bot.name}' at seat p{seat + 1} chose an illegal action: {exc}",
                kind=bot.name,
            ) from exc
        if on_events is not None:
            on_events(events)
        if on_action is not None:
            on_action(state, action, after)
        log.append(action)
        state = after
    raise BotError(f"the hand did not end within {max_actions} actions")
