"""Dungeon Mayhem practice candidates: positions cut from seeded random games where a card is to be played.

A position is a state the engine reached by uniformly random legal moves from ``dm.new_game`` (two to four
different characters); it is written back as an exact ``setup`` (every hand, deck, discard pile and
Defense card listed, with its damage and owner). The line of play is one card played from the hand and the
choices it asks for (targets, Defense cards), made at random, up to the next card to play.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from engine import dungeon_mayhem as dm
from engine.dungeon_mayhem.cards import card_name, owner_of
from tutor.games.dungeon_mayhem.models import _KIND_VERB
from engine.core.message import N_
from tutor.practice.core import Candidate

BASE = ("Azzan", "Sutha", "Lia", "Oriax")

# ask -> (prompt, whom it asks about: 'hit' (a player the line changed), 'active', 'defense', 'none', 'pending')
ASKS: dict[str, tuple[str, str]] = {
    "hp_after": (N_("How many hit points does {of} have now?"), "hit"),
    "defense_count": (N_("How many Defense cards does {of} have in play now?"), "defense_player"),
    "destroyed_defense": (N_("Is {card} destroyed?"), "defense"),
    "hand_size": (N_("How many cards does {of} hold now?"), "active"),
    "plays_left": (N_("How many more cards must {active} still play this turn?"), "again"),
    "whose_turn": (N_("Whose turn is it next?"), "ko"),
    "target_count": (N_("How many players may the attack choose from?"), "pending"),
    "is_out": (N_("Is {of} knocked out?"), "ko"),
}


def _ref(st: dm.State, cid: int, holder: int) -> Any:
    name = card_name(cid)
    return name if owner_of(cid) == holder else {"card": name, "owner": st.names[owner_of(cid)]}


def setup_of(st: dm.State) -> dict[str, Any]:
    players = []
    for i, p in enumerate(st.players):
        d: dict[str, Any] = {"character": p.character, "hp": p.hp}
        for zone in ("hand", "deck", "discard"):
            d[zone] = [_ref(st, c, i) for c in getattr(p, zone)]
        defense = []
        for cid, damage in p.defense:
            ref = _ref(st, cid, i)
            if damage:
                ref = {**(ref if isinstance(ref, dict) else {"card": ref}), "damage": damage}
            defense.append(ref)
        if defense:
            d["defense"] = defense
        for flag in ("out", "disguised", "next_trick", "charm_ray"):
            if getattr(p, flag):
                d[flag] = True
        if p.form:
            d["form"] = p.form
        players.append(d)
    out: dict[str, Any] = {"players": players, "turn": st.names[st.active], "plays_owed": st.plays_owed}
    if st.played:
        out["played"] = [_ref(st, c, st.active) for c in st.played]
    if st.seed % 10**12:
        out["seed"] = st.seed % 10**12  # a file's number has at most 15 digits; it seeds later reshuffles only
    if st.bonus:
        out["bonus"] = st.bonus
    if st.pierce:
        out["pierce"] = True
    return out


def action_of(st: dm.State, a: Any) -> dict[str, Any]:
    names = st.names

    def defense(seat: int, k: int) -> dict[str, Any]:
        cards = [card_name(c) for c, _ in st.players[seat].defense]
        nth = cards[: k + 1].count(cards[k])
        return {"defense": cards[k], **({"nth": nth} if nth > 1 else {})}

    if isinstance(a, dm.PlayCard):
        return {"play": a.card or card_name(st.players[st.active].hand[a.index or 0])}
    if isinstance(a, dm.ChooseTarget):
        return {"target": names[a.player], **(defense(a.player, a.defense) if a.defense is not None else {})}
    if isinstance(a, dm.ChooseDefense):
        kind = st.pending.kind if st.pending is not None else "destroy"
        return {_KIND_VERB[kind]: names[a.player], **defense(a.player, a.defense)}
    if isinstance(a, dm.ChoosePlayer):
        return {"choose": names[a.player]}
    if isinstance(a, dm.ChooseOption):
        return {"option": a.option}
    return {"recover": a.card or card_name(st.players[st.active].discard[a.index or 0])}


def positions(rng: random.Random) -> Iterator[dm.State]:
    """States where the player whose turn it is must play a card, from one random game after another."""
    while True:
        chars = rng.sample(BASE, rng.choice((2, 2, 3, 4)))
        st = dm.new_game(chars, rng)
        moves = 0
        while not st.over and moves < 200:
            if st.pending is not None and st.pending.kind == "play" and rng.random() < 0.3:
                yield st
            st = dm.apply(st, rng.choice(dm.legal_actions(st)), rng)
            moves += 1


def _line(st: dm.State, rng: random.Random, stop_at_choice: bool) -> tuple[list[dict[str, Any]], dm.State] | None:
    """A card played and the choices it asks for, at random, until the next card to play (or the first
    choice, with ``stop_at_choice``)."""
    acts = [action_of(st, a := rng.choice(dm.legal_actions(st)))]
    try:
        cur = dm.apply(st, a, rng)
        while cur.pending is not None and cur.pending.kind != "play" and not cur.over and len(acts) < 8:
            if stop_at_choice:
                return acts, cur
            a = rng.choice(dm.legal_actions(cur))
            acts.append(action_of(cur, a))
            cur = dm.apply(cur, a, rng)
    except Exception:  # noqa: BLE001  (an action the engine refuses: skip the candidate)
        return None
    return None if stop_at_choice else (acts, cur)


def _key(st: dm.State, ask: str, of: str, acts: list[dict[str, Any]]) -> tuple[Any, ...]:
    """The exercise: the ask, the line, and what it reads (hit points, Defense cards, hand and pile sizes)."""
    table = tuple((p.character, p.hp, tuple(sorted((card_name(c), d) for c, d in p.defense)), len(p.hand),
                   len(p.deck), len(p.discard), p.out) for p in st.players)
    hand = tuple(sorted(card_name(c) for c in st.players[st.active].hand))
    return ("dungeon_mayhem", ask, of, str(acts), table, hand, st.active, st.plays_owed, len(st.played))


def candidates(rng: random.Random, asks: list[str]) -> Iterator[Candidate]:
    for st in positions(rng):
        ask = rng.choice(asks)
        prompt, about = ASKS[ask]
        got = _line(st, rng, stop_at_choice=about == "pending")
        if got is None:
            continue
        acts, after = got
        names = list(st.names)
        of: str | None = None
        if about == "hit":
            changed = [n for i, n in enumerate(names) if after.players[i].hp != st.players[i].hp]
            if not changed:
                continue  # nobody's hit points moved: "nothing happens" would be the answer (trivial)
            of = rng.choice(changed)
        elif about == "defense_player":
            withdef = [n for i, n in enumerate(names)
                       if len(st.players[i].defense) != len(after.players[i].defense)]
            if not withdef:
                continue
            of = rng.choice(withdef)
        elif about == "defense":
            cards = [f"{names[i]}: {card_name(c)}" for i, p in enumerate(st.players) for c, _ in p.defense]
            if not cards:
                continue
            of = rng.choice(cards)
        elif about == "ko":  # the turn order or a knock-out: only where someone was knocked out
            out = [n for i, n in enumerate(names) if after.players[i].out and not st.players[i].out]
            if not out:
                continue
            of = rng.choice(out) if ask == "is_out" else None
        elif about == "again" and (after.over or after.active != st.active):
            continue  # the turn is over: no play is left (a routine end of turn)
        elif about == "active":
            of = names[st.active]
        elif about == "pending" and (after.pending is None or after.pending.kind != "target"):
            continue
        q: dict[str, Any] = {"id": "q", "prompt": prompt.format(of=of, card=(of or "").replace(": ", "'s ", 1), active=names[st.active]), "ask": ask}
        if of is not None:
            q["of"] = of
        yield Candidate("dungeon_mayhem", {"setup": setup_of(st), "actions": acts, "questions": [q]},
                        _key(st, ask, of or "", acts))
