"""A question's own table: ``given:`` fields merged into the scenario's setup for that question only.

"And with only two players left?" or "and if the Tavern had 3 cards?" is the same file with a ``given`` on the
question: the merged setup is validated by the game's own model, and the engine builds and resolves it exactly as
it would a scenario's, so every rule and every refusal is the same. Mappings merge key by key; anything else (a
list, a number) replaces the scenario's value. A Dungeon Mayhem ``players`` mapping names the players it changes
(``{players: {Lia: {hp: 0, out: true}}}``).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from tutor.models import Question, ScenarioBase

Loc = tuple[Any, ...]


class GivenError(ValueError):
    """``given`` does not make a valid setup: the problems, each at its place inside ``given``."""

    def __init__(self, problems: list[tuple[Loc, str]]) -> None:
        super().__init__("; ".join(m for _, m in problems))
        self.problems = problems


def _merge(base: Any, change: Any, where: Loc, problems: list[tuple[Loc, str]]) -> Any:
    if isinstance(base, dict) and isinstance(change, dict):
        out = dict(base)
        for k, v in change.items():
            out[k] = _merge(base.get(k), v, where + (k,), problems)
        return out
    if isinstance(base, list) and isinstance(change, dict) and where == ("players",):
        return _merge_players(base, change, problems)
    return change


def _merge_players(players: list[Any], change: dict[str, Any], problems: list[tuple[Loc, str]]) -> list[Any]:
    """Dungeon Mayhem: ``{Lia: {hp: 0}}`` changes the player named (or playing) Lia."""
    out = [dict(p) if isinstance(p, dict) else p for p in players]
    for who, fields in change.items():
        hits = [i for i, p in enumerate(out) if isinstance(p, dict) and str(who).lower() in
                (str(p.get("name") or "").lower(), str(p.get("character") or "").lower())]
        if len(hits) != 1:
            names = [str(p.get("name") or p.get("character")) for p in out if isinstance(p, dict)]
            problems.append((("players", who), f"no single player called {who!r} (players: {', '.join(names)})"))
            continue
        if not isinstance(fields, dict):
            problems.append((("players", who), "give the player's changed fields as a mapping, e.g. {hp: 0}"))
            continue
        out[hits[0]] = {**out[hits[0]], **fields}
    return out


def _where(err_loc: tuple[Any, ...], given: dict[str, Any], setup: dict[str, Any]) -> Loc:
    """A validation error's place in the merged setup, as a place inside ``given`` (as far as ``given`` goes)."""
    loc: list[Any] = []
    node: Any = given
    for i, part in enumerate(err_loc):
        if i == 1 and loc == ["players"] and isinstance(part, int) and isinstance(node, dict):
            players = setup.get("players") or []
            name = players[part].get("name") or players[part].get("character") if part < len(players) else None
            part = next((k for k in node if str(k).lower() == str(name).lower()), part)
        if isinstance(node, dict) and part in node:
            loc.append(part)
            node = node[part]
        else:
            break
    return tuple(loc)


def merge_setup(setup: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """``setup`` (a scenario's setup as data) with ``given`` merged into it: the one merge every ``given`` goes
    through, a question's in a file and the ruling page's what-if alike (not validated here).

    :raises GivenError: ``given`` names a player the setup does not have once, or gives a player's fields
        as something other than a mapping.
    """
    problems: list[tuple[Loc, str]] = []
    merged: dict[str, Any] = _merge(setup, given, (), problems)
    if problems:
        raise GivenError(problems)
    return merged


def scenario_for(scn: ScenarioBase, q: Question) -> ScenarioBase:
    """The scenario this question is asked on: the scenario itself, or its setup with the question's ``given``.

    :raises GivenError: the merged setup is not a valid one (each problem at its place inside ``given``).
    """
    if q.given is None:
        return scn
    setup = getattr(scn, "setup")
    merged = merge_setup(setup.model_dump(exclude_unset=True), q.given)
    try:
        new = type(setup).model_validate(merged)
    except ValidationError as err:
        raise GivenError([(_where(tuple(e["loc"]), q.given, merged), e["msg"]) for e in err.errors()]) from None
    return scn.model_copy(update={"setup": new})


def given_references(scn: ScenarioBase) -> list[tuple[tuple[Any, ...], str]]:
    """A question's own table (``given``) is checked like a scenario's setup: merged and validated by the game's
    model, then the game's reference checks on it; problems are placed inside ``given`` (as deep as it goes)."""
    from tutor.games import plugin  # the games' plugins import the question models, not this module

    game = plugin(scn.game)
    out: list[tuple[tuple[Any, ...], str]] = []
    for i, q in enumerate(scn.questions):
        if q.given is None:
            continue
        here: tuple[Any, ...] = ("questions", i, "given")
        try:
            derived = scenario_for(scn, q)
        except GivenError as err:
            out += [(here + tuple(loc), msg) for loc, msg in err.problems]
            continue
        derived = derived.model_copy(update={"actions": q.line(list(getattr(scn, "actions", []))), "questions": [q]})
        try:
            found = game.references(derived)
        except game.refusals as err:
            found = game.position_problems(derived, err)
        for loc, msg in found:
            if loc[:1] in (("actions",), ("questions",)):
                continue  # the question's plays and asks: _line_references reports them at their own place
            inside = tuple(loc[1:]) if loc[:1] == ("setup",) else ()
            depth = 0
            node: Any = q.given
            for part in inside:
                if isinstance(node, dict) and part in node:
                    node, depth = node[part], depth + 1
                else:
                    break
            out.append((here + inside[:depth], msg))
    return out
