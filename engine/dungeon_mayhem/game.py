"""The public API: set up, inspect and advance a Dungeon Mayhem game.

States are immutable; :func:`apply` returns a new one. Randomness comes only from the
``rng`` passed in (or, in :func:`apply` without one, from ``state.seed``).
:data:`GAME` is the :class:`~engine.core.game.Game` the rest of the app drives.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence, Union

from engine.core.errors import IllegalPlay, InvalidAction, PositionError
from engine.core.game import GameEnd, register
from engine.core.message import Message
from engine.core.trace import Event, Recorder, Step, settle, watch
from engine.dungeon_mayhem.actions import Action
from engine.dungeon_mayhem.cards import (
    OWNER_SHIFT, PLAYABLE, TYPE_MASK, card_name as _name, card_type, character_name, check_modelled, deck_of, make_cid,
)
from engine.dungeon_mayhem.glossary import GLOSSARY, TRACER
from engine.dungeon_mayhem.menus import legal_actions as _legal
from engine.dungeon_mayhem.quantities import board_snapshot
from engine.dungeon_mayhem.resolve import shuffle
from engine.dungeon_mayhem.rules import ghost_targets
from engine.dungeon_mayhem.settings import DEFAULT, Settings
from engine.dungeon_mayhem.sources import SOURCES
from engine.dungeon_mayhem.state import GHOST, PENDING_PLAY, Board, Pending, PlayerState, PlayerW, State
from engine.dungeon_mayhem.turns import check_knockouts, run, step
from engine.dungeon_mayhem.turns import start_turn as _start_turn

CardSpec = Union[str, tuple[str, int], Mapping[str, Any]]
"""A card: ``"Shield"`` (owned by the player it sits with), ``("Shield", owner_seat)``,
or ``{"card": "Shield", "owner": 0, "damage": 1}`` (damage only for Defense cards in play)."""


def _step(rule: str, text: str | Message) -> Step:
    """A trace step; its text is a sentence, so it starts with a capital ("The ghost of Cat deals ...")."""
    if isinstance(text, Message):
        return TRACER.step(rule, text)  # rendered as a sentence, with its capital
    return TRACER.step(rule, text[:1].upper() + text[1:])


def _names(characters: Sequence[str]) -> tuple[str, ...]:
    if len(set(characters)) == len(characters):
        return tuple(characters)
    counts = Counter(characters)
    return tuple(c if counts[c] == 1 else f"{c} (seat {i + 1})" for i, c in enumerate(characters))


def new_game(characters: Sequence[str], rng: random.Random, settings: Settings = DEFAULT) -> State:
    """Start a game: seats in the given order, decks shuffled with ``rng``, 3 cards each
    (DM.setup.deal), and the first player's turn begun (DM.turn.draw).

    :raises Unmodelled: a deck holds a card the engine refuses (DM.card.unmodelled).

    >>> s = new_game(["Azzan", "Sutha"], random.Random(1))
    >>> s.active, s.pending.kind, len(s.players[0].hand), len(s.players[1].hand)
    (0, 'play', 4, 3)
    """
    b = deal(characters, rng, settings)
    b.rng = None
    return b.freeze()


_CHECKED: dict[tuple[str, int, int], tuple[Settings, tuple[int, ...]]] = {}


def _modelled_deck(character: str, settings: Settings, seat: int) -> tuple[int, ...]:
    """The card ids of ``character``'s deck at ``seat`` under ``settings``, each checked to be modelled
    (DM.card.unmodelled). Remembered per settings object: hashing a Settings costs more than a deal."""
    hit = _CHECKED.get((character, seat, id(settings)))
    if hit is not None and hit[0] is settings:
        return hit[1]
    types = deck_of(character, settings)
    for t in dict.fromkeys(types):
        check_modelled(t)
    cids = tuple((seat << OWNER_SHIFT) | t for t in types)
    _CHECKED[(character, seat, id(settings))] = (settings, cids)
    return cids


def deal(characters: Sequence[str], rng: random.Random, settings: Settings = DEFAULT) -> Board:
    """The working board of a new game (:func:`new_game` freezes it; the simulators play on it).

    The rng is consumed in a fixed order: each deck's shuffle in seat order, then the seed.
    """
    chars = [character_name(c) for c in characters]
    if not 2 <= len(chars) <= 6:
        raise PositionError([f"Dungeon Mayhem needs 2-6 players, not {len(chars)}"], game="Dungeon Mayhem")
    decks = []
    for seat, c in enumerate(chars):
        deck = list(_modelled_deck(c, settings, seat))
        shuffle(rng, deck)
        decks.append(deck)
    players = [PlayerW.dealt(c, deck, 3) for c, deck in zip(chars, decks)]  # DM.setup.deal: 3 cards each
    b = Board.dealt(players, rng.getrandbits(62), settings, _names(chars), rng)
    _start_turn(b, 0, None, draw_card=settings.first_player_draws)
    run(b, None)
    return b


def _card(spec: CardSpec, holder: int, chars: Sequence[str], settings: Settings, problems: list[str],
          where: str) -> tuple[int, int] | None:
    """(cid, damage) for a card spec, or ``None`` after adding what is wrong with it to ``problems``.

    :raises Unmodelled: a card the engine refuses (never a mere problem: it is refused by name).
    """
    damage = 0
    try:
        if isinstance(spec, str):
            name, owner = spec, holder
        elif isinstance(spec, tuple):
            name, owner = spec
        else:
            name, owner, damage = spec["card"], spec.get("owner", holder), int(spec.get("damage", 0))
    except (KeyError, TypeError, ValueError):
        problems.append(f"{where}: {spec!r} is not a card")
        return None
    if not isinstance(owner, int) or not 0 <= owner < len(chars):
        problems.append(f"{where}: card {spec!r}: there is no seat {owner}")
        return None
    try:
        t = card_type(chars[owner], name, settings)
    except ValueError as err:
        problems.append(f"{where}: {err}")
        return None
    check_modelled(t.id)
    if damage and not 0 <= damage < t.shields:
        problems.append(f"{where}: card {spec!r}: damage must be below its {t.shields} shields")
        return None
    return make_cid(owner, t.id), damage


def from_position(
    players: Sequence[Mapping[str, Any]],
    *,
    active: int = 0,
    plays_owed: int = 1,
    played: Sequence[CardSpec] = (),
    start_players: int | None = None,
    turn: int = 1,
    start_turn: bool = False,
    seed: int = 0,
    settings: Settings = DEFAULT,
    explain: list[Step] | None = None,
    bonus: int = 0,
    pierce: bool = False,
) -> State:
    """Build an exact position from plain values (for scenarios and tests).

    With ``explain`` (a list), the steps of whatever resolves while the position is
    set up (e.g. the draw and reshuffle of ``start_turn``) are appended to it.

    ``players`` is in seat order; each mapping has ``character`` and optionally
    ``hp`` (10), ``hand``, ``deck`` (top first), ``discard``, ``defense`` (cards in play,
    in play order; dict specs may give ``damage``), ``out`` (knocked out / a ghost) and
    ``disguised``, and the expansion's ``form`` (``wolf``/``bear``), ``next_trick`` and
    ``charm_ray``. Card specs: see :data:`CardSpec`; a card's owner defaults to the
    player it sits with. ``bonus`` (Favored Frienemies) and ``pierce`` (Here I Come!) are
    the active player's effects "this turn".

    The position is at ``active``'s choice of a card to play with ``plays_owed`` plays
    still owed and ``played`` already in the played-this-turn zone; if ``active`` is
    knocked out in a game with ghosts, it is that ghost's turn. ``start_turn=True``
    instead begins ``active``'s turn (disguise ends, draw 1). ``start_players`` (default:
    the number of seats) switches the 5-6-player rules on. ``seed`` drives reshuffles
    when :func:`apply` is given no rng.

    :raises PositionError: listing every problem (unknown character or card, more copies of a card than
        its deck has, hit points out of range, ...); a ``ValueError`` too.
    :raises Unmodelled: a card the engine refuses (DM.card.unmodelled; a ValueError too).
    """
    problems: list[str] = []
    chars: list[str] = []
    for seat, p in enumerate(players):
        try:
            chars.append(character_name(str(p["character"])))
        except (KeyError, ValueError) as err:
            problems.append(f"seat {seat}: {err if isinstance(err, ValueError) else 'no character'}")
    if problems:
        raise PositionError(problems, game="Dungeon Mayhem")
    if not 2 <= len(chars) <= 6:
        problems.append(f"Dungeon Mayhem needs 2-6 players, not {len(chars)}")
    if not 0 <= active < len(chars):
        problems.append(f"active seat {active} is not at the table")
    allowed = {"character", "hp", "hand", "deck", "discard", "defense", "out", "disguised", "form", "next_trick", "charm_ray"}
    seen: Counter[int] = Counter()
    states = []
    for seat, p in enumerate(players):
        extra = set(p) - allowed
        if extra:
            problems.append(f"seat {seat}: unknown keys {sorted(extra)}")
        hp = int(p.get("hp", 10))
        if not 0 <= hp <= 10:
            problems.append(f"seat {seat}: HP must be 0..10, not {hp}")
        zones = {}
        for zone in ("hand", "deck", "discard"):
            found = [_card(c, seat, chars, settings, problems, f"seat {seat} {zone}") for c in p.get(zone, ())]
            zones[zone] = tuple(c[0] for c in found if c is not None)
        defense = tuple(c for c in (_card(c, seat, chars, settings, problems, f"seat {seat} defense")
                                    for c in p.get("defense", ())) if c is not None)
        for cid, _ in defense:
            if not card_type(chars[cid >> OWNER_SHIFT], _name(cid), settings).is_defense:
                problems.append(f"seat {seat}: {_name(cid)} is not a Defense card")
        form = str(p.get("form", ""))
        if form not in ("", "wolf", "bear"):
            problems.append(f"seat {seat}: form must be 'wolf', 'bear' or '', not {form!r}")
        seen.update(zones["hand"] + zones["deck"] + zones["discard"] + tuple(c for c, _ in defense))
        out = bool(p.get("out", hp == 0))
        states.append(PlayerState(chars[seat], hp, zones["hand"], zones["deck"], zones["discard"], defense,
                                  out, bool(p.get("disguised", False)), form, bool(p.get("next_trick", False)),
                                  bool(p.get("charm_ray", False))))
    holder = active if 0 <= active < len(chars) else 0
    played_cids = tuple(c[0] for c in (_card(c, holder, chars, settings, problems, "played") for c in played)
                        if c is not None)
    seen.update(played_cids)
    for cid, n in seen.items():
        limit = Counter(deck_of(chars[cid >> OWNER_SHIFT], settings))[cid & TYPE_MASK]
        if n > limit:
            problems.append(f"{n} copies of {chars[cid >> OWNER_SHIFT]}'s {_name(cid)}; the deck has {limit}")
    ghosts = settings.vengeful_ghosts and (start_players or len(chars)) >= 5
    if not problems and (states[active].out or states[active].hp <= 0) and not ghosts \
            and sum(1 for st in states if not st.out and st.hp > 0) > 1:
        problems.append(f"seat {active} is knocked out and cannot take a turn")
    if problems:
        raise PositionError(problems, game="Dungeon Mayhem")
    s = State(tuple(states), active, None, plays_owed, played_cids, (), start_players or len(chars), turn, seed,
              settings=settings, names=_names(chars), bonus=bonus, pierce=pierce)
    b = Board(s)
    log = Recorder(TRACER, capitalise=True, moments=False) if explain is not None else None
    watch(log, lambda: board_snapshot(b))  # what setting up changed (the start-of-turn draw) is each step's effect
    check_knockouts(b, log)
    if not b.over:
        if b.players[active].out:
            b.plays_owed = 0
            b.pending = Pending(GHOST, settings.ghost_damage) if ghost_targets(b, active) else None
        elif start_turn:
            _start_turn(b, active, log)
        elif plays_owed > 0 and b.players[active].hand:
            b.pending = PENDING_PLAY
        run(b, log)
    if log is not None and explain is not None:
        settle(log)
        explain.extend(log.steps)
    return b.freeze()


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the pending choice (empty when the game is over)."""
    return _legal(state)


