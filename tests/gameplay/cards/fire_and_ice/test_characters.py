"""Fire and Ice characters with passives (gameplay/engine/cards/fire_and_ice/characters.py):
Ser Imry Florent, Ser Garlan Tyrell, Balon Greyjoy, Damphair's Drowned, Khal Drogo.

Fillers: Knight of the Tumblestone (2 STR), Lannisport Steward (2 STR); SUMMER / WINTER (a
character whose attachment makes it Summer / Winter); locations and attachments without
text of their own."""

from __future__ import annotations

from gameplay.engine import leaving
from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.cards.vocabulary import naval_icons
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    SUMMER,
    WINTER,
    act,
    joust,
    ref,
    set_season,
    waiting_seats,
)

IMRY, GARLAN, BALON, DROWNED, DROGO = "kr_21", "kr_22", "kr_24", "kr_26", "kr_36"
LOCATION = "core_138"  # Crossroads: income and influence only
ATTACHMENT = "acoa_84"  # Rhaegar's Harp: its bearer gains all Traits


def _pass(state):
    return act(state, waiting_seats(state)[0], "pass")


# --- kr_21 Ser Imry Florent -----------------------------------------------------------------


def test_imry_gets_2_str_and_deadly_in_summer_and_in_winter():
    for word in ("Summer", "Winter"):
        state = set_season(joust({"in_play": [IMRY]}, {}), word)
        imry = ref(state, 0, IMRY)
        assert strength(state, imry) == 3 and "deadly" in keywords(state, imry)


def test_imry_without_a_season_is_printed():
    state = joust({"in_play": [IMRY]}, {})
    imry = ref(state, 0, IMRY)
    assert strength(state, imry) == 1 and "deadly" not in keywords(state, imry)


def test_imry_cannot_be_returned_to_hand():
    state = joust({"in_play": [IMRY, KNIGHT]}, {})
    imry, knight = ref(state, 0, IMRY), ref(state, 0, KNIGHT)
    leaving.return_to_hand(state, [imry, knight])
    run(state)
    assert imry in state.in_play and knight in state.players[0].hand


# --- kr_22 Ser Garlan Tyrell ----------------------------------------------------------------


def test_garlan_kneels_and_loses_his_power_in_summer():
    state = joust({"in_play": [{"card": GARLAN, "power": 2}, SUMMER]}, {})
    garlan = ref(state, 0, GARLAN)
    assert state.in_play[garlan].knelt and state.in_play[garlan].power == 0


def test_garlan_keeps_standing_and_his_power_in_winter():
    state = joust({"in_play": [{"card": GARLAN, "power": 2}, WINTER]}, {})
    garlan = ref(state, 0, GARLAN)
    assert not state.in_play[garlan].knelt and state.in_play[garlan].power == 2


# --- kr_24 Balon Greyjoy / kr_36 Khal Drogo -------------------------------------------------


def test_balon_gives_2_str_in_winter_with_more_locations():
    state = joust({"in_play": [BALON, KNIGHT, LOCATION]}, {"in_play": [STEWARD]})
    set_season(state, "Winter")
    assert strength(state, ref(state, 0, KNIGHT)) == 4
    assert strength(state, ref(state, 0, BALON)) == 5
    assert strength(state, ref(state, 1, STEWARD)) == 2  # not the opponent's


def test_balon_needs_winter_and_more_locations():
    state = joust({"in_play": [BALON, KNIGHT, LOCATION]}, {"in_play": [LOCATION]})
    set_season(state, "Winter")
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # as many locations
    state = joust({"in_play": [BALON, KNIGHT, LOCATION]}, {})
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # no Winter
    set_season(state, "Summer")
    assert strength(state, ref(state, 0, KNIGHT)) == 2


def test_drogo_gives_2_str_in_summer_with_more_attachments():
    me = {"in_play": [DROGO, {"card": KNIGHT, "attachments": [ATTACHMENT]}]}
    state = set_season(joust(me, {"in_play": [STEWARD]}), "Summer")
    assert strength(state, ref(state, 0, KNIGHT)) == 4
    assert strength(state, ref(state, 1, STEWARD)) == 2


def test_drogo_needs_summer_and_more_attachments():
    me = {"in_play": [DROGO, {"card": KNIGHT, "attachments": [ATTACHMENT]}]}
    them = {"in_play": [{"card": STEWARD, "attachments": [ATTACHMENT]}]}
    state = set_season(joust(me, them), "Summer")
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # as many attachments
    state = set_season(joust(me, {}), "Winter")
    assert strength(state, ref(state, 0, KNIGHT)) == 2


# --- kr_26 Damphair's Drowned ---------------------------------------------------------------


def test_drowned_with_more_locations_gets_str_and_a_naval_intrigue_icon():
    state = joust({"in_play": [DROWNED, LOCATION]}, {})
    drowned = ref(state, 0, DROWNED)
    assert strength(state, drowned) == 2
    assert "intrigue" in icons(state, drowned) and "intrigue" in naval_icons(state, drowned)


def test_drowned_without_more_locations_is_printed():
    state = joust({"in_play": [DROWNED, LOCATION]}, {"in_play": [LOCATION]})
    drowned = ref(state, 0, DROWNED)
    assert strength(state, drowned) == 1
    assert "intrigue" not in icons(state, drowned) and not naval_icons(state, drowned)
