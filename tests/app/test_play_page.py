"""AppTest of the Play page, tried as a new learner would: deal a seeded Regicide solo game, try a refused move (its
rule named), play, take it back, reload and find the same game; a Dungeon Mayhem duel against a bot, with the legal
moves shown and only the learner's hand visible."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT, html_of
from tests.ids import uid
from tutor.play import store
from tutor.play.live import Refusal, Setup, start
from ui.play_view import K


def play_app(learner: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["u"] = uid(learner)
    for k, v in params.items():
        at.query_params[k] = v
    at.switch_page("ui/pages/play.py").run()
    assert not at.exception
    return at


def _hand_labels(at: AppTest) -> list[str]:
    return [b.label for b in at.button if b.key and b.key.startswith("play.card.")]


def test_a_regicide_solo_game_refused_move_play_undo_and_reload() -> None:
    at = play_app("play-rg", seed="7")
    assert at.number_input(key=K.SEED).value == 7  # the shared seed fills the form
    at.button(key=K.START).click().run()
    assert not at.exception
    html = html_of(at)
    expected = start(Setup("regicide", 1, seed=7)).state.hands[0]
    from tutor.games.regicide.play import cards_text as rg_cards

    assert _hand_labels(at) == [rg_cards([c]) for c in expected]  # the seeded deal, the learner's hand
    assert "seed 7" in html
    at.button(key="play.yield").click().run()
    html = html_of(at)
    assert 'data-rule="REG.solo.no_yield"' in html  # the refused move names its rule
    assert "never yield" in html and "Regicide official rules sheet" in html  # why, and the citation
    at.button(key="play.card.0").click().run()
    assert _hand_labels(at)[0].endswith("selected")
    at.button(key="play.play").click().run()
    html = html_of(at)
    assert 'data-move="1"' in html and "REG.play.single" in html and "Why? (move 1)" in html
    assert "rt-play-refusal" not in html
    hand_after = _hand_labels(at)
    at.button(key=K.UNDO).click().run()
    assert 'data-move="1"' not in html_of(at)
    assert _hand_labels(at) == [rg_cards([c]) for c in expected]
    at.button(key="play.card.0").click().run()
    at.button(key="play.play").click().run()
    again = play_app("play-rg")  # a reload: a new session, the same learner
    assert _hand_labels(again) == hand_after
    assert 'data-move="1"' in html_of(again)


def test_a_dungeon_mayhem_duel_shows_only_your_hand_and_the_legal_moves() -> None:
    at = play_app("play-dm", game="dungeon_mayhem", players="2", seed="3", chars="Azzan,Lia")
    at.button(key=K.START).click().run()
    assert not at.exception
    html = html_of(at)
    assert html.count('class="dm-hand"') == 1  # Lia's hand stays hidden
    at.toggle(key=K.HIGHLIGHT).set_value(True).run()
    html = html_of(at)
    assert "Legal now: plays" in html
    cards = [b for b in at.button if b.key and b.key.startswith("play.card.")]
    assert cards and all(b.icon for b in cards)  # every card in hand is a legal play
    cards[0].click().run()
    assert not at.exception
    html = html_of(at)
    assert 'data-move="1"' in html
    assert re.search(r"Why the bot chose it: ", html) or "Your move" in html


def test_a_stored_game_that_no_longer_replays_offers_a_new_game() -> None:
    learner = uid("play-broken")
    gid = store.new_game(learner, start(Setup("regicide", 1, seed=1)))
    from sqlalchemy import text

    from tutor.store import engine

    with engine().begin() as conn:
        conn.execute(text("UPDATE play_game SET moves = '[{\"a\": {\"type\": \"Castle\"}}]' WHERE id = :i"), {"i": gid})
    at = play_app("play-broken")
    assert at.button(key=K.START)  # the new-game form, no traceback


def _move_like_the_bot(at: AppTest) -> None:
    """Make the move the heuristic bot would make, by clicking the learner's buttons."""
    import random

    from engine import regicide as rg
    from tutor.play.bots import HeuristicBot

    _gid, played = at.session_state[K.PLAYED]
    action, _reason = HeuristicBot("regicide").choose(played.state, random.Random(0))
    if isinstance(action, rg.SoloJester):
        at.button(key="play.jester").click().run()
        return
    hand = played.state.hands[0]
    for card in action.cards:
        at.button(key=f"play.card.{hand.index(card)}").click().run()
    at.button(key="play.play" if isinstance(action, rg.Play) else "play.discard").click().run()


