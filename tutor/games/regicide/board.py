"""The Regicide board at a moment: the Castle and the current enemy, the table, the piles, the hands,
and the moves made so far this turn. Fields a question's answer would show are masked until the
learner has answered (``tutor.boards.BoardView.mask``).

Every word goes through the game's catalog (``_``, ``ngettext``: the strings of this file are extracted into
``locale/regicide.pot``); suits, ranks and the Jester are terms the language's terms file names."""

from __future__ import annotations

from typing import Callable

from engine import regicide as rg
from engine.core.errors import RulesError
from engine.core.effects import Key, legal, move
from engine.regicide.quantities import (
    CHOICE, DEFEATED, ENEMY_BLOCKED, ENEMY_CARD, ENEMY_DAMAGE, ENEMY_IMMUNE, ENEMY_SHIELD, MAX_HAND, NEED, RESULT,
    SOLO_JESTERS, TURN, hand_cards, hand_size, pile, yielded,
)
from engine.regicide.cards import (
    RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, card_symbol, card_value, is_royal, parse_card, rank, suit,
)
from engine.regicide.state import Phase
from tutor.games.regicide import View, Scenario, build_state, to_action
from tutor.games.regicide.position import seat_message, seat_phrase
from tutor.boards import BoardView
from tutor.boards.markup import box, card, is_masked, keyed, label_with, shown, zone
from tutor.boards.markup import label as lab
from tutor.boards.tree import Bar, Box, Card, Field, Mark, Part, Role, Size, Was, Zone, fill
from tutor.speaking import in_game, term, tr

GAME = "regicide"
ENEMY = (ENEMY_CARD, DEFEATED)  # which enemy is in play: the Castle's order and how many are defeated
_, ngettext = in_game(GAME)


def _seat(scn: Scenario, seat: int) -> str:
    """A seat as a label ('Seat 1', 'Seat 1 (Ana)'), in the learner's language."""
    return tr(seat_message(scn, seat), GAME)


def _jester() -> str:
    return term("rank", "Jester", GAME)


def _card_name(card: int) -> str:
    """'King of Spades', 'Jester' (a label, no article)."""
    if card == 0:
        return _jester()
    # TRANSLATORS: a card's name as a label ("King of Spades"); rank and suit are the terms of the language
    return _("{rank} of {suit}").format(rank=term("rank", RANK_NAMES[rank(card)], GAME),
                                         suit=term("suit", SUIT_NAMES[suit(card)], GAME))


def _symbol(card: int) -> str:
    """'7♥', 'K♠', or the Jester's name."""
    return _jester() if card == 0 else card_symbol(card)


def card_html(c: int, *, size: Size = Size.NORMAL, played: bool = False) -> Card:
    """One playing card (``c``: its number, the Jester 0), named for a screen reader; ``ui.boards.regicide`` draws
    its face (rank in the corners, suit symbol in the middle; the Jester as a jester card)."""
    if c == 0:
        return card(GAME, _jester(), card=0, size=size, played=played, line=True)
    # TRANSLATORS: a royal card's label: its name ("King of Spades") and its value
    aria = (_("{card}, worth {value}").format(card=_card_name(c), value=card_value(c)) if is_royal(c)
            else _card_name(c))
    return card(GAME, aria, card=c, size=size, played=played, line=True)


def _back(label: str, aria: str, size: Size = Size.NORMAL) -> Card:
    """A face-down pile, showing how many cards it holds (``label``)."""
    return card(GAME, aria, face_up=False, count=label, size=size, line=True)


def _zone(label: str, body: Part, tag: Part = None, role: Role = Role.ZONE) -> Zone:
    tag_html: Part = [" ", box(Role.TAG, tag)] if tag else None
    return zone(role, box(Role.HEADING, lab(label), tag_html), body, name=label)


def _pill(text: str, mark: Mark | None = None, role: Role = Role.STAT) -> Box:
    return box(role, text, mark=mark)


