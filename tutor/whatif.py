"""What if…? Compare two rulings step by step, and offer one-click variations of a situation.

Pure logic, no UI; split out of :mod:`tutor.ruling`, which re-exports every public name here. A what-if is a
:class:`Change` of the situation: the table changed through ``given:`` (the same merge a question's ``given``
gets in a file, :func:`tutor.given.merge_setup`) and, or, other plays instead. A variation is one such change;
a copy edited freely is read back as one (:func:`change_between`), so a shared link carries it as a change.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from engine.core.trace import Step
from tutor.budget import OverBudget
from tutor.datapaths import data_of, get_path, set_path
from tutor.games import hook, plugin
from tutor.models import ScenarioBase
from tutor.share import to_yaml

if TYPE_CHECKING:
    from tutor.ruling import Ruling


# -- what-if: compare two rulings ----------------------------------------------------------------


@dataclass(frozen=True)
class StepDiff:
    kind: str  # "same" | "added" | "removed" | "changed"
    left: Step | None
    right: Step | None


@dataclass(frozen=True)
class AnswerDiff:
    qid: str
    prompt: str
    left: str
    right: str

    @property
    def changed(self) -> bool:
        return self.left != self.right


@dataclass(frozen=True)
class RulingDiff:
    steps: tuple[StepDiff, ...]
    answers: tuple[AnswerDiff, ...]
    legality: tuple[str, str]  # rule ids that forbid a play, "" when legal

    @property
    def changed(self) -> bool:
        return any(s.kind != "same" for s in self.steps) or any(a.changed for a in self.answers)


def diff(a: Ruling, b: Ruling) -> RulingDiff:
    """What differs between two rulings: steps added, removed or changed (same rule, new sentence), answers."""
    out = diff_steps(list(a.solution.steps) if a.solution else [], list(b.solution.steps) if b.solution else [])
    answers: list[AnswerDiff] = []
    right_by_id = {x.qid: x for x in b.answers}
    for x in a.answers:
        y = right_by_id.get(x.qid)
        answers.append(AnswerDiff(x.qid, x.prompt, x.label, y.label if y else "(no such question)"))
    return RulingDiff(out, tuple(answers), (_illegal_rule(a), _illegal_rule(b)))


def _illegal_rule(r: Ruling) -> str:
    """The rule a ruling's plays break, "" when they are legal."""
    return r.solution.illegal.rule if r.solution and r.solution.illegal else ""


