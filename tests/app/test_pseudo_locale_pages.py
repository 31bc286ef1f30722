"""The test-only pseudo-locale ``en-XA`` (tests/pseudo_locale.py) through the app: the home page and a lesson
page with ``?lang=en-XA`` open with no code edit, and no English word of the catalogs is left on them (the
lessons' own texts are content, translated by translation files, and are set aside)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from tests import pseudo_locale
from tests.ids import uid
from tutor import i18n

ROOT = Path(__file__).resolve().parents[2]
CLDR = {"and", "or"}  # Babel's list words for the pseudo-locale's CLDR locale (en)


def _names() -> set[str]:
    """The games' names and ours (Rules Tutor): product titles, shown as they are in every language."""
    from tutor.games import GAMES, plugin

    games = {w for g in GAMES for w in re.findall(r"[A-Za-z]+", plugin(g).name)}
    # each language's own name in the language menu ("English" is English in every language)
    languages = {w for info in i18n.LANGUAGES.values() for w in re.findall(r"[A-Za-z]+", info.name)}
    # a card's printed names (a hero's alter-ego, Warren Worthington III) are the card's, shown as printed
    from engine.marvel_champions.cards import CARDS

    printed = {w for c in CARDS for n in (c.name, c.alter_ego or "") for w in re.findall(r"[A-Za-z]+", n)}
    return {"Rules", "Tutor"} | games | languages | printed


@pytest.fixture
def en_xa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(i18n.LANGUAGES, pseudo_locale.CODE, pseudo_locale.build(tmp_path / "locale"))
    i18n.reload()
    yield pseudo_locale.CODE
    i18n.reload()


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)


def _documents() -> set[str]:
    """Every cited document's title as the explanations show it (a title, kept as published), for every step
    of every library question; our own rulings' labels are not among them (they are our words)."""
    from tutor.games import plugin
    from tutor.library import default_library

    lib, out = default_library(), set()
    for sid, scn in lib.scenarios.items():
        for q in scn.questions:
            if lib.answerable(sid, q.id):
                out |= {c.label for step in lib.asked(sid, q.id).explanation.steps
                        for c in plugin(scn.game).sources.cite(step.source) if c.source is not None}
    return out


def _cited() -> set[str]:
    """The ruling checker's starting situations (tutor.templates: YAML a user edits, like a scenario file) and the
    locators every glossary rule cites (a rulebook's own section names, "Tough, Damage, Defeat"): content."""
    from tutor import templates
    from tutor.games import GAMES, plugin

    asked = {p for game in templates.templates() for p in templates.prompts(game)}  # its questions are translated
    out = {s for text in templates.templates().values() for s in _strings(yaml.safe_load(text))} - asked
    return out | {c.locator for g in GAMES for rule in plugin(g).glossary
                  for c in plugin(g).sources.cite(rule.source) if c.source is not None and c.locator}


def _content() -> list[str]:
    """Every text of the lesson and scenario files and every cited document's title (longest first): content
    and titles, not the interface."""
    texts: set[str] = _documents() | _cited()
    for path in [*ROOT.glob("lessons/**/*.yaml"), *ROOT.glob("scenarios/**/*.yaml")]:
        if re.search(r"\.[a-z]{2}\.yaml$", path.name):
            continue
        for s in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            texts |= {s.strip(), *(line.strip() for line in s.splitlines() if line.strip())}
    return sorted((t for t in texts if len(t) > 2), key=len, reverse=True)


def _settings() -> list[str]:
    """Every engine setting our rulings name (``discard_timing = end_of_turn``): code, not words."""
    from tutor.games import GAMES, plugin

    return sorted({r.setting for g in GAMES for r in plugin(g).sources.rulings if r.setting}, key=len, reverse=True)


def _visible(at: AppTest) -> list[str]:
    out: list[str] = []
    for kind in ("markdown", "caption", "header", "subheader", "title", "info", "warning", "error", "success"):
        out += [str(e.value) for e in at.get(kind)]
    out += [re.sub(r"<[^>]*>", " ", html.unescape(e.proto.body)) for e in at.get("html")
            if "<script" not in e.proto.body and "<style" not in e.proto.body]
    for kind in ("button", "selectbox", "radio", "checkbox", "text_input", "number_input", "multiselect"):
        for e in at.get(kind):
            out.append(str(getattr(e, "label", "") or ""))
            out += [str(o) for o in getattr(e, "options", []) or []]
    return out


