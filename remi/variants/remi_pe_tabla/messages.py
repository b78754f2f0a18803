"""The words of the Remi pe tablă screen and turn, in English and Romanian.

The Romanian game terms appear in both languages (etalare, suită, terță, lipire, șir, rupere,
joly, închidere, pe tablă), as players use them. ``RemiVariant.messages`` returns ``MESSAGES``;
``remi.cli.messages`` merges it with the frame texts of ``remi.core.messages``; both languages have
the same ids (a test checks it). The ``event.*`` ids are the words of the events
(``remi.variants.remi_pe_tabla.notes``): the past tense of the "since your last turn" notes,
without the actor's name; plural ones have a form per count (``plural_texts``).
"""

from __future__ import annotations

from typing import Final

from remi.core.messages import plural_texts

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
    "event.drew": "drew a tile from the stock",
    "event.drew.tile": "drew {tile} from the stock",
    "event.took": "took {tile} from the șir (position {position})",
    **plural_texts(
        "event.took.after",
        one="took {tile} from the șir (position {position}) and the tile after it",
        other="took {tile} from the șir (position {position}) and the {count} tiles after it",
    ),
    **plural_texts(
        "event.melded",
        one="laid {formations} (formation {numbers})",
        other="laid {formations} (formations {numbers})",
    ),
    "event.laid_off": "attached {tiles} to {owner}'s formation {number} (lipire)",
    "event.laid_off.own": "attached {tiles} to his own formation {number} (lipire)",
    "event.joly_as": "{tile} (as {stands_for})",
    "event.swapped": "swapped the joly of {owner}'s formation {number} for {tile}",
    "event.swapped.own": "swapped the joly of his own formation {number} for {tile}",
    "event.announced": "announced",
    "event.announced.automatic": "announced (automatically)",
    "event.announced_atu": "announced the atu (he holds its twin {tile})",
    "event.declared": "declared pe tablă",
    "event.discarded": "discarded {tile}",
    **plural_texts(
        "event.opened",
        one="completed his opening (etalare) with 1 point",
        other="completed his opening (etalare) with {count} points",
    ),
    **plural_texts(
        "event.announcement_missed",
        one="did not announce (1 tile left)",
        other="did not announce ({count} tiles left)",
    ),
    "event.closed": "closed (închidere)",
    "event.hand_ended.stock": "the stock ran out",
    **plural_texts(
        "event.undone",
        one="took back 1 action",
        other="took back {count} actions",
    ),
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
    "event.drew": "a tras o piesă din grămadă",
    "event.drew.tile": "a tras {tile} din grămadă",
    "event.took": "a luat {tile} din șir (poziția {position})",
    **plural_texts(
        "event.took.after",
        one="a luat {tile} din șir (poziția {position}) și piesa de după",
        few="a luat {tile} din șir (poziția {position}) și cele {count} piese de după",
        other="a luat {tile} din șir (poziția {position}) și cele {count} de piese de după",
    ),
    **plural_texts(
        "event.melded",
        one="a etalat {formations} (formația {numbers})",
        other="a etalat {formations} (formațiile {numbers})",
    ),
    "event.laid_off": "a lipit {tiles} la formația {number} a lui {owner}",
    "event.laid_off.own": "a lipit {tiles} la propria formație {number}",
    "event.joly_as": "{tile} (ca {stands_for})",
    "event.swapped": "a schimbat jolyul cu {tile} la formația {number} a lui {owner}",
    "event.swapped.own": "a schimbat jolyul cu {tile} la propria formație {number}",
    "event.announced": "a anunțat",
    "event.announced.automatic": "a anunțat (automat)",
    "event.announced_atu": "a anunțat atuul (are perechea lui, {tile})",
    "event.declared": "a declarat pe tablă",
    "event.discarded": "a aruncat {tile}",
    **plural_texts(
        "event.opened",
        one="și-a încheiat etalarea cu un punct",
        few="și-a încheiat etalarea cu {count} puncte",
        other="și-a încheiat etalarea cu {count} de puncte",
    ),
    **plural_texts(
        "event.announcement_missed",
        one="nu a anunțat (i-a rămas o piesă)",
        few="nu a anunțat (i-au rămas {count} piese)",
        other="nu a anunțat (i-au rămas {count} de piese)",
    ),
    "event.closed": "a închis",
    "event.hand_ended.stock": "s-a terminat grămada",
    **plural_texts(
        "event.undone",
        one="a anulat o acțiune",
        few="a anulat {count} acțiuni",
        other="a anulat {count} de acțiuni",
    ),
}

#: language code -> message id -> template.
MESSAGES: Final[dict[str, dict[str, str]]] = {"en": _EN, "ro": _RO}
