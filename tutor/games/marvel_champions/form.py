"""Marvel Champions' situation form on the ruling checker (:mod:`tutor.games.form`): each player's row (name, hero,
allies, hand, and the hero's status folded), added and removed; the attack (attacker, who it attacks, boost cards,
and its ATK, statuses, attachments and keywords folded); and a row that adds a play (a card played or a defender).

Card names are the catalogue's keys (``engine.marvel_champions.cards``); every label is a message of this game's
catalog."""

from __future__ import annotations

from typing import Any

from engine.core.message import Listing, Message, msg
from engine.marvel_champions.cards import keys_of_type
from tutor.games.form import (Adder, Box, Check, Choice, Choices, Ctx, Fold, Form, Label, Number, Pick, Row, Rows, Text,
                              When, card_name)

ATTACK = ("setup", "attack")
FORMS = {"hero": msg("hero"), "alter_ego": msg("alter-ego")}
VERBS = {"plays a card": msg("plays a card"), "defends with": msg("defends with")}


def form_name(ctx: Ctx, form: Any) -> Label:
    """A hero's form as the form shows it ("hero", "alter-ego")."""
    return FORMS.get(form, str(form).replace("_", "-"))


def _players(ctx: Ctx) -> list[dict[str, Any]]:
    found = ctx.data.get("setup", {}).get("players", [])
    return found if isinstance(found, list) else []


def player_name(ctx: Ctx, pid: Any) -> Label:
    return next((str(p.get("name", pid)) for p in _players(ctx) if p.get("id") == pid), str(pid))


def _heading(ctx: Ctx) -> tuple[str, str]:
    p = ctx.get(())
    return str(p.get("name", p.get("id", ""))), str(p.get("id", ""))


def _status(ctx: Ctx) -> Message:
    """The fold's title: the hero's form, exhausted, damage and upgrades, as one list."""
    ident = ctx.get(("identity",))
    ident = ident if isinstance(ident, dict) else {}
    shown: list[Any] = [form_name(ctx, ident.get("form", "hero"))]
    if ident.get("exhausted"):
        shown.append(msg("exhausted"))
    if ident.get("damage"):
        shown.append(msg("{n} damage", n=ident["damage"]))
    shown += [str(u) for u in ctx.get(("upgrades",), []) or []]
    return msg("Hero status: {status}", status=Listing(tuple(shown), "comma"))


def remove_player(d: dict[str, Any], i: int) -> None:
    """Player ``i`` goes, with their plays; an attack against them turns to the first player left."""
    pid = d["setup"]["players"].pop(i)["id"]
    d["actions"] = [x for x in d.get("actions") or [] if x.get("player") != pid]
    for a in ([d["setup"]["attack"]] if "attack" in d["setup"] else d["setup"].get("attacks") or []):
        if a["against"] == pid:
            a["against"] = d["setup"]["players"][0]["id"]


def add_player(d: dict[str, Any]) -> None:
    """A new player (the next free ``p<n>``) with the first hero no one plays yet."""
    players = d["setup"]["players"]
    used = {card_name(p["identity"]) for p in players}
    ids = {p["id"] for p in players}
    n = next(k for k in range(1, 9) if f"p{k}" not in ids)
    hero = next(h for h in keys_of_type("hero") if h not in used)
    players.append({"id": f"p{n}", "name": f"Player {n}", "identity": hero})


def _of(*types: str) -> Any:
    return lambda ctx: keys_of_type(*types)


PLAYER = (
    Row((Text(key="{i}.name", label=msg("Player name"), at=("name",)),
         Choice(key="{i}.hero", label=msg("Hero"), at=("identity",), ref="card", options=_of("hero")))),
    Row((Choices(key="{i}.allies", label=msg("Allies"), at=("allies",), options=_of("ally"), keep_refs=True),
         Choices(key="{i}.hand", label=msg("Hand"), at=("hand",), options=_of("event", "upgrade", "ally")))),
    Fold(_status, (Row((
        Choice(key="{i}.form", label=msg("Form"), at=("identity",), ref="form", default="hero",
               options=lambda ctx: ["hero", "alter_ego"], option_label=form_name),
        Number(key="{i}.damage", label=msg("Damage"), at=("identity",), ref="damage", least=0, most=999),
        Check(key="{i}.exhausted", label=msg("Exhausted"), at=("identity",), ref="exhausted"),
        Choices(key="{i}.upgrades", label=msg("Upgrades"), at=("upgrades",), options=_of("upgrade")))),)),
)

