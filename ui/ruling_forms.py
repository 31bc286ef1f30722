"""The "Check a ruling" page's situation forms: one per game (Marvel Champions, Regicide, Dungeon Mayhem),
plus the list of plays and the Marvel Champions "Add a play" row.

The YAML text (``RulingKeys.YAML``) is the source of truth: form widgets edit the parsed data and write
the YAML back (:func:`set_yaml`); every change of the YAML clears the form widgets so they re-read it.
Labels go through the catalogs (``ui.i18n``); card names, ids and what the forms write into the YAML stay as
the files name them.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutor import ruling as rl
from tutor.games import plugin
from ui import html as h
from ui.i18n import _
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


# -- forms: each widget edits the data and writes the YAML ------------------------------------------------
Apply = Callable[[dict[str, Any], Any], None]
"""How a widget's value goes into the situation's parsed data."""


def _on_field(key: str, apply: Apply) -> None:
    value = st.session_state[key]
    set_yaml(rl.edit(st.session_state[K.YAML], lambda d: apply(d, value)))


def _field(widget: Callable[..., Any], label: str, key: str, value: Any,
           apply: Apply, **kw: Any) -> None:
    key = K.FORM + key
    options = kw.get("options")
    if options is not None and not isinstance(value, list) and value not in options:
        kw["options"] = [value, *options]
    if key not in st.session_state:
        st.session_state[key] = value
    if getattr(widget, "__name__", "") == "multiselect":  # Streamlit's own placeholder is English
        kw.setdefault("placeholder", _("Choose options"))
    widget(h.label_escape(label), key=key, on_change=_on_field, args=(key, apply), **kw)


def _card(ref: Any) -> str:
    return ref if isinstance(ref, str) else str(ref.get("card", ""))


def _ref_set(ref: Any, field: str, value: Any, default: Any) -> Any:
    spec = {"card": ref} if isinstance(ref, str) else dict(ref)
    if value == default:
        spec.pop(field, None)
    else:
        spec[field] = value
    return spec["card"] if set(spec) == {"card"} else spec


def _at(*loc: Any) -> Apply:
    return lambda d, v: rl.set_path(d, loc, v)


def _converted_at(loc: tuple[Any, ...], convert: Callable[[Any], Any]) -> Apply:
    """The widget's value, converted (a typed list of cards read as names), at ``loc``."""
    return lambda d, v: rl.set_path(d, loc, convert(v))


def _ref_at(loc: tuple[Any, ...], field: str, default: Any) -> Apply:
    return lambda d, v: rl.set_path(d, loc, _ref_set(rl.get_path(d, loc), field, v, default))


def _words(text: str, sep: str | None = None) -> list[str] | int:
    text = text.strip()
    if text.isdigit():
        return int(text)
    return [w.strip() for w in (text.split(sep) if sep else text.replace(",", " ").split()) if w.strip()]


def _shown(pile: Any, sep: str = " ") -> str:
    return str(pile) if isinstance(pile, int) else sep.join(_card(c) for c in pile or [])


