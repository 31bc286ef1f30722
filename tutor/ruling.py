"""Check a ruling: a situation's YAML in, the engine's ruling out; what-if diffs; open decisions.

Pure logic, no UI. The YAML text is the source of truth: forms and one-click variations
edit the parsed data and write it back as YAML (:func:`tutor.share.to_yaml`).
The what-if diffs and variations live in :mod:`tutor.whatif` and are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.message import N_, Listing, Message, msg
from tutor import yamlio
from tutor.datapaths import PATH as PATH, data_of as data_of, get_path as get_path, set_path as set_path
from tutor.games import hook, plugin, plugins
from tutor.games.base import Solution
from tutor.library import parse_scenario_text
from tutor.models import ScenarioBase
from tutor.questions import Asked, Timelines, Unaskable, ask_question, caption_of, label_of
from tutor.budget import CONTENT, ContentCache, Limits, OverBudget, content_key, running
from tutor.share import to_yaml
from tutor import whatif
from tutor.whatif import (AnswerDiff, Change, RulingDiff, StepDiff, Variation, apply, change_between, describe_action,
                          diff, diff_steps)
from tutor.yamlio import Problem

NOBODY_DEFENDS = "nobody-defends"  # tag: the players settled that nobody defends (Marvel Champions)


@dataclass(frozen=True)
class Answer:
    qid: str
    prompt: str
    value: Any
    label: str
    asked: Asked | None = None
    refused: Unaskable | None = None  # the engine refuses this question (the reason); the others are answered


@dataclass(frozen=True)
class Ruling:
    """A situation checked by the strict loader and resolved by its game's engine."""

    text: str
    scenario: ScenarioBase | None
    problems: tuple[Problem, ...]
    solution: Solution | None = None
    answers: tuple[Answer, ...] = ()
    timeline: Any = None  # tutor.moments.Timeline of the scenario's own plays
    refused: OverBudget | None = None  # over its work budget: not solved (which limit, and the figure)

    @property
    def ok(self) -> bool:
        return self.scenario is not None and self.solution is not None

    @property
    def caption(self) -> str:
        return caption_of(self.scenario) if self.scenario else ""


def check(text: str, path: str = PATH, limits: Limits | None = None) -> Ruling:
    """Load ``text`` strictly and resolve it; problems come as ``path:line:col: field: message``.

    The ruling's solution is the whole line of play (the board and the trace at its end); each
    question is answered at its own moment. With ``limits`` (user-supplied content), content over its
    question or play counts is refused before any work, and solving stops once the request's CPU time is
    spent: the ruling then has ``refused`` set and nothing else."""
    if limits is None:
        return _check(text, path, None)
    try:
        with running(limits):
            return _check(text, path, limits)
    except OverBudget as err:
        return Ruling(text, None, (), refused=err)


# at most 128 rulings and 2,000 answers in all (a 40-question ruling holds about 1.6 MB)
_SOLVED: ContentCache[Ruling] = ContentCache(max_entries=128, max_weight=2_000, weigh=lambda r: 1 + len(r.answers))


def variations(ruling: Ruling, limit: int = 10) -> list[Variation]:
    """One thing changed at a time (:func:`tutor.whatif.variations`), each ruled on by :func:`check`."""
    return whatif.variations(ruling, check, limit)


def checked(text: str, path: str = PATH, limits: Limits = CONTENT) -> Ruling:
    """:func:`check` under ``limits``, cached by the content's hash: the same link opened by a whole class
    is solved once (a refusal is kept too). Rulings are immutable and shared by every caller."""
    return _SOLVED.get(content_key("ruling", text, path, limits), lambda: check(text, path, limits))


_VARIED: ContentCache[tuple[Variation, ...]] = ContentCache(max_entries=32)  # texts only: small


def variations_of(text: str, limits: Limits = CONTENT) -> tuple[Variation, ...]:
    """The one-click variations of a situation, under ``limits`` (those found before the CPU budget is
    spent), cached by the content's hash."""
    def compute() -> tuple[Variation, ...]:
        ruling = checked(text, PATH, limits)
        if not ruling.ok:
            return ()
        with running(limits):
            return tuple(variations(ruling))

    return _VARIED.get(content_key("variations", text, limits), compute)


