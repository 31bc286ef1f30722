"""AppTest of "What if I had played X?" on the Play page: from a past position of the game in progress, another
move on a side line, compared side by side with the game's own line; the side line can become the game. From a
replayed record, the same comparison, read-only."""

from __future__ import annotations

import random


from tests.app.conftest import html_of
from tests.ids import uid
from tutor.play import store
from tutor.play.bots import bot
from tutor.play.live import Played, Refusal, Setup, attempt, start
from tutor.play.whatif import Fork, choices
from ui import play_whatif as W
from ui.play_view import K
from tests.app.test_play_page import play_app




def _played(setup: Setup, moves: int) -> Played:
    played = start(setup)
    for k in range(moves):
        action, _ = bot(setup.game, "heuristic").choose(played.state, random.Random(k))
        got = attempt(played, action)
        assert not isinstance(got, Refusal), got
        played = got
    return played


def test_a_side_line_from_the_game_in_progress_is_compared_and_can_become_the_game() -> None:
    learner = uid("play-whatif")
    store.new_game(learner, _played(Setup("regicide", 1, seed=21), 3))
    at = play_app("play-whatif")
    gid, played = at.session_state[K.PLAYED]
    assert at.selectbox(key=W.from_key(played)).value == 2  # the latest position where you chose first
    at.selectbox(key=W.from_key(played)).set_value(1).run()
    moves = choices(played, 1)
    k = at.selectbox(key=f"{W.MOVE}.1").value
    assert moves[k] != played.entries[1].action  # another move than the one played is offered first
    at.button(key=W.GO).click().run()
    assert not at.exception
    html = html_of(at)
    assert 'data-testid="rt-play-whatif"' in html and "The ruling changes." in html
    assert 'data-testid="rt-play-whatif-left"' in html and 'data-testid="rt-play-whatif-right"' in html
    assert any("As played" in m.value for m in at.markdown) and any("What if" in m.value for m in at.markdown)
    _where, _total, f = at.session_state[W.FORK]
    assert isinstance(f, Fork) and f.side_line[0].action == moves[k]
    at.button(key=W.ADOPT).click().run()  # the side line becomes the game, kept
    _gid, now = at.session_state[K.PLAYED]
    assert now.records() == f.side.records() and W.FORK not in at.session_state
    again = play_app("play-whatif")  # a reload finds the side line as the game
    assert again.session_state[K.PLAYED][1].records() == f.side.records()


def test_a_side_line_from_a_replayed_record_is_compared_read_only() -> None:
    learner = uid("play-whatif-replay")
    played = _played(Setup("dungeon_mayhem", 2, (0,), "heuristic", 5, ("Sutha", "Azzan")), 6)
    gid = store.new_game(learner, played)
    store.new_game(learner, start(Setup("regicide", 1, seed=1)))  # the first is abandoned: a record to replay
    at = play_app("play-whatif-replay")
    at.button(key=f"play.replay.open.{gid}").click().run()
    n = next(k for k in range(len(played.entries)) if not played.entries[k].bot and len(choices(played, k)) > 1)
    for _ in range(n):
        at.button(key="play.replay.next").click().run()
    assert at.selectbox(key=W.from_key(played)).value == n
    at.button(key=W.GO).click().run()
    assert not at.exception
    html = html_of(at)
    assert 'data-testid="rt-play-whatif"' in html and "Replay of a kept game" in html
    assert not [b for b in at.button if b.key == W.ADOPT]  # a record is only read
    at.button(key="play.replay.next").click().run()  # another position: that side line is no longer shown
    assert 'data-testid="rt-play-whatif"' not in html_of(at)


def test_stepping_a_regicide_replay_offers_each_position_in_turn() -> None:
    """Every position of a Regicide solo game is the learner's: stepping on moves the picker with it."""
    learner = uid("play-whatif-steps")
    played = _played(Setup("regicide", 1, seed=21), 3)
    gid = store.new_game(learner, played)
    store.new_game(learner, start(Setup("regicide", 1, seed=1)))
    at = play_app("play-whatif-steps")
    at.button(key=f"play.replay.open.{gid}").click().run()
    for n in range(3):
        assert at.selectbox(key=W.from_key(played)).value == n
        at.button(key="play.replay.next").click().run()
        assert not at.exception
