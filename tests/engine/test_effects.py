"""Every step's effects agree with the states (issue 23, item 1).

For seeded random games of Regicide and Dungeon Mayhem (random attacks for Marvel Champions), and for the plays of
every library scenario of the three games, each action's steps are replayed effect by effect from the quantities
of the state before it:
each effect's ``before`` must be the quantity as the replay holds it (the state before the action for the
first effect on a key, the previous effect's ``after`` for the next ones), and once every step is replayed
the quantities must equal those of the resulting state — so no change goes unrecorded. At every moment the
engine marks inside an action, the replay must equal the quantities of the marked position. Every key an
engine emits is in its game's vocabulary. (A change made after a moment by no step of its own, such as the
next choice opening once the card has resolved, is that moment's: ``Mark.effects``, replayed after it.)
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

import pytest

from engine import dungeon_mayhem as dm
from engine import regicide as rg
from engine.core.effects import Key, Snapshot, Vocabulary, diff, is_of_play
from engine.core.errors import IllegalPlay
from engine.core.trace import Event, Mark, Recorder, Step
from engine.dungeon_mayhem import quantities as dq
from engine.dungeon_mayhem.state import Board
from engine.regicide import quantities as rq
from engine.regicide.glossary import TRACER as RG_TRACER

GAMES_EACH = 25
MAX_ACTIONS = 400


def _verdict(key: Key) -> bool:
    """A quantity of the play (its verdict, its value, the damage it deals): no quantity of a position to replay."""
    return is_of_play(key)


def _present(snap: Snapshot) -> Snapshot:
    """A snapshot without its ``None`` values: a thing that left the table (a defeated ally) has no quantities, and
    an effect says so as ``after = None`` (:func:`engine.core.effects.diff`)."""
    return {k: v for k, v in snap.items() if v is not None}


def replay(before: Snapshot, events: Iterable[Event], after: Snapshot | None, vocabulary: Vocabulary,
           snapshot: Callable[[Any], Snapshot], where: str) -> int:
    """Replay the effects of ``events`` from ``before``; check them against the marks and ``after`` (if given: a line
    that stopped early, at an illegal or unresolved play, has no position after its last event)."""
    now = dict(before)
    count = 0
    for event in events:
        if isinstance(event, Mark):
            assert _present(now) == _present(snapshot(event.state)), \
                f"{where}: the effects disagree with the mark {event.point}"
        for key, old, new in event.effects:
            assert vocabulary.knows(key), f"{where}: {event} emits {key}, not in the vocabulary"
            name = event.rule if isinstance(event, Step) else event.point
            if _verdict(key):
                continue
            if old == new:  # kept by a rule (trace.keep): the position holds that value
                assert now.get(key) == old, f"{where}: {name}: keeps {key} at {old!r}, but it is {now.get(key)!r}"
                continue
            assert now.get(key) == old, f"{where}: {name}: {key} was {now.get(key)!r}, the effect says {old!r}"
            now[key] = new
            count += 1
    assert after is None or _present(now) == _present(after), (f"{where}: changes not in any step: "
                          f"{ {k: (now.get(k), after.get(k)) for k in set(now) | set(after) if now.get(k) != after.get(k)} }")
    return count


def _regicide_events(state: rg.State, action: rg.Action, rng: random.Random | None) -> tuple[rg.State, list[Event]]:
    rec = Recorder(RG_TRACER)
    new = rg.apply(state, action, rng, rec)
    return new, rec.events


GAMES: dict[str, tuple[Any, Any, Any, Any]] = {
    "regicide": (lambda rng: rg.new_game(rng.randint(1, 4), rng), rg.legal_actions, _regicide_events, rq),
    "dungeon_mayhem": (lambda rng: dm.new_game(list(dm.GAME.random_setup(rng)), rng), dm.legal_actions,
                       lambda s, a, rng: dm.apply_traced(s, a, rng), dq),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_effects_agree_with_the_states(name: str) -> None:
    setup, legal, apply, q = GAMES[name]
    changed = 0
    for seed in range(GAMES_EACH):
        rng = random.Random(seed)
        state = setup(rng)
        for k in range(MAX_ACTIONS):
            actions = legal(state)
            if not actions:
                break
            action = rng.choice(actions)
            new, events = apply(state, action, rng)
            assert any(isinstance(e, Step) for e in events)
            changed += replay(q.snapshot(state), events, q.snapshot(new), q.VOCABULARY, q.snapshot,
                              f"{name} seed {seed} action {k} {action}")
            state = new
    assert changed > 1000  # the games really changed the table, step by step


@pytest.mark.parametrize("name", sorted(GAMES))
def test_explained_steps_alone_replay_too(name: str) -> None:
    """``apply_explained`` keeps no moments: its steps alone take the state before to the state after."""
    setup, legal, _apply, q = GAMES[name]
    game = dm if name == "dungeon_mayhem" else rg
    rng = random.Random(11)
    state = setup(rng)
    for k in range(150):
        actions = legal(state)
        if not actions:
            break
        new, steps = game.apply_explained(state, rng.choice(actions), rng)
        replay(q.snapshot(state), steps, q.snapshot(new), q.VOCABULARY, q.snapshot, f"{name} action {k}")
        state = new


def test_a_refused_play_has_its_verdict_as_effect() -> None:
    state = rg.new_game(2, random.Random(1))
    with pytest.raises(IllegalPlay) as err:
        rg.apply(state, rg.ChooseNext(1), None)  # no Jester was played
    step = RG_TRACER.illegal(err.value, phase=1, play=2)
    assert step.effects == ((("play:2", "legal"), True, False),)
    assert rq.VOCABULARY.knows(step.effects[0][0])


def test_read_is_one_entry_of_the_snapshot() -> None:
    state = rg.new_game(3, random.Random(2))
    assert rq.read(state, rq.pile("castle")) == 11 and rq.read(state, rq.hand_size(3)) == 6
    assert rq.read(state, rq.ENEMY_CARD) == state.enemy and rq.read(state, rq.CHOICE) == "play"
    with pytest.raises(KeyError):
        rq.read(state, rq.hand_size(4))
    d = dm.new_game(["Azzan", "Sutha"], random.Random(1))
    assert dq.read(d, dq.hp(2)) == 10 and dq.read(d, dq.pile(1, "deck")) == len(d.players[0].deck)
    b = Board(d)
    assert dq.board_snapshot(b) == dq.snapshot(d)
    assert all(q.VOCABULARY.knows(k) for q, s in ((rq, state), (dq, d)) for k in q.snapshot(s))


# -- the library ----------------------------------------------------------------------------------------------------


def _library() -> list[Any]:
    from tutor import library

    lib = library.load()
    return sorted((s for s in lib.scenarios.values() if s.game in ("regicide", "dungeon_mayhem")), key=lambda s: s.id)


def _lines(scn: Any) -> list[tuple[str, Any]]:
    lines = [("actions", list(scn.actions))]
    for q in scn.questions:
        if q.has_own_line:
            lines.append((f"question {q.id}", q.line(scn.actions)))
    return lines


def test_library_scenarios_effects_agree_with_the_states() -> None:
    from tutor.games.dungeon_mayhem.position import SetupError, _to_action, build
    from tutor.games.regicide.position import build_state, to_action

    checked = 0
    for scn in _library():
        for label, line in _lines(scn):
            if scn.game == "regicide":
                state: Any = build_state(scn)
                q: Any = rq
            else:
                state, q = build(scn).state, dq
            for k, act in enumerate(line):
                where = f"{scn.id} {label} #{k + 1}"
                new: Any
                events: Iterable[Event]
                try:
                    if scn.game == "regicide":
                        new, events = _regicide_events(state, to_action(act), None)
                    else:
                        new, events = dm.apply_traced(state, _to_action(scn, state, act, k))
                except (IllegalPlay, SetupError):
                    break
                replay(q.snapshot(state), events, q.snapshot(new), q.VOCABULARY, q.snapshot, where)
                checked += 1
                state = new
    assert checked > 100


# -- Marvel Champions: steps placed at the positions the resolution passes through -----------------------------------


def _mc_lines() -> list[tuple[str, Any, Any]]:
    from tutor import library
    from tutor.games.marvel_champions.position import build_actions, build_state

    lib = library.load()
    out = []
    scenarios: list[Any] = [s for s in lib.scenarios.values() if s.game == "marvel_champions"]
    for scn in sorted(scenarios, key=lambda s: s.id):
        for label, line in _lines(scn):
            out.append((f"{scn.id} {label}", build_state(scn), build_actions(scn, line)))
    return out


def test_marvel_champions_library_effects_agree_with_the_states() -> None:
    """Every line of every library scenario: the effects replayed from the start equal the position at every
    moment, and at the end of a line that ran to its end; every key read is in the vocabulary."""
    from engine import marvel_champions as mc
    from engine.marvel_champions import quantities as mq

    changed = marks = 0
    for where, start, actions in _mc_lines():
        out = mc.resolve(start, actions)
        ended = out.illegal is None and out.unresolved is None
        final = mq.snapshot(out.state) if ended else None
        changed += replay(mq.snapshot(start), out.events, final, mq.VOCABULARY, mq.snapshot, where)
        for e in out.events:
            if isinstance(e, Mark):
                assert all(mq.VOCABULARY.knows(k) for k in mq.snapshot(e.state)), where
                marks += 1
        assert all(s.effects for s in out.trace if s.rule == "MC.dmg.apply" and "takes no damage" not in s.text), where
        states = [start] + [e.state for e in out.events if isinstance(e, Mark)]
        for a, b in zip(states, states[1:]):  # the shortcut reads what the full snapshots say
            assert dict(((k, (x, y)) for k, x, y in mq.changes(a, b))) == \
                dict(((k, (x, y)) for k, x, y in diff(mq.snapshot(a), mq.snapshot(b)))), where
    assert marks > 200 and changed > 500


def _mc_random(seed: int) -> Any:
    from engine import marvel_champions as mc

    rng = random.Random(seed)
    return rng, mc.GAME.initial_state(mc.GAME.random_setup(rng), rng)


def test_marvel_champions_random_attacks_effects_agree_with_the_states() -> None:
    """Seeded random attacks played through the game API: each play's steps replay to the state after it."""
    from engine import marvel_champions as mc
    from engine.marvel_champions import quantities as mq

    changed = 0
    for seed in range(200):
        rng, state = _mc_random(seed)
        for k in range(12):
            actions = mc.GAME.legal_actions(state)
            if not actions:
                break
            action = rng.choice(list(actions))
            new, steps = mc.GAME.apply_explained(state, action)
            changed += replay(mq.snapshot(state), steps, mq.snapshot(new), mq.VOCABULARY, mq.snapshot,
                              f"marvel_champions seed {seed} action {k} {action}")
            state = new
    assert changed > 1000


