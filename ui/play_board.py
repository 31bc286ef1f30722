"""The Play page's board and words: what a seat may see of the live game, each move named in the learner's
language, and what the game asks for now.

Reuses the question boards' zones (``tutor/games/<game>/board.py``): Regicide's enemy and piles, Dungeon Mayhem's seats. Only the
learner's seats show their hands; the others show how many cards they hold, until the game is over. Deck order is
never shown.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from engine.core.message import N_
from tutor.play.live import Played
from ui.boards import draw
from ui.html import esc
from ui.i18n import _, tr


def seat_label(played: Played, seat: int, state: Any = None) -> str:
    """'Seat 2 (you)', 'Lia (bot)'."""
    state = played.state if state is None else state
    who = state.names[seat] if played.setup.game == "dungeon_mayhem" else _("Seat {n}").format(n=seat + 1)
    if seat in played.setup.mine:
        return _("{seat} (you)").format(seat=who)
    return _("{seat} (bot)").format(seat=who)


# ------------------------------------------------------------------------------------------- the board


def _regicide_hands(played: Played) -> str:
    from tutor.games.regicide.board import _back, card_html

    state, over = played.state, played.outcome is not None
    zones = []
    for seat, hand in enumerate(state.hands):
        who = seat_label(played, seat)
        if seat in played.setup.mine or over:
            body = "".join(draw(card_html(c)) for c in hand) or esc(_("Empty hand"))
        else:
            body = draw(_back(str(len(hand)), _("{n} cards, face down").format(n=len(hand))))
        turn = f' <span class="tag">{esc(_("to move"))}</span>' if played.deciding == seat else ""
        label = _("{seat} · {n} cards").format(seat=who, n=len(hand))
        zones.append(f'<section class="rt-zone" aria-label="{esc(label)}"><div class="rt-zone-label">{esc(label)}'
                     f'{turn}</div><div class="rg-hand">{body}</div></section>')
    return f'<div class="rt-players">{"".join(zones)}</div>'


def _regicide(played: Played) -> str:
    from tutor.games.regicide.board import _enemy_zone, _piles_zone

    state = played.state
    return (f'<div class="rt-board rg">{draw(_enemy_zone(state, frozenset()))}{draw(_piles_zone(state, frozenset()))}'
            f'{_regicide_hands(played)}</div>')


def _dungeon_mayhem(played: Played) -> str:
    from tutor.games.dungeon_mayhem.board import _seat_zone

    state, over = played.state, played.outcome is not None
    view = SimpleNamespace(before=state, names=state.names,
                           listed=[{"hand": seat in played.setup.mine or over} for seat in range(len(state.players))])
    seats = "".join(draw(_seat_zone(cast(Any, view), state, seat, False, frozenset()))  # the View fields it reads
                    for seat in range(len(state.players)))
    return f'<div class="rt-board dm"><div class="dm-table">{seats}</div></div>'


def board(played: Played) -> str:
    """The board as the learner's seats see it."""
    return _regicide(played) if played.setup.game == "regicide" else _dungeon_mayhem(played)


# -------------------------------------------------------------------------------------------- the words


def rg_cards(cards: Any) -> str:
    from engine.regicide.cards import card_symbol

    from tutor.games.regicide.board import _jester

    return " ".join(_jester() if c == 0 else card_symbol(c) for c in cards)


def dm_card(cid: int) -> str:
    from engine.dungeon_mayhem.cards import card_name

    from tutor.games.dungeon_mayhem.board import _card

    return _card(card_name(cid))


_OPTIONS = {"praise": N_("praise"), "refuse": N_("refuse"), "dance": N_("dance"), "pass": N_("pass"),
            "noise": N_("make the animal noise"), "attack": N_("attack"), "heal": N_("heal"), "draw": N_("draw")}


def option_label(option: str) -> str:
    return _(_OPTIONS[option]) if option in _OPTIONS else option


def _defense_label(state: Any, player: int, index: int | None) -> str:
    from engine.dungeon_mayhem.cards import shields_left

    if index is None:
        return str(state.names[player])
    defense = state.players[player].defense
    if not 0 <= index < len(defense):
        return _("{player}'s Defense card {n}").format(player=state.names[player], n=index + 1)
    cid, dmg = defense[index]
    return _("{player}'s {card} ({left} shields left)").format(player=state.names[player], card=dm_card(cid),
                                                               left=shields_left(cid, dmg))


def move_text(played: Played, state: Any, action: Any) -> str:
    """A move in the learner's language, as read at the position it was made from: 'plays 7♥ 7♠'."""
    if played.setup.game == "regicide":
        from engine import regicide as rg

        if isinstance(action, rg.Play):
            return _("plays {cards}").format(cards=rg_cards(action.cards))
        if isinstance(action, rg.Discard):
            return _("discards {cards}").format(cards=rg_cards(action.cards))
        if isinstance(action, rg.Yield):
            return _("yields")
        if isinstance(action, rg.ChooseNext):
            return _("names Seat {n} to go next").format(n=action.seat + 1)
        return _("flips a set-aside Jester")
    from engine.dungeon_mayhem import actions as A

    if isinstance(action, A.PlayCard):
        seat = _dm_actor(state)
        hand = state.players[seat].hand
        if action.index is not None and 0 <= action.index < len(hand):
            return _("plays {card}").format(card=dm_card(hand[action.index]))
        return _("plays a card")
    if isinstance(action, A.ChooseTarget):
        return _("chooses {target}").format(target=_defense_label(state, action.player, action.defense))
    if isinstance(action, A.ChooseDefense):
        return _("chooses {target}").format(target=_defense_label(state, action.player, action.defense))
    if isinstance(action, A.ChoosePlayer):
        return _("chooses {target}").format(target=state.names[action.player])
    if isinstance(action, A.ChooseDiscard):
        pile = state.players[_dm_actor(state)].discard
        if action.index is not None and 0 <= action.index < len(pile):
            return _("takes back {card}").format(card=dm_card(pile[action.index]))
        return _("takes back a card")
    return _("chooses: {option}").format(option=option_label(action.option))


def _dm_actor(state: Any) -> int:
    from engine.dungeon_mayhem.rules import acting

    return acting(state)


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
_RG_PROMPTS = {0: N_("Step 1: select cards and play them, or yield."),
               1: N_("Step 4: select cards worth at least {need} and discard them."),
               2: N_("Your Jester: name the player who goes next.")}


def prompt(played: Played) -> str:
    """What the game asks of the learner now."""
    state = played.state
    if played.setup.game == "regicide":
        return _(_RG_PROMPTS[int(state.phase)]).format(need=state.need) if int(state.phase) in _RG_PROMPTS else ""
    kind = state.pending.kind if state.pending is not None else ""
    return _(_PROMPTS[kind]) if kind in _PROMPTS else ""


def reason_text(game: str, reason: Any) -> str:
    if reason is None:
        return ""
    if hasattr(reason, "in_"):  # a guided game's scripted bot move: its reason in every language
        from ui.i18n import current

        return str(reason.in_(current()))
    return tr(reason, game, capitalise=False)
