"""The Marvel Champions board: the enemy and its boost cards, then each player's zone."""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
from tutor.games.base import Solution
from tutor.games.marvel_champions import Scenario, build_state
from ui.html import esc

_STYLE = ("<style>.mc-tokens{display:flex;flex-wrap:wrap;gap:.1rem;padding:.1rem .25rem}"
          ".mc-token{font-size:.5rem;font-weight:800;text-transform:uppercase;border-radius:999px;padding:0 .25rem;"
          "background:#d9a400;color:#1d2433}.mc-token.stunned{background:#6b2c91;color:#fff}"
          ".mc-token.retaliate,.mc-token.steady{background:#e4ddcf}</style>")
_BAND = {"hero": "Hero", "alter_ego": "Alter-ego", "ally": "Ally", "villain": "Villain", "minion": "Minion",
         "treachery": "Treachery", "attachment": "Attachment", "event": "Event", "upgrade": "Upgrade"}


def card(name: str, kind: str, *, stats: list[str] | None = None, exhausted: bool = False, target: bool = False,
         badge: str = "", label: str = "", played: bool = False, hp: tuple[int, int] | None = None,
         icons: int | None = None, aria: str = "", tokens: tuple[str, ...] = ()) -> str:
    cls = ["rt-card", kind]
    if exhausted:
        cls.append("exhausted")
    if target:
        cls.append("target")
    if played:
        cls.append("rt-played")
    stat_html = "".join(f'<span class="stat">{esc(s)}</span>' for s in (stats or []))
    hp_html = ""
    if hp is not None:
        left, total = hp
        pct = 0 if total <= 0 else round(100 * left / total)
        hp_html = f'<div class="rt-hp" title="{left}/{total} hit points"><span style="width:{pct}%"></span></div>'
    icon_html = f'<div class="icons">{"✦" * icons}</div>' if icons else ""
    label_html = f'<div class="label">{esc(label)}</div>' if label else ""
    if tokens:
        label_html += '<div class="mc-tokens">' + "".join(f'<span class="mc-token {esc(t.split()[0].lower())}">'
                                                          f'{esc(t)}</span>' for t in tokens) + "</div>"
    badge_html = f'<span class="rt-badge">{esc(badge)}</span>' if badge else ""
    desc = (aria or f"{name}, {_BAND.get(kind, kind)}" + (", exhausted" if exhausted else "")
            + (", the target" if target else "")) + "".join(f", {t}" for t in tokens)
    inner = (f'<div class="{" ".join(cls)}" role="img" aria-label="{esc(desc)}">'
             f'<div class="band">{esc(_BAND.get(kind, kind))}</div><div class="name">{esc(name)}</div>'
             f'{label_html}{icon_html}{hp_html}<div class="stats">{stat_html}</div>{badge_html}</div>')
    return f'<div class="rt-slot{" wide" if exhausted else ""}">{inner}</div>'


def facedown(label: str, icons: int | None = None, name: str = "") -> str:
    if icons is None:
        body = f'<div class="name">{esc(label)}</div>'
        aria = "a facedown boost card"
    else:
        body = (f'<div class="name">{esc(name)}</div><div class="icons">{"✦" * icons or "—"}</div>'
                f'<div class="name">{esc(label)}</div>')
        aria = f"boost card {name}, {icons} icons"
    return f'<div class="rt-slot"><div class="rt-card facedown" role="img" aria-label="{esc(aria)}">{body}</div></div>'


def _character(c: mc.Character, state: mc.AttackState, resolved: bool) -> str:
    stats = [f"ATK {c.atk}"] + ([f"DEF {c.defense}"] if c.kind == "hero" else []) + [f"HP {c.hp_left}/{c.hp}"]
    badge = ""
    if resolved and state.defender == c.id:
        badge = "defender"
    elif resolved and state.target == c.id:
        badge = "target"
    return card(c.name, c.kind, stats=stats, exhausted=c.exhausted, target=resolved and state.target == c.id,
                badge=badge, hp=(c.hp_left, c.hp), tokens=_tokens(c.tough, c.stunned, c.keywords))


def _tokens(tough: int, stunned: int, keywords: frozenset[str] = frozenset()) -> tuple[str, ...]:
    out = []
    if tough:
        out.append("tough" + (f" ×{tough}" if tough > 1 else ""))
    if stunned:
        out.append("stunned" + (f" ×{stunned}" if stunned > 1 else ""))
    out += sorted(k for k in keywords if k.startswith(("retaliate", "steady", "overkill", "piercing", "ranged")))
    return tuple(out)


