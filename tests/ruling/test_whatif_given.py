"""The ruling page's what-if goes through ``given:`` (issue 27 item 5): a variation changes the table exactly as a
question's ``given`` in a file does, a shared link carries the what-if, and a second link opened in the same
session is compared against itself, never against the default board."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor import ruling as rl
from tutor import share
from tutor.given import GivenError, scenario_for
from tutor.library import ROOT, default_library
from ui.state import RulingKeys as K


def text_of(sid: str) -> str:
    p = Path(default_library().paths[sid])
    return (p if p.exists() else ROOT / p).read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


def test_a_variation_of_the_table_is_a_given_and_makes_the_same_setup_as_a_question_given() -> None:
    text = text_of("dm.attack.basic")
    r = rl.check(text)
    v = next(v for v in rl.variations(r) if v.label == "Lia has 2 fewer hit points")
    assert v.change == rl.Change(given={"players": {"Lia": {"hp": 6}}})
    assert rl.apply(text, v.change) == v.text
    # the same given on a question in a file gives the same setup the what-if is solved on
    assert r.scenario is not None
    q = r.scenario.questions[0].model_copy(update={"given": v.change.given})
    assert scenario_for(r.scenario, q).setup == rl.check(v.text).scenario.setup  # type: ignore[union-attr]


def test_a_change_of_plays_is_carried_as_the_plays_instead() -> None:
    text = text_of("rg.turn.basic_attack")
    v = next(v for v in rl.variations(rl.check(text)) if v.label.startswith("Without play 2"))
    assert v.change == rl.Change(actions=[{"seat": 1, "play": ["9H"]}])
    assert rl.change_between(text, v.text) == v.change


def test_a_copy_that_takes_something_out_of_the_table_is_no_given() -> None:
    text = text_of("rg.turn.basic_attack")
    data = rl.data_of(text)
    assert data is not None
    data["setup"].pop("names", None)
    data["setup"].pop("hands")
    assert rl.change_between(text, share.to_yaml(data)) is None  # given can only add and change


def test_a_given_naming_no_player_is_refused_by_the_given_code() -> None:
    with pytest.raises(GivenError, match="no single player called 'Nobody'"):
        rl.apply(text_of("dm.attack.basic"), rl.Change(given={"players": {"Nobody": {"hp": 1}}}))


def page(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.switch_page("ui/pages/ruling.py")
    return at.run().run()


def summary(at: AppTest) -> str:
    return next((x.proto.body for x in at.get("html") if 'data-testid="rr-diff-summary"' in x.proto.body), "")


def test_the_link_carries_the_what_if_and_opens_it_compared() -> None:
    text = text_of("dm.attack.basic")
    at = page(s=share.encode(text))
    labels = [b.label for b in at.button if str(b.key).startswith("ruling.var.")]
    i = next(k for k, lab in enumerate(labels) if "Lia has 2 fewer hit points" in lab)
    at.button(key=K.variation(i)).click().run()
    w = at.query_params["w"]
    assert rl.data_of(share.decode(w)) == {"given": {"players": {"Lia": {"hp": 6}}}}
    assert any("given:" in c.value and "hp: 6" in c.value for c in at.code)  # the change shown as given:
    # a new session opening that link sees the same comparison
    other = page(s=share.encode(text), w=w)
    assert not other.exception
    assert other.session_state[K.WHATIF_ON]
    assert other.session_state[K.WHATIF_TEXT] == rl.apply(text, rl.Change(given={"players": {"Lia": {"hp": 6}}}))
    assert "The ruling changes." in summary(other)


def test_a_link_whose_what_if_does_not_fit_says_so() -> None:
    bad = share.encode(share.to_yaml({"given": {"players": {"Nobody": {"hp": 1}}}}))
    at = page(s=share.encode(text_of("dm.attack.basic")), w=bad)
    assert any("what-if cannot be opened" in shown and "Nobody" in shown for shown in
               (e.value.replace("\\", "") for e in at.error))
    assert not at.session_state[K.WHATIF_ON]


def test_a_second_link_in_the_same_session_is_compared_against_itself() -> None:
    """The bug: the editors' widget state is dropped (or goes stale) while another page is shown; coming back
    on the link last opened, the page kept the default (or the first link's) situation, and the what-if compared
    against it. The situation and the copy are now kept outside the widgets and put back."""
    a, b = text_of("dm.attack.basic"), text_of("rg.turn.basic_attack")
    at = page(s=share.encode(a))
    at.button(key=K.COPY).click().run()
    at.query_params["s"] = share.encode(b)
    del at.query_params["w"]
    at.run()
    assert at.session_state[K.YAML] == b and not at.session_state[K.WHATIF_ON]
    at.button(key=K.COPY).click().run()
    at.switch_page("ui/pages/home.py").run()
    at.switch_page("ui/pages/ruling.py").run()
    assert not at.exception
    assert at.session_state[K.YAML] == b and at.session_state[K.WHATIF_TEXT] == b
    assert at.text_area(key=K.WHATIF).value == b
    assert "Same ruling." in summary(at)
    left = next(x.proto.body for x in at.get("html") if 'data-testid="rr-diff-summary-left"' in x.proto.body)
    assert "Seat 1" in left or "9" in left  # Regicide's steps, not the default Marvel Champions board
    assert "game: regicide" in at.session_state[K.YAML]