def test_going_back_to_an_earlier_move_and_a_refused_move_feeding_practice() -> None:
    at = play_app("play-back", seed="21")
    at.button(key=K.START).click().run()
    _gid, first = at.session_state[K.PLAYED]
    for _ in range(3):
        _move_like_the_bot(at)
    _gid, played = at.session_state[K.PLAYED]
    assert len(played.entries) == 3
    at.selectbox(key=K.BACK_TO).set_value(2).run()
    at.button(key="play.go_back").click().run()
    _gid, back = at.session_state[K.PLAYED]
    assert back.records() == played.records()[:1] and back.state == played.entries[1].before
    at.button(key="play.yield").click().run()  # refused: the rule comes back in Practice
    from tutor.practice import store as practice_store

    assert "REG.solo.no_yield" in practice_store.memories(uid("play-back"), "regicide")
    assert first.state == played.entries[0].before


def test_the_guided_first_game_of_regicide_is_won_step_by_step() -> None:
    from engine import regicide as rg
    from tutor.play.codec import decode
    from tutor.play.tutorial import tutorial

    at = play_app("play-tutorial")
    at.button(key="play.tutorial").click().run()
    t = tutorial("regicide")
    from ui.html import esc

    assert esc(t.steps[0].say.en) in html_of(at)
    at.button(key="play.card.0").click().run()  # the Ace of Spades: legal, not the move it asks for
    at.button(key="play.play").click().run()
    html = html_of(at)
    assert "The guided game asks for another move" in html and esc(t.steps[0].why.en) in html
    at.button(key="play.card.0").click().run()  # unselect
    for step in t.steps:
        _gid, played = at.session_state[K.PLAYED]
        want = decode("regicide", step.want)
        hand = played.state.hands[0]
        for card in want.cards:
            at.button(key=f"play.card.{hand.index(card)}").click().run()
        at.button(key="play.play" if isinstance(want, rg.Play) else "play.discard").click().run()
        assert not at.exception
    html = html_of(at)
    assert "You won the game" in html and 'data-testid="rt-play-tutorial-done"' in html
    assert "practice?game=regicide&amp;rule=REG.suit.spades" in html  # each rule met opens its practice


def dm_key(action: object) -> str:
    """The Play page's button for a Dungeon Mayhem move (ui/play_controls.py names them so)."""
    from engine.dungeon_mayhem import actions as A

    if isinstance(action, A.PlayCard):
        return f"play.card.{action.index}"
    if isinstance(action, (A.ChooseTarget, A.ChooseDefense)) and action.defense is not None:
        return f"play.def.{action.player}.{action.defense}"
    if isinstance(action, (A.ChooseTarget, A.ChoosePlayer)):
        return f"play.seat.{action.player}"
    raise AssertionError(f"no button for {action}")


