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

from remi.core.records import READ_VERSIONS, RecordError

__all__ = ["record_schema", "validate_record_json"]


@functools.cache
def record_schema(version: int) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of record ``version`` (1 or 2), as shipped in the package.

    Raises:
        RecordError: a version this remi does not read.
    """
    if version not in READ_VERSIONS:
        raise RecordError(f"no schema for record version {version}", field="version")
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
        RecordError: ``PATH: $.players[1].kind: 'wizard' is too long...`` -- the JSON path of
            the first problem (the most relevant one, ``jsonschema.exceptions.best_match``) and
            what is wrong; ``field`` is that JSON path.
    """
    error = jsonschema.exceptions.best_match(_validator(version).iter_errors(data))
    if error is None:
        return
    where, message = _message(error)
    if len(message) > 200:
        message = message[:200] + "..."
    raise RecordError(
        f"{where}: {message} (record schema, version {version})", path=path, field=where
    )


def _message(error: jsonschema.ValidationError) -> tuple[str, str]:
    """The JSON path of the problem and the problem in words, without repeating a whole
    (possibly huge) JSON value; an unknown field is named by its own path."""
    return _where(error), _words(error)


def _where(error: jsonschema.ValidationError) -> str:
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


def _words(error: jsonschema.ValidationError) -> str:
    """The problem in words."""
    value: Any = error.validator_value
    if (
        error.validator == "anyOf"
        and isinstance(value, list)
        and all(isinstance(sub, dict) and "required" in sub for sub in value)
    ):
        options = [" and ".join(f"'{k}'" for k in sub["required"]) for sub in value]
        return "needs " + " or ".join(options)
    name = _unknown(error)
    if name is not None:
        return f"unknown field '{name}'"
    if error.validator in ("type", "const", "enum", "pattern", "minLength", "maxLength"):
        shown = json.dumps(error.instance, ensure_ascii=True, default=str)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return f"{shown}: {error.message.rsplit(' is ', 1)[-1] if ' is ' in error.message else error.message}"
    return error.message
