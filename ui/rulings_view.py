"""Sources and rulings: every document our rules rest on, and every ruling we adopt, per game.

Citations in explanations link here (``/rulings?game=<id>#ruling-d4``): each ruling with its reason,
the sources that read it otherwise, and the engine setting that changes it. The page's own words go through
the catalogs (``ui.i18n``); a document's title and our rulings' titles, texts, reasons and dissents come from the
game's catalog (``rules-tutor i18n extract`` collects them from its sources registry); an engine setting is code.
"""

from __future__ import annotations

import streamlit as st

from engine.core.sources import Ruling, Source
from tutor.games import plugins
from ui import focus
from ui import html as h
from ui.i18n import _, tr
from ui.state import RulingsKeys


def _source(s: Source, game: str) -> str:
    title = h.esc(h.source_label(game, s))
    if s.url:
        title = f'<a href="{h.esc(s.url)}" target="_blank" rel="noopener noreferrer">{title}</a>'
    note = f'<div class="rt-note-dark">{h.esc(tr(s.note, game))}</div>' if s.note else ""
    return f'<li id="source-{h.esc(s.key.lower())}"><span class="rt-kind">{h.esc(s.kind)}</span> {title}{note}</li>'


def _ruling(r: Ruling, cited: bool = False, game: str = "") -> str:
    rows = [(_("What we rule"), tr(r.text, game or None)), (_("Why"), tr(r.reason, game or None))]
    if r.disagree:
        rows.append((_("Who reads it otherwise"), tr(r.disagree, game or None)))
    rows.append((_("Engine setting"), r.setting or _("none yet: this ruling is fixed in the engine")))
    body = "".join(f"<dt>{h.esc(k)}</dt><dd>{h.esc(v)}</dd>" for k, v in rows)
    heading = _("Ruling {id}: {title}").format(id=r.id, title=tr(r.title, game or None))
    return (f'<section class="rt-ruling{" cited" if cited else ""}" id="{h.esc(r.anchor)}"><h3 id="{h.esc(r.anchor)}-title">'
            f'{h.esc(heading)}</h3><dl>{body}</dl></section>')


def main() -> None:
    games = plugins()
    ids = list(games)
    wanted = st.query_params.get("game")
    index = ids.index(wanted) if wanted in ids else 0
    intro = h.esc(_("Every explanation cites these documents. Where they are silent or disagree, we adopt a ruling, say "
                    "why, and make it a setting of the engine (a scenario may change it under {setting}).")
                  .format(setting="\x00")).replace("\x00", "<code>setup.settings</code>")
    st.html(f'<p class="rt-kicker">{h.esc(_("Where the rules come from"))}</p>'
            f'<h1 class="rt-title">{h.esc(_("Sources and rulings"))}</h1><p class="rt-sub">{intro}</p>')
    choice = st.radio(h.label_escape(_("Game")), ids, index=index, key=RulingsKeys.GAME, horizontal=True,
                      format_func=lambda g: h.label_escape(games[g].name))
    if st.query_params.get("game") != choice:
        st.query_params["game"] = choice
    game = games[choice]
    reg = game.sources
    cited = (st.query_params.get("ruling") or "").strip("()").lower()
    first = [r for r in reg.rulings if r.id.strip("()").lower() == cited]
    lead = (f'<h2 class="rt-h2">{h.esc(_("The ruling you followed"))}</h2>' + _ruling(first[0], cited=True, game=choice)) if first else ""
    st.html(lead + f'<h2 class="rt-h2">{h.esc(_("Our rulings for {game}").format(game=game.name))}</h2>'
            + "".join(_ruling(r, game=choice) for r in reg.rulings)
            + f'<h2 class="rt-h2">{h.esc(_("Sources for {game}").format(game=game.name))}</h2><ul class="rt-sources">'
            + "".join(_source(s, choice) for s in reg.sources) + "</ul>")
    focus.to_anchor(f"anchor:{choice}")  # a link's #ruling-… scrolls to its ruling once the page has drawn it
