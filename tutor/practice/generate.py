"""Generating practice items: a game's candidate source, the checks (:mod:`tutor.practice.core`), a rating.

>>> items = generate("regicide", count=2, seed=1)
>>> len(items), all(i.rule.startswith("REG.") for i in items)
(2, True)
"""

from __future__ import annotations

import importlib

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator

from tutor import budget as work
from tutor.games import GAMES, plugin
from tutor.practice.core import CHECKS, Candidate, Item, judge, plain_yes_no
from tutor.questions import Asked, part_views



def _source(game: str) -> tuple[dict[str, tuple[str, str]], Callable[[random.Random, list[str]], Iterator[Candidate]]]:
    """The game's practice source (its plugin's ``practice`` module): its asks and its candidates."""
    source = importlib.import_module(plugin(game).practice)
    return source.ASKS, source.candidates


def asks_for(game: str, rule: str | None) -> list[str]:
    """The asks of the game's source to draw candidates from for ``rule`` (every ask without one). The deciding step
    is computed from what each step changed, so any ask may be decided by any rule: every ask, the judge keeps the
    items whose deciding step cites ``rule``."""
    asks, _ = _source(game)
    return list(asks)


@dataclass
class Stats:
    candidates: int = 0
    kept: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    stopped: bool = False  # the running work budget (tutor.budget) was spent: fewer items than asked

    def share(self, check: str) -> float:
        return self.rejected[check] / self.candidates if self.candidates else 0.0


def generate(game: str, count: int = 10, seed: int = 0, rule: str | None = None, *, stats: Stats | None = None,
             giveaway: bool = True, budget: int | None = None, seen: set[str] | None = None,
             wrong: bool = True, progress: Callable[[int, Stats], None] | None = None) -> list[Item]:
    """``count`` items for ``game`` (fewer if ``budget`` candidates run out), each passing every check; the
    same seed gives the same items. ``rule`` keeps the items whose deciding step cites it (a prefix ending
    in '.' keeps a family). ``seen`` holds hashes already kept (e.g. by earlier calls), updated in place.
    ``wrong``: also resolve each item under the misreadings of its rules (its wrong choices that teach).
    ``progress(items kept, stats)`` is called after every candidate (the CLI prints a line now and then).

    Under a running work budget (:func:`tutor.budget.running`) it stops, with the items so far, once the
    budget is spent (``stats.stopped``)."""
    stats = stats if stats is not None else Stats()
    seen = seen if seen is not None else set()
    rng = random.Random(f"{game}:{seed}:{rule}")
    _, source = _source(game)
    board = give_away if giveaway else None
    # a rule's items are rare among random positions (Marvel Champions' (defense) label decides about 1 in 400):
    # 800 candidates an item found 3 for each of 8 seeds, where 400 left some seeds short
    budget = budget if budget is not None else max(400, count * (800 if rule else 40))
    items: list[Item] = []
    mix = Mix(game, plain=rule is None)
    start = time.perf_counter()
    for cand in source(rng, asks_for(game, rule)):
        if len(items) >= count or stats.candidates >= budget:
            break
        try:
            work.tick()  # under a request's CPU budget (a learner waiting for practice items): the items so far
        except work.OverBudget:
            stats.stopped = True
            break
        stats.candidates += 1
        if progress is not None:
            progress(len(items), stats)
        item, why = judge(cand, seen, rule, board)
        if item is None:
            stats.rejected[why] += 1
            continue
        why = mix.refuse(item, wrong)
        if why:
            stats.rejected[why] += 1
            continue
        item.rating = rating(item)
        items.append(item)
        stats.kept += 1
    stats.seconds += time.perf_counter() - start
    return items


SLACK = 2  # per yes/no ask, the surprising answer may lead the plain one by this many items
# an item of a rule with a misreading that offers none is kept while such items are at most 1 in PLAIN_EVERY of
# those rules' items (issue 26: at least 60% of practice items offer a misreading in every game; measured by
# bench/generate.py, 1 in 3 gave 53% of all Regicide items, whose legality items have none, and 1 in 4 gave 59%)
PLAIN_EVERY = 5


class Mix:
    """The two checks over the items kept so far (``balance`` and ``plain``, see :mod:`tutor.practice.core`):
    per yes/no ask, an item whose answer is the "nothing special" one is kept only while there are fewer of
    them than of the other answer, and the other answer only while it leads by at most :data:`SLACK`; and an
    item with a rule that has a misreading (any rule of its explanation) but that offers none as a wrong choice is kept
    only while such items are at most 1 in :data:`PLAIN_EVERY` of the items of those rules."""

    def __init__(self, game: str, plain: bool = True) -> None:
        from tutor.practice.misreadings import misreadings

        # items asked for one rule keep their plain items (the learner needs that rule's items)
        self.misread = {m.rule for m in misreadings(game)} if plain else set()
        self.yes_no: Counter[tuple[str, bool]] = Counter()
        self.offers = self.plain = 0

    def refuse(self, item: Item, wrong: bool) -> str:
        """The check ``item`` fails ("balance" or "plain"), or "" once it is counted as kept."""
        asked = item.asked
        assert asked is not None
        ask = asked.question.ask or ""
        plain = None
        if isinstance(item.answer, bool):
            plain = plain_yes_no(asked)
            if (self.yes_no[ask, plain] >= self.yes_no[ask, not plain] + (0 if plain else SLACK)):
                return "balance"
        misreadable = bool(self.misread & set(item.rules))
        if wrong:
            from tutor.practice.misreadings import wrong_choices

            item.wrong = tuple(wrong_choices(item))
            if misreadable and not item.wrong and (PLAIN_EVERY - 1) * (self.plain + 1) > self.offers + 1:
                return "plain"
        if plain is not None:
            self.yes_no[ask, plain] += 1
        if wrong and misreadable:
            self.offers += bool(item.wrong)
            self.plain += not item.wrong
        return ""


def rating(item: Item) -> float:
    """A first difficulty rating (Glicko scale): more rules in play, more steps and a number to work out make
    an item harder. Learners' answers move it later (Glicko-2, ``tutor.practice.store.record``)."""
    from tutor.practice.core import ask

    asked = item.asked if item.asked is not None else ask(item.game, item.data)
    game = plugin(item.game)
    steps = [s for s in asked.explanation.steps if s.rule not in game.routine]
    kind = part_views(asked.scenario, asked.question, asked.solution)[0].kind
    r = 1250.0 + 35 * min(len(steps), 12) + 45 * min(len(item.rules), 6)
    r += {"yes_no": -120, "choice": 0, "multi_select": 120, "number": 80}.get(kind, 0)
    return float(max(800, min(2300, round(r))))


# -- the give-away check: the board drawn before the answer ------------------------------------------
def give_away(asked: Asked) -> list[str]:
    """What the board before the answer gives away or hides (none, for a kept item): each element is keyed by the
    quantity it shows, so the check is the lesson's own (``tutor.boards.keys``): no shown element carries a key the
    question reads, and every input it needs is in sight."""
    from tutor.questions import needs_of
    from tutor.boards.keys import give_aways, hidden_inputs

    bad = [f"shows {t}|{q}" for t, q in give_aways(asked)]
    needs = needs_of(asked.scenario, asked.question, asked.solution)
    return bad + [f"hides {t}|{q}" for t, q in hidden_inputs(asked, needs)]


__all__ = ["CHECKS", "GAMES", "Stats", "asks_for", "generate", "give_away", "rating"]
