"""The board plays the exchange of doubles before play (``deal.doubles_exchange``, docs/rules.md
§1.14) as typed commands, in hot-seat."""

from __future__ import annotations

import json
from pathlib import Path

from boardkit import GAMES, enter, make_board, settle, shows

from remi.core.record_files import load_record
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.state import Phase


async def test_board_deal_doubles_exchange(tmp_path: Path) -> None:
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["actions"] = []
    data["overrides"] = {"deal.doubles_exchange": "same_category"}
    ana, bogdan = data["deal"]["racks"]
    data["deal"]["racks"] = [ana.replace("B4", "K2"), bogdan.replace("K9", "Y8")]
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = make_board(load_record(path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        assert app.snapshot is not None and app.snapshot.view.phase is Phase.EXCHANGE
        await enter(pilot, app, "offer Y2 p2")
        assert shows(app, "deal.doubles_exchange")  # Y2 is not a double: refused, said why
        await enter(pilot, app, "offer K2 p2")
        await enter(pilot, app, "")  # Bogdan's cover
        await enter(pilot, app, "accept Y8")
        await enter(pilot, app, "pass")
        await enter(pilot, app, "")  # Ana's cover: her first discard
        view = app.snapshot.view
        assert view.phase is Phase.FIRST_DISCARD and view.seat == 0
        assert Tile.parse("Y8") in view.rack and view.rack.count(Tile.parse("K2")) == 1
