"""Game records: versioned JSON, atomic saves, clear errors that leave files untouched, replay of
hand-written examples (șir break, docs/rules.md §1.7; joly swap, §1.8; missed announcement, §1.9)
and of 200 seeded bot games."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest

from remi.bots import BOT_KINDS, make_bot, play_hand
from remi.core.presets import load_rules
from remi.core.record_files import dump_record, load_record
from remi.core.record_setup import complete_record, start_state
from remi.core.records import (
    GameRecord,
    MatchProgress,
    PlayerEntry,
    RecordError,
    StackedDeal,
    now_iso,
    record_to_json,
)
from remi.core.replay import replay
from remi.variants.remi_pe_tabla.results import score_state
from remi.variants.remi_pe_tabla.state import new_game

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"


def _scores(result) -> dict[str, int]:
    return {p.name: p.score for p in result.scores}


def test_record_round_trip(tmp_path: Path) -> None:
    record = GameRecord(
        preset="remi-pe-tabla",
        overrides=(("opening.min_points", "50"),),
        players=(PlayerEntry("Ana", "human"), PlayerEntry("greedy-2", "greedy")),
        seed=42,
        actions=("p1 discard K2",),
        created=now_iso(),
        match=MatchProgress(hands_played=1, totals=(("Ana", 100), ("greedy-2", -30)), base_seed=41),
    )
    path = tmp_path / "game.json"
    dump_record(record, path)
    loaded = load_record(path)
    assert loaded == complete_record(record)
    assert attrs.evolve(loaded, rules=None, deal=None, program="") == record
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "remi-record" and data["version"] == 2 and data["seed_chosen"] is False
    assert data["rules"]["opening.min_points"] == 50  # the override, in force
    assert data["rules"]["deal.first_player_tiles"] == 15
    assert len(data["deal"]["racks"][0].split()) == 15
    assert len(data["deal"]["stock"].split()) == 106 - 15 - 14
    assert data["overrides"] == {"opening.min_points": "50"}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_record_round_trip_stacked_deal(tmp_path: Path) -> None:
    record = load_record(GAMES / "sir-break.json")
    assert record.deal is not None and isinstance(record.deal, StackedDeal)
    dump_record(record, tmp_path / "copy.json")
    copy = load_record(tmp_path / "copy.json")
    assert copy == complete_record(record)
    assert replay(copy).scores == replay(record).scores
    assert record_to_json(record)["deal"]["stock"] == "K5 K7 R11 R12 B6"


def test_replay_sir_break_example() -> None:
    result = replay(load_record(GAMES / "sir-break.json"))
    assert result.ok and result.over
    assert _scores(result) == {"Ana": 150, "Bogdan": -115}
    # docs/rules.md §1.7: the break at șir position 2 took K5 and every later tile
    assert "p1 take 2" in result.record.actions
    assert result.state.result.closed_by == 0


def test_replay_joly_swap_example() -> None:
    result = replay(load_record(GAMES / "joly-swap.json"))
    assert result.ok and result.over
    assert _scores(result) == {"Ana": 30, "Bogdan": 295}
    run = result.state.table[0]
    assert str(run.formation) == "[R5 R6 R7]" and run.via == ("meld", "swap", "meld")
    assert any(any(tf.swapped) for tf in result.state.table)  # the freed joly, face down
    rules = {line.rule_id for p in result.scores for line in p.lines}
    assert {"joly.swap_credit", "scoring.swapped_joly_points"} <= rules


def test_replay_missed_announcement_example() -> None:
    result = replay(load_record(GAMES / "missed-announcement.json"))
    assert result.ok and result.over
    assert _scores(result) == {"Ana": -500, "Bogdan": -110}
    assert result.state.players[0].failed_announcement
    assert result.state.result.closed_by == 0  # closing does not cancel the penalty


def test_replay_illegal_action_example_position_and_rule_id() -> None:
    result = replay(load_record(GAMES / "illegal-opening.json"))
    assert not result.ok and not result.over
    assert result.error is not None
    assert (result.error.position, result.error.action, result.error.rule_id) == (
        6,
        "p1 discard K4",
        "opening.min_points",
    )
    assert len(result.actions) == 5


MIXES = [
    ("greedy", "random"),
    ("random", "greedy", "greedy"),
    ("greedy", "greedy", "random", "greedy"),
    ("greedy", "greedy"),
    ("random", "random"),
]


def test_records_of_200_bot_games_replay_identically() -> None:
    rules = load_rules()
    for i in range(200):
        kinds = MIXES[i % len(MIXES)]
        state = new_game(rules, len(kinds), seed=i)
        end, log = play_hand(state, [make_bot(k, i * 10 + j) for j, k in enumerate(kinds)])
        record = GameRecord(
            players=tuple(PlayerEntry(f"{k}-{j + 1}", k) for j, k in enumerate(kinds)),
            seed=i,
            created="2024-05-01T12:00:00+00:00",
        ).with_actions(log)
        back = replay(record)
        assert back.ok, back.error
        assert back.state == end
        assert back.scores == score_state(end, record.names)


def _keep(path: Path) -> bytes:
    return path.read_bytes()


@pytest.mark.parametrize(
    "name,text,message",
    [
        ("truncated", None, "line 1, column"),
        (
            "cut-in-a-string",
            '{"format": "remi-rec',
            "at line 1, column 12: a text that starts here is never closed",
        ),
        ("garbage", "\x00\x01not json", "malformed JSON"),
        ("not-object", "[1, 2]", "a record is a JSON object"),
        ("wrong-format", '{"format": "chess-pgn", "version": 1}', "not a remi game record"),
        ("version-3", None, "unsupported record version 3"),
        ("bad-kind", None, "'players[2].kind' is 'wizard'"),
        ("bad-action", None, "action 3 'p2 dscard K5'"),
        ("bad-deal", None, "'deal.racks[1]'"),
        ("no-seed", None, "needs 'seed' or 'deal'"),
        ("unknown-field", None, "unknown field 'colour'"),
        ("bad-preset", None, "unknown variant or preset 'remi-99'"),
    ],
)
def test_load_record_errors_leave_file_untouched(
    tmp_path: Path, name: str, text: str | None, message: str
) -> None:
    good = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    if text is None:
        data = json.loads(json.dumps(good))
        if name == "truncated":
            text = json.dumps(data)[:120]
        else:
            if name == "version-3":
                data["version"] = 3
            elif name == "bad-kind":
                data["players"][1]["kind"] = "wizard"
            elif name == "bad-action":
                data["actions"][2] = "p2 dscard K5"
            elif name == "bad-deal":
                data["deal"]["racks"][0] = "R5 R6 X9"
            elif name == "no-seed":
                del data["deal"]
                del data["seed"]
            elif name == "unknown-field":
                data["colour"] = "red"
            elif name == "bad-preset":
                data["preset"] = "remi-99"
            text = json.dumps(data)
    path = tmp_path / f"{name}.json"
    path.write_bytes(text.encode("utf-8"))
    before = _keep(path)
    stat = os.stat(path)
    with pytest.raises(RecordError) as info:
        load_record(path, seat_kinds=BOT_KINDS)  # as the CLI loads it
    assert message in str(info.value)
    assert str(path) in str(info.value)
    assert _keep(path) == before and os.stat(path).st_mtime_ns == stat.st_mtime_ns
    assert isinstance(info.value, ValueError)


def test_seat_kinds_come_from_the_caller(tmp_path: Path) -> None:
    """Records know no bots: a kind is checked against the kinds the caller passes (the CLI
    passes ``remi.bots.BOT_KINDS``), and ``remi.core.records`` loads without ``remi.bots``."""
    import subprocess
    import sys

    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["players"][1]["kind"] = "wizard"
    path = tmp_path / "wizard.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_record(path).players[1].kind == "wizard"
    with pytest.raises(RecordError) as info:
        load_record(path, seat_kinds=("greedy",))
    assert "'players[2].kind' is 'wizard'; expected human or one of greedy" in str(info.value)
    data["players"][1]["kind"] = " "
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"'players\[2\]\.kind' is empty"):
        load_record(path)
    script = (
        "import sys\n"
        "from remi.core.record_files import load_record\nfrom remi.core.replay import replay\n"
        "assert replay(load_record(sys.argv[1])).ok\n"
        "print('remi.bots' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(GAMES / "sir-break.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"


def test_load_record_bad_action_index(tmp_path: Path) -> None:
    data = json.loads((GAMES / "joly-swap.json").read_text(encoding="utf-8"))
    data["actions"][9] = "p1 meld [R1 R2 R4]"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert info.value.index == 10 and info.value.field == "actions[10]"


def test_load_record_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the record"):
        load_record(tmp_path / "nope.json")


def test_dump_record_atomic_keeps_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    first = load_record(GAMES / "sir-break.json")
    dump_record(first, path)
    before = path.read_bytes()

    def crash(*args: object) -> None:
        raise KeyboardInterrupt  # the process dies between writing and renaming

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        dump_record(first.with_actions(first.actions[:3]), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_dump_record_file_mode_follows_umask(tmp_path: Path) -> None:
    """A save is an ordinary file (mode 0666 less the umask), not a private temporary file."""
    path = tmp_path / "save.json"
    dump_record(load_record(GAMES / "sir-break.json"), path)
    mask = os.umask(0o022)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_dump_record_killed_process_leaves_previous_save(tmp_path: Path) -> None:
    """Issue 7 flavour: a child process killed (SIGKILL) in the middle of a save."""
    import signal
    import subprocess
    import sys

    path = tmp_path / "save.json"
    dump_record(load_record(GAMES / "sir-break.json"), path)
    before = path.read_bytes()
    script = (
        "import os, sys, time\n"
        "from remi.core.record_files import load_record, dump_record\n"
        "rec = load_record(sys.argv[1])\n"
        "real_fsync = os.fsync\n"
        "def slow(fd):\n"
        "    print('writing', flush=True); time.sleep(30)\n"
        "os.fsync = slow\n"
        "dump_record(rec.with_actions(rec.actions[:2]), sys.argv[1])\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "writing"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert path.read_bytes() == before
    assert load_record(path).actions == load_record(GAMES / "sir-break.json").actions


def test_start_state_stacked_deal() -> None:
    record = load_record(GAMES / "missed-announcement.json")
    state = start_state(record)
    assert [str(t) for t in state.stock[:4]] == ["K5", "K7", "R12", "K3"]
    assert len(state.players[0].rack) == 15


# --- saves ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        b'{"format": "remi-record", "version": 1, "fam',
        b"\xff\xfe garbage",
        b'{"format": "remi-record", "version": 9}',
        b"my notes\n",
    ],
    ids=["truncated", "not-utf8", "unknown-version", "other-file"],
)
def test_dump_record_never_overwrites_a_corrupted_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(content)
    stat = os.stat(path)
    with pytest.raises(
        RecordError, match="not overwritten: the file is not a readable game record"
    ) as info:
        dump_record(load_record(GAMES / "sir-break.json"), path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == content and os.stat(path).st_mtime_ns == stat.st_mtime_ns
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left


def test_dump_record_replaces_a_readable_record(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    record = load_record(GAMES / "sir-break.json")
    dump_record(record, path)
    dump_record(record.with_actions(record.actions[:4]), path)
    assert load_record(path).actions == record.actions[:4]


def test_cli_play_save_refuses_to_overwrite_a_corrupted_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from remi.cli import app

    path = tmp_path / "important.json"
    path.write_text("not a record", encoding="utf-8")
    result = CliRunner().invoke(
        app, ["play", "--auto", "--seed", "1", "--players", "2", "--save", str(path)]
    )
    assert (
        result.exit_code == 2
        and "not overwritten" in result.output
        and "Traceback" not in result.output
    )
    assert path.read_text(encoding="utf-8") == "not a record"


def test_dump_record_sigkill_at_random_moments_always_leaves_a_whole_save(tmp_path: Path) -> None:
    """A child saves two different records in a loop; it is killed (SIGKILL) at several random
    moments: the file always loads as one of the two records, never a mix or a torn write."""
    import random
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "save.json"
    full = load_record(GAMES / "joly-swap.json")
    dump_record(full, path)
    script = (
        "import sys\n"
        "from remi.core.record_files import load_record, dump_record\n"
        "rec = load_record(sys.argv[1])\n"
        "short = rec.with_actions(rec.actions[:3])\n"
        "print('go', flush=True)\n"
        "while True:\n"
        "    dump_record(short, sys.argv[1]); dump_record(rec, sys.argv[1])\n"
    )
    rng = random.Random(7)
    for _ in range(5):
        child = subprocess.Popen(
            [sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None and child.stdout.readline().strip() == "go"
        time.sleep(rng.uniform(0.01, 0.15))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        assert load_record(path).actions in (full.actions, full.actions[:3])
    leftovers = [p for p in tmp_path.iterdir() if p.name != "save.json"]
    assert all(p.name.startswith(".save.json.") and p.name.endswith(".tmp") for p in leftovers)


def test_load_untrusted_record_is_a_game_or_an_error(tmp_path: Path) -> None:
    """An untrusted record can name only presets or rule files and action lines: whatever it
    holds, loading gives a GameRecord or a RecordError (hypothesis and atheris fuzz this; here
    the hostile cases by name)."""
    base = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    hostile = [
        {"preset": "/etc/passwd"},
        {"preset": "/dev/zero"},
        {"preset": "../../../../etc/hostname"},
        {"preset": str(tmp_path)},
        {"overrides": {"__class__": "x"}},
        {"overrides": {"opening.min_points": 10**30}},
        {"players": [{"name": "a", "kind": "human"}] * 40},
        {"actions": ["p1 " + "meld " * 10_000]},
        {"seed": -(10**40)},
        {"deal": {"racks": ["J J J J", "J"], "stock": ""}},
    ]
    for change in hostile:
        data = {**base, **change}
        path = tmp_path / "untrusted.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        try:
            record = load_record(path)
        except RecordError:
            continue
        assert isinstance(record, GameRecord)