def test_the_guided_first_game_of_dungeon_mayhem_is_won_with_the_bots_scripted_moves() -> None:
    """A new learner starts the guided duel: the words of each step lead, a legal move it does not ask for gets
    the tutorial's reason, the bot's scripted moves come with their reasons, and the game ends won with the rules
    met (a Mighty Power among them) each linking to its practice."""
    from tutor.play.live import tutorial_step
    from tutor.play.tutorial import tutorial, wanted
    from ui.html import esc

    at = play_app("play-tutorial-dm")
    at.button(key="play.tutorial.dm").click().run()
    t = tutorial("dungeon_mayhem")
    html = html_of(at)
    assert esc(t.steps[0].say.en) in html and "step 1 of 12" in html  # the learner's 12 steps; the bot's 11 are not counted
    at.button(key="play.card.1").click().run()  # Head Butt: legal, not the move it asks for
    html = html_of(at)
    assert "The guided game asks for another move" in html and esc(t.steps[0].why.en) in html
    assert len(at.session_state[K.PLAYED][1].entries) == 0
    while True:
        _gid, played = at.session_state[K.PLAYED]
        step = tutorial_step(played)
        if step is None:
            break
        assert not step.bot  # the bots' steps are played by the page, never left to the learner
        at.button(key=dm_key(wanted("dungeon_mayhem", played.state, step.want))).click().run()
        assert not at.exception
    _gid, played = at.session_state[K.PLAYED]
    assert played.outcome is not None and played.outcome.winner == 0 and len(played.entries) == len(t.steps)
    html = html_of(at)
    assert esc(t.steps[2].say.en) in html  # the bot's scripted move, with its reason, in the log
    assert 'data-testid="rt-play-tutorial-done"' in html
    assert "practice?game=dungeon_mayhem&amp;rule=DM.power.mighty_toss" in html


SEATS = {"Sutha": 1, "Azzan": 2}  # the guided duel: the learner plays Sutha, the bot Azzan


def _hp(html: str, who: str) -> str:
    """A seat's hit points as its board draws them (the element keyed by its hit points)."""
    found = re.search(rf'data-key="[^"]*player:{SEATS[who]}\|hp[^"]*"[^>]*>.*?(\d+)/10', html)
    assert found, who
    return found.group(1)


def test_a_finished_game_is_replayed_move_by_move_read_only() -> None:
    """From "Your games", a won game (the guided duel, kept) opens at its deal; Next, Last, Previous and First
    step through it, the board and the log at each move; nothing can be played there."""
    from tutor.play.live import attempt, tutorial_step
    from tutor.play.tutorial import tutorial, wanted

    t = tutorial("dungeon_mayhem")
    played = start(Setup("dungeon_mayhem", 2, (0,), "heuristic", 0, t.characters, "first_game"))
    while (step := tutorial_step(played)) is not None:
        after = attempt(played, wanted("dungeon_mayhem", played.state, step.want))
        assert not isinstance(after, Refusal), after
        played = after
    learner = uid("play-replay")
    gid = store.new_game(learner, played)
    at = play_app("play-replay")
    at.button(key=f"play.replay.open.{gid}").click().run()
    assert not at.exception
    html = html_of(at)
    assert "The deal, before move 1 of 23" in html and _hp(html, "Azzan") == "10"
    assert at.button(key="play.replay.prev").disabled and not at.button(key="play.replay.next").disabled
    assert not [b for b in at.button if b.key and b.key.startswith("play.card.")]  # read-only: no move to make
    at.button(key="play.replay.next").click().run()
    at.button(key="play.replay.next").click().run()
    html = html_of(at)
    assert "Move 2 of 23: Sutha (you)" in html and _hp(html, "Azzan") == "7"
    assert 'data-move="2"' in html and 'data-move="3"' not in html  # the log up to this move
    at.button(key="play.replay.last").click().run()
    html = html_of(at)
    assert "Move 23 of 23" in html and _hp(html, "Azzan") == "0" and "wins the game" in html
    assert at.button(key="play.replay.next").disabled
    at.button(key="play.replay.prev").click().run()
    assert _hp(html_of(at), "Azzan") == "3"
    at.button(key="play.replay.first").click().run()
    assert "The deal, before move 1 of 23" in html_of(at)
    at.button(key="play.replay.close").click().run()
    assert "Replay of a kept game" not in html_of(at)
