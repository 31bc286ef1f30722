"""The "Check a ruling" page's Form tab: any game's situation form, drawn from the data its plugin declares
(:mod:`tutor.games.form`, the plugin's ``form`` hook), then the list of plays and the game's "Add a play" row.
This module names no game: a game without a form is edited in the YAML editor.

The YAML text (``RulingKeys.YAML``) is the source of truth: a widget's change is written into the parsed data by its
field (:meth:`tutor.games.form.Field.put`, which refuses a wrong value with a message) and the YAML written back
(:func:`set_yaml`); every change of the YAML clears the form widgets so they re-read it. Labels are the game's
messages, drawn in the page's language (``ui.i18n.tr``, the game's catalog first); names stay as the files write them.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import streamlit as st

from engine.core.message import Message
from tutor import ruling as rl
from tutor.games import form_hook, plugin
from tutor.games.form import (Adder, Box, Check, Choice, Choices, Ctx, Field, Fold, FormError, Item, Label, Loc,
                              Number, Row, Rows, When)
from ui import html as h
from ui.i18n import _, tr
from ui.state import RulingKeys as K


# -- state: the YAML is the source of truth ----------------------------------------------------------------
def set_yaml(text: str) -> None:
    """Make ``text`` the situation; the form widgets re-read it on the next run."""
    st.session_state[K.YAML] = text
    st.session_state[K.TEXT] = text
    for key in [k for k in st.session_state.keys() if str(k).startswith(K.FORM)]:
        del st.session_state[key]
    st.session_state.pop(K.QUIZ_MSG, None)  # "saved as a quiz question" was about the situation before


def set_whatif(text: str) -> None:
    """Make ``text`` the what-if copy, and show the comparison."""
    st.session_state[K.WHATIF] = st.session_state[K.WHATIF_TEXT] = text
    st.session_state[K.WHATIF_ON] = True


def restore() -> None:
    """Put the situation and the what-if copy back into their editors when the editors' widget state was
    dropped or went stale while the page was not shown (another page, or a second link opened)."""
    ss = st.session_state
    for widget, kept in ((K.YAML, K.TEXT), (K.WHATIF, K.WHATIF_TEXT)):
        if kept in ss and ss.get(widget) != ss[kept]:
            ss[widget] = ss[kept]


def _edit(change: Callable[[dict[str, Any]], None]) -> None:
    set_yaml(rl.edit(st.session_state[K.YAML], change))


# -- drawing a form from its data --------------------------------------------------------------------------
def _words(label: Label, game: str) -> str:
    """A label in the page's language: a message translated (the game's catalog first), a name as it is."""
    return tr(label, game, capitalise=False) if isinstance(label, Message) else str(label)


def _on_field(key: str, f: Field, scenario: Any, base: Loc) -> None:
    value = st.session_state[key]
    try:
        text = rl.edit(st.session_state[K.YAML], lambda d: f.put(Ctx(scenario, d, base), value))
    except FormError as err:  # the YAML stays as it was; the form says what is wrong
        st.session_state[K.FORM_ERROR] = err.message
        return
    set_yaml(text)


def _field(widget: Callable[..., Any], label: str, key: str, value: Any, args: tuple[Any, ...], **kw: Any) -> None:
    if key not in st.session_state:
        st.session_state[key] = value
    if getattr(widget, "__name__", "") == "multiselect":  # Streamlit's own placeholder is English
        kw.setdefault("placeholder", _("Choose options"))
    widget(h.label_escape(label), key=key, on_change=_on_field, args=(key, *args), **kw)


def _shown_as(option_label: Callable[[Ctx, Any], Label] | None, ctx: Ctx, game: str) -> Callable[[Any], str]:
    if option_label is None:
        return str
    return lambda v: _words(option_label(ctx, v), game)


def _widget(f: Field, ctx: Ctx, game: str, where: Any) -> None:
    """One field as its widget, in ``where`` (the page, or a column)."""
    key, label, value = K.FORM + f.widget_key(ctx), _words(f.label_of(ctx), game), f.read(ctx)
    args = (f, ctx.scenario, ctx.base)
    match f:
        case Number():
            bounds = {"min_value": None if f.least is None else min(f.least, value),
                      "max_value": None if f.most is None else max(f.most, value)}
            _field(where.number_input, label, key, value, args, step=f.step, **bounds)
        case Check():
            _field(where.checkbox, label, key, value, args)
        case Choice():
            _field(where.selectbox, label, key, value, args, options=f.choices(ctx),
                   format_func=_shown_as(f.option_label, ctx, game))
        case Choices():
            _field(where.multiselect, label, key, value, args, options=list(dict.fromkeys([*f.choices(ctx), *value])),
                   format_func=_shown_as(f.option_label, ctx, game))
        case _:  # Text, Cards: a line of text
            _field(where.text_input, label, key, value, args)


def _rows(item: Rows, ctx: Ctx, game: str) -> None:
    for row in item.rows(ctx):
        with st.container(border=item.boxed):
            if item.heading is not None or item.remove is not None:
                c: Sequence[Any] = st.columns([2, 1], vertical_alignment="center")
                if item.heading is not None:
                    name, ident = item.heading(row)
                    c[0].markdown(f"**{h.md_escape(name)}** · {h.md_code(ident)}")
                if item.remove is not None:
                    remove = item.remove
                    c[1].button(h.label_escape(_words(item.remove_label, game)),
                                key=K.FORM + item.remove_key.format(i=row.row),
                                help=h.label_escape(_words(item.remove_help, game)) if item.remove_help else None,
                                disabled=not item.removable(ctx), on_click=_edit,
                                args=(lambda d, i=row.row: remove(d, i),))
            _items(item.items, row, game)
    if item.add is not None and item.add_label is not None:
        st.button(h.label_escape(_words(item.add_label, game)), key=K.FORM + item.add_key, on_click=_edit,
                  args=(item.add,), disabled=not item.addable(ctx))


def _items(items: Sequence[Item], ctx: Ctx, game: str) -> None:
    for item in items:
        match item:
            case Field():
                _widget(item, ctx, game, st)
            case Row():
                cols = st.columns(list(item.widths) if item.widths else len(item.fields))
                for col, f in zip(cols, item.fields):
                    _widget(f, ctx, game, col)
            case Box():
                with st.container(border=True):
                    _items(item.items, ctx, game)
            case Fold():
                with st.expander(h.label_escape(_words(item.title(ctx), game))):
                    _items(item.items, ctx, game)
            case When():
                if item.test(ctx):
                    _items(item.items, ctx, game)
                elif item.otherwise is not None:
                    st.caption(h.md_escape(_words(item.otherwise, game)))
            case Rows():
                _rows(item, ctx, game)


def _adder(a: Adder, ctx: Ctx, game: str) -> None:
    """The "Add a play" row: its choices (each may read the ones before it), then its button."""
    st.markdown(f"**{h.md_escape(_words(a.title, game))}**")
    cols = st.columns(list(a.widths) if a.widths else len(a.picks))
    chosen: dict[str, Any] = {}
    for col, pick in zip(cols, a.picks):
        key, options = K.FORM + pick.key, list(pick.options(ctx, chosen))
        if options and st.session_state.get(key) not in options:
            st.session_state[key] = pick.start(options)
        chosen[pick.key] = col.selectbox(h.label_escape(_words(pick.label, game)), options, key=key,
                                         format_func=_shown_as(pick.option_label, ctx, game))
    st.button(h.label_escape(_words(a.add_label, game)), key=K.FORM + a.key, type="primary", on_click=_on_add,
              args=(a,), disabled=any(v is None for v in chosen.values()))


def _on_add(a: Adder) -> None:
    chosen = {p.key: st.session_state.get(K.FORM + p.key) for p in a.picks}
    _edit(lambda d: a.add(d, chosen))


def _removing_play(k: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["actions"].pop(k)
    return change


def forms(scn: Any, data: dict[str, Any]) -> None:
    """The Form tab: the game's situation form, then the plays in order (each removable)."""
    game = scn.game
    st.markdown("## " + h.md_escape(_("{game}: the situation").format(game=plugin(game).name)))  # h2 under the h1
    form, ctx = form_hook(game), Ctx(scn, data)
    refused = st.session_state.get(K.FORM_ERROR)
    if isinstance(refused, Message):
        st.error(h.md_escape(tr(refused, game)))
    if form is None:
        st.caption(h.md_escape(_("Edit this game's situation in the YAML editor.")))
    else:
        _items(form.items, ctx, game)
    st.markdown("### " + h.md_escape(_("The plays, in order")))
    acts = data.get("actions") or []
    if not acts:
        st.caption(h.md_escape(_("No plays yet.")))
    for k, act in enumerate(acts):
        c = st.columns([5, 1], vertical_alignment="center")
        c[0].markdown(f"{int(k) + 1}. {h.md_escape(rl.describe_action(scn, act) if isinstance(act, dict) else act)}")
        c[1].button("✕", key=K.remove_play(k), help=h.label_escape(_("Remove play {n}").format(n=k + 1)),
                    on_click=_edit, args=(_removing_play(k),))
    if form is not None and form.adder is not None:
        _adder(form.adder, ctx, game)
    elif acts or form is not None:
        st.caption(h.md_escape(
            _("Add the next play from the engine's legal options under “The ruling”, or in the YAML editor.")))
