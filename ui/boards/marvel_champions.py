"""The Marvel Champions board at a moment of the attack: the enemy and its boost cards, then each player's zone.

Boost cards are face down until step 3 reveals them; badges (defender, target), the attacked-player
tag, hit points, status tokens and the ATK total show what is true at the moment, unless the
question masks them.
"""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.defense import retaliate_value
from engine.marvel_champions.rules import retaliate_of_enemy
from tutor.games.marvel_champions import Scenario, View, build_state
from ui.boards import BoardView
from ui.html import esc, shown

_BAND = {"hero": "Hero", "alter_ego": "Alter-ego", "ally": "Ally", "villain": "Villain", "minion": "Minion",
         "treachery": "Treachery", "attachment": "Attachment", "event": "Event", "upgrade": "Upgrade"}
STAR_NOTE = "★ on ATK counts as 0; boost icons (✦) on a boost card each add 1 ATK; a ★ boost card has a Boost ability"


def card(name: str, kind: str, *, stats: list[str] | None = None, exhausted: bool = False, target: bool = False,
         badge: str = "", label: str = "", played: bool = False, hp: tuple[int, int] | None = None,
         icons: int | None = None, aria: str = "", tokens: str = "", gone: bool = False) -> str:
    cls = ["rt-card", kind]
    if exhausted:
        cls.append("exhausted")
    if target:
        cls.append("target")
    if played:
        cls.append("rt-played")
    if gone:
        cls.append("rt-gone")
    stat_html = "".join(f'<span class="stat">{s}</span>' for s in (stats or []))
    hp_html = ""
    if hp is not None:
        left, total = hp
        pct = 0 if total <= 0 else round(100 * left / total)
        hp_html = f'<div class="rt-hp" title="{left}/{total} hit points"><span class="w{pct // 5 * 5}"></span></div>'
    icon_html = f'<div class="icons">{"✦" * icons}</div>' if icons else ""
    label_html = f'<div class="label">{esc(label)}</div>' if label else ""
    badge_html = f'<div class="rt-badges">{badge}</div>' if badge else ""
    desc = (aria or f"{name}, {_BAND.get(kind, kind)}" + (", exhausted" if exhausted else ""))
    inner = (f'<div class="{" ".join(cls)}" role="img" aria-label="{esc(desc)}">'
             f'<div class="band">{esc(_BAND.get(kind, kind))}</div><div class="name">{esc(name)}</div>'
             f'{label_html}{tokens}{icon_html}{hp_html}<div class="stats">{stat_html}</div></div>')
    return f'<div class="rt-slot{" wide" if exhausted else ""}">{inner}{badge_html}</div>'


def facedown(label: str, icons: int | None = None, name: str = "", star: bool = False) -> str:
    if icons is None:
        body = f'<div class="name">{esc(label)}</div>'
        aria = "a facedown boost card"
    else:
        body = (f'<div class="name">{esc(name)}</div><div class="icons">{("✦" * icons) or "—"}{"★" if star else ""}</div>'
                f'<div class="name">{esc(label)}</div>')
        aria = f"boost card {name}, {icons} boost icon{'s' if icons != 1 else ''}" + (", with a Boost ability" if star else "")
    return f'<div class="rt-slot"><div class="rt-card facedown" role="img" aria-label="{esc(aria)}">{body}</div></div>'


def _status_words(who: object) -> list[str]:
    out = []
    for name in ("tough", "stunned", "confused"):
        n = int(getattr(who, name, 0))
        if n:
            out.append(name + (f" ×{n}" if n > 1 else ""))
    return out


def _keyword_words(who: mc.Character | mc.Enemy) -> list[str]:
    """The keywords a board shows: retaliate as its total (printed, gained this phase, from attachments) and the
    keywords that change an attack."""
    if isinstance(who, mc.Character):
        x, gained = retaliate_value(who), sum(1 for k in who.gained if k.startswith("retaliate "))
        shown = [f"retaliate {x}" + (f" (+{gained} this phase)" if gained else "")] if x else []
    else:
        x = retaliate_of_enemy(who)
        shown = [f"retaliate {x}"] if x else []
    shown += sorted(k for k in who.keywords if k in ("steady", "overkill", "piercing", "ranged", "guard", "quickstrike",
                                                      "villainous", "vulnerable"))
    return shown


def _tokens(key: str, who: mc.Character | mc.Enemy, mask: frozenset[str], before: object = None) -> str:
    out = _status_words(who)
    statuses = "".join(f'<span class="mc-token {esc(t.split()[0].lower())}">{esc(t)}</span>' for t in out)
    words = _keyword_words(who)
    kws = "".join(f'<span class="mc-token kw">{esc(k)}</span>' for k in words)
    was = None if before is None else (", ".join(_status_words(before)) or "no status")
    body = (shown(f"status:{key}", mask, statuses, placeholder="status ?", before=was)
            if (out or f"status:{key}" in mask) else "")
    was_kw = None if before is None else (", ".join(_keyword_words(before)) or "none")  # type: ignore[arg-type]
    kw_html = (shown(f"keywords:{key}", mask, kws, placeholder="retaliate ?", before=was_kw)
               if (words or f"keywords:{key}" in mask) else "")
    return f'<div class="mc-tokens">{body}{kw_html}</div>' if body or kw_html else ""