def diff_steps(left: list[Step], right: list[Step]) -> tuple[StepDiff, ...]:
    """Two lines' steps aligned: the same step (rule and sentence) on both sides, or added, removed, or
    changed (the same rule with another sentence). The ruling page's what-if and the Play page's side line
    both compare through it."""
    out: list[StepDiff] = []
    matcher = difflib.SequenceMatcher(a=[(s.rule, s.text) for s in left], b=[(s.rule, s.text) for s in right],
                                      autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out += [StepDiff("same", left[i], right[j]) for i, j in zip(range(i1, i2), range(j1, j2))]
            continue
        ls, rs = left[i1:i2], right[j1:j2]
        for k in range(max(len(ls), len(rs))):
            x = ls[k] if k < len(ls) else None
            y = rs[k] if k < len(rs) else None
            if x is not None and y is not None and x.rule == y.rule:
                out.append(StepDiff("changed", x, y))
            else:
                if x is not None:
                    out.append(StepDiff("removed", x, None))
                if y is not None:
                    out.append(StepDiff("added", None, y))
    return tuple(out)


# -- a what-if as a change: the table through ``given:``, the plays instead -------------------------------


@dataclass(frozen=True)
class Change:
    """What a what-if changes: ``given`` merged into the setup (exactly as a question's ``given:``), and the
    plays instead (``None``: the same plays)."""

    given: dict[str, Any] | None = None
    actions: list[Any] | None = None

    def as_data(self) -> dict[str, Any]:
        return {k: v for k, v in (("given", self.given), ("actions", self.actions)) if v is not None}

    @classmethod
    def from_data(cls, data: Any) -> "Change":
        """A change read back (a link's ``w``): a mapping of ``given`` (a mapping) and ``actions`` (a list)."""
        if not isinstance(data, dict) or set(data) - {"given", "actions"}:
            raise ValueError("a what-if holds only 'given' (a mapping) and 'actions' (a list)")
        given, actions = data.get("given"), data.get("actions")
        if given is not None and not isinstance(given, dict) or actions is not None and not isinstance(actions, list):
            raise ValueError("a what-if's 'given' is a mapping and its 'actions' a list")
        return cls(given, actions)


def apply(text: str, change: Change) -> str:
    """The situation ``text`` with ``change`` made: its setup merged with ``given`` through
    :func:`tutor.given.merge_setup`, its plays replaced. Raises ValueError (a :class:`tutor.given.GivenError`
    naming the place) when it cannot be made; the text itself if it does not parse."""
    from tutor.given import merge_setup

    data = data_of(text)
    if data is None:
        return text
    if change.given is not None:
        if not isinstance(data.get("setup"), dict):
            raise ValueError("the situation has no setup to change")
        data["setup"] = merge_setup(data["setup"], change.given)
    if change.actions is not None:
        data["actions"] = change.actions
    return to_yaml(data)


def _who(p: Any) -> str | None:
    return str(p.get("name") or p.get("character") or "") or None if isinstance(p, dict) else None


def _setup_given(old: Any, new: Any, top: bool = True) -> Any:
    """``given`` turning ``old`` into ``new`` (the keys that changed, as deep as mappings go), or ``_NO`` when
    a merge cannot make it (a key taken away). Players that keep their names are changed by name."""
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return new
    if set(old) - set(new):
        return _NO
    out: dict[str, Any] = {}
    for k, v in new.items():
        if k in old and old[k] == v:
            continue
        if k == "players" and top and isinstance(old.get(k), list) and isinstance(v, list):
            out[k] = _players_given(old[k], v)
        else:
            sub = _setup_given(old.get(k), v, False) if k in old else v
            if sub is _NO:
                return _NO
            out[k] = sub
    return out


def _players_given(old: list[Any], new: list[Any]) -> Any:
    names = [_who(p) for p in old]
    if len(old) != len(new) or None in names or len({n.lower() for n in names if n}) != len(names) or any(
            _who(a) != _who(b) or set(a) - set(b) for a, b in zip(old, new)):
        return new  # the list as a whole
    return {n: {k: v for k, v in b.items() if a.get(k) != v} for n, a, b in zip(names, old, new) if a != b}


_NO = object()


def change_between(text: str, other: str) -> Change | None:
    """The :class:`Change` that makes ``other`` from ``text`` (``None``: it changes more than the table and the
    plays, or takes something out of the table, which ``given`` cannot)."""

    a, b = data_of(text), data_of(other)
    if a is None or b is None or {k: v for k, v in a.items() if k not in ("setup", "actions")} != {
            k: v for k, v in b.items() if k not in ("setup", "actions")}:
        return None
    given = _setup_given(a.get("setup"), b.get("setup"))
    if given is _NO or (given and not isinstance(given, dict)):
        return None
    same = (a.get("actions") or []) == (b.get("actions") or [])
    change = Change(given or None, None if same else list(b.get("actions") or []))
    try:
        if to_yaml(b) != apply(text, change):
            return None
    except ValueError:
        return None
    return change


# -- one-click variations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Variation:
    label: str
    text: str
    change: Change = Change()


def describe_action(scn: ScenarioBase, act: dict[str, Any]) -> str:
    """A play in words: the game's own wording (its plugin's ``describe_play``: 'Player 2 plays Preemptive Strike'),
    else the play's fields ('place 3')."""
    own = plugin(scn.game).describe_play
    if own is not None:
        return own(scn, act)
    parts = []
    for k, v in act.items():
        parts.append(f"{k} {' '.join(map(str, v)) if isinstance(v, list) else v}")
    return ", ".join(parts)


def variations(ruling: Ruling, check: Callable[[str], Ruling], limit: int = 10) -> list[Variation]:
    """One thing changed at a time: remove a play, switch the defender, change a stat (at most ``limit``; under
    a running work budget (:mod:`tutor.budget`), the ones found before it is spent). ``check`` rules on each
    changed text (:func:`tutor.ruling.check`, which imports this module)."""
    data = data_of(ruling.text)
    scn = ruling.scenario
    if data is None or scn is None:
        return []
    out: list[Variation] = []
    actions = data.get("actions") or []

    def add(label: str, edit: Callable[[dict[str, Any]], None]) -> bool:
        new = copy.deepcopy(data)
        edit(new)
        change = change_between(ruling.text, to_yaml(new))
        if change is None:
            return False
        text = apply(ruling.text, change)  # the table through given:, as a file's question would change it
        if text == to_yaml(data) or any(v.text == text for v in out) or not check(text).ok:
            return False  # no change, a duplicate, or a situation the engine cannot resolve
        out.append(Variation(label, text, change))
        return True

    try:
        for k, act in enumerate(actions):
            if len(out) >= limit:
                break
            if isinstance(act, dict) and not add(f"Without play {k + 1} ({describe_action(scn, act)})",
                                                 _without_play(k)):
                add(f"Stop before play {k + 1} ({describe_action(scn, act)})", _stop_before(k))
        extra = hook(scn.game, "variations")  # the game's own (its plugin's ``variations``), or None
        if extra:
            for label, change in extra(scn, data):
                if len(out) >= limit:
                    break
                add(label, change)
    except OverBudget:
        pass  # the request's CPU budget is spent: the variations found so far
    return out[:limit]


Edit = Callable[[dict[str, Any]], None]
"""A change made to a situation's parsed data (the mapping its YAML parses to)."""


def _without_play(k: int) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        d["actions"].pop(k)
    return edit


def _stop_before(k: int) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        d["actions"] = d["actions"][:k]
    return edit


def _set_at(path: tuple[str | int, ...], key: str, value: Any) -> Edit:
    """Set ``key`` of the mapping at ``path`` to ``value``."""
    def edit(d: dict[str, Any]) -> None:
        get_path(d, path)[key] = value
    return edit


def _add_at(path: tuple[str | int, ...], key: str, amount: int) -> Edit:
    """Add ``amount`` to the number ``key`` of the mapping at ``path`` (0 when the file leaves it out)."""
    def edit(d: dict[str, Any]) -> None:
        spec = get_path(d, path)
        spec[key] = spec.get(key, 0) + amount
    return edit


def _mc_variations(scn: Any, data: dict[str, Any]) -> list[tuple[str, Edit]]:
    from tutor.games.marvel_champions import character_specs

    out: list[tuple[str, Edit]] = []
    chars = [(owner, spec.id or spec.card, loc, role) for loc, owner, spec, role in character_specs(scn)]
    defends = [k for k, a in enumerate(scn.actions) if a.defend is not None]
    for k in defends[:1]:
        for owner, cid, _, _ in chars:
            if cid != scn.actions[k].defend:
                def switch(d: dict[str, Any], k: int = k, owner: str = owner, cid: str = cid) -> None:
                    d["actions"][k] = {"player": owner, "defend": cid}
                out.append((f"{cid} defends instead of {scn.actions[k].defend}", switch))
    attacks = scn.setup.all_attacks
    if not attacks:  # a player phase: the plays are the players' attacks
        return out
    attack = attacks[0]
    first: tuple[str | int, ...] = ("setup", "attack") if scn.setup.attack is not None else ("setup", "attacks", 0)
    name = attack.attacker if isinstance(attack.attacker, str) else attack.attacker.card
    out.append((f"{name} gets +1 ATK", _add_at(first, "atk_modifier", 1)))
    for p in scn.setup.players:
        if p.id != attack.against:
            out.append((f"{name} attacks {p.name} instead", _set_at(first, "against", p.id)))
            break
    target = scn.actions[defends[0]].defend if defends else None
    for owner, cid, loc, _ in chars:
        if cid == target or (target is None and loc[-1] == "identity" and owner == attack.against):
            out.append((f"{cid} starts exhausted", _toggle_exhausted(loc)))
            break
    if attack.boost:
        out.append(("No boost card", _set_at(first, "boost", [])))
    return out


def _toggle_exhausted(loc: tuple[Any, ...]) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        ref = get_path(data, loc)
        spec = {"card": ref} if isinstance(ref, str) else dict(ref)
        spec["exhausted"] = not spec.get("exhausted", False)
        set_path(data, loc, spec)
    return edit


def _regicide_variations(scn: Any, data: dict[str, Any]) -> list[tuple[str, Edit]]:
    return [("The enemy has taken 5 more damage", _add_at(("setup",), "damage", 5)),
            ("The enemy has 4 more shield", _add_at(("setup",), "shield", 4))]


def _dm_variations(scn: Any, data: dict[str, Any]) -> list[tuple[str, Edit]]:
    from tutor.games.dungeon_mayhem.position import player_names

    out: list[tuple[str, Edit]] = []
    for i, (name, p) in enumerate(zip(player_names(scn), scn.setup.players)):
        if p.defense:
            out.append((f"{name} has no Defense cards", _set_at(("setup", "players", i), "defense", [])))
        if p.hp > 2:
            out.append((f"{name} has 2 fewer hit points", _set_at(("setup", "players", i), "hp", p.hp - 2)))
    return out

