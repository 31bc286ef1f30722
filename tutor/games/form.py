"""What a game plugs into the ruling checker's Form tab (``ui/ruling_forms.py``): its situation form, as data.

A game's form (:attr:`tutor.games.base.GamePlugin.form`, ``module:name`` of a :class:`Form`) is a tree of typed
fields: a :class:`Number`, a :class:`Text`, a :class:`Check`, a :class:`Choice` or :class:`Choices` among options, a
:class:`Cards` text (a list of cards, or how many), laid out in :class:`Row`, :class:`Box`, :class:`Fold` and
:class:`When`, and repeated by :class:`Rows` (a player's row, with add and remove). Each field says where in the
situation's parsed data it reads and writes (:attr:`Field.at`, relative to its row), its bounds or options, and how
its value is converted and checked: :meth:`Field.put` writes a value or raises :class:`FormError` with a message
saying what is wrong. An :class:`Adder` is a row of choices and a button that adds a play.

Everything here is pure (no Streamlit): ``ui/ruling_forms.py`` draws any game's form from this data and names no
game. Labels are :class:`~engine.core.message.Message` (translated, in the game's catalog first); a plain ``str``
is shown as it is (a player's name, a card).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, Union

from engine.core.message import N_, Message, msg
from tutor.datapaths import get_path, set_path

Loc = tuple[Union[str, int], ...]
Label = Union[Message, str]
"""A label: a :class:`Message` is translated; a ``str`` is a name, shown as it is."""


class FormError(ValueError):
    """A value a field cannot take; :attr:`message` says which field and what is wrong, language-free."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


@dataclass(frozen=True)
class Ctx:
    """Where a field is drawn: the situation's scenario (validated) and parsed data, and its row's place in it."""

    scenario: Any
    data: dict[str, Any]
    base: Loc = ()

    @property
    def row(self) -> int | None:
        """The index of the row (a player) the field belongs to, or None outside :class:`Rows`."""
        return self.base[-1] if self.base and isinstance(self.base[-1], int) else None

    def at(self, loc: Loc) -> Loc:
        return self.base + loc

    def get(self, loc: Loc, default: Any = None) -> Any:
        try:
            return get_path(self.data, self.at(loc))
        except (KeyError, IndexError, TypeError):
            return default


def card_name(ref: Any) -> str:
    """A card reference's card: a name as it is, a mapping's ``card``."""
    return ref if isinstance(ref, str) else str(ref.get("card", "")) if isinstance(ref, dict) else str(ref)


def ref_set(ref: Any, key: str, value: Any, default: Any) -> Any:
    """A card reference (a name, or a mapping with ``card``) with ``key`` set to ``value``; the default is left out,
    and a reference left with its card only is its name."""
    spec = {"card": ref} if isinstance(ref, str) else dict(ref)
    if value == default:
        spec.pop(key, None)
    else:
        spec[key] = value
    return spec["card"] if set(spec) == {"card"} else spec


def _label_text(label: Label) -> Any:
    return label if isinstance(label, Message) else str(label)


@dataclass(frozen=True, kw_only=True)
class Field:
    """One widget of the form. ``key`` names its widget (``{i}`` is its row's index: ``{i}.name``); ``at`` is where
    it reads and writes, relative to its row; with ``ref`` the place holds a card reference (a name, or a mapping
    with ``card``) and the field is that reference's ``ref`` key, left out when it is the default."""

    key: str
    label: Label
    at: Loc
    ref: str | None = None
    default: Any = None
    write: Callable[[Ctx, Any], None] | None = None
    """A write of its own (the value already checked): Regicide's player count also resizes the hands."""
    default_of: Callable[[Ctx], Any] | None = None
    """The value shown when the file gives none, read from the situation (whose turn: the first player)."""

    def widget_key(self, ctx: Ctx) -> str:
        return self.key.format(i=ctx.row)

    def label_of(self, ctx: Ctx) -> Label:
        """The label, with ``{n}`` the row's number (from 1) where the template has it."""
        if isinstance(self.label, Message) and "{n}" in self.label.template and ctx.row is not None:
            return msg(self.label.template, n=ctx.row + 1)
        return self.label

    def raw(self, ctx: Ctx) -> Any:
        value = ctx.get(self.at)
        if value is None and self.default_of is not None:
            return self.default_of(ctx)
        if self.ref is None:
            return self.default if value is None else value
        if isinstance(value, dict):
            return value.get(self.ref, self.default)
        return value if self.ref == "card" and value is not None else self.default

    def read(self, ctx: Ctx) -> Any:
        """The value the widget shows."""
        return self.raw(ctx)

    def check(self, ctx: Ctx, value: Any) -> Any:
        """``value`` converted to what the file holds; :class:`FormError` if the field cannot take it."""
        return value

    def put(self, ctx: Ctx, value: Any) -> None:
        """Write ``value`` into ``ctx.data`` (checked first: a wrong value changes nothing)."""
        value = self.check(ctx, value)
        if self.write is not None:
            self.write(ctx, value)
        elif self.ref is None:
            set_path(ctx.data, ctx.at(self.at), value)
        else:
            set_path(ctx.data, ctx.at(self.at), ref_set(ctx.get(self.at), self.ref, value, self.default))

    def _wrong(self, ctx: Ctx, template: str, **args: Any) -> FormError:
        return FormError(msg(template, field=_label_text(self.label_of(ctx)), **args))


