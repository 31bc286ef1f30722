"""Each game's situation form as data (``tutor/games/<game>/form.py``, issue 28): its fields read and write the
situation where they say, bounds and choices are enforced, and a wrong value is refused with a message that names
the field and what is wrong (language-free: drawn in vi and pa too). No Streamlit here: the page only draws it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core.message import Message
from tutor import i18n, ruling as rl, share, templates
from tutor.games import BUILT_IN, form_hook
from tutor.games.form import (Cards, Check, Choice, Choices, Ctx, Field, Form, FormError, Number, Rows, Text, When,
                              fields)


def situation(game: str, text: str | None = None) -> Ctx:
    """The ruling page's starting situation of ``game`` (or ``text``), validated and parsed."""
    text = templates.template(game) if text is None else text
    r = rl.check(text)
    assert r.scenario is not None, r.problems
    data = rl.data_of(text)
    assert data is not None
    return Ctx(r.scenario, data)


def form(game: str) -> Form:
    found = form_hook(game)
    assert found is not None
    return found


def field(game: str, key: str) -> Field:
    return next(f for f in fields(form(game).items) if f.key == key)


def row(ctx: Ctx, i: int, at: tuple[str, ...] = ("setup", "players")) -> Ctx:
    return Ctx(ctx.scenario, ctx.data, at + (i,))


def placed(game: str) -> list[tuple[Field, Ctx]]:
    """Every field of ``game``'s form with the place it is drawn at in the starting situation (each row's once)."""
    ctx, out = situation(game), []

    def walk(items: Any, where: Ctx) -> None:
        for item in items:
            if isinstance(item, Field):
                out.append((item, where))
            elif isinstance(item, Rows):
                for r in item.rows(where):
                    walk(item.items, r)
            elif isinstance(item, When):
                if item.test(where):
                    walk(item.items, where)
            else:
                walk(getattr(item, "fields", None) or item.items, where)
    walk(form(game).items, ctx)
    return out


def loaded(data: dict[str, Any]) -> Any:
    """The situation ``data`` as the ruling page loads it (its model), asking only "is every play legal?" (the
    template's other questions are about its own hands and seats)."""
    r = rl.check(share.to_yaml({**data, "questions": [q for q in data["questions"] if q.get("ask") == "is_legal"]}))
    assert r.scenario is not None and not [p for p in r.problems if p.field.startswith("setup")], r.problems
    return r.scenario


@pytest.mark.parametrize("game", list(BUILT_IN))
def test_every_field_writes_back_what_it_reads_and_the_situation_stays_the_same(game: str) -> None:
    """Each field's value, as the form shows it, written back leaves the situation as it was: the same file where
    the file gives the value, its default written out where it does not (hit points 10, no allies)."""
    spots = placed(game)
    assert len(spots) >= 5
    start = loaded(spots[0][1].data)
    for f, ctx in spots:
        before = copy.deepcopy(ctx.data)
        f.put(ctx, f.read(ctx))
        if Ctx(ctx.scenario, before, ctx.base).get(f.at) is not None and f.ref is None:
            assert ctx.data == before, f.key
    assert loaded(spots[0][1].data) == start


def test_marvel_champions_a_players_fields_write_their_own_places() -> None:
    ctx = situation("marvel_champions")
    p2 = row(ctx, 1)
    field("marvel_champions", "{i}.name").put(p2, "Ana")
    field("marvel_champions", "{i}.hero").put(p2, "Captain Marvel")
    assert ctx.data["setup"]["players"][1]["name"] == "Ana"
    assert ctx.data["setup"]["players"][1]["identity"] == "Captain Marvel"
    damage = field("marvel_champions", "{i}.damage")
    damage.put(p2, 3)  # a card reference becomes a mapping to hold it ...
    assert ctx.data["setup"]["players"][1]["identity"] == {"card": "Captain Marvel", "damage": 3}
    assert damage.read(p2) == 3 and field("marvel_champions", "{i}.hero").read(p2) == "Captain Marvel"
    damage.put(p2, 0)  # ... and the name again when it is back to the default
    assert ctx.data["setup"]["players"][1]["identity"] == "Captain Marvel"
    field("marvel_champions", "{i}.form").put(p2, "alter_ego")
    field("marvel_champions", "{i}.exhausted").put(p2, True)
    assert ctx.data["setup"]["players"][1]["identity"] == {"card": "Captain Marvel", "form": "alter_ego",
                                                          "exhausted": True}
    loaded(ctx.data)


def test_marvel_champions_allies_chosen_by_name_keep_their_own_state() -> None:
    ctx = situation("marvel_champions")
    ctx.data["setup"]["players"][0]["allies"] = [{"card": "Hellcat", "damage": 1}]
    allies = field("marvel_champions", "{i}.allies")
    assert isinstance(allies, Choices) and allies.read(row(ctx, 0)) == ["Hellcat"]
    allies.put(row(ctx, 0), ["Hellcat", "Nick Fury"])
    assert ctx.data["setup"]["players"][0]["allies"] == [{"card": "Hellcat", "damage": 1}, "Nick Fury"]


