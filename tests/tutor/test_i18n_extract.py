"""The catalogs see every interface string: a translation call written inside an f-string's ``{...}`` is
extracted too (Babel's tokenizer reads an f-string as one token before Python 3.12)."""

from __future__ import annotations

from tutor import i18n_catalogs


def test_messages_inside_f_strings_reach_the_template() -> None:
    ids = {m.id for m in i18n_catalogs.template("messages") if m.id}
    for text in ("Join your class", "Question {n} of {total}", "The rule that decides it", "Illegal play.",
                 "most common wrong answer: {answer}", "Sources for {game}"):
        assert text in ids, text
    assert ("{n} answer so far", "{n} answers so far") in ids
    assert ("Too many wrong codes. Try again in {n} minute.", "Too many wrong codes. Try again in {n} minutes.") in ids


def test_quiz_and_fault_messages_are_in_the_template() -> None:
    ids = {m.id for m in i18n_catalogs.template("messages") if m.id}
    for text in ("No open quiz has this code. Check it with your teacher.", "That is not the passcode.",
                 "this quiz session is closed", "The class database is busy.", "After each answer",
                 "Not saved: {why}.", "Reference {ref} (in the server's log)."):
        assert text in ids, text
