"""More Dungeon Mayhem asks: the pending choice (what kind, whose), whether a temporary effect is active, and how
many copies of a card a deck holds (in the catalogue, or in a player's draw pile at the moment).

Each answer is read from the engine's position through its quantities (:mod:`engine.dungeon_mayhem.quantities`:
``choice.open``, ``choice.by``, a seat's statuses, the turn's ``bonus`` and ``pierce``), the keys the trace's steps
record as changed.
"""

from __future__ import annotations

from typing import Any, Callable

from engine import dungeon_mayhem as dm
from engine.core.effects import Key
from engine.core.message import N_, Term, msg
from engine.core.trace import Step
from engine.dungeon_mayhem import quantities as q
from engine.dungeon_mayhem.cards import card_name
from engine.dungeon_mayhem.glossary import TRACER
from tutor.games.base import Ask, Choice, Solution, Unaskable
from tutor.games.dungeon_mayhem.models import Scenario
from tutor.games.dungeon_mayhem.position import _card_type, _seat_of, player_names
from tutor.games.dungeon_mayhem.resolve import View

KIND_LABELS: dict[str, str] = {
    "play": N_("Which card to play"),
    "target": N_("A target for damage: a player or one of their Defense cards"),
    "soak": N_("Which Defense card takes the damage that flows on"),
    "ghost": N_("The player a ghost haunts"),
    "destroy": N_("A Defense card to destroy"),
    "charm": N_("A Defense card to take (Charm)"),
    "swap": N_("A player to swap hit points with (Vampiric Touch)"),
    "pick_pocket": N_("A player whose top card is taken (Pick Pocket)"),
    "recover": N_("A card to take back from the discard pile"),
    "praise": N_("Praise or refuse (Praise Me)"),
    "dance": N_("Dance or not (Owlbear Boogie)"),
    "noise": N_("Make the animal noise or not (Primal Strike)"),
    "murder": N_("Attack, heal or draw (Murders and Acquisitions)"),
    "free_play": N_("Play a Form card for free, or pass"),
    "mirror": N_("The Defense card a Mirror copies"),
    "trap": N_("The player whose hit points change (It's Not a Trap)"),
    "trap_to": N_("The player whose hit points they become (It's Not a Trap)"),
    "mind_games": N_("An opponent to swap hands with (Mind Games)"),
    "mind_blast": N_("An opponent to blast (Mind Blast)"),
    "none": N_("Nothing: the game is over"),
}

EFFECTS: dict[str, tuple[str, Callable[[Any], bool], str, str]] = {
    # the effect's name in lower case -> (the quantity read, whether its value means "active", the rule that
    # starts it, its name as printed)
    "clever disguise": ("disguised", bool, "DM.power.clever_disguise", "Clever Disguise"),
    "for my next trick...": ("next_trick", bool, "DM.power.for_my_next_trick", "For My Next Trick..."),
    "charm ray": ("charm_ray", bool, "DM.power.charm_ray", "Charm Ray"),
    "wolf form": ("form", lambda v: v == "wolf", "DM.form.shift", "Wolf Form"),
    "bear form": ("form", lambda v: v == "bear", "DM.form.shift", "Bear Form"),
    "favored frienemies": ("bonus", lambda v: v > 0, "DM.power.favored_frienemies", "Favored Frienemies"),
    "here i come!": ("pierce", bool, "DM.power.here_i_come", "Here I Come!"),
}
"""The temporary effects a position can hold: per player ("until your next turn", a form) or this turn's."""


def _o(sol: Solution) -> View:
    o = sol.outcome
    assert isinstance(o, View)
    return o


def _now(sol: Solution) -> dm.State:
    return _o(sol).after


def _pending_kind(scn: Scenario, sol: Solution, of: str | None) -> str:
    return str(q.read(_now(sol), q.CHOICE)) or "none"


