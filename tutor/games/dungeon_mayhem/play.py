"""Dungeon Mayhem on the Play page (its play hook, :class:`tutor.games.play.PlayHook`): 2-6 players, any characters
the engine deals (the expansion decks too), a card then its target by buttons, the heuristic bot's scoring
(``bots.py``), and a position as a scenario (from the choice of the card being resolved).

The board reuses the question board's seats (``board.py``): the learner's hands face up, the others' counted.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, Callable, Mapping, Sequence, cast

from engine.core.message import N_, Message
from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.cards import PLAYABLE, card_name, shields_left, type_of
from engine.dungeon_mayhem.rules import acting
from engine.dungeon_mayhem.rules import deciding as dm_deciding
from engine.dungeon_mayhem.state import OPTIONS
from tutor.games.dungeon_mayhem.board import _card, _describe, _seat_zone, _who
from tutor.boards.markup import box
from tutor.boards.tree import Node, Role
from tutor.games.dungeon_mayhem.guide import GUIDE
from tutor.games.play import Button, Chooser, GuideHook, Group, Line, PlayHook, Scorer
from tutor.speaking import in_game

_, ngettext = in_game("dungeon_mayhem")


def card_text(cid: int) -> str:
    """A card by its name in the learner's language."""
    return _card(card_name(cid))


_OPTIONS = {"praise": N_("praise"), "refuse": N_("refuse"), "dance": N_("dance"), "pass": N_("pass"),
            "noise": N_("make the animal noise"), "attack": N_("attack"), "heal": N_("heal"), "draw": N_("draw")}


def option_label(option: str) -> str:
    return _(_OPTIONS[option]) if option in _OPTIONS else option


def _defense_label(state: Any, player: int, index: int | None) -> str:
    if index is None:
        return str(state.names[player])
    defense = state.players[player].defense
    if not 0 <= index < len(defense):
        return _("{player}'s Defense card {n}").format(player=state.names[player], n=index + 1)
    cid, dmg = defense[index]
    return _("{player}'s {card} ({left} shields left)").format(player=state.names[player], card=card_text(cid),
                                                               left=shields_left(cid, dmg))


_PROMPTS = {
    "play": N_("Play a card from your hand."),
    "target": N_("Choose the target of the attack: a player, or one of their Defense cards."),
    "soak": N_("Choose which Defense card takes the next damage."),
    "ghost": N_("Your ghost haunts: choose whom it hits."),
    "destroy": N_("Choose a Defense card to destroy."),
    "charm": N_("Choose a Defense card to take with Charm."),
    "swap": N_("Choose the opponent to swap hit points with."),
    "pick_pocket": N_("Choose the opponent whose top card you steal."),
    "recover": N_("Choose a card of your discard pile to take back."),
    "praise": N_("Praise Me: praise, or refuse and take the damage?"),
    "dance": N_("Owlbear Boogie: dance or pass?"),
    "noise": N_("Primal Strike: make the animal noise?"),
    "murder": N_("Murders and Acquisitions: attack, heal or draw?"),
    "free_play": N_("Commune with Nature: play a Form card for free, or pass."),
    "mirror": N_("Choose the Defense card the Mirror copies."),
    "trap": N_("It's Not a Trap: choose the player whose hit points change."),
    "trap_to": N_("It's Not a Trap: choose whose hit points they become."),
    "mind_games": N_("Choose the opponent to swap hands with."),
    "mind_blast": N_("Choose the opponent to blast."),
}
_PLAYERS = {"swap", "pick_pocket", "trap", "trap_to", "mind_games", "mind_blast"}
_DEFENSE = {"destroy", "charm", "mirror"}
_DAMAGE = {"target", "soak", "ghost"}


def _score(state: Any) -> Scorer:
    from engine.dungeon_mayhem import game as dm
    from tutor.games.dungeon_mayhem.bots import _dm_deciding, _dm_look, _dm_reason

    me = _dm_deciding(state)

    def score(a: Any) -> tuple[float, Message]:
        value, reached = _dm_look(dm.apply(state, a), me, 3)
        return value, _dm_reason(state, reached, me)

    return score


def _scenario(line: Line) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    from tutor.practice.sources_dm import action_of, setup_of

    return setup_of(line[0][0]), [action_of(state, action) for state, action in line], "UBG"


