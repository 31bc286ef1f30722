"""Drive the lesson player as a person would; answers come from the engine, not from the test."""

from __future__ import annotations

from typing import Any, Callable

from playwright.sync_api import Page, expect

from tutor import i18n
from tutor.games.base import ILLEGAL, ILLEGAL_LABEL, Choice
from tutor.lessons import slide_question
from tutor.library import Library
from tutor.models import Lesson, QuestionSlide
from tutor.questions import label_of, part_views
from ui.state import RulingKeys


#: A first render, or the first after a server restart, may wait this long (ms). It is not a budget:
#: the server is healthy and warm before a test gets its URL (conftest.Server), so what is left is the
#: browser loading Streamlit and one script run, which a machine with every core busy can stretch to
#: tens of seconds. The waits end as soon as the page is there.
FIRST_RENDER = 180_000
CONNECTED = "[data-testid='stApp'][data-test-connection-state='CONNECTED']"
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


def key(k: str) -> str:
    """The CSS selector of the element container Streamlit gives a widget key."""
    return ".st-key-" + k.replace(".", "-")


# A page drawn in two runs (ui/ruling_view.py: the ruling first, the editor and the rest a moment later)
# holds this container until its second run is done.
STILL_TO_COME = key(RulingKeys.CONTINUE)


def wait_idle(page: Page, timeout: float = 60_000) -> None:
    """Wait until Streamlit has finished the current rerun (as Streamlit's own e2e tests do)."""
    page.wait_for_timeout(120)
    page.wait_for_selector(IDLE, state="attached", timeout=timeout)
    page.wait_for_timeout(80)


def open_page(page: Page, url: str) -> None:
    """Go to ``url`` and wait for the first render: the app connected and its first script run done."""
    page.goto(url, timeout=FIRST_RENDER)
    wait_first_render(page)


def wait_first_render(page: Page) -> None:
    """The app connected, its first run done, and a page drawn in two runs complete."""
    page.wait_for_selector(CONNECTED, state="attached", timeout=FIRST_RENDER)
    wait_idle(page, FIRST_RENDER)
    if page.locator(STILL_TO_COME).count():
        page.wait_for_selector(STILL_TO_COME, state="detached", timeout=FIRST_RENDER)
        wait_idle(page, FIRST_RENDER)


def reload_page(page: Page) -> None:
    """Reload and wait for the render, as for a first one."""
    page.reload(timeout=FIRST_RENDER)
    wait_first_render(page)


def engine_answer(lib: Library, slide: QuestionSlide) -> Any:
    scn, q = slide_question(lib, slide)
    return lib.asked(scn.id, q.id).answer


def words(lang: str, text: str, game: str | None = None) -> str:
    """An interface string (or a game's fixed phrase) as the page shows it in ``lang``."""
    return i18n.gettext_in(lang, text, game)


def choice_label(lang: str, c: Choice, game: str) -> str:
    """A choice's label as the page shows it in ``lang`` (ui/answers.py)."""
    if c.message is not None and lang != "en":
        return i18n.render(c.message, lang, game, False)
    return words(lang, c.label, game)


def click_choice(page: Page, group: str, label: str) -> None:
    page.get_by_role("radiogroup", name=group).get_by_text(label, exact=True).click()


