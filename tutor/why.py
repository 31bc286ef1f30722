"""``rules-tutor why``: the chain of steps that changed a quantity, from the start of a line to a question's moment.

A quantity is a key ``(thing, quantity)`` of the game's vocabulary (``engine/<game>/quantities.py``); each
step of a resolution says which quantities it changed (``Step.effects``), read from the table by the engine.
A question's keys are the verdict where its line stops at an illegal play, else the quantities its asks read
(``tutor.questions.reads_of``), or those given with ``--key``;
where it reads none, the command lists the quantities the line changed up to the moment, each with how many steps
changed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.core.effects import Key, Value
from engine.core.message import Listing, Message, msg
from engine.core.trace import Step

def quantities_of(game: str) -> Any:
    """The module of ``game``'s vocabulary (its plugin's ``quantities``: ``snapshot(position)`` by key)."""
    import importlib

    from tutor.games import plugin

    return importlib.import_module(plugin(game).quantities)


def chain(steps: Sequence[Step], key: Key) -> list[tuple[Step, Value, Value]]:
    """The steps with an effect on ``key``, in order, each with the value before and after it.

    >>> from engine.regicide.glossary import TRACER
    >>> s = TRACER.step("REG.suit.spades", "♠ shields 4.")
    >>> from dataclasses import replace
    >>> steps = [replace(s, effects=((("enemy", "shield"), 0, 4),)), TRACER.step("REG.damage.deal", "4 damage.")]
    >>> [(st.rule, a, b) for st, a, b in chain(steps, ("enemy", "shield"))]
    [('REG.suit.spades', 0, 4)]
    """
    out = []
    for step in steps:
        for k, before, after in step.effects:
            if k == key:
                out.append((step, before, after))
    return out


def changed(steps: Sequence[Step]) -> dict[Key, int]:
    """Every key the steps change, with how many steps change it, in the order first changed."""
    out: dict[Key, int] = {}
    for step in steps:
        for key, _b, _a in step.effects:
            out[key] = out.get(key, 0) + 1
    return out


def words(v: Any, item: Callable[[Any], Any] | None = None, style: str = "and") -> Any:
    """A value in words, by its type: yes/no for a truth, a number or a name as it is, a sequence (an order, the
    abilities that resolved) as a list written the language's way with each item in words (``item`` names an
    item its game's way first, e.g. a pair of an enemy and a player), nothing or an empty sequence as "none".

    >>> str(words(True)), words(3), str(words(())), str(words(("Rhino", ("Brute", "p1"))))
    ('yes', 3, 'none', 'Rhino and Brute, p1')
    """
    if item is not None and (named := item(v)) is not None:
        return named
    if isinstance(v, bool):
        return msg("yes") if v else msg("no")
    if isinstance(v, (tuple, list)):
        if not v:
            return msg("none")
        parts = tuple(words(x, item, "comma") for x in v)  # an item that is itself a sequence: "A, B"
        return Listing(tuple(p if isinstance(p, (str, Message, Listing)) else str(p) for p in parts), style)
    return msg("none") if v is None or v == "" else v


def state_at(game: str, outcome: Any) -> Any:
    """The engine's position in a game's outcome at the question's moment."""
    from tutor.games import plugin

    return plugin(game).position(outcome)


def _english(text: Message | str) -> str:
    return str(text)


def render_chain(steps: Sequence[Step], key: Key, known: bool, now: Value = None,
                 cite: Callable[[str], str] = str, say: Callable[[Message | str], str] = _english,
                 sentence: Callable[[Step], str] = lambda step: step.text,
                 shown: Callable[[Key, Value], Any] | None = None) -> list[str]:
    """The lines ``why`` prints for one key (``now``: its value at the question's moment, if a position holds it;
    ``cite``: a step's source as a learner can follow it, e.g. the game's documents by title; ``say`` renders a
    message and ``sentence`` a step's sentence in the reader's language, English by default; ``shown`` puts a
    value in words, its game's way (its plugin's ``why.value``, as the app's "why?" shows it), else by its type)."""

    def _value(v: Value) -> Any:
        out = shown(key, v) if shown is not None else words(v)
        return out if isinstance(out, (str, Message, Listing)) else str(out)

    head = f"{key[0]} {key[1]}"
    if not known:
        return [say(msg("{key}: not a quantity of this game (see its vocabulary, engine/<game>/quantities.py)",
                        key=head))]
    links = chain(steps, key)
    if not links:
        if now is None:
            return [say(msg("{key}: no step up to this moment changes it (its value comes from the position the "
                            "line starts from: the set-up or a printed value)", key=head))]
        return [say(msg("{key}: {value}; no step up to this moment changes it (its value comes from the position "
                        "the line starts from: the set-up or a printed value)", key=head, value=_value(now)))]
    lines = [say(msg("{key}: {value} at the start", key=head, value=_value(links[0][1])))]
    for n, (step, before, after) in enumerate(links, start=1):
        lines.append(f"  {n}. {step.rule}: {sentence(step)}")
        change = (say(msg("kept at {value}", value=_value(after))) if before == after
                  else say(msg("{before} → {after}", before=_value(before), after=_value(after))))
        lines.append(f"     {change}   [{cite(step.source)}]")
    lines.append("  " + say(msg("so {value} at the question's moment", value=_value(links[-1][2]))))
    return lines


# -- the questions a learner may ask about an answered question (the lesson and ruling pages) ---------------------


@dataclass(frozen=True)
class Why:
    """One "why?" a learner may ask after answering: the question about one quantity, language-free, and the
    chain of steps that changed it up to the question's moment (each with its value before and after)."""

    key: Key
    question: Message
    links: tuple[tuple[Step, Value, Value], ...]

    @property
    def start(self) -> Value:
        return self.links[0][1]

    @property
    def now(self) -> Value:
        return self.links[-1][2]


def whys(asked: Any) -> list[Why]:
    """The "why?" questions about an answered question (``tutor.questions.Asked``): every quantity its line
    changed up to the moment that the game asks about, the verdict on an illegal play first, then the
    quantities of the thing its ``of:`` names, then the rest in the order first changed. Empty where the
    game's engine records no effects (or its plugin phrases none)."""
    from tutor.games import plugin

    scn, q = asked.scenario, asked.question
    phrases = plugin(scn.game).why
    steps = asked.solution.steps
    if phrases is None:
        return []
    ofs = [thing for of in ([p.of for p in q.parts] if q.parts else [q.of]) if of
           for thing in phrases.things(scn, of)]
    out = []
    for key in changed(steps):
        links = tuple(chain(steps, key))
        if key[1] == "legal":
            if links[-1][2] is False:
                play = key[0].partition(":")[2]
                out.append(Why(key, msg("Why is play {n} illegal?", n=int(play)) if play.isdigit()
                               else msg("Why is this play illegal?"), links))
            continue
        question = phrases.question(scn, key, links[-1][2])
        if question is not None:
            out.append(Why(key, question, links))
    return sorted(out, key=lambda w: (w.key[1] != "legal", ofs.index(w.key[0]) if w.key[0] in ofs else len(ofs)))
