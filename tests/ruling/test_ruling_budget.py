"""The ruling page under the work budget (issue 29): an expensive link, pasted YAML or an upload is refused with
its limit and figure in the reader's language, and the page stays usable."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ruling.test_ruling_page import ruling_app, shown
from tests.tutor.test_budget import expensive
from tutor import share
from tutor.budget import CONTENT
from ui.state import RulingKeys as K


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


def test_an_expensive_link_is_refused_with_its_limit_and_the_empty_board_stays() -> None:
    at = ruling_app(s=share.encode(expensive()))
    assert not at.exception
    cap = CONTENT.questions
    assert [e.value.replace("\\", "") for e in at.error if f"more than {cap}" in e.value] == [
        f"This shared link cannot be opened: it has more than {cap} questions; at most {cap} can be worked out "
        "at once."]  # counting stopped at the first question over the limit, before anything was built
    assert not [c.value for c in at.code if f"more than {cap}" in c.value]  # said once, not again as a problem
    assert "game: marvel_champions" in at.session_state[K.YAML]  # the template, still ruled on


def test_the_refusal_is_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.budget import OverBudget
    from ui.budget_text import over_budget, refused

    monkeypatch.setattr("tutor.speaking.current", lambda: "vi")  # what ui.i18n follows
    assert over_budget(OverBudget("questions", 320, 40)) == ("tình huống có 320 câu hỏi; mỗi lần chỉ giải được tối "
                                                             "đa 40 câu")
    assert over_budget(OverBudget("questions", 41, 40, more=True)) == ("tình huống có hơn 40 câu hỏi; mỗi lần chỉ "
                                                                       "giải được tối đa 40 câu")
    assert refused(OverBudget("cpu", 3.2, 3)).startswith("Tình huống này không được giải: việc giải nó tốn hơn 3 giây")
    monkeypatch.setattr("tutor.speaking.current", lambda: "pa")
    assert over_budget(OverBudget("plays", 130, 120)) == ("ਇਸ ਦੀਆਂ ਚਾਲਾਂ ਦੀਆਂ ਲੜੀਆਂ ਵਿੱਚ 130 ਚਾਲਾਂ ਹਨ; ਇੱਕ ਵਾਰ ਵਿੱਚ ਵੱਧ ਤੋਂ ਵੱਧ "
                                                          "120 ਹੱਲ ਕੀਤੀਆਂ ਜਾ ਸਕਦੀਆਂ ਹਨ")
    assert over_budget(OverBudget("plays", 121, 120, more=True)).startswith("ਇਸ ਦੀਆਂ ਚਾਲਾਂ ਦੀਆਂ ਲੜੀਆਂ ਵਿੱਚ 120 ਤੋਂ ਵੱਧ")


def test_pasted_yaml_over_the_budget_is_refused_beside_the_editor() -> None:
    at = ruling_app()
    at.text_area(key=K.YAML).input(expensive(CONTENT.questions + 5)).run()
    assert not at.exception
    want = (f"This situation was not worked out: it has more than {CONTENT.questions} questions; at most "
            f"{CONTENT.questions} can be worked out at once.")
    assert any(shown(e.value) == want for e in at.error), [e.value for e in at.error]
    assert not at.get("html") or not any('data-testid="rr-ruling"' in h.proto.body for h in at.get("html"))
