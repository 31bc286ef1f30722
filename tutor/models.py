"""File models shared by every game: the scenario envelope, questions and lessons.

Each game subclasses :class:`ScenarioBase` with its own ``setup`` and ``actions``
(see ``tutor/games/``). Models are strict: unknown keys are errors, and values are
not coerced between types (``"3"`` is not a number).
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, Literal, TypeVar, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from tutor.games import GAMES

ID = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_.\-]*$", min_length=1, max_length=80)]
Text = Annotated[str, Field(min_length=1)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Part(Strict):
    """One part of a multi-part question: an ask and an optional label."""

    ask: str = Field(description="what the engine computes, e.g. 'attacked_player', 'target'")
    of: str | None = Field(default=None, description="what the ask is about (a player, character or card), if it needs one")
    label: str | None = Field(default=None, description="the label shown above this part's choices")


class MomentSpec(Strict):
    """A moment named in detail: ``{after: 2}`` (right after the second play) or ``{play: 2, point: step2}``
    (the point reached while the second play resolves)."""

    after: int | None = Field(default=None, ge=0, description="right after play k of the question's line of play "
                                                             "(0: before any play)")
    play: int | None = Field(default=None, ge=1, description="with 'point': the point reached during play k")
    point: str | None = Field(default=None, description="a named point of the game's sequence (see the README)")

    @model_validator(mode="after")
    def _one_kind(self) -> "MomentSpec":
        if (self.after is None) == (self.point is None):
            raise ValueError("give either 'after: k' or 'point' (optionally with 'play: k'), not both")
        if self.play is not None and self.point is None:
            raise ValueError("'play' goes with 'point'")
        return self


At = Annotated[Union[str, MomentSpec], Field(description=(
    "the moment the question is asked at: 'start' (before the plays), a named point of the game's sequence "
    "(Marvel Champions: initiation, step1-step5, after_attack; Regicide: step1-step4, discard1, ...; Dungeon "
    "Mayhem: turn_end, next_turn), or {after: k} / {play: k, point: P}. Default: right after the last play, or "
    "later if the ask is only known later (an attack's damage at step 4)"))]


class Question(Strict):
    """A question names what to ask; the engine computes the answer. Never store the answer."""

    id: ID
    prompt: Text
    at: At | None = None
    ask: str | None = Field(default=None, description="a single ask; use 'parts' for a multi-part question")
    of: str | None = None
    parts: list[Part] | None = Field(default=None, min_length=2)
    kind: Literal["choice", "multi", "yes_no", "number", "multi_select"] | None = Field(
        default=None, description="the answer kind; derived from the ask when omitted")
    choices: list[str] | None = Field(default=None, description="restrict the choices (keys); derived from the board when omitted")
    illegal_choice: bool = Field(default=True, description="offer 'The play is illegal' as a choice")
    hint: str | None = None
    caption: str | None = Field(default=None, description="narration of this question's own plays (default: derived "
                                                          "from them)")
    expect: Any = Field(default=None, description="the author's expected answer: a regression check, never the source of the answer")
    given: dict[str, Any] | None = Field(default=None, description=(
        "this question's own table: fields merged into the scenario's setup for this question only (\"and with "
        "only two players left?\"). Regicide: any setup field, e.g. {tavern: 3}, {yielded: [true, false]}, "
        "{settings: {solo_may_yield: true}}; Dungeon Mayhem: {players: {Lia: {hp: 0, out: true}}} (a player by "
        "name, then their fields), {settings: {...}}, {plays_owed: 2}; Marvel Champions: its setup fields"))

    @model_validator(mode="after")
    def _ask_or_parts(self) -> "Question":
        if (self.ask is None) == (self.parts is None):
            raise ValueError("give either 'ask' or 'parts' (two or more), not both and not neither")
        if getattr(self, "then", None) is not None and getattr(self, "instead", None) is not None:
            raise ValueError("give either 'then' (plays added after the scenario's) or 'instead' (plays replacing "
                             "them), not both")
        return self

    def line(self, actions: list[Any]) -> list[Any]:
        """The plays this question is asked about: the scenario's, plus ``then``, or ``instead``."""
        instead = getattr(self, "instead", None)
        if instead is not None:
            return list(instead)
        return list(actions) + list(getattr(self, "then", None) or [])

    @property
    def has_own_line(self) -> bool:
        """The question is resolved on its own (its own plays, or its own table with ``given``)."""
        return (getattr(self, "then", None) is not None or getattr(self, "instead", None) is not None
                or self.given is not None)



