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
    "quit": "Game left; the game was not saved.",
    "quit_saved": "Game left; it is saved in {path} (remi play --load {path}).",
    "hint.opening": "Best opening (etalare): {text} = {points} points.",
    "hint.no_opening": "No opening (etalare) of at least {points} points yet.",
    "hint.opening_laid": "Opening (etalare) laid this turn: {points} points (at least {need}).",
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
    "default_human": "Player",
    "auto.header": "{rules}, seed {seed}: {players}",
    "rk.title": "Rummikub-style — {rules}",
    "rk.start_draw": "Start draw: {draws} — {name} starts (highest tile).",
    "rk.table": "Table (sets numbered for put / move / split; run = suită, group = terță)",
    "rk.table.empty": "no sets yet",
    "rk.working": "Your table this turn (checked only at done)",
    "rk.pool": "Pool: {count} tiles",
    "rk.status.melded": "initial meld made",
    "rk.status.not_melded": "no initial meld yet",
    "rk.turn_of": "Turn: {name}",
    "rk.initial_meld": "Initial meld (etalare): new sets from your rack worth at least {points} points; no table manipulation this turn.",
    "rk.timer": "Time left: {seconds} s",
    "rk.prompt_timer": "{name} [{seconds:>3} s]> ",
    "rk.timeout": "Time is up [timer.seconds].",
    "rk.refused": "Refused at done: {error}",
    "rk.penalty_drawn": "Table and rack restored; {name} draws {count} penalty tiles [{rule}].",
    "rk.penalty_restored": "Table and rack restored; no penalty draw [{rule}].",
    "rk.did.draw": "draws a tile",
    "rk.did.play": "plays {tiles}",
    "rk.did.out": "plays {tiles} and goes out",
    "rk.did.pass": "passes (the pool is empty)",
    "rk.did.penalty": "invalid table at done: restored, {count} penalty tiles",
    "rk.did.timeout": "time ran out: restored, {count} penalty tiles",
    "rk.help.commands": (
        "Commands: put R5 3 (a rack tile into set 3; put J[R4] 3 states a joker's place) | "
        "move 2:1 4 (tile 1 of set 2 into set 4) | split 2 3 (set 2 before its tile 3) | "
        "new R7 R8 R9 (a new set; new alone: an empty one) | table [..] [..] (the whole new table) | "
        "undo | done (end the turn: the table "
        "is checked now) | draw | pass (pool empty) | hint | help | save FILE | quit"
    ),
    "rk.help.plays": "Plays from your rack alone ({count}), as commands:",
    "rk.help.none": "No play from your rack alone: rearrange the table yourself, or draw.",
    "rk.help.draw": "draw: take a tile from the pool; the turn ends",
    "rk.help.pass": "pass: the pool is empty; play nothing",
    "rk.hint.play": "The greedy bot would play: {commands}",
    "rk.hint.draw": "The greedy bot would draw.",
    "rk.hint.pass": "The greedy bot would pass.",
    "rk.edits_lost": "Table edits of an unfinished turn are not saved: the game resumes at the start of this turn.",
    "rk.went_out": "{name} went out (empty rack).",
    "rk.blocked": "The pool is empty and nobody can play: the lowest rack wins.",
    "rk.final_table": "Final table",
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
    "quit": "Ai ieșit din joc; jocul nu a fost salvat.",
    "quit_saved": "Ai ieșit din joc; e salvat în {path} (remi play --load {path}).",
    "hint.opening": "Cea mai bună etalare: {text} = {points} puncte.",
    "hint.no_opening": "Încă nu ai o etalare de cel puțin {points} puncte.",
    "hint.opening_laid": "Etalare pusă în tura aceasta: {points} puncte (minimum {need}).",
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
    "default_human": "Jucător",
    "auto.header": "{rules}, sămânța {seed}: {players}",
    "rk.title": "Rummikub — {rules}",
    "rk.start_draw": "Tragerea pentru start: {draws} — începe {name} (piesa cea mai mare).",
    "rk.table": "Masa (formații numerotate pentru put / move / split; suită, terță)",
    "rk.table.empty": "nicio formație încă",
    "rk.working": "Masa ta în tura asta (verificată doar la done)",
    "rk.pool": "Grămadă: {count} piese",
    "rk.status.melded": "a etalat",
    "rk.status.not_melded": "nu a etalat încă",
    "rk.turn_of": "La rând: {name}",
    "rk.initial_meld": "Etalarea: formații noi doar din tabla ta, de cel puțin {points} puncte; nu atingi masa în tura asta.",
    "rk.timer": "Timp rămas: {seconds} s",
    "rk.prompt_timer": "{name} [{seconds:>3} s]> ",
    "rk.timeout": "Timpul a expirat [timer.seconds].",
    "rk.refused": "Refuzat la done: {error}",
    "rk.penalty_drawn": "Masa și tabla sunt refăcute; {name} trage {count} piese de penalizare [{rule}].",
    "rk.penalty_restored": "Masa și tabla sunt refăcute; fără piese de penalizare [{rule}].",
    "rk.did.draw": "trage o piesă",
    "rk.did.play": "pune {tiles}",
    "rk.did.out": "pune {tiles} și închide",
    "rk.did.pass": "trece (grămada e goală)",
    "rk.did.penalty": "masă greșită la done: refăcută, {count} piese de penalizare",
    "rk.did.timeout": "timpul a expirat: refăcut, {count} piese de penalizare",
    "rk.help.commands": (
        "Comenzi: put R5 3 (o piesă de pe tablă în formația 3; put J[R4] 3 spune locul joly-ului) | "
        "move 2:1 4 (piesa 1 din formația 2 în formația 4) | split 2 3 (rupe formația 2 înaintea "
        "piesei 3) | new R7 R8 R9 (formație nouă; new singur: una goală) | table [..] [..] (toată "
        "masa nouă) | undo | done (termină tura: "
        "masa se verifică acum) | draw (trage) | pass (grămada e goală) | hint | help | save FIȘIER | quit"
    ),
    "rk.help.plays": "Mutări doar din tabla ta ({count}), ca și comenzi:",
    "rk.help.none": "Nicio mutare doar din tabla ta: rearanjează masa sau trage.",
    "rk.help.draw": "draw: trage o piesă din grămadă; tura se termină",
    "rk.help.pass": "pass: grămada e goală; nu pui nimic",
    "rk.hint.play": "Botul lacom ar juca: {commands}",
    "rk.hint.draw": "Botul lacom ar trage o piesă.",
    "rk.hint.pass": "Botul lacom ar trece.",
    "rk.edits_lost": "Mutările unei ture neterminate nu se salvează: jocul reia de la începutul turei.",
    "rk.went_out": "{name} a închis (tabla goală).",
    "rk.blocked": "Grămada e goală și nimeni nu mai poate pune: câștigă tabla cu cele mai puține puncte.",
    "rk.final_table": "Masa la sfârșit",
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
