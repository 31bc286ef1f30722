"""The Play page: a whole game of any playable game (Regicide, Dungeon Mayhem, ...) against or beside bots, every
ruling explained. The games, their players, options, boards and buttons come from the registry (each game's play
hook, ``tutor/games/<game>/play.py``); a game whose plugin declares none (Marvel Champions) is not offered.

Pick the game, the players, your seats, the bots' level and a seed (shown, and shareable: the same seed and moves
give the same game); then play by buttons: select cards in your hand, then what to do with them (Regicide), or a
card, then its target (Dungeon Mayhem). Every move goes through the engine (``tutor/play``): a refused one names
the rule it breaks; a made one is logged with its ruling (rule, sentence, citation; routine steps folded), the bots'
replies too, each entry with "why?". The game is kept per learner (``tutor/play/store.py``), so a reload or a
restart resumes it. Every state change happens in a button callback. The log and the words are in
``ui/play_log.py`` and ``ui/play_board.py``.
"""

from __future__ import annotations

import functools
import random
from typing import Any, cast

import streamlit as st

from tutor.play import store
from tutor.games import play_hook, playable, plugin
from tutor.play.bots import levels
from tutor.play.live import Played, Refusal, Setup, attempt, replay, start, undo
from tutor.play.tutorial import FIRST, guided
from ui import html as h
from ui import play_replay, play_whatif
from ui.i18n import _, ngettext
from ui.play_board import board, move_text, prompt, seat_label
from ui.play_controls import controls
from ui.play_log import log_html, refusal_html, result_text
from ui.session import learner_id



def game_name(game: str) -> str:
    """A playable game's name ('Regicide'); '' for an id no longer registered (an old record)."""
    return plugin(game).name if game in playable() else ""


def _hook(game: str) -> Any:
    found = play_hook(game)
    assert found is not None, game
    return found


STYLE = """<style>
.rt-play-entries { list-style:none; padding-left:0; margin:0; }
.rt-play-entry { border-top:1px solid rgba(0,0,0,.12); padding:.4rem 0; }
.rt-play-move .n { display:inline-block; min-width:1.8em; font-weight:700; opacity:.7; }
.rt-play-reason { font-style:italic; margin:.15rem 0 .25rem 1.8em; }
.rt-play-entry .rt-support, .rt-play-entry details { margin-left:1.8em; }
.rt-play-refused .rt-play-move { color:#b3261e; }
.rt-play-key ol { margin:.2rem 0 .4rem 0; }
.rt-play-delta { font-weight:700; margin-left:.3em; }
.rt-play-turn, .rt-play-result { font-size:1.1rem; font-weight:600; }
.rt-play-tutorial { border-left:4px solid #b3261e; padding:.4rem .8rem; margin:.4rem 0; background:rgba(179,38,30,.06); }
</style>"""


class K:
    """Session-state keys of this page (tests address widgets by them)."""

    PLAYED = "play.played"  # (game id, Played)
    SELECTED = "play.selected"  # Regicide: the hand indices selected
    REFUSAL = "play.refusal"  # the last refused move (a Refusal)
    REFUSED = "play.refused"  # [(moves made before it, the move named, Refusal)] this session, for the log
    NEW = "play.new"  # the new-game form is open
    HIGHLIGHT = "play.highlight"
    GAME = "play.f.game"
    PLAYERS = "play.f.players"
    MINE = "play.f.mine"
    LEVEL = "play.f.level"
    SEED = "play.f.seed"
    CHAR = "play.f.char"  # + seat number
    START = "play.start"
    UNDO = "play.undo"
    BACK_TO = "play.back_to"


def _query_int(name: str, low: int, high: int) -> int | None:
    raw = str(st.query_params.get(name) or "")[:12]
    return int(raw) if raw.isdigit() and low <= int(raw) <= high else None