def test_marvel_champions_effects_sit_on_the_step_that_makes_them() -> None:
    """Spot checks that each change lands on its own step: the exhausting defense, the calculation, the damage."""
    from engine import marvel_champions as mc
    from engine.marvel_champions import quantities as mq
    from engine.marvel_champions.state import AttackState, BoostCard, Character, Enemy, Player

    hero = Character("sm", "Spider-Man", "hero", "p1", defense=2, hp=10)
    s = AttackState(enemies=(Enemy("Rhino", "villain", atk=3, hp=14),), players=(Player("p1", "Ana", "sm"),),
                    characters=(hero,), attacker_name="Rhino", attacked_player="p1", target_player="p1", target="sm",
                    encounter=(BoostCard("Hard to Keep Down", 2),))
    out = mc.resolve(s, [mc.BasicDefend("p1")])
    by_rule = {st.rule: dict(((k, (b, a)) for k, b, a in st.effects)) for st in out.trace}
    assert by_rule["MC.atk.boost_dealt"][mq.attack(1, "boost_cards")] == ((), ("Hard to Keep Down",))
    assert by_rule["MC.def.basic"][mq.character("sm", "exhausted")] == (False, True)
    assert by_rule["MC.def.retarget"][mq.attack(1, "defender")] == (None, "sm")
    assert by_rule["MC.atk.flip"][mq.attack(1, "boost_revealed")] == (0, 1)
    assert by_rule["MC.dmg.calc"][mq.attack(1, "atk")] == (None, 5)
    assert by_rule["MC.dmg.calc"][mq.attack(1, "damage")] == (None, 3)
    assert by_rule["MC.dmg.apply"][mq.character("sm", "damage")] == (0, 3)
    assert mq.character("sm", "damage") not in by_rule["MC.dmg.calc"]


def test_every_marvel_champions_step_is_placed() -> None:
    """Each step the engine logs names the position just after it (``at=``), so its effects are read, not kept."""
    import ast
    from pathlib import Path

    import engine.marvel_champions as pkg

    missing = []
    for path in sorted(Path(pkg.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step"
                    and not any(k.arg == "at" for k in node.keywords)):
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing
