"""The test game's guided first game (``tutor_tic_tac_toe/tutorials/first_game.yaml``, its deal model and set-up in
``tutor_tic_tac_toe/guide.py``, named by its play hook): found through the registry with no edit outside
``tests/fourth_game``, offered on the Play page beside the app's two, played to a win in an AppTest, and checked by
``rules-tutor check``'s replay, a broken copy named at ``path:line:col``."""

from __future__ import annotations

from pathlib import Path

from tests.fourth_game.test_fourth_game import run

GUIDED = """
from streamlit.testing.v1 import AppTest
from tests.ids import uid
from tutor.play.tutorial import guided, tutorial
from ui.html import esc
from ui.play_view import K
at = AppTest.from_file("app.py", default_timeout=120)
at.query_params["u"] = uid("apptestguide04")
at.switch_page("ui/pages/play.py").run()
assert not at.exception, at.exception
html = lambda: "\\n".join(e.proto.body for e in at.get("html"))
print("GUIDED", list(guided()))
print("BUTTONS", sorted((b.key, b.label) for b in at.button if b.key and b.key.startswith("play.tutorial")))
at.button(key="play.tutorial.ttt").click().run()
assert not at.exception, at.exception
t = tutorial("tic_tac_toe")
assert esc(t.steps[0].say.en) in html() and "step 1 of 3" in html(), html()[-3000:]
at.button(key="play.square.1").click().run()  # legal, but not the centre the step asks for
assert "The guided game asks for another move" in html() and esc(t.steps[0].why.en) in html()
assert len(at.session_state[K.PLAYED][1].entries) == 0
at.button(key="play.square.5").click().run()
assert 'data-move="2"' in html() and esc(t.steps[1].say.en) in html()  # O's scripted reply, its reason logged
assert "step 2 of 3" in html()
at.button(key="play.square.2").click().run()  # O's square: refused by its rule, not by the tutorial
assert 'data-rule="TTT.place.empty"' in html() and "is already marked" in html()
for square in (1, 9):
    at.button(key=f"play.square.{square}").click().run()
    assert not at.exception, at.exception
_gid, played = at.session_state[K.PLAYED]
page = html()
print("WON", played.outcome.winner, len(played.entries), "X (you) wins the game (Three in a row)" in page,
      'data-testid="rt-play-tutorial-done"' in page, "practice?game=tic_tac_toe&amp;rule=TTT.win.line" in page)
"""


def test_its_guided_first_game_is_offered_and_won_on_the_play_page(tmp_path: Path) -> None:
    """The Play page's guided games come from the registry: the test game's button (its key derived from its id)
    joins the app's two; its steps lead the learner, a legal square it does not ask for gets the tutorial's reason,
    a marked one its rule, the bot's scripted replies come with their reasons, and the game ends won by the learner
    with the rules met, each opening its practice."""
    res = run(["-c", GUIDED], tmp_path)
    assert res.returncode == 0, res.stderr[-3000:]
    out = dict(line.split(" ", 1) for line in res.stdout.splitlines() if line.split(" ", 1)[0] in
               ("GUIDED", "BUTTONS", "WON"))
    assert out["GUIDED"] == "['regicide', 'dungeon_mayhem', 'tic_tac_toe']"
    assert out["BUTTONS"] == str([("play.tutorial", "A guided first game of Regicide"),
                                  ("play.tutorial.dm", "A guided first game of Dungeon Mayhem"),
                                  ("play.tutorial.ttt", "A guided first game of Tic-tac-toe")])
    assert out["WON"] == "0 5 True True True"


BROKEN = """
import sys
from pathlib import Path
from tests.fourth_game.tutor_tic_tac_toe.guide import GUIDE, FOLDER
from tutor.play.tutorial import check_all
text = (FOLDER / "first_game.yaml").read_text(encoding="utf-8")
print("SHIPPED", check_all())
folder = Path(sys.argv[1])
GUIDE.folder = folder  # the guide's folder, holding broken copies
(folder / "bad_value.yaml").write_text(text.replace("to_move: X", "to_move: Z"), encoding="utf-8")
(folder / "taken.yaml").write_text(text.replace("square: 9}", "square: 2}"), encoding="utf-8")
for p in check_all():
    print("PROBLEM", p)
"""


def test_rules_tutor_check_replays_it_and_positions_what_is_wrong(tmp_path: Path) -> None:
    res = run(["-c", BROKEN, str(tmp_path)], tmp_path)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "SHIPPED []" in res.stdout
    problems = [line.split(" ", 1)[1] for line in res.stdout.splitlines() if line.startswith("PROBLEM ")]
    assert len(problems) == 2, problems
    assert problems[0].startswith(f"{tmp_path}/bad_value.yaml:11:12: board.to_move: Input should be 'X' or 'O'")
    assert problems[1] == (f"{tmp_path}/taken.yaml:47:11: steps[4].want: step 5: the move asked for is refused: "
                           "TTT.place.empty: square 2 is already marked")  # at the step's move, naming its rule
