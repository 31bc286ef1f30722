"""The game boards speak the learner's language (issue 15).

Every label, tag, badge, aria-label and title of a board goes through the catalogs (``tutor/games/<game>/board.py``'s
strings belong to the game's domain: ``tutor.speaking.in_game``) or the terms files (suits, ranks, card names). Two
checks:

- with a stub Vietnamese translation of a few board strings, a board of each game shows them (and the terms
  file's words for suits and ranks), and those strings are in the game's ``.pot`` (extraction finds them);
- with a pseudo-translation that brackets every string and term, every board of the library (masked and
  shown) has no word left outside a bracket but the players' names: nothing is hard-coded English.

(``tests/tutor/test_extraction.py`` checks that every marked string reaches its template.)
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.core.message import Term, english_listing
from tutor import i18n, library
from tutor.games import GAMES
from tutor.boards import BoardView, question_view
from ui.boards import board_html, cards_html, symbols_html

ROOT = Path(__file__).resolve().parents[2]
LIB = library.default_library()

# a few board strings and their Vietnamese, as a translator would write them in the game's .po
STUB_VI = {
    "regicide": {"Tavern {n}": "Chồng bài Quán rượu {n}", "Enemy": "Kẻ địch",
                 "Tavern: {n} cards": "Quán rượu: {n} lá", "{rank} of {suit}": "{rank} {suit}"},
    "dungeon_mayhem": {"Hand {n}": "Bài trên tay {n}", "Plays, in order": "Các lượt chơi, theo thứ tự",
                       ("{n} shield", "{n} shields"): "{n} khiên"},
    "marvel_champions": {"Villain": "Phản diện", "defender": "người phòng thủ",
                         "{card}, played by {player}": "{card}, do {player} chơi"},
}


class _Stub:
    """The real Vietnamese translator, with a few more catalog entries."""

    def __init__(self, real: Any, extra: dict[Any, str]) -> None:
        self.real, self.extra = real, extra

    def gettext(self, text: str) -> str:
        return self.extra[text] if text in self.extra else self.real.gettext(text)

    def ngettext(self, singular: str, many: str, n: int) -> str:
        found = self.extra.get((singular, many))
        return found if found is not None else self.real.ngettext(singular, many, n)

    def term(self, term: Term) -> str:
        return self.real.term(term)  # type: ignore[no-any-return]

    def listing(self, items: list[str], style: str) -> str:
        return self.real.listing(items, style)  # type: ignore[no-any-return]

    def has(self, text: str) -> bool:
        return text in self.extra or self.real.has(text)  # type: ignore[no-any-return]


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``speak(lang, translator_for)``: the boards render in ``lang`` with ``translator_for(code, game)``."""

    def use(lang: str, translator_for: Any) -> None:
        monkeypatch.setattr("tutor.speaking.current", lambda: lang)
        monkeypatch.setattr(i18n, "language", translator_for)

    return use


def _stub_vi(game: str) -> Any:
    real = i18n.language

    def translator_for(code: str | None, g: str | None = None) -> Any:
        return _Stub(real(code, g), STUB_VI[game] if g == game else {})

    return translator_for


def _board(sid: str, qid: str | None = None, masked: bool = False) -> str:
    scn = LIB.scenarios[sid]
    if qid is None:
        return board_html(scn, BoardView(None))
    return board_html(scn, question_view(LIB.asked(sid, qid), masked=masked))


