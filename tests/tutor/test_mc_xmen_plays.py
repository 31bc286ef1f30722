"""The ruling page lists a file's plays in words (describe_play): a response used, with its target, reads as such,
not as a defense with no defender."""

from __future__ import annotations

from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.plays import describe_play
from tutor.library import default_library



def _scenario() -> Scenario:
    scn = default_library().scenarios["mc.xmen.angel_tough"]
    assert isinstance(scn, Scenario)
    return scn


SCN = _scenario()


def test_a_response_and_its_target_are_described_as_used() -> None:
    assert describe_play(SCN, {"player": "p1", "use": "Angel of Death", "target": "Sandman (minion)"}) == \
        "Player 1 uses Angel of Death on Sandman (minion)"
    assert describe_play(SCN, {"player": "p1", "use": "Berserker Frenzy"}) == "Player 1 uses Berserker Frenzy"
    assert describe_play(SCN, {"player": "p1", "defend": "Archangel"}) == "Player 1 defends with Archangel"