def _by(st: dm.State) -> int:
    """The seat (from 1) that makes the open choice, 0 for none: the engine's ``choice.by`` quantity."""
    by = q.read(st, q.CHOICE_BY)
    return by if isinstance(by, int) else 0


def _pending_by(scn: Scenario, sol: Solution, of: str | None) -> str:
    seat = _by(_now(sol))
    return _o(sol).names[seat - 1] if seat else "none"


def pending_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """Who makes the pending choice and of what kind, led by the rule that gives it to them."""
    st = _now(sol)
    if st.pending is None:
        return [("none", TRACER.step("DM.ko.win", msg("The game is over: there is nothing left to choose.")))]
    names = _o(sol).names
    who = names[_by(st) - 1]
    kind = msg(KIND_LABELS[st.pending.kind])
    if st.pending.chooser >= 0:
        return [(who, TRACER.step("DM.power.charm_ray", msg("{chooser}'s Charm Ray: {chooser} makes {player}'s "
                                                            "choice ({kind}).", chooser=who,
                                                            player=names[st.active], kind=kind)))]
    return [(who, TRACER.step("DM.turn.choice", msg("The engine waits for {player}'s choice: {kind}.",
                                                    player=who, kind=kind)))]


def _effect(of: str | None) -> tuple[str | None, str]:
    """``of`` as (the player named before a colon, or None; the effect's name in lower case)."""
    text = (of or "").strip()
    who, sep, what = text.rpartition(":")
    return (who.strip() if sep else None), (what if sep else text).strip().lower()


def _effect_active(scn: Scenario, sol: Solution, of: str | None) -> bool:
    who, name = _effect(of)
    field, active = EFFECTS[name][:2]
    st = _now(sol)
    if field in ("bonus", "pierce"):  # this turn's, the active player's
        if who is not None and _seat_of(scn, who) != st.active:
            return False
        return active(q.read(st, q.BONUS if field == "bonus" else q.PIERCE))
    seats = range(len(st.players)) if who is None else [_seat_of(scn, who)]
    return any(active(q.read(st, q.status(s + 1, field))) for s in seats if s is not None)


def effect_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """Whether the effect is active now, under the rule of the card that starts it."""
    _, name = _effect(of)
    rule, printed = EFFECTS[name][2:]
    if _effect_active(scn, sol, of):
        return [("yes", TRACER.step(rule, msg("{effect} is active at this moment.", effect=printed)))]
    return [("no", TRACER.step(rule, msg("{effect} is not active at this moment (never started, or it has "
                                         "ended).", effect=printed)))]


def effect_problem(scn: Scenario, of: str) -> str | None:
    """What is wrong with ``of`` for ``effect_active``, else None."""
    who, name = _effect(of)
    if name not in EFFECTS:
        known = ", ".join(sorted({"Clever Disguise", "For My Next Trick...", "Charm Ray", "Wolf Form", "Bear Form",
                                  "Favored Frienemies", "Here I Come!"}))
        return f"unknown effect {name!r} (effects: {known}; optionally 'Player: Effect')"
    if who is not None and _seat_of(scn, who) is None:
        return f"unknown player {who!r} (players: {', '.join(player_names(scn))})"
    return None


