"""Questions: the moment each is asked at, its choices, the engine-computed answer, checking, explanation.

A question's line of play (the scenario's plays, plus ``then``, or ``instead``) is resolved
into a timeline; :func:`ask` picks the question's moment in it and returns an :class:`Asked`:
the position the asks read, the trace up to the moment, the answer, the explanation (deciding
step first) and the board fields to mask until the learner has answered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from engine.core.message import ENGLISH, N_, Message, msg, render

from engine.core.effects import Key, is_of_play, legal
from engine.core.errors import NotModelled
from engine.core.trace import Step, Tracer
from tutor import budget, masks
from tutor.given import GivenError, scenario_for
from tutor.games import plugin
from tutor.games.base import ILLEGAL, ILLEGAL_LABEL, Ask, Choice, GamePlugin, Solution, Unaskable
from tutor.models import Part, Question, ScenarioBase
from tutor.moments import PLAY, At, Frame, Timeline, as_message, default_frame, find, settled_at


@dataclass(frozen=True)
class PartView:
    """What the UI needs to ask one part: label, kind and choices."""

    key: str  # the part's ask (or ask:of)
    ask: Ask
    of: str | None
    label: str
    kind: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Explanation:
    """The trace up to the question's moment, with the step that decides the answer marked."""

    steps: tuple[Step, ...]
    deciding: int | None = None
    routine: frozenset[int] = frozenset()

    @property
    def deciding_step(self) -> Step | None:
        return self.steps[self.deciding] if self.deciding is not None else None

    def supporting(self) -> list[tuple[int, Step]]:
        """The other steps, in the order they happened."""
        return [(i, s) for i, s in enumerate(self.steps) if i != self.deciding]

    def ordered(self) -> list[Step]:
        """Deciding step first, then the rest in order (for plain-text renderings)."""
        head = [self.steps[self.deciding]] if self.deciding is not None else []
        return head + [s for _, s in self.supporting()]


@dataclass(frozen=True)
class Asked:
    """A question resolved at its moment."""

    scenario: ScenarioBase
    question: Question
    frame: Frame | None  # the moment the board shows (None: the line broke before it)
    solution: Solution
    answer: Any
    explanation: Explanation
    mask: frozenset[Key]  # the quantities the board hides until the learner answers (tutor.masks)
    at: Message  # the moment, as a learner reads it ("after step 3 (Reveal boost)"); str() gives the English
    timeline: Timeline = field(repr=False, compare=False)  # the resolved line the moment was found in

    @property
    def caption(self) -> str:
        """The plays made up to the moment, narrated (never the plays still to come), in English."""
        return render(self.caption_message, ENGLISH)

    @property
    def caption_message(self) -> Message | str:
        """:attr:`caption` language-free: a message from the game's plugin, or the author's own caption."""
        plays = self.frame.play if self.frame is not None else None
        if self.frame is None and self.timeline.illegal_index is not None:
            plays = self.timeline.illegal_index + 1
        return caption_message(self.scenario, self.question, plays)

    @property
    def board_outcome(self) -> Any:
        return self.solution.outcome


# -- parts and choices ------------------------------------------------------------------------------
def _parts(q: Question) -> list[Part]:
    return q.parts if q.parts is not None else [Part(ask=q.ask or "", of=q.of)]


def part_key(part: Part) -> str:
    return part.ask if part.of is None else f"{part.ask}:{part.of}"


def kind_of(scn: ScenarioBase, q: Question) -> str:
    if q.parts is not None:
        return "multi"
    return plugin(scn.game).asks[q.ask or ""].kind


def part_views(scn: ScenarioBase, q: Question, sol: Solution | None = None) -> list[PartView]:
    game = plugin(scn.game)
    views = []
    for part in _parts(q):
        ask = game.asks[part.ask]
        if ask.kind == "yes_no":
            choices: tuple[Choice, ...] = (Choice(True, N_("Yes")), Choice(False, N_("No")))
        elif ask.kind == "number" or ask.choices is None:
            choices = ()
        else:
            if ask.choices_at_moment:
                if sol is None:
                    sol = ask_question(scn, q).solution
                choices = tuple(ask.choices(scn, part.of, sol))
            else:
                choices = tuple(ask.choices(scn, part.of))
            if q.choices is not None and q.parts is None:
                choices = tuple(c for c in choices if str(c.key) in q.choices)
        views.append(PartView(part_key(part), ask, part.of, part.label or ask.label, ask.kind, choices))
    return views


