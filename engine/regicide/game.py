"""The public Regicide API: setup, legal actions, checked apply, explanations, outcome.

``apply`` validates the action (raising :class:`IllegalPlay` naming the rule, or
:class:`InvalidAction` for malformed input), copies the state into a ``Board``,
runs the shared resolution in ``resolve.py`` and freezes the result.
``apply_explained`` does the same with a log, returning the trace steps.
:data:`GAME` is the :class:`~engine.core.game.Game` the rest of the app drives.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from engine.core.errors import GameOver, IllegalPlay, InvalidAction, Verdict, check
from engine.core.game import GameEnd, register
from engine.core.message import msg, plural
from engine.core.trace import Log, Recorder, Step, settle, watch
from engine.regicide.actions import (
    ACTION_TYPES,
    Action,
    ChooseNext,
    Discard,
    Play,
    SoloJester,
    Yield,
)
from engine.regicide.cards import JOKER, SOLO_JESTERS, Card, card_str, enemy_message
from engine.regicide.glossary import GLOSSARY, TRACER
from engine.regicide.quantities import snapshot
from engine.regicide.codes import apply_code, legal_codes
from engine.regicide.resolve import (
    CHOOSE,
    DISCARD,
    PLAY,
    SOLO_JESTER,
    YIELD,
    start_turn,
)
from engine.regicide.rules import (
    build_castle,
    build_tavern,
    can_choose_next,
    can_discard,
    can_play,
    can_use_solo_jester,
    can_yield,
    can_flip_solo_jester_now,
    can_decide_now,
    jesters_in_tavern,
    medal,
)
from engine.regicide.settings import DEFAULT, Settings
from engine.regicide.sources import SOURCES
from engine.regicide.state import Board, Phase, State


# ---------------------------------------------------------------------------- setup


def new_board(players: int, rng: random.Random, settings: Settings = DEFAULT,
              first_seat: int = 0, log: Log = None) -> Board:
    """Set up a game on a mutable board (the simulator's entry point); ``log`` records the deal's steps.

    Raises:
        InvalidAction: for a player count outside 1-4 or a seat that is not seated.
    """
    if players not in (1, 2, 3, 4):
        raise InvalidAction(f"Regicide is for 1-4 players, not {players!r}")
    if not 0 <= first_seat < players:
        raise InvalidAction(f"first_seat {first_seat!r} is not one of the {players} seats")
    b = Board.empty(players, settings)
    if log is not None:
        watch(log, lambda: snapshot(b.freeze()))
    # REG.setup.castle, REG.setup.tavern, REG.setup.jesters (piles are top-last in a Board).
    castle = build_castle(rng)
    castle.reverse()
    b.castle = castle
    b.enemy = castle.pop()
    if log is not None:
        log("REG.setup.castle", msg("The Castle is built by rank: the four Jacks, shuffled, on top of the four "
                                    "Queens, on top of the four Kings; its top card, {enemy}, is turned face up as "
                                    "the first enemy.", enemy=enemy_message(b.enemy)), 1)
    b.aside = (JOKER,) * (2 - jesters_in_tavern(players))  # unused, or the solo Jesters
    if players == 1:  # REG.solo.setup
        b.solo = SOLO_JESTERS
    if log is not None:
        if players == 1:
            log("REG.solo.setup", msg("Solo: both Jesters are set aside as solo Jesters; none goes into the "
                                      "Tavern."), 1)
        else:
            log("REG.setup.jesters", plural("With {players} players, {count} Jester goes into the Tavern.",
                                            "With {players} players, {count} Jesters go into the Tavern.", "count",
                                            count=jesters_in_tavern(players), players=players), 1)
    tavern = build_tavern(players, rng)
    tavern.reverse()
    b.tavern = tavern
    if log is not None:
        log("REG.setup.tavern", plural("The Tavern is shuffled: the 40 number cards (2-10 and Aces) and {count} "
                                       "Jester.",
                                       "The Tavern is shuffled: the 40 number cards (2-10 and Aces) and {count} "
                                       "Jesters.", "count", count=jesters_in_tavern(players)), 1)
    # REG.setup.hand_size: deal round-robin from the first seat.
    hands = b.hands
    for _ in range(b.max_hand):
        for i in range(players):
            hands[(first_seat + i) % players].append(tavern.pop())
    for h in hands:
        h.sort()
    if log is not None:
        log("REG.setup.hand_size", plural("Each hand is dealt {max_hand} cards from the Tavern, the maximum for "
                                          "{count} player; {tavern} cards stay in the Tavern.",
                                          "Each hand is dealt {max_hand} cards from the Tavern, the maximum for "
                                          "{count} players; {tavern} cards stay in the Tavern.", "count",
                                          max_hand=b.max_hand, count=players, tavern=len(tavern)), 1)
    start_turn(b, first_seat, log)  # REG.setup.first_player
    if log is not None:
        log("REG.setup.first_player", msg("Seat {seat} plays first.", seat=first_seat + 1), 1)
        settle(log)
    return b


def new_game(players: int, rng: random.Random, settings: Settings = DEFAULT,
             first_seat: int = 0) -> State:
    """A new game for 1-4 players, shuffled with ``rng``; ``first_seat`` plays first."""
    return new_board(players, rng, settings, first_seat).freeze()


def new_game_explained(players: int, rng: random.Random, settings: Settings = DEFAULT,
                       first_seat: int = 0) -> tuple[State, tuple[Step, ...]]:
    """Like :func:`new_game`, also returning the deal's steps (the Castle, the Tavern, the hands, who starts)."""
    rec = Recorder(TRACER, moments=False)
    state = new_board(players, rng, settings, first_seat, rec).freeze()
    return state, rec.steps


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
    if state.phase >= Phase.WON or state.step:  # inside a turn's resolution no choice is open (State.step)
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


def _is_expected(state: State, action: Action) -> Verdict:
    """REG.turn.steps, REG.jester.choose_next: the action answers what the game is waiting for."""
    if state.phase == Phase.JESTER_CHOICE and not isinstance(action, ChooseNext):
        return ("REG.jester.choose_next", msg("the Jester's player must first name who goes next"))
    if state.phase != Phase.JESTER_CHOICE and isinstance(action, ChooseNext):
        return ("REG.jester.choose_next", msg("no Jester has been played this turn"))
    if state.phase == Phase.DISCARD and not isinstance(action, Discard):
        return ("REG.turn.steps", msg("seat {seat} is in Step 4 and must discard at least {need}",
                                      seat=state.current + 1, need=state.need))
    if state.phase == Phase.PLAY and isinstance(action, Discard):
        return ("REG.turn.steps", msg("cards are discarded only in Step 4; this is Step 1"))
    return None


def validate(state: State, action: Action) -> tuple[int, Any]:
    """Check ``action`` against ``state`` and return its internal code.

    Each rule is checked by its own function in ``rules.py``, which names the rule it enforces.

    Raises:
        InvalidAction: not an action, no cards, cards not held, a seat not seated.
        IllegalPlay: a well-formed action the rules forbid now (names the rule id);
            :class:`GameOver` once the game has ended.
    """
    summary = state.summary()
    if not isinstance(action, ACTION_TYPES):
        raise InvalidAction(f"not a Regicide action: {action!r}", state=summary)
    end = outcome(state)
    if end is not None:
        raise GameOver(end, action=action, state=summary)
    if isinstance(action, SoloJester):
        check(can_use_solo_jester(state.players, state.solo_jesters), action, summary)
        check(can_flip_solo_jester_now(state.phase, state.step), action, summary)
        return SOLO_JESTER, None
    check(can_decide_now(state.step, state.current), action, summary)
    check(_is_expected(state, action), action, summary)
    if isinstance(action, ChooseNext):
        if type(action.seat) is not int or not 0 <= action.seat < state.players:
            raise InvalidAction(f"seat {action.seat!r} is not seated", action=action, state=summary)
        check(can_choose_next(state.players, state.current, action.seat, state.settings), action, summary)
        return CHOOSE, action.seat
    if isinstance(action, Discard):
        _held(state, action.cards, action)
        check(can_discard(action.cards, state.need), action, summary)
        return DISCARD, action.cards
    if isinstance(action, Yield):
        check(can_yield(state.yielded, state.current, state.settings), action, summary)
        return YIELD, None
    _held(state, action.cards, action)
    check(can_play(action.cards), action, summary)
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
    if log is not None:
        watch(log, lambda: snapshot(b.freeze()))
    apply_code(b, kind, payload, rng, log)
    b.step = 0  # an action resolves to its end: the position after it is a decision (or the game's end)
    settle(log)
    return b.freeze()


def apply_explained(state: State, action: Action,
                    rng: random.Random | None = None) -> tuple[State, tuple[Step, ...]]:
    """Like :func:`apply`, also returning one plain-sentence :class:`Step` per rule applied."""
    rec = Recorder(TRACER, moments=False)
    new = apply(state, action, rng, rec)
    return new, rec.steps


def is_legal(state: State, action: Action) -> bool:
    """Whether ``apply`` would accept ``action``."""
    try:
        validate(state, action)
    except (IllegalPlay, InvalidAction):
        return False
    return True


# --------------------------------------------------------------------------- outcome


def is_terminal(state: State) -> bool:
    """The game is won or lost (:func:`outcome` is not ``None``)."""
    return state.phase >= Phase.WON


def outcome(state: State) -> GameEnd | None:
    """``None`` while the game goes on; otherwise won or lost, the rule that ended it, and a solo medal.

    >>> outcome(new_game(2, random.Random(1))) is None
    True
    """
    if state.phase == Phase.WON:
        grade = medal(state.solo_jesters_used) if state.players == 1 else None
        return GameEnd(state.end_rule, won=True, detail=grade)
    if state.phase == Phase.LOST:
        return GameEnd(state.end_rule, won=False)
    return None


@dataclass(frozen=True, slots=True)
class Setup:
    """A Regicide set-up: 1-4 players, and the seat that plays first."""

    players: int
    first_seat: int = 0


class RegicideGame:
    """Regicide as a :class:`engine.core.game.Game`: the set-up is a :class:`Setup` or a player count."""

    name = "regicide"
    glossary = GLOSSARY
    sources = SOURCES

    def __init__(self, settings: Settings = DEFAULT) -> None:
        self.settings = settings

    def initial_state(self, setup: Setup | int, rng: random.Random) -> State:
        if isinstance(setup, int):
            setup = Setup(setup)
        return new_game(setup.players, rng, self.settings, setup.first_seat)

    def random_setup(self, rng: random.Random) -> Setup:
        players = rng.randint(1, 4)
        return Setup(players, rng.randrange(players))

    def legal_actions(self, state: State) -> Sequence[Action]:
        return legal_actions(state)

    def apply_explained(self, state: State, action: Action,
                        rng: random.Random | None = None) -> tuple[State, tuple[Step, ...]]:
        return apply_explained(state, action, rng)

    def is_legal(self, state: State, action: Action) -> bool:
        return is_legal(state, action)

    def outcome(self, state: State) -> GameEnd | None:
        return outcome(state)


GAME = register(RegicideGame())