def render(scn: Scenario, solution: Solution | None = None) -> str:
    """The board before the plays (``solution`` None) or as the engine resolved it."""
    before = build_state(scn)
    state: mc.AttackState = solution.outcome.state if solution is not None else before
    resolved = solution is not None
    played = {(a.player, a.play) for a in scn.actions if a.play}
    # enemy zone
    enemy = state.attacker
    ecard = lookup(scn.setup.attack.attacker if isinstance(scn.setup.attack.attacker, str) else scn.setup.attack.attacker.card)
    estats = [f"ATK {enemy.atk}{'★' if ecard and ecard.atk_star else ''}"]
    if enemy.hp:
        estats.append(f"HP {max(0, enemy.hp - enemy.damage)}/{enemy.hp}")
    badge = "stunned" if state.replaced_by_stun else "attacks"
    enemy_cards = [card(enemy.name, enemy.kind, stats=estats, badge=badge, hp=(max(0, enemy.hp - enemy.damage), enemy.hp)
                        if enemy.hp else None, aria=f"{enemy.name}, the attacking {enemy.kind}",
                        tokens=_tokens(enemy.tough, enemy.stunned, enemy.keywords))]
    for name in scn.setup.attack.attachments:
        c = lookup(name)
        enemy_cards.append(card(name, "attachment", stats=[f"ATK +{c.atk}"] if c and c.atk else []))
    for b in state.boost:
        if b.face_up:
            enemy_cards.append(facedown("cancelled" if b.cancelled else "boost", b.icons - b.cancelled, b.name))
        else:
            enemy_cards.append(facedown("BOOST"))
    for name in scn.setup.in_play:
        c = lookup(name)
        enemy_cards.append(card(name, c.type if c else "treachery"))
    n_boost = len(before.boost)
    tag = f'<span class="tag">{n_boost} boosts</span>' if n_boost > 1 else ""
    if n_boost == 1 and not resolved:
        b = before.boost[0]
        tag = f'<span class="tag">Boost has {b.icons} icon{"s" if b.icons != 1 else ""}</span>'
    if state.amplify:
        tag += f'<span class="tag">amplify ×{state.amplify}</span>'
    if state.attack_keywords:
        tag += "".join(f'<span class="tag">{esc(k)}</span>' for k in sorted(state.attack_keywords))
    if resolved and state.atk_total is not None:
        tag += f'<span class="tag">ATK {state.atk_total} · {state.damage} damage</span>'
    zones = [f'<section class="rt-zone enemy" aria-label="In play"><div class="rt-zone-label">In play {tag}</div>'
             f'<div class="rt-row">{"".join(enemy_cards)}</div></section>']
    # player zones
    pz = []
    for p in (state.players if resolved else before.players):
        chars = [c for c in state.characters if c.controller == p.id]
        chars.sort(key=lambda c: (not c.is_identity, c.name))
        cards_html = [_character(c, state, resolved) for c in chars]
        shown = list(p.played) if resolved else [n for n in p.hand if (p.id, n) in played]
        for name in shown:
            cards_html.append(card(name, "event", label="(defense)" if mc.lookup(name) and mc.lookup(name).defense_label else "",  # type: ignore[union-attr]
                                   played=True, aria=f"{name}, played by {p.name}"))
        for name in p.upgrades:
            cards_html.append(card(name, "upgrade"))
        attacked = ' <span class="tag">attacked player</span>' if resolved and state.target_player == p.id else ""
        pz.append(f'<section class="rt-zone" aria-label="{esc(p.name)}"><div class="rt-zone-label">{esc(p.name)}{attacked}</div>'
                  f'<div class="rt-row">{"".join(cards_html)}</div></section>')
    zones.append(f'<div class="rt-players">{"".join(pz)}</div>')
    return f'{_STYLE}<div class="rt-board">{"".join(zones)}</div>'


def slide_cards(names: list[str]) -> str:
    """Player cards shown beside a rule slide (e.g. Preemptive Strike)."""
    out = []
    for name in names:
        c = lookup(name)
        kind = c.type if c else "event"
        out.append(card(name, kind, label="(defense)" if c and c.defense_label else ""))
    return '<div class="rt-row" style="margin-top:.5rem">' + "".join(out) + "</div>"