def _note(text: str, role: Role = Role.NOTE) -> Box:
    return box(role, text)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Fields:
    """Board fields drawn from a position: each shows some quantities (keys) and is drawn from the state at the
    moment; a masked one reads "?", or "what it read before the plays → ?" when the question starts earlier."""

    def __init__(self, state: rg.State, mask: frozenset[Key], start: rg.State | None) -> None:
        self.state, self.mask, self.start = state, mask, start

    def __call__(self, keys: object, draw: Callable[[rg.State], Part], *,
                 text: Callable[[rg.State], str] | None = None, placeholder: str = "?",
                 role: Role = Role.WORDS) -> Field:
        """``draw(state)``: the field's elements; ``text(state)``: how it reads as text (for "before → ?")."""
        before = None if self.start is None or text is None else text(self.start)
        return shown(keys, self.mask, draw(self.state), placeholder=placeholder, role=role, before=before)


def _immunity(state: rg.State) -> str:
    if state.immunity_cancelled:
        return _("Immunity cancelled")
    return _("Immune to {symbol} {suit}").format(symbol=SUIT_SYMBOLS[suit(state.enemy)],
                                                 suit=term("suit", SUIT_NAMES[suit(state.enemy)], GAME))


def _shield_text(state: rg.State) -> str:
    left = max(0, state.attack - state.shield)
    if state.shield:
        return _("Shield {shield} → attacks for {left}").format(shield=state.shield, left=left)
    return _("Shield {shield}").format(shield=0)


def _enemy_zone(state: rg.State, mask: frozenset[Key], start: rg.State | None = None) -> Box:
    f = _Fields(state, mask, start)
    health = state.health
    pills = [f(ENEMY, lambda s: _pill(_("Attack {n}").format(n=s.attack)),
               text=lambda s: _("Attack {n}").format(n=s.attack)),
             f(ENEMY, lambda s: _pill(_("Health {n}").format(n=s.health)),
               text=lambda s: _("Health {n}").format(n=s.health))]
    shield = f((ENEMY_SHIELD, *ENEMY), lambda s: _pill(_shield_text(s)), text=_shield_text,
               placeholder=_("Shield {shield}").format(shield="?"))
    immune = f((ENEMY_IMMUNE, *ENEMY), lambda s: _pill(_immunity(s), Mark.WARN if s.immunity_cancelled else None,
                                                         Role.BADGE), text=_immunity)
    status: Part = None
    if state.phase == Phase.WON:
        status = _pill(_("Defeated: the players win"), Mark.GONE, Role.BADGE)
    elif state.phase == Phase.LOST:
        status = _pill(_("The players lose"), Mark.WARN, Role.BADGE)
    if status or RESULT in mask:
        status = shown(RESULT, mask, status, placeholder=_("result ?"))
    blocked = (shown(ENEMY_BLOCKED, mask, _note(_("Spades blocked by immunity so far: {n}").format(
        n=state.blocked_spades), Role.NOTE_LINE), role=Role.GROUP) if state.blocked_spades else None)
    # TRANSLATORS: the damage dealt to the enemy so far, out of its health ("Damage 7 / 20"; "?" when hidden)
    damage_of = _("Damage {damage} / {health}")
    damage = f((ENEMY_DAMAGE, *ENEMY), lambda s: _pill(damage_of.format(damage=s.damage, health=s.health)),
               text=lambda s: damage_of.format(damage=s.damage, health=s.health),
               placeholder=damage_of.format(damage="?", health=health))
    bar_title = _("{damage}/{health} damage").format(damage=state.damage, health=health)
    bar = None if is_masked((ENEMY_DAMAGE, *ENEMY), mask) else keyed(
        (ENEMY_DAMAGE, *ENEMY), Bar(state.damage, health, bar_title), Role.GROUP)
    name = f(ENEMY, lambda s: _cap(_card_name(s.enemy)), text=lambda s: _cap(_card_name(s.enemy)))
    stats = box(Role.STATS, box(Role.NAME, name), box(Role.STAT_LINE, pills),
                box(Role.STAT_LINE, damage, status), bar, box(Role.STAT_LINE, shield, immune), blocked)
    castle = _back(str(len(state.castle)), _("Castle: {n} enemies left below").format(n=len(state.castle)),
                   Size.SMALL)
    enemy_card: Part
    if is_masked(ENEMY, mask) and start is not None:  # the enemy the question starts from, then a "?"
        enemy_card = Was(ENEMY, (card_html(start.enemy, size=Size.BIG),))
    else:
        enemy_card = shown(ENEMY, mask, card_html(state.enemy, size=Size.BIG), placeholder="?", role=Role.GROUP)
    in_castle = _("{n} left in the Castle")
    body = box(Role.ENEMY, enemy_card, stats,
               box(Role.PILE, shown((pile("castle"), DEFEATED), mask, castle, role=Role.GROUP), lab(_("Castle"))))
    tag = f((pile("castle"), DEFEATED), lambda s: in_castle.format(n=len(s.castle)),
            text=lambda s: in_castle.format(n=len(s.castle)), placeholder=in_castle.format(n="?"))
    return _zone(_("Enemy"), body, tag, Role.CENTRE_ZONE)


