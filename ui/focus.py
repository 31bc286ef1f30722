"""Move keyboard focus where the learner's eyes go next (the verdict after Check, the new slide after
Continue, the score at the end), so a keyboard or screen-reader user does not start again at the top of the page.

Streamlit has no focus API (and a button keeps no focus across the rerun its click starts: the page is redrawn
and ``document.activeElement`` falls back to the body). So a tiny script of ours (no user text in it) runs
where it is drawn: ``st.html(..., unsafe_allow_javascript=True)``, which sanitises the HTML with DOMPurify and
then re-creates each ``<script>`` so that it runs. It runs once per ``token``, which is written into the script (an HTML
comment would not do: DOMPurify strips comments, and the element runs its scripts again only when its
sanitised HTML changes): reruns that keep the same token (clicking a choice) redraw nothing, so never steal focus. tests/e2e/test_accessibility.py checks where the
focus lands after Check and Continue.

Two Streamlit limitations shape the script:

- DOMPurify (``SAFE_FOR_XML``) silently drops a ``<script>`` whose text contains ``<`` followed by a letter,
  a digit, ``/`` or ``!`` (``n<40`` is enough), so the script never compares with ``<``;
- the element's HTML is drawn once the page's script run reaches it, and the target may be drawn a moment
  later by React: the script retries for up to two seconds until the target exists.

The same script keeps Space for the focused control. Streamlit's button shortcuts (``shortcut="Space"`` on
Continue) listen on the document and skip only text fields: Space on a focused Back button, a link or an
expander's summary pressed Continue instead (and Space on Continue itself could press it twice, the shortcut
and the button's own activation). A capture listener on the window, installed once per page, stops a Space
keydown on a focused button, summary or link from reaching the shortcut; the browser still activates the
focused control itself (default actions do not depend on propagation). react-aria's controls (radios, pills)
handle their own keys in React and are left alone; Space anywhere else still continues.
"""

from __future__ import annotations

import json

import streamlit as st


_SPACE_GUARD = (  # see the module's docstring; no "<" in it
    "if(!window.rtSpaceGuard){window.rtSpaceGuard=1;window.addEventListener('keydown',function(e){"
    "var c=e.target&&e.target.closest?e.target.closest('button,summary,a[href]'):null;"
    "if(e.key===' '&&c&&!c.hasAttribute('data-react-aria-pressable'))e.stopPropagation();},true);}"
)


# Tab out of a number field: the field commits its value on blur, which starts a rerun, and Check is still disabled
# at that instant, so the browser found nothing after the field and left the page (focus on the body, 11 Tabs from
# Check). The guard notes a forward Tab from a number field; if the focus then lands nowhere, it puts it on the
# form's Check button as soon as the rerun enables it (unless the learner has gone somewhere meanwhile).
_CHECKS = ".st-key-check button,.st-key-practice-check button,.st-key-quiz_submit button"
_TAB_GUARD = (  # no "<" in it
    "if(!window.rtTabGuard){window.rtTabGuard=1;var rtTab=0;"
    "window.addEventListener('keydown',function(e){var t=e.target;rtTab=(e.key==='Tab'&&!e.shiftKey&&t&&t.matches"
    "&&t.matches('[data-testid=stNumberInputField]'))?Date.now():0;},true);"
    "window.addEventListener('focusout',function(e){if(!rtTab||e.relatedTarget)return;var s=rtTab,k=0;"
    "(function f(){var d=document,b=d.querySelector(" + json.dumps(_CHECKS) + ");"
    "if(rtTab!==s||(d.activeElement&&d.activeElement!==d.body))return;"
    "if(b&&!b.disabled){b.focus();}else if(80>k++){setTimeout(f,50);}})();},true);}"
)


def on_change(selector: str, token: str, block: str = "") -> None:
    """Focus the first element matching ``selector`` whenever ``token`` changes; with ``block`` ("center",
    "start", "nearest"), scroll it there (else the browser scrolls it just into view)."""
    assert "<" not in selector + token, "DOMPurify would drop the script (see the module's docstring)"
    assert block in ("", "center", "start", "nearest", "end")
    scroll = "e.focus({preventScroll:true});e.scrollIntoView({block:" + json.dumps(block) + "});" if block else (
        "e.focus();")
    script = (
        '<div class="rt-js"><script>(function(){var d=document,n=0,t=' + json.dumps(token) + ";" + _SPACE_GUARD + _TAB_GUARD +
        "function go(){var e=d.querySelector(" + json.dumps(selector) + ");"
        "if(e){if(!e.hasAttribute('tabindex'))e.setAttribute('tabindex','-1');" + scroll + "}"
        "else if(40>n++){setTimeout(go,50);}}go();})();</script></div>"
    )
    with st.container(key="rt-focus"):
        st.html(script, unsafe_allow_javascript=True)


def to_anchor(token: str) -> None:
    """Scroll to, and focus, the element the address's ``#ruling-…`` or ``#source-…`` names. The browser looks for
    it when the page loads, before Streamlit has drawn it, so a link to a ruling opened the page at its top. Once
    per ``token``; the anchor is read in the browser, never written into the script."""
    assert "<" not in token, "DOMPurify would drop the script (see the module's docstring)"
    script = (
        '<div class="rt-js"><script>(function(){var d=document,n=0,t=' + json.dumps(token) + ";"
        "var m=/^#((ruling|source)-[A-Za-z0-9_.()-]+)$/.exec(decodeURIComponent(window.location.hash||''));"
        "if(!m)return;function go(){var e=d.getElementById(m[1]);"
        "if(e){if(!e.hasAttribute('tabindex'))e.setAttribute('tabindex','-1');e.focus({preventScroll:true});"
        "e.scrollIntoView({block:'start'});}else if(60>n++){setTimeout(go,50);}}go();})();</script></div>"
    )
    with st.container(key="rt-anchor"):
        st.html(script, unsafe_allow_javascript=True)
