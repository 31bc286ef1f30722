"""Marvel Champions scenarios: one enemy attack, its defenders and plays."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal, Union

from pydantic import Field, model_validator

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
from tutor.games.base import ILLEGAL, Ask, Choice, GamePlugin, Loc, Solution
from tutor.models import ID, ScenarioBase, Strict

# -- file models ---------------------------------------------------------------------------


class CharacterSpec(Strict):
    """A character in play; a bare card name is shorthand for ``{card: NAME}``."""

    card: str = Field(description="catalogue card name, e.g. 'Spider-Man'")
    id: ID | None = Field(default=None, description="needed only when two characters share a name")
    exhausted: bool = False
    form: Literal["hero", "alter_ego"] = "hero"
    damage: int = Field(default=0, ge=0)
    tough: int = Field(default=0, ge=0)
    stunned: int = Field(default=0, ge=0)
    atk: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)


CharacterRef = Union[str, CharacterSpec]


class PlayerSpec(Strict):
    id: ID
    name: str = Field(min_length=1)
    identity: CharacterRef
    allies: list[CharacterRef] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list, description="card names")
    upgrades: list[str] = Field(default_factory=list)


class EnemySpec(Strict):
    card: str
    atk: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)
    damage: int = Field(default=0, ge=0)
    tough: int = Field(default=0, ge=0)
    stunned: int = Field(default=0, ge=0)


class BoostSpec(Strict):
    card: str
    icons: int | None = Field(default=None, ge=0, le=5, description="override the printed boost icons")


class AttackSpec(Strict):
    attacker: Union[str, EnemySpec]
    against: ID = Field(description="the id of the attacked player")
    boost: list[Union[str, BoostSpec]] = Field(default_factory=list, description="facedown boost cards, in the order dealt")
    attachments: list[str] = Field(default_factory=list, description="attachments on the attacker (ATK modifiers, e.g. Charge)")
    keywords: list[Literal["overkill", "piercing", "ranged"]] = Field(
        default_factory=list, description="keywords the attack gains for this attack")
    atk_modifier: int = Field(default=0, description="any other '+X ATK for this attack'")
    amplify: int = Field(default=0, ge=0, description="amplify icons in play")


class Setup(Strict):
    players: list[PlayerSpec] = Field(min_length=1, max_length=4)
    attack: AttackSpec
    in_play: list[str] = Field(default_factory=list, description="other encounter cards shown on the board")


class ActionSpec(Strict):
    """One play: ``{player: p2, defend: Spider-Woman}`` or ``{player: p2, play: Preemptive Strike}``."""

    player: ID
    defend: str | None = Field(default=None, description="defend with this character (your hero: basic defense; an ally)")
    play: str | None = Field(default=None, description="play this card from your hand")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        if (self.defend is None) == (self.play is None):
            raise ValueError("an action needs exactly one of 'defend' or 'play'")
        return self


class Scenario(ScenarioBase):
    game: Literal["marvel_champions"]
    setup: Setup
    actions: list[ActionSpec] = Field(default_factory=list)


# -- building the engine state -------------------------------------------------------------


def _spec(ref: CharacterRef) -> CharacterSpec:
    return CharacterSpec(card=ref) if isinstance(ref, str) else ref


def character_specs(scn: Scenario) -> list[tuple[Loc, str, CharacterSpec, str]]:
    """Every character spec with its location, controller and role ('identity' or 'ally')."""
    out: list[tuple[Loc, str, CharacterSpec, str]] = []
    for i, p in enumerate(scn.setup.players):
        out.append((("setup", "players", i, "identity"), p.id, _spec(p.identity), "identity"))
        for j, a in enumerate(p.allies):
            out.append((("setup", "players", i, "allies", j), p.id, _spec(a), "ally"))
    return out


def _char_id(spec: CharacterSpec) -> str:
    return spec.id or spec.card


def build_state(scn: Scenario) -> mc.AttackState:
    chars: list[mc.Character] = []
    players: list[mc.Player] = []
    for _, owner, spec, role in character_specs(scn):
        card = lookup(spec.card)
        assert card is not None
        kind = ("alter_ego" if spec.form == "alter_ego" else "hero") if role == "identity" else "ally"
        name = card.alter_ego if kind == "alter_ego" and card.alter_ego else card.name  # Peter Parker, not Spider-Man
        chars.append(mc.Character(
            id=_char_id(spec), name=name, kind=kind, controller=owner,  # type: ignore[arg-type]
            atk=card.atk if spec.atk is None else spec.atk,
            defense=card.defense if spec.defense is None else spec.defense,
            hp=card.hp if spec.hp is None else spec.hp,
            damage=spec.damage, exhausted=spec.exhausted, tough=spec.tough, stunned=spec.stunned,
            keywords=card.keywords))
    for p in scn.setup.players:
        players.append(mc.Player(id=p.id, name=p.name, identity=_char_id(_spec(p.identity)),
                                 hand=tuple(p.hand), upgrades=tuple(p.upgrades)))
    a = scn.setup.attack
    espec = EnemySpec(card=a.attacker) if isinstance(a.attacker, str) else a.attacker
    ecard = lookup(espec.card)
    assert ecard is not None
    enemy = mc.Enemy(name=ecard.name, kind=ecard.type, atk=ecard.atk if espec.atk is None else espec.atk,  # type: ignore[arg-type]
                     hp=ecard.hp, damage=espec.damage, keywords=ecard.keywords, tough=espec.tough,
                     stunned=espec.stunned)
    boost = []
    for b in a.boost:
        spec = BoostSpec(card=b) if isinstance(b, str) else b
        card = lookup(spec.card)
        assert card is not None
        boost.append(mc.BoostCard(name=card.name, icons=card.boost if spec.icons is None else spec.icons,
                                  star=card.boost_star))
    mods = [(name, lookup(name).atk) for name in a.attachments if lookup(name)]  # type: ignore[union-attr]
    if a.atk_modifier:
        mods.append(("this attack", a.atk_modifier))
    keywords = set(a.keywords) | {k for k in ecard.keywords if k in ("overkill", "piercing", "ranged")}
    if "Charge" in a.attachments:
        keywords.add("overkill")
    if espec.hp is not None:
        enemy = replace(enemy, hp=espec.hp)
    if ecard.atk_star:
        enemy = replace(enemy, keywords=enemy.keywords | {"atk_star"})
    target = _char_id(_spec(next(p.identity for p in scn.setup.players if p.id == a.against)))
    return mc.AttackState(attacker=enemy, players=tuple(players), characters=tuple(chars),
                          attacked_player=a.against, target_player=a.against, target=target, boost=tuple(boost),
                          atk_mods=tuple(mods), attack_keywords=frozenset(keywords), amplify=a.amplify)


def build_actions(scn: Scenario) -> list[mc.Action]:
    out: list[mc.Action] = []
    for act in scn.actions:
        if act.play is not None:
            out.append(mc.PlayCard(act.player, act.play))
            continue
        player = next(p for p in scn.setup.players if p.id == act.player)
        if act.defend == _char_id(_spec(player.identity)):
            out.append(mc.BasicDefend(act.player))
        else:
            out.append(mc.AllyDefend(act.player, act.defend))  # type: ignore[arg-type]
    return out


# -- reference checks (unknown cards, players, characters) ------------------------------------


def references(scn: Scenario) -> list[tuple[Loc, str]]:
    problems: list[tuple[Loc, str]] = []

    def card_of(loc: Loc, name: str, types: tuple[str, ...], what: str) -> None:
        card = lookup(name)
        if card is None:
            problems.append((loc, f"unknown card {name!r} (not in the Marvel Champions catalogue)"))
        elif card.type not in types:
            problems.append((loc, f"{name!r} is a {card.type}, not {what}"))

    player_ids = [p.id for p in scn.setup.players]
    for i, pid in enumerate(player_ids):
        if pid in player_ids[:i]:
            problems.append((("setup", "players", i, "id"), f"duplicate player id {pid!r}"))
    seen: dict[str, Loc] = {}
    for loc, _, spec, role in character_specs(scn):
        sub = loc if isinstance(_raw(scn, loc), str) else loc + ("card",)
        card_of(sub, spec.card, ("hero",) if role == "identity" else ("ally",), "a hero" if role == "identity" else "an ally")
        cid = _char_id(spec)
        if cid in seen:
            problems.append((loc, f"two characters are called {cid!r}; give one of them an 'id'"))
        seen[cid] = loc
    for i, p in enumerate(scn.setup.players):
        for j, name in enumerate(p.hand):
            card_of(("setup", "players", i, "hand", j), name, ("event", "upgrade", "ally"), "a player card")
        for j, name in enumerate(p.upgrades):
            card_of(("setup", "players", i, "upgrades", j), name, ("upgrade",), "an upgrade")
    a = scn.setup.attack
    aname = a.attacker if isinstance(a.attacker, str) else a.attacker.card
    card_of(("setup", "attack", "attacker") + (() if isinstance(a.attacker, str) else ("card",)), aname,
            ("villain", "minion"), "an enemy")
    if a.against not in player_ids:
        problems.append((("setup", "attack", "against"), f"unknown player {a.against!r} (players: {', '.join(player_ids)})"))
    for j, b in enumerate(a.boost):
        name = b if isinstance(b, str) else b.card
        card_of(("setup", "attack", "boost", j) + (() if isinstance(b, str) else ("card",)), name,
                ("villain", "minion", "treachery", "attachment"), "an encounter card")
    for j, name in enumerate(a.attachments):
        card_of(("setup", "attack", "attachments", j), name, ("attachment",), "an attachment")
    for j, name in enumerate(scn.setup.in_play):
        card_of(("setup", "in_play", j), name, ("villain", "minion", "treachery", "attachment"), "an encounter card")
    chars = {(_char_id(spec)): owner for _, owner, spec, _ in character_specs(scn)}
    for k, act in enumerate(scn.actions):
        if act.player not in player_ids:
            problems.append((("actions", k, "player"), f"unknown player {act.player!r} (players: {', '.join(player_ids)})"))
            continue
        if act.defend is not None and chars.get(act.defend) != act.player:
            mine = [c for c, o in chars.items() if o == act.player]
            problems.append((("actions", k, "defend"), f"{act.player} controls no character {act.defend!r} "
                                                       f"(they control: {', '.join(mine)})"))
        if act.play is not None:
            hand = next(p.hand for p in scn.setup.players if p.id == act.player)
            if lookup(act.play) is None:
                problems.append((("actions", k, "play"), f"unknown card {act.play!r}"))
            elif hand.count(act.play) < sum(1 for x in scn.actions[: k + 1] if x.player == act.player and x.play == act.play):
                problems.append((("actions", k, "play"), f"{act.player} does not hold {act.play!r} "
                                                         f"(hand: {', '.join(hand) or 'empty'})"))
    known = set(chars) | {aname, (lookup(aname).name if lookup(aname) else aname)}
    for i, q in enumerate(scn.questions):
        parts = [(("questions", i, "of"), q.ask, q.of)] if q.parts is None else [
            (("questions", i, "parts", j, "of"), p.ask, p.of) for j, p in enumerate(q.parts)]
        for loc, ask, of in parts:
            if of is None or ask not in ASKS:
                continue
            if ask == "step_of":
                if of not in mc.GLOSSARY:
                    problems.append((loc, f"unknown rule id {of!r}"))
            elif of not in known:
                problems.append((loc, f"unknown character {of!r} (characters: {', '.join(sorted(known))})"))
    return problems


def _raw(scn: Scenario, loc: Loc) -> Any:
    cur: Any = scn
    for part in loc:
        cur = cur[part] if isinstance(part, int) else getattr(cur, part)
    return cur


# -- solving, captions, asks -------------------------------------------------------------------


def solve(scn: Scenario) -> Solution:
    outcome = mc.resolve(build_state(scn), build_actions(scn))
    return Solution(outcome=outcome, steps=outcome.trace.steps, illegal=outcome.illegal)


def caption(scn: Scenario) -> str:
    if scn.caption:
        return scn.caption
    state = build_state(scn)
    attacked = state.player(state.attacked_player).name
    parts = [f"{state.attacker.name} attacks {attacked}."]
    plays: list[str] = []
    for act in scn.actions:
        name = state.player(act.player).name
        if act.play:
            plays.append(f"{name} plays {act.play}")
        elif act.defend == state.player(act.player).identity:
            plays.append(f"{name} basic defends")
        else:
            plays.append(f"{name} defends with {state.character(act.defend).name}")  # type: ignore[arg-type]
    parts.append((", ".join(plays) + ".") if plays else "Nobody defends.")
    return " ".join(parts)


def _players(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(p.id, p.name) for p in scn.setup.players]


def _characters(scn: Scenario, of: str | None) -> list[Choice]:
    state = build_state(scn)
    return [Choice(c.id, c.name) for c in state.characters]


def _defenders(scn: Scenario, of: str | None) -> list[Choice]:
    return _characters(scn, of) + [Choice("none", "No defender")]


def _state(sol: Solution) -> mc.AttackState:
    return sol.outcome.state


def _hp_after(scn: Scenario, sol: Solution, of: str | None) -> int:
    state = _state(sol)
    if of in (state.attacker.name,) or (of and lookup(of) and lookup(of).is_enemy):  # type: ignore[union-attr]
        return max(0, state.attacker.hp - state.attacker.damage)
    if of is not None and state.has_character(of):
        return state.character(of).hp_left
    return 0  # defeated and gone


def _step_of(scn: Scenario, sol: Solution, of: str | None) -> int | None:
    return next((s.phase for s in sol.steps if s.rule == of), None)


def _steps(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(i, f"{i}. {name}") for i, name in enumerate(mc.STEP_NAMES, start=1)] + [
        Choice(6, "After the attack")]


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("attacked_player", "choice", "Attacked player", lambda scn, sol, of: _state(sol).target_player, _players,
        description="the player the attack is now against (the defender's controller once a defender is declared)"),
    Ask("target", "choice", "Target", lambda scn, sol, of: _state(sol).target, _characters,
        description="the character the attack targets"),
    Ask("defender", "choice", "Defender", lambda scn, sol, of: _state(sol).defender or "none", _defenders,
        description="the defending character, or 'none'"),
    Ask("is_defended", "yes_no", "Defended?", lambda scn, sol, of: _state(sol).is_defended,
        description="whether the attack is considered defended"),
    Ask("atk_total", "number", "ATK", lambda scn, sol, of: _state(sol).atk_total or 0,
        description="the attack's ATK after modifiers and boost icons (step 4)"),
    Ask("damage_dealt", "number", "Damage dealt", lambda scn, sol, of: _state(sol).damage or 0,
        description="the damage the attack deals to its target at step 4 (after DEF, before tough and prevention)"),
    Ask("damage_taken", "number", "Damage taken", lambda scn, sol, of: _state(sol).taken_by(of or ""), needs_of=True,
        description="the damage a character (or the enemy) actually takes during this attack"),
    Ask("hp_after", "number", "Hit points after", _hp_after, needs_of=True,
        description="a character's (or the enemy's) remaining hit points after the attack"),
    Ask("is_tough_discarded", "yes_no", "Tough card discarded?",
        lambda scn, sol, of: (of or "") in _state(sol).tough_used, needs_of=True,
        description="whether the character's tough status card is used up"),
    Ask("is_defeated", "yes_no", "Defeated?", lambda scn, sol, of: (of or "") in _state(sol).defeated, needs_of=True,
        description="whether the character is defeated by the attack"),
    Ask("retaliate_damage", "number", "Retaliate damage", lambda scn, sol, of: _state(sol).retaliate,
        description="damage dealt to the attacker by retaliate"),
    Ask("step_of", "choice", "Step", _step_of, _steps, needs_of=True,
        description="the attack step in which the rule named by 'of' (a rule id) applies"),
    Ask("attack_happens", "yes_no", "Does the attack happen?", lambda scn, sol, of: not _state(sol).replaced_by_stun,
        description="whether the attack takes place at all (a stunned enemy's attack is replaced)"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        description="whether every play in the scenario is legal"),
    Ask("is_illegal", "yes_no", "Illegal?", lambda scn, sol, of: not sol.is_legal, legal_only=False,
        description="whether some play in the scenario is illegal (e.g. 'Do you have to defend first?')"),
]}


PLUGIN = GamePlugin(
    id="marvel_champions",
    name="Marvel Champions",
    scenario_model=Scenario,
    glossary=mc.GLOSSARY,
    asks=ASKS,
    solve=solve,
    caption=caption,
    references=references,
    step_names=mc.STEP_NAMES,
    step_descriptions=("a boost card is dealt facedown, if needed", "a defender can be declared",
                       "boost cards are revealed and resolved", "the damage to be dealt is computed",
                       "the target takes the damage dealt"),
    blurb="Enemy attacks: boost cards, defenders, (defense) labels and damage.",
)

__all__ = ["PLUGIN", "Scenario", "build_state", "build_actions", "ILLEGAL"]
