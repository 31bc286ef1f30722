"""The Marvel Champions board at a moment of the attack: the enemy and its boost cards, then each player's zone.

Boost cards are face down until step 3 reveals them; badges (defender, target), the attacked-player
tag, hit points, status tokens and the ATK total show what is true at the moment, unless the
question masks them.
"""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
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


def _tokens(key: str, who: object, keywords: frozenset[str], mask: frozenset[str], before: object = None) -> str:
    out = _status_words(who)
    statuses = "".join(f'<span class="mc-token {esc(t.split()[0].lower())}">{esc(t)}</span>' for t in out)
    kws = "".join(f'<span class="mc-token kw">{esc(k)}</span>' for k in sorted(keywords)
                  if k.startswith(("retaliate", "steady", "overkill", "piercing", "ranged")))
    was = None if before is None else (", ".join(_status_words(before)) or "no status")
    body = (shown(f"status:{key}", mask, statuses, placeholder="status ?", before=was)
            if (out or f"status:{key}" in mask) else "")
    return f'<div class="mc-tokens">{body}{kws}</div>' if body or kws else ""


def _before(start: mc.AttackState | None, cid: str) -> mc.Character | None:
    if start is None:
        return None
    return next((x for x in (*start.characters, *start.left_play) if x.id == cid), None)


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
    if state.target == c.id and not gone:
        badges.append(shown("role:target", mask, '<span class="rt-badge target">target</span>', placeholder=""))
    if gone:
        badges.append(shown(f"defeated:{c.id}", mask, '<span class="rt-badge gone">defeated</span>', placeholder=""))
    exhausted = c.exhausted and f"exhausted:{c.id}" not in mask
    hp_bar = None if f"hp:{c.id}" in mask else (c.hp_left, c.hp)
    tokens = _tokens(c.id, c, c.keywords, mask, was)
    if c.exhausted or f"exhausted:{c.id}" in mask:
        tokens += shown(f"exhausted:{c.id}", mask, '<span class="mc-token ex">exhausted</span>', placeholder="exhausted?",
                        before=None if was is None else ("exhausted" if was.exhausted else "ready"))
    desc = f"{c.name}, {_BAND.get(c.kind, c.kind)}" + (", exhausted" if exhausted else "") + (", defeated" if gone and f"defeated:{c.id}" not in mask else "")
    return card(c.name, c.kind, stats=stats, exhausted=exhausted, badge="".join(badges), hp=hp_bar, tokens=tokens,
                aria=desc, gone=gone and f"defeated:{c.id}" not in mask)


def render(scn: Scenario, view: BoardView) -> str:
    """The attack at the view's moment."""
    v: View | None = view.outcome
    state = v.state if v is not None else build_state(scn)
    start = view.start.state if view.start is not None else None
    mask = view.mask
    enemy = state.attacker
    ecard = lookup(scn.setup.attack.attacker if isinstance(scn.setup.attack.attacker, str) else scn.setup.attack.attacker.card)
    star = "★" if ecard and ecard.atk_star else ""
    estats = [f"ATK {enemy.atk}{star}"]
    if enemy.hp:
        was = start.attacker if start is not None else None
        estats.append(shown("hp:enemy", mask, esc(f"HP {max(0, enemy.hp - enemy.damage)}/{enemy.hp}"),
                            placeholder=f"HP ?/{enemy.hp}",
                            before=f"HP {max(0, was.hp - was.damage)}/{was.hp}" if was is not None else None))
    status = "stunned" if state.replaced_by_stun else "attacks"
    badge = shown("attack_status", mask, f'<span class="rt-badge">{status}</span>', placeholder="")
    hp = None if "hp:enemy" in mask or not enemy.hp else (max(0, enemy.hp - enemy.damage), enemy.hp)
    enemy_cards = [card(enemy.name, enemy.kind, stats=estats, badge=badge, hp=hp,
                        aria=f"{enemy.name}, the attacking {enemy.kind}",
                        tokens=_tokens("enemy", enemy, enemy.keywords, mask,
                                       start.attacker if start is not None else None))]
    for name in scn.setup.attack.attachments:
        c = lookup(name)
        enemy_cards.append(card(name, "attachment", stats=[f"ATK +{c.atk}"] if c and c.atk else []))
    if "boost" not in mask:
        for b in state.boost:
            if b.face_up:
                enemy_cards.append(facedown("cancelled" if b.cancelled else "boost", b.icons - b.cancelled, b.name,
                                            b.star))
            else:
                enemy_cards.append(facedown("BOOST"))
    else:
        enemy_cards.append(shown("boost", mask, "", placeholder="boost cards ?", tag="div"))
    for name in scn.setup.in_play:
        c = lookup(name)
        enemy_cards.append(card(name, c.type if c else "treachery"))
    tags = []
    if state.amplify:
        tags.append(f"amplify ×{state.amplify}")
    tags += sorted(k for k in state.attack_keywords)
    tag = "".join(f'<span class="tag">{esc(t)}</span>' for t in tags)
    if state.atk_total is not None or "atk_total" in mask:
        tag += shown("atk_total", mask, esc(f"ATK {state.atk_total} · {state.damage} damage"),
                     placeholder="ATK ? · ? damage")
    zones = [f'<section class="rt-zone enemy" aria-label="In play"><div class="rt-zone-label">In play {tag}</div>'
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
        ptags = ""
        if state.target_player == p.id:
            ptags += shown("role:attacked_player", mask, '<span class="tag">attacked player</span>', placeholder="")
        if p.drawn or f"drawn:{p.id}" in mask:
            ptags += shown(f"drawn:{p.id}", mask, f'<span class="tag">drew {p.drawn}</span>', placeholder="drew ?")
        pz.append(f'<section class="rt-zone" aria-label="{esc(p.name)}"><div class="rt-zone-label">{esc(p.name)}'
                  f'{ptags}</div><div class="rt-row">{"".join(cards_html)}</div></section>')
    zones.append(f'<div class="rt-players">{"".join(pz)}</div>')
    note = (f'<p class="rt-note">{esc(STAR_NOTE)}</p>' if (ecard and ecard.atk_star) or any(b.star for b in state.boost)
            else "")
    return f'<div class="rt-board mc">{"".join(zones)}{note}</div>'


def slide_cards(names: list[str]) -> str:
    """Player cards shown beside a rule slide (e.g. Preemptive Strike)."""
    out = []
    for name in names:
        c = lookup(name)
        kind = c.type if c else "event"
        out.append(card(name, kind, label="(defense)" if c and c.defense_label else ""))
    return '<div class="rt-row rt-slide-cards">' + "".join(out) + "</div>"
