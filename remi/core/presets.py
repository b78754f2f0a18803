"""Preset files: finding ``rules/*.toml``, reading them (``extends``, ``family``), and ``load_rules``.

A preset file names its ``family`` (the variant whose ``RuleSet`` class it loads into; families
are found in the variant registry, ``remi.core.variant``), may ``extends`` another preset, and
lists rule ids; unknown keys and bad values raise ``RulesError`` naming the file, the key and the
value.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from remi.core.errors import RulesError, UnknownVariantError
from remi.core.files import MAX_DEPTH, MAX_TOML_BYTES, check_tree, printable, read_capped
from remi.core.rulespec import RuleSet, _spec_by_id, _suggest
from remi.core.variant import registered_variants, rules_family

__all__ = [
    "list_presets",
    "load_rules",
    "preset_dirs",
    "preset_path",
    "read_rules_file",
]

_META_KEYS: Final = ("name", "family", "description", "extends")


def preset_dirs() -> list[Path]:
    """Folders searched for preset files: the wheel's ``remi/rule_files``, else the checkout's ``rules/``."""
    dirs: list[Path] = []
    packaged = importlib.resources.files("remi") / "rule_files"
    if packaged.is_dir():
        dirs.append(Path(str(packaged)))
    checkout = Path(__file__).resolve().parents[2] / "rules"
    if checkout.is_dir() and checkout not in dirs:
        dirs.append(checkout)
    return dirs


def _plugin_presets() -> dict[str, Path]:
    """The preset files the registered families ship themselves (``Variant.preset_files``), by
    stem; a built-in preset of the same name wins."""
    return {p.stem: p for v in registered_variants() for p in v.preset_files}


def list_presets() -> list[str]:
    """Names of every preset: the files of ``preset_dirs`` and those the registered families
    ship (``Variant.preset_files``), file stems, sorted."""
    names: set[str] = set(_plugin_presets())
    for d in preset_dirs():
        names.update(p.stem for p in d.glob("*.toml"))
    return sorted(names)


def preset_path(name: str) -> Path:
    """The file of preset ``name``.

    Raises:
        UnknownVariantError: when no preset has that name.
    """
    for d in preset_dirs():
        candidate = d / f"{name}.toml"
        if _is_file(candidate):
            return candidate
    shipped = _plugin_presets().get(name)
    if shipped is not None and _is_file(shipped):
        return shipped
    raise UnknownVariantError(name, list_presets())


def _not_a_file(path: Path) -> str:
    """Why ``path`` cannot be read as a rule file, for the error message."""
    try:
        if path.is_dir():
            return "is a folder, not a rule file"
        if path.exists():
            return "is not a regular file (a rule file is a .toml file)"
    except OSError:
        pass
    return "no such rule file"


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False also when the OS refuses the name (too long: found by fuzzing)."""
    try:
        return path.is_file()
    except OSError:
        return False


