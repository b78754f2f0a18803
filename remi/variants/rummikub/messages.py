"""The words of the Rummikub-style screen and table-editing turn (ids ``rk.*``), in English and
Romanian: ``RummikubVariant.messages`` returns ``MESSAGES``, merged with the frame texts. The
``rk.event.*`` ids are the words of the events (``remi.variants.rummikub.notes``)."""

from __future__ import annotations

from typing import Final

from remi.core.messages import plural_texts

__all__ = ["MESSAGES"]

_EN: Final[dict[str, str]] = {
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
    "rk.event.drew": "draws a tile",
    "rk.event.played": "plays {tiles}",
    "rk.event.won": "plays {tiles} and goes out",
    "rk.event.passed": "passes (the pool is empty)",
    **plural_texts(
        "rk.event.penalty_drawn.invalid",
        one="invalid table at done: restored, 1 penalty tile",
        other="invalid table at done: restored, {count} penalty tiles",
    ),
    **plural_texts(
        "rk.event.penalty_drawn.timeout",
        one="time ran out: restored, 1 penalty tile",
        other="time ran out: restored, {count} penalty tiles",
    ),
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
    "rk.event.drew": "trage o piesă",
    "rk.event.played": "pune {tiles}",
    "rk.event.won": "pune {tiles} și închide",
    "rk.event.passed": "trece (grămada e goală)",
    **plural_texts(
        "rk.event.penalty_drawn.invalid",
        one="masă greșită la done: refăcută, o piesă de penalizare",
        few="masă greșită la done: refăcută, {count} piese de penalizare",
        other="masă greșită la done: refăcută, {count} de piese de penalizare",
    ),
    **plural_texts(
        "rk.event.penalty_drawn.timeout",
        one="timpul a expirat: refăcut, o piesă de penalizare",
        few="timpul a expirat: refăcut, {count} piese de penalizare",
        other="timpul a expirat: refăcut, {count} de piese de penalizare",
    ),
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

#: language code -> message id -> template.
MESSAGES: Final[dict[str, dict[str, str]]] = {"en": _EN, "ro": _RO}
