"""What a game plugs into the tutor: its scenario model, asks, solver and captions.

An *ask* is a named query the game's engine answers about a resolved scenario
("target", "damage_to", "winner", "is_legal"). The answer is always computed from
the engine's outcome; files only name the ask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal, Protocol, Sequence, TypeVar

from engine.core.effects import Key, legal
from engine.core.errors import IllegalPlay, PositionError
from engine.core.glossary import Glossary
from engine.core.sources import Sources
from engine.core.message import Message, N_, msg
from engine.core.trace import Step
from tutor.models import ScenarioBase

class Unaskable(Exception):
    """The question cannot be asked: its moment is never reached, or the engine cannot rule there ("no choice is
    open at this moment"). ``message`` is the reason language-free; ``str()`` gives it in English. An ask raises
    it from its answer where the position at the question's moment does not hold what it reads; the question is
    then refused by name, never answered with a default."""

    def __init__(self, reason: "str | Message") -> None:
        self.message: Message | None = reason if isinstance(reason, Message) else None
        super().__init__(str(reason))


class Bare(str):
    """A problem message printed without its field (``path:line:col: message``): a refused card,
    "Sonic Converter: its stun is not modelled", names the card itself."""


ILLEGAL = "illegal"
ILLEGAL_LABEL = N_("The play is illegal")
AnswerKind = Literal["choice", "yes_no", "number", "multi_select"]  # multi_select: every key that applies
Loc = tuple[str | int, ...]


V = TypeVar("V")

SETUP: Loc = ("setup",)
"""Where a position's problems are placed when the game does not say more precisely."""


@dataclass(frozen=True, slots=True)
class Choice:
    key: Any  # the value an answer holds: a player id, a character id, True/False, a number
    label: str  # English; a fixed phrase is marked N_("...") for the catalog, a name stays as it is
    message: "Message | None" = None  # the label language-free, when it is built from parts (msg("Seat {n}", n=1))


@dataclass(frozen=True)
class Solution:
    """A line of play resolved up to a question's moment: what the asks read there, and the trace so far.

    ``outcome`` is the game's view of the position at the moment; ``later`` is the view at a later
    moment for asks about what happens next (``Ask.lookahead``), else the same as ``outcome``.
    """

    outcome: Any
    steps: tuple[Step, ...]
    illegal: IllegalPlay | None = None
    later: Any = None
    plays: int = 0
    """How many plays of the line were made (or tried) up to the moment: the refused one included, so a legality
    ask can read the verdict on each (``engine.core.effects.legal(k)``)."""

    @property
    def is_legal(self) -> bool:
        return self.illegal is None

    @property
    def result(self) -> Any:
        """What a lookahead ask reads: the later moment's view (or the moment's own)."""
        return self.outcome if self.later is None else self.later

    def outcome_as(self, kind: type[V]) -> V:
        """:attr:`outcome` as the game's own view (its timeline builds every frame's outcome as one ``kind``)."""
        if not isinstance(self.outcome, kind):
            raise TypeError(f"the outcome is a {type(self.outcome).__name__}, not the game's {kind.__name__}")
        return self.outcome


@dataclass(frozen=True)
class Ask:
    """A named query the engine answers.

    ``answer(solution, of)`` computes the value; ``choices(scenario, of)`` lists the
    options drawn from the board; ``legal_only`` asks are answered "the play is
    illegal" when the plays are illegal.
    """

    name: str
    kind: AnswerKind
    label: str
    answer: Callable[[Any, Solution, str | None], Any]
    choices: Callable[..., list[Choice]] | None = None
    needs_of: bool = False
    legal_only: bool = True
    description: str = ""
    at: str | None = None
    """The point where the answer is settled, if later than the plays (an attack's damage: ``step4``)."""
    lookahead: bool = False
    """The question may be asked *before* ``at`` ("does the attack happen?" before the stun check): the board
    shows the question's moment, the answer is read at ``at`` (``Solution.result``)."""
    asked_at: str | None = None
    """For a lookahead ask, the default moment the question is asked at (e.g. ``initiation``)."""
    choices_at_moment: bool = False
    """``choices(scenario, of, solution)`` draws its options from the position at the moment."""
    explain: Callable[[Any, "Solution", str | None], Sequence[tuple[Any, Step]]] | None = None
    """Extra engine verdicts about the position at the moment, keyed by the choice they are about (is each
    candidate play legal, and by which rule); they follow the trace, and the first leads the explanation."""
    reads: Callable[[Any, "Solution", str | None], tuple[Key, ...]] | None = None
    """``reads(scenario, solution, of)``: the quantities of the game's vocabulary (``engine/<game>/quantities.py``)
    the answer is read from, at the question's moment (``solution``); built with the game's key constructors. A step
    whose effects change one of them is what decides the answer. ``()`` for an answer no step can change (a
    catalogue fact, a card's printed value): :attr:`origin` then names the rule that fixes it."""
    needs: Callable[[Any, "Solution", str | None], tuple[Key, ...]] | None = None
    """``needs(scenario, solution, of)``: the inputs a learner must see to answer (the hand a play is made from, a
    player under Clever Disguise, the attachments an attacker brings, the boost icons revealed). The board hides
    every key the question reads except these (:mod:`tutor.masks`); an input that is also the asked quantity's
    past (the damage an enemy has already taken) is hidden as the answer and reads "what it was → ?". A library
    test (``tests/tutor/test_give_aways.py``) checks each is in sight before the answer."""
    origin: tuple[str, ...] | Callable[[Any, str | None], tuple[str, ...]] = ()
    """Rule ids (exact) that fix the answer where no step changes what it reads: the set-up or a printed value
    (e.g. ``DM.setup.deal``, the cards a deck holds). The explanation says nothing changed it and leads with the
    last step of one of these rules, or the first of them when the trace has none. ``origin(scenario, of)`` where
    the question names the rule itself (in which attack step does the rule ``of`` apply?)."""

    def origins(self, scn: Any, of: str | None) -> tuple[str, ...]:
        """:attr:`origin` for a question about ``of``."""
        return self.origin(scn, of) if callable(self.origin) else self.origin


def count_of(value: object) -> int | None:
    """A quantity's value as the number a "why?" question says ("Why are there {n} cards …?"): an int, never a
    bool (a switch is no count); None for anything else."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class WhyPhrases:
    """How a game asks "why?" about one of its quantities (``engine/<game>/quantities.py``), language-free."""

    things: Callable[[Any, str], tuple[str, ...]]
    """``things(scenario, of)``: the things (``player:2``, ``hand:2`` ...) a question's ``of:`` names."""
    question: Callable[[Any, tuple[str, str], Any], "Message | None"]
    """``question(scenario, key, value)``: "Why does Azzan have 5 hit points?"; None for a key it does not ask about."""
    value: Callable[[Any, tuple[str, str], Any], Any] = field(default=lambda scn, key, v: v)
    """``value(scenario, key, v)``: a value as a learner reads it (a seat by its name, yes/no): a message argument."""


@dataclass
class GamePlugin:
    id: str
    name: str
    scenario_model: type[ScenarioBase]
    glossary: Glossary
    asks: dict[str, Ask]
    timeline: Callable[[Any, Sequence[Any]], Any]
    """``timeline(scenario, plays)``: the line of play resolved, a :class:`tutor.moments.Timeline`."""
    caption: Callable[[Any, Sequence[Any]], "str | Message"]
    """``caption(scenario, plays)``: one sentence per play, as the learner reads it (best a language-free
    :class:`~engine.core.message.Message`; ``str`` only while a game still narrates in English)."""
    references: Callable[[Any], list[tuple[Loc, str]]]
    sources: Sources
    board: str
    """The module that decides what the game's board shows (``tutor/games/<game>/board.py``, imported on first
    use): ``render(scenario, view)`` the board's element tree (``tutor.boards.tree``), optionally
    ``slide_cards``/``slide_symbols``."""
    quantities: str
    """The module of the engine's vocabulary (``engine/<game>/quantities.py``): ``snapshot(position)`` by key."""
    practice: str
    """The module practice items are drawn from (``tutor/practice/sources_*.py``): ``ASKS`` and ``candidates``."""
    misreadings: str | None
    """``module:name`` of the game's misreadings (a tuple of :class:`tutor.practice.misreadings.Misreading`), or None:
    its practice items then offer no wrong answer computed from a misreading."""
    decisions: str | None
    """``module:name`` of ``decisions(scenario, solution, limit)``, the choices a ruling leaves open, or None."""
    variations: str | None
    """``module:name`` of ``variations(scenario, data)``, the "what if" changes the ruling page offers, or None."""
    lessons: Path
    """The folder of the game's lessons (``lessons/<game>``)."""
    scenarios: Path
    """The folder of the game's scenarios (``scenarios/<game>``)."""
    points: tuple[tuple[str, str | Message], ...] = ()
    """The named moments of the game's sequence, in order, with how a learner reads them (a fixed phrase
    marked ``N_`` or a message)."""
    routine: frozenset[str] = frozenset()
    setup_rule: str = ""
    """The rule that fixes a position's starting values (hit points, hands, piles): an explanation where no step
    changed what a question reads leads with it, unless the ask names its own :attr:`Ask.origin`."""
    """Rule ids of routine steps (draws, the turn passing) that fold away in explanations."""
    of_choices: Callable[[Any, str], list[str]] = field(default=lambda scn, ask: [])
    why: WhyPhrases | None = None
    """How "why?" is asked about the game's quantities (None: its engine does not record effects yet)."""
    step_names: Sequence[str] = ()  # the step indicator, e.g. the five steps of an attack
    step_descriptions: Sequence[str] = ()
    blurb: str = ""
    refusals: tuple[type[Exception], ...] = (PositionError,)
    """The errors a game raises for a position it cannot build (a card placed twice, an unknown player): the
    loader turns each into positioned problems with :attr:`position_problems`, never lets one through."""
    position_problems: Callable[[Any, Exception], list[tuple[Loc, str]]] = field(default=lambda scn, err: [
        (SETUP, str(p)) for p in (getattr(err, "problems", None) or [str(err)])])
    """``position_problems(scenario, error)``: where in the file each of the error's problems is."""
    position: Callable[[Any], Any] = field(default=lambda view: view.state)
    """``position(view)``: the engine's position in the game's view at a moment (what ``quantities.snapshot`` reads)."""
    catalogs: Path | None = None
    """The folder of the game's own translations (``<lang>/LC_MESSAGES/<id>.po``) when they are not in ``locale/``
    (a game kept outside the app, the test suite's fourth game). Its catalog domain is its id."""
    describe_play: Callable[[Any, dict[str, Any]], str] | None = None
    """``describe_play(scenario, play)``: a play of the file in words (the ruling page); None: its fields."""
    play: str | None = None
    """``module:name`` of the game's play hook (a :class:`tutor.games.play.PlayHook`): how a whole game is played on
    the Play page; None: the game is not offered there (Marvel Champions: its engine resolves one attack)."""
    form: str | None = None
    """``module:name`` of the game's situation form on the ruling checker (a :class:`tutor.games.form.Form`, data
    that ``ui/ruling_forms.py`` draws); None: its situations are edited in the YAML editor only."""

    @property
    def point_names(self) -> dict[str, str | Message]:
        return dict(self.points)


def verdicts(scn: Any, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """What a legality ask reads: the verdict on each play made up to the moment (:func:`engine.core.effects.legal`)."""
    return tuple(legal(k) for k in range(1, sol.plays + 1))


class BoardRenderer(Protocol):  # a game board's ``render`` (tutor/games/<game>/board.py)
    def __call__(self, scenario: Any, outcome: Any = None, mask: frozenset[str] = frozenset()) -> str: ...
