"""Building the engine state from a scenario's setup, and each action as an engine action."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine import dungeon_mayhem as dm
from engine.core.trace import Step
from engine.dungeon_mayhem.cards import CARD_TYPES, card_name, character_name, deck_of
from engine.dungeon_mayhem.rules import deciding, first_seat
from tutor.games.base import Bare, Loc
from tutor.games.settings import SettingError, with_settings
from tutor.games.dungeon_mayhem.models import (
    _KIND_VERB, _VERB_KINDS, ActionSpec, CardRef, CardSpec, DeckTop, Scenario)


class SetupError(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message  # a Bare message (a refused card) is reported without its field


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
    try:
        return with_settings(dm.DEFAULT, scn.setup.settings)
    except SettingError as err:
        raise SetupError(("setup", "settings") + ((err.key,) if err.key is not None else ()), err.message) from None


def build(scn: Scenario) -> _Built:
    """The engine state for the setup; :class:`SetupError` (with the field's location) if it is wrong."""
    setup = scn.setup
    chars = _characters(scn)
    names = player_names(scn)
    for i, who in enumerate(names):
        if who.lower() in [m.lower() for m in names[:i]]:
            loc: Loc = ("setup", "players", i, "name") if setup.players[i].name else ("setup", "players", i, "character")
            raise SetupError(loc, f"two players are called {who!r}; give one of them a 'name'")
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
            t = dm.card_type(chars[owner], name, settings)
        except ValueError as err:
            raise SetupError(nloc, f"unknown card {name!r}: {err}") from None
        if t.unmodelled:  # DM.card.unmodelled: refused by name, never approximated
            raise SetupError(nloc, Bare(f"{t.name}: its {t.unmodelled} is not modelled"))
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
        d: dict[str, Any] = {"character": chars[i], "hp": p.hp, "out": p.out or p.hp == 0, "disguised": p.disguised,
                             "form": p.form, "next_trick": p.next_trick, "charm_ray": p.charm_ray}
        cnt: dict[str, int] = {}
        lst: dict[str, bool] = {}
        for zone in ("hand", "deck", "discard"):
            pile = getattr(p, zone)
            if pile is None and zone == "hand":
                if not (p.out or p.hp == 0):
                    raise SetupError(base, f"{names[i]}'s hand is missing: list the cards, or give how many "
                                           "(0 for an empty hand)")
                pile = 0
            if pile is None:  # the deck: every card not placed elsewhere
                lst[zone] = False
                cnt[zone] = -1
                d[zone] = []
                continue
            lst[zone] = isinstance(pile, list)
            if isinstance(pile, DeckTop):  # known top cards, then unlisted ones below them
                d[zone] = [spec(c, i, base + (zone, "top", j)) for j, c in enumerate(pile.top)]
                cnt["deck_rest"] = pile.rest
                continue
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
    ages = [p.age for p in setup.players]
    active = first_seat(ages)  # DM.setup.order: the youngest goes first when every age is given, else the first listed
    if setup.turn is not None:
        a = _seat_of(scn, setup.turn)
        if a is None:
            raise SetupError(("setup", "turn"), f"unknown player {setup.turn!r} (players: {', '.join(names)})")
        if all(age is not None for age in ages) and a != active:
            raise SetupError(("setup", "turn"), f"every player's age is given, so the youngest, {names[active]}, "
                                                f"takes the first turn (DM.setup.order): name {names[active]} or "
                                                "leave the ages out")
        active = a
    played = [spec(c, active, ("setup", "played", j)) for j, c in enumerate(setup.played)]
    # unlisted cards: the first cards of the deck list not placed anywhere else (never a refused card)
    for i, cnt in enumerate(counts):
        deck = deck_of(chars[i], settings)
        left = Counter(deck)
        for (owner, tid), n in used.items():
            if owner == i:
                left[tid] -= n
        pool = [tid for tid in dict.fromkeys(deck) if not CARD_TYPES[tid].unmodelled for _ in range(max(0, left[tid]))]
        need = sum(n for n in cnt.values() if n >= 0)
        if cnt.get("deck") == -1:
            cnt["deck"] = max(0, len(pool) - need)  # the deck holds the rest (taken last)
            cnt = {**{z: n for z, n in cnt.items() if z != "deck"}, "deck": cnt["deck"]}
        if need > len(pool):
            zone = next(iter(cnt))
            raise SetupError(("setup", "players", i, zone),
                             f"{chars[i]}'s deck has 28 cards; only {len(pool)} (modelled) are left for the unlisted piles, "
                             f"not {need}")
        for zone, n in cnt.items():
            filler = [(CARD_TYPES[tid].name, i) for tid in pool[:n]]
            if zone == "deck_rest":
                players[i]["deck"] = players[i]["deck"] + filler
            else:
                players[i][zone] = filler
            pool = pool[n:]
    explain: list[Step] = []
    try:
        state = dm.from_position(players, active=active, plays_owed=setup.plays_owed, played=played,
                                 start_turn=setup.start_turn, seed=setup.seed, settings=settings, explain=explain,
                                 bonus=setup.bonus, pierce=setup.pierce)
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
        who = names[deciding(state)]
        raise SetupError(loc, f"the engine is waiting for {who}'s '{want}' here ({kind}), not '{act.verb}'")
    if act.verb == "play":
        return dm.PlayCard(card=act.value)
    if act.verb == "recover":
        return dm.ChooseDiscard(card=act.value)
    if act.verb == "option":
        return dm.ChooseOption(act.value)
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


def _character(scn: Scenario, of: str | None) -> str:
    """``of`` as a character: a player's name at the table, or a character name ('Lia', 'paladin')."""
    seat = _seat_of(scn, of or "")
    if seat is not None:
        return build(scn).state.players[seat].character
    return character_name(of or "")


def _card_type(scn: Scenario, of: str | None) -> dm.CardType:
    who, _, card = (of or "").rpartition(":")
    chars = [_character(scn, who.strip())] if who else list(dm.CHARACTERS)
    for ch in chars:
        try:
            return dm.card_type(ch, card.strip())
        except ValueError:
            continue
    raise KeyError(of)
