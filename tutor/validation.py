"""Pydantic validation errors as positioned problems (``path:line:col: field: message``), for the library loader."""

from __future__ import annotations

import operator
from functools import reduce
from typing import Any

from pydantic import ValidationError

from tutor import yamlio
from tutor.games import plugins
from tutor.yamlio import Located, Problem


_FORMS = {"str": "text", "int": "a whole number", "float": "a number", "bool": "true or false"}


def _discriminator_message(e: Any) -> str:
    name = str((e.get("ctx") or {}).get("discriminator", "")).strip("'") or "type"
    tags = ", ".join(plugins()) if name == "game" else str((e.get("ctx") or {}).get("expected_tags", "")).replace("'", "")
    if e["type"] == "union_tag_not_found":
        return f"missing `{name}:`" + (f" (one of {tags})" if tags else "")
    return f"must be one of {tags}"


def _pydantic_problems(path: str, located: Located, err: ValidationError) -> list[Problem]:
    """Turn pydantic errors into positioned problems.

    Where a field accepts one of several forms (``text or a mapping``), an alternative that rejected the value
    outright is left out when another one got further (that one says what is wrong); when every alternative
    rejected it, one problem says why each did."""
    raw = [(*yamlio.locate(located.data, e["loc"], e["type"]), e) for e in err.errors(include_url=False)]
    members: dict[yamlio.Path_, dict[str, list[tuple[yamlio.Path_, Any]]]] = {}
    for dpath, union, e in raw:
        if union is not None:
            members.setdefault(union[0], {}).setdefault(union[1], []).append((dpath, e))
    out: list[Problem] = []
    for dpath, union, e in raw:
        kind = e["type"]
        forms = members.get(union[0], {}) if union is not None else {}
        if union is not None and len(forms) > 1:
            at = union[0]
            outright = {m: all(d == at for d, _ in errs) for m, errs in forms.items()}
            if all(outright.values()):
                if union[1] == next(iter(forms)):  # one problem for the whole union
                    why = "; ".join(f"as {_FORMS.get(m, m)}: {errs[0][1]['msg']}" for m, errs in forms.items())
                    shown = repr(reduce(operator.getitem, at, located.data))
                    shown = shown if len(shown) <= 60 else shown[:57] + "..."
                    out.append(Problem(path, *located.position(at), f"{shown} fits none of the accepted forms ({why})",
                                       yamlio.dotted(at)))
                continue
            if outright[union[1]]:
                continue  # e.g. "should be a string" for a mapping meant as the other member of a str|model union
        if kind in ("union_tag_not_found", "union_tag_invalid"):
            msg = _discriminator_message(e)
            name = str((e.get("ctx") or {}).get("discriminator", "")).strip("'")
            if kind == "union_tag_invalid" and name:
                dpath = dpath + (name,)
        elif kind == "extra_forbidden":
            msg = f"unknown key {dpath[-1]!r}" if dpath else "unknown key"
        elif kind == "missing":
            msg = "required field is missing"
        else:
            msg = e["msg"]
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, "):]
        line, col = located.position(dpath, prefer_key=kind in ("extra_forbidden", "missing", "union_tag_invalid"))
        out.append(Problem(path, line, col, msg, yamlio.dotted(dpath)))
    return out
