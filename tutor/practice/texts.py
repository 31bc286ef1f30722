"""A generated item's prompt as a message: the source's prompt template it was written from, and its fields.

A practice item (and a quiz item drawn from the generator) stores its prompt in English, as its scenario
file does. The prompt was written from one of the game source's templates (``ASKS``, marked for
translation): :func:`prompt_template` finds that template back from the question's ask and reads the fields
(names of characters, players and cards) out of the prompt, so a page can render the template in the
learner's language with the same fields.

>>> prompt_template("regicide", "is_legal", "Is this move legal?")
('Is this move legal?', {})
>>> prompt_template("dungeon_mayhem", "hp_after", "How many hit points does Azzan have now?")
('How many hit points does {of} have now?', {'of': 'Azzan'})
>>> prompt_template("regicide", "is_legal", "An author's own prompt") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=None)
def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    out = []
    for k, part in enumerate(parts):
        out.append(re.escape(part) if k % 2 == 0 else f"(?P<{part}>.+?)")
    return re.compile("".join(out) + r"\Z")


def prompt_template(game: str, ask: str | None, prompt: str) -> tuple[str, dict[str, str]] | None:
    """(the English template, its fields) the generated ``prompt`` of ``ask`` was written from, or None (a
    prompt written by hand)."""
    from tutor.practice.generate import GAMES, _source

    if game not in GAMES or not ask:
        return None
    asks, _ = _source(game)
    if ask not in asks:
        return None
    template = asks[ask][0]
    m = _pattern(template).match(prompt)
    return None if m is None else (template, m.groupdict())
