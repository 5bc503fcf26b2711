"""The Captain's Command locations and plot (gameplay/engine/cards/the_captains_command/
locations.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (Ally, 2
STR, intrigue)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import add_lasting, icons, is_character, strength
from gameplay.engine.cards.vocabulary import naval_icons
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    choose,
    events,
    head,
    joust,
    pass_windows,
    ref,
    start,
    use,
    uses,
)
from tests.gameplay.scenario import settle

SCOUT = "asots_83"
WHITE_HARBOR = "asots_87"
SCHEME = "asots_88"
GALLEY = "asots_95"
WYLLA = "asots_86"  # unique, power icon


# --- asots_83 Iron Fleet Scout -------------------------------------------------------------


def test_iron_fleet_scout_becomes_a_naval_character_until_the_end_of_the_phase():
    state = joust({"house": "Greyjoy", "in_play": [SCOUT], "gold": 1}, {})
    scout = ref(state, 0, SCOUT)
    assert not is_character(state, scout)
    state = use(state, 0, scout)
    assert state.players[0].gold == 0
    assert is_character(state, scout) and strength(state, scout) == 2
    assert icons(state, scout) == {"military", "power"}
    assert naval_icons(state, scout) == {"military", "power"}
    assert not uses(state, 0, scout)  # a character already
    state = start(state, "military", [scout])
    (attackers,) = events(state, "attackers")
    assert attackers["cards"] == [scout]
    assert state.phase != "challenges"  # played out to the next round
    assert not is_character(state, scout) and not icons(state, scout)


def test_iron_fleet_scout_needs_1_gold():
    state = joust({"house": "Greyjoy", "in_play": [SCOUT], "gold": 0}, {})
    assert not uses(state, 0, ref(state, 0, SCOUT))


# --- asots_87 White Harbor -----------------------------------------------------------------


def _harbor(power: int):
    them = {"in_play": [{"card": KNIGHT, "duplicates": [KNIGHT]}], "power": power}
    return joust({"in_play": [WHITE_HARBOR]}, them)


def test_white_harbor_target_cannot_be_saved_and_ignores_cannot_be_killed():
    state = _harbor(6)
    harbor, knight = ref(state, 0, WHITE_HARBOR), ref(state, 1, KNIGHT)
    add_lasting(state, "can_be_killed", knight, "phase", knight, value=False)
    state = use(state, 0, harbor, knight)
    assert state.in_play[harbor].knelt
    moves.kill(state, [knight])
    run(state)
    state = settle(state)
    assert head(state).get("purpose") != "save"  # no duplicate save offered
    state = pass_windows(state)
    assert knight in state.players[1].dead


def test_white_harbor_needs_an_opponent_with_6_power():
    state = _harbor(5)
    assert not uses(state, 0, ref(state, 0, WHITE_HARBOR))


# --- asots_88 Manderly's Scheme ------------------------------------------------------------


def test_manderlys_scheme_military_characters_defend_intrigue_challenges():
    me = {"in_play": [STEWARD]}
    them = {"in_play": [KNIGHT], "revealed_plot": SCHEME}
    state = joust(me, them)
    knight = ref(state, 1, KNIGHT)
    assert "intrigue" not in icons(state, knight)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    assert head(state).get("purpose") == "defenders"
    assert knight in head(state)["candidates"]
    assert "intrigue" in icons(state, knight)


def test_manderlys_scheme_not_in_your_own_challenges():
    me = {"in_play": [KNIGHT], "revealed_plot": SCHEME}
    state = joust(me, {"in_play": [STEWARD]})
    knight = ref(state, 0, KNIGHT)
    assert "intrigue" not in {a.split(":")[1] for a in _challenge_actions(state)}
    assert "intrigue" not in icons(state, knight)


def _challenge_actions(state):
    from gameplay.engine.game import legal_actions

    return [str(a) for a in legal_actions(state, 0) if str(a).startswith("challenge:")]


# --- asots_95 Dagger Lake Galley -----------------------------------------------------------


def test_dagger_lake_galley_gives_a_naval_enhancement_on_the_chosen_icon():
    state = joust({"in_play": [GALLEY, WYLLA]}, {})
    galley, wylla = ref(state, 0, GALLEY), ref(state, 0, WYLLA)
    assert naval_icons(state, wylla) == {"power"}  # printed
    add_lasting(state, "naval", wylla, "phase", wylla, remove=["power"])
    state = use(state, 0, galley, wylla)
    state = choose(state, "power")
    assert naval_icons(state, wylla) == {"power"}
    assert state.in_play[galley].knelt


def test_dagger_lake_galley_only_unique_characters_you_control():
    state = joust({"in_play": [GALLEY, KNIGHT]}, {"in_play": [WYLLA]})
    assert not uses(state, 0, ref(state, 0, GALLEY))
