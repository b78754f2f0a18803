"""Preset files: finding ``rules/*.toml``, reading them (``extends``, ``family``), and ``load_rules``.

A preset file names its ``family`` (the variant whose ``RuleSet`` class it loads into; families
are found in the variant registry, ``remi.core.variant``), may ``extends`` another preset, and
lists rule ids; unknown keys and bad values raise ``RulesError`` naming the file, the key and the
value.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from remi.core.errors import Reason, RulesError, UnknownVariantError
from remi.core.file_reasons import os_reason, toml_reason, tree_reason
from remi.core.files import MAX_DEPTH, MAX_TOML_BYTES, check_tree, printable, read_capped
from remi.core.messages import N_
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
    # the package's own folder (remi is installed as files; importlib.resources would import
    # its zip reader for nothing: start-up time)
    packaged = Path(__file__).resolve().parents[1] / "rule_files"
    if packaged.is_dir():
        dirs.append(packaged)
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


def _not_a_file(path: Path) -> Reason:
    """Why ``path`` cannot be read as a rule file, for the error message."""
    try:
        if path.is_dir():
            return Reason(N_("error.rules.folder"))
        if path.exists():
            return Reason(N_("error.rules.not_regular"))
    except OSError:
        pass
    return Reason(N_("error.rules.no_file"))


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
        raise RulesError.from_id(
            "error.rules.unreadable", fields={"source": str(path)}, source=path, why=os_reason(exc)
        ) from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
        check_tree(data)
        return data
    except RecursionError:
        too_deep = Reason(N_("error.toml.too_deep"), depth=MAX_DEPTH)
        raise RulesError.from_id(
            "error.rules.toml", fields={"source": str(path)}, source=path, why=too_deep
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError.from_id(
            "error.rules.toml", fields={"source": str(path)}, source=path, why=toml_reason(exc)
        ) from None
    except UnicodeDecodeError as exc:  # found by fuzzing (byte flips)
        raise RulesError.from_id(
            "error.rules.not_utf8", fields={"source": str(path)}, source=path, byte=exc.start + 1
        ) from None
    except ValueError as exc:  # an integer over Python's 4300-digit limit (found by fuzzing)
        raise RulesError.from_id(
            "error.rules.toml", fields={"source": str(path)}, source=path, why=tree_reason(exc)
        ) from None


def _flatten(data: Mapping[str, Any], source: str) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key in _META_KEYS:
            continue
        if not isinstance(value, Mapping):
            raise RulesError.from_id(
                N_("error.rules.not_table"),
                fields={"source": source, "key": key, "value": value},
                source=source,
                name=key,
                meta=", ".join(_META_KEYS),
            )
        for sub, val in value.items():
            if isinstance(val, Mapping):
                raise RulesError.from_id(
                    N_("error.rules.nested"),
                    fields={"source": source, "key": f"{key}.{sub}", "value": val},
                    source=source,
                    rule=f"{key}.{sub}",
                )
            flat[f"{key}.{sub}"] = val
    return flat


def _load_file(path: Path, seen: tuple[Path, ...]) -> RuleSet:
    if path in seen:
        raise RulesError.from_id(
            "error.rules.extends_loop", fields={"source": str(path), "key": "extends"}, source=path
        )
    data = read_rules_file(path)
    source = str(path)
    for meta in ("name", "family", "description", "extends"):
        if meta in data and not isinstance(data[meta], str):
            raise RulesError.from_id(
                N_("error.rules.meta_string"),
                fields={"source": source, "key": meta, "value": data[meta]},
                source=source,
                meta=meta,
            )
        if meta in data and printable(data[meta]) != data[meta]:
            raise RulesError.from_id(
                N_("error.rules.meta_control"),
                fields={"source": source, "key": meta},
                source=source,
                meta=meta,
                text=printable(data[meta])[:80],
            )
    base: RuleSet | None = None
    if "extends" in data:
        try:
            parent = preset_path(data["extends"])
        except UnknownVariantError as exc:
            raise RulesError.from_id(
                "error.rules.extends_unknown",
                fields={"source": source, "key": "extends", "value": data["extends"]},
                source=source,
                preset=data["extends"],
            ) from exc
        base = _load_file(parent, seen + (path,))
    family = data.get("family", base.family if base else "")
    if not family:
        raise RulesError.from_id(
            "error.rules.no_family", fields={"source": source, "key": "family"}, source=source
        )
    cls = rules_family(family)
    if base is not None and type(base) is not cls:
        raise RulesError.from_id(
            N_("error.rules.family_differs"),
            fields={"source": source, "key": "family", "value": family},
            source=source,
            family=family,
            base=base.family,
        )
    specs = _spec_by_id(cls)
    values: dict[str, Any] = (
        {} if base is None else {s.field_name: getattr(base, s.field_name) for s in specs.values()}
    )
    for key, value in _flatten(data, source).items():
        spec = specs.get(key)
        if spec is None:
            raise RulesError.from_id(
                "error.rules.unknown_id_value",
                fields={"source": source, "key": key, "value": value},
                source=source,
                rule=key,
                value=repr(value),
                family=family,
                suggestion=_suggest(key, specs),
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
            raise RulesError.from_id(
                "error.rules.in_source",
                fields={"source": str(path)},
                source=path,
                reason=_not_a_file(path),
            )
    else:
        try:
            path = preset_path(str(name_or_path))
        except UnknownVariantError as exc:
            if _is_file(path):  # a rule file without .toml or a folder: say how to name it
                raise RulesError.from_id(
                    "error.rules.not_a_preset",
                    fields={"source": str(path)},
                    name=name_or_path,
                ) from None
            raise exc from None
    rules = _load_file(path, ())
    if overrides:
        rules = rules.with_overrides(overrides, source)
    return rules