def read_rules_file(path: Path) -> dict[str, Any]:
    """Read a rule file as TOML.

    Raises:
        RulesError: naming the file when it cannot be read or is not valid TOML.
    """
    try:
        raw = read_capped(path, MAX_TOML_BYTES)
    except OSError as exc:
        raise RulesError(
            f"{path}: cannot read rule file: {exc.strerror}", source=str(path)
        ) from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
        check_tree(data)
        return data
    except RecursionError:
        raise RulesError(
            f"{path}: not valid TOML: nested deeper than {MAX_DEPTH} levels", source=str(path)
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{path}: not valid TOML: {exc}", source=str(path)) from None
    except UnicodeDecodeError as exc:  # found by fuzzing (byte flips)
        raise RulesError(
            f"{path}: not valid TOML: not UTF-8 text (byte {exc.start + 1})", source=str(path)
        ) from None
    except ValueError as exc:  # an integer over Python's 4300-digit limit (found by fuzzing)
        raise RulesError(f"{path}: not valid TOML: {exc}", source=str(path)) from None


def _flatten(data: Mapping[str, Any], source: str) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key in _META_KEYS:
            continue
        if not isinstance(value, Mapping):
            raise RulesError(
                f"{source}: key '{key}' must be a table of rule ids like [opening] (or one of "
                f"{', '.join(_META_KEYS)})",
                source=source,
                key=key,
                value=value,
            )
        for sub, val in value.items():
            if isinstance(val, Mapping):
                raise RulesError(
                    f"{source}: rule '{key}.{sub}' must be a value, not a table",
                    source=source,
                    key=f"{key}.{sub}",
                    value=val,
                )
            flat[f"{key}.{sub}"] = val
    return flat


def _load_file(path: Path, seen: tuple[Path, ...]) -> RuleSet:
    if path in seen:
        raise RulesError(f"{path}: 'extends' loops back to itself", source=str(path), key="extends")
    data = read_rules_file(path)
    source = str(path)
    for meta in ("name", "family", "description", "extends"):
        if meta in data and not isinstance(data[meta], str):
            raise RulesError(
                f"{source}: '{meta}' must be a string", source=source, key=meta, value=data[meta]
            )
        if meta in data and printable(data[meta]) != data[meta]:
            raise RulesError(
                f"{source}: '{meta}' holds control characters: {printable(data[meta])[:80]}",
                source=source,
                key=meta,
            )
    base: RuleSet | None = None
    if "extends" in data:
        try:
            parent = preset_path(data["extends"])
        except UnknownVariantError as exc:
            raise RulesError(
                f"{source}: extends unknown preset '{data['extends']}'",
                source=source,
                key="extends",
                value=data["extends"],
            ) from exc
        base = _load_file(parent, seen + (path,))
    family = data.get("family", base.family if base else "")
    if not family:
        raise RulesError(
            f"{source}: missing 'family' (e.g. family = \"remi\")", source=source, key="family"
        )
    cls = rules_family(family)
    if base is not None and type(base) is not cls:
        raise RulesError(
            f"{source}: family '{family}' differs from the extended preset's '{base.family}'",
            source=source,
            key="family",
            value=family,
        )
    specs = _spec_by_id(cls)
    values: dict[str, Any] = (
        {} if base is None else {s.field_name: getattr(base, s.field_name) for s in specs.values()}
    )
    for key, value in _flatten(data, source).items():
        spec = specs.get(key)
        if spec is None:
            raise RulesError(
                f"{source}: unknown rule id '{key}' (value {value!r}) for family '{family}'"
                f"{_suggest(key, specs)}",
                source=source,
                key=key,
                value=value,
            )
        values[spec.field_name] = spec.validate(value, source)
    name = data.get("name", path.stem)
    description = data.get("description", base.description if base else "")
    try:
        return cls(name=name, family=family, description=description, **values)
    except RulesError:
        raise
    except (TypeError, ValueError) as exc:  # pragma: no cover - validated above
        raise RulesError(f"{source}: {exc}", source=source) from None


def load_rules(
    name_or_path: str | Path = "remi-pe-tabla",
    overrides: Mapping[str, Any] | None = None,
    *,
    source: str = "--set",
) -> RuleSet:
    """Load a preset by name (``"rummy-45"``) or a rule file by path, then apply ``overrides``.

    Args:
        name_or_path: a preset name from ``list_presets()`` or the path of a ``.toml`` file.
        overrides: rule id -> value (typed, or strings as given to ``--set ID=VALUE``).
        source: how to name the overrides in error messages.

    Returns:
        the frozen rule set of the file's family (``RemiRules`` for family ``remi``).

    Raises:
        UnknownVariantError: no preset of that name and no such file.
        RulesError: a bad file, an unknown rule id or a bad value, naming file, key and value.
    """
    path = Path(name_or_path)
    if (
        isinstance(name_or_path, Path)
        or str(name_or_path).endswith(".toml")
        or "/" in str(name_or_path)
    ):
        if not _is_file(path):
            raise RulesError(f"{path}: {_not_a_file(path)}", source=str(path))
    else:
        try:
            path = preset_path(str(name_or_path))
        except UnknownVariantError as exc:
            if _is_file(path):  # a rule file without .toml or a folder: say how to name it
                raise RulesError(
                    f"{name_or_path!r} is not a preset; to load the file of that name as a rule "
                    f"file, give its path ./{name_or_path} or name it with .toml",
                    source=str(path),
                ) from None
            raise exc from None
    rules = _load_file(path, ())
    if overrides:
        rules = rules.with_overrides(overrides, source)
    return rules