def _defaults() -> None:
    """The form's first values: from a shared link (``?game=&players=&seed=&level=&mine=&chars=``) if it has them."""
    if K.GAME in st.session_state:
        return
    game = st.query_params.get("game")
    game = game if game in playable() else playable()[0]
    hook = _hook(game)
    low, high = hook.players
    players = _query_int("players", low, high) or hook.default_players
    seed = _query_int("seed", 0, 2**31 - 1)
    st.session_state[K.GAME] = game
    st.session_state[K.PLAYERS] = players
    st.session_state[K.SEED] = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    level = st.query_params.get("level")
    offered = levels(game)
    st.session_state[K.LEVEL] = level if level in offered else offered[-1]
    mine = [int(s) - 1 for s in str(st.query_params.get("mine") or "1").split(",")[:6] if s.isdigit()]
    st.session_state[K.MINE] = [s for s in mine if 0 <= s < players] or [0]
    for g in playable():  # each game's seat options (Dungeon Mayhem's characters): from the link for its game
        options = _hook(g).options
        chars = [c for c in str(st.query_params.get("chars") or "").split(",")[:6] if c in options] if g == game else []
        for seat in range(_hook(g).players[1] if options else 0):
            st.session_state[f"{K.CHAR}{g}.{seat}"] = chars[seat] if seat < len(chars) else options[seat % len(options)]


def _form_setup() -> Setup:
    game = st.session_state[K.GAME]
    players = int(st.session_state[K.PLAYERS])
    chars = tuple(st.session_state[f"{K.CHAR}{game}.{s}"] for s in range(players)) if _hook(game).options else ()
    mine = tuple(sorted(s for s in st.session_state.get(K.MINE, [0]) if 0 <= s < players)) or (0,)
    return Setup(game, players, mine, st.session_state[K.LEVEL], int(st.session_state[K.SEED]), chars)


def share_query(setup: Setup) -> str:
    """The link that deals the same game (no learner id in it)."""
    from urllib.parse import urlencode

    q = {"game": setup.game, "players": setup.players, "seed": setup.seed, "level": setup.level,
         "mine": ",".join(str(s + 1) for s in setup.mine)}
    if setup.characters:
        q["chars"] = ",".join(setup.characters)
    return "play?" + urlencode(q)


# -- callbacks ---------------------------------------------------------------------------------------
def _fresh() -> None:
    st.session_state[K.SELECTED] = []
    st.session_state[K.REFUSAL] = None


def _on_start(learner: str) -> None:
    setup = _form_setup()
    problems = setup.problems()
    if problems:
        st.session_state[K.REFUSAL] = Refusal(None, None, "; ".join(problems))
        return
    played = start(setup)
    gid = store.new_game(learner, played)
    st.session_state[K.PLAYED] = (gid, played)
    st.session_state[K.NEW] = False
    st.session_state[K.REFUSED] = []
    _fresh()


def on_move(learner: str, action: Any) -> None:
    gid, played = st.session_state[K.PLAYED]
    result = attempt(played, action)
    if isinstance(result, Refusal):
        st.session_state[K.REFUSAL] = result
        st.session_state.setdefault(K.REFUSED, []).append(
            (len(played.entries), move_text(played, played.state, action), result))
        if result.step is not None and result.rule is not None:
            store.feed_practice(learner, played.setup.game, result.rule)  # the broken rule comes back in Practice
        return
    store.save(learner, gid, result)
    st.session_state[K.PLAYED] = (gid, result)
    _fresh()


def _on_undo(learner: str) -> None:
    gid, played = st.session_state[K.PLAYED]
    back = undo(played)
    store.save(learner, gid, back)
    st.session_state[K.PLAYED] = (gid, back)
    refused = st.session_state.get(K.REFUSED, [])
    st.session_state[K.REFUSED] = [r for r in refused if r[0] <= len(back.entries)]
    _fresh()


