"""No import cycles in engine/, tutor/ or ui/: the graph of every import, at module level and inside functions
(an import deferred into a function hides a cycle; it does not remove it), has no strongly connected part."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tutor", "ui")

EXCLUDED_EDGES = {("tutor", "ui")}
"""tutor/ still imports ui/ for the boards while they move below ui/ (helper C's branch; its layering test forbids
every tutor -> ui import); those edges are left out here so that this test speaks only of the cycles it owns."""


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (read by the type checker, never run)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for s in node.body for n in ast.walk(s))
    return out


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of the tree that ``path`` imports, anywhere in it (relative imports resolved)."""
    me = _name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_only(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".") if package else []
                up = up[: len(up) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:  # ``from package import module`` imports the module; else the names of ``base``
                sub = f"{base}.{a.name}" if base else a.name
                out.add(sub if sub in modules else base)
    return {m for m in out if m in modules and m != me}


def import_graph() -> dict[str, set[str]]:
    paths = {_name(p): p for d in PACKAGES for p in (ROOT / d).rglob("*.py") if "dungeon_mayhem_c" not in p.parts}
    graph = {m: imports_of(p, set(paths)) for m, p in paths.items()}
    return {m: {t for t in ts if (m.split(".")[0], t.split(".")[0]) not in EXCLUDED_EDGES} for m, ts in graph.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    part.append(m)
                    if m == node:
                        break
                if len(part) > 1:
                    out.append(sorted(part))
    return sorted(out)


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_the_walk_finds_cycles_and_imports_inside_functions(tmp_path: Path) -> None:
    """The checks see what they forbid: a cycle through an import inside a function, a relative import, and not
    an import under TYPE_CHECKING."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    f = tmp_path / "m.py"
    f.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x.t\n"
                 "def f():\n    from x.y import z\n    from . import w\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert imports_of(f, {"x.y", "x.y.z", "w", "x.t"}) == {"x.y.z", "w"}
        assert imports_of(f, {"x.y", "w", "x.t"}) == {"x.y", "w"}
    finally:
        ROOT = saved