ActionT = TypeVar("ActionT")


class GameQuestion(Question, Generic[ActionT]):
    """A game's question: its own plays (``then``, ``instead``) are the game's actions."""

    then: list[ActionT] | None = Field(default=None, description="plays added after the scenario's, for this "
                                                                 "question only")
    instead: list[ActionT] | None = Field(default=None, description="plays that replace the scenario's, for "
                                                                    "this question only (\"and if ... instead?\")")

class ScenarioBase(Strict):
    """The envelope every scenario file shares."""

    id: ID
    game: str
    title: Text
    tags: list[str] = Field(default_factory=list)
    caption: str | None = Field(default=None, description="narration of the plays; derived from the plays when omitted")
    source: Text = Field(description="where the ruling comes from (rulebook page, FAQ, walkthrough)")
    questions: list[Question] = Field(min_length=1)

    def question(self, qid: str) -> Question:
        for q in self.questions:
            if q.id == qid:
                return q
        raise KeyError(qid)



SetupT = TypeVar("SetupT")
QuestionT = TypeVar("QuestionT", bound=Question)


class GameScenario(ScenarioBase, Generic[SetupT, ActionT, QuestionT]):
    """A game's scenario: its set-up, its actions and its questions are the game's own models."""

    setup: SetupT
    actions: list[ActionT] = Field(default_factory=list)
    questions: list[QuestionT] = Field(min_length=1)  # type: ignore[assignment]

class RuleSection(Strict):
    heading: Text
    bullets: list[Text] = Field(min_length=1)


class RuleSlide(Strict):
    type: Literal["rule"]
    kicker: str | None = Field(default=None, description="small heading above the title, e.g. 'Step 2, Determine target'")
    title: Text
    intro: str | None = None
    bullets: list[Text] = Field(default_factory=list)
    sections: list[RuleSection] = Field(default_factory=list)
    step: int | None = Field(default=None, ge=1, le=6, description="the current step of the step indicator")
    show_steps: bool = Field(default=False, description="show every step with its description")
    rules: list[str] = Field(default_factory=list, description="rule ids from the game's glossary")
    cards: list[str] = Field(default_factory=list, description="cards to show beside the slide")
    symbols: list[Literal["attack", "shield", "heal", "draw", "play_again", "mighty_power"]] = Field(
        default_factory=list, description="Dungeon Mayhem: the card symbols this slide teaches, drawn as pictures")


class QuestionSlide(Strict):
    type: Literal["question"]
    scenario: ID
    question: ID | None = Field(default=None, description="the question id; the scenario's first when omitted")
    step: int | None = Field(default=None, ge=1, le=6)


Slide = Annotated[Union[RuleSlide, QuestionSlide], Field(discriminator="type")]


class Takeaways(Strict):
    title: Text
    bullets: list[Text] = Field(min_length=1)


def _registered_game(game: str) -> str:
    """A lesson's game is a registered one (``tutor.games``)."""
    if game not in GAMES:
        names = [repr(g) for g in GAMES]  # worded as pydantic words a Literal's refusal
        raise ValueError(f"Input should be {', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else
                         f"Input should be {names[0]}")
    return game


class Lesson(Strict):
    """An ordered lesson: rule slides and question slides, then takeaways."""

    id: ID
    game: Annotated[str, AfterValidator(_registered_game), Field(json_schema_extra={"enum": list(GAMES)})]
    title: Text
    subtitle: str | None = None
    kicker: str | None = Field(default=None, description="e.g. 'Danger Room · Session 6'")
    order: int = Field(ge=0)
    source: Text
    slides: list[Slide] = Field(min_length=1)
    takeaways: Takeaways
    next: ID | None = Field(default=None, description="the next lesson's id")
    next_label: str | None = Field(default=None, description="e.g. 'Next: how much damage is dealt'")
    retry: bool = Field(default=True, description="a wrong answer may be tried once more (with a hint if the learner "
                                                  "asks) before the solution is shown; a right second try counts half")

    @property
    def question_slides(self) -> list[tuple[int, QuestionSlide]]:
        return [(i, s) for i, s in enumerate(self.slides) if s.type == "question"]
