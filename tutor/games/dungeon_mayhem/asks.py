"""The asks: the questions a Dungeon Mayhem scenario can pose, answered from the engine's outcome."""

from __future__ import annotations

from typing import Any

from engine import dungeon_mayhem as dm
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.message import N_, Message, Term, msg
from engine.core.trace import Step
from engine.dungeon_mayhem.glossary import TRACER
from engine.dungeon_mayhem.cards import AGAIN, ATTACK, DRAW, HEAL, POWER, card_name, owner_of, type_of
from engine.core.effects import Key
from engine.dungeon_mayhem import quantities as Q
from engine.dungeon_mayhem.state import OPTIONS
from tutor.games.base import Ask, Choice, Solution, Unaskable, verdicts
from tutor.games.dungeon_mayhem.asks_more import ASKS as MORE_ASKS
from tutor.games.dungeon_mayhem.models import Scenario
from tutor.games.dungeon_mayhem.position import SetupError, _card_type, _character, _seat_of, build, player_names
from tutor.games.dungeon_mayhem.references import _CARD_ASKS, _PLAYER_ASKS, _card_of
from tutor.games.dungeon_mayhem.resolve import View, _option


def _players(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(n, n) for n in player_names(scn)]


def _winner_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return _players(scn, of) + [Choice("draw", N_("A draw (nobody wins)")),
                                Choice("none", N_("Nobody yet: the game goes on"))]


def _o(sol: Solution) -> View:
    return sol.outcome_as(View)


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


def _card_key(scn: Scenario, sol: Solution, of: str | None) -> tuple[int, str, dm.State]:
    """The Defense card ``of`` names: its owner, its name, and the first position of the line where it is in
    play (the setup's, or the one where a card played during the line has come into play)."""
    o = _o(sol)
    for state in (o.before, *o.states, o.after):
        hit = _card_of(scn, of or "", state)
        if hit is not None:
            seat, name = hit
            cid = next(c for c, _ in state.players[seat].defense if card_name(c) == name)
            return owner_of(cid), name, state
    raise Unaskable(msg("{card} is not in play at any moment of this line of play", card=of or ""))


def _destroyed(scn: Scenario, sol: Solution, of: str | None) -> bool:
    owner, name, first = _card_key(scn, sol, of)
    return len(_in_play(_o(sol).after, owner, name)) < len(_in_play(first, owner, name))


def _shields_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    owner, name, first = _card_key(scn, sol, of)
    before = _in_play(first, owner, name)
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


# the pending choices that are not about a player (a card to play or take back, a named option)
_NOT_A_PLAYER = frozenset({"play", "recover", "free_play", *OPTIONS})


def _choosing(sol: Solution) -> dm.State:
    """The position at the moment, where the engine waits for a choice of player (or of a player's Defense
    card); an ask about that choice is refused by name where none is open, never answered "no" or 0."""
    st = _o(sol).after
    if st.over or st.pending is None:
        raise Unaskable(msg("no choice is open at this moment"))
    if st.pending.kind in _NOT_A_PLAYER:
        raise Unaskable(msg("no choice of a player is open at this moment (the engine is waiting for a card or "
                            "an option to be chosen)"))
    return st