def apply(state: State, action: Action, rng: random.Random | None = None) -> State:
    """The state after ``action``.

    :raises IllegalPlay: the rules forbid it now; ``.rule`` is a glossary rule id.
    :raises InvalidAction: the action is malformed or refers to nothing on the board.
    """
    return _resolve(state, action, rng, None)


def apply_explained(state: State, action: Action, rng: random.Random | None = None) -> tuple[State, tuple[Step, ...]]:
    """Like :func:`apply`, also returning the resolution trace in plain sentences."""
    rec = Recorder(TRACER, capitalise=True, moments=False)
    after = _resolve(state, action, rng, rec)
    return after, rec.steps


def apply_traced(state: State, action: Action, rng: random.Random | None = None) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply_explained`, keeping the moments it passes (``turn_end``: the turn is over, the
    played cards are discarded, and the next player has not begun)."""
    rec = Recorder(TRACER, capitalise=True)
    after = _resolve(state, action, rng, rec)
    return after, tuple(rec.events)


def _resolve(state: State, action: Action, rng: random.Random | None, log: Any) -> State:
    """Run one action on a working copy (errors carry the one-line state summary from where they are made)."""
    b = Board(state, rng)
    if log is not None:
        watch(log, lambda: board_snapshot(b))
    step(b, action, log)
    settle(log)
    return b.freeze()


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` would accept ``action``."""
    try:
        _resolve(state, action, None, None)
    except (IllegalPlay, InvalidAction):
        return False
    return True


def is_terminal(state: State) -> bool:
    """The game is over (DM.ko.win / DM.ko.draw)."""
    return state.over


def outcome(state: State) -> GameEnd | None:
    """``None`` while the game goes on; otherwise the winning seat (DM.ko.win) or a draw (DM.ko.draw).

    >>> outcome(new_game(["Azzan", "Sutha"], random.Random(1))) is None
    True
    """
    if not state.over:
        return None
    if state.winner is None:
        return GameEnd("DM.ko.draw")
    return GameEnd("DM.ko.win", winner=state.winner)


class DungeonMayhemGame:
    """Dungeon Mayhem as a :class:`engine.core.game.Game`: the set-up is the characters in seat order."""

    name = "dungeon_mayhem"
    glossary = GLOSSARY
    sources = SOURCES

    def __init__(self, settings: Settings = DEFAULT) -> None:
        self.settings = settings

    def initial_state(self, setup: Sequence[str], rng: random.Random) -> State:
        return new_game(setup, rng, self.settings)

    def random_setup(self, rng: random.Random) -> tuple[str, ...]:
        """2-6 characters drawn from every modelled deck (a character may sit twice, as at a real table)."""
        return tuple(rng.choice(PLAYABLE) for _ in range(rng.randint(2, 6)))

    def legal_actions(self, state: State) -> Sequence[Action]:
        return legal_actions(state)

    def apply_explained(self, state: State, action: Action,
                        rng: random.Random | None = None) -> tuple[State, tuple[Step, ...]]:
        return apply_explained(state, action, rng)

    def is_legal(self, state: State, action: Action) -> bool:
        return is_legal(state, action)

    def outcome(self, state: State) -> GameEnd | None:
        return outcome(state)


GAME = register(DungeonMayhemGame())
