"""atheris harness: tile, formation and action notation of every variant.

    /work/venv/bin/python fuzz/fuzz_notation.py -max_total_time=120 -artifact_prefix=fuzz/artifacts/

Property: ``Tile.parse``, ``parse_tiles``, ``parse_formations_text``, ``parse_formation`` and each
registered variant's ``parse_action`` either parse (and the text form parses back equal) or
raise a ``RemiError``.
"""

from __future__ import annotations

import sys

import atheris
from _common import ROOT, run

with atheris.instrument_imports(include=["remi"]):
    from remi.core.errors import RemiError
    from remi.core.formations import parse_formation
    from remi.core.notation import parse_formations_text, parse_tiles
    from remi.core.presets import list_presets, load_rules
    from remi.core.tiles import Tile
    from remi.core.variant import registered_variants

RULES = [load_rules(p) for p in list_presets()]
VARIANTS = {v.name: v for v in registered_variants()}


def test_one_input(data: bytes) -> None:
    """One input: a rule set chosen by the first byte, then text for every notation parser."""
    fdp = atheris.FuzzedDataProvider(data)
    rules = RULES[fdp.ConsumeIntInRange(0, len(RULES) - 1)]
    text = fdp.ConsumeUnicodeNoSurrogates(len(data))
    try:
        tile = Tile.parse(text)
        assert Tile.parse(str(tile)) == tile
    except RemiError:
        pass
    try:
        tiles = parse_tiles(text)
        assert parse_tiles(" ".join(map(str, tiles))) == tiles
    except RemiError:
        pass
    try:
        parse_formations_text(text)
    except RemiError:
        pass
    try:
        formation = parse_formation(text, rules.formation_rules)
        assert (
            parse_formation(formation.text(rules.formation_rules), rules.formation_rules)
            == formation
        )
    except RemiError:
        pass
    variant = VARIANTS[rules.family]
    for line in (text, "p1 " + text):
        try:
            action = variant.parse_action(line, rules)
            assert variant.parse_action(str(action), rules) == action, (line, str(action))
        except RemiError:
            pass


if __name__ == "__main__":
    seeds = ROOT / "fuzz" / "seeds" / "notation"
    run(test_one_input, sorted(seeds.glob("*")) if seeds.is_dir() else [])
    sys.exit(0)
