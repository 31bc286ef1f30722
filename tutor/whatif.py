"""What if…? Compare two rulings step by step, and offer one-click variations of a situation.

Pure logic, no UI; split out of :mod:`tutor.ruling`, which re-exports every public name here. A variation
edits the parsed data and writes it back as YAML (:func:`tutor.share.to_yaml`), like the forms do.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from engine.core.trace import Step
from tutor.budget import OverBudget
from tutor.datapaths import data_of, get_path, set_path
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
    left = list(a.solution.steps) if a.solution else []
    right = list(b.solution.steps) if b.solution else []
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
    answers: list[AnswerDiff] = []
    right_by_id = {x.qid: x for x in b.answers}
    for x in a.answers:
        y = right_by_id.get(x.qid)
        answers.append(AnswerDiff(x.qid, x.prompt, x.label, y.label if y else "(no such question)"))
    rule = lambda r: (r.solution.illegal.rule if r.solution and r.solution.illegal else "")  # noqa: E731
    return RulingDiff(tuple(out), tuple(answers), (rule(a), rule(b)))


# -- one-click variations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Variation:
    label: str
    text: str


def describe_action(scn: ScenarioBase, act: dict[str, Any]) -> str:
    """A play in words: 'Player 2 plays Preemptive Strike'."""
    if scn.game == "marvel_champions":
        names = {p.id: p.name for p in scn.setup.players}  # type: ignore[attr-defined]
        who = names.get(act.get("player", ""), act.get("player", "?"))
        return f"{who} plays {act['play']}" if "play" in act else f"{who} defends with {act.get('defend')}"
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

    def add(label: str, change: Callable[[dict[str, Any]], None]) -> bool:
        new = copy.deepcopy(data)
        change(new)
        text = to_yaml(new)
        if text == to_yaml(data) or any(v.text == text for v in out) or not check(text).ok:
            return False  # no change, a duplicate, or a situation the engine cannot resolve
        out.append(Variation(label, text))
        return True

    try:
        for k, act in enumerate(actions):
            if len(out) >= limit:
                break
            if isinstance(act, dict) and not add(f"Without play {k + 1} ({describe_action(scn, act)})",
                                                 lambda d, k=k: d["actions"].pop(k)):
                add(f"Stop before play {k + 1} ({describe_action(scn, act)})", lambda d, k=k: d.__setitem__(
                    "actions", d["actions"][:k]))
        extra = _VARIATIONS.get(scn.game)
        if extra:
            for label, change in extra(scn, data):
                if len(out) >= limit:
                    break
                add(label, change)
    except OverBudget:
        pass  # the request's CPU budget is spent: the variations found so far
    return out[:limit]


def _mc_variations(scn: Any, data: dict[str, Any]) -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    from tutor.games.marvel_champions import character_specs

    out: list[tuple[str, Callable[[dict[str, Any]], None]]] = []
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
    key = ("attack",) if scn.setup.attack is not None else ("attacks", 0)

    def first(d: dict[str, Any]) -> dict[str, Any]:
        return d["setup"]["attack"] if key == ("attack",) else d["setup"]["attacks"][0]  # type: ignore[no-any-return]

    name = attack.attacker if isinstance(attack.attacker, str) else attack.attacker.card
    out.append((f"{name} gets +1 ATK",
                lambda d: first(d).__setitem__("atk_modifier", first(d).get("atk_modifier", 0) + 1)))
    for i, p in enumerate(scn.setup.players):
        if p.id != attack.against:
            out.append((f"{name} attacks {p.name} instead", lambda d, pid=p.id: first(d).__setitem__("against", pid)))
            break
    target = scn.actions[defends[0]].defend if defends else None
    for owner, cid, loc, _ in chars:
        if cid == target or (target is None and loc[-1] == "identity" and owner == attack.against):
            out.append((f"{cid} starts exhausted", lambda d, loc=loc: _toggle_exhausted(d, loc)))
            break
    if attack.boost:
        out.append(("No boost card", lambda d: first(d).__setitem__("boost", [])))
    return out


def _toggle_exhausted(data: dict[str, Any], loc: tuple[Any, ...]) -> None:
    ref = get_path(data, loc)
    spec = {"card": ref} if isinstance(ref, str) else dict(ref)
    spec["exhausted"] = not spec.get("exhausted", False)
    set_path(data, loc, spec)


def _regicide_variations(scn: Any, data: dict[str, Any]) -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    s = data["setup"]
    return [("The enemy has taken 5 more damage", lambda d: d["setup"].__setitem__("damage", s.get("damage", 0) + 5)),
            ("The enemy has 4 more shield", lambda d: d["setup"].__setitem__("shield", s.get("shield", 0) + 4))]


def _dm_variations(scn: Any, data: dict[str, Any]) -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    from tutor.games.dungeon_mayhem import player_names

    out: list[tuple[str, Callable[[dict[str, Any]], None]]] = []
    for i, (name, p) in enumerate(zip(player_names(scn), scn.setup.players)):
        if p.defense:
            out.append((f"{name} has no Defense cards", lambda d, i=i: d["setup"]["players"][i].__setitem__("defense", [])))
        if p.hp > 2:
            out.append((f"{name} has 2 fewer hit points", lambda d, i=i, hp=p.hp: d["setup"]["players"][i].__setitem__("hp", hp - 2)))
    return out


_VARIATIONS: dict[str, Callable[[Any, dict[str, Any]], list[tuple[str, Callable[[dict[str, Any]], None]]]]] = {
    "marvel_champions": _mc_variations, "regicide": _regicide_variations, "dungeon_mayhem": _dm_variations}
