"""The texts of the board (``remi.ui``), in English and Romanian.

``remi.cli.messages`` merges ``MESSAGES`` into the catalogue, so the board reads every text
through ``m(id, **params)`` like the rest of the program. The ids start with ``board.``; the
``board.check.*`` ids are the words of the Rummikub-style ``check`` command, kept here until
they move into the catalogue.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MESSAGES"]

_EN: Final[dict[str, str]] = {
    "board.seed": "seed {seed}",
    "board.changed": "changed: {rules}",
    "board.col.total": "match",
    "board.last_round": "Last round",
    "board.last_round.none": "nothing yet",
    "board.messages": "Messages",
    "board.waiting": "The bots are playing...",
    "board.cover.title": "Hand-over",
    "board.cover.text": "Pass the keyboard to {name}.\n\n{name}: press Enter to see your rack.",
    "board.cover.hidden": "The racks stay hidden until {name} confirms.",
    "board.quit.ask": "Leave the game?",
    "board.quit.saved": "It was last saved in {path} (resume: remi play --load {path}).",
    "board.quit.not_saved": "The game is not saved (play with --save FILE to keep it).",
    "board.quit.keys": "y: leave   n / Esc: go back",
    "board.announce.ask": "Discarding {tile} leaves {count} tiles without an announcement: that costs {points} points [announce.max_tiles, announce.penalty_points].",
    "board.announce.keys": "a: announce now, then discard   d: discard anyway   Esc: go back",
    "board.hold.keys": "Press Enter to go on.",
    "board.sort.colour": "sorted by colour",
    "board.sort.number": "sorted by number",
    "board.key.sort": "Sort rack",
    "board.key.help": "Help",
    "board.key.hint": "Hint",
    "board.key.quit": "Quit",
    "board.complete": "Completions: {words}",
    "board.clock": "⏱ {seconds} s",
    "board.opening_need": "Your opening (etalare) needs at least {points} points [opening.min_points].",
    "board.announce_due": "Ending a turn with 1-{count} tiles needs an announcement first (announce) [announce.max_tiles].",
    "board.check.ok": "check: every set is valid and the rules allow this play; done plays it.",
    "board.check.bad": "check: done would refuse this table (and apply the penalty): {error}",
    "board.check.unchanged": "check: the table is as at the start of the turn; done draws a tile (or passes).",
    "board.key.pick": "Pick tiles",
    "board.key.pick_one": "Pick",
    "board.key.meld": "Meld",
    "board.key.discard": "Discard",
    "board.key.layoff": "Lay off",
    "board.key.take": "Take",
    "board.key.back": "Command line",
}

_RO: Final[dict[str, str]] = {
    "board.seed": "sămânța {seed}",
    "board.changed": "schimbate: {rules}",
    "board.col.total": "meci",
    "board.last_round": "Ultima tură",
    "board.last_round.none": "nimic încă",
    "board.messages": "Mesaje",
    "board.waiting": "Joacă roboții...",
    "board.cover.title": "Predare",
    "board.cover.text": "Dă tastatura lui {name}.\n\n{name}: apasă Enter ca să-ți vezi tabla.",
    "board.cover.hidden": "Tablele rămân ascunse până confirmă {name}.",
    "board.quit.ask": "Ieși din joc?",
    "board.quit.saved": "Ultima salvare e în {path} (reluare: remi play --load {path}).",
    "board.quit.not_saved": "Jocul nu e salvat (joacă cu --save FIȘIER ca să-l păstrezi).",
    "board.quit.keys": "y: ieși   n / Esc: înapoi",
    "board.announce.ask": "Dacă arunci {tile} rămâi cu {count} piese neanunțate: costă {points} de puncte [announce.max_tiles, announce.penalty_points].",
    "board.announce.keys": "a: anunță acum, apoi aruncă   d: aruncă oricum   Esc: înapoi",
    "board.hold.keys": "Apasă Enter ca să continui.",
    "board.sort.colour": "după culoare",
    "board.sort.number": "după număr",
    "board.key.sort": "Ordonează",
    "board.key.help": "Ajutor",
    "board.key.hint": "Sfat",
    "board.key.quit": "Ieșire",
    "board.complete": "Completări: {words}",
    "board.clock": "⏱ {seconds} s",
    "board.opening_need": "Etalarea ta are nevoie de cel puțin {points} de puncte [opening.min_points].",
    "board.announce_due": "Ca să închei o tură cu 1-{count} piese anunță întâi (announce) [announce.max_tiles].",
    "board.check.ok": "check: toate formațiile sunt valide și regulile permit mutarea; done o joacă.",
    "board.check.bad": "check: done ar refuza masa asta (cu penalizare): {error}",
    "board.check.unchanged": "check: masa e ca la începutul turei; done trage o piesă (sau trece).",
    "board.key.pick": "Alege piese",
    "board.key.pick_one": "Alege",
    "board.key.meld": "Etalează",
    "board.key.discard": "Aruncă",
    "board.key.layoff": "Lipește",
    "board.key.take": "Ia",
    "board.key.back": "Linia de comandă",
}

#: Per language, the board's message ids -> templates.
MESSAGES: Final[dict[str, dict[str, str]]] = {"en": _EN, "ro": _RO}
