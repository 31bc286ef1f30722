"""Regicide on the Play page (its play hook, :class:`tutor.games.play.PlayHook`): solo or 2-4 players, moves made
by selecting cards in hand and saying what to do with them, the heuristic bot's scoring (``bots.py``), and any
position of a game as a scenario (the move itself, from the position it was made from).

The board reuses the question board's zones (``board.py``): the enemy, the piles, and the hands (face up for the
learner's seats, face down for the others until the game is over). Deck order is never shown.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from engine import regicide as rg
from engine.regicide.actions import ACTION_TYPES
from engine.core.message import N_, Message
from engine.regicide.cards import card_str, card_symbol
from engine.regicide.state import Phase
from tutor.games.play import Button, Chooser, GuideHook, Group, Line, PlayHook, Scorer
from tutor.games.regicide.guide import GUIDE
from tutor.games.regicide import bots
from tutor.games.regicide.board import _back, _card_name, _enemy_zone, _jester, _piles_zone, card_html
from tutor.boards.markup import box, label, zone
from tutor.boards.tree import Box, Node, Part, Role
from tutor.speaking import in_game

_, ngettext = in_game("regicide")


def cards_text(cards: Any) -> str:
    """Cards as the table reads them: '7♥ 7♠', a Jester by its name."""
    return " ".join(_jester() if c == 0 else card_symbol(c) for c in cards)


def _hands(state: Any, shown: frozenset[int], labels: Sequence[str], deciding: int | None) -> Box:
    zones = []
    for seat, hand in enumerate(state.hands):
        if seat in shown:
            body: Part = [card_html(c) for c in hand] or _("Empty hand")
        else:
            body = _back(str(len(hand)), _("{n} cards, face down").format(n=len(hand)))
        turn: Part = [" ", label(_("to move"), Role.TAG)] if deciding == seat else None
        name = _("{seat} · {n} cards").format(seat=labels[seat], n=len(hand))
        zones.append(zone(Role.ZONE, box(Role.HEADING, name, turn), box(Role.HAND, body), name=name))
    return box(Role.PLAYERS, zones)


_PROMPTS = {0: N_("Step 1: select cards and play them, or yield."),
            1: N_("Step 4: select cards worth at least {need} and discard them."),
            2: N_("Your Jester: name the player who goes next.")}


def _position(state: Any, action: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    from tutor.practice.sources_rg import setup_of

    setup = setup_of(state)
    if state.phase == Phase.DISCARD:
        setup["phase"], setup["need"] = "discard", state.need
    elif state.phase == Phase.JESTER_CHOICE:
        setup["phase"] = "jester_choice"
    seat = state.current + 1
    if isinstance(action, rg.SoloJester):
        return setup, {"solo_jester": True}
    if isinstance(action, rg.Yield):
        return setup, {"seat": seat, "yield": True}
    if isinstance(action, rg.ChooseNext):
        return setup, {"seat": seat, "next": action.seat + 1}
    kind = "play" if isinstance(action, rg.Play) else "discard"
    return setup, {"seat": seat, kind: [card_str(c) for c in action.cards]}


def _scenario(line: Line) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    setup = _position(line[0][0], line[0][1])[0]
    return setup, [_position(state, action)[1] for state, action in line], "OR STEP ONE"


class RegicidePlay:
    """Regicide's play hook."""

    def __init__(self) -> None:
        self.order = 0
        self.players = (1, 4)
        self.default_players = 1
        self.options: tuple[str, ...] = ()
        self.actions: Mapping[str, type] = {t.__name__: t for t in ACTION_TYPES}
        self.score: Callable[[Any], Scorer] | None = None
        self.choose: Chooser | None = bots.choose
        self.scenario: Callable[[Line], tuple[dict[str, Any], list[dict[str, Any]], str]] | None = _scenario
        self.guide: GuideHook | None = GUIDE  # its guided first game (guide.py)

    def option_label(self, option: str) -> str:
        return option

    def deal(self, players: int, options: tuple[str, ...], rng: random.Random) -> Any:
        from engine.regicide.game import GAME, Setup

        return GAME.initial_state(Setup(players), rng)

    def deciding(self, state: Any) -> int:
        return int(state.current)

    def seat_name(self, state: Any, seat: int) -> str | None:
        return None

    def encode(self, name: str, value: Any) -> Any:
        if name == "cards":  # by name: '7H'
            return [card_str(c) for c in value]
        return list(value) if isinstance(value, tuple) else value

    def line_start(self, line: Line) -> int:
        """A scenario starts at the move itself (a Regicide position holds everything the rules read)."""
        return len(line) - 1

    def board(self, state: Any, shown: frozenset[int], labels: Sequence[str], deciding: int | None) -> Node:
        return box(Role.BOARD, _enemy_zone(state, frozenset()), _piles_zone(state, frozenset()),
                   _hands(state, shown, labels, deciding), kind="regicide")

    def move_text(self, state: Any, action: Any) -> str:
        if isinstance(action, rg.Play):
            return _("plays {cards}").format(cards=cards_text(action.cards))
        if isinstance(action, rg.Discard):
            return _("discards {cards}").format(cards=cards_text(action.cards))
        if isinstance(action, rg.Yield):
            return _("yields")
        if isinstance(action, rg.ChooseNext):
            return _("names Seat {n} to go next").format(n=action.seat + 1)
        return _("flips a set-aside Jester")

    def prompt(self, state: Any) -> str:
        return _(_PROMPTS[int(state.phase)]).format(need=state.need) if int(state.phase) in _PROMPTS else ""

    def controls(self, state: Any, seat: int, selected: Sequence[int], legal: Sequence[Any] | None) -> list[Group]:
        def button(label: str, key: str, action: Any, primary: bool = False) -> Button:
            return Button(key, label, action, primary=primary, legal=legal is not None and action in legal)

        if state.phase == Phase.JESTER_CHOICE:
            return [Group("rt-play-seats", tuple(button(_("Seat {n} goes next").format(n=s + 1), f"play.next.{s}",
                                                        rg.ChooseNext(s)) for s in range(state.players)))]
        hand = state.hands[seat]
        chosen = [i for i in selected if 0 <= i < len(hand)]
        usable = {c for a in (legal or []) for c in getattr(a, "cards", ())}
        cards = []
        for i, c in enumerate(hand):
            sym = cards_text([c])
            ok = legal is not None and c in usable
            cards.append(Button(f"play.card.{i}", _("{card}, selected").format(card=sym) if i in chosen else sym,
                                select=i, help=_card_name(c) + (" · " + _("Part of a legal move now.") if ok else ""),
                                primary=i in chosen, legal=ok))
        held = tuple(hand[i] for i in chosen)
        step4 = state.phase == Phase.DISCARD
        actions = [button(_("Play the selected cards"), "play.play", rg.Play(held), primary=not step4),
                   button(_("Discard the selected cards"), "play.discard", rg.Discard(held), primary=step4),
                   button(_("Yield"), "play.yield", rg.Yield())]
        if state.players == 1:
            actions.append(button(_("Flip a set-aside Jester ({n} left)").format(n=state.solo_jesters), "play.jester",
                                  rg.SoloJester()))
        return [Group("rt-play-hand", tuple(cards), _("Your hand: select the cards, then say what to do with them.")),
                Group("rt-play-actions", tuple(actions))]

    def questions(self, action: Any) -> list[tuple[str, str, str]]:
        if isinstance(action, rg.Play):
            return [("damage", N_("How much damage does this play deal?"), "damage_dealt")]
        return []


PLAY: PlayHook = RegicidePlay()  # mypy checks the class against the protocol
