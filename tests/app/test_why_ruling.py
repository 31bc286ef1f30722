"""AppTest: "Why?" beside each answer on the ruling page (issue 23 item 5)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tutor import i18n, share
from tutor.library import SCENARIOS, load
from tutor.why import whys
from tests.app.conftest import ROOT, html_of

FILE = SCENARIOS / "dungeon_mayhem" / "again_exhausted.yaml"


def _ruling(lang: str) -> str:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["s"] = share.encode(FILE.read_text(encoding="utf-8"))
    at.query_params["lang"] = lang
    at.switch_page("ui/pages/ruling.py")
    at.run().run()
    assert not at.exception
    body = html_of(at)
    return body[body.index('<table class="rr-answers"'):body.index("</table>")]


def test_each_answer_has_its_why_with_the_chain_of_its_quantities() -> None:
    lang = "en"  # (the page in Vietnamese: tests/app/test_retry_hint.py, the lesson page)
    table = _ruling(lang)
    (scn,) = load([FILE]).scenarios.values()
    lib = load([FILE])
    rows = table.split("<tr>")[1:]
    assert len(rows) == len(scn.questions)
    for row, q in zip(rows, scn.questions):
        found = whys(lib.asked(scn.id, q.id))
        assert ('data-testid="rt-why-ask"' in row) == bool(found)
        for w in found:  # each question in the page's language, each step of its chain with its change
            assert i18n.render(w.question, lang, scn.game).replace("'", "&#x27;") in row
            assert row.count(f'data-key="{" ".join(w.key)}"') == 1
    assert any(whys(lib.asked(scn.id, q.id)) for q in scn.questions)
