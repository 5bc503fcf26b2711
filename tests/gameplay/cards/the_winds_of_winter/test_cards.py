"""The Winds of Winter cards (gameplay/engine/cards/the_winds_of_winter/): each card's
effect in a position, played through legal actions. Summer and Winter come from a revealed
plot given the Summer or Winter trait (``abilities.season``)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength, traits
from gameplay.engine.rules import can_attack
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    challenge,
    events,
    head,
    pass_windows,
    plotted,
    ref,
    resolved,
    set_season,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, military and power
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power, no text
BEN = "Brown Ben Plumm"  # Targaryen, 2 STR, military, no text
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
CROSSROADS = "Crossroads"  # a neutral location


# --- ator_40 The Winds of Winter ------------------------------------------------------------


def test_the_winds_of_winter_lowers_opponents_characters_while_it_is_winter():
    state = plotted({"revealed_plot": "ator_40", "in_play": [HOST]}, {"in_play": [HOST]})
    mine, theirs = ref(state, 0, HOST), ref(state, 1, HOST)
    assert strength(state, theirs) == 6
    set_season(state, "Winter")
    assert strength(state, theirs) == 5 and strength(state, mine) == 6


# --- ator_22 Son of a King ------------------------------------------------------------------


def test_son_of_a_king_makes_a_bastard_and_weakens_kings():
    state = plotted(
        {"house": "Baratheon", "in_play": [{"card": KNIGHT, "attachments": ["ator_22"]}]},
        {"in_play": ["low_8"]},
    )
    knight, king = ref(state, 0, KNIGHT), ref(state, 1, "low_8")
    assert "Bastard" in traits(state, knight) and strength(state, knight) == 3
    assert strength(state, king) == 2  # Robb Stark (LoW): 3 STR, Renown, King
    assert "renown" not in keywords(state, king)


# --- ator_23 War Horn -------------------------------------------------------------------------


def test_war_horn_discards_a_location_after_a_winter_military_win():
    state = plotted(
        {"in_play": [{"card": KNIGHT, "attachments": ["ator_23"]}]},
        {"in_play": [CROSSROADS]},
    )
    set_season(state, "Winter")
    knight, crossroads = ref(state, 0, KNIGHT), ref(state, 1, CROSSROADS)
    state = challenge(state, "military", [knight])
    assert crossroads in state.players[1].discard  # the only location: chosen by itself


# --- ator_25 Ranger of Winter ---------------------------------------------------------------


def test_ranger_of_winter_gains_stealth_and_intrigue_in_winter():
    state = plotted({"in_play": ["ator_25"]})
    ranger = ref(state, 0, "ator_25")
    assert "stealth" not in keywords(state, ranger)
    set_season(state, "Winter")
    assert "stealth" in keywords(state, ranger) and "intrigue" in icons(state, ranger)


# --- ator_27 Scavengers of King's Landing -------------------------------------------------------


def test_scavengers_of_kings_landing_discard_at_random_from_a_stark_hand():
    state = build(
        players=[
            {"house": "Lannister", "hand": ["ator_27"], "gold": 5},
            {"house": "Stark", "hand": [HOST, STEWARD]},
        ]
    )
    state = act(state, 0, "marshal:play", [state.players[0].hand[0]])
    state = act(state, 0, "choose", choice="1")
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


# --- ator_29 Ice Fisherman -----------------------------------------------------------------------


def test_ice_fisherman_takes_an_opponents_gold_in_winter():
    state = build(
        players=[
            {
                "house": "Greyjoy",
                "revealed_plot": "Summoning Season",
                "in_play": ["ator_29"],
                "gold": 0,
            },
            {"revealed_plot": "Summoning Season", "gold": 3},
        ]
    )
    fisherman = ref(state, 0, "ator_29")
    assert not uses(state, 0, fisherman)
    set_season(state, "Winter")
    assert "power" in icons(state, fisherman)
    state = use(state, 0, fisherman)
    assert state.players[0].gold == 1 and state.players[1].gold == 2


# --- ator_30 Valyrian Spirit --------------------------------------------------------------------


def test_valyrian_spirit_shuffles_a_players_piles_into_the_deck_when_killed_in_winter():
    state = plotted(
        {"in_play": [HOST], "discard": [STEWARD]},
        {"house": "Targaryen", "in_play": ["ator_30"], "dead": [BEN], "discard": [KNIGHT]},
    )
    set_season(state, "Winter")
    spirit = ref(state, 1, "ator_30")
    state = challenge(state, "military", [ref(state, 0, HOST)])
    if head(state).get("purpose") not in ("choose_player", None):
        state = answer(state, head(state)["purpose"], [spirit])
    assert head(state).get("purpose") == "choose_player"
    state = act(state, 1, "choose", choice="1")
    player = state.players[1]
    assert not player.discard and not player.dead and len(player.deck) == 3
    assert events(state, "pile_shuffled")


# --- ator_32 Underhanded Assassin ----------------------------------------------------------------


def test_underhanded_assassin_ignores_stronger_participants():
    state = plotted({"house": "Martell", "in_play": ["ator_32"]}, {"in_play": [HOST]})
    assassin, host = ref(state, 0, "ator_32"), ref(state, 1, HOST)
    state = challenge(state, "military", [assassin], [host])
    assert resolved(state)["winner"] == 0


# --- ator_34 Ser Arthur Dayne -----------------------------------------------------------------


def test_ser_arthur_dayne_does_not_kneel_to_defend_when_outnumbered():
    state = plotted({"in_play": [HOST, KNIGHT]}, {"in_play": ["ator_34"]})
    arthur = ref(state, 1, "ator_34")
    state = challenge(state, "power", [ref(state, 0, HOST)], [arthur])
    assert not state.in_play[arthur].knelt


# --- ator_37 The Wall ----------------------------------------------------------------------------


def test_the_wall_makes_baratheon_characters_nights_watch_in_winter():
    state = plotted({"in_play": [HOST]}, {"house": "Baratheon", "in_play": ["ator_37", HOST]})
    set_season(state, "Winter")
    host = ref(state, 1, HOST)
    assert "Night's Watch" in traits(state, host)
    state = challenge(state, "power", [ref(state, 0, HOST)], [host])
    assert not state.in_play[host].knelt


# --- ator_39 Winter Armada ---------------------------------------------------------------------


def test_winter_armada_gives_an_attacking_greyjoy_four_str_and_renown_in_winter():
    state = plotted({"house": "Greyjoy", "in_play": ["ator_39", "ator_29"]}, auto_pass=False)
    state = settle(set_season(state, "Winter"))
    armada, fisherman = ref(state, 0, "ator_39"), ref(state, 0, "ator_29")
    state = act(state, 0, "challenge:power", choice="1")
    assert state.challenge["attackers"] == [fisherman]  # the only one: declared by itself
    state = use(state, 0, armada, fisherman)
    given = {
        (e["query"], e.get("amount"), tuple(e.get("add", ())))
        for e in events(state, "lasting_effect")
        if e["subject"] == fisherman
    }
    assert given == {("strength", 4, ()), ("keywords", None, ("renown",))}
    assert (
        any(e["card"] == fisherman for e in events(state, "renown"))
        or state.in_play[fisherman].power
    )


_ = can_attack


# --- ator_38 Frozen Sea ---------------------------------------------------------------------


def test_frozen_sea_limits_challenges_against_you_in_winter_and_melts_in_summer():
    state = plotted(
        {"in_play": [HOST, KNIGHT, STEWARD]}, {"house": "Greyjoy", "in_play": ["ator_38"]}
    )
    set_season(state, "Winter")
    state = challenge(state, "military", [ref(state, 0, HOST)])
    state = challenge(state, "power", [ref(state, 0, KNIGHT)])
    # The steward could still make an intrigue challenge, but the phase went on without it.
    assert len(events(state, "challenge")) == 2 and state.phase != "challenges"
    summer = build(
        players=[
            {
                "house": "Greyjoy",
                "revealed_plot": "Summoning Season",
                "hand": ["ator_38"],
                "gold": 5,
            },
            {"revealed_plot": "Summoning Season"},
        ]
    )
    set_season(summer, "Summer")
    sea = summer.players[0].hand[0]
    summer = act(summer, 0, "marshal:play", [sea])
    assert sea in summer.players[0].discard


# --- ator_33 Mance Rayder -------------------------------------------------------------------


def test_mance_rayder_takes_a_kingdom_location_after_a_winter_win():
    state = plotted({"in_play": ["ator_33"]}, {"in_play": ["acoa_78"]})
    set_season(state, "Winter")
    mance, gift = ref(state, 0, "ator_33"), ref(state, 1, "acoa_78")
    state = pass_windows(state)
    state = act(state, 0, "challenge:power", choice="1")
    state = until_window(state, "challenge_won")
    state = use(state, 0, mance, gift)
    assert gift in state.players[0].in_play and state.in_play[gift].power == 1


# --- ator_36 Northern Cave ----------------------------------------------------------------------


def test_northern_cave_removes_and_stands_your_participants_in_winter():
    state = plotted({"in_play": [HOST]}, {"house": "Stark", "in_play": ["ator_36", KNIGHT]})
    set_season(state, "Winter")
    cave, knight = ref(state, 1, "ator_36"), ref(state, 1, KNIGHT)
    state = pass_windows(state)
    state = act(state, 0, "challenge:military", choice="1")
    state = pass_windows(state)
    state = answer(state, "defenders", [knight])
    assert state.in_play[knight].knelt
    state = until_window(state)
    while not uses(state, 1, cave):
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, cave)
    if head(state).get("purpose") == "remove":
        state = answer(state, "remove", [knight])
    assert any(e["card"] == knight for e in events(state, "stood"))
    assert events(state, "challenge_resolved")[-1]["strength"][1] == 0
