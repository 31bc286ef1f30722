"""The public Regicide API: setup, legal actions, checked apply, explanations, outcome.

``apply`` validates the action (raising :class:`IllegalPlay` naming the rule, or
:class:`InvalidAction` for malformed input), copies the state into a ``Board``,
runs the shared resolution in ``resolve.py`` and freezes the result.
``apply_explained`` does the same with a log, returning the trace steps.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import Step, Tracer
from engine.regicide.actions import (
    ACTION_TYPES,
    Action,
    ChooseNext,
    Discard,
    Play,
    SoloJester,
    Yield,
)
from engine.regicide.cards import JOKER, SOLO_JESTERS, VALUE, Card, card_str
from engine.regicide.glossary import GLOSSARY
from engine.regicide.resolve import (
    CHOOSE,
    DISCARD,
    PLAY,
    SOLO_JESTER,
    YIELD,
    Log,
    apply_code,
    legal_codes,
    start_turn,
)
from engine.regicide.rules import (
    build_castle,
    build_tavern,
    can_yield,
    illegal_play,
    jesters_in_tavern,
    medal,
)
from engine.regicide.settings import DEFAULT, Settings
from engine.regicide.state import Board, Outcome, Phase, State

TRACER = Tracer(GLOSSARY)


# ---------------------------------------------------------------------------- setup


def new_board(players: int, rng: random.Random, settings: Settings = DEFAULT,
              first_seat: int = 0) -> Board:
    """Set up a game on a mutable board (the simulator's entry point).

    Raises:
        InvalidAction: for a player count outside 1-4 or a seat that is not seated.
    """
    if players not in (1, 2, 3, 4):
        raise InvalidAction(f"Regicide is for 1-4 players, not {players!r}")
    if not 0 <= first_seat < players:
        raise InvalidAction(f"first_seat {first_seat!r} is not one of the {players} seats")
    b = Board.empty(players, settings)
    # REG.setup.castle, REG.setup.tavern, REG.setup.jesters (piles are top-last in a Board).
    castle = build_castle(rng)
    castle.reverse()
    b.castle = castle
    tavern = build_tavern(players, rng)
    tavern.reverse()
    b.tavern = tavern
    b.enemy = castle.pop()
    b.aside = (JOKER,) * (2 - jesters_in_tavern(players))  # unused, or the solo Jesters
    if players == 1:  # REG.solo.setup
        b.solo = SOLO_JESTERS
    # REG.setup.hand_size: deal round-robin from the first seat.
    hands = b.hands
    for _ in range(b.max_hand):
        for i in range(players):
            hands[(first_seat + i) % players].append(tavern.pop())
    for h in hands:
        h.sort()
    start_turn(b, first_seat, None)  # REG.setup.first_player
    return b


def new_game(players: int, rng: random.Random, settings: Settings = DEFAULT,
             first_seat: int = 0) -> State:
    """A new game for 1-4 players, shuffled with ``rng``; ``first_seat`` plays first."""
    return new_board(players, rng, settings, first_seat).freeze()


# ---------------------------------------------------------------------- legal actions


def _to_action(kind: int, payload: Any) -> Action:
    if kind == PLAY:
        return Play(payload)
    if kind == DISCARD:
        return Discard(payload)
    if kind == YIELD:
        return Yield()
    if kind == CHOOSE:
        return ChooseNext(payload)
    return SoloJester()


def legal_actions(state: State) -> list[Action]:
    """Every legal action, in canonical order; ``[]`` for a finished game.

    In Step 4 only *minimal* discards are listed (each card needed to reach the
    requirement), which keeps the list small; ``apply`` accepts any discard whose
    total is at least the requirement (overpaying is legal, REG.suffer.discard).
    """
    if state.phase >= Phase.WON:
        return []
    return [_to_action(k, p) for k, p in legal_codes(Board.from_state(state))]


# ------------------------------------------------------------------------ validation


def _held(state: State, cards: tuple[Card, ...], action: Action) -> None:
    hand = state.hands[state.current]
    if not cards:
        raise InvalidAction("no cards given", action=action, state=state.summary())
    missing = Counter(cards) - Counter(hand)
    if missing:
        raise InvalidAction(f"seat {state.current + 1} does not hold "
                            f"{' '.join(card_str(c) for c in missing.elements())}",
                            action=action, state=state.summary())


def validate(state: State, action: Action) -> tuple[int, Any]:
    """Check ``action`` against ``state`` and return its internal code.

    Raises:
        InvalidAction: not an action, no cards, cards not held, a seat not seated.
        IllegalPlay: a well-formed action the rules forbid now (names the rule id).
    """
    if not isinstance(action, ACTION_TYPES):
        raise InvalidAction(f"not a Regicide action: {action!r}", state=state.summary())
    summary = state.summary

    def illegal(rule: str, msg: str) -> IllegalPlay:
        return IllegalPlay(rule, msg, action=action, state=summary())

    if state.phase >= Phase.WON:
        raise illegal("REG.end.game_over", f"the game is over ({state.phase.name.lower()})")
    if isinstance(action, SoloJester):
        if state.players != 1:
            raise illegal("REG.solo.jester_refill", "set-aside Jesters exist only in solo play")
        if state.solo_jesters <= 0:
            raise illegal("REG.solo.jester_refill", "both solo Jesters have been used")
        if state.phase not in (Phase.PLAY, Phase.DISCARD):
            raise illegal("REG.solo.timing", "a solo Jester may be flipped only at the start of Step 1 or 4")
        return SOLO_JESTER, None
    if state.phase == Phase.JESTER_CHOICE:
        if not isinstance(action, ChooseNext):
            raise illegal("REG.jester.choose_next", "the Jester's player must first name who goes next")
        if type(action.seat) is not int or not 0 <= action.seat < state.players:
            raise InvalidAction(f"seat {action.seat!r} is not seated", action=action, state=summary())
        if action.seat == state.current and not state.settings.jester_may_choose_self:
            raise illegal("REG.jester.choose_next", "the Jester's player must name another player")
        return CHOOSE, action.seat
    if isinstance(action, ChooseNext):
        raise illegal("REG.jester.choose_next", "no Jester has been played this turn")
    if state.phase == Phase.DISCARD:
        if not isinstance(action, Discard):
            raise illegal("REG.turn.steps", f"seat {state.current + 1} is in Step 4 and must discard "
                          f"at least {state.need}")
        _held(state, action.cards, action)
        total = sum(VALUE[c] for c in action.cards)
        if total < state.need:
            raise illegal("REG.suffer.discard", f"the discard is worth {total}, less than the {state.need} needed")
        return DISCARD, action.cards
    # Phase.PLAY
    if isinstance(action, Discard):
        raise illegal("REG.turn.steps", "cards are discarded only in Step 4; this is Step 1")
    if isinstance(action, Yield):
        if state.players == 1 and not state.settings.solo_may_yield:
            raise illegal("REG.solo.no_yield", "the solo player can never yield")
        if not can_yield(state.yielded, state.current, state.settings):
            raise illegal("REG.yield.restriction", "every other player yielded on their last turn")
        return YIELD, None
    _held(state, action.cards, action)
    verdict = illegal_play(action.cards)
    if verdict is not None:
        raise illegal(*verdict)
    return PLAY, action.cards


# ----------------------------------------------------------------------------- apply


def apply(state: State, action: Action, rng: random.Random | None = None,
          log: Log = None) -> State:
    """The state after ``action``. ``rng`` shuffles for Hearts; ``None`` = no shuffle.

    With ``rng=None`` a Hearts heal takes the top X cards of the discard pile as
    ordered in the state (deterministic, for scenarios). ``log(rule, text, step)``
    is called for every rule applied, if given.

    Raises:
        IllegalPlay: the rules forbid the action now (``.rule`` is the rule id).
        InvalidAction: the action is malformed or names cards not held.
    """
    kind, payload = validate(state, action)
    b = Board.from_state(state)
    apply_code(b, kind, payload, rng, log)
    return b.freeze()


def apply_explained(state: State, action: Action,
                    rng: random.Random | None = None) -> tuple[State, tuple[Step, ...]]:
    """Like :func:`apply`, also returning one plain-sentence :class:`Step` per rule applied."""
    steps: list[Step] = []

    def log(rule: str, text: str, phase: int | None) -> None:
        steps.append(TRACER.step(rule, text, phase))

    new = apply(state, action, rng, log)
    return new, tuple(steps)


def is_legal(state: State, action: Action) -> bool:
    """Whether ``apply`` would accept ``action``."""
    try:
        validate(state, action)
    except (IllegalPlay, InvalidAction):
        return False
    return True


# --------------------------------------------------------------------------- outcome


def is_terminal(state: State) -> bool:
    return state.phase >= Phase.WON


def outcome(state: State) -> Outcome | None:
    """``None`` while the game goes on; otherwise won/lost, the ending rule and a solo medal."""
    if state.phase == Phase.WON:
        grade = medal(state.solo_jesters_used) if state.players == 1 else None
        return Outcome(True, state.end_rule, state.defeated, grade)
    if state.phase == Phase.LOST:
        return Outcome(False, state.end_rule, state.defeated, None)
    return None


class RegicideGame:
    """The :class:`engine.core.game.Game` protocol over the functions above."""

    name = "regicide"

    def initial_state(self, num_players: int, rng: random.Random, **settings: Any) -> State:
        first = settings.pop("first_seat", 0)
        return new_game(num_players, rng, Settings(**settings), first)

    def legal_actions(self, state: State) -> Sequence[Action]:
        return legal_actions(state)

    def apply(self, state: State, action: Action, rng: random.Random | None = None) -> State:
        return apply(state, action, rng)

    def is_terminal(self, state: State) -> bool:
        return is_terminal(state)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)
