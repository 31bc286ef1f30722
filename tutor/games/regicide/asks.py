"""The asks: the questions a Regicide scenario can pose, answered from the engine's outcome."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import regicide as rg
from engine.core.errors import IllegalPlay
from engine.core.message import N_, Message, msg
from engine.core.trace import Step, Tracer
from engine.regicide import rules as rgrules
from engine.regicide.cards import FULL_DECK, JOKER, VALUE, card_symbol, cards_arg, cards_symbols, rank_term, suit_term
from engine.regicide.rules import can_yield as _rule_can_yield
from engine.regicide.rules import is_companion_pair, is_combo
from engine.regicide import quantities as Q
from engine.regicide.state import Phase
from tutor.games.base import Ask, Choice, Solution, Unaskable, verdicts
from tutor.games.regicide.plays import _kind_of, _legal_play, candidate_plays
from tutor.games.regicide.reads import (_NOTHING, _choice_reads, _current, _keys,
                                        _seats_read)
from tutor.games.regicide.asks_table import ASKS as TABLE_ASKS
from tutor.games.regicide.models import Scenario
from tutor.games.regicide.position import View, build_state, parse_seat, seat_message, seat_number


def _out(sol: Solution) -> View:
    return sol.outcome_as(View)


def _choosing(sol: Solution) -> rg.State:
    """The position where a player decides, for the asks about the open choice and its legal actions; a moment
    inside a turn (the cards chosen, before their damage; a discard part-way) is refused with the engine's reason:
    no choice is open there."""
    st = _out(sol).state
    inside = rgrules.can_decide_now(st.step, st.current)  # the engine's verdict: inside a turn nobody decides
    if inside is not None:
        raise Unaskable(msg("no choice is open at this moment, because {reason} (ask right after the play or the "
                            "discard)", reason=inside[1]))
    return st


def _plays(o: View) -> list[tuple[int, rg.Play]]:
    """The line's plays of cards (not its yields, discards or choices), each with its index among the actions."""
    return [(i, a) for i, a in enumerate(o.actions) if isinstance(a, rg.Play)]