def _can_target(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return _seat(scn, of) in _choosable(_choosing(sol))


def _target_count(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_choosable(_choosing(sol)))


def _defense_choices(scn: Scenario, of: str | None) -> list[Choice]:
    """Every Defense card in play before the plays, as "Player: Card" (the form `of` takes)."""
    state = build(scn).state
    names = player_names(scn)
    # TRANSLATORS: a Defense card in play as a choice: "Lia: Divine Shield"
    labels = {f"{names[s]}: {card_name(cid)}": msg("{player}: {card}", player=names[s], card=Term("card", card_name(cid)))
              for s, p in enumerate(state.players) for cid, _ in p.defense}
    return [Choice(k, str(m), m) for k, m in labels.items()]


def _destroyed_all(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return [c.key for c in _defense_choices(scn, of) if _destroyed(scn, sol, c.key)]


def _choosable_players(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    names = _o(sol).names
    return [names[i] for i in sorted(_choosable(_choosing(sol)))]


def _plays_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    o = _o(sol)
    s = o.after
    if s.over or s.active != o.start_active or s.turn != o.start_turn_no:
        return 0
    queued = sum(int(v) for code, v, _ in s.queue if code == AGAIN)
    return s.plays_owed + queued


def _winner(scn: Scenario, sol: Solution, of: str | None) -> str:
    s = _o(sol).after
    end = dm.outcome(s)
    if end is None:
        return "none"
    return "draw" if end.winner is None else _o(sol).names[end.winner]


def _whose_turn(scn: Scenario, sol: Solution, of: str | None) -> str:
    s = sol.result.after
    return "none" if s.over else _o(sol).names[s.active]


def _turn_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return _players(scn, of) + [Choice("none", N_("Nobody: the game is over"))]


# -- asks on the position, and catalogue facts -------------------------------------------------------------
def _deck_cards(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(dm.DECKS[_character(scn, of)])


def _mighty_powers(scn: Scenario, sol: Solution, of: str | None) -> int:
    ch = _character(scn, of)
    return sum(t.count for t in dm.CARD_TYPES if t.character == ch and t.is_mighty)


_KINDS = (("attack", N_("Attack (swords)")), ("defense", N_("Defense (shields)")), ("heal", N_("Heal (hearts)")),
          ("draw", N_("Draw (cards)")), ("play_again", N_("Play Again (lightning)")), ("mighty", N_("Mighty Power")))


def _card_kinds(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    t = _card_type(scn, of)
    codes = {code for code, _ in t.effects}
    out = [k for k, code in (("attack", ATTACK), ("heal", HEAL), ("draw", DRAW), ("play_again", AGAIN),
                             ("mighty", POWER)) if code in codes]
    return (["defense"] if t.is_defense else []) + out


def _kind_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(k, label) for k, label in _KINDS]


def _first_player(scn: Scenario, sol: Solution, of: str | None) -> str:
    """The engine's first player of the position: the seat whose turn it is before the plays (the youngest, when
    the file gives every age and no ``turn``: DM.setup.order), so it agrees with "whose turn"."""
    return _o(sol).names[_o(sol).start_active]


def _hand_cards(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    st = _o(sol).after
    return sorted({card_name(c) for c in st.players[_seat(scn, of)].hand})


def _defense_cards(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    st = _o(sol).after
    return sorted({card_name(c) for c, _ in st.players[_seat(scn, of)].defense})


def _card_names(scn: Scenario, of: str | None, sol: Solution | None = None, defense_only: bool = False) -> list[Choice]:
    """The card names of every character at the table (for 'which cards ...' questions)."""
    chars = dict.fromkeys(p.character for p in build(scn).state.players)
    names = [t.name for t in dm.CARD_TYPES if t.character in chars and (t.is_defense or not defense_only)]
    return [Choice(n, n) for n in dict.fromkeys(names)]


def _defense_names(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return _card_names(scn, of, sol, defense_only=True)


def _legal_plays(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    st = _o(sol).after
    return sorted({choice_key(st, a) for a in dm.legal_actions(st)})


def choice_key(state: dm.State, action: dm.Action) -> str:
    """A play or choice as a learner reads it: 'play Fluffy', 'target Lia', 'target Lia: Divine Shield' (the
    English of :func:`choice_message`; an answer's key)."""
    return str(choice_message(state, action))


def choice_message(state: dm.State, action: dm.Action) -> Message:
    """:func:`choice_key` as a language-free message."""
    names = state.names
    if isinstance(action, dm.PlayCard):
        card = action.card or card_name(state.players[state.active].hand[action.index or 0])
        return msg("play {card}", card=Term("card", card))
    if isinstance(action, dm.ChooseDiscard):
        card = action.card or card_name(state.players[state.active].discard[action.index or 0])
        return msg("take back {card}", card=Term("card", card))
    if isinstance(action, dm.ChooseOption):  # a named option (praise, dance, pass, ...)
        return msg("choose {option}", option=_option(action.option))
    player = names[action.player]
    if isinstance(action, (dm.ChooseTarget, dm.ChooseDefense)) and action.defense is not None:
        defense = Term("card", card_name(state.players[action.player].defense[action.defense][0]))
        if isinstance(action, dm.ChooseTarget):
            return msg("target {player}: {card}", player=player, card=defense)
        return msg("choose {player}: {card}", player=player, card=defense)
    if isinstance(action, dm.ChooseTarget):
        return msg("target {player}", player=player)
    return msg("choose {player}", player=player)


def _play_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    st = _o(sol).after if sol is not None else build(scn).state
    labels = {choice_key(st, a): choice_message(st, a) for a in candidate_choices(st)}
    return [Choice(k, k, labels[k]) for k in sorted(labels)]


_T = TRACER
_OK_RULE = {"play": "DM.turn.play", "target": "DM.attack.target", "soak": "DM.defense.overflow_order",
            "ghost": "DM.ghost.target", "destroy": "DM.power.mighty", "charm": "DM.power.charm",
            "swap": "DM.power.vampiric_touch", "pick_pocket": "DM.power.pick_pocket",
            "recover": "DM.power.divine_inspiration"}


def choice_verdicts(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """The engine's verdict on each option of the pending choice: illegal ones (with the rule) first."""
    state = _o(sol).after
    if state.pending is None:
        return [("", _T.step("DM.ko.win", msg("The game is over: there is nothing left to choose.")))]
    bad: list[tuple[str, Step]] = []
    good: list[tuple[str, Step]] = []
    for a in candidate_choices(state):
        choice = choice_message(state, a)
        key = str(choice)
        try:
            dm.apply(state, a)
        except IllegalPlay as err:
            assert err.rule is not None
            reason = err.message if err.message is not None else err.reason
            bad.append((key, _T.step(err.rule, msg("{choice}: not allowed, because {reason}.", choice=choice,
                                                   reason=reason))))
            continue
        except InvalidAction:
            continue
        good.append((key, _T.step(_OK_RULE.get(state.pending.kind, "DM.turn.choice"),
                                  msg("{choice}: allowed.", choice=choice))))
    return bad + good


def candidate_choices(state: dm.State) -> list[dm.Action]:
    """What the player might try for the pending choice: every card in hand, or every player and Defense card."""
    if state.pending is None:
        return []
    kind = state.pending.kind
    if kind == "play":
        return [dm.PlayCard(card=card_name(c)) for c in state.players[state.active].hand]
    if kind == "recover":
        return [dm.ChooseDiscard(card=card_name(c)) for c in state.players[state.active].discard]
    if kind in OPTIONS:  # named options; Commune with Nature also takes a Form card from the hand
        cards = [dm.PlayCard(index=i) for i in range(len(state.players[state.active].hand))] if kind == "free_play" else []
        return [*(dm.ChooseOption(o) for o in OPTIONS[kind]), *cards]
    out: list[dm.Action] = []
    for seat, p in enumerate(state.players):
        if kind in ("target", "soak", "ghost"):
            out.append(dm.ChooseTarget(seat, None))
            out += [dm.ChooseTarget(seat, k) for k in range(len(p.defense))]
        elif kind in ("destroy", "charm", "mirror"):
            out += [dm.ChooseDefense(seat, k) for k in range(len(p.defense))]
        else:
            out.append(dm.ChoosePlayer(seat))
    return out


# -- what each ask reads (its keys, engine/dungeon_mayhem/quantities.py) ------------------------------------------------
def _of_seat(*keys: Any) -> Any:
    """``reads`` of an ask about player ``of``: each key constructor called with the seat (from 1)."""
    def reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
        seat = _seat(scn, of) + 1
        return tuple(k(seat) for k in keys)
    return reads


def _card_seat(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """The Defense cards of the seat the card ``of`` is in front of at the start (its damage is one of them)."""
    hit = _card_of(scn, of or "", _o(sol).before)
    seats = [hit[0]] if hit is not None else range(len(_o(sol).before.players))
    return tuple(Q.defense(s + 1) for s in seats)


def _all_seats(*keys: Any) -> Any:
    def reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
        return tuple(k(s) for s in range(1, len(_o(sol).after.players) + 1) for k in keys)
    return reads


def _choice_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """The open choice, who makes it, and what narrows it: a player knocked out or under Clever Disguise."""
    return (Q.CHOICE, Q.CHOICE_BY, *_all_seats(lambda s: Q.status(s, "out"),
                                               lambda s: Q.status(s, "disguised"))(scn, sol, of))


def _narrowing(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """``needs`` of a choice ask: who is knocked out or under Clever Disguise (the board shows both)."""
    return _choice_reads(scn, sol, of)[2:]


def _keys(*keys: Key) -> Any:
    return lambda scn, sol, of: keys


_NOTHING = _keys()  # a catalogue fact: no quantity of the table (see Ask.origin)

ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("hp_after", "number", "Hit points", _hp, needs_of=True, reads=_of_seat(Q.hp),
        description="the hit points of player `of` at the moment (by default after the plays)"),
    Ask("destroyed_defense", "yes_no", "Destroyed?", _destroyed, needs_of=True, reads=_card_seat,
        description="whether the Defense card `of` ('Player: Card', in play in the setup or played during the "
                    "line) is destroyed by the plays (a card taken with Charm is not destroyed)"),
    Ask("shields_left", "number", "Shields left", _shields_left, needs_of=True, reads=_card_seat,
        description="unmarked shields left on the Defense card `of` ('Player: Card', in play in the setup or "
                    "played during the line) after the plays; 0 if destroyed"),
    Ask("defense_count", "number", "Defense cards", _pile("defense"), needs_of=True, reads=_of_seat(Q.defense),
        description="how many Defense cards player `of` has in play after the plays"),
    Ask("destroyed_defenses", "multi_select", "Destroyed Defense cards", _destroyed_all, _defense_choices,
        reads=_all_seats(Q.defense),
        description="every Defense card the plays destroy (pick all that apply; none is an answer)"),
    Ask("choosable_players", "multi_select", "Players who may be chosen", _choosable_players, _players,
        reads=_choice_reads,
        needs=_narrowing,
        description="every player the pending choice (an attack, a power, a ghost's haunt) may pick"),
    Ask("can_target", "yes_no", "Can be chosen?", _can_target, needs_of=True,
        reads=_choice_reads,
        needs=_narrowing,
        description="whether player `of` (or one of their Defense cards) may be chosen for the choice the engine is "
                    "waiting for after the plays (an attack's target, a ghost's victim, a Mighty Power's player)"),
    Ask("target_count", "number", "Players to choose from", _target_count,
        reads=_choice_reads,
        needs=_narrowing,
        description="how many players may be chosen for the choice the engine is waiting for after the plays"),
    Ask("plays_left", "number", "Plays left", _plays_left,
        reads=_keys(Q.PLAYS_OWED, Q.TURN),
        description="how many more cards the player whose turn it was must still play this turn (0 once the turn is over)"),
    Ask("hand_size", "number", "Cards in hand", _pile("hand"), needs_of=True,
        reads=_of_seat(Q.hand_size),
        description="how many cards player `of` holds at the moment"),
    Ask("deck_size", "number", "Cards in deck", _pile("deck"), needs_of=True,
        reads=_of_seat(lambda s: Q.pile(s, "deck")),
        description="how many cards are in player `of`'s deck at the moment"),
    Ask("discard_size", "number", "Cards in discard pile", _pile("discard"), needs_of=True,
        reads=_of_seat(lambda s: Q.pile(s, "discard")),
        description="how many cards are in player `of`'s discard pile at the moment (cards played this turn "
                    "reach it only at the end of the turn)"),
    Ask("is_out", "yes_no", "Knocked out?", lambda scn, sol, of: _o(sol).after.players[_seat(scn, of)].out, needs_of=True,
        reads=_of_seat(lambda s: Q.status(s, "out")),
        description="whether player `of` is knocked out (a ghost in a game of 5-6) at the moment"),
    Ask("winner", "choice", "Winner", _winner, _winner_choices,
        reads=_keys(Q.WINNER, Q.OVER),
        description="the winning player, 'draw' when everyone left is knocked out at once, or 'none' while the game goes on"),
    Ask("whose_turn", "choice", "Whose turn", _whose_turn, _turn_choices, at="next_turn", lookahead=True,
        reads=_keys(Q.TURN, Q.OVER),
        origin=("DM.setup.order",),
        description="whose turn it is after the plays, once the next turn has begun if this one is over (a ghost's on its turn; 'none' once the game is over)"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        reads=verdicts,
        description="whether every play in the question's line of play is legal"),
    Ask("deck_cards", "number", "Cards in a deck", _deck_cards, needs_of=True, reads=_NOTHING, origin=("DM.setup.deal",),
        description="catalogue: how many cards a character's deck holds (of: a player or a character)"),
    Ask("mighty_power_count", "number", "Mighty Power cards", _mighty_powers, needs_of=True,
        reads=_NOTHING, origin=("DM.power.mighty",),
        description="catalogue: how many Mighty Power cards a character's deck holds (of: a player or a character)"),
    Ask("card_kinds", "multi_select", "Symbols on the card", _card_kinds, _kind_choices, needs_of=True,
        reads=_NOTHING, origin=("DM.card.order",),
        description="catalogue: which kinds of symbol a card carries (of: 'Card' or 'Character: Card')"),
    Ask("first_player", "choice", "Who goes first", _first_player, _players, reads=_NOTHING, origin=("DM.setup.order",),
        description="who takes the first turn of the game: the youngest player (give each player's 'age'; a "
                    "'turn' must then name the youngest), or the player whose turn it is in the setup"),
    Ask("hand_cards", "multi_select", "Cards in hand", _hand_cards, _card_names, needs_of=True,
        reads=_of_seat(Q.hand_cards),
        description="which cards player `of` holds at the moment (their hand must be listed card by card)"),
    Ask("defense_cards", "multi_select", "Defense cards in play", _defense_cards, _defense_names, needs_of=True,
        reads=_of_seat(Q.defense),
        description="which Defense cards player `of` has in play at the moment"),
    Ask("legal_plays", "multi_select", "Legal choices", _legal_plays, _play_choices, choices_at_moment=True,
        explain=choice_verdicts,
        reads=lambda scn, sol, of: (*_choice_reads(scn, sol, of), Q.hand_cards(_o(sol).after.active + 1)),
        needs=lambda scn, sol, of: (*_narrowing(scn, sol, of), Q.hand_cards(_o(sol).after.active + 1)),
        description="which plays or choices are legal for the decision the engine is waiting for at the moment"),
    *MORE_ASKS,
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
