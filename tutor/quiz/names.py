"""Student names within a session: stored NFKC-normalised, and compared by a skeleton, so a look-alike of a
name already taken ("Аna" with a Cyrillic А next to "Ana", "ＡＮＡ", "ana") is refused like the name itself.

The look-alike classes are Unicode's confusables (UTS #39 ``confusables.txt``) as the ``confusable_homoglyphs``
package ships them: a well-kept copy of the whole table rather than a hand-made list of Cyrillic and Greek
letters. Characters that are confusable with one another map to one representative (an ASCII one when the
class has one); multi-character look-alikes ("rn" for "m") are not folded.
"""

from __future__ import annotations

import unicodedata
from functools import cache


def normalize(name: str) -> str:
    """A name as stored: NFKC (full-width letters, ligatures and compatibility forms made plain).

    >>> normalize("Ａｎａ ﬁ")
    'Ana fi'
    """
    return unicodedata.normalize("NFKC", name)


@cache
def _representatives() -> dict[str, str]:
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def find(c: str) -> str:
        while parent.get(c, c) != c:
            parent[c] = parent.get(parent[c], parent[c])
            c = parent[c]
        return c

    def better(a: str, b: str) -> str:
        return min(a, b, key=lambda ch: (not ch.isascii(), ord(ch)))

    for char, homoglyphs in confusables_data.items():
        if len(char) != 1:
            continue
        for h in homoglyphs:
            other = h["c"].replace("\u200e", "").replace("\u200f", "")
            if len(other) != 1:
                continue
            a, b = find(char), find(other)
            if a != b:
                keep = better(a, b)
                parent[a] = parent[b] = keep
    return {c: find(c) for c in parent}


def skeleton(name: str) -> str:
    """What a name looks like: two names with the same skeleton cannot be told apart at a glance.

    >>> skeleton("Аna") == skeleton("Ana") == skeleton("ANA") == skeleton("Ａｎａ")
    True
    >>> skeleton("Max") == skeleton("Мах"), skeleton("Ali") == skeleton("AIi")
    (True, True)
    >>> skeleton("Ana") == skeleton("Anna"), skeleton("René") == skeleton("Rene")
    (False, False)
    """
    table = _representatives()

    def fold(text: str) -> str:
        return "".join(table.get(ch, ch) for ch in text)

    return fold(fold(normalize(name)).casefold())  # look-alikes first: a capital I looks like l, its lower case does not
