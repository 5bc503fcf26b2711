"""Forgotten Fellowship's locations, attachments and plot (gameplay/engine/cards/
forgotten_fellowship/cards.py): kr_84, 90, 94, 95, 100.

Fillers: Knight of the Tumblestone (2 STR, military and power), Host of Storm's End (6 STR),
Renly Baratheon (core_73: "Any Phase: Kneel 1 influence to stand Renly Baratheon"), Calm
Over Westeros (a plot without text)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength, traits
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    calm_marshalling,
    defend,
    events,
    hand,
    joust,
    marshals,
    pass_until,
    plots_revealed,
    ref,
    start,
    use,
    uses,
)

PYKE, DORAN, ROOST, DAENERYS, STRAITS = "kr_84", "kr_90", "kr_94", "kr_95", "kr_100"
RENLY = "Renly Baratheon"


def _after_challenge(state):
    return pass_until(state, lambda s: s.challenge is None)


# --- kr_84 Pyke ---------------------------------------------------------------------------


def test_pyke_kneels_to_move_1_power_from_the_house_card_onto_itself():
    state = joust({"house": "Greyjoy", "in_play": [PYKE, KNIGHT], "power": 2}, {})
    pyke = ref(state, 0, PYKE)
    state = use(state, 0, pyke)
    assert state.in_play[pyke].knelt
    assert state.in_play[pyke].power == 1 and state.players[0].power == 1


def test_pyke_needs_power_on_the_house_card():
    state = joust({"house": "Greyjoy", "in_play": [PYKE, KNIGHT]}, {"power": 2})
    assert not uses(state, 0, ref(state, 0, PYKE))


# --- kr_90 Doran's Favor ------------------------------------------------------------------


def test_dorans_favor_discards_its_character_when_knelt_for_influence():
    knight = {"card": KNIGHT, "attachments": [DORAN]}
    state = joust({"in_play": [knight, {"card": RENLY, "knelt": True}]}, {"in_play": [HOST]})
    knight, renly = ref(state, 0, KNIGHT), ref(state, 0, RENLY)
    favor = next(r for r in state.in_play if state.code(r) == DORAN)
    state = use(state, 0, renly)
    assert not state.in_play[renly].knelt  # the influence paid for Renly's stand
    assert knight not in state.in_play and knight in state.players[0].discard
    assert favor not in state.in_play


def test_dorans_favor_attaches_only_to_a_character_you_control():
    me = {"house": "Martell", "hand": [DORAN], "in_play": [KNIGHT], "gold": 5}
    state = calm_marshalling(me, {"in_play": [KNIGHT]})
    favor = hand(state, 0, DORAN)[0]
    assert {a.cards[1:] for a in marshals(state, 0, favor)} == {(ref(state, 0, KNIGHT),)}


# --- kr_94 Griffin's Roost ----------------------------------------------------------------


def _claims(mine, theirs, ctype="power"):
    state = joust(
        {"house": "Targaryen", "in_play": [ROOST, HOST], "power": mine},
        {"power": theirs, "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    state = start(state, ctype, [ref(state, 0, HOST)])
    state = _after_challenge(defend(state, []))
    return events(state, "claim")[-1]["amount"]


def test_griffins_roost_raises_the_power_claim_while_behind():
    assert _claims(0, 3) == 2  # 1 (after the unopposed power) against 3


def test_griffins_roost_not_while_no_opponent_has_more_house_power():
    assert _claims(3, 3) == 1


def test_griffins_roost_only_during_power_challenges():
    assert _claims(0, 3, "military") == 1


# --- kr_95 Daenerys's Favor ---------------------------------------------------------------


def _favored(opponent=(HOST,)):
    knight = {"card": KNIGHT, "attachments": [DAENERYS]}
    state = joust({"in_play": [knight]}, {"in_play": list(opponent)})
    return state, ref(state, 0, KNIGHT)


def test_daenerys_favor_gives_str_the_bannerman_trait_and_three_icons():
    state, knight = _favored()
    assert strength(state, knight) == 5
    assert "Bannerman" in traits(state, knight)
    assert icons(state, knight) >= {"military", "intrigue", "power"}


def test_daenerys_favor_discards_its_character_after_a_lost_power_challenge():
    state, knight = _favored()
    state = start(state, "power", [knight])
    state = _after_challenge(defend(state, [ref(state, 1, HOST)]))
    assert knight not in state.in_play and knight in state.players[0].discard


def test_daenerys_favor_keeps_its_character_after_another_lost_challenge():
    state, knight = _favored()
    state = start(state, "military", [knight])
    state = _after_challenge(defend(state, [ref(state, 1, HOST)]))
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert knight in state.in_play


def test_daenerys_favor_attaches_only_to_a_character_you_control():
    me = {"house": "Targaryen", "hand": [DAENERYS], "in_play": [KNIGHT], "gold": 5}
    state = calm_marshalling(me, {"in_play": [KNIGHT]})
    favor = hand(state, 0, DAENERYS)[0]
    assert {a.cards[1:] for a in marshals(state, 0, favor)} == {(ref(state, 0, KNIGHT),)}


# --- kr_100 Redwyne Straits ---------------------------------------------------------------


def _straits(mine, theirs):
    state = plots_revealed(STRAITS, CALM, {"hand": [KNIGHT] * mine}, {"hand": [KNIGHT] * theirs})
    return [(e["seat"], e["gold"]) for e in events(state, "gold_gained") if e["reason"] != "income"]


def test_redwyne_straits_gives_4_gold_to_the_player_with_the_fewest_cards():
    assert _straits(3, 1) == [(1, 4)]
    assert _straits(1, 3) == [(0, 4)]


def test_redwyne_straits_gives_nothing_on_a_tie():
    assert _straits(2, 2) == []


def test_dorans_favor_discard_cannot_be_saved():
    knight = {"card": KNIGHT, "attachments": [DORAN], "duplicates": [KNIGHT]}
    state = joust({"in_play": [knight, {"card": RENLY, "knelt": True}]}, {"in_play": [HOST]})
    knight, renly = ref(state, 0, KNIGHT), ref(state, 0, RENLY)
    state = use(state, 0, renly)
    assert knight not in state.in_play  # its duplicate could not save it


def test_daenerys_favor_discard_cannot_be_saved():
    knight = {"card": KNIGHT, "attachments": [DAENERYS], "duplicates": [KNIGHT]}
    state = joust({"in_play": [knight]}, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    state = start(state, "power", [knight])
    state = _after_challenge(defend(state, [ref(state, 1, HOST)]))
    assert knight not in state.in_play  # its duplicate could not save it