def offers_illegal(scn: ScenarioBase, q: Question) -> bool:
    """Whether 'The play is illegal' is one of the choices: only where the question's line has a play (a
    question about the position alone, such as the most cards a hand may hold, has nothing that could be
    illegal)."""
    game = plugin(scn.game)
    return (q.illegal_choice and any(game.asks[p.ask].legal_only for p in _parts(q))
            and bool(line_of(scn, q)))


# -- the moment ------------------------------------------------------------------------------------
def line_of(scn: ScenarioBase, q: Question) -> list[Any]:
    return q.line(list(getattr(scn, "actions", [])))


def caption_of(scn: ScenarioBase, q: Question | None = None, plays: int | None = None) -> str:
    """The narration above a board, in English (see :func:`caption_message`)."""
    return render(caption_message(scn, q, plays), ENGLISH)


def caption_message(scn: ScenarioBase, q: Question | None = None, plays: int | None = None) -> Message | str:
    """The narration above a board: the question's own caption, the scenario's (for the scenario's own
    plays, all of them), or one derived from the plays made up to the question's moment (``plays``); the
    derived one is a language-free message (the author's own is text, translated with the file)."""
    if q is not None and q.caption:
        return q.caption
    line = line_of(scn, q) if q is not None else list(getattr(scn, "actions", []))
    upto = len(line) if plays is None else min(plays, len(line))
    if (q is None or not q.has_own_line) and scn.caption and upto == len(line):
        return scn.caption
    return plugin(scn.game).caption(scn, line[:upto])