def _mc_form(scn: Any, data: dict[str, Any]) -> None:
    from engine.marvel_champions.cards import keys_of_type as of

    players = data["setup"]["players"]
    for i, p in enumerate(players):
        base = ("setup", "players", i)
        with st.container(border=True):
            c: Sequence[DeltaGenerator] = st.columns([2, 1], vertical_alignment="center")
            c[0].markdown(f"**{h.md_escape(p.get('name', p.get('id', '')))}** · {h.md_code(p.get('id', ''))}")
            c[1].button(h.label_escape(_("Remove")), key=f"{K.FORM}{i}.remove",
              help=h.label_escape(_("Remove this player and their plays")),
                        disabled=len(players) < 2,
                        on_click=_edit, args=(_removing_player(i),))
            c = st.columns(2)
            _field(c[0].text_input, _("Player name"), f"{i}.name", p.get("name", ""), _at(*base, "name"))
            _field(c[1].selectbox, _("Hero"), f"{i}.hero", _card(p["identity"]), _ref_at(base + ("identity",), "card", None),
                   options=of("hero"))
            c = st.columns(2)
            _field(c[0].multiselect, _("Allies"), f"{i}.allies", [_card(a) for a in p.get("allies", [])],
                   _allies_at(i), options=of("ally"))
            _field(c[1].multiselect, _("Hand"), f"{i}.hand", list(dict.fromkeys(p.get("hand", []))),
                   _at(*base, "hand"), options=of("event", "upgrade", "ally"))
            ident = p["identity"] if isinstance(p["identity"], dict) else {}
            shown = [_form_name(ident.get("form", "hero"))] + ([_("exhausted")] if ident.get("exhausted") else []) + (
                [_("{n} damage").format(n=ident["damage"])] if ident.get("damage") else []) + [u for u in p.get("upgrades", [])]
            with st.expander(h.label_escape(_("Hero status: {status}").format(status=", ".join(shown)))):
                c = st.columns(4)
                _field(c[0].selectbox, _("Form"), f"{i}.form", ident.get("form", "hero"),
                       _ref_at(base + ("identity",), "form", "hero"), options=["hero", "alter_ego"], format_func=_form_name)
                _field(c[1].number_input, _("Damage"), f"{i}.damage", ident.get("damage", 0),
                       _ref_at(base + ("identity",), "damage", 0), min_value=0, step=1)
                _field(c[2].checkbox, _("Exhausted"), f"{i}.exhausted", ident.get("exhausted", False),
                       _ref_at(base + ("identity",), "exhausted", False))
                _field(c[3].multiselect, _("Upgrades"), f"{i}.upgrades", p.get("upgrades", []), _at(*base, "upgrades"),
                       options=of("upgrade"))
    st.button(h.label_escape(_("Add a player")), key=K.ADD_PLAYER, on_click=_edit, args=(_add_player,),
              disabled=len(players) >= 4)
    if "attack" not in data["setup"]:
        st.caption(h.md_escape(_("This situation has several attacks, or none (a player phase): edit them in the YAML.")))
        return
    attack = ("setup", "attack")
    a = data["setup"]["attack"]
    enemy = a["attacker"] if isinstance(a["attacker"], dict) else {}
    with st.container(border=True):
        c = st.columns(3)
        _field(c[0].selectbox, _("Attacker"), "attacker", _card(a["attacker"]), _ref_at(attack + ("attacker",), "card", None),
               options=of("villain", "minion"))
        _field(c[1].selectbox, _("Attacks"), "against", a["against"], _at(*attack, "against"),
               options=[p["id"] for p in players], format_func=lambda pid: _player_name(players, pid))
        _field(c[2].multiselect, _("Boost cards (facedown, in order)"), "boost", [_card(b) for b in a.get("boost", [])],
               _at(*attack, "boost"), options=of("villain", "minion", "treachery", "attachment"))
        with st.expander(h.label_escape(_("The attack's ATK, statuses, attachments and keywords"))):
            c = st.columns(3)
            _field(c[0].number_input, _("Extra ATK"), "atk_mod", a.get("atk_modifier", 0), _at(*attack, "atk_modifier"), step=1)
            _field(c[1].number_input, _("Stunned"), "stunned", enemy.get("stunned", 0),
                   _ref_at(attack + ("attacker",), "stunned", 0), min_value=0, step=1)
            _field(c[2].number_input, _("Tough"), "tough", enemy.get("tough", 0),
                   _ref_at(attack + ("attacker",), "tough", 0), min_value=0, step=1)
            c = st.columns(2)
            _field(c[0].multiselect, _("Attachments"), "attachments", a.get("attachments", []), _at(*attack, "attachments"),
                   options=of("attachment"))
            _field(c[1].multiselect, _("Keywords"), "keywords", a.get("keywords", []), _at(*attack, "keywords"),
                   options=["overkill", "piercing", "ranged"])


def _form_name(form: str) -> str:
    """A hero's form as the form shows it ("hero", "alter-ego")."""
    return {"hero": _("hero"), "alter_ego": _("alter-ego")}.get(form, form.replace("_", "-"))


def _player_name(players: list[dict[str, Any]], pid: str) -> str:
    return next((p.get("name", pid) for p in players if p.get("id") == pid), pid)


