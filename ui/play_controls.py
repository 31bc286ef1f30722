"""The Play page's controls: buttons for every choice the learner's seat can try now, legal or not.

A button that is not a legal move now still makes the attempt: the engine refuses it and the page names the rule
it breaks ("why can't I?"). With "Show the legal moves" on, the legal ones carry a check mark (and say so in
their help), and the legal moves are listed in words under the buttons.
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from tutor.play.live import Played
from ui import html as h
from ui.i18n import _
from ui.play_board import dm_card, move_text, option_label, rg_cards

SELECTED = "play.selected"
LEGAL_ICON = ":material/check_circle:"
Move = Callable[[Any], None]
"""What a button does with its move (the play page tries it for the learner)."""


def _toggle(index: int) -> None:
    chosen = list(st.session_state.get(SELECTED) or [])
    st.session_state[SELECTED] = [i for i in chosen if i != index] if index in chosen else chosen + [index]


def _button(label: str, key: str, move: Move, action: Any, legal: list[Any] | None, help_: str = "",
            primary: bool = False) -> None:
    ok = legal is not None and action in legal
    helps = " ".join(t for t in (help_, _("A legal move now.") if ok else "") if t)
    st.button(h.label_escape(label), key=key, on_click=move, args=(action,), icon=LEGAL_ICON if ok else None,
              help=h.label_escape(helps) if helps else None, type="primary" if primary else "secondary")


def _legal_list(played: Played, legal: list[Any]) -> None:
    words = [move_text(played, played.state, a) for a in legal[:16]]
    more = _(" … and {n} more").format(n=len(legal) - 16) if len(legal) > 16 else ""
    st.html(f'<p class="rt-caption" data-testid="rt-play-legal">{h.esc(_("Legal now: {moves}").format(moves="; ".join(words)) + more)}</p>')


# ------------------------------------------------------------------------------------------- Regicide


def _regicide(move: Move, played: Played, legal: list[Any] | None) -> None:
    from engine import regicide as rg
    from engine.regicide.state import Phase

    from tutor.games.regicide.board import _card_name

    state = played.state
    seat = played.deciding
    assert seat is not None
    hand = state.hands[seat]
    if state.phase == Phase.JESTER_CHOICE:
        with st.container(horizontal=True, key="rt-play-seats"):
            for s in range(state.players):
                _button(_("Seat {n} goes next").format(n=s + 1), f"play.next.{s}", move, rg.ChooseNext(s), legal)
        return
    chosen = [i for i in (st.session_state.get(SELECTED) or []) if 0 <= i < len(hand)]
    usable = {c for a in (legal or []) for c in getattr(a, "cards", ())}
    st.html(f'<p class="rt-caption">{h.esc(_("Your hand: select the cards, then say what to do with them."))}</p>')
    with st.container(horizontal=True, key="rt-play-hand"):
        for i, c in enumerate(hand):
            sym = rg_cards([c])
            label = _("{card}, selected").format(card=sym) if i in chosen else sym
            ok = legal is not None and c in usable
            helps = _card_name(c) + (" · " + _("Part of a legal move now.") if ok else "")
            st.button(h.label_escape(label), key=f"play.card.{i}", on_click=_toggle, args=(i,),
                      type="primary" if i in chosen else "secondary", icon=LEGAL_ICON if ok else None,
                      help=h.label_escape(helps))
    cards = tuple(hand[i] for i in chosen)
    with st.container(horizontal=True, key="rt-play-actions"):
        step4 = state.phase == Phase.DISCARD
        _button(_("Play the selected cards"), "play.play", move, rg.Play(cards), legal, primary=not step4)
        _button(_("Discard the selected cards"), "play.discard", move, rg.Discard(cards), legal, primary=step4)
        _button(_("Yield"), "play.yield", move, rg.Yield(), legal)
        if state.players == 1:
            _button(_("Flip a set-aside Jester ({n} left)").format(n=state.solo_jesters), "play.jester", move,
                    rg.SoloJester(), legal)


# ------------------------------------------------------------------------------------- Dungeon Mayhem

_PLAYERS = {"swap", "pick_pocket", "trap", "trap_to", "mind_games", "mind_blast"}
_DEFENSE = {"destroy", "charm", "mirror"}
_DAMAGE = {"target", "soak", "ghost"}


def _dungeon_mayhem(move: Move, played: Played, legal: list[Any] | None) -> None:
    from engine.dungeon_mayhem import actions as A
    from engine.dungeon_mayhem.cards import shields_left
    from engine.dungeon_mayhem.rules import acting
    from engine.dungeon_mayhem.state import OPTIONS

    from tutor.games.dungeon_mayhem.board import _describe
    from engine.dungeon_mayhem.cards import type_of

    state = played.state
    kind = state.pending.kind
    me = acting(state)
    with st.container(horizontal=True, key="rt-play-choices"):
        if kind in ("play", "free_play"):
            for i, cid in enumerate(state.players[me].hand):
                _button(dm_card(cid), f"play.card.{i}", move, A.PlayCard(i), legal, help_=_describe(type_of(cid)))
        if kind in OPTIONS:
            for o in OPTIONS[kind]:
                _button(option_label(o), f"play.opt.{o}", move, A.ChooseOption(o), legal)
        if kind == "recover":
            for i, cid in enumerate(state.players[me].discard):
                _button(dm_card(cid), f"play.disc.{i}", move, A.ChooseDiscard(i), legal)
        for seat, p in enumerate(state.players):
            name = state.names[seat]
            if kind in _PLAYERS:
                _button(name, f"play.seat.{seat}", move, A.ChoosePlayer(seat), legal)
            if kind in _DAMAGE:
                _button(name, f"play.seat.{seat}", move, A.ChooseTarget(seat, None), legal)
            if kind in _DAMAGE or kind in _DEFENSE:
                for k, (cid, dmg) in enumerate(p.defense):
                    label = _("{player}'s {card} ({left} shields left)").format(
                        player=name, card=dm_card(cid), left=shields_left(cid, dmg))
                    action = A.ChooseTarget(seat, k) if kind in _DAMAGE else A.ChooseDefense(seat, k)
                    _button(label, f"play.def.{seat}.{k}", move, action, legal)


def controls(move: Move, played: Played, highlight: bool) -> None:
    """Every choice the learner's seat can try now; ``move(action)`` makes the one pressed (ui.play_view)."""
    legal = played.legal() if highlight else None
    if played.setup.game == "regicide":
        _regicide(move, played, legal)
    else:
        _dungeon_mayhem(move, played, legal)
    if legal is not None:
        _legal_list(played, legal)
