"""Join codes: short, typed by children on tablets, so only characters that cannot be mistaken.

No 0/O, 1/I/L (and no U/V pair either): 29 characters, 5 of them make 20 million codes; with the
failed-join caps (:mod:`tutor.quiz.ratelimit`: at most 2,400 tries an hour from one address) a code cannot
be found by trying.

>>> normalize(" ab-c 2d ")
'ABC2D'
>>> is_well_formed("ABC2D"), is_well_formed("AB0CD")
(True, False)
"""

from __future__ import annotations

import random
import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"  # no 0 O 1 I L U V
LENGTH = 5


def new_code(rng: random.Random | None = None) -> str:
    """A fresh random code (``secrets`` unless a seeded ``rng`` is given, for tests)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(ALPHABET) for _ in range(LENGTH))


def normalize(text: str) -> str:
    """Upper case, spaces and dashes dropped: what a student typed, as a code."""
    return re.sub(r"[\s\-]", "", text or "").upper()[:16]


def is_well_formed(code: str) -> bool:
    return len(code) == LENGTH and all(c in ALPHABET for c in code)
