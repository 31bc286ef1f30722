"""Where a rule comes from: one sources registry and one rulings list per game.

A glossary rule's ``source`` is written compactly by the engine's authors
(``"RR v1.8 p. 15, Defend 2; project ruling (b)"``). :meth:`Sources.cite` turns each
``;``-separated part into a :class:`Citation` a learner can follow: the document's
title and edition, the page or section, a public link where there is one, or, for a
project ruling, "Our ruling (b): …" with its reason, the sources that disagree and the
engine setting that changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True, slots=True)
class Source:
    """One document (a rulebook, a card database, a fan implementation) the rules rest on."""

    key: str
    title: str
    edition: str = ""
    where: str = ""  # page or section, e.g. "p. 15, Defend"
    url: str = ""
    kind: str = "rules"  # rules | cards | faq | walkthrough | review | implementation
    prefixes: tuple[str, ...] = ()  # how glossary texts write it, e.g. "RR v1.8 p. 15, Defend"
    note: str = ""

    def label(self, locator: str = "") -> str:
        head = self.title + (f" {self.edition}" if self.edition else "")
        parts = [head] + [p for p in (self.where, locator) if p]
        if self.where and locator and not locator[:1].isalpha():
            parts = [head, f"{self.where} {locator}"]  # "p. 15, Defend 2", not "p. 15, Defend, 2"
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling this project adopts where the sources are silent or disagree."""

    id: str  # "D4", "G2", "b"
    title: str
    text: str
    reason: str
    disagree: str = ""  # which sources read it otherwise
    setting: str = ""  # the engine setting that changes it, e.g. "discard_timing = end_of_turn"
    prefixes: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        return "ruling-" + self.id.lower().strip("()")

    def label(self) -> str:
        return f"Our ruling {self.id}: {self.title}"


@dataclass(frozen=True, slots=True)
class Citation:
    """One part of a rule's source, resolved: a document with a locator, or one of our rulings."""

    text: str  # as written in the glossary
    source: Source | None = None
    locator: str = ""
    ruling: Ruling | None = None

    @property
    def label(self) -> str:
        if self.ruling is not None:
            return self.ruling.label()
        if self.source is not None:
            return self.source.label(self.locator)
        return self.text

    @property
    def url(self) -> str:
        return self.source.url if self.source is not None else ""


@dataclass(frozen=True)
class Sources:
    """A game's sources and rulings; :meth:`cite` resolves glossary source texts."""

    game: str
    sources: tuple[Source, ...]
    rulings: tuple[Ruling, ...] = ()
    _prefixes: tuple[tuple[str, Source | Ruling], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        pairs: list[tuple[str, Source | Ruling]] = []
        items: tuple[Source | Ruling, ...] = (*self.sources, *self.rulings)
        for item in items:
            names = item.prefixes or ((item.key,) if isinstance(item, Source) else (item.id,))
            pairs += [(p, item) for p in names]
        pairs.sort(key=lambda p: -len(p[0]))
        object.__setattr__(self, "_prefixes", tuple(pairs))

    def source(self, key: str) -> Source:
        return next(s for s in self.sources if s.key == key)

    def ruling(self, rid: str) -> Ruling:
        return next(r for r in self.rulings if r.id == rid)

    def cite_one(self, part: str) -> Citation:
        """One ``;``-part: the longest known prefix decides; the rest is the locator.

        >>> s = Sources("x", (Source("B", "Book", "v2", prefixes=("Book v2",)),), (Ruling("R1", "T", "x", "y"),))
        >>> s.cite_one("Book v2 p. 3").label
        'Book v2, p. 3'
        >>> s.cite_one("R1").label
        'Our ruling R1: T'
        >>> s.cite_one("Nowhere").source is None
        True
        """
        part = part.strip()
        for prefix, item in self._prefixes:
            if part == prefix or part.startswith(prefix + " ") or part.startswith(prefix + ","):
                rest = part[len(prefix):].strip(" ,")
                if isinstance(item, Ruling):
                    return Citation(part, ruling=item)
                return Citation(part, source=item, locator=rest)
        return Citation(part)

    def cite(self, text: str) -> tuple[Citation, ...]:
        return tuple(self.cite_one(p) for p in text.split(";") if p.strip())

    def unknown(self, texts: Iterable[str]) -> list[str]:
        """Every part of these source texts that names no known source or ruling."""
        return [c.text for t in texts for c in self.cite(t) if c.source is None and c.ruling is None]