def _allies_at(i: int) -> Apply:
    """Player ``i``'s allies, chosen by name: an ally already listed keeps its spec (its damage, exhausted)."""
    def apply(d: dict[str, Any], names: list[str]) -> None:
        old = {_card(a): a for a in d["setup"]["players"][i].get("allies", [])}
        d["setup"]["players"][i]["allies"] = [old.get(n, n) for n in names]
    return apply


def _removing_player(i: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        _remove_player(d, i)
    return change


def _remove_player(d: dict[str, Any], i: int) -> None:
    pid = d["setup"]["players"].pop(i)["id"]
    d["actions"] = [x for x in d.get("actions") or [] if x.get("player") != pid]
    for a in ([d["setup"]["attack"]] if "attack" in d["setup"] else d["setup"].get("attacks") or []):
        if a["against"] == pid:
            a["against"] = d["setup"]["players"][0]["id"]


def _add_player(d: dict[str, Any]) -> None:
    from engine.marvel_champions.cards import keys_of_type

    players = d["setup"]["players"]
    used = {_card(p["identity"]) for p in players}
    ids = {p["id"] for p in players}
    n = next(k for k in range(1, 9) if f"p{k}" not in ids)
    hero = next(h for h in keys_of_type("hero") if h not in used)
    players.append({"id": f"p{n}", "name": f"Player {n}", "identity": hero})


def _removing_play(k: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["actions"].pop(k)
    return change


def _edit(change: Callable[[dict[str, Any]], None]) -> None:
    set_yaml(rl.edit(st.session_state[K.YAML], change))


def _mc_add_play(scn: Any, data: dict[str, Any]) -> None:
    from engine.marvel_champions.cards import keys_of_type

    players = data["setup"]["players"]
    st.markdown(f"**{h.md_escape(_('Add a play'))}**")
    c = st.columns([3, 3, 4])
    ids = [p["id"] for p in players]
    if st.session_state.get(K.PLAY_PLAYER) not in ids:
        st.session_state[K.PLAY_PLAYER] = ids[-1]
    pid = c[0].selectbox(h.label_escape(_("Player")), ids, key=K.PLAY_PLAYER,
            format_func=lambda x: _player_name(players, x))
    verb = c[1].selectbox(h.label_escape(_("Does")), ["plays a card", "defends with"], key=K.PLAY_VERB,
                          format_func=lambda v: {"plays a card": _("plays a card"), "defends with": _("defends with")}[v])
    p = next(x for x in players if x["id"] == pid)
    if verb == "defends with":
        what = [(x.get("id") if isinstance(x, dict) and x.get("id") else _card(x)) for x in [p["identity"], *p.get("allies", [])]]
    else:
        what = list(dict.fromkeys([*p.get("hand", []), *keys_of_type("event")]))
    if st.session_state.get(K.PLAY_WHAT) not in what:
        st.session_state[K.PLAY_WHAT] = what[0]
    c[2].selectbox(h.label_escape(_("Card or character")), what, key=K.PLAY_WHAT)
    st.button(h.label_escape(_("Add the play")), key=K.ADD_PLAY, type="primary", on_click=_on_add_play)


def _on_add_play() -> None:
    pid, verb, what = (st.session_state[k] for k in (K.PLAY_PLAYER, K.PLAY_VERB, K.PLAY_WHAT))

    def change(d: dict[str, Any]) -> None:
        acts = list(d.get("actions") or [])
        if verb == "defends with":
            acts.append({"player": pid, "defend": what})
        else:
            p = next(x for x in d["setup"]["players"] if x["id"] == pid)
            needed = 1 + sum(1 for x in acts if x.get("player") == pid and x.get("play") == what)
            if p.get("hand", []).count(what) < needed:  # a card must be in hand to be played: put it there
                p["hand"] = [*p.get("hand", []), what]
            acts.append({"player": pid, "play": what})
        d["actions"] = acts
    _edit(change)


def _regicide_form(scn: Any, data: dict[str, Any]) -> None:
    s = data["setup"]
    c = st.columns(5)
    _field(c[0].number_input, _("Players"), "players", s["players"], _set_seats, min_value=1, max_value=4)
    _field(c[1].number_input, _("Whose turn (seat)"), "current", s.get("current", 1), _at("setup", "current"), min_value=1, max_value=4)
    _field(c[2].text_input, _("Enemy"), "enemy", s["enemy"], _at("setup", "enemy"))
    _field(c[3].number_input, _("Damage taken"), "damage", s.get("damage", 0), _at("setup", "damage"), min_value=0)
    _field(c[4].number_input, _("Shield"), "shield", s.get("shield", 0), _at("setup", "shield"), min_value=0)
    for i, hand in enumerate(s.get("hands", [])):
        _field(st.text_input, _("Seat {n}'s hand (cards like 9H 10S AS KD JOKER, or a number)").format(n=i + 1), f"hand.{i}",
               _shown(hand), _converted_at(("setup", "hands", i), _words))
    _field(st.text_input, _("Played against this enemy (table)"), "table", _shown(s.get("table", [])),
           lambda d, v: rl.set_path(d, ("setup", "table"), _words(v) if not str(v).strip().isdigit() else []))


def _set_seats(d: dict[str, Any], n: int) -> None:
    s = d["setup"]
    s["players"] = n
    s["hands"] = (list(s.get("hands", [])) + [[] for _ in range(n)])[:n]
    if s.get("names"):
        s["names"] = (s["names"] + [f"Seat {k + 1}" for k in range(len(s["names"]), n)])[:n]
    s["current"] = min(s.get("current", 1), n)  # seats are numbered 1..n in the file


def _dm_form(scn: Any, data: dict[str, Any]) -> None:
    from engine.dungeon_mayhem import CHARACTERS
    from tutor.games.dungeon_mayhem.position import player_names

    names = player_names(scn)
    for i, p in enumerate(data["setup"]["players"]):
        base = ("setup", "players", i)
        c = st.columns([2, 1, 3, 3])
        _field(c[0].selectbox, _("Character"), f"{i}.character", p["character"], _at(*base, "character"), options=list(CHARACTERS))
        _field(c[1].number_input, _("HP"), f"{i}.hp", p.get("hp", 10), _at(*base, "hp"), min_value=0, max_value=10)
        _field(c[2].text_input, _("Hand (card names, commas; or a number)"), f"{i}.hand", _shown(p.get("hand", []), ", "),
               _converted_at(base + ("hand",), lambda v: _words(v, ",")))
        _field(c[3].text_input, _("Defense cards in play (commas)"), f"{i}.defense", _shown(p.get("defense", []), ", "),
               _converted_at(base + ("defense",), lambda v: _words(v, ",") if not v.strip().isdigit() else []))
    _field(st.selectbox, _("Whose turn"), "turn", data["setup"].get("turn") or names[0], _at("setup", "turn"), options=names)


_FORMS = {"marvel_champions": _mc_form, "regicide": _regicide_form, "dungeon_mayhem": _dm_form}


def forms(scn: Any, data: dict[str, Any]) -> None:
    """The Form tab: the game's situation form, then the plays in order (each removable)."""
    st.markdown("## " + h.md_escape(_("{game}: the situation").format(game=plugin(scn.game).name)))  # h2 under the h1
    form = _FORMS.get(scn.game)
    if form is None:
        st.caption(h.md_escape(_("Edit this game's situation in the YAML editor.")))
    else:
        form(scn, data)
    st.markdown("### " + h.md_escape(_("The plays, in order")))
    acts = data.get("actions") or []
    if not acts:
        st.caption(h.md_escape(_("No plays yet.")))
    for k, act in enumerate(acts):
        c = st.columns([5, 1], vertical_alignment="center")
        c[0].markdown(f"{int(k) + 1}. {h.md_escape(rl.describe_action(scn, act) if isinstance(act, dict) else act)}")
        c[1].button("✕", key=K.remove_play(k), help=h.label_escape(_("Remove play {n}").format(n=k + 1)),
                    on_click=_edit, args=(_removing_play(k),))
    if scn.game == "marvel_champions":
        _mc_add_play(scn, data)
    elif acts or form is not None:
        st.caption(h.md_escape(_("Add the next play from the engine's legal options under “The ruling”, or in the YAML editor.")))
