"""Modules imported on first use: ``lazy_module(name)`` (start-up time of the CLI commands).

A family's ``Variant`` object names the modules its hooks delegate to (engine, move generator,
views, the line-mode turn); a command that only checks a formation or reads the rules never
calls those hooks, so importing them eagerly is start-up time spent for nothing.
``lazy_module`` returns the module object at once and runs its code on the first attribute
read (``importlib.util.LazyLoader``); afterwards it is an ordinary module (no cost per access).
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

__all__ = ["lazy_module"]


def lazy_module(name: str) -> ModuleType:
    """The module ``name`` (absolute dotted name), loaded on its first attribute access.

    Returns the module already imported when there is one. Raises ``ModuleNotFoundError`` at
    once when no such module exists (its spec is looked up now; only its code runs later).
    """
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module
