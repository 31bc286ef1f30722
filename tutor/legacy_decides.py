"""FALLBACK, to delete once every game's steps record effects: the deciding step picked by rule-id patterns.

Marvel Champions' engine does not yet record what each step changes (``Step.effects``), so a question about it cannot
find the step that changed what it reads. Until it does, its asks keep ``decides`` (rule ids, or prefixes ending
in '.') and the English patterns below pick the step. To remove: add the game to ``tutor.why.QUANTITIES`` (the
games whose steps record effects), delete this module, its one call in ``tutor.questions.explain`` and the
``decides=`` of ``tutor/games/marvel_champions/asks.py`` (and ``Ask.decides``).
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from engine.core.trace import Step


def _matches(rule: str, patterns: Iterable[str]) -> bool:
    return any(rule == p or (p.endswith(".") and rule.startswith(p)) for p in patterns)


_SUBJECT = r"{n}(?:'s)? (?:takes|has|is|gains|keeps|discards|tough card)\b"
_OBJECT = r"\b(?:to|stuns|gives|readies|ready|exhausts|defeats) {n}\b"


def _names(text: str, of: str) -> bool:
    """Whether a step is about ``of``: it says what happens to it ("Klaw takes", "damage to Klaw", "stuns Klaw").
    A card key may add its printing: "Klaw (III)" is "Klaw" on the table."""
    names = {of} | ({of.split(" (")[0]} if of.endswith(")") and " (" in of else set())
    return any(re.search(pat.format(n=re.escape(n)), text) for n in names for pat in (_SUBJECT, _OBJECT))


def deciding(steps: Sequence[Step], parts: Sequence[tuple[tuple[str, ...], str | None]]) -> int | None:
    """The last step of a rule a part's ``decides`` names, preferring one whose English names the part's ``of``;
    ``parts``: each part's ``(decides, of)``. None when no step matches."""
    patterns = [d.replace("{of}", of or "") for decides, of in parts for d in decides]
    hits = [i for i, s in enumerate(steps) if _matches(s.rule, patterns)]
    about = [i for i in hits if any(_names(steps[i].text, of) for _, of in parts if of)]
    return (about or hits)[-1] if (about or hits) else None