class Timelines:
    """Timelines resolved once per (scenario, line of play)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str | None], Timeline] = {}
        self._keep: list[ScenarioBase] = []  # keep scenarios alive so id() stays unique

    def of(self, scn: ScenarioBase, q: Question, game: GamePlugin | None = None) -> Timeline:
        key = (id(scn), q.id if q.has_own_line else None)
        tl = self._cache.get(key)
        if tl is None:
            tl = self._cache[key] = (game or plugin(scn.game)).timeline(scn, line_of(scn, q))
            self._keep.append(scn)
        return tl


def _moment(scn: ScenarioBase, q: Question, tl: Timeline, game: GamePlugin
            ) -> tuple[Frame | None, Frame | None, Message]:
    """(the frame the board shows, the frame the answer is read at, the moment as a learner reads it).

    An explicit ``at`` is the moment. Without one: right after the last play, or later if an ask is only
    settled later (an attack's damage at step 4). A lookahead ask ("does the attack happen?") is asked at
    its ``asked_at`` moment and read where it is settled."""
    asks = [game.asks[p.ask] for p in _parts(q)]
    at = At.of(q.at)
    ahead = [(a, a.at) for a in asks if a.lookahead and a.at]  # each with the point where it is settled
    if at is None and ahead and ahead[0][0].asked_at:
        at = At(point=ahead[0][0].asked_at)
    natural = [a.at for a in asks if a.at and not a.lookahead]
    board = default_frame(tl, natural) if at is None else find(tl, at)
    desc = at.describe(game.point_names) if at is not None else _describe(board, game.point_names)
    if board is None:
        if at is None and natural and tl.illegal is None:  # never reached: name the point it waits for
            order = [name for name, _ in game.points]
            latest = max(natural, key=lambda p: order.index(p) if p in order else -1)
            desc = as_message(game.point_names.get(latest, latest))
        return None, None, desc
    read = board
    for _, point in ahead:  # read where the answer is settled, in the attack (episode) asked about, if the line
        settled = settled_at(tl, board, point)  # gets there (else it is settled already)
        if settled is not None:
            read = settled
        elif tl.unresolved is not None:
            return board, None, desc
    return board, read, desc


def _describe(frame: Frame | None, names: dict[str, str | Message]) -> Message:
    if frame is None or frame.point == "play":
        return msg("after the plays")
    return as_message(names.get(frame.point, frame.point))


def _given(scn: ScenarioBase, q: Question) -> ScenarioBase:
    """The question's own table, if it gives one (``given:``), else the scenario's."""
    try:
        return scenario_for(scn, q)
    except GivenError as err:  # the loader reports it at its line; a file that skipped it is refused by name
        raise Unaskable(msg("the question's 'given' does not make a valid table: {reason}", reason=str(err))) from None


def ask_question(scn: ScenarioBase, q: Question, timelines: Timelines | None = None) -> Asked:
    """Resolve ``q`` at its moment; raise :class:`Unaskable` if the line never gets there, or if one of its asks
    cannot be answered in the position there (the reason names why), and
    :class:`tutor.budget.OverBudget` if the running request's CPU budget is spent."""
    budget.tick()
    scn = _given(scn, q)
    game = plugin(scn.game)  # the one look-up of the question's trip: every step below is handed it
    tl = (timelines or Timelines()).of(scn, q, game)
    board, read, desc = _moment(scn, q, tl, game)
    if board is None or read is None:
        if tl.illegal is not None:
            sol = Solution(tl.last.outcome, tl.steps, tl.illegal, plays=tl.tried)
            return _asked(scn, q, None, sol, desc, tl, game)
        raise Unaskable(_why_not(tl, desc))
    steps = tl.steps[: max(board.steps, read.steps)]
    sol = Solution(board.outcome, steps, None, later=read.outcome if read is not board else None,
                   plays=max(board.play, read.play))
    verdicts: list[Step] = []
    for p in _parts(q):
        hook = game.asks[p.ask].explain
        if hook is not None:
            verdicts += [step for key, step in hook(scn, sol, p.of)
                         if q.choices is None or q.parts is not None or str(key) in q.choices]
    if verdicts:
        sol = Solution(sol.outcome, sol.steps + tuple(verdicts), None, later=sol.later, plays=sol.plays)
    return _asked(scn, q, board, sol, desc, tl, game, len(steps) if verdicts else None)


def _why_not(tl: Timeline, desc: Message) -> Message:
    if tl.unresolved is not None:
        why = tl.unresolved.message if tl.unresolved.message is not None else tl.unresolved.reason
        return msg("the question is asked {moment}, but the engine cannot get there: {reason}", moment=desc, reason=why)
    return msg("the plays never reach the moment '{moment}'", moment=desc)


def _asked(scn: ScenarioBase, q: Question, frame: Frame | None, sol: Solution, desc: Message, tl: Timeline,
           game: GamePlugin, first_verdict: int | None = None) -> Asked:
    answer = correct_answer(scn, q, sol, game=game)
    expl = explain(scn, q, sol, play_start(tl, sol.plays), game=game)
    if first_verdict is not None:  # the engine's verdicts lead (what the trace alone would lead with does not)
        routine = frozenset(i for i, s in enumerate(sol.steps) if s.rule in game.routine)
        expl = Explanation(sol.steps, first_verdict, routine - {first_verdict})
    return Asked(scn, q, frame, sol, answer, expl, mask_of(scn, q, sol, game=game), desc, tl)


def moment_warning(scn: ScenarioBase, q: Question, asked: Asked) -> str | None:
    """For a question without ``at``: a warning when it would be answered differently at the end of its plays
    (everything resolved) than at its ask's default moment, naming both, so the author chooses; else None."""
    tl, frame = asked.timeline, asked.frame
    if q.at is not None or frame is None or tl.unresolved is not None or not asked.solution.is_legal:
        return None
    end = tl.last
    if end is frame:
        return None
    sol = Solution(end.outcome, tl.steps, None, plays=end.play)
    try:
        value = correct_answer(scn, q, sol)
    except Unaskable as err:
        later = f"the engine refuses it ({err})"
    else:
        if is_correct(value, asked.answer) and is_correct(asked.answer, value):
            return None
        later = f"it would be {label_of(scn, q, value, sol)}"
    names = plugin(scn.game).point_names
    return (f"question {q.id!r} has no 'at': asked at its default moment ({asked.at}) the answer is "
            f"{label_of(scn, q, asked.answer, asked.solution)}, but at the end of its plays ({_describe(end, names)}) "
            f"{later}; add 'at: {at_spec(frame)}' to keep this moment, or name the one you mean")


def at_spec(frame: Frame) -> str:
    """How a file names ``frame`` in ``at:`` (a plain point name is its last occurrence, as the default is)."""
    if frame.point == PLAY:
        return f"{{after: {frame.play}}}"
    return frame.point


# -- answers ---------------------------------------------------------------------------------------
def correct_answer(scn: ScenarioBase, q: Question, sol: Solution, *, game: GamePlugin | None = None) -> Any:
    """The engine-computed answer: a value, a {part: value} dict, or ILLEGAL (``game``: the scenario's plugin, when the
    caller has it)."""
    game = game or plugin(scn.game)
    parts = _parts(q)
    if not sol.is_legal and any(game.asks[p.ask].legal_only for p in parts):
        return ILLEGAL
    values = {}
    for p in parts:
        ask = game.asks[p.ask]
        value = _normal(ask.answer(scn, sol, p.of), ask.kind)
        if ask.kind == "multi_select" and q.choices is not None and q.parts is None:
            value = [v for v in value if str(v) in q.choices]  # among the choices the question offers
        values[part_key(p)] = value
    return values if q.parts is not None else next(iter(values.values()))


def _normal(value: Any, kind: str) -> Any:
    """A multi_select answer is the sorted list of the keys that apply."""
    return sorted(value, key=str) if kind == "multi_select" else value


def is_correct(given: Any, correct: Any) -> bool:
    """Compare an answer with the engine's; a list (pick every one that applies) compares as a set."""
    if isinstance(correct, dict):
        return isinstance(given, dict) and all(is_correct(given.get(k), v) for k, v in correct.items())
    if isinstance(correct, list):
        return isinstance(given, list) and sorted(map(str, given)) == sorted(map(str, correct))
    if isinstance(correct, bool) or isinstance(given, bool):
        return given is correct
    return bool(given == correct)


def label_of(scn: ScenarioBase, q: Question, value: Any, sol: Solution | None = None) -> str:
    """A readable rendering of an answer value (in English)."""
    return answer_text(part_views(scn, q, sol), value)


def answer_text(parts: Sequence[PartView], value: Any, say: Callable[[str], str] = str) -> str:
    """An answer value as a reader reads it: each choice by its label, a multi-part answer part by part; the
    fixed phrases through ``say`` (the language's; the page's ``tr``, the CLI's speaker), English by default.
    ``parts`` are the question's views with their labels already in that language."""
    if isinstance(value, str) and value == ILLEGAL:
        return say(ILLEGAL_LABEL)
    if value is None:
        return say(N_("(no answer)"))

    def one(view: PartView, v: Any) -> str:
        if isinstance(v, list):
            return ", ".join(one(view, x) for x in v) if v else say(N_("None of them"))
        for c in view.choices:
            if c.key == v and type(c.key) is type(v):
                return c.label
        return str(v)

    if isinstance(value, dict):
        joined = say(N_("{part}: {answer}"))
        return " · ".join(joined.format(part=v.label, answer=one(v, value.get(v.key))) for v in parts)
    return one(parts[0], value) if parts else str(value)


# -- explanation and masks -----------------------------------------------------------------------------
def play_start(tl: Timeline | None, k: int) -> int | None:
    """Where the ``k``-th play's steps begin in the trace (None: no such play)."""
    if tl is None or k < 1:
        return None
    before = [f.steps for f in tl.frames if f.play == k - 1]
    return before[-1] if before else None


def explain(scn: ScenarioBase, q: Question, sol: Solution, last_play: int | None = None, *,
            game: GamePlugin | None = None) -> Explanation:
    """The steps up to the moment, and the one that decides the answer, computed from what the steps changed.

    On a line stopped at an illegal play: the verdict. Otherwise the last step whose effects change a quantity the
    question reads (:func:`reads_of`), a quantity of the play itself (the damage it deals, where the enemy it defeats
    goes) before what the table shows of it; a rule that kept a quantity as it was (an immunity, a capped heal)
    records that as its effect too. A legality question on a legal line: the last play's first step (``last_play``: its
    index), as no rule refused it. Where no step changed what the question reads, a step saying so is added: it names
    the rule that fixed the value (the ask's :attr:`~tutor.games.base.Ask.origin`, or the game's set-up) and leads
    the explanation."""
    game = game or plugin(scn.game)
    steps = sol.steps
    routine = frozenset(i for i, s in enumerate(steps) if s.rule in game.routine)
    if not sol.is_legal and steps:
        return Explanation(steps, len(steps) - 1, routine)
    reads = reads_of(scn, q, sol, game=game)
    own = {k for k in reads if is_of_play(k) and k[1] != legal()[1]}  # the play's own: what the answer is, first
    changed = [i for i, s in enumerate(steps) if any(k in own for k, _b, _a in s.effects)]
    if not changed:  # else what the table shows of it
        changed = [i for i, s in enumerate(steps) if any(k in reads for k, _b, _a in s.effects)]
    if changed:
        best = changed[-1]
        return Explanation(steps, best, routine - {best})
    if reads and all(k[1] == legal()[1] for k in reads) and last_play is not None and last_play < len(steps):
        return Explanation(steps, last_play, routine - {last_play})
    origin, note = _unchanged(scn, q, steps, game)
    if note is None:
        return Explanation(steps, origin, routine - {origin} if origin is not None else routine)
    lead = origin if origin is not None else len(steps)
    return Explanation(steps + (note,), lead, routine - {lead})


UNCHANGED = N_("Nothing before this moment changed what the question asks: it is fixed by the set-up or by the "
               "cards' printed values.")


def is_unchanged_note(step: Step | None) -> bool:
    """Whether ``step`` is the one :func:`explain` adds where no step changed what the question reads."""
    return step is not None and step.message is not None and step.message.template == UNCHANGED


def _unchanged(scn: ScenarioBase, q: Question, steps: tuple[Step, ...],
               game: GamePlugin) -> tuple[int | None, Step | None]:
    """Where no step changed what ``q`` reads: the step of the rule that fixed it, if the trace has one (the last step
    of one of its asks' origin rules), and a step saying nothing changed it, under that rule (else the first origin
    rule, else the game's set-up rule; no step when the game names none). A question about a rule itself (in which step
    does it apply?) leads with that rule's step, and nothing is added: no set-up or printed value fixed it."""
    named = [r for p in _parts(q) if callable((a := game.asks[p.ask]).origin) for r in a.origins(scn, p.of)]
    own = [i for i, s in enumerate(steps) if s.rule in named]
    if own:
        return own[-1], None
    origins = [r for p in _parts(q) for r in game.asks[p.ask].origins(scn, p.of) if r in game.glossary]
    seen = [i for i, s in enumerate(steps) if s.rule in origins]
    rule = steps[seen[-1]].rule if seen else origins[0] if origins else game.setup_rule
    if not rule:
        return None, None
    return (seen[-1] if seen else None), Tracer(game.glossary).step(rule, msg(UNCHANGED))


def reads_of(scn: ScenarioBase, q: Question, sol: Solution | None = None, *, game: GamePlugin | None = None) -> frozenset[Key]:
    """The quantities a question reads at its moment: the union of its asks' :attr:`~tutor.games.base.Ask.reads`
    (``sol``: the question resolved at its moment; resolved here when not given). Raises :class:`Unaskable` as
    :func:`ask_question` does."""
    if sol is None:
        sol = ask_question(scn, q).solution
    return _union(_given(scn, q), q, sol, "reads", game)  # on the table the question is asked on, as ask_question has it


def _union(scn: ScenarioBase, q: Question, sol: Solution, field: str, game: GamePlugin | None) -> frozenset[Key]:
    """The keys one declaration of the question's asks gives (``reads`` or ``needs``), over all its parts."""
    asks = (game or plugin(scn.game)).asks
    return frozenset(key for p in _parts(q) if (declared := getattr(asks[p.ask], field)) is not None
                     for key in declared(scn, sol, p.of))


def needs_of(scn: ScenarioBase, q: Question, sol: Solution, *, game: GamePlugin | None = None) -> frozenset[Key]:
    """The quantities a learner must see to answer (the union of its asks' :attr:`~tutor.games.base.Ask.needs`)."""
    return _union(scn, q, sol, "needs", game)


def mask_of(scn: ScenarioBase, q: Question, sol: Solution, *, game: GamePlugin | None = None) -> frozenset[Key]:
    """The keys the board hides until the learner has answered: what the question reads, less the inputs it needs
    in sight (:mod:`tutor.masks`)."""
    return masks.mask(reads_of(scn, q, sol, game=game), needs_of(scn, q, sol, game=game))


def expect_value(q: Question) -> Any:
    """The author's expect block normalised like an answer (multi-part keys as part keys)."""
    return q.expect


__all__ = ["reads_of", "caption_of", "Asked", "Explanation", "NotModelled", "PartView", "Timelines", "Unaskable", "ask_question",
           "correct_answer", "explain", "is_correct", "label_of", "mask_of", "needs_of", "offers_illegal", "part_views"]