def test_marvel_champions_players_are_added_and_removed_with_their_plays() -> None:
    ctx = situation("marvel_champions")
    players = form("marvel_champions").items[0]
    assert isinstance(players, Rows) and players.add and players.remove
    assert players.count(ctx) == 2 and players.addable(ctx) and players.removable(ctx)
    players.add(ctx.data)
    added = ctx.data["setup"]["players"][-1]
    assert added["id"] == "p3" and added["identity"] not in ("Spider-Man", "Black Panther")
    players.add(ctx.data)
    assert players.count(ctx) == 4 and not players.addable(ctx)  # four at most
    ctx.data["actions"] = [{"player": "p1", "defend": "Spider-Man"}, {"player": "p2", "play": "Preemptive Strike"}]
    players.remove(ctx.data, 0)
    assert [p["id"] for p in ctx.data["setup"]["players"]] == ["p2", "p3", "p4"]
    assert ctx.data["actions"] == [{"player": "p2", "play": "Preemptive Strike"}]
    assert ctx.data["setup"]["attack"]["against"] == "p2"  # the attack turns to the first player left
    for _ in range(2):
        players.remove(ctx.data, 0)
    assert players.count(ctx) == 1 and not players.removable(ctx)


def test_marvel_champions_adds_a_play_its_choices_read_the_ones_before() -> None:
    ctx = situation("marvel_champions")
    adder = form("marvel_champions").adder
    assert adder is not None and [p.key for p in adder.picks] == ["play_player", "play_verb", "play_what"]
    who, verb, what = adder.picks
    assert who.start(who.options(ctx, {})) == "p2"  # the last player
    assert what.options(ctx, {"play_player": "p1", "play_verb": "defends with"}) == ["Spider-Man"]
    cards = what.options(ctx, {"play_player": "p2", "play_verb": "plays a card"})
    assert cards[0] == "Preemptive Strike" and len(cards) > 1  # the hand first, then any event
    adder.add(ctx.data, {"play_player": "p1", "play_verb": "plays a card", "play_what": "Preemptive Strike"})
    assert ctx.data["setup"]["players"][0]["hand"] == ["Preemptive Strike"]  # put into the hand to be played
    assert ctx.data["actions"] == [{"player": "p1", "play": "Preemptive Strike"}]
    loaded(ctx.data)


def test_a_situation_without_a_single_attack_shows_a_note_instead_of_its_fields() -> None:
    when = form("marvel_champions").items[1]
    assert isinstance(when, When) and when.otherwise is not None
    ctx = situation("marvel_champions")
    assert when.test(ctx)
    del ctx.data["setup"]["attack"]
    assert not when.test(ctx)


def test_regicide_the_player_count_resizes_the_hands_and_keeps_the_turn_on_a_seat() -> None:
    ctx = situation("regicide")
    ctx.data["setup"]["current"] = 2
    seats = field("regicide", "players")
    seats.put(ctx, 1)
    assert ctx.data["setup"]["players"] == 1 and ctx.data["setup"]["current"] == 1
    assert ctx.data["setup"]["hands"] == [["9H", "6C", "5D", "AS"]]
    seats.put(ctx, 3)
    assert ctx.data["setup"]["hands"] == [["9H", "6C", "5D", "AS"], [], []]
    loaded(ctx.data)


def test_regicide_hands_are_cards_as_text_or_a_number() -> None:
    ctx = situation("regicide")
    hand = field("regicide", "hand.{i}")
    seat2 = row(ctx, 1, ("setup", "hands"))
    assert hand.widget_key(seat2) == "hand.1" and hand.read(seat2) == "4C 8D 7S"
    assert str(hand.label_of(seat2)).startswith("Seat 2's hand")
    hand.put(seat2, " 10S, KD  JOKER ")
    assert ctx.data["setup"]["hands"][1] == ["10S", "KD", "JOKER"]
    hand.put(seat2, "5")
    assert ctx.data["setup"]["hands"][1] == 5 and hand.read(seat2) == "5"
    table = field("regicide", "table")
    table.put(ctx, "7H 7S")
    assert ctx.data["setup"]["table"] == ["7H", "7S"]


