"""Engine settings: one switch per disputed reading of the rules (digest §8, §11 and rulings (e)-(i)).

Every default is the project's ruling (``shared/rules/marvel_champions.md``, "Rulings this project
adopts"; ``engine/marvel_champions/sources.py`` rulings (f)-(i)). Where the text is silent and our
ruling is to avoid the corner until it is confirmed, the default is ``unsettled``: the engine refuses
to rule (:class:`engine.core.errors.NotModelled`) instead of guessing, and a scenario may choose a
reading under ``setup.settings``.
"""

from __future__ import annotations

from dataclasses import dataclass

UNSETTLED = "unsettled"
INDIRECT_DEF = (UNSETTLED, "reduces", "ignored")
AMPLIFY_CANCEL = (UNSETTLED, "cancelled", "kept")


@dataclass(frozen=True, slots=True)
class Settings:
    """Frozen engine settings; ``DEFAULT`` holds the project rulings."""

    label_then_basic_defense: bool = True
    """Ruling (f), RR v1.8 Defend 4-3. Default ``True``: a hero that became the defender through a
    (defense) label may still be declared the defender (a basic defense at step 2, or a card that
    declares it, such as "I Can Do This All Day"); that is then a basic defense and its DEF counts.
    ``False``: the older reading (RR v1.5-1.7 text, which does not address it): once the identity
    defends through a label, no defender can be declared for the attack any more."""

    indirect_damage_def: str = UNSETTLED
    """Ruling (g), digest §11 question 4. Whether a basic defense's DEF reduces an indirect attack's
    damage before it is assigned. ``unsettled`` (default): the text does not say, so the engine
    refuses to rule. ``reduces``: DEF is subtracted first. ``ignored``: all of the ATK is assigned."""

    amplify_with_preemptive_strike: str = UNSETTLED
    """Ruling (h), digest §11 question 5. Whether the icons amplify adds to a boost card count as "on
    that card" for Preemptive Strike. ``unsettled`` (default): the engine refuses to rule.
    ``cancelled``: they are cancelled too (and deal damage). ``kept``: only printed icons are
    cancelled; amplify's still add to the ATK."""

    after_defends_through_label: bool = True
    """Ruling (i), RR v1.8 Defend 4 and 7-2. Default ``True``: a hero made the defender by a (defense)
    label "is considered to have defended", so "after your hero defends" (Counter-Punch, Indomitable)
    triggers. ``False``: the superseded ruling (Hall of Heroes legacy rulings) that playing a (defense)
    card is not a defense: only a declared defender has defended."""

    def __post_init__(self) -> None:
        for name, allowed in (("indirect_damage_def", INDIRECT_DEF),
                              ("amplify_with_preemptive_strike", AMPLIFY_CANCEL)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"Settings.{name} must be one of {allowed}, not {getattr(self, name)!r}")


DEFAULT = Settings()
"""The project defaults (rulings (f)-(i))."""
