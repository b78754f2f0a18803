"""The published JSON Schema of game records (``remi/core/schemas/record-vN.schema.json``, shipped
in the package; docs/records.md) and the check of a decoded record against it.

Every record is checked against the schema of its version before its fields are read, so a
record that another program wrote is judged by the same published rules; the error names the
file, the JSON path of the first problem (``$.players[1].kind``) and the problem.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import jsonschema

from remi.core.errors import Reason, names_list
from remi.core.files import printable
from remi.core.messages import N_
from remi.core.records import READ_VERSIONS, RecordError

__all__ = ["record_schema", "validate_record_json"]


@functools.cache
def record_schema(version: int) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of record ``version`` (1 or 2), as shipped in the package.

    Raises:
        RecordError: a version this remi does not read.
    """
    if version not in READ_VERSIONS:
        raise RecordError.from_id(
            N_("error.schema.no_version"), fields={"field": "version"}, version=version
        )
    text = (
        resources.files("remi.core")
        .joinpath("schemas", f"record-v{version}.schema.json")
        .read_text(encoding="utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


@functools.cache
def _validator(version: int) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(record_schema(version))


def validate_record_json(data: dict[str, Any], version: int, path: str = "") -> None:
    """Check decoded JSON against the schema of record ``version``.

    Raises:
        RecordError: ``PATH: $.players[1].kind: "wizard" is longer than 40 characters (record
            schema, version 2)`` -- the JSON path of the first problem (the most relevant one,
            ``jsonschema.exceptions.best_match``) and what is wrong, as a catalogue message
            (``error.schema.*``, one per kind of jsonschema check; jsonschema's own English is
            never shown); ``field`` is that JSON path.
    """
    error = jsonschema.exceptions.best_match(_validator(version).iter_errors(data))
    if error is None:
        return
    where = _where(error)
    problem = _problem(error)
    raise RecordError.from_id(
        N_("error.schema.record"),
        fields={"path": path, "field": where},
        where=where,
        problem=problem,
        version=version,
    )


def _where(error: jsonschema.ValidationError) -> str:
    """The JSON path of the problem; an unknown field is named by its own path."""
    extra = _unknown(error)
    return error.json_path if extra is None else f"{error.json_path}.{extra}"


def _unknown(error: jsonschema.ValidationError) -> str | None:
    """The first unknown field of an ``additionalProperties`` error (escaped), else None."""
    schema: Any = error.schema
    if (
        error.validator != "additionalProperties"
        or not isinstance(error.instance, dict)
        or not isinstance(schema, dict)
    ):
        return None
    known = set(schema.get("properties", {}))
    extra = sorted(str(k) for k in error.instance if k not in known)
    return extra[0][:80].encode("unicode_escape").decode("ascii") if extra else None


def _shown(value: Any) -> str:
    """``value`` as JSON, cut to 60 characters (a whole huge value is never repeated)."""
    if isinstance(value, str):  # control characters shown as escapes (\x1b), as everywhere
        text = f'"{printable(value)}"'
    else:
        text = printable(json.dumps(value, ensure_ascii=False, default=str))
    return text if len(text) <= 60 else text[:57] + "..."


#: The JSON type names of the schema, told in the reader's language.
_TYPES = {
    "string": N_("error.schema.t.string"),
    "integer": N_("error.schema.t.integer"),
    "number": N_("error.schema.t.number"),
    "boolean": N_("error.schema.t.boolean"),
    "object": N_("error.schema.t.object"),
    "array": N_("error.schema.t.array"),
    "null": N_("error.schema.t.null"),
}


def _type_names(value: Any) -> Reason | str:
    """The type(s) a ``type`` check expects, told as "a text or null"."""
    names = value if isinstance(value, list) else [value]
    told = [Reason(_TYPES[n]) if n in _TYPES else str(n) for n in names]
    return _or_list(told)


def _problem(error: jsonschema.ValidationError) -> Reason:
    """What is wrong, as a catalogue message by the kind of check (``error.validator``) with
    the offending value and the expected one as parameters."""
    kind = str(error.validator)
    limit: Any = error.validator_value
    value = _shown(error.instance)
    if kind == "anyOf" and isinstance(limit, list):
        if all(isinstance(sub, dict) and "required" in sub for sub in limit):
            options = [names_list([f"'{k}'" for k in sub["required"]]) for sub in limit]
            return Reason(N_("error.schema.any_of_required"), options=_or_list(options))
        return Reason(N_("error.schema.any_of"), value=value)
    name = _unknown(error)
    if name is not None:
        return Reason(N_("error.schema.unknown_field"), name=name)
    if kind == "required":
        missing = [k for k in limit if isinstance(error.instance, dict) and k not in error.instance]
        return Reason(N_("error.schema.required"), name=(missing or list(limit) or ["?"])[0])
    if kind == "type":
        return Reason(N_("error.schema.type"), value=value, expected=_type_names(limit))
    if kind in ("const", "enum"):
        choices = [limit] if kind == "const" else list(limit)
        shown = ", ".join(_shown(c) for c in choices)
        return Reason(N_("error.schema.enum"), value=value, expected=shown)
    if kind == "minLength" and error.instance == "":
        return Reason(N_("error.schema.empty"))
    if kind in _LIMITS:
        return Reason(_LIMITS[kind], value=value, limit=limit)
    if kind == "pattern" and "\\u0000" in str(limit):  # the schema's "no control characters"
        return Reason(N_("error.schema.control"), value=value)
    if kind == "pattern":
        return Reason(N_("error.schema.pattern"), value=value)
    return Reason(N_("error.schema.other"), value=value, check=kind)


#: The checks of a number, a length or a count against a bound.
_LIMITS = {
    "minimum": N_("error.schema.minimum"),
    "maximum": N_("error.schema.maximum"),
    "exclusiveMinimum": N_("error.schema.exclusive_minimum"),
    "exclusiveMaximum": N_("error.schema.exclusive_maximum"),
    "minLength": N_("error.schema.min_length"),
    "maxLength": N_("error.schema.max_length"),
    "minItems": N_("error.schema.min_items"),
    "maxItems": N_("error.schema.max_items"),
    "minProperties": N_("error.schema.min_properties"),
    "maxProperties": N_("error.schema.max_properties"),
}


def _or_list(options: list[Reason | str]) -> Reason | str:
    """``[a, b, c]`` as "a, b or c" in any language (``list.or``)."""
    if len(options) < 2:
        return options[0] if options else ""
    first: Reason | str = options[0]
    for option in options[1:-1]:
        first = Reason(N_("list.comma"), first=first, next=option)
    return Reason(N_("list.or"), first=first, last=options[-1])