def _card_copies(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _card_type(scn, of).count


def copies_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    t = _card_type(scn, of)
    text = msg("{character}'s 28-card deck holds {count} × {card}.", character=t.character, count=t.count,
               card=Term("card", t.name))
    return [(str(t.count), TRACER.step("DM.setup.deal", text))]


def deck_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    who, _, card = (of or "").rpartition(":")
    n = _deck_copies(scn, sol, of)
    seat = _seat_of(scn, who.strip())
    assert seat is not None
    o = _o(sol)
    text = msg("{player}'s draw pile holds {count} × {card} among its {size} cards.", player=o.names[seat], count=n,
               card=Term("card", card.strip()), size=len(o.after.players[seat].deck))
    return [(str(n), TRACER.step("DM.turn.draw", text))]


def _deck_copies(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Copies of a card in a player's draw pile at the moment; refused where the file does not say which cards
    the deck holds (a count, or known top cards and a count): the engine would only know its own filler."""
    who, _, card = (of or "").rpartition(":")
    seat = _seat_of(scn, who.strip())
    assert seat is not None, of
    o = _o(sol)
    if not (o.listed[seat].get("deck") and o.listed[seat].get("discard")):
        raise Unaskable(msg("{player}'s deck is not given card by card (with the discard pile, which a reshuffle "
                            "turns into the deck), so which cards it holds is unknown", player=o.names[seat]))
    want = card.strip().lower()
    return sum(1 for c in o.after.players[seat].deck if card_name(c).lower() == want)


def deck_copies_problem(scn: Scenario, of: str) -> str | None:
    who, sep, card = of.rpartition(":")
    if not sep or _seat_of(scn, who.strip()) is None:
        return f"write 'Player: Card' (players: {', '.join(player_names(scn))})"
    return None


def _effect_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """The quantity that holds the effect: this turn's (``turn.bonus``/``turn.pierce``, and whose turn it is), or a
    status of the player named (every player's when none is)."""
    who, name = _effect(of)
    field = EFFECTS[name][0] if name in EFFECTS else ""
    if field in ("bonus", "pierce"):
        return (q.BONUS if field == "bonus" else q.PIERCE, q.TURN)
    seat = _seat_of(scn, who) if who is not None else None
    seats = range(len(_now(sol).players)) if seat is None else [seat]
    return tuple(q.status(s + 1, field) for s in seats)


def _deck_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    seat = _seat_of(scn, (of or "").rpartition(":")[0].strip())
    return (q.pile(seat + 1, "deck", "cards"),) if seat is not None else ()


def _kinds(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(k, label) for k, label in KIND_LABELS.items()]


def _players_or_none(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(n, n) for n in player_names(scn)] + [Choice("none", N_("Nobody: the game is over"))]


ASKS: list[Ask] = [
    Ask("pending_kind", "choice", "What is to be chosen?", _pending_kind, _kinds, explain=pending_verdict,
        reads=lambda scn, sol, of: (q.CHOICE,),
        description="what kind of choice the engine is waiting for at the moment: a card to play, a target, a "
                    "Defense card, a player, a named option ('none' once the game is over)"),
    Ask("pending_by", "choice", "Whose choice?", _pending_by, _players_or_none, explain=pending_verdict,
        reads=lambda scn, sol, of: (q.CHOICE, q.CHOICE_BY),
        description="who makes the choice the engine is waiting for at the moment (the player whose turn it is, "
                    "an asked player, Delilah with Charm Ray; 'none' once the game is over)"),
    Ask("effect_active", "yes_no", "Still active?", _effect_active, needs_of=True, explain=effect_verdict, reads=_effect_reads,
        description="whether a temporary effect is active at the moment (of: 'Clever Disguise', 'For My Next "
                    "Trick...', 'Charm Ray', 'Wolf Form', 'Bear Form', 'Favored Frienemies', 'Here I Come!', "
                    "optionally 'Player: Effect'); 'until your next turn' effects end when that turn begins"),
    Ask("card_copies", "number", "Copies in the deck", _card_copies, needs_of=True,
        explain=copies_verdict, reads=lambda scn, sol, of: (), origin=("DM.setup.deal",),
        description="catalogue: how many copies of a card a character's 28-card deck holds (of: 'Card' or "
                    "'Character: Card'; the settings' printings apply)"),
    Ask("deck_copies", "number", "Copies in the draw pile", _deck_copies, needs_of=True, explain=deck_verdict,
        reads=_deck_reads, origin=("DM.setup.deal",),
        description="how many copies of a card are in a player's draw pile at the moment (of: 'Player: Card'; "
                    "the deck and discard pile must be given card by card)"),
]
