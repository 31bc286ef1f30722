"""Moments are real positions (issue 23 item 6): at every frame of a question's line of play, the position there is
one the engine itself holds, and what an ask reports about the choice open there (which choice, which plays are
legal, whether a yield, a solo Jester, a discard or a target is allowed) is exactly the engine's ``legal_actions``
at that position; the engine's ``is_legal`` agrees on each action.

Run over every frame of every library question, and over generated practice items of each game (seeded):
``RULES_TUTOR_MOMENT_ITEMS`` items per game, 200 by default (the full 1,000 by hand:
``RULES_TUTOR_MOMENT_ITEMS=1000 .venv/bin/python -m pytest tests/tutor/test_moment_positions.py``).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterator

import pytest

from engine import dungeon_mayhem as dm
from engine import marvel_champions as mc
from engine import regicide as rg
from engine.regicide.cards import card_str, cards_symbols
from tutor.games import plugin
from tutor.games.base import Solution, Unaskable
from tutor.given import scenario_for
from tutor.games.dungeon_mayhem.asks import candidate_choices, choice_key
from tutor.games.marvel_champions.plays import action_key
from tutor.games.regicide.plays import candidate_plays
from tutor.library import default_library
from tutor.models import ScenarioBase
from tutor.moments import Frame, Timeline
from tutor.practice.generate import generate
from tutor.questions import Timelines

ITEMS = int(os.environ.get("RULES_TUTOR_MOMENT_ITEMS", "200"))


def _ask(scn: ScenarioBase, sol: Solution, name: str, of: str | None = None) -> Any:
    """The ask's answer at the moment, or the refusal itself (an :class:`Unaskable`)."""
    try:
        return plugin(scn.game).asks[name].answer(scn, sol, of)
    except Unaskable as err:
        return err


def _refused(value: Any) -> bool:
    return isinstance(value, Unaskable)


# -- Regicide ------------------------------------------------------------------------------------------------
_KINDS = {rg.Play: "play", rg.Yield: "play", rg.Discard: "discard", rg.ChooseNext: "jester_next"}


def _regicide(scn: ScenarioBase, sol: Solution) -> list[str]:
    st: rg.State = sol.outcome.state
    legal = rg.legal_actions(st)
    bad = [f"legal_actions lists {a} but is_legal refuses it" for a in legal if not rg.is_legal(st, a)]
    plays = {tuple(a.cards) for a in legal if isinstance(a, rg.Play)}
    for cards in candidate_plays(st):  # every play the hand could try: legal exactly when the engine lists it
        if rg.is_legal(st, rg.Play(tuple(cards))) != (tuple(cards) in plays):
            bad.append(f"is_legal({' '.join(map(card_str, cards))}) disagrees with legal_actions")
    for a in (rg.Yield(), rg.SoloJester(), *(rg.ChooseNext(s) for s in range(st.players))):
        if rg.is_legal(st, a) != (a in legal):
            bad.append(f"is_legal({a}) = {rg.is_legal(st, a)} disagrees with legal_actions")

    kinds = {_KINDS[type(a)] for a in legal if type(a) in _KINDS}
    open_ = _ask(scn, sol, "open_choice")
    if _refused(open_):
        if legal:
            bad.append(f"open_choice refused ({open_}) where the engine lists {legal}")
    elif open_ == "none":
        if legal:
            bad.append(f"open_choice says nothing is open where the engine lists {legal}")
    elif not legal or not kinds <= {open_}:
        bad.append(f"open_choice says {open_!r} where the engine's legal actions are {legal}")

    want = sorted(cards_symbols(c) for c in plays)
    listed = _ask(scn, sol, "legal_plays")
    if (sorted(listed) if not _refused(listed) else []) != want:
        bad.append(f"legal_plays reports {listed} where the engine's legal plays are {want}")
    count = _ask(scn, sol, "legal_play_count")
    if (0 if _refused(count) else count) != len(want):
        bad.append(f"legal_play_count reports {count} where the engine has {len(want)}")
    if st.phase == rg.Phase.PLAY and not st.step:  # the current seat's yield, now
        if _ask(scn, sol, "can_yield") is not (rg.Yield() in legal):
            bad.append(f"can_yield reports {_ask(scn, sol, 'can_yield')} where the engine says {rg.Yield() in legal}")
    solo = _ask(scn, sol, "solo_jester_now")
    if solo is not (rg.SoloJester() in legal):
        bad.append(f"solo_jester_now reports {solo} where the engine says {rg.SoloJester() in legal}")
    for a in legal:
        if isinstance(a, rg.Discard):
            enough = _ask(scn, sol, "is_discard_enough", " ".join(card_str(c) for c in a.cards))
            if enough is not True:
                bad.append(f"is_discard_enough({a}) reports {enough} for a discard the engine lists")
    nxt = _ask(scn, sol, "next_player")
    if (nxt == "open") != any(isinstance(a, rg.ChooseNext) for a in legal):
        bad.append(f"next_player reports {nxt!r} where the engine's legal actions are {legal}")
    return bad


# -- Dungeon Mayhem ------------------------------------------------------------------------------------------
_PLAYER_CHOICES = (dm.ChooseTarget, dm.ChooseDefense, dm.ChoosePlayer)