def _before(start: mc.AttackState | None, cid: str) -> mc.Character | None:
    if start is None:
        return None
    return next((x for x in (*start.characters, *start.left_play) if x.id == cid), None)


_KIND = {"basic": "basic defense", "ally": "ally defense", "label": "(defense) label"}


def _character(c: mc.Character, state: mc.AttackState, mask: frozenset[str], gone: bool = False,
               start: mc.AttackState | None = None) -> str:
    hp = f"HP {c.hp_left}/{c.hp}"
    was = _before(start, c.id)
    stats = ([f"ATK {c.atk}"] + ([f"DEF {c.defense}"] if c.kind == "hero" else [])
             + [shown(f"hp:{c.id}", mask, esc(hp), placeholder=f"HP ?/{c.hp}",
                      before=f"HP {was.hp_left}/{was.hp}" if was else None)])
    badges = []
    if state.defender == c.id:
        badges.append(shown("role:defender", mask, '<span class="rt-badge">defender</span>', placeholder=""))
    if state.target == c.id and not gone and state.is_enemy_attack:
        badges.append(shown("role:target", mask, '<span class="rt-badge target">target</span>', placeholder=""))
    if gone:
        badges.append(shown(f"defeated:{c.id}", mask, '<span class="rt-badge gone">defeated</span>', placeholder=""))
    exhausted = c.exhausted and f"exhausted:{c.id}" not in mask
    hp_bar = None if f"hp:{c.id}" in mask else (c.hp_left, c.hp)
    tokens = _tokens(c.id, c, mask, was)
    if state.defender == c.id and state.defense_kind:
        tokens += shown("role:defender", mask, f'<span class="mc-token def">{esc(_KIND[state.defense_kind])}</span>',
                        placeholder="")
    if c.exhausted or f"exhausted:{c.id}" in mask:
        tokens += shown(f"exhausted:{c.id}", mask, '<span class="mc-token ex">exhausted</span>', placeholder="exhausted?",
                        before=None if was is None else ("exhausted" if was.exhausted else "ready"))
    if state.assigned is not None:
        share = dict(state.assigned).get(c.id)
        if share:
            tokens += f'<span class="mc-token assigned">assigned {share}</span>'
    desc = f"{c.name}, {_BAND.get(c.kind, c.kind)}" + (", exhausted" if exhausted else "") + (", defeated" if gone and f"defeated:{c.id}" not in mask else "")
    return card(c.name, c.kind, stats=stats, exhausted=exhausted, badge="".join(badges), hp=hp_bar, tokens=tokens,
                aria=desc, gone=gone and f"defeated:{c.id}" not in mask)


def _enemy(e: mc.Enemy, state: mc.AttackState, mask: frozenset[str], start: mc.AttackState | None) -> str:
    key = f"enemy:{e.name}"
    star = "★" if "atk_star" in e.keywords else ""
    stats = [f"ATK {e.atk}{star}"]
    was = next((x for x in start.enemies if x.name == e.name), None) if start is not None else None
    if e.hp:
        stats.append(shown(f"hp:{key}", mask, esc(f"HP {e.hp_left}/{e.hp}"), placeholder=f"HP ?/{e.hp}",
                           before=f"HP {was.hp_left}/{was.hp}" if was is not None else None))
    badge = ""
    if state.is_enemy_attack and state.attacker_name == e.name:
        status = ("stunned" if state.replaced_by_stun else "no attack" if state.skipped else "attacks")
        badge = shown("attack_status", mask, f'<span class="rt-badge">{status}</span>', placeholder="")
    if e.gone:
        badge += shown(f"defeated:{key}", mask, '<span class="rt-badge gone">gone</span>', placeholder="")
    label = ""
    if e.kind == "minion" and e.engaged_with and state.has_player(e.engaged_with):
        label = f"engaged with {state.player(e.engaged_with).name}"
    hp = None if f"hp:{key}" in mask or not e.hp else (e.hp_left, e.hp)
    role = "the attacking" if state.attacker_name == e.name else "a"
    return card(e.name, e.kind, stats=stats, badge=badge, hp=hp, label=label,
                aria=f"{e.name}, {role} {e.kind}" + (", gone" if e.gone and f"defeated:{key}" not in mask else ""),
                tokens=_tokens(key, e, mask, was), gone=e.gone and f"defeated:{key}" not in mask)


