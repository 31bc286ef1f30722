"""Names say what a function returns, card arithmetic stays in the cards modules, no error is swallowed whole:
checked on the source (AST) of engine/, tutor/ and ui/."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tutor", "ui")


def _modules(*dirs: str) -> Iterator[tuple[str, ast.Module]]:
    for d in dirs:
        for path in sorted((ROOT / d).rglob("*.py")):
            if "dungeon_mayhem_c" in path.parts:  # the compiled build, a copy of engine/dungeon_mayhem
                continue
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(encoding="utf-8"))


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _returns(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    return ast.unparse(fn.returns) if fn.returns is not None else ""


def test_every_can_check_returns_a_verdict() -> None:
    """``can_*`` returns a Verdict: None when the rule allows it, else (rule id, why not)."""
    wrong = [f"{name}:{fn.lineno} {fn.name} -> {_returns(fn) or '(no annotation)'}"
             for name, tree in _modules(*PACKAGES) for fn in _functions(tree)
             if fn.name.startswith("can_") and _returns(fn).replace(" ", "") not in ("Verdict", "Verdict|None")]
    assert wrong == []


def test_no_is_or_has_predicate_returns_a_verdict() -> None:
    """A Verdict is None for "yes": a function named ``is_*`` / ``has_*`` would read backwards."""
    wrong = [f"{name}:{fn.lineno} {fn.name}" for name, tree in _modules(*PACKAGES) for fn in _functions(tree)
             if fn.name.startswith(("is_", "has_")) and "Verdict" in _returns(fn)]
    assert wrong == []


def _swallows(handler: ast.ExceptHandler) -> bool:
    broad = handler.type is None or (isinstance(handler.type, ast.Name)
                                     and handler.type.id in ("Exception", "BaseException"))
    return broad and all(isinstance(s, ast.Pass) for s in handler.body)


def test_no_error_is_swallowed_whole() -> None:
    """``except Exception: pass`` hides every bug behind it: catch the errors meant, or let it through."""
    found = [f"{name}:{node.lineno}" for name, tree in _modules(*PACKAGES) for node in ast.walk(tree)
             if isinstance(node, ast.ExceptHandler) and _swallows(node)]
    assert found == []


CARD_MASKS = {"TYPE_MASK", "OWNER_SHIFT"}


def _card_arithmetic(tree: ast.Module) -> Iterator[int]:
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant):
            if (isinstance(node.op, ast.RShift) and node.right.value == 2) or \
                    (isinstance(node.op, ast.BitAnd) and node.right.value == 3):
                yield node.lineno  # a Regicide card's rank (c >> 2) or suit (c & 3)
        if isinstance(node, ast.Name) and node.id in CARD_MASKS:
            yield node.lineno  # a Dungeon Mayhem card's type or owner bits


def test_card_arithmetic_stays_in_the_engines() -> None:
    """tutor/ and ui/ read a card through the engine's functions (rank(), suit(), type_of(), shields_left()),
    never through its bits."""
    found = [f"{name}:{line}" for name, tree in _modules("tutor", "ui") for line in _card_arithmetic(tree)]
    assert found == []


def test_the_checks_see_what_they_forbid() -> None:
    """The checks above find each thing they forbid (so a passing run means there is none)."""
    bad = ast.parse("def can_x() -> bool: ...\ndef is_y() -> Verdict: ...\n"
                    "try:\n    f()\nexcept Exception:\n    pass\nr = c >> 2\ns = c & 3\nt = c & TYPE_MASK\n")
    fns = {fn.name: _returns(fn) for fn in _functions(bad)}
    assert fns == {"can_x": "bool", "is_y": "Verdict"}
    assert [h.lineno for h in ast.walk(bad) if isinstance(h, ast.ExceptHandler) and _swallows(h)] == [5]
    assert sorted(set(_card_arithmetic(bad))) == [7, 8, 9]