ATTACK_FIELDS = Box((
    Row((Choice(key="attacker", label=msg("Attacker"), at=ATTACK + ("attacker",), ref="card",
                options=_of("villain", "minion")),
         Choice(key="against", label=msg("Attacks"), at=ATTACK + ("against",),
                options=lambda ctx: [p["id"] for p in _players(ctx)], option_label=player_name),
         Choices(key="boost", label=msg("Boost cards (facedown, in order)"), at=ATTACK + ("boost",),
                 options=_of("villain", "minion", "treachery", "attachment")))),
    Fold(lambda ctx: msg("The attack's ATK, statuses, attachments and keywords"), (
        Row((Number(key="atk_mod", label=msg("Extra ATK"), at=ATTACK + ("atk_modifier",), least=-99, most=99),
             Number(key="stunned", label=msg("Stunned"), at=ATTACK + ("attacker",), ref="stunned", least=0, most=99),
             Number(key="tough", label=msg("Tough"), at=ATTACK + ("attacker",), ref="tough", least=0, most=99))),
        Row((Choices(key="attachments", label=msg("Attachments"), at=ATTACK + ("attachments",),
                     options=_of("attachment")),
             Choices(key="keywords", label=msg("Keywords"), at=ATTACK + ("keywords",),
                     options=lambda ctx: ["overkill", "piercing", "ranged"]))),
    )),
))


def _what(ctx: Ctx, chosen: dict[str, Any]) -> list[str]:
    """What the chosen player can add: a defender (their hero or an ally), or a card (in hand, or any event)."""
    p = next((x for x in _players(ctx) if x["id"] == chosen.get("play_player")), None)
    if p is None:
        return []
    if chosen.get("play_verb") == "defends with":
        return [str(x["id"]) if isinstance(x, dict) and x.get("id") else card_name(x)
                for x in [p["identity"], *p.get("allies", [])]]
    return list(dict.fromkeys([*p.get("hand", []), *keys_of_type("event")]))


def add_play(d: dict[str, Any], chosen: dict[str, Any]) -> None:
    """The chosen play, last: a defence, or a card played (put into the player's hand if it is not there)."""
    pid, verb, what = chosen["play_player"], chosen["play_verb"], chosen["play_what"]
    acts = list(d.get("actions") or [])
    if verb == "defends with":
        acts.append({"player": pid, "defend": what})
    else:
        p = next(x for x in d["setup"]["players"] if x["id"] == pid)
        needed = 1 + sum(1 for x in acts if x.get("player") == pid and x.get("play") == what)
        if p.get("hand", []).count(what) < needed:  # a card must be in hand to be played: put it there
            p["hand"] = [*p.get("hand", []), what]
        acts.append({"player": pid, "play": what})
    d["actions"] = acts


FORM = Form(
    items=(
        Rows(("setup", "players"), PLAYER, heading=_heading, remove=remove_player,
             remove_help=msg("Remove this player and their plays"), add=add_player, add_label=msg("Add a player"),
             add_key="add_player", most=4),
        When(lambda ctx: "attack" in ctx.data.get("setup", {}), (ATTACK_FIELDS,),
             otherwise=msg("This situation has several attacks, or none (a player phase): edit them in the YAML.")),
    ),
    adder=Adder(msg("Add a play"), (
        Pick("play_player", msg("Player"), lambda ctx, chosen: [p["id"] for p in _players(ctx)],
             option_label=player_name, last=True),
        Pick("play_verb", msg("Does"), lambda ctx, chosen: list(VERBS), option_label=lambda ctx, v: VERBS[v]),
        Pick("play_what", msg("Card or character"), _what),
    ), msg("Add the play"), add_play, widths=(3, 3, 4)),
)
