"""The Prize of the North locations (gameplay/engine/cards/the_prize_of_the_north/
locations.py).

Fillers: Host of Storm's End (Baratheon, 6 STR), Knight of the Tumblestone (Stark, 2 STR),
Defenders of the Wall (a Baratheon Night's Watch Army, 3 STR, military)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, houses, icons, strength, traits
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    code,
    hand,
    joust,
    marshalling,
    pass_windows,
    ref,
    set_season,
    shadow,
    until_seat,
    use,
    uses,
)

CASTLE, WALL, IRON_WIND = "cad_82", "cad_83", "cad_86"
WATCH = "cad_81"  # Defenders of the Wall: Baratheon, Night's Watch
BEN = "core_118"  # Brown Ben Plumm: Targaryen, cost 0, unique
HOPEFUL = "soo_29"  # Kingsmoot Hopeful: cost 2


def _knelt(card):
    return {"card": card, "knelt": True}


# --- cad_82 Deserted Castle -------------------------------------------------------------------


def test_deserted_castle_gives_a_baratheon_character_two_str_and_the_nights_watch_trait():
    state = joust({"in_play": [CASTLE, KNIGHT]}, {"in_play": [HOST]})
    castle, host = ref(state, 0, CASTLE), ref(state, 1, HOST)
    assert [a.cards[1:] for a in uses(state, 0, castle)] == [(host,)]  # not the Stark Knight
    state = use(state, 0, castle, host)
    assert strength(state, host) == 8 and "Night's Watch" in traits(state, host)
    assert state.in_play[castle].knelt


# --- cad_83 The Wall --------------------------------------------------------------------------


def test_the_wall_in_winter_gives_your_nights_watch_a_power_icon_and_baratheon():
    me = {"house": "Stark", "in_play": [WALL, KNIGHT, STEWARD]}
    state = joust(me, {"in_play": [KNIGHT]})
    mine, theirs, steward = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT), ref(state, 0, STEWARD)
    for knight in (mine, theirs):
        add_lasting(state, "traits", knight, "round", add=["Night's Watch"])
    assert "power" not in icons(state, steward) and "Baratheon" not in houses(state, mine)
    set_season(state, "Winter")
    assert "Baratheon" in houses(state, mine) and "Stark" in houses(state, mine)
    assert "Baratheon" not in houses(state, theirs)  # not its controller's
    assert "Baratheon" not in houses(state, steward) and "power" not in icons(state, steward)


def test_the_wall_gives_a_power_icon_in_winter_only():
    state = joust({"in_play": [WALL, WATCH]}, {"in_play": [KNIGHT]})
    watch = ref(state, 0, WATCH)
    assert "power" not in icons(state, watch)
    set_season(state, "Winter")
    assert "power" in icons(state, watch)


def test_the_wall_stands_your_nights_watch_characters():
    me = {"in_play": [WALL, _knelt(WATCH), _knelt(WATCH), _knelt(KNIGHT)]}
    state = joust(me, {"in_play": [_knelt(WATCH)]})
    state = use(state, 0, ref(state, 0, WALL))
    assert not state.in_play[ref(state, 0, WATCH)].knelt
    assert not state.in_play[ref(state, 0, WATCH, 1)].knelt
    assert state.in_play[ref(state, 0, KNIGHT)].knelt  # not Night's Watch
    assert state.in_play[ref(state, 1, WATCH)].knelt  # not yours


# --- cad_86 Longship Iron Wind ----------------------------------------------------------------


def test_longship_iron_wind_puts_a_cost_2_or_lower_character_into_play():
    me = {"in_play": [IRON_WIND], "hand": [HOPEFUL, HOST, BEN]}
    state = joust(me, {"in_play": [KNIGHT]})
    ship = ref(state, 0, IRON_WIND)
    hopeful, ben = hand(state, 0, HOPEFUL)[0], hand(state, 0, BEN)[0]
    assert sorted(a.cards[1:] for a in uses(state, 0, ship)) == sorted([(hopeful,), (ben,)])
    state = use(state, 0, ship, hopeful)
    assert hopeful in state.in_play and state.in_play[ship].knelt


def test_longship_iron_wind_only_in_the_challenges_phase():
    state = marshalling({"in_play": [IRON_WIND], "hand": [HOPEFUL]}, {"in_play": [STEWARD]})
    assert not uses(state, 0, ref(state, 0, IRON_WIND))


# --- cad_85 Farwynd Explorer ------------------------------------------------------------------

EXPLORER, PIKES = "cad_85", "cad_99"


def _pikes_against_explorer(first_player):
    me = {"house": "Greyjoy", "in_play": [KNIGHT]}
    them = {"hand": [PIKES], "in_play": [KNIGHT], "dead": [KNIGHT], "deck": [STEWARD] * 2}
    state = joust(me, them, first_player=first_player)
    explorer = shadow(state, 0, EXPLORER)
    state.players[0].dead.append(state.new_card(code(KNIGHT), 0))
    state.players[0].deck.extend([state.new_card(code(STEWARD), 0) for _ in range(2)])
    state = until_seat(state, 1)
    state = use(state, 1, hand(state, 1, PIKES)[0])
    return until_seat(state, 0), explorer


def test_farwynd_explorer_comes_out_of_shadows_to_cancel_a_triggered_effect():
    state, explorer = _pikes_against_explorer(0)
    state = use(state, 0, explorer)
    state = pass_windows(state)
    assert explorer in state.in_play and len(state.players[0].deck) == 2  # cancelled


def test_farwynd_explorer_only_for_the_first_player():
    state, explorer = _pikes_against_explorer(1)
    assert not [a for a in uses(state, 0, explorer) if a.choice != "shadow"]  # no cancel
    assert not state.players[0].deck  # Heads on Pikes resolved
