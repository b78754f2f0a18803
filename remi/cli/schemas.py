"""The JSON Schema (draft 2020-12) of every command's ``--json`` output, shipped in the package
(``remi/schemas/<command>.schema.json``, the shared shapes in ``common.schema.json``;
docs/cli.md), and the check of an output against it.

Each command's schema accepts its answer or a failure ``{"error": {...}}`` (bad input, exit 2;
a refusal, exit 1).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import jsonschema
from referencing import Registry, Resource

__all__ = ["COMMAND_SCHEMAS", "output_schema", "validate_output"]

#: Command (as typed after ``remi``) -> its schema file, without ``.schema.json``.
COMMAND_SCHEMAS: dict[str, str] = {
    "score": "score",
    "check meld": "check-meld",
    "check opening": "check-opening",
    "check file": "check-file",
    "solve opening": "solve-opening",
    "solve move": "solve-move",
    "rules list": "rules-list",
    "rules show": "rules-show",
    "rules diff": "rules-diff",
    "replay": "replay",
    "simulate": "simulate",
    "ladder": "ladder",
}


def _read(name: str) -> dict[str, Any]:
    text = resources.files("remi").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def output_schema(command: str) -> dict[str, Any]:
    """The JSON Schema of the ``--json`` output of ``command`` (``"check meld"``...).

    Raises:
        KeyError: a command without a JSON output.
    """
    return _read(COMMAND_SCHEMAS[command])


@functools.cache
def _validator(command: str) -> jsonschema.Draft202012Validator:
    common = _read("common")
    registry: Registry[Any] = Registry().with_resource(
        common["$id"], Resource.from_contents(common)
    )
    return jsonschema.Draft202012Validator(output_schema(command), registry=registry)


def validate_output(command: str, data: Any) -> None:
    """Check ``data`` (decoded JSON) against the schema of ``command``'s output.

    Raises:
        jsonschema.ValidationError: the first problem (``jsonschema.exceptions.best_match``).
        KeyError: a command without a JSON output.
    """
    error = jsonschema.exceptions.best_match(_validator(command).iter_errors(data))
    if error is not None:
        raise error
