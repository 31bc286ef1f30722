"""Practice items: candidates from a game's source, the checks every kept item passes, tags and a rating.

A :class:`Candidate` is scenario data (setup, plays, one question) and a canonical key of the position it
asks about. :func:`judge` asks it with the engine and keeps it only if it passes every check, in this order
(the first that fails is the reason it is rejected, counted by the bench):

- ``unaskable``: the engine cannot ask it (its moment is never reached, or it refuses to rule);
- ``rule``: its explanation's deciding step does not cite a rule of the game (or not the rule practised);
- ``trivial``: a rule-blind guess ("the first choice", "no damage", "nothing happens", a count of one) would
  be right;
- ``tedious``: it asks to count more options than a player would count at the table (:data:`COUNT_CAP`);
- ``duplicate``: its canonical position key is one an item already kept has;
- ``giveaway``: the board shown before the answer displays it;
- ``answers``: it does not have exactly one correct answer once written as a file (the file's text reads
  back as the data asked, and the answer is one value of its kind, one of its choices); the property test
  loads every item as ``rules-tutor check`` does and compares the engine's answer with the file's expect.

The generator (:func:`tutor.practice.generate.generate`) adds two checks over the items kept so far:
``balance`` (as many "Yes" as "No" per yes/no ask) and ``plain`` (most items of a rule that has a misreading
offer it as a wrong choice).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from tutor.games import plugin
from tutor.games.base import ILLEGAL, Solution
from engine.core.errors import RulesError
from engine.core.trace import Step
from tutor.questions import (Asked, Unaskable, ask_question, is_correct, is_unchanged_note,
                             part_views)

CHECKS = ("unaskable", "rule", "trivial", "tedious", "duplicate", "giveaway", "answers", "balance", "plain")


@dataclass(frozen=True)
class Candidate:
    game: str
    data: dict[str, Any]  # setup, actions, questions (one)
    key: tuple[Any, ...]  # the canonical position: two candidates with the same key are near-duplicates


@dataclass(frozen=True)
class Wrong:
    """A wrong choice that teaches: the answer under a misreading of a rule, and the misreading."""

    answer: Any
    rule: str
    misreading: str  # the misreading's id
    feedback: str  # what the learner did, in English ("you counted Spider-Man's DEF, but ...")
    template: str = ""  # the feedback's message id (English, with {fields}), for translation
    params: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass
class Item:
    """A kept practice item: a scenario file of one question, its rule, tags and rating."""

    id: str
    game: str
    rule: str  # the deciding step's rule: the rule this item practises
    rules: tuple[str, ...]  # every rule of its explanation (its tags)
    rating: float  # difficulty, on the learners' Glicko scale (1500 = average)
    data: dict[str, Any]
    answer: Any = field(compare=False, default=None)
    wrong: tuple[Wrong, ...] = ()
    hash: str = ""
    asked: Asked | None = field(default=None, repr=False, compare=False)  # the question resolved (kept in memory)

    def yaml(self) -> str:
        """The item as a scenario file (the same YAML as ``tutor.share.to_yaml``, written by libyaml if present)."""
        import yaml

        from tutor import share

        text = yaml.dump(share._flowify(self.data, 0), Dumper=_dumper(), sort_keys=False, allow_unicode=True,
                         width=110, default_flow_style=False)
        return "# yaml-language-server: $schema=../../schema/scenario.schema.json\n" + text


_DUMPER: Any = None


def _dumper() -> Any:
    global _DUMPER
    if _DUMPER is None:
        import yaml

        from tutor import share

        base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        _DUMPER = type("ItemDumper", (base,), {})
        _DUMPER.add_representer(share._Flow, share._represent_flow)
        _DUMPER.add_representer(share._FlowList, share._represent_flow)
    return _DUMPER


def stable_hash(key: tuple[Any, ...]) -> str:
    return hashlib.sha1(json.dumps(key, default=str).encode()).hexdigest()[:12]


def load(game: str, data: dict[str, Any]) -> Any:
    envelope = {"id": "practice.candidate", "game": game, "title": "Practice", "source": "generated"}
    return plugin(game).scenario_model.model_validate({**envelope, **data})


def ask(game: str, data: dict[str, Any]) -> Asked:
    scn = load(game, data)
    return ask_question(scn, scn.questions[0])


def _matches(rule: str, wanted: str) -> bool:
    return rule == wanted or (wanted.endswith(".") and rule.startswith(wanted))


def blind_guesses(asked: Asked) -> list[Any]:
    """Answers a learner could give without the rule: the first choice, nothing (0, none, no), and for a
    yes/no question the answer nothing special gives (the play is legal, the enemy survives)."""
    scn, q = asked.scenario, asked.question
    views = part_views(scn, q, asked.solution)
    view = views[0]
    out: list[Any] = []
    if view.kind == "number":
        out += [0]
        if view.ask.name in COUNTS:
            out += [1]  # one option to count (one player the attack may choose): nothing to work out
    elif view.kind == "multi_select":
        out += [[]]
        if view.choices:
            out += [[view.choices[0].key], [c.key for c in view.choices]]
    elif view.choices and view.kind != "yes_no":  # yes/no: balanced by the generator instead
        out += [view.choices[0].key]
    if view.ask.name in BLIND_CHOICE:
        out += [BLIND_CHOICE[view.ask.name]]
    if (view.kind in ("number", "choice") and asked.timeline is not None and asked.timeline.frames
            and asked.timeline.plays > 0):
        # "nothing happens": the same ask read before any play (the hit points the board shows as "10 → ?")
        try:
            start = asked.timeline.frames[0].outcome
            out.append(view.ask.answer(scn, Solution(start, ()), view.of))
        except (Unaskable, RulesError):  # an ask that cannot be read before the plays has no such guess
            pass
    return out


# number asks that count the options a player has: a count of one is trivial, more than COUNT_CAP tedious
# (boost cards: one is what every attack is dealt)
COUNTS = frozenset({"target_count", "legal_play_count", "boost_cards_dealt"})
COUNT_CAP = 5


def tedious(asked: Asked) -> bool:
    """A count of more options than a player would count at the table (eight legal plays)."""
    return (asked.question.ask or "") in COUNTS and isinstance(asked.answer, int) and asked.answer > COUNT_CAP


def plain_yes_no(asked: Asked) -> bool:
    """A yes/no item whose answer is the one "nothing special happens" gives (the play is legal, the enemy
    survives): kept, so that "Yes" is not always right, but only as often as the other answer."""
    name = asked.question.ask or ""
    return isinstance(asked.answer, bool) and asked.answer == BLIND_YES_NO.get(name, False)


# choice asks: the choice that says "nothing happens"
BLIND_CHOICE = {"enemy_destination": "in_play", "game_result": "in_progress", "defense_kind": "none",
                "defender": "none", "winner": "none"}


# yes/no asks: the answer "nothing special happens" gives (the play is legal, the defense holds, ...)
BLIND_YES_NO = {"is_legal": True, "enemy_defeated": False, "destroyed_defense": False, "is_out": False,
                "can_yield": True, "can_target": True, "is_tough_discarded": False, "is_defeated": False,
                "is_defended": True, "attack_happens": True, "is_exhausted": False, "is_attacked": True}


def judge(cand: Candidate, seen: set[str], rule: str | None = None,
          board: Callable[[Asked], list[str]] | None = None) -> tuple[Item | None, str]:
    """Keep ``cand`` as an item, or say which check it fails first (one of :data:`CHECKS`)."""
    try:
        asked = ask(cand.game, cand.data)
    except (Unaskable, ValueError, Exception):  # noqa: BLE001  (any refusal: the candidate is not asked)
        return None, "unaskable"
    game = plugin(cand.game)
    step = asked.explanation.deciding_step
    if (step is None or step.rule not in game.glossary or step.rule in game.routine or asked.answer is None
            or is_unchanged_note(step)
            or (rule is not None and not _matches(step.rule, rule))):
        return None, "rule"
    if asked.answer == ILLEGAL or any(is_correct(g, asked.answer) for g in blind_guesses(asked)):
        return None, "trivial"
    if tedious(asked):
        return None, "tedious"
    h = stable_hash(cand.key)
    if h in seen:
        return None, "duplicate"
    if board is not None and board(asked):
        return None, "giveaway"
    rules = tuple(dict.fromkeys(s.rule for s in asked.explanation.ordered() if s.rule not in game.routine))
    item = Item(f"practice.{cand.game}.{h}", cand.game, step.rule, rules, 0.0, {}, asked.answer, hash=h)
    item.data = _file_data(item, cand.data, step.rule)
    if not one_answer(item, asked):
        return None, "answers"
    seen.add(h)
    item.asked = asked
    return item, ""


def _file_data(item: Item, data: dict[str, Any], rule: str) -> dict[str, Any]:
    title = plugin(item.game).glossary[rule].title if rule in plugin(item.game).glossary else rule
    q = dict(data["questions"][0], id="q", expect=item.answer)
    return {"id": item.id, "game": item.game, "title": f"Practice: {title}",
            "tags": ["practice", *item.rules], "source": f"generated (practice); deciding rule {rule}",
            "setup": data["setup"], "actions": data.get("actions", []), "questions": [q]}


def one_answer(item: Item, asked: Asked) -> bool:
    """Exactly one correct answer: the file's text reads back as the very data that was asked (so
    ``rules-tutor check`` resolves the same position and plays), the answer is one value of the ask's kind,
    and a choice answer is exactly one of the choices (no two choices share a key)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if yaml.load(item.yaml(), Loader=loader) != item.data:
        return False
    view = part_views(asked.scenario, asked.question, asked.solution)[0]
    keys = [c.key for c in view.choices]
    if len(set(map(str, keys))) != len(keys):
        return False  # two choices with the same key: two ways to be right
    if view.kind == "choice":
        return sum(1 for k in keys if k == asked.answer and type(k) is type(asked.answer)) == 1
    if view.kind == "multi_select":
        return isinstance(asked.answer, list) and all(str(v) in set(map(str, keys)) for v in asked.answer)
    if view.kind == "number":
        return isinstance(asked.answer, int) and not isinstance(asked.answer, bool)
    return isinstance(asked.answer, bool)