@dataclass(frozen=True, kw_only=True)
class Number(Field):
    """A whole number between ``least`` and ``most`` (None: unbounded that way)."""

    least: int | None = None
    most: int | None = None
    step: int = 1
    default: Any = 0

    def read(self, ctx: Ctx) -> Any:
        value = self.raw(ctx)
        return value if isinstance(value, int) and not isinstance(value, bool) else self.default

    def check(self, ctx: Ctx, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
            raise self._wrong(ctx, N_("{field}: {value} is not a whole number."), value=str(value)[:40])
        n = int(value)
        if self.least is not None and n < self.least:
            raise self._wrong(ctx, N_("{field}: {value} is less than {least}."), value=n, least=self.least)
        if self.most is not None and n > self.most:
            raise self._wrong(ctx, N_("{field}: {value} is more than {most}."), value=n, most=self.most)
        return n


@dataclass(frozen=True, kw_only=True)
class Text(Field):
    """A line of text (a name), at most ``longest`` characters, on one line."""

    longest: int = 80
    default: Any = ""

    def read(self, ctx: Ctx) -> Any:
        return str(self.raw(ctx) or "")

    def check(self, ctx: Ctx, value: Any) -> Any:
        text = str(value).strip()
        if len(text) > self.longest:
            raise self._wrong(ctx, N_("{field}: at most {n} characters."), n=self.longest)
        if "\n" in text or "\r" in text:
            raise self._wrong(ctx, N_("{field}: one line only."))
        return text


@dataclass(frozen=True, kw_only=True)
class Check(Field):
    """Yes or no."""

    default: Any = False

    def read(self, ctx: Ctx) -> Any:
        return bool(self.raw(ctx))

    def check(self, ctx: Ctx, value: Any) -> Any:
        if not isinstance(value, bool):
            raise self._wrong(ctx, N_("{field}: yes or no."))
        return value


Options = Callable[[Ctx], Sequence[Any]]
OptionLabel = Callable[[Ctx, Any], Label]


@dataclass(frozen=True, kw_only=True)
class Choice(Field):
    """One of ``options(ctx)`` (or the value the file holds now), each shown by ``option_label``."""

    options: Options
    option_label: OptionLabel | None = None

    def choices(self, ctx: Ctx) -> list[Any]:
        found = list(self.options(ctx))
        now = self.read(ctx)
        return found if now is None or now in found else [now, *found]

    def check(self, ctx: Ctx, value: Any) -> Any:
        if value not in self.choices(ctx):
            raise self._wrong(ctx, N_("{field}: {value} is not one of the choices."), value=str(value)[:60])
        return value


@dataclass(frozen=True, kw_only=True)
class Choices(Field):
    """Several of ``options(ctx)``, in the order chosen; a card reference is read as its card's name. With
    ``keep_refs`` a reference already listed keeps its other keys (an ally's damage) when the list is written."""

    options: Options
    option_label: OptionLabel | None = None
    keep_refs: bool = False
    default: Any = ()

    def read(self, ctx: Ctx) -> Any:
        return list(dict.fromkeys(card_name(c) for c in self.raw(ctx) or []))

    def choices(self, ctx: Ctx) -> list[Any]:
        return list(self.options(ctx))

    def check(self, ctx: Ctx, value: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            raise self._wrong(ctx, N_("{field}: a list of choices."))
        allowed = set(self.choices(ctx)) | set(self.read(ctx))
        wrong = [v for v in value if v not in allowed]
        if wrong:
            raise self._wrong(ctx, N_("{field}: {value} is not one of the choices."), value=str(wrong[0])[:60])
        if not self.keep_refs:
            return list(value)
        old = {card_name(r): r for r in self.raw(ctx) or []}
        return [old.get(v, v) for v in value]


@dataclass(frozen=True, kw_only=True)
class Cards(Field):
    """A list of cards typed as text (``sep`` between them: a space or a comma; with a space, commas also
    separate), or with ``count`` a number: how many cards, unlisted. At most ``most`` cards."""

    sep: str = " "
    count: bool = True
    most: int = 60
    default: Any = ()

    def read(self, ctx: Ctx) -> Any:
        pile = self.raw(ctx)
        if isinstance(pile, int) and not isinstance(pile, bool):
            return str(pile)
        return (self.sep if self.sep == " " else self.sep + " ").join(card_name(c) for c in pile or [])

    def check(self, ctx: Ctx, value: Any) -> Any:
        text = str(value).strip()
        if len(text) > 40 * self.most:
            raise self._wrong(ctx, N_("{field}: at most {n} cards."), n=self.most)
        if text.isdigit():
            if not self.count:
                raise self._wrong(ctx, N_("{field}: name the cards; a number of cards is not allowed here."))
            if int(text) > self.most:
                raise self._wrong(ctx, N_("{field}: at most {n} cards."), n=self.most)
            return int(text)
        words = text.replace(",", " ").split() if self.sep == " " else text.split(self.sep)
        cards = [w.strip() for w in words if w.strip()]
        if len(cards) > self.most:
            raise self._wrong(ctx, N_("{field}: at most {n} cards."), n=self.most)
        return cards


@dataclass(frozen=True)
class Row:
    """Fields side by side (``widths``: their columns' relative widths; None: equal)."""

    fields: tuple[Field, ...]
    widths: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Box:
    """Items in a bordered box."""

    items: tuple[Item, ...]


@dataclass(frozen=True)
class Fold:
    """Items folded under a title read from the situation (``title(ctx)``: "Hero status: hero, 2 damage")."""

    title: Callable[[Ctx], Label]
    items: tuple[Item, ...]


@dataclass(frozen=True)
class When:
    """Items shown when ``test(ctx)`` holds; else the note ``otherwise`` (None: nothing)."""

    test: Callable[[Ctx], bool]
    items: tuple[Item, ...]
    otherwise: Message | None = None


@dataclass(frozen=True)
class Rows:
    """The same items once per element of the list at ``at`` (each row's fields read relative to it), each row in a
    box headed by ``heading(ctx)`` (a name and an id); with ``remove`` a button per row removes it (``remove_key``,
    ``{i}`` its index) while more than ``fewest`` remain; with ``add`` a button adds one while fewer than ``most``."""

    at: Loc
    items: tuple[Item, ...]
    heading: Callable[[Ctx], tuple[str, str]] | None = None
    remove: Callable[[dict[str, Any], int], None] | None = None
    remove_label: Message = field(default_factory=lambda: msg("Remove"))
    remove_help: Message | None = None
    remove_key: str = "{i}.remove"
    fewest: int = 1
    add: Callable[[dict[str, Any]], None] | None = None
    add_label: Message | None = None
    add_key: str = "add"
    most: int = 99
    boxed: bool = True

    def count(self, ctx: Ctx) -> int:
        rows = ctx.get(self.at, [])
        return len(rows) if isinstance(rows, list) else 0

    def rows(self, ctx: Ctx) -> list[Ctx]:
        return [Ctx(ctx.scenario, ctx.data, ctx.at(self.at) + (i,)) for i in range(self.count(ctx))]

    def removable(self, ctx: Ctx) -> bool:
        return self.remove is not None and self.count(ctx) > self.fewest

    def addable(self, ctx: Ctx) -> bool:
        return self.add is not None and self.count(ctx) < self.most


Item = Union[Field, Row, Box, Fold, When, Rows]


@dataclass(frozen=True)
class Pick:
    """One choice of an :class:`Adder`: ``options(ctx, chosen)`` may read the picks before it (``chosen``, by key);
    the first option is preselected, or the last with ``last``."""

    key: str
    label: Label
    options: Callable[[Ctx, dict[str, Any]], Sequence[Any]]
    option_label: OptionLabel | None = None
    last: bool = False

    def start(self, options: Sequence[Any]) -> Any:
        return options[-1] if self.last else options[0]


@dataclass(frozen=True)
class Adder:
    """A row of choices and a button that adds a play made of them: ``add(data, chosen)``."""

    title: Message
    picks: tuple[Pick, ...]
    add_label: Message
    add: Callable[[dict[str, Any], dict[str, Any]], None]
    key: str = "add_play"
    widths: tuple[int, ...] | None = None
    """The choices' columns' relative widths (None: equal)."""


@dataclass(frozen=True)
class Form:
    """A game's situation form: its items, then (optionally) a row that adds a play."""

    items: tuple[Item, ...]
    adder: Adder | None = None


def fields(items: Sequence[Item]) -> list[Field]:
    """Every field of ``items``, in order (a :class:`Rows`' fields once)."""
    out: list[Field] = []
    for item in items:
        if isinstance(item, Field):
            out.append(item)
        elif isinstance(item, Row):
            out += item.fields
        else:
            out += fields(item.items)
    return out