def _piles_zone(state: rg.State, mask: frozenset[Key], start: rg.State | None = None) -> Box:
    f = _Fields(state, mask, start)

    def table_html(s: rg.State) -> Part:
        return ([card_html(c, size=Size.SMALL) for c in s.table]
                or _note(_("No cards played against this enemy yet")))

    table = f((pile("table", "cards"), DEFEATED), table_html,
              text=lambda s: " ".join(_symbol(c) for c in s.table) or _("no cards"), placeholder=_("table ?"),
              role=Role.GROUP)
    tavern = _back(str(len(state.tavern)), _("Tavern: {n} cards").format(n=len(state.tavern)), Size.SMALL)
    top = state.discard[0] if state.discard else None
    discard = (card_html(top, size=Size.SMALL) if top is not None
               else card(GAME, _("empty discard pile"), empty=True, size=Size.SMALL, line=True))
    # TRANSLATORS: a pile's label and its size ("Tavern 26"); {n} is the number of cards, or "?" when hidden
    tavern_n = label_with(_("Tavern {n}"), n=f(pile("tavern"), lambda s: str(len(s.tavern)),
                                               text=lambda s: str(len(s.tavern))))
    discard_n = label_with(_("Discard {n}"), n=f(pile("discard"), lambda s: str(len(s.discard)),
                                                 text=lambda s: str(len(s.discard))))
    piles: list[Part] = [
        box(Role.PILE, shown(pile("tavern"), mask, tavern, role=Role.GROUP), tavern_n),
        box(Role.PILE, shown((pile("discard", "cards"), pile("discard")), mask, discard, role=Role.GROUP),
            discard_n)]
    if state.players == 1:
        jesters = _back(str(state.solo_jesters), _("solo Jesters left"), Size.SMALL)
        jesters_n = label_with(_("Solo Jesters {n}"), n=shown(SOLO_JESTERS, mask, str(state.solo_jesters)))
        piles.append(box(Role.PILE, shown(SOLO_JESTERS, mask, jesters, role=Role.GROUP), jesters_n))
    heading = lab(_("Table (played against this enemy)"), Role.SUBHEADING)
    body = box(Role.TABLE_AND_PILES, box(Role.PLAYED, heading, box(Role.HAND, table)), box(Role.PILES, piles))
    return _zone(_("Table and piles"), body)