def _on_back_to(learner: str) -> None:
    """Back to the position before one of the learner's earlier moves."""
    gid, played = st.session_state[K.PLAYED]
    n = int(st.session_state.get(K.BACK_TO) or 0)
    if not 1 <= n <= len(played.entries):
        return
    back = replay(played.setup, played.records()[: n - 1])
    store.save(learner, gid, back)
    st.session_state[K.PLAYED] = (gid, back)
    st.session_state[K.REFUSED] = [r for r in st.session_state.get(K.REFUSED, []) if r[0] < n]
    _fresh()


def tutorial_key(game: str, games: tuple[str, ...]) -> str:
    """The key of the button starting ``game``'s guided first game, derived from its id (tests click it): the first
    of ``games`` (the guided games in the page's order) has ``play.tutorial``, another adds its id's initials
    (``play.tutorial.dm`` for ``dungeon_mayhem``), or its whole id where two games' initials are the same."""
    def initials(g: str) -> str:
        return "".join(word[:1] for word in g.split("_"))

    if games and game == games[0]:
        return "play.tutorial"
    short = initials(game)
    return f"play.tutorial.{game if sum(initials(g) == short for g in games) > 1 else short}"


def _on_tutorial(learner: str, game: str) -> None:
    from tutor.play.tutorial import tutorial

    t = tutorial(game)
    played = start(Setup(game, t.players, t.mine, levels(game)[-1], 0, t.characters, FIRST))
    st.session_state[K.PLAYED] = (store.new_game(learner, played), played)
    st.session_state[K.NEW] = False
    st.session_state[K.REFUSED] = []
    _fresh()


def _tutorial_box(played: Played) -> None:
    """The guided game's words for this step, or once it is won, the rules it met (each to practise)."""
    from tutor.games import plugin
    from tutor.play.live import tutorial_step
    from tutor.play.tutorial import tutorial

    from ui.i18n import current, tr

    lang = current()
    t = tutorial(played.setup.game, played.setup.tutorial)
    step = tutorial_step(played)
    if step is not None:
        n = sum(1 for s in t.steps[: len(played.entries) + 1] if not s.bot)  # the learner's steps only
        head = _("Guided game, step {n} of {total}").format(n=n, total=sum(1 for s in t.steps if not s.bot))
        st.html(f'<div class="rt-play-tutorial" role="note" data-testid="rt-play-tutorial"><p class="rt-kicker">'
                f'{h.esc(head)}</p><p>{h.esc(step.say.in_(lang))}</p></div>')
        return
    game = played.setup.game
    glossary = plugin(game).glossary
    met = list(dict.fromkeys(s.rule for e in played.entries for s in e.steps if s.rule in glossary))
    items = "".join(f'<li><a href="{h.esc(f"practice?game={game}&rule={r}")}" target="_self">'
                    f'{h.esc(tr(glossary[r].title, game))}</a></li>' for r in met)
    st.html(f'<div class="rt-play-tutorial" data-testid="rt-play-tutorial-done"><p class="rt-kicker">'
            f'{h.esc(_("The rules you met (each opens its practice)"))}</p><ul>{items}</ul></div>')


def _on_new() -> None:
    st.session_state[K.NEW] = True


