"""The module paths of release 0.1 that moved when the families became peer packages.

``import remi.engine`` and ``from remi.rules import load_rules`` keep working for one release:
each old path is an alias module that warns (``DeprecationWarning``) and hands out the name from
its new home. New code imports from ``remi`` itself, ``remi.core`` or a family package.
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings

TYPE_CHECKING = False
if TYPE_CHECKING:  # ``typing`` is not imported at run time (start-up, docs/architecture.md)
    from typing import Final

_FAMILY: Final = "remi.variants.remi_pe_tabla"

#: old module -> the new modules to look a name up in, in order.
MOVED: Final[dict[str, tuple[str, ...]]] = {
    "remi.tiles": ("remi.core.tiles",),
    "remi.notation": ("remi.core.notation",),
    "remi.errors": ("remi.core.errors",),
    "remi.files": ("remi.core.files",),
    "remi.formations": ("remi.core.formations", "remi.core.candidates"),
    "remi.rules": ("remi.core.rulespec", "remi.core.presets", f"{_FAMILY}.rules"),
    "remi.actions": ("remi.core.actions", f"{_FAMILY}.actions"),
    "remi.scoring": ("remi.core.scoring", f"{_FAMILY}.scoring"),
    "remi.engine": (f"{_FAMILY}.engine",),
    "remi.state": (f"{_FAMILY}.state",),
    "remi.views": (f"{_FAMILY}.views",),
    "remi.opening": (f"{_FAMILY}.opening",),
    "remi.results": (f"{_FAMILY}.results",),
}


class _MovedModule(types.ModuleType):
    """An alias of a moved module: every attribute read warns and comes from the new modules."""

    def __init__(self, name: str, targets: tuple[str, ...]) -> None:
        super().__init__(name, f"Moved: use {' / '.join(targets)}.")
        self._targets = targets

    def __getattr__(self, attr: str) -> object:
        if attr.startswith("__"):
            raise AttributeError(attr)
        for target in self._targets:
            module = importlib.import_module(target)
            if hasattr(module, attr):
                warnings.warn(
                    f"{self.__name__}.{attr} moved to {target}.{attr}; the old path goes in 0.3",
                    DeprecationWarning,
                    stacklevel=2,
                )
                return getattr(module, attr)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}")


def install() -> None:
    """Put the alias modules in ``sys.modules`` (called once by ``remi/__init__``)."""
    package = sys.modules["remi"]
    for old, targets in MOVED.items():
        module = sys.modules.setdefault(old, _MovedModule(old, targets))
        setattr(package, old.rpartition(".")[2], module)