def _hands_zone(scn: Scenario, state: rg.State, mask: frozenset[Key], start: rg.State | None = None) -> Box:
    zones = []
    for seat, hand in enumerate(state.hands):  # engine index; _seat labels it from 1 ('Seat 1')
        n = seat + 1
        mine = seat == state.current
        open_ = mine or scn.setup.open_hands
        if open_:
            body = shown(hand_cards(n), mask, [card_html(c) for c in hand] or _note(_("Empty hand")),
                         placeholder=_("hand ?"), role=Role.GROUP)
        else:
            body = shown((hand_size(n), hand_cards(n)), mask,
                         _back(str(len(hand)), _("{n} cards, face down").format(n=len(hand))),
                         placeholder=_("hand ?"), role=Role.GROUP)
        tags: list[Field] = []
        if mine and not rg.is_terminal(state) and not state.step:  # inside a turn no choice is open (State.step)
            doing = {Phase.PLAY: _("to play"), Phase.DISCARD: _("must discard"),
                     Phase.JESTER_CHOICE: _("names the next player")}.get(state.phase, "")
            tags.append(shown((TURN, CHOICE), mask, doing))
            if state.phase == Phase.DISCARD:
                # TRANSLATORS: the value a player must still discard ("at least 7"; "?" when hidden)
                at_least = _("at least {n}")
                tags.append(shown(NEED, mask, at_least.format(n=state.need), placeholder=at_least.format(n="?")))
        if state.yielded[seat] or yielded(n) in mask:
            tags.append(shown(yielded(n), mask, _("yielded last turn")))
        tag_html: list[Part] = [[" ", box(Role.TAG, t)] for t in tags]
        size = shown(hand_size(n), mask, str(len(hand)),
                     before=None if start is None else str(len(start.hands[seat])))
        limit = shown(MAX_HAND, mask, str(state.max_hand))
        who = _seat(scn, seat)
        # TRANSLATORS: a hand's label: the seat, the cards in hand out of the hand limit ("Seat 1 · 5/7 cards")
        label = label_with(_("{seat} · {size}/{limit} cards"), seat=who, size=size, limit=limit)
        zones.append(zone(Role.ZONE, box(Role.HEADING, label, tag_html), box(Role.HAND, body), name=who))
    return box(Role.PLAYERS, zones)


def _moves_zone(scn: Scenario, plays: tuple[object, ...], illegal: bool, mask: frozenset[Key]) -> Box | None:
    """The moves made up to the moment, in order (the last one marked if it is illegal)."""
    if not plays:
        return None
    items = []
    state = build_state(scn)
    for k, act in enumerate(plays):
        action = to_action(act)  # type: ignore[arg-type]
        who = box(Role.WHO, _seat(scn, state.current))
        bad: Part = None
        if illegal and k == len(plays) - 1:  # the verdict on the play: what a legality question reads
            bad = [" ", shown((legal(k + 1), legal()), mask, _("illegal"), placeholder="?", role=Role.TAG)]
        line: Part
        if isinstance(action, (rg.Play, rg.Discard)):
            # TRANSLATORS: a move on the board; the cards follow it, drawn
            verb = _("{player} plays") if isinstance(action, rg.Play) else _("{player} discards")
            cards = [card_html(c, size=Size.SMALL, played=True) for c in action.cards]
            line = [box(Role.WORDS, fill(verb, player=who), bad), box(Role.HAND, cards)]
        elif isinstance(action, rg.Yield):
            line = box(Role.WORDS, fill(_("{player} yields"), player=who), bad)
        elif isinstance(action, rg.ChooseNext):
            line = box(Role.WORDS, fill(_("{player} names {seat} to go next"), player=who,
                                        seat=tr(seat_phrase(scn, action.seat), GAME, capitalise=False)), bad)
        else:
            line = box(Role.WORDS, fill(_("{player} flips a set-aside Jester"), player=who), bad)
        items.append(keyed(move(k + 1), line, Role.MOVE))
        try:
            state = rg.apply(state, action)
        except RulesError:
            continue  # the refused move (the list marks it) leaves the position as it was
    return _zone(_("The moves"), box(Role.MOVES, items))


def render(scn: Scenario, view: BoardView) -> Box:
    """The position at the view's moment, with the moves made up to then."""
    out: View | None = view.outcome
    state = out.state if out is not None else build_state(scn)
    start = view.start.state if view.start is not None else None
    return box(Role.BOARD, _moves_zone(scn, view.plays, view.illegal is not None, view.mask),
               _enemy_zone(state, view.mask, start), _piles_zone(state, view.mask, start),
               _hands_zone(scn, state, view.mask, start), kind=GAME)


def slide_cards(names: list[str]) -> Box:
    """Cards named on a rule slide (e.g. ['AS', '7D', 'JOKER'])."""
    cards = []
    for name in names:
        try:
            cards.append(card_html(parse_card(name)))
        except Exception:
            continue
    return box(Role.SLIDE_CARDS, cards, kind=GAME)

