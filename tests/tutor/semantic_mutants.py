"""The semantic sweep: library scenarios edited into well-formed files that name something that is not there.

Unlike :mod:`tests.tutor.mutants` (which breaks the text), each mutant here parses and fits the schema; only
its meaning is wrong, so it reaches the games' reference checks and the engines:

- ``unknown_of``: every question (and every part) that has an ``of:`` gets an id nobody has;
- Regicide positions: a placed card placed again in a hand (``duplicate_card``), a Joker-like foreign card in
  a hand (``foreign_card``: a Joker in a 2-player game, or a card no deck holds), the enemy's card moved into a
  hand (``enemy_in_hand``);
- Dungeon Mayhem positions: an action naming an unknown player (``unknown_player``), an unknown card in a hand
  or in a play (``unknown_card``), in the scenario's plays and in each question's own (``then``, ``instead``);
- Regicide plays with an unknown card (``unknown_card``), in the scenario's plays and each question's own;
- Marvel Champions positions: an action by an unknown player (``unknown_player``, in every list of plays), an
  unknown card in a hand or an attack against an unknown player (``unknown_card``, ``unknown_target``);
- lessons: every question slide names a question its scenario does not have, and each lesson's first one a
  scenario nobody wrote (``unknown_slide``), checked against the loaded library as ``rules-tutor check`` does.

Each one must give positioned problems (``path:line:col: ...``), among them one at the edited field, through
``rules-tutor check`` and the ruling page's check, and never a traceback. Deterministic: the mutants are
generated in library order (about 1,100, some 10 s of CPU in all).
"""

from __future__ import annotations

import copy
import io
import re
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from tests.tutor.mutants import LINE, library_files

UNKNOWN = "Nobody-Zz"  # an id, player, seat or card name that no scenario uses


@dataclass(frozen=True)
class Mutant:
    name: str  # file:kind:where
    kind: str
    text: str
    field: str  # the dotted field a problem must point at (or under)
    lesson: bool = False


def _files(lessons: bool) -> list[tuple[Path, dict[str, Any]]]:
    """The library's scenario files (or its lesson files), parsed."""
    from tutor import yamlio

    out = []
    for f in library_files():
        located, problems = yamlio.load(f.read_text(encoding="utf-8"), str(f))
        if located is not None and not problems and isinstance(located.data, dict) and \
                ("slides" in located.data) == lessons:
            out.append((f, located.data))
    return out


