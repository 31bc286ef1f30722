"""The quiz builder's "Draw generated practice items": a game, a rule and a difficulty; the items are drawn
from the pre-generated pool (``tutor.practice.pool``: same choices and seed, same items once the pool holds
enough) and saved inline with the quiz. A draw waits at most ``WAIT`` seconds; the items shown are the ones
saved."""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from tutor.games import GAMES, plugin
from tutor.practice.quizzes import BANDS, Drawn, difficulty, drawing
from tutor.quiz import draft
from ui import html as h
from ui.i18n import _, ngettext
from ui.state import QuizKeys

LEVELS = ("any", *BANDS)
WAIT = 1.5  # seconds a draw waits for the pool (a teacher asked for 20 items: within 2 s)


def _rules(game: str) -> list[str]:
    from tutor.practice.service import Scope, rule_order

    return ["any", *rule_order(Scope(game))]


def _args() -> tuple[str, str | None, str | None, int, int]:
    ss = st.session_state
    rule, level = ss.get(QuizKeys.GEN_RULE), ss.get(QuizKeys.GEN_LEVEL)
    return (ss.get(QuizKeys.GEN_GAME) or GAMES[0], None if rule in (None, "any") else rule,
            None if level in (None, "any") else level, int(ss.get(QuizKeys.DRAW_N) or 0),
            int(ss.get(QuizKeys.SEED) or 0))


def _draw() -> tuple[list[Drawn], bool]:
    """The items for the form's choices: the ones drawn last for the same choices (what the teacher saw and
    saves), unless that draw came up short while the pool was still growing."""
    ss = st.session_state
    args = _args()
    last = ss.get(QuizKeys.GEN_DRAWN)
    if last is not None and last[0] == args and (len(last[1]) >= args[3] or not last[2]):
        return last[1], last[2]
    drawn, growing = drawing(*args, wait=WAIT)
    ss[QuizKeys.GEN_DRAWN] = (args, drawn, growing)
    return drawn, growing


def levels() -> dict[str, str]:
    return {"any": _("any difficulty"), "easy": _("easy"), "medium": _("medium"), "hard": _("hard")}


def rated(rating: float) -> str:
    """A generated item's rating in words: its difficulty, and what the number means."""
    return _("{level} (rated {rating}; 1500 is an average learner's level, higher is harder)").format(
        level=levels()[difficulty(rating)], rating=f"{rating:.0f}")


def entries(drawn: list[Drawn], game: str) -> list[draft.Entry]:
    glossary = plugin(game).glossary
    return [draft.Entry(d.item, "generated", f"{d.prompt} · {glossary[d.rule].title} · {rated(d.rating)}")
            for d in drawn]


def form(add: Callable[[list[draft.Entry]], None]) -> None:
    """The choices, the items drawn for them (each with its difficulty in words), and the button that adds
    them to the quiz being built (``add``)."""
    c1, c2, c3 = st.columns(3)
    game = c1.selectbox(h.label_escape(_("Game")), GAMES, key=QuizKeys.GEN_GAME, format_func=lambda g: plugin(g).name)
    glossary = plugin(game).glossary
    rules = _rules(game)
    if st.session_state.get(QuizKeys.GEN_RULE) not in rules:
        st.session_state[QuizKeys.GEN_RULE] = "any"
    c2.selectbox(h.label_escape(_("Rule")), rules, key=QuizKeys.GEN_RULE,
                 format_func=lambda r: _("any rule") if r == "any" else f"{glossary[r].title} ({r})")
    words: dict[str, Any] = levels()
    c3.selectbox(h.label_escape(_("Difficulty")), LEVELS, key=QuizKeys.GEN_LEVEL,
                 format_func=lambda level: str(words.get(level)))
    c1, c2 = st.columns(2)
    c1.number_input(h.label_escape(_("How many")), min_value=1, max_value=50, value=5, key=QuizKeys.DRAW_N)
    c2.number_input(h.label_escape(_("Random seed (same seed, same draw)")), min_value=0, value=1, key=QuizKeys.SEED)
    with st.spinner(h.md_escape(_("Generating items…"))):
        drawn, growing = _draw()
    want = int(st.session_state.get(QuizKeys.DRAW_N) or 0)
    if len(drawn) < want and growing:
        st.info(h.md_escape(_("{k} of {n} items are ready; more are being generated for this rule and difficulty. "
                              "Draw again in a moment.").format(k=len(drawn), n=want)))
        st.button(h.label_escape(_("Draw again")), key=QuizKeys.GEN_AGAIN)
    if not drawn:
        if not growing:
            st.warning(h.md_escape(_("No generated item fits this rule and difficulty; try another difficulty or seed.")))
        return
    st.html('<ol data-testid="rt-generated-items">' + "".join(
        f"<li>{h.esc(d.prompt)} <small>{h.esc(glossary[d.rule].title)} · {h.esc(rated(d.rating))}</small></li>"
        for d in drawn) + "</ol>")
    st.button(h.label_escape(ngettext("Add this {n} generated item", "Add these {n} generated items", len(drawn))
                             .format(n=len(drawn))), key=QuizKeys.ADD_GENERATED, on_click=add,
              args=(entries(drawn, game),), icon=":material/playlist_add:")
