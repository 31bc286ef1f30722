"""The compiled simulator kernel (engine/regicide/_kernel.c) plays exactly the reference engine's games.

The reference is the Python engine: ``legal_codes`` lists the legal actions in canonical order, ``pick``
chooses one uniformly with the game's ``random.Random`` and ``apply_code`` resolves it (the code that
``legal_actions``/``apply`` and ``random_step`` run; test_regicide_properties.py ties those together).
The kernel writes every decision it takes; the Python side writes the same record, and the two must
be equal byte for byte, game for game, with the random generator left in the same state.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from engine.regicide.game import new_board
from engine.regicide.codes import apply_code, legal_codes, pick
from engine.regicide.resolve import CHOOSE, DISCARD, P_WON, PLAY
from engine.regicide.settings import DEFAULT, Settings
from engine.regicide.simulate import KERNEL_FLAGS, _kernel, has_kernel, kernel_flags, play_random_games, simulate

END = 255


def reference_record(players: int, games: int, rng: random.Random, settings: Settings) -> bytes:
    """Every decision of ``games`` random games by the Python engine, in the kernel's record format:
    ``kind, n, card...`` for a play or discard, ``CHOOSE, seat``, ``kind, 0`` for a yield or solo Jester,
    and ``255, phase, enemies defeated`` at the end of each game."""
    out = bytearray()
    for _ in range(games):
        b = new_board(players, rng, settings)
        while b.phase < P_WON:
            codes = legal_codes(b)
            kind, payload = codes[pick(rng, len(codes))]
            if kind in (PLAY, DISCARD):
                out += bytes([kind, len(payload), *payload])  # type: ignore[arg-type]
            else:
                out += bytes([kind, payload if kind == CHOOSE else 0])  # type: ignore[list-item]
            apply_code(b, kind, payload, rng, None)
        out += bytes([END, b.phase, b.defeated])
    return bytes(out)


def first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"records differ at byte {at} (game {a[:at].count(END)}): kernel {a[at:at + 12]!r}, python {b[at:at + 12]!r}"


def assert_same_games(players: int, games: int, seed: int, settings: Settings = DEFAULT) -> None:
    rng_py, rng_c = random.Random(seed), random.Random(seed)
    expected = reference_record(players, games, rng_py, settings)
    wins, defeated, decisions, state, record = _kernel.play(players, games, rng_c.getstate()[1],
                                                            kernel_flags(settings), True)
    assert record == expected, first_difference(record, expected)
    assert state == rng_py.getstate()[1]  # the same random numbers were drawn, no more, no fewer
    assert decisions == sum(1 for _ in _decisions(expected)) and record.count(END) >= games


def _decisions(record: bytes):  # type: ignore[no-untyped-def]
    i = 0
    while i < len(record):
        if record[i] == END:
            i += 3
            continue
        yield record[i]
        i += 2 + (record[i + 1] if record[i] in (PLAY, DISCARD) else 0)


def test_the_kernel_was_built() -> None:
    assert has_kernel(), "engine/regicide/_kernel.c was not compiled: `make install` (pip install -e .) needs gcc"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_kernel_plays_the_reference_games_move_for_move(players: int) -> None:
    """2,500 seeded games per player count: 10,000 games in all, every decision compared."""
    assert_same_games(players, 2_500, seed=players)


@pytest.mark.parametrize("switch", KERNEL_FLAGS)
def test_kernel_follows_every_setting(switch: str) -> None:
    assert [f.name for f in fields(Settings)] == list(KERNEL_FLAGS)  # a new setting needs a kernel flag
    flipped = Settings(**{switch: not getattr(DEFAULT, switch)})
    for players in (1, 2, 3, 4):
        assert_same_games(players, 150, seed=10 + players, settings=flipped)


def test_simulate_gives_the_same_figures_with_either_engine() -> None:
    for players in (1, 3):
        assert play_random_games(players, 300, 5, compiled=True) == play_random_games(players, 300, 5, compiled=False)
    fast, slow = simulate(2, 400, 7, compiled=True), simulate(2, 400, 7, compiled=False)
    assert (fast["engine"], slow["engine"]) == ("compiled", "python")
    same = ("wins", "mean_enemies_defeated", "decisions_per_game")
    assert {k: fast[k] for k in same} == {k: slow[k] for k in same}
