"""The player-facing messages of ``remi play`` / ``remi replay`` in English and Romanian.

A small catalogue, not a translation framework: one dictionary per language, the same keys in
both (a test checks it), ``str.format`` placeholders. The Romanian game terms appear in both
languages (etalare, suită, terță, lipire, șir, rupere, joly, închidere, pe tablă), as players
use them.
"""

from __future__ import annotations

from typing import Final

import attrs

__all__ = ["CATALOGUE", "LANGUAGES", "Messages", "messages"]

_EN: Final[dict[str, str]] = {
    "title": "Remi pe tablă — {rules}",
    "hand": "Hand {hand}",
    "turn_of": "Turn: {name} — {phase}",
    "phase.first_discard": "first discard (it starts the șir and is dead)",
    "phase.take": "draw from the stock or take from the șir (rupere)",
    "phase.play": "lay formations (etalare), attach (lipire), then discard",
    "phase.ended": "the hand is over",
    "rack": "Your rack",
    "table": "Table (formations: suită = run, terță = set)",
    "table.empty": "nothing laid yet",
    "sir": "Șir (discard row; tile 1 is dead)",
    "sir.empty": "empty",
    "stock": "Stock: {count} tiles",
    "players": "Players",
    "col.player": "player",
    "col.tiles": "tiles",
    "col.status": "status",
    "col.owner": "owner",
    "col.formation": "formation",
    "col.rule": "rule",
    "col.what": "what",
    "col.points": "points",
    "col.total": "total",
    "status.opened": "opened (etalat)",
    "status.announced": "announced",
    "status.failed": "missed announcement",
    "status.pe_tabla": "pe tablă",
    "status.atu": "atu",
    "status.to_play": "to play",
    "last_actions": "Since your last turn",
    "must_use": "The șir tile {tile} must go into a new formation this turn.",
    "freed_joly": "The freed joly must be laid in your own formation this turn.",
    "prompt": "{name}> ",
    "pass_keyboard": "Pass the keyboard to {name} and press Enter (the rack stays hidden).",
    "illegal": "Refused: {error}",
    "bad_input": "Not understood: {error}  (type 'help')",
    "saved": "Game saved to {path}.",
    "quit": "Game left; nothing else changes.",
    "quit_saved": "Game left; it is saved in {path} (remi play --load {path}).",
    "hint.opening": "Best opening (etalare): {text} = {points} points.",
    "hint.no_opening": "No opening (etalare) of at least {points} points yet.",
    "hint.play": "The greedy bot would play: {action}",
    "help.legal": "Legal now ({count}):",
    "help.more": "... and {count} more",
    "help.commands": (
        "Commands: draw | take | take N (rupere at tile N) | meld R7 R8 R9 (several: [..] [..]) | "
        "layoff N R10 (lipire) | swap N Y12 (joly) | announce | atu | declare (pe tablă) | "
        "discard Y12 | undo | hint | help | save FILE | quit"
    ),
    "hand_over": "End of the hand",
    "closed_by": "{name} closed (închidere) with {tile}.",
    "stock_out": "The stock ran out: nobody closes.",
    "scores": "Scores",
    "match_totals": "Match totals after hand {hand}",
    "match_winner": "{name} wins the match with {points} points.",
    "replay.action": "{index:>4}. {name}: {action}",
    "replay.illegal": "action {position} '{action}' is illegal: {message}",
    "replay.ok": "All {count} actions are legal.",
    "replay.unfinished": "The record ends before the hand does ({count} actions).",
    "auto.action": "{name}: {action}",
    "empty_input": "Type an action or 'help'.",
    "saving_failed": "Could not save to {path}: {error}",
    "default_human": "you",
    "auto.header": "{rules}, seed {seed}: {players}",
}