def _damage_dealt(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Damage the plays dealt: the rise in damage taken, or (on a defeat) health - damage before + overkill."""
    o = _out(sol)
    total = 0
    for i, play in _plays(o):
        before, after = o.before(i), o.states[i]
        if after.defeated > before.defeated:
            cards = play.cards
            x = sum(VALUE[c] for c in cards)
            clubs = rgrules.is_clubs_active(rgrules.active_suits(cards, before.enemy, not before.immunity_cancelled))
            total += rgrules.damage_dealt(x, clubs)
        else:
            total += after.damage - before.damage
    return total


def _attack_value(scn: Scenario, sol: Solution, of: str | None) -> int:
    plays = _plays(_out(sol))
    return rgrules.play_value(plays[-1][1].cards) if plays else 0


def _defeat_index(o: View) -> int | None:
    for i, st in enumerate(o.states):
        if st.defeated > o.before(i).defeated:
            return i
    return None


def _enemy_defeated(scn: Scenario, sol: Solution, of: str | None) -> bool:
    o = _out(sol)
    return o.state.defeated > o.start.defeated


def _enemy_destination(scn: Scenario, sol: Solution, of: str | None) -> str:
    o = _out(sol)
    i = _defeat_index(o)
    if i is None:
        return "in_play"
    st = o.states[i]
    if st.phase == Phase.WON:
        return "in_play"
    if st.tavern and st.tavern[0] == o.start.enemy:
        return "tavern"
    return "discard" if o.start.enemy in st.discard else "in_play"


def _discard_needed(scn: Scenario, sol: Solution, of: str | None) -> int:
    """The Step 4 requirement set by the last play or yield (0: defeated, covered, or a Jester)."""
    o = _out(sol)
    idx = [i for i, a in enumerate(o.actions) if isinstance(a, (rg.Play, rg.Yield))]
    return _owed(o.states[idx[-1]] if idx else o.start)


def _owed(st: rg.State) -> int:
    """The Step 4 value a position asks for: while discarding, or where the hand cannot pay it (the game is lost
    on that attack: the value is still what had to be discarded)."""
    if st.phase == Phase.DISCARD or (st.phase == Phase.LOST and st.end_rule == "REG.end.loss_damage"):
        return st.need
    return 0


def _discard_option(of: str | None) -> rg.Discard:
    return rg.Discard.of(*(of or "").replace(",", " ").split())


def _is_discard_enough(scn: Scenario, sol: Solution, of: str | None) -> bool:
    st = _choosing(sol)
    if st.phase != Phase.DISCARD:  # the engine's verdict needs a Step 4 discard to judge: never a default "no"
        raise Unaskable(msg("no discard is open at this moment: the seat is not in Step 4"))
    return rg.is_legal(st, _discard_option(of))


def _cards_drawn(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Cards drawn from the Tavern by the plays (Diamonds, solo refills); by one seat if ``of`` names it."""
    o = _out(sol)
    seat = parse_seat(scn, of)
    total = 0
    for i, a in enumerate(o.actions):
        before, after = o.before(i), o.states[i]
        for s in range(before.players):
            if seat is not None and s != seat:
                continue
            if isinstance(a, rg.SoloJester):
                total += len(after.hands[s])
            elif isinstance(a, rg.Play):
                played = len(a.cards) if s == before.current else 0
                total += len(after.hands[s]) - len(before.hands[s]) + played
    return total


def _cards_healed(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Cards Hearts moved from the discard pile under the Tavern."""
    o = _out(sol)
    total = 0
    for i, a in enumerate(o.actions):
        if isinstance(a, rg.Play):
            gone = Counter(o.before(i).discard) - Counter(o.states[i].discard)
            total += sum(gone.values())
    return total


def _can_yield(scn: Scenario, sol: Solution, of: str | None) -> bool:
    st = _choosing(sol)
    seat = parse_seat(scn, of)
    seat = st.current if seat is None else seat
    if seat == st.current and st.phase == Phase.PLAY:
        return rg.is_legal(st, rg.Yield())
    if st.players == 1:
        return st.settings.solo_may_yield
    return _rule_can_yield(st.yielded, seat, st.settings) is None


def _next_player(scn: Scenario, sol: Solution, of: str | None) -> int | str:
    """The seat number (1-based, as in the file's ``expect``) whose turn it is; "open" while the Jester's
    player has still to name it (a pending choice is open, never answered as if made)."""
    st = _out(sol).state
    return "open" if st.phase == Phase.JESTER_CHOICE else seat_number(st.current)


def _game_result(scn: Scenario, sol: Solution, of: str | None) -> str:
    res = rg.outcome(_out(sol).state)
    return "in_progress" if res is None else res.result


def _medal(scn: Scenario, sol: Solution, of: str | None) -> str:
    res = rg.outcome(_out(sol).state)
    return (res.detail if res is not None and res.detail else "none")


def _shield_after(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _out(sol).state.shield


def _max_hand(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _out(sol).state.max_hand


def _tavern_size(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_out(sol).state.tavern)


def _jesters_in_play(scn: Scenario, sol: Solution, of: str | None) -> int:
    st = _out(sol).state
    return sum(1 for c in st.all_cards() if c == 0) - len(st.aside)


def _play_kind(scn: Scenario, sol: Solution, of: str | None) -> str:
    plays = _plays(_out(sol))
    if not plays:
        return "none"
    cards = plays[-1][1].cards
    if len(cards) == 1:
        return "jester" if cards[0] == 0 else "single"
    if is_companion_pair(cards):
        return "companion"
    return "combo" if is_combo(cards) else "none"


def _label(key: Any, label: Message) -> Choice:
    """A choice whose label is built from parts (a seat's number, a card's rank and suit)."""
    return Choice(key, str(label), label)


def _seats(scn: Scenario, of: str | None) -> list[Choice]:
    return [_label(seat_number(s), seat_message(scn, s)) for s in range(scn.setup.players)] + [
        Choice("open", N_("Not decided yet: the Jester's player names it"))]


def _need_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _owed(_out(sol).state)


def _fixed(*pairs: tuple[str, str]) -> Any:
    return lambda scn, of: [Choice(k, v) for k, v in pairs]


# -- asks on the position at the moment --------------------------------------------------------------
def _legal_plays(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    """Every legal Step 1 play of the current hand, as card lists ('5♠ 5♣'); yields are not plays."""
    st = _choosing(sol)
    if st.phase != Phase.PLAY:
        return []
    return [cards_symbols(a.cards) for a in rg.legal_actions(st) if isinstance(a, rg.Play)]


def _legal_play_count(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_legal_plays(scn, sol, of))


_T = Tracer(rg.GLOSSARY)


def play_verdicts(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """The engine's verdict on each play the hand could try: illegal shapes first (with the rule they break)."""
    state = _choosing(sol)
    if state.phase != Phase.PLAY:
        return [("", _T.step("REG.turn.steps", msg("Seat {seat} is not in Step 1, so no card can be played now.",
                                                   seat=seat_number(state.current))))]
    bad: list[tuple[str, Step]] = []
    good: list[tuple[str, Step]] = []
    for cards in candidate_plays(state):
        shown = cards_symbols(cards)
        try:
            rg.game.validate(state, rg.Play(cards))
        except IllegalPlay as err:
            reason = err.message if err.message is not None else err.reason
            bad.append((shown, _T.step(err.rule, msg("{cards}: not a legal play, because {reason}.",
                                                     cards=cards_arg(cards), reason=reason))))
            continue
        kind = _kind_of(cards)
        rule = {"single": "REG.play.single", "companion": "REG.play.companion", "combo": "REG.play.combo",
                "jester": "REG.jester.alone"}[kind]
        good.append((shown, _T.step(rule, _legal_play(kind, cards))))
    return bad + good


def _play_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    state = _out(sol).state if sol is not None else build_state(scn)
    return [_play_choice(p) for p in candidate_plays(state)]


def _play_choice(cards: tuple[int, ...]) -> Choice:
    """A play to pick: its cards in symbols ('5♠ 5♣'), no words to translate unless a Jester is among them."""
    key = cards_symbols(cards)
    if cards == (JOKER,):
        return Choice(key, N_("Jester"))
    shown = cards_arg(cards)
    return _label(key, shown) if isinstance(shown, Message) else Choice(key, key)


def _table(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_out(sol).state.table)


def _discard_size(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_out(sol).state.discard)


def _discard_cards(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return sorted({card_symbol(c) for c in _out(sol).state.discard}, key=str)


def _all_cards(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """Every card the discard pile could hold, in deck order (number cards, Aces, royals, Jester)."""
    return [Choice(card_symbol(c), N_("Jester") if c == JOKER else card_symbol(c))
            for c in sorted(set(FULL_DECK))]


def _enemy_card(scn: Scenario, sol: Solution, of: str | None) -> str:
    st = _out(sol).state
    return card_symbol(st.enemy)


def _royals(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    # TRANSLATORS: a royal card as a choice: "Jack of Spades"
    return [_label(card_symbol(c), msg("{rank} of {suit}", rank=rank_term(c), suit=suit_term(c)))
            for c in range(44, 56)]


def _solo_jesters(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _out(sol).state.solo_jesters


def _hand_value(scn: Scenario, sol: Solution, of: str | None) -> int:
    st = _out(sol).state
    seat = parse_seat(scn, of)
    return sum(VALUE[c] for c in st.hands[st.current if seat is None else seat])


_OPEN = {Phase.PLAY: "play", Phase.DISCARD: "discard", Phase.JESTER_CHOICE: "jester_next", Phase.WON: "none",
         Phase.LOST: "none"}


def _open_choice(scn: Scenario, sol: Solution, of: str | None) -> str:
    return _OPEN[_choosing(sol).phase]


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("damage_dealt", "number", "Damage dealt", _damage_dealt, reads=_keys(Q.PLAY_DAMAGE, Q.ENEMY_DAMAGE),
        description="total damage the plays deal to enemies (Clubs doubling included; 0 for a yield or a Jester)"),
    Ask("attack_value", "number", "Attack value", _attack_value,
        reads=_keys(Q.PLAY_VALUE),
        description="the attack value X of the last play: the sum of its cards' values (royals 10/15/20, Ace 1, Jester 0)"),
    Ask("enemy_defeated", "yes_no", "Defeated?", _enemy_defeated, reads=_keys(Q.DEFEATED, Q.ENEMY_CARD, Q.ENEMY_DAMAGE),
        needs=_keys(Q.ENEMY_DAMAGE),
        description="whether the enemy in play at the start is defeated by the plays"),
    Ask("enemy_destination", "choice", "Where does the enemy go?", _enemy_destination,
        _fixed(("tavern", N_("On top of the Tavern")), ("discard", N_("To the discard pile")),
               ("in_play", N_("It stays in play"))),
        reads=_keys(Q.PLAY_DESTINATION, Q.DEFEATED, Q.ENEMY_CARD, Q.ENEMY_DAMAGE, Q.pile("tavern", "cards"),
                    Q.pile("discard", "cards")),
        needs=_keys(Q.ENEMY_DAMAGE),
        description="where the starting enemy's card goes: on top of the Tavern (exact kill), the discard pile "
                    "(overkill), or it stays in play (not defeated, or the last King)"),
    Ask("shield_after", "number", "Shield", _shield_after, reads=_keys(Q.ENEMY_SHIELD),
        description="the shield of the enemy in play after the plays (a new enemy starts at 0)"),
    Ask("discard_needed", "number", "Value to discard", _discard_needed, reads=_keys(Q.NEED),
        description="the value the last player to play or yield must discard in Step 4 (0 if the enemy was defeated, "
                    "the shield covers the attack, or a Jester was played)"),
    Ask("is_discard_enough", "yes_no", "Enough?", _is_discard_enough, needs_of=True, reads=lambda scn, sol, of: (Q.NEED, *_current(Q.hand_cards)(scn, sol, None)),
        needs=lambda scn, sol, of: (Q.NEED, *_current(Q.hand_cards)(scn, sol, None)),
        description="after the plays, whether discarding the cards named in 'of' (e.g. 'KD 5S') satisfies Step 4"),
    Ask("cards_drawn", "number", "Cards drawn", _cards_drawn,
        reads=lambda scn, sol, of: (*_seats_read(Q.hand_size)(scn, sol, of), Q.pile("tavern")),
        origin=("REG.setup.hand_size",),
        description="cards drawn from the Tavern by the plays (Diamonds, solo Jester refills); only by the seat "
                    "named in 'of' (e.g. 'seat1', the first seat) if given"),
    Ask("cards_healed", "number", "Cards healed", _cards_healed, reads=_keys(Q.PLAY_HEALED, Q.pile("discard"), Q.pile("tavern")),
        description="cards Hearts moves from the discard pile to the bottom of the Tavern"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        reads=verdicts,
        description="whether every move in the question's line of play is legal"),
    Ask("can_yield", "yes_no", "May yield?", _can_yield, needs_of=True,
        reads=_current(Q.yielded),
        needs=lambda scn, sol, of: _seats_read(Q.yielded)(scn, sol, None),
        description="after the plays, whether the seat named in 'of' (e.g. 'seat2', the second seat) may yield on its next turn (G2, G6)"),
    Ask("next_player", "choice", "Next player", _next_player, _seats, reads=_keys(Q.TURN, Q.CHOICE),
        origin=("REG.setup.first_player",),
        description="the seat whose turn it is after the plays (after a Jester: the seat it names), "
                    "numbered from 1 (expect: 1 is the first seat)"),
    Ask("game_result", "choice", "Result", _game_result,
        _fixed(("won", N_("The players win")), ("lost", N_("The players lose")),
               ("in_progress", N_("The game goes on"))),
        reads=_keys(Q.RESULT),
        description="whether the players have won, have lost, or the game goes on"),
    Ask("solo_medal", "choice", "Medal", _medal,
        _fixed(("gold", N_("Gold")), ("silver", N_("Silver")), ("bronze", N_("Bronze")), ("none", N_("No medal"))),
        reads=_keys(Q.RESULT, Q.SOLO_JESTERS),
        description="the solo victory grade: gold, silver or bronze for 0, 1 or 2 Jesters used; none if not won"),
    Ask("max_hand", "number", "Maximum hand size", _max_hand,
        reads=_NOTHING, origin=("REG.setup.hand_size",),
        description="the maximum hand size for the scenario's player count"),
    Ask("tavern_size", "number", "Cards in the Tavern", _tavern_size, reads=_keys(Q.pile("tavern")), origin=("REG.setup.tavern",),
        description="the number of cards in the Tavern after the plays"),
    Ask("jesters_in_play", "number", "Jesters", _jesters_in_play,
        reads=_NOTHING, origin=("REG.setup.jesters", "REG.solo.setup"),
        description="Jesters in the game's cards (Tavern, hands, table, discard), not counting set-aside jokers"),
    Ask("play_kind", "choice", "Kind of play", _play_kind,
        _fixed(("single", N_("A single card")), ("companion", N_("An animal companion pair")),
               ("combo", N_("A combo")), ("jester", N_("The Jester"))),
        reads=_keys(Q.PLAY_CARDS),
        description="what kind of play the last play is: a single card, an animal companion pair, a combo or the Jester"),
    Ask("legal_plays", "multi_select", "Legal plays", _legal_plays, _play_choices, choices_at_moment=True,
        explain=play_verdicts,
        reads=_choice_reads,
        needs=_choice_reads,
        description="which of the plays the current hand could try are legal at the moment (singles, pairs, combos, "
                    "the Jester); pick every one that applies"),
    Ask("legal_play_count", "number", "Legal plays", _legal_play_count, explain=play_verdicts,
        reads=_choice_reads,
        needs=_choice_reads,
        description="how many different legal plays (not counting a yield) the current hand has at the moment"),
    Ask("table_size", "number", "Cards on the table", _table, reads=_keys(Q.pile("table")),
        description="how many cards are on the table (played against the current enemy) at the moment"),
    Ask("discard_size", "number", "Cards in the discard pile", _discard_size, reads=_keys(Q.pile("discard")),
        description="how many cards the discard pile holds at the moment"),
    Ask("discard_cards", "multi_select", "Cards in the discard pile", _discard_cards, _all_cards,
        reads=_keys(Q.pile("discard", "cards")),
        description="which cards are in the discard pile at the moment (pick every one)"),
    Ask("enemy_in_play", "choice", "Enemy in play", _enemy_card, _royals, reads=_keys(Q.ENEMY_CARD),
        description="the enemy in play at the moment: after a defeat, the next one revealed from the Castle"),
    Ask("solo_jesters_left", "number", "Solo Jesters left", _solo_jesters, reads=_keys(Q.SOLO_JESTERS),
        description="solo: how many set-aside Jesters are left at the moment"),
    Ask("hand_value", "number", "Hand value", _hand_value,
        reads=_current(Q.hand_cards),
        origin=("REG.setup.hand_size",),
        needs=_current(Q.hand_cards),
        description="the total value of a hand (the current seat's, or the seat in 'of'): royals 10/15/20, Ace 1, "
                    "Jester 0"),
    Ask("need_left", "number", "Still to discard", _need_left, reads=_keys(Q.NEED),
        description="in Step 4, the value the current seat still has to discard at the moment (part-way through a "
                    "discard: what the cards so far leave owed); 0 outside Step 4"),
    Ask("open_choice", "choice", "What is still to decide?", _open_choice,
        _fixed(("play", N_("Step 1: what to play (or yield)")), ("discard", N_("Step 4: which cards to discard")),
               ("jester_next", N_("Who goes next, after the Jester")), ("none", N_("Nothing: the game is over"))),
        reads=_keys(Q.CHOICE),
        description="which decision is open at the moment (a pending Jester choice is open, not made)"),
    *TABLE_ASKS,
]}


def of_choices(scn: Scenario, ask: str) -> list[str]:
    if ask in ("can_yield", "cards_drawn", "hand_size", "hand_cards", "yielded", "hand_value"):
        return [f"seat{seat_number(s)}" for s in range(scn.setup.players)]
    return []