def render(scn: Scenario, view: BoardView) -> str:
    """The position at the view's moment."""
    v: View | None = view.outcome
    state = v.state if v is not None else build_state(scn)
    start = view.start.state if view.start is not None else None
    mask = view.mask
    enemy_cards = []
    order = sorted(state.enemies, key=lambda e: (e.name != state.attacker_name, e.kind != "villain"))
    for e in order:
        enemy_cards.append(_enemy(e, state, mask, start))
        for name in e.attachments:
            c = lookup(name)
            enemy_cards.append(card(name, "attachment", stats=[f"ATK +{c.atk}"] if c and c.atk else [],
                                    label=f"on {e.name}"))
        if state.is_enemy_attack and e.name == state.attacker_name:
            enemy_cards += _boost_cards(state, mask)
    for name in scn.setup.in_play:
        c = lookup(name)
        enemy_cards.append(card(name, c.type if c else "treachery"))
    tags = []
    if state.attacks > 1:
        tags.append(f"attack {state.attack_no} of {state.attacks}")
    if state.amplify:
        tags.append(f"amplify ×{state.amplify}")
    tag = "".join(f'<span class="tag">{esc(t)}</span>' for t in tags)
    words = sorted(k if k != "indirect" else "indirect damage" for k in state.attack_keywords
                   if k in ("overkill", "piercing", "ranged", "indirect"))
    if words or "attack_keywords" in mask:
        tag += shown("attack_keywords", mask, "".join(f'<span class="tag">{esc(w)}</span>' for w in words),
                     placeholder="keywords ?")
    if state.atk_total is not None or ("atk_total" in mask and state.is_enemy_attack):
        kind = " (indirect)" if "indirect" in state.attack_keywords else ""
        tag += shown("atk_total", mask, esc(f"ATK {state.atk_total} · {state.damage} damage{kind}"),
                     placeholder="ATK ? · ? damage")
    label = "In play" if state.is_enemy_attack or not state.enemies else "Enemies"
    zones = [f'<section class="rt-zone enemy" aria-label="In play"><div class="rt-zone-label">{label} {tag}</div>'
             f'<div class="rt-row">{"".join(enemy_cards)}</div></section>']
    pz = []
    for p in state.players:
        chars = [c for c in state.characters if c.controller == p.id]
        chars.sort(key=lambda c: (not c.is_identity, c.name))
        cards_html = [_character(c, state, mask, start=start) for c in chars]
        if view.defeated_shown:
            cards_html += [_character(c, state, mask, gone=True, start=start) for c in state.left_play
                           if c.controller == p.id]
        for name in p.played:
            c = lookup(name)
            cards_html.append(card(name, "event", label="(defense)" if c and c.defense_label else "",
                                   played=True, aria=f"{name}, played by {p.name}"))
        for name in p.upgrades:
            cards_html.append(card(name, "upgrade"))
        for name in p.discarded:
            cards_html.append(card(name, "upgrade", label="discarded", played=True, aria=f"{name}, discarded"))
        ptags = ""
        if state.is_enemy_attack and state.target_player == p.id:
            ptags += shown("role:attacked_player", mask, '<span class="tag">attacked player</span>', placeholder="")
        if p.drawn or f"drawn:{p.id}" in mask:
            ptags += shown(f"drawn:{p.id}", mask, f'<span class="tag">drew {p.drawn}</span>', placeholder="drew ?")
        pz.append(f'<section class="rt-zone" aria-label="{esc(p.name)}"><div class="rt-zone-label">{esc(p.name)}'
                  f'{ptags}</div><div class="rt-row">{"".join(cards_html)}</div></section>')
    zones.append(f'<div class="rt-players">{"".join(pz)}</div>')
    stars = any("atk_star" in e.keywords for e in state.enemies) or any(b.star for b in state.boost)
    note = f'<p class="rt-note">{esc(STAR_NOTE)}</p>' if stars else ""
    return f'<div class="rt-board mc">{"".join(zones)}{note}</div>'


def _boost_cards(state: mc.AttackState, mask: frozenset[str]) -> list[str]:
    if "boost" in mask:
        return [shown("boost", mask, "", placeholder="boost cards ?", tag="div")]
    out = []
    for b in state.boost:
        if b.face_up:
            out.append(facedown("cancelled" if b.cancelled else "boost", max(0, b.icons - b.cancelled), b.name, b.star))
        else:
            out.append(facedown("BOOST"))
    return out


def slide_cards(names: list[str]) -> str:
    """Player cards shown beside a rule slide (e.g. Preemptive Strike)."""
    out = []
    for name in names:
        c = lookup(name)
        kind = c.type if c else "event"
        out.append(card(name, kind, label="(defense)" if c and c.defense_label else ""))
    return '<div class="rt-row rt-slide-cards">' + "".join(out) + "</div>"
