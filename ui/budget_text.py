"""A work-budget refusal (:class:`tutor.budget.OverBudget`) in the reader's language: which limit, the figure."""

from __future__ import annotations

from tutor.budget import OverBudget
from ui.i18n import _, ngettext


def over_budget(err: OverBudget) -> str:
    """One sentence, no final full stop (it may end another sentence), e.g. "it has 320 questions; at most 40
    can be worked out at once"."""
    n, cap = int(err.figure), int(err.cap)
    if err.more and err.limit == "questions":  # counting stopped at the first one over the limit
        return ngettext("it has more than {cap} question; at most {cap} can be worked out at once",
                        "it has more than {cap} questions; at most {cap} can be worked out at once",
                        cap).format(cap=cap)
    if err.more and err.limit == "plays":
        return ngettext("it has more than {cap} play in its lines of play; at most {cap} can be worked out at once",
                        "it has more than {cap} plays in its lines of play; at most {cap} can be worked out at once",
                        cap).format(cap=cap)
    if err.limit == "questions":
        return ngettext("it has {n} question; at most {cap} can be worked out at once",
                        "it has {n} questions; at most {cap} can be worked out at once", n).format(n=n, cap=cap)
    if err.limit == "plays":
        return ngettext("it has {n} play in its lines of play; at most {cap} can be worked out at once",
                        "it has {n} plays in its lines of play; at most {cap} can be worked out at once",
                        n).format(n=n, cap=cap)
    return _("working it out took more than {cap} seconds of the server's time, the limit for one request; "
             "try fewer questions or plays").format(cap=f"{err.cap:g}")


def refused(err: OverBudget) -> str:
    """The refusal as a sentence of its own."""
    return _("This situation was not worked out: {why}.").format(why=over_budget(err))