def _dungeon_mayhem(scn: ScenarioBase, sol: Solution) -> list[str]:
    st: dm.State = sol.outcome.after
    legal = dm.legal_actions(st)
    bad = [f"legal_actions lists {a} but is_legal refuses it" for a in legal if not dm.is_legal(st, a)]
    want = sorted({choice_key(st, a) for a in legal})  # as a learner reads them (a card by name, not by index)
    for a in candidate_choices(st):
        if dm.is_legal(st, a) != (choice_key(st, a) in want):
            bad.append(f"is_legal({a}) = {dm.is_legal(st, a)} disagrees with legal_actions")
    listed = _ask(scn, sol, "legal_plays")
    if _refused(listed) or sorted(listed) != want:
        bad.append(f"legal_plays reports {listed} where the engine's legal actions are {want}")
    seats = {a.player for a in legal if isinstance(a, _PLAYER_CHOICES)}
    names = sol.outcome.names
    chosen = _ask(scn, sol, "choosable_players")
    if _refused(chosen):
        if seats:
            bad.append(f"choosable_players refused ({chosen}) where the engine lets {sorted(seats)} be chosen")
    elif sorted(chosen) != sorted(names[s] for s in seats):
        bad.append(f"choosable_players reports {chosen} where the engine lets seats {sorted(seats)} be chosen")
    count = _ask(scn, sol, "target_count")
    if not _refused(count) and count != len(seats):
        bad.append(f"target_count reports {count} where the engine lets {len(seats)} be chosen")
    for seat, name in enumerate(names):
        can = _ask(scn, sol, "can_target", name)
        if not _refused(can) and can is not (seat in seats):
            bad.append(f"can_target({name}) reports {can} where the engine says {seat in seats}")
    kind = _ask(scn, sol, "pending_kind")
    if (kind == "none") != (not legal):
        bad.append(f"pending_kind reports {kind!r} where the engine's legal actions are {want}")
    return bad


# -- Marvel Champions ----------------------------------------------------------------------------------------
def _marvel_champions(scn: ScenarioBase, sol: Solution) -> list[str]:
    st: mc.AttackState = sol.outcome.state
    legal = mc.legal_actions(st)
    bad = [f"legal_actions lists {a} but is_legal refuses it" for a in legal if not mc.is_legal(st, a)]
    if mc.is_legal(st, mc.Pass()) != (mc.Pass() in legal):
        bad.append("is_legal(Pass) disagrees with legal_actions")
    want = [action_key(st, a) for a in legal]
    listed = _ask(scn, sol, "legal_plays")
    if _refused(listed) or sorted(listed) != sorted(want):
        bad.append(f"legal_plays reports {listed} where the engine's legal actions are {want}")
    return bad


CHECKS: dict[str, Callable[[ScenarioBase, Solution], list[str]]] = {
    "regicide": _regicide, "dungeon_mayhem": _dungeon_mayhem, "marvel_champions": _marvel_champions}


def problems(scn: ScenarioBase, tl: Timeline, where: str) -> list[str]:
    """What disagrees with the engine at any frame of ``tl`` (each problem names the frame)."""
    out = []
    for frame in tl.frames:
        sol = Solution(frame.outcome, tl.steps[: frame.steps], None, plays=frame.play)
        out += [f"{where} @ {_name(frame)}: {p}" for p in CHECKS[scn.game](scn, sol)]
    return out


def _name(frame: Frame) -> str:
    return f"{frame.point} (play {frame.play}, episode {frame.episode})"


def _library_lines() -> Iterator[tuple[ScenarioBase, Timeline, str]]:
    lib = default_library()
    timelines = Timelines()
    seen: set[tuple[str, str | None]] = set()
    for sid, scn in lib.scenarios.items():
        for q in scn.questions:
            key = (sid, q.id if q.has_own_line or q.given is not None else None)
            if key in seen:
                continue
            seen.add(key)
            table = scenario_for(scn, q)  # the question's own table, if it gives one
            yield table, timelines.of(table, q), f"{sid}:{q.id}"


def test_every_frame_of_every_library_question_is_the_engines_position() -> None:
    found = []
    lines = 0
    inside = 0
    for scn, tl, where in _library_lines():
        lines += 1
        found += problems(scn, tl, where)
        if scn.game == "regicide":
            inside += sum(1 for f in tl.frames if f.outcome.state.step)
    assert lines > 100  # the whole library, not a corner of it
    assert inside > 10  # Regicide moments inside a turn (a play's Steps 1-3, a discard part-way) are among them
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("game", sorted(CHECKS))
def test_every_frame_of_generated_items_is_the_engines_position(game: str) -> None:
    items = generate(game, count=ITEMS, seed=23, giveaway=False, wrong=False,
                     budget=ITEMS * 40)
    assert len(items) >= ITEMS * 0.9, f"only {len(items)} items generated"
    found = []
    frames = 0
    for item in items:
        asked = item.asked
        assert asked is not None and asked.timeline is not None
        frames += len(asked.timeline.frames)
        found += problems(asked.scenario, asked.timeline, item.id)
    assert frames > len(items)  # the moments inside the lines, not only their ends
    assert not found, "\n".join(found[:40])
