"""The asks about what the table holds at the moment: hands, the Tavern's top card, the yield flags, the enemy's
immunity and damage, and whether the solo Jester may be flipped now.

Each answer is read from the engine's position through its quantities (:mod:`engine.regicide.quantities`), the same
keys the trace's steps record as changed; the solo Jester's verdict is the engine's own (:func:`engine.regicide.
game.validate`), with the rule that allows or refuses it.
"""

from __future__ import annotations


from engine import regicide as rg
from engine.core.effects import Key
from engine.core.errors import IllegalPlay
from engine.core.message import N_, msg, plural
from engine.core.trace import Step, Tracer
from engine.regicide import quantities as q
from engine.regicide.cards import FULL_DECK, JOKER, card_symbol, enemy_message, suit_term
from tutor.games.base import Ask, Choice, Solution, Unaskable
from tutor.games.regicide.models import Scenario
from tutor.games.regicide.position import View, parse_seat, seat_number
from tutor.games.regicide.reads import _current, _keys

_T = Tracer(rg.GLOSSARY)


def _state(sol: Solution) -> rg.State:
    o: View = sol.outcome
    return o.state


def _seat(scn: Scenario, st: rg.State, of: str | None) -> int:
    """The seat named in ``of`` (1-based in the file), else the current seat; the engine's 0-based index."""
    seat = parse_seat(scn, of)
    return st.current if seat is None else seat


def _cards_of(st: rg.State, key: Key) -> tuple[int, ...]:
    """A quantity that lists cards (a hand, a pile), read from the engine's position."""
    cards = q.read(st, key)
    return tuple(c for c in cards if isinstance(c, int)) if isinstance(cards, tuple) else ()


def _hand_size(scn: Scenario, sol: Solution, of: str | None) -> int:
    st = _state(sol)
    return len(_cards_of(st, q.hand_cards(seat_number(_seat(scn, st, of)))))


