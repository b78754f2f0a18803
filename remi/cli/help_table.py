"""The command table of ``remi``: every command of each group with its module and help, the
groups' own help and the root's options, as plain data (no typer, click or rich).

``remi.cli.app`` builds the typer groups from it (a command's module is imported only when the
command is looked up); ``remi.cli.quick_help`` draws ``remi --help``, ``remi`` and ``remi GROUP
[--help]`` from it without importing typer (docs/architecture.md, "Start-up"). Each help text
is also a catalogue text: the ``help.*`` id beside it gives its translation (``--lang ro``);
tests/test_quick_help.py checks the ids against the catalogue and the drawn help against
typer's.
"""

from __future__ import annotations

__all__ = ["GROUP_HELP", "HELP_IDS_OF", "LAZY_COMMANDS", "ROOT_OPTIONS"]

#: Every command of each group ("" = ``remi`` itself), in the order ``--help`` lists them: the
#: module that registers it and the first paragraph of its help. A command's module is imported
#: only when that command is run or its own help is asked for, so ``remi --help`` and ``remi
#: check meld`` import no other command's dependencies (tests/test_cli_lazy.py checks this table
#: against the modules). A new command: its module registers it on the group, and a row here.
LAZY_COMMANDS: dict[str, dict[str, tuple[str, str]]] = {
    "": {
        "play": (
            "remi.cli.play",
            "Play Remi pe tablă at the terminal: one human against three greedy bots by default.",
        ),
        "replay": (
            "remi.cli.replay",
            "Re-play a game record through the engine: every turn, then the final scores.",
        ),
        "score": (
            "remi.cli.score",
            "Score every player at the end of a hand (docs/rules.md §1.9, §1.11, §1.12; for the\n"
            "Rummikub-style presets §2.9, §2.10). When the file has an `[expect]` table (and no\n"
            "`--rules`/`--set` changes its rules), each expected score is compared; exit 1 when one\n"
            "differs, 2 for a bad file. With --from-record GAME.json the scores come straight from a\n"
            "game record (the end of its hand, replayed under the record's own rules); --hand N picks a\n"
            "hand of a match (an earlier hand: its recorded points).",
        ),
        "simulate": (
            "remi.cli.simulate",
            "Play the same seeded deals under each preset and compare them with 95% confidence "
            "intervals.",
        ),
        "ladder": (
            "remi.cli.ladder",
            "Rank bot kinds in a duplicate tournament: the same deals with the bots rotated over the "
            "seats.",
        ),
    },
    "check": {
        "meld": (
            "remi.cli.check",
            "Is it a valid run (suită) or set (terță)? Exit 0 valid, 1 invalid, 2 bad input.",
        ),
        "opening": (
            "remi.cli.check",
            "Would these formations make a valid opening (etalare)? Exit 0 valid, 1 invalid, 2 "
            "bad input.",
        ),
        "file": (
            "remi.cli.check",
            "Answer a check file as `check meld` / `check opening` would; a match file prints the "
            "winner\n(exit 1 while the match goes on). The file's expect_* claims are compared "
            "(not under\n--rules/--set): exit 1 when one does not hold. Exit 2 for a bad file.",
        ),
    },
    "solve": {
        "opening": (
            "remi.cli.solve",
            "The highest-value valid opening (etalare) from RACK, exact (docs/rules.md §1.5, §1.7).",
        ),
        "move": (
            "remi.cli.solve",
            "The best Rummikub move: most tiles (or points) from --rack onto --table, exact\n"
            "(docs/rules.md §2.4–§2.7); or for the player to act in --position.",
        ),
    },
    "rules": {
        "list": (
            "remi.cli.rules_cmd",
            "List the rule presets found, with their family and description.",
        ),
        "show": (
            "remi.cli.rules_cmd",
            "Show every rule id of a preset with its value and one-line meaning.",
        ),
        "diff": (
            "remi.cli.rules_cmd",
            "Compare presets rule by rule; differing rule ids are highlighted (`--all` shows every "
            "id).",
        ),
    },
}


#: The catalogue id of each help text of ``LAZY_COMMANDS`` (its translation, ``--lang ro``).
HELP_IDS_OF: dict[str, dict[str, str]] = {
    "": {
        "play": "help.play.short",
        "replay": "help.replay.short",
        "score": "help.score",
        "simulate": "help.simulate",
        "ladder": "help.ladder",
    },
    "check": {
        "meld": "help.check.meld",
        "opening": "help.check.opening",
        "file": "help.check.file",
    },
    "solve": {"opening": "help.solve.opening.short", "move": "help.solve.move.short"},
    "rules": {"list": "help.rules.list", "show": "help.rules.show", "diff": "help.rules.diff"},
}

#: Each group's own help ("" = ``remi`` itself) and its catalogue id, in the order the root's
#: ``--help`` lists the groups after the commands.
GROUP_HELP: dict[str, tuple[str, str]] = {
    "": (
        "Tile rummy: Romanian Remi pe tablă and Rummikub-style variants. Play, score, check, "
        "solve.",
        "help.remi",
    ),
    "check": ("Check a formation or an opening against the rules.", "help.check"),
    "solve": ("Find the best play: an opening from a rack, or a Rummikub move.", "help.solve"),
    "rules": ("List, show and compare rule presets.", "help.rules"),
}

#: The options of ``remi`` itself in the order its help lists them: name, help, catalogue id
#: (a group's help lists ``--help`` alone, the last row).
ROOT_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("--version", "Print the version and exit.", "help.remi.opt.version"),
    (
        "--no-color",
        "No colours in the output (as the NO_COLOR environment variable).",
        "help.opt.no_color",
    ),
    (
        "--install-completion",
        "Install completion for the current shell.",
        "help.opt.install_completion",
    ),
    (
        "--show-completion",
        "Show completion for the current shell, to copy it or customize the installation.",
        "help.opt.show_completion",
    ),
    ("--help", "Show this message and exit.", "help.click.help"),
)
