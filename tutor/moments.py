"""Questions asked at a moment of play.

A line of play (a scenario's plays, or a question's own) is resolved once into a
:class:`Timeline`: the trace, and the position at every moment the engine marks
(``start``, after each play, and the game's named points such as ``step3`` or
``turn_end``). A question's ``at`` picks one :class:`Frame`; its asks read the
position there, its board shows that position, and its explanation stops there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from engine.core.errors import IllegalPlay, NotModelled
from engine.core.effects import merge
from engine.core.message import Message, msg
from engine.core.trace import Event, Mark, Step

START = "start"
PLAY = "play"


@dataclass(frozen=True)
class Frame:
    """The position at one moment: ``point`` ('start', 'play' or a game point), ``play`` = how many of
    the line's plays have started, ``outcome`` = what the game's asks read, ``steps`` = trace length so far,
    ``episode`` = which run of the game's sequence the moment is in (an attack of a phase of several attacks;
    0 where a game's points do not repeat that way): a question about "the attack" reads its own attack's."""

    point: str
    play: int
    outcome: Any
    steps: int
    episode: int = 0


@dataclass(frozen=True)
class Timeline:
    """A line of play resolved: its frames in order, the whole trace, and how it ended."""

    frames: tuple[Frame, ...]
    steps: tuple[Step, ...]
    plays: int  # plays in the line
    illegal: IllegalPlay | None = None
    illegal_index: int | None = None  # 0-based index of the illegal play
    unresolved: NotModelled | None = None  # why the engine stopped early (something it does not model)

    @property
    def last(self) -> Frame:
        return self.frames[-1]

    @property
    def tried(self) -> int:
        """Plays made or tried to the end of the line: up to the refused one, if one is."""
        return self.illegal_index + 1 if self.illegal_index is not None else self.last.play


class Builder:
    """Collects frames and steps while a game's timeline is built."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.steps: list[Step] = []

    def add(self, events: Sequence[Event], play: int, view: Any) -> None:
        """Append engine events; each :class:`Mark` becomes a frame whose outcome is ``view(mark.state)``.

        A change a mark carries (made after it by no step of its own) is counted with the step before it."""
        for e in events:
            if isinstance(e, Mark):
                self.frame(e.point, play, view(e.state))
                if e.effects and self.steps:
                    self.steps[-1] = replace(self.steps[-1], effects=merge(self.steps[-1].effects, e.effects))
            else:
                self.steps.append(e)

    def frame(self, point: str, play: int, outcome: Any, episode: int = 0) -> None:
        self.frames.append(Frame(point, play, outcome, len(self.steps), episode))

    def build(self, plays: int, illegal: IllegalPlay | None = None, index: int | None = None,
              unresolved: NotModelled | None = None) -> Timeline:
        return Timeline(tuple(self.frames), tuple(self.steps), plays, illegal, index, unresolved)


# -- choosing a frame ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class At:
    """A moment as a question names it: a point (optionally during play ``play``), or ``after`` play k."""

    point: str | None = None
    play: int | None = None
    after: int | None = None

    @classmethod
    def of(cls, spec: Any) -> "At | None":
        if spec is None:
            return None
        if isinstance(spec, str):
            return cls(point=spec)
        return cls(point=getattr(spec, "point", None), play=getattr(spec, "play", None),
                   after=getattr(spec, "after", None))

    def describe(self, point_names: Mapping[str, str | Message]) -> Message:
        """The moment as a learner reads it, language-free (a point's name is a fixed phrase of its game).

        >>> str(At(after=2).describe({}))
        'right after play 2'
        >>> str(At(point="step3", play=1).describe({"step3": "after step 3 (Reveal boost)"}))
        'after step 3 (Reveal boost) (play 1)'
        """
        if self.after is not None:
            return msg("before any play") if self.after == 0 else msg("right after play {n}", n=self.after)
        name = as_message(point_names.get(self.point or "", self.point or ""))
        return msg("{moment} (play {n})", moment=name, n=self.play) if self.play is not None else name


def as_message(text: str | Message) -> Message:
    """A moment's name as a message (a fixed phrase is a template with no parameters)."""
    return text if isinstance(text, Message) else msg(text)


def find(timeline: Timeline, at: At) -> Frame | None:
    """The frame ``at`` names in ``timeline``, or None if the line never gets there."""
    if at.after is not None:
        if at.after == 0:
            return next((f for f in timeline.frames if f.point == START), None)
        return next((f for f in timeline.frames if f.point == PLAY and f.play == at.after), None)
    hits = [f for f in timeline.frames if f.point == at.point and (at.play is None or f.play == at.play)]
    return hits[-1] if hits else None


def after_last_play(timeline: Timeline) -> Frame | None:
    """Right after the line's last play, before anything else happens (the start if there are no plays)."""
    return find(timeline, At(after=timeline.plays))


def settled_at(timeline: Timeline, board: Frame, point: str) -> Frame | None:
    """Where a lookahead ask asked at ``board`` is settled: the first ``point`` from ``board`` on, in the same
    episode (the attack the question is asked in, not a later one's); None if that episode never gets there
    after ``board`` (it is settled already, or the line stops before)."""
    start = timeline.frames.index(board)
    return next((f for f in timeline.frames[start:] if f.point == point and f.episode == board.episode), None)


def default_frame(timeline: Timeline, natural_points: Sequence[str]) -> Frame | None:
    """A question's moment when it names none: right after the last play, or later if one of its asks is
    naturally answered at a later point (the damage of an attack is only known at step 4)."""
    best = after_last_play(timeline)
    if best is None:
        return None
    index = timeline.frames.index(best)
    for point in natural_points:
        hits = [i for i, f in enumerate(timeline.frames) if f.point == point]
        if not hits:
            return None  # the line never reaches the point its ask needs
        index = max(index, hits[-1])
    return timeline.frames[index]
