"""A record whose actions were edited (its first discard changed to another legal discard), or
whose stored events were: the actions are the truth and the events derived from them
(docs/records.md), so it still loads, and ``remi replay``, ``remi play --load`` and ``remi
score --from-record`` say in one line that the stored events did not match the actions and were
rebuilt, naming the first action where they differ. A record holding an illegal action is
refused and its file left as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from remi.cli import app as cli_app
from remi.cli.messages import messages
from remi.core.record_files import load_record
from remi.core.replay import replay

runner = CliRunner()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``remi play --auto --seed 1 --save``: four greedy bots, a whole hand, with its events
    (Ana... are bots here; p1 opens with ``p1 discard B1`` from R3 R5 R6 R11 R12 Y4 Y6 Y7 Y7
    Y11 B1 K2 K4 K4 K12)."""
    path = tmp_path_factory.mktemp("auto") / "auto.json"
    result = runner.invoke(cli_app, ["play", "--auto", "--seed", "1", "--save", str(path)])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"][0] == "p1 discard B1"
    assert data["events"][0] == ["p1 discarded B1"]
    return data


def _edited_discard(played: dict[str, Any], path: Path) -> Path:
    """The first three actions with their events, the first discard changed to K12 (another
    tile of p1's rack: a legal discard); its stored events still say B1."""
    data = dict(played, actions=played["actions"][:3], events=played["events"][:3])
    data["actions"] = ["p1 discard K12", *data["actions"][1:]]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _line(path: Path, position: int, action: str, lang: str = "en") -> str:
    return messages(lang)("record.events_rebuilt", path=path, position=position, action=action)


def test_replay_finds_the_first_action_whose_events_differ(
    played: dict[str, Any], tmp_path: Path
) -> None:
    """``ReplayResult.events_differ``: 1 for the edited discard, None for the record as saved."""
    edited = load_record(_edited_discard(played, tmp_path / "edited.json"))
    assert replay(edited).ok and replay(edited).events_differ == 1
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(played), encoding="utf-8")
    assert replay(load_record(saved)).events_differ is None


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_remi_replay_says_the_events_were_rebuilt(
    played: dict[str, Any], tmp_path: Path, lang: str
) -> None:
    """``remi replay`` of the edited record: exit 0 (every action is legal), one line on
    standard error naming action 1 'p1 discard K12'; the file is only read."""
    path = _edited_discard(played, tmp_path / "edited.json")
    before = path.read_bytes()
    result = runner.invoke(cli_app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == _line(path, 1, "p1 discard K12", lang)
    assert "Traceback" not in result.output
    assert path.read_bytes() == before


def test_remi_replay_json_keeps_standard_output_json(
    played: dict[str, Any], tmp_path: Path
) -> None:
    """With ``--json`` the line goes to standard error and standard output stays one JSON."""
    path = _edited_discard(played, tmp_path / "edited.json")
    result = runner.invoke(cli_app, ["replay", str(path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["actions_applied"] == 3
    assert result.stderr.strip() == _line(path, 1, "p1 discard K12")


def test_replay_of_the_record_as_saved_says_nothing(played: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(played), encoding="utf-8")
    result = runner.invoke(cli_app, ["replay", str(path)])
    assert result.exit_code == 0 and result.stderr == ""


def test_score_from_record_with_an_edited_event(played: dict[str, Any], tmp_path: Path) -> None:
    """A stored event edited (action 2's draw said to be another tile): ``remi score
    --from-record`` still scores the hand (exit 0) and names action 2."""
    data = json.loads(json.dumps(played))
    data["events"][1] = ["p2 drew R1 from the stock"]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(cli_app, ["score", "--from-record", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == _line(path, 2, played["actions"][1])


def test_play_load_says_so_and_saves_the_rebuilt_events(
    played: dict[str, Any], tmp_path: Path
) -> None:
    """``remi play --load`` of the edited record (four bots: they play the hand out): the line
    on standard error, and the file saved with the events of the actions (K12 discarded)."""
    path = _edited_discard(played, tmp_path / "edited.json")
    result = runner.invoke(cli_app, ["play", "--load", str(path), "--plain"])
    assert result.exit_code == 0, result.output
    assert result.stderr.strip().splitlines()[0] == _line(path, 1, "p1 discard K12")
    saved = load_record(path)
    assert saved.events is not None and saved.events[0] == ("p1 discarded K12",)
    assert replay(saved).events_differ is None


@pytest.mark.parametrize("command", [["replay"], ["play", "--plain", "--load"]])
def test_an_illegal_edit_is_refused_and_the_file_left_alone(
    played: dict[str, Any], command: list[str], tmp_path: Path
) -> None:
    """The first discard changed to R1, which p1 does not hold: exit 1, the refusal with its
    rule id, no traceback, the file unchanged (``--load`` keeps saving to it otherwise)."""
    data = dict(played, actions=["p1 discard R1", *played["actions"][1:3]])
    data["events"] = played["events"][:3]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    result = runner.invoke(cli_app, [*command, str(path)])
    assert result.exit_code == 1
    assert "[rack.tiles]" in result.stderr and "Traceback" not in result.output
    assert path.read_bytes() == before
