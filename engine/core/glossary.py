"""A game's rules glossary: rule id -> title, plain text and the source it rests on.

Traces and lessons both cite rules by id, so a lesson slide and an explanation step
that name ``MC.def.label`` show the same text and source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator


@dataclass(frozen=True, slots=True)
class Rule:
    """One named rule of a game."""

    id: str
    title: str
    text: str
    source: str


class Glossary:
    """An immutable mapping of rule ids to :class:`Rule`.

    >>> g = Glossary([Rule("X.a", "A", "Text.", "Book p. 1")])
    >>> g["X.a"].source
    'Book p. 1'
    >>> "X.b" in g
    False
    """

    def __init__(self, rules: Iterable[Rule]) -> None:
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id!r}")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"unknown rule id {rule_id!r}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)