# -- parts of the page -------------------------------------------------------------------------------
def _new_game_form(learner: str, has_game: bool) -> None:
    _defaults()
    offered = guided()
    for col, game in zip(st.columns(max(len(offered), 1)), offered):
        col.button(h.label_escape(_("A guided first game of {game}").format(game=game_name(game))),
                   key=tutorial_key(game, offered), on_click=_on_tutorial, args=(learner, game), type="primary")
    st.html(f'<h2 class="rt-h2">{h.esc(_("A new game"))}</h2>')
    games = playable()
    game = st.segmented_control(h.label_escape(_("Game")), list(games), key=K.GAME,
                                format_func=lambda g: h.label_escape(game_name(g))) or games[0]
    hook = _hook(game)
    low, high = hook.players
    if not low <= int(st.session_state.get(K.PLAYERS, low)) <= high:
        st.session_state[K.PLAYERS] = hook.default_players
    players = st.selectbox(h.label_escape(_("Players")), list(range(low, high + 1)), key=K.PLAYERS)
    if hook.options:
        seat_cols = st.columns(min(players, 3))
        for seat in range(players):
            with seat_cols[seat % len(seat_cols)]:
                st.selectbox(h.label_escape(_("Seat {n}: character").format(n=seat + 1)), list(hook.options),
                             key=f"{K.CHAR}{game}.{seat}", format_func=hook.option_label)
    seats = list(range(players))
    st.session_state[K.MINE] = [s for s in st.session_state.get(K.MINE, [0]) if s < players] or [0]
    st.multiselect(h.label_escape(_("Your seats (the bots play the others)")), seats, key=K.MINE,
                   format_func=lambda s: _("Seat {n}").format(n=s + 1), placeholder=_("Choose options"))
    offered = levels(game)
    if st.session_state.get(K.LEVEL) not in offered:
        st.session_state[K.LEVEL] = offered[-1]
    st.radio(h.label_escape(_("The bots' level")), list(offered), key=K.LEVEL, horizontal=True,
             format_func=lambda lv: h.label_escape(_("Random moves") if lv == "random" else _("Rules of thumb")))
    st.number_input(h.label_escape(_("Seed (the same seed and moves give the same game)")), min_value=0,
                    max_value=2**31 - 1, step=1, key=K.SEED)
    cols = st.columns(2)
    cols[0].button(h.label_escape(_("Start the game")), key=K.START, type="primary", on_click=_on_start,
                   args=(learner,), width="stretch")
    if has_game:
        cols[1].button(h.label_escape(_("Back to the game")), key="play.back", width="stretch",
                       on_click=lambda: st.session_state.__setitem__(K.NEW, False))


def _current(learner: str) -> tuple[str, Played] | None:
    held = st.session_state.get(K.PLAYED)
    if held is None:
        found = store.current(learner)
        if found is not None:
            st.session_state[K.PLAYED] = found
            st.session_state.setdefault(K.REFUSED, [])
        held = found
    return cast("tuple[str, Played] | None", held)


def _game(learner: str, played: Played) -> None:
    setup = played.setup
    end = played.outcome
    players = ngettext("{n} player", "{n} players", setup.players).format(n=setup.players)
    info = _("{game} · {players} · seed {seed} · bots: {level}").format(
        game=game_name(setup.game), players=players, seed=setup.seed,
        level=_("random moves") if setup.level == "random" else _("rules of thumb"))
    if setup.tutorial:
        from tutor.play.tutorial import tutorial

        from ui.i18n import current

        title = tutorial(setup.game, setup.tutorial).title.in_(current())
        st.html(f'<p class="rt-caption" data-testid="rt-play-info">{h.esc(title)}</p>')
    else:
        st.html(f'<p class="rt-caption" data-testid="rt-play-info">{h.esc(info)} · '
                f'<a href="{h.esc(share_query(setup))}" target="_self">{h.esc(_("Link to this deal"))}</a></p>')
    board_col, log_col = st.columns([3, 2], gap="medium")
    with board_col:
        if setup.tutorial:
            _tutorial_box(played)
        if end is not None:
            st.html(f'<p class="rt-play-result" role="status" data-testid="rt-play-result">'
                    f'{h.esc(result_text(played))}</p>')
        else:
            seat = played.deciding
            assert seat is not None
            turn = (_("Your move, {seat}: {ask}").format(seat=seat_label(played, seat), ask=prompt(played))
                    if played.yours else _("{seat} is choosing.").format(seat=seat_label(played, seat)))
            st.html(f'<p class="rt-play-turn" role="status" data-testid="rt-play-turn">{h.esc(turn)}</p>')
        refused = st.session_state.get(K.REFUSAL)
        if refused is not None:
            st.html(refusal_html(setup.game, refused))
        if end is None and played.yours:
            st.toggle(h.label_escape(_("Show the legal moves")), key=K.HIGHLIGHT)
            controls(functools.partial(on_move, learner), played, bool(st.session_state.get(K.HIGHLIGHT)))
        st.html(f'<figure class="rt-figure"><figcaption class="rt-sr">{h.esc(_("The board"))}</figcaption>'
                f'{board(played)}</figure>')
        cols = st.columns(2)
        mine = any(not e.bot for e in played.entries)
        cols[0].button(h.label_escape(_("Take back my last move")), key=K.UNDO, on_click=_on_undo, args=(learner,),
                       disabled=not mine, width="stretch")
        cols[1].button(h.label_escape(_("New game")), key="play.new_game", on_click=_on_new, width="stretch")
        yours = [e for e in played.entries if not e.bot]
        if len(yours) > 1:
            with st.expander(h.label_escape(_("Go back further"))):
                labels = {e.n: _("Before move {n}: {move}").format(n=e.n, move=move_text(played, e.before, e.action))
                          for e in yours}
                st.selectbox(h.label_escape(_("Your earlier moves")), list(reversed(labels)), key=K.BACK_TO,
                             format_func=lambda n: labels.get(n, str(n)))
                st.button(h.label_escape(_("Go back to that position")), key="play.go_back", on_click=_on_back_to,
                          args=(learner,))
    with log_col:
        st.html(log_html(played, st.session_state.get(K.REFUSED, [])))
    if any(not e.bot for e in played.entries) and not setup.tutorial:  # full width: two lines side by side
        gid = st.session_state[K.PLAYED][0]
        with st.expander(h.label_escape(_("What if I had played another move?")), expanded=play_whatif.shown(f"live:{gid}")):
            play_whatif.panel(played, f"live:{gid}", adopt=(learner, gid, K.PLAYED, K.REFUSED))