def test_dungeon_mayhem_rows_and_whose_turn() -> None:
    ctx = situation("dungeon_mayhem")
    lia = row(ctx, 1)
    assert field("dungeon_mayhem", "{i}.hand").read(lia) == "3"
    assert field("dungeon_mayhem", "{i}.defense").read(lia) == "Divine Shield"
    field("dungeon_mayhem", "{i}.hand").put(row(ctx, 0), "Flex!, Big Axe Is Best Axe")
    assert ctx.data["setup"]["players"][0]["hand"] == ["Flex!", "Big Axe Is Best Axe"]
    field("dungeon_mayhem", "{i}.hp").put(lia, 4)
    assert ctx.data["setup"]["players"][1]["hp"] == 4
    turn = field("dungeon_mayhem", "turn")
    assert isinstance(turn, Choice) and turn.choices(ctx) == ["Sutha", "Lia"]
    del ctx.data["setup"]["turn"]
    assert turn.read(ctx) == "Sutha"  # no turn given: the first player's
    turn.put(ctx, "Lia")
    assert ctx.data["setup"]["turn"] == "Lia"
    loaded(ctx.data)


@pytest.mark.parametrize("game, key, at, value, says", [
    ("marvel_champions", "{i}.damage", 0, -1, "Damage: -1 is less than 0."),
    ("marvel_champions", "stunned", None, 100, "Stunned: 100 is more than 99."),
    ("marvel_champions", "atk_mod", None, 1.5, "Extra ATK: 1.5 is not a whole number."),
    ("marvel_champions", "{i}.hero", 0, "Spider-Mann", "Hero: Spider-Mann is not one of the choices."),
    ("marvel_champions", "boost", None, ["Shocker", "Nope"], "Boost cards (facedown, in order): Nope is not one of"),
    ("marvel_champions", "{i}.name", 0, "x" * 81, "Player name: at most 80 characters."),
    ("marvel_champions", "{i}.name", 0, "Ana\nBob", "Player name: one line only."),
    ("marvel_champions", "{i}.exhausted", 0, "yes", "Exhausted: yes or no."),
    ("regicide", "players", None, 5, "Players: 5 is more than 4."),
    ("regicide", "current", None, 0, "Whose turn (seat): 0 is less than 1."),
    ("regicide", "table", None, "3", "Played against this enemy (table): name the cards; a number of cards is not"),
    ("regicide", "table", None, " ".join(["2C"] * 61), "Played against this enemy (table): at most 60 cards."),
    ("dungeon_mayhem", "{i}.hp", 1, 11, "HP: 11 is more than 10."),
    ("dungeon_mayhem", "{i}.character", 0, "Gandalf", "Character: Gandalf is not one of the choices."),
    ("dungeon_mayhem", "{i}.defense", 1, "2", "Defense cards in play (commas): name the cards"),
])
def test_a_wrong_value_is_refused_by_name_and_changes_nothing(game: str, key: str, at: int | None, value: Any,
                                                              says: str) -> None:
    ctx = situation(game)
    where = ctx if at is None else row(ctx, at)
    before = copy.deepcopy(ctx.data)
    with pytest.raises(FormError) as err:
        field(game, key).put(where, value)
    assert str(err.value).startswith(says), str(err.value)
    assert isinstance(err.value.message, Message)
    assert ctx.data == before


def test_a_refusal_is_drawn_in_the_learners_language_from_the_games_catalog() -> None:
    ctx = situation("dungeon_mayhem")
    with pytest.raises(FormError) as err:
        field("dungeon_mayhem", "{i}.hp").put(row(ctx, 0), 12)
    english = i18n.render(err.value.message, "en", "dungeon_mayhem")
    for lang in ("vi", "pa"):
        said = i18n.render(err.value.message, lang, "dungeon_mayhem")
        assert said != english and "12" in said and "10" in said, said


def test_the_field_kinds_convert_what_a_widget_gives() -> None:
    ctx = Ctx(None, {"s": {"n": 3, "ref": "Rhino", "pile": ["A", {"card": "B", "x": 1}]}})
    assert Number(key="n", label="N", at=("s", "n"), least=0).read(ctx) == 3
    assert Number(key="m", label="M", at=("s", "missing"), default=7).read(ctx) == 7
    assert Check(key="c", label="C", at=("s", "ref"), ref="exhausted").read(ctx) is False
    assert Text(key="t", label="T", at=("s", "ref")).check(ctx, "  Klaw ") == "Klaw"
    cards = Cards(key="p", label="P", at=("s", "pile"), sep=",")
    assert cards.read(ctx) == "A, B" and cards.check(ctx, "A,, B ,C") == ["A", "B", "C"]
    assert Cards(key="p", label="P", at=("s", "pile")).check(ctx, "A, B C") == ["A", "B", "C"]


@pytest.mark.parametrize("game", list(BUILT_IN))
def test_each_widget_of_a_form_has_its_own_key(game: str) -> None:
    """Two fields drawn with one key would share one widget's value: every key of a drawn form is unique."""
    keys = [f.widget_key(ctx) for f, ctx in placed(game)]
    adder = form(game).adder
    keys += [p.key for p in adder.picks] if adder is not None else []
    assert len(keys) == len(set(keys)) and all("{" not in k for k in keys), keys
