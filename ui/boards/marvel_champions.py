"""How Marvel Champions' boards look: a card's class names from its type and state (``rt-card hero exhausted``),
a boost card's back, an exhausted card's wider slot, the status tokens (``mc-token``)."""

from __future__ import annotations

from tutor.boards.tree import Box, Card, Mark, Role
from ui.boards.look import Look


def _card(node: Card, inner: str) -> tuple[str, str]:
    if node.kind == "boost":  # face down, or turned up by the attack: the same card shape
        return "rt-card facedown", inner
    states = [("exhausted", node.exhausted), ("target", node.target), ("rt-played", node.played),
              ("rt-gone", node.gone)]
    return " ".join(["rt-card", node.kind] + [cls for cls, on in states if on]), inner


def _classes(node: Box, cls: str) -> str:
    """An exhausted card's slot is wider (the card lies turned)."""
    if node.role == Role.SLOT and any(isinstance(c, Card) and c.exhausted for c in node.children):
        return f"{cls} wide"
    return cls


LOOK = Look(
    roles={Role.BOARD: ("div", "rt-board mc"), Role.TOKENS: ("div", "mc-tokens"), Role.TOKEN: ("span", "mc-token")},
    marks={Mark.KEYWORD: "kw", Mark.DEFENSE: "def", Mark.EXHAUSTED: "ex"},
    card=_card, classes=_classes)
