"""The architecture holds (docs/architecture.md): no import cycle, the core imports no family,
the families do not import each other, and no module grows beyond a screen or two.

``lint-imports`` (import-linter, contracts in pyproject.toml) checks the layers in CI; these tests
check what a contract cannot say: the whole graph, imports inside functions included (grimp reads
them), has no cycle at all.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

import remi

_GRAPH = grimp.build_graph("remi", cache_dir=None)
_FAMILIES = ("remi.variants.remi_pe_tabla", "remi.variants.rummikub")
#: The longest a module may be (lines): one concept, a screen or two.
MAX_MODULE_LINES = 600


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(name)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.x")
    graph.add_import(importer="a.z", imported="a.x")
    assert _cycles(graph) == [["a.x", "a.y"]]


def test_import_graph_has_no_cycle() -> None:
    """Every import, at module level or inside a function, points one way."""
    assert _cycles(_GRAPH) == []


def test_core_imports_no_family_and_no_upper_layer() -> None:
    core = {m for m in _GRAPH.modules if m == "remi.core" or m.startswith("remi.core.")}
    bad = sorted(
        (m, imported)
        for m in core
        for imported in _GRAPH.find_modules_directly_imported_by(m)
        if imported.startswith("remi.") and imported not in core
    )
    assert bad == []


@pytest.mark.parametrize("family", _FAMILIES)
def test_families_do_not_import_each_other(family: str) -> None:
    other = next(f for f in _FAMILIES if f != family)
    members = {m for m in _GRAPH.modules if m == family or m.startswith(family + ".")}
    bad = sorted(
        (m, imported)
        for m in members
        for imported in _GRAPH.find_modules_directly_imported_by(m)
        if imported == other or imported.startswith(other + ".")
    )
    assert bad == []


def test_no_module_beyond_a_screen_or_two() -> None:
    package = Path(remi.__file__).parent
    long = sorted(
        (str(path.relative_to(package)), count)
        for path in package.rglob("*.py")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    )
    assert long == []


def test_old_module_paths_warn_and_hand_out_the_moved_names() -> None:
    """Release 0.1's module paths keep working for one release, with a DeprecationWarning."""
    from remi.core.presets import load_rules
    from remi.variants.remi_pe_tabla import engine

    with pytest.warns(DeprecationWarning, match=r"remi\.rules\.load_rules moved"):
        from remi.rules import load_rules as old_load_rules
    with pytest.warns(DeprecationWarning, match=r"remi\.engine\.apply moved"):
        from remi.engine import apply as old_apply
    assert old_load_rules is load_rules
    assert old_apply is engine.apply
