"""typer's coercion of option and argument values, without pydantic where it changes nothing.

typer (0.2x) coerces every parameter's value through a pydantic ``TypeAdapter`` that it builds
on the parameter's first use, even for an option not given; building one imports pydantic, a
third of the CPU of a short command such as ``remi check meld`` (``benchmarks/startup.py``).
``plain_params`` gives the parameters of a command a coercion that returns what typer's would
for the values a command line holds, and hands every other value to typer's own.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = ["PlainCoercion", "plain_params"]


class PlainCoercion:
    """typer's coercion of a parameter's value without its pydantic ``TypeAdapter`` where the
    adapter would give the value back unchanged: nothing given (``None``), a string for a
    ``str`` parameter, strings for a ``list[str]`` one, and an ``Enum`` choice matched by
    typer's own ``coerce_cli_choice`` (which the adapter calls). typer builds the adapter before it
    looks at the value, even for an option not given, and building it imports pydantic: a
    third of the CPU of a short command (``benchmarks/startup.py``). Any other value goes to
    typer's own coercion, built on first use."""

    def __init__(self, descriptor: Any) -> None:
        self._descriptor = descriptor
        self._typer: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """The value as typer's coercion would give it (``typer._coercion.RuntimeParam``)."""
        annotation = self._descriptor.annotation
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if annotation is str and isinstance(value, str):
            return value
        if (
            annotation == list[str]
            and isinstance(value, (list, tuple))
            and all(isinstance(item, str) for item in value)
        ):
            return list(value)
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            from typer._param_types import coerce_cli_choice

            try:  # typer's own choice matching (a bad choice: typer's error, below)
                return coerce_cli_choice(
                    value,
                    choices=tuple(annotation),
                    case_sensitive=self._descriptor.parameter_info.case_sensitive,
                    ctx=ctx,
                )
            except ValueError:
                pass
        if self._typer is None:
            from typer._coercion import build_runtime_param

            self._typer = build_runtime_param(self._descriptor)
        return self._typer.coerce(value, param=param, ctx=ctx)


def plain_params(command: Any, ctx: Any) -> None:
    """Give each parameter of ``command`` (its help option included) without a custom parser
    or file type the ``PlainCoercion`` (typer builds its own lazily into ``_runtime_param``;
    a parameter already built, or a typer without that hook, is left as it is)."""
    try:
        params = command.get_params(ctx)
    except Exception:  # a command that cannot list its parameters yet: typer's own way
        return
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if (
            descriptor is None
            or getattr(param, "_runtime_param", "missing") is not None
            or descriptor.file_annotation is not None
            or descriptor.parameter_info.parser is not None
        ):
            continue
        param._runtime_param = PlainCoercion(descriptor)