class DungeonMayhemPlay:
    """Dungeon Mayhem's play hook."""

    def __init__(self) -> None:
        self.order = 1
        self.players = (2, 6)
        self.default_players = 2
        self.options: tuple[str, ...] = tuple(PLAYABLE)
        self.actions: Mapping[str, type] = {t.__name__: t for t in (
            A.PlayCard, A.ChooseTarget, A.ChooseDefense, A.ChoosePlayer, A.ChooseDiscard, A.ChooseOption)}
        self.score: Callable[[Any], Scorer] | None = _score
        self.choose: Chooser | None = None
        self.scenario: Callable[[Line], tuple[dict[str, Any], list[dict[str, Any]], str]] | None = _scenario
        self.guide: GuideHook | None = GUIDE  # its guided first game (guide.py)

    def option_label(self, option: str) -> str:
        return _who(option)

    def deal(self, players: int, options: tuple[str, ...], rng: random.Random) -> Any:
        from engine.dungeon_mayhem.game import GAME

        return GAME.initial_state(options, rng)

    def deciding(self, state: Any) -> int:
        return int(dm_deciding(state))

    def seat_name(self, state: Any, seat: int) -> str | None:
        return str(state.names[seat])

    def encode(self, name: str, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value

    def line_start(self, line: Line) -> int:
        """A scenario starts at the choice of a card to play: the last one at or before the line's end."""
        start = len(line) - 1
        while start > 0 and (line[start][0].pending is None or line[start][0].pending.kind != "play"):
            start -= 1
        return start

    def board(self, state: Any, shown: frozenset[int], labels: Sequence[str], deciding: int | None) -> Node:
        view = SimpleNamespace(before=state, names=state.names,
                               listed=[{"hand": seat in shown} for seat in range(len(state.players))])
        seats = [_seat_zone(cast(Any, view), state, seat, False, frozenset())  # the View fields it reads
                 for seat in range(len(state.players))]
        return box(Role.BOARD, box(Role.TABLE, seats), kind="dungeon_mayhem")

    def move_text(self, state: Any, action: Any) -> str:
        if isinstance(action, A.PlayCard):
            hand = state.players[acting(state)].hand
            if action.index is not None and 0 <= action.index < len(hand):
                return _("plays {card}").format(card=card_text(hand[action.index]))
            return _("plays a card")
        if isinstance(action, (A.ChooseTarget, A.ChooseDefense)):
            return _("chooses {target}").format(target=_defense_label(state, action.player, action.defense))
        if isinstance(action, A.ChoosePlayer):
            return _("chooses {target}").format(target=state.names[action.player])
        if isinstance(action, A.ChooseDiscard):
            pile = state.players[acting(state)].discard
            if action.index is not None and 0 <= action.index < len(pile):
                return _("takes back {card}").format(card=card_text(pile[action.index]))
            return _("takes back a card")
        return _("chooses: {option}").format(option=option_label(action.option))

    def prompt(self, state: Any) -> str:
        kind = state.pending.kind if state.pending is not None else ""
        return _(_PROMPTS[kind]) if kind in _PROMPTS else ""

    def controls(self, state: Any, seat: int, selected: Sequence[int], legal: Sequence[Any] | None) -> list[Group]:
        def button(label: str, key: str, action: Any, help_: str = "") -> Button:
            return Button(key, label, action, help=help_, legal=legal is not None and action in legal)

        kind = state.pending.kind
        me = acting(state)
        out: list[Button] = []
        if kind in ("play", "free_play"):
            out += [button(card_text(cid), f"play.card.{i}", A.PlayCard(i), _describe(type_of(cid)))
                    for i, cid in enumerate(state.players[me].hand)]
        if kind in OPTIONS:
            out += [button(option_label(o), f"play.opt.{o}", A.ChooseOption(o)) for o in OPTIONS[kind]]
        if kind == "recover":
            out += [button(card_text(cid), f"play.disc.{i}", A.ChooseDiscard(i))
                    for i, cid in enumerate(state.players[me].discard)]
        for s, p in enumerate(state.players):
            name = state.names[s]
            if kind in _PLAYERS:
                out.append(button(name, f"play.seat.{s}", A.ChoosePlayer(s)))
            if kind in _DAMAGE:
                out.append(button(name, f"play.seat.{s}", A.ChooseTarget(s, None)))
            if kind in _DAMAGE or kind in _DEFENSE:
                for k, (cid, dmg) in enumerate(p.defense):
                    label = _("{player}'s {card} ({left} shields left)").format(
                        player=name, card=card_text(cid), left=shields_left(cid, dmg))
                    out.append(button(label, f"play.def.{s}.{k}",
                                      A.ChooseTarget(s, k) if kind in _DAMAGE else A.ChooseDefense(s, k)))
        return [Group("rt-play-choices", tuple(out))]

    def questions(self, action: Any) -> list[tuple[str, str, str]]:
        return []


PLAY: PlayHook = DungeonMayhemPlay()  # mypy checks the class against the protocol