def answer(page: Page, lib: Library, slide: QuestionSlide, *, right: bool, lang: str = "en",
           give_up: bool = True) -> None:
    """Pick the engine's answer (right=True) or a wrong one, then click Check (the page in ``lang``). Where a
    wrong first answer is offered a second try, ``give_up`` declines it ("Show the answer"): the solution shows."""
    scn, q = slide_question(lib, slide)
    solution = lib.asked(scn.id, q.id).solution
    if lang != "en":
        scn = lib.in_language(scn.id, lang)  # type: ignore[assignment]
        q = scn.question(q.id)
    views = part_views(scn, q, solution)
    game = scn.game
    illegal_label = words(lang, ILLEGAL_LABEL)
    correct = engine_answer(lib, slide)
    multi = q.parts is not None
    if correct == ILLEGAL and right:
        if multi:
            page.get_by_text(illegal_label, exact=True).click()
        else:
            click_choice(page, words(lang, views[0].label, game), illegal_label)
        wait_idle(page)
    else:
        for n, v in enumerate(views):
            want = correct.get(v.key) if isinstance(correct, dict) else (correct if not multi else None)
            if v.kind == "multi_select":
                keys = list(want or []) if right or n > 0 else ([] if want else [v.choices[0].key])
                group = page.get_by_test_id("stButtonGroup")
                for c in v.choices:
                    if c.key in keys:
                        group.get_by_role("button", name=choice_label(lang, c, game), exact=True).click()
                        wait_idle(page)
                continue
            if v.kind == "number":
                value = want if (right or n > 0) else (0 if want else 1) if isinstance(want, int) else 0
                box = page.get_by_label(words(lang, v.label, game), exact=True)  # not a board zone that says it too
                box.fill(str(value))
                box.press("Enter")
                wait_idle(page)
                continue
            options = [c for c in v.choices]
            if right:
                pick = next(c for c in options if c.key == want and type(c.key) is type(want))
            elif n == 0:
                pick = next(c for c in options if not (c.key == want and type(c.key) is type(want)))
            else:
                pick = options[0] if want is None else next(c for c in options if c.key == want)
            click_choice(page, words(lang, v.label, game), choice_label(lang, pick, game))
            wait_idle(page)
    page.get_by_role("button", name=words(lang, "Check")).click()
    expect(page.get_by_role("status")).to_be_visible()
    wait_idle(page)
    show = page.get_by_role("button", name=words(lang, "Show the answer"), exact=True)
    if not right and give_up and show.count():
        show.click()
        expect(page.locator("#rt-verdict .rt-answer-review")).to_be_visible()
        wait_idle(page)


def expect_wrong_feedback(page: Page, lib: Library, slide: QuestionSlide) -> None:
    """After a wrong Check: "Not quite.", the engine's answer, and the engine's deciding step leading the why."""
    scn, q = slide_question(lib, slide)
    status = page.get_by_role("status")
    expect(status).to_contain_text("Not quite.")
    expect(status).to_contain_text(label_of(scn, q, engine_answer(lib, slide)))
    deciding = lib.asked(scn.id, q.id).explanation.deciding_step
    assert deciding is not None
    expect(page.locator(".rt-why .rt-decides")).to_contain_text(deciding.text)


def take_lesson(page: Page, lib: Library, lesson: Lesson, wrong: set[int] = frozenset(), shots: Any = None,
                lang: str = "en") -> None:
    """Go through every slide; answer question number k (1-based) wrongly if k is in ``wrong``."""
    k = 0
    for i, slide in enumerate(lesson.slides):
        if isinstance(slide, QuestionSlide):
            k += 1
            answer(page, lib, slide, right=k not in wrong, lang=lang)
            verdict = words(lang, "Not quite.") if k in wrong else words(lang, "Right!")
            expect(page.get_by_role("status")).to_contain_text(verdict)
            if shots:
                shots(f"{lesson.id}-q{k}")
        page.get_by_role("button", name=words(lang, "Continue")).click()
        wait_idle(page)


def walk_to(page: Page, lib: Library, lesson: Lesson, wanted: Callable[[QuestionSlide], bool]) -> QuestionSlide:
    """From the lesson's first slide, answer rightly and continue until the first question ``wanted`` picks;
    return that slide (not yet answered)."""
    for slide in lesson.slides:
        if isinstance(slide, QuestionSlide):
            if wanted(slide):
                return slide
            answer(page, lib, slide, right=True)
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    raise AssertionError(f"no such question in {lesson.id}")
