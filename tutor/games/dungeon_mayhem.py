"""Dungeon Mayhem scenarios: an exact mid-game position and the plays made on it.

A scenario file gives the table in ``setup`` and the plays in ``actions``::

    setup:
      players:                         # seat order, clockwise: turns pass to the next one listed
        - character: Sutha             # Azzan, Sutha, Lia or Oriax (or wizard, barbarian, ...)
          hp: 7                        # 0..10 (default 10)
          hand: [Whirling Axes, Brutal Punch]
          deck: [RAGE!, Riff]          # top first; a number = that many unlisted cards
          discard: 4                   # a list, or a number of unlisted cards
        - character: Lia
          defense:                     # Defense cards in play, in the order played
            - Divine Shield
            - {card: Fluffy, damage: 1}            # damage already marked on it
            - {card: Shield, owner: Azzan}         # a card from another player's deck (Charm)
          hand: 3
        - {character: Oriax, name: Rix, disguised: true}   # name: needed when a character repeats
        - {character: Azzan, hp: 0, out: true}             # knocked out (a ghost with 5-6 players)
      turn: Sutha                      # whose turn it is (default: the first player)
      plays_owed: 1                    # cards the player still has to play (default 1)
      played: [Head Butt]              # cards already played this turn (waiting for the discard)
      start_turn: false                # true: the turn begins here (draw 1 first)
      settings: {overflow_order: played_order}   # engine rulings (engine/dungeon_mayhem/settings.py)
    actions:                           # one choice per line, in the order the engine asks for them
      - play: Whirling Axes            # the player whose turn it is plays this card from hand
      - target: Lia                    # an attack's target (a player with no Defense card) ...
        defense: Divine Shield         # ... or one of their Defense cards; also overflow and ghosts
      - {destroy: Lia, defense: Fluffy}        # Mighty Toss / Sneak Attack!: that Defense card
      - {charm: Lia, defense: Fluffy}          # Charm: take that Defense card
      - choose: Rix                    # Vampiric Touch / Pick Pocket: that player
      - recover: Shield                # Divine Inspiration: that card from the discard pile

Players are named by their ``name`` (default: the character). Every answer is computed
by :mod:`engine.dungeon_mayhem`; nothing in the file is an answer.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, Union

from pydantic import Field, model_validator

from engine import dungeon_mayhem as dm
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import Step
from engine.dungeon_mayhem.cards import AGAIN, CARD_TYPES, DECKS, card_name, character_name, owner_of, type_of
from engine.dungeon_mayhem.glossary import TRACER
from tutor.games.base import ILLEGAL, Ask, Choice, GamePlugin, Loc, Solution
from tutor.models import ScenarioBase, Strict

# -- file models ---------------------------------------------------------------------------

_SETTING_NAMES = tuple(f.name for f in dataclasses.fields(dm.Settings))


class CardSpec(Strict):
    """A card with details: its owner (when it comes from another player's deck) and its damage."""

    card: str = Field(description="card name as printed, e.g. 'Divine Shield'")
    owner: str | None = Field(default=None, description="the player whose deck it comes from (default: the player it sits with)")
    damage: int = Field(default=0, ge=0, description="damage already marked on a Defense card in play")


CardRef = Union[str, CardSpec]
Pile = Union[list[CardRef], int]


class PlayerSpec(Strict):
    """One seat at the table."""

    character: str = Field(description="Azzan, Sutha, Lia or Oriax (also 'wizard', 'Lia the Radiant', ...)")
    name: str | None = Field(default=None, min_length=1, description="how actions and questions name this player (default: the character); needed when a character repeats")
    hp: int = Field(default=10, ge=0, le=10, description="hit points")
    hand: Pile = Field(default_factory=list, description="cards in hand, or how many (unlisted cards)")
    deck: Pile = Field(default_factory=list, description="the deck, top card first, or how many cards (unlisted)")
    discard: Pile = Field(default_factory=list, description="the discard pile, or how many cards (unlisted)")
    defense: list[CardRef] = Field(default_factory=list, description="Defense cards in play, in the order they were played")
    out: bool = Field(default=False, description="knocked out (a Vengeful Ghost in a game of 5-6); implied by hp 0")
    disguised: bool = Field(default=False, description="Oriax's Clever Disguise is active")


class Setup(Strict):
    players: list[PlayerSpec] = Field(min_length=2, max_length=6, description="seat order, clockwise")
    turn: str | None = Field(default=None, description="whose turn it is (a player's name; default: the first player)")
    plays_owed: int = Field(default=1, ge=0, description="cards the player whose turn it is must still play")
    played: list[CardRef] = Field(default_factory=list, description="cards already played this turn (they reach the discard at the end of the turn)")
    start_turn: bool = Field(default=False, description="begin the turn here: the disguise ends and the player draws 1")
    seed: int = Field(default=0, description="seeds reshuffles")
    settings: dict[str, Union[bool, int, str]] = Field(default_factory=dict, description="engine rulings by name, see engine/dungeon_mayhem/settings.py")


_VERBS = ("play", "target", "destroy", "charm", "choose", "recover")
_VERB_KINDS = {"play": ("play",), "target": ("target", "soak", "ghost"), "destroy": ("destroy",),
               "charm": ("charm",), "choose": ("swap", "pick_pocket"), "recover": ("recover",)}
_KIND_VERB = {k: v for v, ks in _VERB_KINDS.items() for k in ks}


class ActionSpec(Strict):
    """One play or choice: ``{play: Brutal Punch}``, ``{target: Lia, defense: Fluffy}``, ``{choose: Azzan}``."""

    play: str | None = Field(default=None, description="play this card from the hand of the player whose turn it is")
    target: str | None = Field(default=None, description="damage target (attack, overflow, ghost): a player; add 'defense' to hit one of their Defense cards")
    destroy: str | None = Field(default=None, description="Mighty Toss / Sneak Attack!: the player whose Defense card ('defense') is destroyed")
    charm: str | None = Field(default=None, description="Charm: the player whose Defense card ('defense') is taken")
    choose: str | None = Field(default=None, description="Vampiric Touch / Pick Pocket: the chosen player")
    recover: str | None = Field(default=None, description="Divine Inspiration: the card taken back from the discard pile")
    defense: str | None = Field(default=None, description="the Defense card (name) chosen with target, destroy or charm")
    nth: int = Field(default=1, ge=1, description="which of several same-named Defense cards (in play order)")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        given = [v for v in _VERBS if getattr(self, v) is not None]
        if len(given) != 1:
            raise ValueError(f"an action needs exactly one of {', '.join(_VERBS)}")
        if self.defense is not None and given[0] not in ("target", "destroy", "charm"):
            raise ValueError("'defense' goes with target, destroy or charm")
        if self.defense is None and given[0] in ("destroy", "charm"):
            raise ValueError(f"'{given[0]}' needs 'defense': which Defense card")
        return self

    @property
    def verb(self) -> str:
        return next(v for v in _VERBS if getattr(self, v) is not None)

    @property
    def value(self) -> str:
        return str(getattr(self, self.verb))


class Scenario(ScenarioBase):
    game: Literal["dungeon_mayhem"]
    setup: Setup
    actions: list[ActionSpec] = Field(default_factory=list)


# -- building the engine state -------------------------------------------------------------


class SetupError(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc = loc


def player_names(scn: Scenario) -> list[str]:
    out = []
    for p in scn.setup.players:
        if p.name:
            out.append(p.name)
        else:
            try:
                out.append(character_name(p.character))
            except ValueError:
                out.append(p.character)
    return out


def _seat_of(scn: Scenario, name: str) -> int | None:
    names = player_names(scn)
    low = [n.lower() for n in names]
    return low.index(name.strip().lower()) if name.strip().lower() in low else None


def _characters(scn: Scenario) -> list[str]:
    out = []
    for i, p in enumerate(scn.setup.players):
        try:
            out.append(character_name(p.character))
        except ValueError as err:
            raise SetupError(("setup", "players", i, "character"), str(err)) from None
    return out


@dataclass
class _Built:
    state: dm.State
    names: tuple[str, ...]
    listed: tuple[dict[str, bool], ...]  # per seat: which piles were listed card by card
    steps: tuple[Step, ...] = ()  # what resolved while setting up (e.g. the start-of-turn draw)


def _settings(scn: Scenario) -> dm.Settings:
    for key in scn.setup.settings:
        if key not in _SETTING_NAMES:
            raise SetupError(("setup", "settings", key), f"unknown setting {key!r} (settings: {', '.join(_SETTING_NAMES)})")
    defaults = {f.name: getattr(dm.DEFAULT, f.name) for f in dataclasses.fields(dm.Settings)}
    for key, value in scn.setup.settings.items():
        if type(value) is not type(defaults[key]):
            raise SetupError(("setup", "settings", key), f"setting {key!r} takes a {type(defaults[key]).__name__}, like {defaults[key]!r}")
    try:
        return dataclasses.replace(dm.DEFAULT, **scn.setup.settings)
    except ValueError as err:
        raise SetupError(("setup", "settings"), str(err)) from None


def build(scn: Scenario) -> _Built:
    """The engine state for the setup; :class:`SetupError` (with the field's location) if it is wrong."""
    setup = scn.setup
    chars = _characters(scn)
    names = player_names(scn)
    for i, n in enumerate(names):
        if n.lower() in [m.lower() for m in names[:i]]:
            loc: Loc = ("setup", "players", i, "name") if setup.players[i].name else ("setup", "players", i, "character")
            raise SetupError(loc, f"two players are called {n!r}; give one of them a 'name'")
    settings = _settings(scn)
    used: Counter[tuple[int, int]] = Counter()

    def spec(ref: CardRef, holder: int, loc: Loc, defense: bool = False) -> Any:
        name = ref if isinstance(ref, str) else ref.card
        owner = holder
        if isinstance(ref, CardSpec) and ref.owner is not None:
            o = _seat_of(scn, ref.owner)
            if o is None:
                raise SetupError(loc + ("owner",), f"unknown player {ref.owner!r} (players: {', '.join(names)})")
            owner = o
        nloc = loc if isinstance(ref, str) else loc + ("card",)
        try:
            t = dm.card_type(chars[owner], name)
        except ValueError as err:
            raise SetupError(nloc, f"unknown card {name!r}: {err}") from None
        used[(owner, t.id)] += 1
        if used[(owner, t.id)] > t.count:
            raise SetupError(nloc, f"{chars[owner]}'s deck has only {t.count} {t.name}; this is one too many")
        damage = ref.damage if isinstance(ref, CardSpec) else 0
        if defense and not t.is_defense:
            raise SetupError(nloc, f"{t.name} is not a Defense card ({t.symbols()})")
        if damage and not defense:
            raise SetupError(loc + ("damage",), "damage is only marked on Defense cards in play")
        if damage and damage >= t.shields:
            raise SetupError(loc + ("damage",), f"{t.name} has {t.shields} shield(s): its damage must be below that (it would be destroyed)")
        return {"card": t.name, "owner": owner, "damage": damage} if defense else (t.name, owner)

    players: list[dict[str, Any]] = []
    counts: list[dict[str, int]] = []
    listed: list[dict[str, bool]] = []
    for i, p in enumerate(setup.players):
        base: Loc = ("setup", "players", i)
        d: dict[str, Any] = {"character": chars[i], "hp": p.hp, "out": p.out or p.hp == 0, "disguised": p.disguised}
        cnt: dict[str, int] = {}
        lst: dict[str, bool] = {}
        for zone in ("hand", "deck", "discard"):
            pile = getattr(p, zone)
            lst[zone] = isinstance(pile, list)
            if isinstance(pile, int):
                if pile < 0:
                    raise SetupError(base + (zone,), "a pile cannot have fewer than 0 cards")
                cnt[zone] = pile
                d[zone] = []
            else:
                d[zone] = [spec(c, i, base + (zone, j)) for j, c in enumerate(pile)]
        d["defense"] = [spec(c, i, base + ("defense", j), True) for j, c in enumerate(p.defense)]
        players.append(d)
        counts.append(cnt)
        listed.append(lst)
    active = 0
    if setup.turn is not None:
        a = _seat_of(scn, setup.turn)
        if a is None:
            raise SetupError(("setup", "turn"), f"unknown player {setup.turn!r} (players: {', '.join(names)})")
        active = a
    played = [spec(c, active, ("setup", "played", j)) for j, c in enumerate(setup.played)]
    # unlisted cards: the first cards of the deck list not placed anywhere else
    for i, cnt in enumerate(counts):
        left = Counter(DECKS[chars[i]])
        for (owner, tid), n in used.items():
            if owner == i:
                left[tid] -= n
        pool = [tid for tid in dict.fromkeys(DECKS[chars[i]]) for _ in range(max(0, left[tid]))]
        need = sum(cnt.values())
        if need > len(pool):
            zone = next(iter(cnt))
            raise SetupError(("setup", "players", i, zone),
                             f"{chars[i]}'s deck has 28 cards; only {len(pool)} are left for the unlisted piles, not {need}")
        for zone, n in cnt.items():
            players[i][zone] = [(CARD_TYPES[tid].name, i) for tid in pool[:n]]
            pool = pool[n:]
    explain: list[Step] = []
    try:
        state = dm.from_position(players, active=active, plays_owed=setup.plays_owed, played=played,
                                 start_turn=setup.start_turn, seed=setup.seed, settings=settings, explain=explain)
    except ValueError as err:
        loc = ("setup", "turn") if "cannot take a turn" in str(err) and setup.turn is not None else ("setup",)
        raise SetupError(loc, str(err)) from None
    state = dataclasses.replace(state, names=tuple(names))
    return _Built(state, tuple(names), tuple(listed), tuple(explain))


def _to_action(scn: Scenario, state: dm.State, act: ActionSpec, k: int) -> dm.Action:
    """The engine action for a play; :class:`SetupError` at the action if it does not fit the position."""
    loc: Loc = ("actions", k, act.verb)
    names = list(state.names)
    if state.pending is None:
        raise SetupError(loc, "the game is already over: no more plays can be made")
    kind = state.pending.kind
    if kind not in _VERB_KINDS[act.verb]:
        want = _KIND_VERB[kind]
        who = names[state.active]
        raise SetupError(loc, f"the engine is waiting for {who}'s '{want}' here ({kind}), not '{act.verb}'")
    if act.verb == "play":
        return dm.PlayCard(card=act.value)
    if act.verb == "recover":
        return dm.ChooseDiscard(card=act.value)
    seat = _seat_of(scn, act.value)
    if seat is None:
        raise SetupError(loc, f"unknown player {act.value!r} (players: {', '.join(names)})")
    if act.verb == "choose":
        return dm.ChoosePlayer(seat)
    k_def: int | None = None
    if act.defense is not None:
        matches = [j for j, (cid, _) in enumerate(state.players[seat].defense)
                   if card_name(cid).lower() == act.defense.strip().lower()]
        if len(matches) < act.nth:
            inplay = ", ".join(card_name(c) for c, _ in state.players[seat].defense) or "none"
            raise SetupError(("actions", k, "defense"),
                             f"{names[seat]} has no{'' if act.nth == 1 else f' {act.nth}th'} Defense card called "
                             f"{act.defense!r} in play now (in play: {inplay})")
        k_def = matches[act.nth - 1]
    if act.verb == "target":
        return dm.ChooseTarget(seat, k_def)
    assert k_def is not None
    return dm.ChooseDefense(seat, k_def)


@dataclass(frozen=True)
class Outcome:
    """The position before the plays, after them (or just before the illegal one), and the path."""

    before: dm.State
    after: dm.State
    names: tuple[str, ...]
    listed: tuple[dict[str, bool], ...]
    start_active: int
    start_turn_no: int
    states: tuple[dm.State, ...]  # the state before each action (and the final one last)
    illegal_index: int | None = None


def run(scn: Scenario) -> tuple[Outcome, tuple[Step, ...], IllegalPlay | None]:
    built = build(scn)
    state = built.state
    steps: list[Step] = list(built.steps)
    states = [state]
    illegal: IllegalPlay | None = None
    bad: int | None = None
    for k, act in enumerate(scn.actions):
        action = _to_action(scn, state, act, k)
        try:
            state, more = dm.apply_explained(state, action)
        except IllegalPlay as err:
            illegal, bad = err, k
            steps.append(TRACER.step(err.rule, f"The play is illegal: {err.reason}."))
            break
        except InvalidAction as err:
            raise SetupError(("actions", k, act.verb), err.reason) from None
        steps.extend(more)
        states.append(state)
    if illegal is None and state.pending is not None and not state.over:
        steps.append(_pending_step(state, built.names))
    out = Outcome(built.state, state, built.names, built.listed, built.state.active, built.state.turn,
                  tuple(states), bad)
    return out, tuple(steps), illegal


_PENDING_RULES = {"play": "DM.turn.play", "target": "DM.attack.target", "soak": "DM.defense.overflow_order",
                  "ghost": "DM.ghost.target", "destroy": "DM.power.mighty", "charm": "DM.power.charm",
                  "swap": "DM.power.vampiric_touch", "pick_pocket": "DM.power.pick_pocket",
                  "recover": "DM.power.divine_inspiration"}


def _pending_step(state: dm.State, names: tuple[str, ...]) -> Step:
    """Where the plays stop: whose choice it is and the options the engine allows (from legal_actions)."""
    kind = state.pending.kind  # type: ignore[union-attr]
    who = names[state.active]
    if kind == "play":
        n = state.plays_owed
        return TRACER.step("DM.turn.play", f"Now {who} must play a card ({n} more play{'s' if n != 1 else ''} owed).")
    seats = sorted({a.player for a in dm.legal_actions(state) if hasattr(a, "player")})
    options = ", ".join(names[i] for i in seats) or "nobody"
    actor = f"the ghost of {who}" if kind == "ghost" else who
    what = {"target": "whom to attack", "soak": "whose Defense card takes the damage next", "ghost": "whom to haunt",
            "destroy": "whose Defense card to destroy", "charm": "whose Defense card to take",
            "swap": "whom to swap hit points with", "pick_pocket": "whose card to play",
            "recover": "which card to take back"}.get(kind, "an option")
    return TRACER.step(_PENDING_RULES.get(kind, "DM.turn.choice"),
                       f"Now {actor} chooses {what}: the rules allow {options}.")


# -- reference checks ------------------------------------------------------------------------


def _card_of(scn: Scenario, of: str, state: dm.State) -> tuple[int, str] | None:
    """``of`` naming a Defense card in play in the setup: 'Lia: Divine Shield' or just 'Divine Shield'."""
    if ":" in of:
        who, _, card = of.partition(":")
        seat = _seat_of(scn, who)
        if seat is None:
            return None
        seats = [seat]
    else:
        card, seats = of, list(range(len(state.players)))
    card = card.strip().lower()
    hits = [(s, card_name(cid)) for s in seats for cid, _ in state.players[s].defense if card_name(cid).lower() == card]
    return hits[0] if len(hits) == 1 else None


_CARD_ASKS = ("destroyed_defense", "shields_left")
_PLAYER_ASKS = ("hp_after", "hand_size", "deck_size", "discard_size", "can_target", "is_out", "defense_count")
_CHOICE_ASKS = ("can_target",)


def references(scn: Scenario) -> list[tuple[Loc, str]]:
    try:
        out, _, _ = run(scn)
    except SetupError as err:
        return [(err.loc, str(err))]
    problems: list[tuple[Loc, str]] = []
    names = out.names
    for i, q in enumerate(scn.questions):
        parts = [(("questions", i, "of"), q.ask, q.of)] if q.ask is not None else [
            (("questions", i, "parts", j, "of"), p.ask, p.of) for j, p in enumerate(q.parts or [])]
        for loc, ask, of in parts:
            if of is None:
                continue
            if ask in _PLAYER_ASKS and _seat_of(scn, of) is None:
                problems.append((loc, f"unknown player {of!r} (players: {', '.join(names)})"))
            elif ask in _CARD_ASKS and _card_of(scn, of, out.before) is None:
                inplay = [f"{names[s]}: {card_name(c)}" for s, p in enumerate(out.before.players) for c, _ in p.defense]
                problems.append((loc, f"{of!r} is not exactly one Defense card in play in the setup "
                                      f"(in play: {', '.join(inplay) or 'none'}; write 'Player: Card')"))
            if ask in _CHOICE_ASKS and out.illegal_index is None and (
                    out.after.pending is None or out.after.pending.kind == "play"):
                problems.append((loc, f"'{ask}' asks about a choice, but after the plays the engine is not waiting "
                                      "for a choice of player (stop the actions before the choice)"))
    return problems


# -- solving, captions, asks -------------------------------------------------------------------


def solve(scn: Scenario) -> Solution:
    out, steps, illegal = run(scn)
    return Solution(outcome=out, steps=steps, illegal=illegal)


def caption(scn: Scenario) -> str:
    if scn.caption:
        return scn.caption
    try:
        out, _, illegal = run(scn)
    except SetupError:
        return ""
    names = out.names
    active = names[out.start_active]
    if not scn.actions:
        return f"It is {active}'s turn."
    sentences: list[str] = []
    cur = ""
    for k, act in enumerate(scn.actions):
        st = out.states[k] if k < len(out.states) else out.after
        actor = names[st.active]
        kind = st.pending.kind if st.pending else ""
        tries = out.illegal_index == k
        card = f"{act.defense}" if act.defense else ""
        whose = f"{act.value}'s {card}" if card else act.value
        if act.verb == "play":
            if cur:
                sentences.append(cur)
            cur = f"{actor} {'tries to play' if tries else 'plays'} {act.value}"
            continue
        if kind == "ghost":
            if cur:
                sentences.append(cur)
            cur = f"The ghost of {actor} {'tries to haunt' if tries else 'haunts'} {whose}"
            continue
        phrase = {"target": f"at {whose}" if kind != "soak" else f"with the overflow into {whose}",
                  "destroy": f"destroying {whose}", "charm": f"taking {whose}",
                  "choose": f"choosing {act.value}", "recover": f"taking back {act.value}"}[act.verb]
        if tries:
            phrase = "trying " + ("to hit " + phrase[3:] if phrase.startswith("at ") else phrase)
        cur = f"{cur} {phrase}" if cur else f"{actor} {phrase[0].lower()}{phrase[1:]}"
    sentences.append(cur)
    text = "; ".join(s.replace(" with the overflow", ", with the overflow") for s in sentences)
    return text + "."


def _players(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(n, n) for n in player_names(scn)]


def _winner_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return _players(scn, of) + [Choice("draw", "A draw (nobody wins)"), Choice("none", "Nobody yet: the game goes on")]


def _o(sol: Solution) -> Outcome:
    return sol.outcome  # type: ignore[no-any-return]


def _seat(scn: Scenario, of: str | None) -> int:
    seat = _seat_of(scn, of or "")
    assert seat is not None, of
    return seat


def _hp(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _o(sol).after.players[_seat(scn, of)].hp


def _pile(zone: str) -> Any:
    return lambda scn, sol, of: len(getattr(_o(sol).after.players[_seat(scn, of)], zone))


def _in_play(state: dm.State, seat: int, name: str) -> list[tuple[int, int, int]]:
    return [(s, cid, dmg) for s, p in enumerate(state.players) for cid, dmg in p.defense
            if card_name(cid) == name and owner_of(cid) == seat]


def _card_key(scn: Scenario, sol: Solution, of: str | None) -> tuple[int, str]:
    hit = _card_of(scn, of or "", _o(sol).before)
    assert hit is not None, of
    seat, name = hit
    cid = next(c for c, _ in _o(sol).before.players[seat].defense if card_name(c) == name)
    return owner_of(cid), name


def _destroyed(scn: Scenario, sol: Solution, of: str | None) -> bool:
    owner, name = _card_key(scn, sol, of)
    return len(_in_play(_o(sol).after, owner, name)) < len(_in_play(_o(sol).before, owner, name))


def _shields_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    owner, name = _card_key(scn, sol, of)
    before = _in_play(_o(sol).before, owner, name)
    after = _in_play(_o(sol).after, owner, name)
    if len(after) < len(before):
        return 0
    return type_of(after[0][1]).shields - after[0][2]


def _choosable(state: dm.State) -> set[int]:
    seats: set[int] = set()
    for a in dm.legal_actions(state):
        if isinstance(a, (dm.ChooseTarget, dm.ChooseDefense, dm.ChoosePlayer)):
            seats.add(a.player)
    return seats


def _can_target(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return _seat(scn, of) in _choosable(_o(sol).after)


def _target_count(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_choosable(_o(sol).after))


def _plays_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    o = _o(sol)
    s = o.after
    if s.over or s.active != o.start_active or s.turn != o.start_turn_no:
        return 0
    queued = sum(int(v) for code, v, _ in s.queue if code == AGAIN)
    return s.plays_owed + queued


def _winner(scn: Scenario, sol: Solution, of: str | None) -> str:
    s = _o(sol).after
    result = dm.outcome(s)
    if result is None:
        return "none"
    return "draw" if result == "draw" else _o(sol).names[int(result)]


def _whose_turn(scn: Scenario, sol: Solution, of: str | None) -> str:
    s = _o(sol).after
    return "none" if s.over else _o(sol).names[s.active]


def _turn_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return _players(scn, of) + [Choice("none", "Nobody: the game is over")]


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("hp_after", "number", "Hit points", _hp, needs_of=True,
        description="the hit points of player `of` after the plays"),
    Ask("destroyed_defense", "yes_no", "Destroyed?", _destroyed, needs_of=True,
        description="whether the Defense card `of` ('Player: Card', in play in the setup) is destroyed by the plays "
                    "(a card taken with Charm is not destroyed)"),
    Ask("shields_left", "number", "Shields left", _shields_left, needs_of=True,
        description="unmarked shields left on the Defense card `of` ('Player: Card') after the plays; 0 if destroyed"),
    Ask("defense_count", "number", "Defense cards", _pile("defense"), needs_of=True,
        description="how many Defense cards player `of` has in play after the plays"),
    Ask("can_target", "yes_no", "Can be chosen?", _can_target, needs_of=True,
        description="whether player `of` (or one of their Defense cards) may be chosen for the choice the engine is "
                    "waiting for after the plays (an attack's target, a ghost's victim, a Mighty Power's player)"),
    Ask("target_count", "number", "Players to choose from", _target_count,
        description="how many players may be chosen for the choice the engine is waiting for after the plays"),
    Ask("plays_left", "number", "Plays left", _plays_left,
        description="how many more cards the player whose turn it was must still play this turn (0 once the turn is over)"),
    Ask("hand_size", "number", "Cards in hand", _pile("hand"), needs_of=True,
        description="how many cards player `of` holds after the plays"),
    Ask("deck_size", "number", "Cards in deck", _pile("deck"), needs_of=True,
        description="how many cards are in player `of`'s deck after the plays"),
    Ask("discard_size", "number", "Cards in discard pile", _pile("discard"), needs_of=True,
        description="how many cards are in player `of`'s discard pile after the plays (cards played this turn "
                    "reach it only at the end of the turn)"),
    Ask("is_out", "yes_no", "Knocked out?", lambda scn, sol, of: _o(sol).after.players[_seat(scn, of)].out, needs_of=True,
        description="whether player `of` is knocked out (a ghost in a game of 5-6) after the plays"),
    Ask("winner", "choice", "Winner", _winner, _winner_choices,
        description="the winning player, 'draw' when everyone left is knocked out at once, or 'none' while the game goes on"),
    Ask("whose_turn", "choice", "Whose turn", _whose_turn, _turn_choices,
        description="whose turn it is after the plays (a ghost's on its turn; 'none' once the game is over)"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        description="whether every play in the scenario is legal"),
]}


def of_choices(scn: Scenario, ask: str) -> list[str]:
    if ask in _PLAYER_ASKS:
        return player_names(scn)
    if ask in _CARD_ASKS:
        try:
            b = build(scn)
        except SetupError:
            return []
        return [f"{b.names[s]}: {card_name(c)}" for s, p in enumerate(b.state.players) for c, _ in p.defense]
    return []


PLUGIN = GamePlugin(
    id="dungeon_mayhem",
    name="Dungeon Mayhem",
    scenario_model=Scenario,
    glossary=dm.GLOSSARY,
    asks=ASKS,
    solve=solve,
    caption=caption,
    references=references,
    of_choices=of_choices,
    blurb="Card symbols, Defense cards and overflow, Play Again chains, the Mighty Powers, 5-6 players.",
)

__all__ = ["PLUGIN", "Scenario", "Outcome", "build", "run", "ILLEGAL"]