_RO: Final[dict[str, str]] = {
    "title": "Remi pe tablă — {rules}",
    "hand": "Mâna {hand}",
    "turn_of": "La rând: {name} — {phase}",
    "phase.first_discard": "prima aruncare (începe șirul și nu poate fi luată)",
    "phase.take": "trage din grămadă sau ia din șir (rupere)",
    "phase.play": "etalează formații, lipește, apoi aruncă o piesă",
    "phase.ended": "mâna s-a terminat",
    "rack": "Tabla ta",
    "table": "Masa (formații: suită, terță)",
    "table.empty": "nimic etalat încă",
    "sir": "Șirul (piesa 1 e moartă)",
    "sir.empty": "gol",
    "stock": "Grămadă: {count} piese",
    "players": "Jucători",
    "col.player": "jucător",
    "col.tiles": "piese",
    "col.status": "stare",
    "col.owner": "al cui",
    "col.formation": "formație",
    "col.rule": "regulă",
    "col.what": "ce",
    "col.points": "puncte",
    "col.total": "total",
    "status.opened": "a etalat",
    "status.announced": "a anunțat",
    "status.failed": "anunț ratat",
    "status.pe_tabla": "pe tablă",
    "status.atu": "atu",
    "status.to_play": "la rând",
    "last_actions": "De la tura ta trecută",
    "must_use": "Piesa {tile} luată din șir trebuie pusă într-o formație nouă în tura asta.",
    "freed_joly": "Joly-ul eliberat trebuie pus într-o formație a ta în tura asta.",
    "prompt": "{name}> ",
    "pass_keyboard": "Dă tastatura lui {name} și apasă Enter (tabla rămâne ascunsă).",
    "illegal": "Refuzat: {error}",
    "bad_input": "Nu am înțeles: {error}  (scrie 'help')",
    "saved": "Joc salvat în {path}.",
    "quit": "Ai ieșit din joc; nimic altceva nu se schimbă.",
    "quit_saved": "Ai ieșit din joc; e salvat în {path} (remi play --load {path}).",
    "hint.opening": "Cea mai bună etalare: {text} = {points} puncte.",
    "hint.no_opening": "Încă nu ai o etalare de cel puțin {points} puncte.",
    "hint.play": "Botul lacom ar juca: {action}",
    "help.legal": "Permise acum ({count}):",
    "help.more": "... și încă {count}",
    "help.commands": (
        "Comenzi: draw (trage) | take (rupere) | take N (rupe șirul la piesa N) | "
        "meld R7 R8 R9 (etalare; mai multe: [..] [..]) | layoff N R10 (lipire) | "
        "swap N Y12 (schimbă joly-ul) | announce (anunț) | atu | declare (pe tablă) | "
        "discard Y12 (aruncă) | undo | hint | help | save FIȘIER | quit"
    ),
    "hand_over": "Sfârșitul mâinii",
    "closed_by": "{name} a închis (închidere) cu {tile}.",
    "stock_out": "S-a terminat grămada: nu închide nimeni.",
    "scores": "Punctaj",
    "match_totals": "Totalul meciului după mâna {hand}",
    "match_winner": "{name} câștigă meciul cu {points} puncte.",
    "replay.action": "{index:>4}. {name}: {action}",
    "replay.illegal": "acțiunea {position} '{action}' nu e permisă: {message}",
    "replay.ok": "Toate cele {count} acțiuni sunt permise.",
    "replay.unfinished": "Înregistrarea se oprește înainte de sfârșitul mâinii ({count} acțiuni).",
    "auto.action": "{name}: {action}",
    "empty_input": "Scrie o acțiune sau 'help'.",
    "saving_failed": "Nu am putut salva în {path}: {error}",
    "default_human": "tu",
    "auto.header": "{rules}, sămânța {seed}: {players}",
}

#: language code -> message key -> template.
CATALOGUE: Final[dict[str, dict[str, str]]] = {"en": _EN, "ro": _RO}
LANGUAGES: Final[tuple[str, ...]] = tuple(CATALOGUE)


@attrs.frozen
class Messages:
    """The messages of one language; ``m("stock", count=49)`` formats a template."""

    lang: str = "en"

    def __call__(self, key: str, **values: object) -> str:
        """The message ``key`` with ``values`` filled in.

        Raises:
            KeyError: for an unknown key (a programming error, not user input).
        """
        return CATALOGUE[self.lang][key].format(**values)


def messages(lang: str) -> Messages:
    """The catalogue of ``lang`` (``"en"`` or ``"ro"``).

    Raises:
        ValueError: for another language, naming the known ones.
    """
    if lang not in CATALOGUE:
        raise ValueError(f"unknown language '{lang}'; known: {', '.join(LANGUAGES)}")
    return Messages(lang)
