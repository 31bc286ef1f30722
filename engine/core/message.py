"""What the engine says, kept language-free: a message template and its named parameters.

An engine never builds a sentence by joining English fragments. It records a :class:`Message`: a
template whose English text is also its message id (``"{player} plays {card}."``) and the
parameters that fill it. ``str()`` renders it in English; the tutor renders the same message in
the learner's language from a translation catalog (``tutor/i18n.py``), where a translator may
reorder the parameters and set the plural forms. Parameters are numbers, plain names (a player or a
card as the scenario names it), other messages, or :class:`Term`: a game word a translation names
in its own way (a suit, a card, a character, a rank).

>>> m = msg("{enemy} attacks for {attack}.", enemy=msg("the {rank} of {suit}", rank=Term("rank", "King"),
...         suit=Term("suit", "Spades")), attack=20)
>>> render(m, ENGLISH)
'The King of Spades attacks for 20.'
>>> str(plural("{player} draws {n} card", "{player} draws {n} cards", "n", player="seat 1", n=2))
'seat 1 draws 2 cards'

``render`` starts a sentence with a capital letter; ``str()`` gives the phrase as it is (a reason that
goes inside another sentence).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Protocol, Union

Arg = Union["Message", "Term", "Listing", int, str]
"""What a parameter may be."""


def N_(text: str) -> str:
    """Marks a fixed phrase for the translation catalogs (a choice label, an ask's label); returns it as is."""
    return text


@dataclass(frozen=True, slots=True)
class Term:
    """A game word a translation may name differently (``kind``: ``suit``, ``rank``, ``card``, ``character``,
    ``keyword`` ...); ``name`` is the English word, which is also how a glossary of terms looks it up."""

    kind: str
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Listing:
    """A list of items written the language's way: ``and`` ("A, B and C"), ``or`` ("A, B or C") or ``comma``
    ("A, B, C"); an item is a parameter like any other.

    >>> str(msg("{who} draw.", who=Listing(("Seat 1", "seat 2", "seat 3"))))
    'Seat 1, seat 2 and seat 3 draw.'
    """

    items: tuple[Arg, ...]
    style: str = "and"

    def __str__(self) -> str:
        return ENGLISH.listing([_value(v, ENGLISH) for v in self.items], self.style)


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence or phrase: ``template`` (English; the message id) with ``args``; ``plural`` is the English
    plural template when the wording depends on the number in the parameter ``count``."""

    template: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str = ""
    count: str = ""

    def __str__(self) -> str:
        return render(self, ENGLISH, capitalise=False)

    def __add__(self, other: object) -> str:  # pragma: no cover - a guard: sentences are never glued together
        raise TypeError("a Message is never joined to other text: give the whole sentence one template")

    @property
    def fields(self) -> frozenset[str]:
        """The parameter names the template (and its plural) use."""
        return placeholders(self.template) | (placeholders(self.plural) if self.plural else frozenset())

    def arg(self, name: str) -> Arg:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)


def msg(template: str, /, **args: Arg) -> Message:
    """A message; every ``{name}`` in the template must be given (checked here, so a typo fails at once)."""
    m = Message(template, tuple(args.items()))
    _check(m)
    return m


def plural(singular: str, many: str, count: str, /, **args: Arg) -> Message:
    """A message whose wording depends on the number ``args[count]`` (the translation sets its own forms)."""
    m = Message(singular, tuple(args.items()), many, count)
    _check(m)
    return m


def _check(m: Message) -> None:
    given = {k for k, _ in m.args}
    missing = m.fields - given
    if missing:
        raise KeyError(f"message {m.template!r} needs {sorted(missing)}")
    if m.plural and not isinstance(m.arg(m.count), int):
        raise TypeError(f"message {m.template!r}: the count {m.count!r} must be a number")


def placeholders(template: str) -> frozenset[str]:
    """The ``{name}`` fields of a template.

    >>> sorted(placeholders("{a} and {b}, {{not}} {a}"))
    ['a', 'b']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


class Translator(Protocol):
    """How a language renders messages: its catalog (gettext, ngettext) and its words for terms."""

    def gettext(self, template: str) -> str: ...

    def ngettext(self, singular: str, many: str, n: int) -> str: ...

    def term(self, term: Term) -> str: ...

    def listing(self, items: list[str], style: str) -> str: ...


def english_listing(items: list[str], style: str) -> str:
    """``A, B and C`` / ``A, B or C`` / ``A, B, C``."""
    if style == "comma" or len(items) < 2:
        return ", ".join(items)
    word = " or " if style == "or" else " and "
    return ", ".join(items[:-1]) + word + items[-1]


class _English:
    def gettext(self, template: str) -> str:
        return template

    def ngettext(self, singular: str, many: str, n: int) -> str:
        return singular if n == 1 else many

    def term(self, term: Term) -> str:
        return term.name

    def listing(self, items: list[str], style: str) -> str:
        return english_listing(items, style)


ENGLISH: Translator = _English()


def render(m: Message | str, lang: Translator, capitalise: bool = True) -> str:
    """``m`` in the language ``lang``; a sentence starts with a capital letter (where the script has them)."""
    if isinstance(m, str):
        return m
    if m.plural:
        count = m.arg(m.count)
        assert isinstance(count, int)
        template = lang.ngettext(m.template, m.plural, count)
    else:
        template = lang.gettext(m.template)
    values = {k: _value(v, lang) for k, v in m.args}
    text = template.format_map(values)
    return text[:1].upper() + text[1:] if capitalise else text


def _value(v: Arg, lang: Translator) -> str:
    if isinstance(v, Message):
        return render(v, lang, capitalise=False)
    if isinstance(v, Term):
        return lang.term(v)
    if isinstance(v, Listing):
        return lang.listing([_value(x, lang) for x in v.items], v.style)
    return str(v)
