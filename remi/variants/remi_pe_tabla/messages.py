"""The words of the Remi pe tablă screen and turn, in English and Romanian.

The Romanian game terms appear in both languages (etalare, suită, terță, lipire, șir, rupere,
joly, închidere, pe tablă), as players use them. ``RemiVariant.messages`` returns ``MESSAGES``;
``remi.cli.messages`` merges it with the frame texts of ``remi.core.messages``; both languages have
the same ids (a test checks it).
"""

from __future__ import annotations

from typing import Final

__all__ = ["MESSAGES"]

_EN: Final[dict[str, str]] = {
    "title": "Remi pe tablă — {rules}",
    "turn_of": "Turn: {name} — {phase}",
    "phase.first_discard": "first discard (it starts the șir and is dead)",
    "phase.take": "draw from the stock or take from the șir (rupere)",
    "phase.play": "lay formations (etalare), attach (lipire), then discard",
    "phase.ended": "the hand is over",
    "table": "Table (formations: suită = run, terță = set)",
    "table.empty": "nothing laid yet",
    "sir": "Șir (discard row; tile 1 is dead)",
    "sir.empty": "empty",
    "stock": "Stock: {count} tiles",
    "status.opened": "opened (etalat)",
    "status.announced": "announced",
    "status.failed": "missed announcement",
    "status.pe_tabla": "pe tablă",
    "status.atu": "atu",
    "status.to_play": "to play",
    "must_use": "The șir tile {tile} must go into a new formation this turn.",
    "freed_joly": "The freed joly must be laid in your own formation this turn.",
    "hint.opening": "Best opening (etalare): {text} = {points} points.",
    "hint.no_opening": "No opening (etalare) of at least {points} points yet.",
    "hint.opening_laid": "Opening (etalare) laid this turn: {points} points (at least {need}).",
    "hint.play": "The greedy bot would play: {action}",
    "help.legal": "Legal now ({count}):",
    "help.commands": (
        "Commands: draw | take | take N (rupere at tile N) | meld R7 R8 R9 (several: [..] [..]) | "
        "layoff N R10 (lipire) | swap N Y12 (joly) | announce | atu | declare (pe tablă) | "
        "discard Y12 | undo | hint | help | save FILE | quit"
    ),
    "closed_by": "{name} closed (închidere) with {tile}.",
    "stock_out": "The stock ran out: nobody closes.",
}

_RO: Final[dict[str, str]] = {
    "title": "Remi pe tablă — {rules}",
    "turn_of": "La rând: {name} — {phase}",
    "phase.first_discard": "prima aruncare (începe șirul și nu poate fi luată)",
    "phase.take": "trage din grămadă sau ia din șir (rupere)",
    "phase.play": "etalează formații, lipește, apoi aruncă o piesă",
    "phase.ended": "mâna s-a terminat",
    "table": "Masa (formații: suită, terță)",
    "table.empty": "nimic etalat încă",
    "sir": "Șirul (piesa 1 e moartă)",
    "sir.empty": "gol",
    "stock": "Grămadă: {count} piese",
    "status.opened": "a etalat",
    "status.announced": "a anunțat",
    "status.failed": "anunț ratat",
    "status.pe_tabla": "pe tablă",
    "status.atu": "atu",
    "status.to_play": "la rând",
    "must_use": "Piesa {tile} luată din șir trebuie pusă într-o formație nouă în tura asta.",
    "freed_joly": "Joly-ul eliberat trebuie pus într-o formație a ta în tura asta.",
    "hint.opening": "Cea mai bună etalare: {text} = {points} puncte.",
    "hint.no_opening": "Încă nu ai o etalare de cel puțin {points} puncte.",
    "hint.opening_laid": "Etalare pusă în tura aceasta: {points} puncte (minimum {need}).",
    "hint.play": "Botul lacom ar juca: {action}",
    "help.legal": "Permise acum ({count}):",
    "help.commands": (
        "Comenzi: draw (trage) | take (rupere) | take N (rupe șirul la piesa N) | "
        "meld R7 R8 R9 (etalare; mai multe: [..] [..]) | layoff N R10 (lipire) | "
        "swap N Y12 (schimbă joly-ul) | announce (anunț) | atu | declare (pe tablă) | "
        "discard Y12 (aruncă) | undo | hint | help | save FIȘIER | quit"
    ),
    "closed_by": "{name} a închis (închidere) cu {tile}.",
    "stock_out": "S-a terminat grămada: nu închide nimeni.",
}

#: language code -> message id -> template.
MESSAGES: Final[dict[str, dict[str, str]]] = {"en": _EN, "ro": _RO}
