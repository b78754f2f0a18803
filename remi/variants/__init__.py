"""Variant registry: built-in rule families and plugins found through the ``remi.variants`` entry points.

Filled in by the plugin issue; for now ``discover()`` loads entry points so that their rule
families are registered before a preset of theirs is loaded.
"""

from __future__ import annotations

from importlib.metadata import entry_points

__all__ = ["discover"]

_discovered = False


def discover() -> None:
    """Import every ``remi.variants`` entry point once (each registers its family on import)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for ep in entry_points(group="remi.variants"):
        ep.load()