def _leaks(at: AppTest) -> list[str]:
    vocabulary = {w for pot in i18n.LOCALE.glob("*.pot") for line in pot.read_text(encoding="utf-8").splitlines()
                  if line.startswith("msgid") for w in re.findall(r"[A-Za-z]{3,}", line)}
    # the language picker names each language in itself ("English" too); an engine setting is code a scenario
    # writer types (``label_then_basic_defense = true``), shown as written on the sources page
    content, allowed = [*_settings(), *_content()], CLDR | _names() | {i18n.LANGUAGES[i18n.DEFAULT].name}
    found = []
    for text in _visible(at):
        text = re.sub(r"\\(.)", r"\1", text)  # Markdown escapes (label_escape): Spider\-Man is Spider-Man
        for c in content:
            if c in text:
                text = text.replace(c, " ")
        text = re.sub(r"\b(?:MC|DM|REG)\.[\w.]+|https?://\S+", " ", text)  # rule ids and links are not words
        text = re.sub(r"`[^`]*`", " ", text)  # nor code (a file name, a command to type)
        found += [w for w in pseudo_locale.leaks(text, allowed) if w in vocabulary]
    return sorted(set(found))


def _page(page: str, timeout: float = 60, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    at.query_params["lang"] = pseudo_locale.CODE
    at.query_params["u"] = uid("pseudoxa0001")
    for k, v in params.items():
        at.query_params[k] = v
    at.switch_page(page).run()
    assert not at.exception
    return at


def test_the_home_page_in_the_pseudo_locale(en_xa: str) -> None:
    at = _page("ui/pages/home.py")
    assert sum("⟦" in t for t in _visible(at)) > 5  # it speaks the pseudo-locale
    assert _leaks(at) == []


def test_a_lesson_page_in_the_pseudo_locale(en_xa: str) -> None:
    at = _page("ui/pages/lesson.py", lesson="rg.1_setup_turn")
    assert sum("⟦" in t for t in _visible(at)) > 5
    assert _leaks(at) == []


def test_a_lesson_question_its_board_and_its_explanation_in_the_pseudo_locale(en_xa: str) -> None:
    """A question slide (board, choices), then a wrong answer given up: the review and the explanation."""
    from ui.lesson_view import Keys

    at = _page("ui/pages/lesson.py", lesson="mc.defense_1")
    at.session_state[Keys.SLIDE] = 3  # question 2 (Lend a hand)
    at.run()
    shown = _leaks(at)
    at.radio(key=Keys.answer("mc.defense_1", 3, "attacked_player")).set_value("p1").run()
    at.radio(key=Keys.answer("mc.defense_1", 3, "target")).set_value("Spider-Woman").run()
    at.button(key=Keys.CHECK).click().run()
    at.button(key=Keys.GIVE_UP).click().run()
    assert not at.exception and at.session_state[Keys.ANSWERS]["3"]["correct"] is False
    assert (shown, _leaks(at)) == ([], [])


@pytest.mark.parametrize(("page", "params"), [
    ("ui/pages/practice.py", {"game": "regicide"}),
    ("ui/pages/practice.py", {"game": "dungeon_mayhem"}),
    ("ui/pages/practice.py", {"game": "marvel_champions"}),
    ("ui/pages/play.py", {}),
    ("ui/pages/teacher.py", {}),
    ("ui/pages/join.py", {}),
    ("ui/pages/ruling.py", {}),
    ("ui/pages/rulings.py", {}),
], ids=["practice-rg", "practice-dm", "practice-mc", "play", "teacher", "join", "ruling", "rulings"])
def test_every_other_page_in_the_pseudo_locale(en_xa: str, page: str, params: dict[str, str],
                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: practice items (caption, moment, prompt, input label), the ruling checker, play, the teacher's
    and the student's quiz pages speak the learner's language too."""
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    at = _page(page, timeout=300, **params)  # a practice page generates its first items
    assert sum("⟦" in t for t in _visible(at)) > 2
    assert _leaks(at) == []