def _hand_cards(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    st = _state(sol)
    cards = _cards_of(st, q.hand_cards(seat_number(_seat(scn, st, of))))
    return sorted({card_symbol(c) for c in cards}, key=str)


def _tavern_top(scn: Scenario, sol: Solution, of: str | None) -> str:
    cards = _cards_of(_state(sol), q.pile("tavern", "cards"))
    return card_symbol(cards[0]) if cards else "empty"


def _yielded(scn: Scenario, sol: Solution, of: str | None) -> bool:
    st = _state(sol)
    return bool(q.read(st, q.yielded(seat_number(_seat(scn, st, of)))))


def yield_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """The flag the yield restriction reads for the seat (G2: kept per seat, changed only by its own turn)."""
    st = _state(sol)
    seat = _seat(scn, st, of)
    if q.read(st, q.yielded(seat_number(seat))):
        text = msg("Seat {seat}'s most recent turn was a yield: its flag stays set until its own next turn (G2).",
                   seat=seat_number(seat))
        return [("yes", _T.step("REG.yield.restriction", text))]
    text = msg("Seat {seat}'s most recent turn was not a yield (or it has not had a turn yet): its flag is clear.",
               seat=seat_number(seat))
    return [("no", _T.step("REG.yield.restriction", text))]


def _immunity(scn: Scenario, sol: Solution, of: str | None) -> str:
    return "in_force" if q.read(_state(sol), q.ENEMY_IMMUNE) else "cancelled"


def immunity_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """The rule that decides the enemy's immunity now: immune to its own suit, unless a Jester cancelled it."""
    st = _state(sol)
    if q.read(st, q.ENEMY_IMMUNE):
        return [("in_force", _T.step("REG.immunity", msg("{enemy} is immune to {suit}: that suit's power does "
                                                        "nothing against it (no Jester has been played against it).",
                                                        enemy=enemy_message(st.enemy), suit=suit_term(st.enemy))))]
    return [("cancelled", _T.step("REG.jester.cancel_immunity", msg("A Jester was played against {enemy}: its "
                                                                    "immunity to {suit} is cancelled.",
                                                                    enemy=enemy_message(st.enemy),
                                                                    suit=suit_term(st.enemy))))]


def _enemy_damage(scn: Scenario, sol: Solution, of: str | None) -> int:
    damage = q.read(_state(sol), q.ENEMY_DAMAGE)
    return damage if isinstance(damage, int) else 0


def _solo_position(sol: Solution) -> rg.State:
    """The engine's position at the moment; inside a turn's resolution (``State.step``) the engine itself refuses
    the flip (REG.solo.timing: only at the start of Step 1 or 4)."""
    o: View = sol.outcome
    return o.state


def _solo_jester_now(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return rg.is_legal(_solo_position(sol), rg.SoloJester())


def solo_jester_verdict(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """The engine's verdict on flipping a solo Jester now, led by the rule that allows or refuses it."""
    st = _solo_position(sol)
    try:
        rg.game.validate(st, rg.SoloJester())
    except IllegalPlay as err:
        reason = err.message if err.message is not None else err.reason
        return [("no", _T.step(err.rule, msg("A solo Jester may not be flipped now, because {reason}.",
                                             reason=reason)))]
    if st.phase == rg.Phase.PLAY:
        text = plural("A solo Jester may be flipped now: it is the start of Step 1 and {count} set-aside Jester is "
                      "left.", "A solo Jester may be flipped now: it is the start of Step 1 and {count} set-aside "
                      "Jesters are left.", "count", count=st.solo_jesters)
    else:
        text = plural("A solo Jester may be flipped now: it is the start of Step 4 and {count} set-aside Jester is "
                      "left.", "A solo Jester may be flipped now: it is the start of Step 4 and {count} set-aside "
                      "Jesters are left.", "count", count=st.solo_jesters)
    return [("yes", _T.step("REG.solo.timing", text))]


def _cards(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """Every card of the game, in deck order (number cards, Aces, royals), and the Jester."""
    return [Choice(card_symbol(c), N_("Jester") if c == JOKER else card_symbol(c))
            for c in sorted(set(FULL_DECK))]


def _top_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return _cards(scn, of, sol) + [Choice("empty", N_("The Tavern is empty"))]


ASKS: list[Ask] = [
    Ask("hand_size", "number", "Cards in hand", _hand_size, reads=_current(q.hand_size), origin=("REG.setup.hand_size",),
        description="how many cards a hand holds at the moment (the current seat's, or the seat in 'of', e.g. "
                    "'seat2')"),
    Ask("hand_cards", "multi_select", "Cards in hand", _hand_cards, _cards, reads=_current(q.hand_cards), origin=("REG.setup.hand_size",),
        description="which cards a hand holds at the moment (the current seat's, or the seat in 'of'); pick every one"),
    Ask("tavern_top", "choice", "Top of the Tavern", _tavern_top, _top_choices,
        reads=_keys(q.pile("tavern", "cards")), origin=("REG.setup.tavern",),
        description="the card on top of the Tavern at the moment (the next card drawn), or 'empty'"),
    Ask("yielded", "yes_no", "Yielded last turn?", _yielded, explain=yield_verdict,
        reads=_current(q.yielded), origin=("REG.yield.restriction",),
        description="whether a seat's most recent turn was a yield, the flag the yield restriction reads (G2): the "
                    "current seat's, or the seat in 'of'"),
    Ask("immunity", "choice", "Immunity", _immunity,
        lambda scn, of: [Choice("in_force", N_("In force: its own suit's power is blocked")),
                         Choice("cancelled", N_("Cancelled by a Jester"))],
        explain=immunity_verdict,
        reads=_keys(q.ENEMY_IMMUNE, q.ENEMY_CARD), origin=("REG.immunity",),
        description="whether the enemy in play is still immune to its own suit ('in_force') or a Jester has "
                    "cancelled it ('cancelled'); a new enemy is immune again"),
    Ask("enemy_damage", "number", "Damage on the enemy", _enemy_damage, reads=_keys(q.ENEMY_DAMAGE, q.ENEMY_CARD), origin=("REG.setup.castle",),
        description="the total damage on the enemy in play at the moment (every play against it so far; a new "
                    "enemy starts at 0)"),
    Ask("solo_jester_now", "yes_no", "Solo Jester now?", _solo_jester_now, legal_only=False,
        explain=solo_jester_verdict, reads=_keys(q.CHOICE, q.SOLO_JESTERS), origin=("REG.solo.timing",),
        description="solo: whether the player may flip a set-aside Jester at the moment (only at the start of Step "
                    "1 or Step 4, while one is left); the verdict names the rule"),
]