def _lesson(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    first = True
    for i, slide in enumerate(data.get("slides") or []):
        if slide.get("type") != "question":
            continue
        d = copy.deepcopy(data)
        d["slides"][i]["question"] = "nobody_zz"
        yield "unknown_slide", d, f"slides[{i}].question"
        if first:
            d = copy.deepcopy(data)
            d["slides"][i]["scenario"] = "nobody.zz"
            yield "unknown_slide", d, f"slides[{i}].scenario"
            first = False


def _yaml(data: dict[str, Any]) -> str:
    from tutor.share import to_yaml

    return to_yaml(data)


def _unknown_of(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    for i, q in enumerate(data.get("questions") or []):
        if "of" in q:
            d = copy.deepcopy(data)
            d["questions"][i]["of"] = UNKNOWN
            yield "unknown_of", d, f"questions[{i}].of"
        for j, p in enumerate(q.get("parts") or []):
            if isinstance(p, dict) and "of" in p:
                d = copy.deepcopy(data)
                d["questions"][i]["parts"][j]["of"] = UNKNOWN
                yield "unknown_of", d, f"questions[{i}].parts[{j}].of"


def _regicide(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    setup = data["setup"]
    hands = setup.get("hands") or []
    listed = [i for i, h in enumerate(hands) if isinstance(h, list)]
    if not listed:
        return
    last = listed[-1]
    placed = [c for i in listed for c in hands[i]] + list(setup.get("table") or [])
    where = f"setup.hands[{last}][{len(hands[last])}]"

    def add(card: str) -> dict[str, Any]:
        d = copy.deepcopy(data)
        d["setup"]["hands"][last].append(card)
        return d

    yield from _regicide_plays(data)
    if placed:
        yield "duplicate_card", add(placed[0]), where
    foreign = "JOKER" if setup.get("players", 1) <= 2 else "11H"  # 3-4 players have Jesters: a card no deck holds
    yield "foreign_card", add(foreign), where
    yield "enemy_in_hand", add(setup["enemy"]), where


def _lines(data: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], list[Any]]]:
    """Every list of plays: the scenario's, then each question's own (``then``, ``instead``), with its path."""
    yield ("actions",), data.get("actions") or []
    for i, q in enumerate(data.get("questions") or []):
        for verb in ("then", "instead"):
            if isinstance(q.get(verb), list):
                yield ("questions", i, verb), q[verb]


def _put(data: dict[str, Any], at: tuple[str | int, ...], key: str, value: Any) -> tuple[dict[str, Any], str]:
    """A copy of ``data`` with ``value`` at ``at`` + ``key``; also the dotted path of ``at``."""
    from tutor.yamlio import dotted

    d = copy.deepcopy(data)
    node: Any = d
    for part in at:
        node = node[part]
    node[key] = value
    return d, dotted(at)


def _regicide_plays(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    for at, acts in _lines(data):
        for k, act in enumerate(acts):
            if act.get("play"):
                d, where = _put(data, (*at, k), "play", [*act["play"], "ZZ"])
                yield "unknown_card", d, where
                break


def _dungeon_mayhem(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    for at, acts in _lines(data):
        for k, act in enumerate(acts):
            verb = next((v for v in ("target", "destroy", "charm", "choose", "mirror") if v in act), None)
            if verb is not None:
                d, where = _put(data, (*at, k), verb, UNKNOWN)
                yield "unknown_player", d, where
            elif "play" in act:
                d, where = _put(data, (*at, k), "play", UNKNOWN)
                yield "unknown_card", d, where
    for i, p in enumerate(data["setup"]["players"]):
        if isinstance(p.get("hand"), list):
            d = copy.deepcopy(data)
            d["setup"]["players"][i]["hand"].append(UNKNOWN)
            yield "unknown_card", d, f"setup.players[{i}].hand[{len(p['hand'])}]"
            break


def _marvel_champions(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    for at, acts in _lines(data):
        for k, act in enumerate(acts[:1]):
            d, where = _put(data, (*at, k), "player", "nobody_zz")
            yield "unknown_player", d, where
    for i, p in enumerate(data["setup"]["players"]):
        d = copy.deepcopy(data)
        d["setup"]["players"][i].setdefault("hand", []).append(UNKNOWN)
        yield "unknown_card", d, f"setup.players[{i}].hand"
        break
    for key in ("attack", "attacks"):
        got = data["setup"].get(key)
        if got:
            d = copy.deepcopy(data)
            (d["setup"][key] if key == "attack" else d["setup"][key][0])["against"] = "nobody_zz"
            yield "unknown_target", d, f"setup.{key}" if key == "attack" else "setup.attacks[0]"


_POSITIONS = {"regicide": _regicide, "dungeon_mayhem": _dungeon_mayhem, "marvel_champions": _marvel_champions}


def semantic_mutants() -> Iterator[Mutant]:
    """Every semantic mutant of the library, in a fixed order."""
    for f, data in _files(lessons=True):
        for kind, d, field in _lesson(data):
            yield Mutant(f"{f.name}:{kind}:{field}", kind, _yaml(d), field, lesson=True)
    for f, data in _files(lessons=False):
        makers = [_unknown_of(data)]
        if data.get("game") in _POSITIONS:
            makers.append(_POSITIONS[data["game"]](data))
        for gen in makers:
            for kind, d, field in gen:
                yield Mutant(f"{f.name}:{kind}:{field}", kind, _yaml(d), field)


@dataclass
class Outcome:
    mutant: Mutant
    kind: str  # "positioned" (problems, one at the field) or "failure"
    cpu: float
    detail: str = ""


def _at_field(problem_lines: list[str], field: str) -> bool:
    return any(re.search(rf":\d+:\d+: {re.escape(field)}[\[.:]", line) for line in problem_lines)


def run(m: Mutant, folder: Path) -> Outcome:
    """``rules-tutor check`` on the mutant, then the ruling page's check of it as pasted YAML (a lesson: checked
    against the library's scenarios, as ``rules-tutor check`` does)."""
    from tutor import ruling
    from tutor.cli import main

    if m.lesson:
        return _run_lesson(m)
    cpu = time.process_time()
    path = folder / "mutant.yaml"
    path.write_text(m.text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    bad: list[str] = []
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["check", str(path)])
        lines = out.getvalue().splitlines()
        if code != 1:
            bad.append(f"check: exit {code}" + (f" ({err.getvalue().strip()[:200]})" if code != 0 else ""))
        bad += [f"check: {x}" for x in lines if not LINE.match(x)]
        if code == 1 and not _at_field(lines, m.field):
            bad.append(f"check: no problem at {m.field} (got: {' | '.join(lines)[:300]})")
        checked = ruling.check(m.text)
        shown = [str(p) for p in checked.problems]
        bad += [f"ruling: {x}" for x in shown if not LINE.match(x)]
        if not _at_field(shown, m.field):
            bad.append(f"ruling: no problem at {m.field} (got: {' | '.join(shown)[:300]})")
    except BaseException as e:  # noqa: BLE001 - a traceback is exactly what we count
        return Outcome(m, "failure", time.process_time() - cpu, f"{type(e).__name__}: {str(e)[:300]}")
    kind = "failure" if bad else "positioned"
    return Outcome(m, kind, time.process_time() - cpu, " | ".join(bad)[:600])


def _run_lesson(m: Mutant) -> Outcome:
    from tutor import library, yamlio

    cpu = time.process_time()
    try:
        lib = library.default_library()
        mine = library.Library(scenarios=dict(lib.scenarios), paths=dict(lib.paths))
        located, problems = yamlio.load(m.text, "lesson.yaml")
        assert located is not None and not problems, problems
        mine.located["lesson.yaml"] = located
        library._load_lesson(mine, "lesson.yaml", located)
        shown = [str(p) for p in mine.problems]
    except BaseException as e:  # noqa: BLE001 - a traceback is exactly what we count
        return Outcome(m, "failure", time.process_time() - cpu, f"{type(e).__name__}: {str(e)[:300]}")
    bad = [x for x in shown if not LINE.match(x)]
    if not _at_field(shown, m.field):
        bad.append(f"no problem at {m.field} (got: {' | '.join(shown)[:300]})")
    return Outcome(m, "failure" if bad else "positioned", time.process_time() - cpu, " | ".join(bad)[:600])