def _check(text: str, path: str, limits: Limits | None) -> Ruling:
    scn, problems = parse_scenario_text(text, path, limits)
    if scn is None:
        return Ruling(text, None, tuple(problems))
    tl = plugin(scn.game).timeline(scn, list(getattr(scn, "actions", [])))
    sol = Solution(tl.last.outcome, tl.steps, tl.illegal, plays=tl.tried)
    timelines = Timelines()
    answers = []
    for q in scn.questions:
        try:
            got = ask_question(scn, q, timelines)
        except Unaskable as err:  # shown with its reason, in its place among the answers
            answers.append(Answer(q.id, q.prompt, None, f"refused: {err}", None, err))
            continue
        answers.append(Answer(q.id, q.prompt, got.answer, label_of(scn, q, got.answer, got.solution), got))
    return Ruling(text, scn, tuple(problems), sol, tuple(answers), tl)


def edit(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    """Apply ``change`` to the parsed data and write it back (the text itself if it does not parse)."""
    data = data_of(text)
    if data is None:
        return text
    change(data)
    return to_yaml(data)


# -- open decisions: what the plays leave open --------------------------------------------------------


@dataclass(frozen=True)
class Option:
    label: Message | str  # a message template (the page renders it in the learner's language), or a name
    action: dict[str, Any] | None = None  # the play to add (None: settle it with ``tag``)
    tag: str | None = None


@dataclass(frozen=True)
class Decision:
    question: Message  # message templates: the page renders them in the learner's language
    why: Message
    options: tuple[Option, ...]
    at: int | None = None  # where the play goes in the actions (None: at the end)
    required: bool = True  # False: the next play of a game that simply goes on
    more: int = 0  # legal options left out of ``options``


def open_decisions(ruling: Ruling, limit: int = 12) -> list[Decision]:
    """The choices the situation leaves open, with the engine's legal options (asked, never guessed)."""
    scn, sol = ruling.scenario, ruling.solution
    if not ruling.ok or scn is None or sol is None:
        return []
    decisions = hook(scn.game, "decisions")
    if decisions is None:  # the game declares none (its plugin's ``decisions``)
        return []
    try:
        found: list[Decision] = decisions(scn, sol, limit)
        return found
    except (IllegalPlay, InvalidAction):
        return []


def settle(text: str, decision: Decision, option: Option) -> str:
    """The situation with ``option`` chosen: its play inserted (or its tag added)."""
    def change(d: dict[str, Any]) -> None:
        if option.tag:
            d["tags"] = [*(d.get("tags") or []), option.tag]
        if option.action is not None:
            acts = list(d.get("actions") or [])
            acts.insert(len(acts) if decision.at is None else decision.at, option.action)
            d["actions"] = acts
    return edit(text, change)


def _mc_decisions(scn: Any, sol: Solution, limit: int) -> list[Decision]:
    return _mc_defend_decisions(scn) + _mc_assign_decisions(scn, limit)


def _mc_defend_decisions(scn: Any) -> list[Decision]:
    """Does anyone defend? Asked for a single enemy attack whose plays name no defender."""
    from engine import marvel_champions as mc
    from engine.marvel_champions.resolve import begin
    from tutor.games.marvel_champions import build_state

    if NOBODY_DEFENDS in scn.tags or len(scn.setup.all_attacks) != 1 or any(
            a.defend is not None or a.play in ("\"I Can Do This All Day\"", "Mutant Protectors") for a in scn.actions):
        return []
    state, _ = begin(build_state(scn))
    if not state.happened:
        return []
    options = []
    for c in state.characters:
        p = state.player(c.controller)
        action = mc.BasicDefend(p.id) if c.id == p.identity else mc.AllyDefend(p.id, c.id)
        try:
            mc.apply(state, action)
        except (IllegalPlay, InvalidAction):
            continue
        how = (msg("{player}: {character} defends (basic defense)", player=p.name, character=c.name)
               if c.id == p.identity else msg("{player}: {character} defends (ally)", player=p.name, character=c.name))
        options.append(Option(how, {"player": p.id, "defend": c.id}))
    if not options:
        return []
    options.append(Option(msg("Nobody defends"), None, NOBODY_DEFENDS))
    return [Decision(msg("Does anyone defend?"), msg("The plays do not say whether anyone defends this attack. Defenders "
                     "are declared at step 2, before any other play here (MC.atk.sequence)."), tuple(options), at=0)]


def _mc_assign_decisions(scn: Any, limit: int) -> list[Decision]:
    """How is the indirect damage assigned? Asked when the engine stopped at that decision (MC.dmg.indirect)."""
    from engine.marvel_champions.damage import Unassigned, assignments

    tl = plugin(scn.game).timeline(scn, list(scn.actions))
    err = tl.unresolved
    if not isinstance(err, Unassigned):
        return []
    state, pid = err.position, err.player
    ways, total = assignments(state, limit)
    name = state.player(pid).name

    def label(shares: tuple[tuple[str, int], ...]) -> Message:
        parts = tuple(msg("{n} to {character}", n=n, character=state.character(c).name) for c, n in shares)
        return msg("{player}: {shares}", player=name, shares=Listing(parts, "comma"))

    options = tuple(Option(label(w), {"player": pid, "assign": {c: n for c, n in w if n}}) for w in ways)
    return [Decision(msg("How does {player} assign the {n} indirect damage?", player=name, n=state.damage or 0),
                     msg("{attacker}'s attack deals indirect damage: {player} splits it among their characters, "
                         "none taking more than would defeat it (MC.dmg.indirect). The plays do not say how.",
                         attacker=state.attacker.name, player=name), options,
                     at=err.at_play, more=max(0, total - len(ways)))]


def _regicide_decisions(scn: Any, sol: Solution, limit: int) -> list[Decision]:
    from engine import regicide as rg
    from engine.regicide.cards import card_str, cards_symbols
    from tutor.games.regicide.position import seat_number

    if not sol.is_legal:
        return []
    state = sol.outcome.state
    if rg.is_terminal(state):
        return []
    legal = rg.legal_actions(state)
    seat = seat_number(state.current)  # the file's and the reader's seat number: 1-based
    options = []
    for a in legal:
        if isinstance(a, rg.Play):
            options.append(Option(msg("Seat {seat} plays {cards}", seat=seat, cards=cards_symbols(a.cards)),
                                  {"seat": seat, "play": [card_str(c) for c in a.cards]}))
        elif isinstance(a, rg.Discard):
            options.append(Option(msg("Seat {seat} discards {cards}", seat=seat, cards=cards_symbols(a.cards)),
                                  {"seat": seat, "discard": [card_str(c) for c in a.cards]}))
        elif isinstance(a, rg.ChooseNext):
            options.append(Option(msg("Seat {seat} goes next", seat=seat_number(a.seat)),
                                  {"seat": seat, "next": seat_number(a.seat)}))
        elif isinstance(a, rg.Yield):
            options.append(Option(msg("Seat {seat} yields", seat=seat), {"seat": seat, "yield": True}))
        else:
            options.append(Option(msg("Seat {seat} flips a set-aside Jester", seat=seat), {"solo_jester": True}))
    if state.phase == rg.Phase.DISCARD:
        q, why, required = (msg("Which cards does seat {seat} discard?", seat=seat),
                            msg("Seat {seat} must discard cards worth at least {need} (REG.suffer.discard); the plays "
                                "stop before the discard.", seat=seat, need=state.need), True)
    elif state.phase == rg.Phase.JESTER_CHOICE:
        q, why, required = (msg("Who goes next after the Jester? (seat {seat} chooses)", seat=seat),
                            msg("The Jester's player names the next player (REG.jester.choose_next); the plays stop "
                                "before that choice."), True)
    else:
        q, why, required = (msg("What does seat {seat} play next?", seat=seat),
                            msg("The engine's legal plays for the position where the plays stop."), False)
    return [Decision(q, why, tuple(options[:limit]), required=required, more=max(0, len(options) - limit))]


_DM_QUESTIONS = {
    "play": (N_("What does {who} play next?"), N_("The game goes on: these are the cards {who} may play.")),
    "target": (N_("Whom does {who}'s attack hit?"), N_("An attack's target is chosen by its player: a player with no "
                  "Defense card, or one of their Defense cards.")),
    "soak": (N_("Which of {victim}'s Defense cards takes the damage next?"),
             N_("The attacker chooses the order (D2).")),
    "ghost": (N_("Whom does {who}'s ghost haunt?"), N_("The Vengeful Ghost chooses its victim.")),
    "destroy": (N_("Which Defense card does {who} destroy?"), N_("The card's player chooses which Defense card.")),
    "charm": (N_("Which Defense card does {who} take?"), N_("Charm's player chooses which Defense card.")),
    "swap": (N_("Whose hit points does {who} swap with?"), N_("Vampiric Touch's player chooses.")),
    "pick_pocket": (N_("Whose deck does {who} pick from?"), N_("Pick Pocket's player chooses.")),
    "recover": (N_("Which card does {who} take back?"),
                N_("Divine Inspiration's player chooses a card from the discard pile.")),
    "praise": (N_("Does {who} praise Delilah?"), N_("Each opponent praises her or takes 2 damage (Praise Me).")),
    "dance": (N_("Does {who} dance?"), N_("Each player may dance and draw 1 (Owlbear Boogie).")),
    "noise": (N_("Does {who} make the animal noise?"),
              N_("Primal Strike's player may strike each opponent for 1 (E5).")),
    "murder": (N_("Does {who} attack, heal or draw?"), N_("Murders and Acquisitions: each player chooses in turn.")),
    "free_play": (N_("Which Form card does {who} play for free?"),
                  N_("Commune with Nature: a Shapeshift card, or none.")),
    "mirror": (N_("Which Defense card does {who}'s Mirror copy?"), N_("Definitely Just a Mirror's player chooses.")),
    "trap": (N_("Whose hit points does {who} change?"), N_("It's Not a Trap's player chooses.")),
    "trap_to": (N_("Whose hit points do they become?"), N_("It's Not a Trap's player chooses another player.")),
    "mind_games": (N_("Whose hand does {who} take?"), N_("Mind Games' player chooses an opponent.")),
    "mind_blast": (N_("Whom does {who} blast?"), N_("Mind Blast's player chooses an opponent.")),
}


def _with(template: str, **args: Any) -> Message:
    """A template of ``_DM_QUESTIONS`` as a message, given only the parameters it uses."""
    return msg(template, **{k: v for k, v in args.items() if "{" + k + "}" in template})


def _dm_decisions(scn: Any, sol: Solution, limit: int) -> list[Decision]:
    from engine import dungeon_mayhem as dm
    from engine.dungeon_mayhem.cards import card_name
    from engine.dungeon_mayhem.rules import deciding

    if not sol.is_legal:
        return []
    state = sol.outcome.after
    if state.pending is None:
        return []
    names = list(state.names)
    who = names[deciding(state)]  # an asked player, Charm Ray's or Burped-Up Bones' owner
    kind = state.pending.kind

    def defense(seat: int, k: int) -> dict[str, Any]:
        cards = [card_name(c) for c, _ in state.players[seat].defense]
        nth = cards[: k + 1].count(cards[k])
        return {"defense": cards[k], **({"nth": nth} if nth > 1 else {})}

    options: list[Option] = []
    for a in dm.legal_actions(state):
        if isinstance(a, dm.PlayCard):
            card = a.card or card_name(state.players[state.active].hand[a.index or 0])
            opt = Option(msg("{who} plays {card}", who=who, card=card), {"play": card})
        elif isinstance(a, dm.ChooseTarget):
            act = {"target": names[a.player], **(defense(a.player, a.defense) if a.defense is not None else {})}
            opt = Option(msg("{player}: {card}", player=names[a.player], card=act["defense"]) if "defense" in act
                         else names[a.player], act)
        elif isinstance(a, dm.ChooseDefense):
            act = {kind: names[a.player], **defense(a.player, a.defense)}
            opt = Option(msg("{player}: {card}", player=names[a.player], card=act["defense"]), act)
        elif isinstance(a, dm.ChoosePlayer):
            opt = Option(names[a.player], {"choose": names[a.player]})
        elif isinstance(a, dm.ChooseOption):
            opt = Option(a.option, {"option": a.option})
        else:
            card = a.card or card_name(state.players[state.active].discard[a.index or 0])
            opt = Option(card, {"recover": card})
        if all(o.action != opt.action for o in options):
            options.append(opt)
    victim = names[state.pending.victim] if state.pending.victim >= 0 else who
    q, why = _DM_QUESTIONS.get(kind, (N_("What happens next?"), N_("The engine's legal choices.")))
    return [Decision(_with(q, who=who, victim=victim), _with(why, who=who), tuple(options[:limit]),
                     required=kind != "play", more=max(0, len(options) - limit))]


def games() -> dict[str, str]:
    """Every registered game: id -> name."""
    return {g.id: g.name for g in plugins().values()}


__all__ = ["Answer", "AnswerDiff", "Change", "Decision", "Option", "Ruling", "RulingDiff", "StepDiff", "Variation",
           "apply", "change_between", "check", "describe_action", "diff", "diff_steps", "edit", "open_decisions",
           "settle", "variations"]
