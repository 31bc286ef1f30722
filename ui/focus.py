"""Move keyboard focus where the learner's eyes go next (the verdict after Check, the new slide after
Continue), so a keyboard or screen-reader user does not start again at the top of the page.

Streamlit has no focus API; a tiny script of ours (no user text in it) runs where it is drawn. It runs once
per ``token``: reruns that keep the same token (clicking a choice) redraw nothing, so never steal focus.
"""

from __future__ import annotations

import json

import streamlit as st


def on_change(selector: str, token: str) -> None:
    """Focus the first element matching ``selector`` whenever ``token`` changes."""
    script = (
        "<script>(function(){var d=document,n=0;"
        "function go(){var e=d.querySelector(" + json.dumps(selector) + ");"
        "if(e){if(!e.hasAttribute('tabindex'))e.setAttribute('tabindex','-1');e.focus({preventScroll:false});}"
        "else if(n++<40){setTimeout(go,50);}}go();})();</script>"
        f"<!-- {token} -->"
    )
    with st.container(key="rt-focus"):
        st.html(script, unsafe_allow_javascript=True)