class _Texts(HTMLParser):
    """The text a board shows, and its aria-labels and titles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attrs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs += [v for k, v in attrs if k in ("aria-label", "title", "alt") and v]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())


def _texts(html: str) -> tuple[list[str], list[str]]:
    p = _Texts()
    p.feed(html)
    p.close()
    return p.text, p.attrs


def _pot(game: str) -> str:
    return (ROOT / "locale" / f"{game}.pot").read_text(encoding="utf-8")


def _in_pot(game: str, key: Any) -> bool:
    pot = _pot(game)
    if isinstance(key, tuple):
        return f'msgid "{key[0]}"\nmsgid_plural "{key[1]}"' in pot
    return f'msgid "{key}"' in pot


def test_a_regicide_board_in_vietnamese(speak: Any) -> None:
    speak("en", i18n.language)
    text, attrs = _texts(_board("rg.jester.with_ace"))
    assert "Tavern 34" in " ".join(text) and "Ace of Spades" in attrs
    speak("vi", _stub_vi("regicide"))
    html = _board("rg.jester.with_ace")
    text, attrs = _texts(html)
    assert "Chồng bài Quán rượu 34" in " ".join(text) and "Tavern 34" not in html
    assert "Quán rượu: 34 lá" in attrs  # an aria-label
    assert "Kẻ địch" in text and 'aria-label="Kẻ địch"' in html  # a zone's label, seen and read aloud
    # suits and ranks are the terms file's words (locale/vi/terms.regicide.yaml), in the stub's word order
    assert "Át Bích" in attrs and "Ace of Spades" not in html and "J Cơ" in html
    assert all(_in_pot("regicide", k) for k in STUB_VI["regicide"])


def test_a_dungeon_mayhem_board_in_vietnamese(speak: Any) -> None:
    sid = next(s for s, scn in LIB.scenarios.items() if scn.game == "dungeon_mayhem" and scn.actions
               and "shields" in _board(s, scn.questions[0].id))  # with a Defense card in play
    qid = LIB.scenarios[sid].questions[0].id
    speak("vi", _stub_vi("dungeon_mayhem"))
    html = _board(sid, qid)
    text, attrs = _texts(html)
    assert "Bài trên tay 3" in " ".join(text) and "Hand 3" not in " ".join(text)
    assert "Các lượt chơi, theo thứ tự" in text
    assert any("khiên" in a for a in attrs) and not any(re.search(r"\d shields?\b", a) for a in attrs)  # ngettext
    assert all(_in_pot("dungeon_mayhem", k) for k in STUB_VI["dungeon_mayhem"])


def test_a_marvel_champions_board_in_vietnamese(speak: Any) -> None:
    sid = "mc.d1.lend_a_hand"
    played = next((s for s, sc in LIB.scenarios.items() if sc.game == "marvel_champions"
                   and ", played by " in _board(s, sc.questions[-1].id)), None)
    assert played is not None
    speak("vi", _stub_vi("marvel_champions"))
    html = _board(sid, LIB.scenarios[sid].questions[-1].id) + _board(played, LIB.scenarios[played].questions[-1].id)
    text, attrs = _texts(html)
    assert "Phản diện" in text and "Villain" not in text
    assert "người phòng thủ" in text
    assert any(", do " in a for a in attrs) and not any(", played by " in a for a in attrs)
    assert all(_in_pot("marvel_champions", k) for k in STUB_VI["marvel_champions"])


# ------------------------------------------------------------------ every word of every board goes through

OPEN, CLOSE = "⟦", "⟧"


def _mark(text: str) -> str:
    return OPEN + text + CLOSE


class _Pseudo:
    """A pseudo-language: every catalog string and every term comes back bracketed."""

    def gettext(self, text: str) -> str:
        return _mark(text)

    def ngettext(self, singular: str, many: str, n: int) -> str:
        return _mark(singular if n == 1 else many)

    def term(self, term: Term) -> str:
        return _mark(term.name)

    def listing(self, items: list[str], style: str) -> str:
        return english_listing(items, style)

    def has(self, text: str) -> bool:
        return True


_INNER = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def _unmarked_words(text: str) -> set[str]:
    """The words of ``text`` outside every bracket."""
    while True:
        stripped = _INNER.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return set(re.findall(r"[^\W\d_]{2,}", text))


def _names(scn: Any) -> set[str]:
    """The words of the players' names a scenario gives (they are shown as written)."""
    if scn.game == "dungeon_mayhem":
        from tutor.games.dungeon_mayhem.position import player_names

        names = player_names(scn)  # a player is named by their character unless the file names them
    elif scn.game == "marvel_champions":
        names = [p.name for p in scn.setup.players]
    else:
        names = list(scn.setup.names or [])
    return {w for n in names for w in re.findall(r"[^\W\d_]{2,}", str(n))}


def _boards(game: str) -> Iterator[tuple[str, Any, str]]:
    for sid, scn in sorted(LIB.scenarios.items()):
        if scn.game != game:
            continue
        yield sid, scn, _board(sid)
        for q in scn.questions:
            for masked in (True, False):
                yield f"{sid}:{q.id}:{'masked' if masked else 'shown'}", scn, _board(sid, q.id, masked)


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_every_board_goes_through_the_catalogs(game: str, speak: Any) -> None:
    speak("xx", lambda code, g=None: _Pseudo())
    bad: dict[str, set[str]] = {}
    n = 0
    for where, scn, html in _boards(game):
        n += 1
        text, attrs = _texts(html)  # a bracket may hold markup (a masked "?"): the text is read as a whole
        left = set().union(*(_unmarked_words(t) for t in [" ".join(text), *attrs])) - _names(scn)
        if left:
            bad[where] = left
    assert n > 50
    assert not bad, f"{len(bad)} board(s) with words outside the catalogs, e.g. {sorted(bad.items())[:3]}"


def test_the_slides_cards_and_symbols_go_through_the_catalogs(speak: Any) -> None:
    speak("xx", lambda code, g=None: _Pseudo())
    html = (cards_html("dungeon_mayhem", ["Divine Shield", "Lia: Fighting Words", "Shapeshift: Wolf Form"])
            + symbols_html("dungeon_mayhem", ["attack", "shield", "heal", "draw", "play_again", "mighty_power"])
            + cards_html("marvel_champions", ["Preemptive Strike", "Rhino"]) + cards_html("regicide", ["AS", "JOKER"]))
    text, attrs = _texts(html)
    assert len(text) > 10
    assert not set().union(*(_unmarked_words(t) for t in [" ".join(text), *attrs]))