def _records(learner: str) -> None:
    games = store.games(learner)
    if not games:
        return
    statuses = {"playing": _("in progress"), "won": _("won"), "lost": _("lost"), "over": _("over"),
                "abandoned": _("abandoned")}
    with st.expander(h.label_escape(_("Your games ({n})").format(n=len(games)))):
        rows = "".join(
            f'<li>{h.esc(r.updated_at.strftime("%Y-%m-%d %H:%M"))} · {h.esc(game_name(r.setup.game))} · '
            f'{h.esc(ngettext("{n} player", "{n} players", r.setup.players).format(n=r.setup.players))} · {h.esc(_("seed {seed}").format(seed=r.setup.seed))}'
            f' · {h.esc(_("{n} moves").format(n=r.moves))} · {h.esc(statuses.get(r.status, r.status))} · '
            f'<a href="{h.esc(share_query(r.setup))}" target="_self">{h.esc(_("Deal it again"))}</a></li>'
            for r in games)
        st.html(f'<ul class="rt-play-records">{rows}</ul>')
        for r in (r for r in games if play_replay.replayable(r.status)):
            label = _("Replay the game of {when} ({game}, {status})").format(
                when=r.updated_at.strftime("%Y-%m-%d %H:%M"), game=game_name(r.setup.game),
                status=statuses.get(r.status, r.status))
            st.button(h.label_escape(label), key=f"play.replay.open.{r.id}", on_click=play_replay.open_,
                      args=(learner, r.id), icon=":material/replay:")


def main() -> None:
    learner = learner_id()
    st.html(STYLE)
    st.html(f'<p class="rt-kicker">{h.esc(_("Play"))}</p><h1 class="rt-title">{h.esc(_("Learn by playing"))}</h1>'
            f'<p class="rt-caption">{h.esc(_("A whole game against or beside bots; every ruling is explained as it happens, and a refused move names the rule it breaks."))}</p>')
    held = _current(learner)
    if play_replay.shown():
        play_replay.view()
    elif held is None or st.session_state.get(K.NEW):
        refused = st.session_state.get(K.REFUSAL)
        if held is None and refused is not None:
            st.html(refusal_html(str(st.session_state.get(K.GAME) or playable()[0]), refused))
        _new_game_form(learner, held is not None)
    else:
        _game(learner, held[1])
    _records(learner)
