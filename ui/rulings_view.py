"""Sources and rulings: every document our rules rest on, and every ruling we adopt, per game.

Citations in explanations link here (``/rulings?game=<id>#ruling-d4``): each ruling with its reason,
the sources that read it otherwise, and the engine setting that changes it.
"""

from __future__ import annotations

import streamlit as st

from engine.core.sources import Ruling, Source
from tutor.games import plugins
from ui import html as h
from ui.state import RulingsKeys


def _source(s: Source) -> str:
    title = h.esc(s.label())
    if s.url:
        title = f'<a href="{h.esc(s.url)}" target="_blank" rel="noopener noreferrer">{title}</a>'
    note = f'<div class="rt-note-dark">{h.esc(s.note)}</div>' if s.note else ""
    return f'<li id="source-{h.esc(s.key.lower())}"><span class="rt-kind">{h.esc(s.kind)}</span> {title}{note}</li>'


def _ruling(r: Ruling, cited: bool = False) -> str:
    rows = [("What we rule", r.text), ("Why", r.reason)]
    if r.disagree:
        rows.append(("Who reads it otherwise", r.disagree))
    rows.append(("Engine setting", r.setting or "none yet: this ruling is fixed in the engine"))
    body = "".join(f"<dt>{h.esc(k)}</dt><dd>{h.esc(v)}</dd>" for k, v in rows)
    return (f'<section class="rt-ruling{" cited" if cited else ""}" id="{h.esc(r.anchor)}"><h3 id="{h.esc(r.anchor)}-title">'
            f'Ruling {h.esc(r.id)}: {h.esc(r.title)}</h3><dl>{body}</dl></section>')


def main() -> None:
    games = plugins()
    ids = list(games)
    wanted = st.query_params.get("game")
    index = ids.index(wanted) if wanted in ids else 0
    st.html('<p class="rt-kicker">Where the rules come from</p><h1 class="rt-title">Sources and rulings</h1>'
            '<p class="rt-sub">Every explanation cites these documents. Where they are silent or disagree, we adopt a '
            'ruling, say why, and make it a setting of the engine (a scenario may change it under '
            '<code>setup.settings</code>).</p>')
    choice = st.radio("Game", ids, index=index, key=RulingsKeys.GAME, horizontal=True,
                      format_func=lambda g: games[g].name)
    if st.query_params.get("game") != choice:
        st.query_params["game"] = choice
    game = games[choice]
    reg = game.sources
    cited = (st.query_params.get("ruling") or "").strip("()").lower()
    first = [r for r in reg.rulings if r.id.strip("()").lower() == cited]
    lead = ('<h2 class="rt-h2">The ruling you followed</h2>' + _ruling(first[0], cited=True)) if first else ""
    st.html(lead + f'<h2 class="rt-h2">Our rulings for {h.esc(game.name)}</h2>'
            + "".join(_ruling(r) for r in reg.rulings)
            + f'<h2 class="rt-h2">Sources for {h.esc(game.name)}</h2><ul class="rt-sources">'
            + "".join(_source(s) for s in reg.sources) + "</ul>")
