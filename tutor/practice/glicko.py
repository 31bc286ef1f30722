"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), as Lichess rates puzzles:
each practice answer is a game between the learner and the item; a right answer is the learner's win.

>>> me, item = Rating(), Rating(1700, 60)
>>> after = update(me, [(item, 1.0)])
>>> round(after.rating), after.rd < me.rd
(1804, True)
>>> round(update(me, [(item, 0.0)]).rating)
1402

Glickman's worked example (a 1500/200 player beats 1400/30, loses to 1550/100 and 1700/300):

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> round(r.rating, 1), round(r.rd, 1), round(r.vol, 5)
(1464.1, 151.5, 0.06)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3-1.2)
EPS = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06

    def expected(self, other: "Rating") -> float:
        """The chance this side wins against ``other`` (a learner against an item: answering right)."""
        mu, mu_j, phi_j = (self.rating - 1500) / SCALE, (other.rating - 1500) / SCALE, other.rd / SCALE
        return _e(mu, mu_j, phi_j)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(me: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """``me`` after one rating period of ``games`` (opponent, score 1/0.5/0); no games: the RD grows."""
    mu, phi, sigma = (me.rating - 1500) / SCALE, me.rd / SCALE, me.vol
    if not games:
        return Rating(me.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in games:
        mu_j, phi_j = (opp.rating - 1500) / SCALE, opp.rd / SCALE
        e = _e(mu, mu_j, phi_j)
        v_inv += _g(phi_j) ** 2 * e * (1 - e)
        delta_sum += _g(phi_j) * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / TAU ** 2

    lo = a
    if delta ** 2 > phi ** 2 + v:
        hi = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        hi = a - k * TAU
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > EPS:
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = c, f_c
    new_sigma = math.exp(lo / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * delta_sum
    return Rating(new_mu * SCALE + 1500, max(30.0, new_phi * SCALE), new_sigma)
