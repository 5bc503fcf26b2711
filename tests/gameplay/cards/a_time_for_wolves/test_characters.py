"""A Time for Wolves characters (gameplay/engine/cards/a_time_for_wolves/characters.py).

Fillers: Knight of the Tumblestone (Stark Knight, 2 STR, military and power), Lannisport
Steward (Lannister Ally, 2 STR, intrigue), Host of Storm's End (Baratheon Army)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_without,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    plots_revealed,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

EMMON, FOLLOWER, PILLAGER, HORDE, SCOUT = "w_61", "w_62", "w_64", "w_66", "w_67"
OBELLA, ALAYNE, AGGO, KO = "w_68", "w_71", "w_73", "w_74"
LYSA, PETYR, CORBRAY, DECLARANT = "w_76", "w_77", "w_78", "w_79"
OBARA = "ator_31"  # Obara Sand, a Sand Snake
SWORD = "pots_47"  # Rusted Sword, a neutral Weapon attachment
ICE = "core_1"  # Ice, a [Stark] Weapon
SANSA = "core_9"
LITTLEFINGER = "core_141"
LOCATION = "The Roseroad"
CALM = "Calm Over Westeros"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_61 Ser Emmon Cuy --------------------------------------------------------------------


def test_ser_emmon_cuy_raises_claim_in_a_power_challenge_with_an_attacking_rainbow_guard():
    state = joust({"in_play": [EMMON]}, {"in_play": [_knelt(KNIGHT)], "power": 5})
    state = finish_challenge(start(state, "power", [ref(state, 0, EMMON)]))
    assert state.players[1].power == 3


def test_ser_emmon_cuy_not_without_an_attacking_rainbow_guard_nor_in_other_challenges():
    state = joust({"in_play": [EMMON, KNIGHT]}, {"in_play": [_knelt(KNIGHT)], "power": 5})
    power = finish_challenge(start(state, "power", [ref(state, 0, KNIGHT)]))
    assert power.players[1].power == 4
    them = {"in_play": [_knelt(KNIGHT), _knelt(KNIGHT)]}
    state = joust({"in_play": [EMMON]}, them)
    military = finish_challenge(start(state, "military", [ref(state, 0, EMMON)]))
    assert len(military.players[1].dead) == 1


# --- w_62 Camp Follower --------------------------------------------------------------------


def test_camp_follower_gets_one_str_per_knight_in_play():
    state = joust({"in_play": [FOLLOWER, KNIGHT]}, {"in_play": [KNIGHT, STEWARD]})
    assert strength(state, ref(state, 0, FOLLOWER)) == 3


def test_camp_follower_counts_only_knights():
    state = joust({"in_play": [FOLLOWER, STEWARD]}, {"in_play": [HOST]})
    assert strength(state, ref(state, 0, FOLLOWER)) == 1


# --- w_64 Iron Fleet Pillager --------------------------------------------------------------


def test_iron_fleet_pillager_takes_a_discarded_location():
    state = joust({"in_play": [PILLAGER]}, {"in_play": [_knelt(KNIGHT)], "deck": [LOCATION]})
    state = won_window(state, "military", [ref(state, 0, PILLAGER)])
    state = use(state, 0, ref(state, 0, PILLAGER))
    assert head(state)["purpose"] == "put_into_play"
    state = act(state, 0, "choose", choice="play")
    assert ref(state, 0, LOCATION)
    assert not state.players[1].deck


def test_iron_fleet_pillager_discards_a_character_without_taking_it():
    state = joust({"in_play": [PILLAGER]}, {"in_play": [_knelt(KNIGHT)], "deck": [STEWARD]})
    state = won_window(state, "military", [ref(state, 0, PILLAGER)])
    state = use(state, 0, ref(state, 0, PILLAGER))
    assert head(state).get("purpose") != "put_into_play"
    assert [state.code(r) for r in state.players[1].discard] == [hand_code(STEWARD)]


def hand_code(name):
    from tests.gameplay.cardtest import code

    return code(name)


def test_iron_fleet_pillager_only_when_it_participated():
    state = joust(
        {"in_play": [PILLAGER, KNIGHT]}, {"in_play": [_knelt(KNIGHT)], "deck": [LOCATION]}
    )
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, PILLAGER))


# --- w_66 The Mountain Clan Horde ----------------------------------------------------------


def test_mountain_clan_horde_costs_one_less_per_clansman():
    state = build(
        phase="marshalling",
        players=[
            {"house": "Lannister", "in_play": [SCOUT, SCOUT], "hand": [HORDE], "gold": 6},
            {},
        ],
    )
    horde = hand(state, 0, HORDE)[0]
    assert any(a.cards == (horde,) for a in legal_actions(state, 0) if a.kind == "marshal:play")
    state = act(state, 0, "marshal:play", [horde])
    assert state.players[0].gold == 0


def test_mountain_clan_horde_stands_or_kneels_another_clansman_once_per_phase():
    state = joust(
        {"in_play": [HORDE, _knelt(SCOUT)], "hand": [KNIGHT, KNIGHT]},
        {"in_play": [SCOUT]},
    )
    horde, scout, theirs = ref(state, 0, HORDE), ref(state, 0, SCOUT), ref(state, 1, SCOUT)
    assert {a.cards[1] for a in uses(state, 0, horde)} == {scout, theirs}  # not itself
    state = use(state, 0, horde, scout)
    state = answer(state, "discard_cost", [hand(state, 0, KNIGHT)[0]])
    state = pass_windows(state) if head(state).get("name") != "window" else state
    assert not state.in_play[scout].knelt
    assert len(state.players[0].hand) == 1
    assert not uses(state, 0, horde)


def test_mountain_clan_horde_kneels_a_standing_clansman_and_needs_a_card_in_hand():
    state = joust({"in_play": [HORDE], "hand": [KNIGHT]}, {"in_play": [SCOUT]})
    horde, theirs = ref(state, 0, HORDE), ref(state, 1, SCOUT)
    state = use(state, 0, horde, theirs)
    assert state.in_play[theirs].knelt
    empty = joust({"in_play": [HORDE]}, {"in_play": [SCOUT]})
    assert not uses(empty, 0, ref(empty, 0, HORDE))


# --- w_68 Obella Sand ------------------------------------------------------------------------


def test_obella_sand_goes_to_shadows_after_another_sand_snake_is_killed():
    state = joust(
        {"house": "Martell", "in_play": [OBARA], "dead": [OBELLA]},
        {"in_play": [_knelt(KNIGHT)]},
    )
    obara = ref(state, 0, OBARA)
    from gameplay.engine import moves

    moves.kill(state, [obara])
    state = until_window(state, "killed")
    obella = state.players[0].dead[0]
    assert state.code(obella) == OBELLA
    state = use(state, 0, obella)
    assert not any(state.code(r) == OBELLA for r in state.players[0].dead)
    assert [state.code(r) for r in state.players[0].shadows] == [OBELLA]


def test_obella_sand_not_for_a_non_sand_snake_nor_an_opponents():
    state = joust({"house": "Martell", "in_play": [KNIGHT], "dead": [OBELLA]}, {"in_play": [OBARA]})
    from gameplay.engine import moves

    moves.kill(state, [ref(state, 0, KNIGHT), ref(state, 1, OBARA)])
    for _ in range(10):
        if head(state).get("name") != "window":
            break
        seat = waiting_seats(state)[0]
        assert not (seat == 0 and uses(state, 0, state.players[0].dead[0]))
        state = act(state, seat, "pass")


# --- w_71 Alayne Stone -----------------------------------------------------------------------


def _castle_state(extra=None):
    state = build(
        phase="marshalling",
        players=[
            {
                "house": "Stark",
                "hand": [ALAYNE],
                "gold": 5,
                "revealed_plot": CALM,
                "used_plots": [CALM, CALM],
                **(extra or {}),
            },
            {"revealed_plot": CALM},
        ],
    )
    castle = state.players[0].used_plots[0]
    add_lasting(state, "traits", castle, "round", None, add=["Castle"])
    return state, castle


def test_alayne_stone_reveals_a_castle_plot_from_the_used_pile():
    state, castle = _castle_state()
    old = state.players[0].revealed_plot
    state = act(state, 0, "marshal:play", [hand(state, 0, ALAYNE)[0]])
    state = use(state, 0, ref(state, 0, ALAYNE))
    assert state.players[0].revealed_plot == castle
    assert old in state.players[0].used_plots and castle not in state.players[0].used_plots


def test_alayne_stone_needs_a_castle_plot_and_is_discarded_with_sansa():
    state = build(
        phase="marshalling",
        players=[
            {"hand": [ALAYNE], "gold": 5, "revealed_plot": CALM, "used_plots": [CALM]},
            {"revealed_plot": CALM},
        ],
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, ALAYNE)[0]])
    assert not uses(state, 0, ref(state, 0, ALAYNE))
    with_sansa, _ = _castle_state({"in_play": [SANSA]})
    with_sansa = act(with_sansa, 0, "marshal:play", [hand(with_sansa, 0, ALAYNE)[0]])
    assert any(state.code(r) == ALAYNE for r in with_sansa.players[0].discard)


# --- w_73 Aggo -------------------------------------------------------------------------------


def test_aggo_attaches_a_weapon_from_the_discard_pile_once_per_round():
    state = joust(
        {"house": "Targaryen", "in_play": [AGGO], "discard": [SWORD, SWORD]},
        {"in_play": [KNIGHT]},
    )
    aggo = ref(state, 0, AGGO)
    state = use(state, 0, aggo)
    state = answer(state, "attach", [state.players[0].discard[0]])
    assert state.in_play[ref(state, 0, "Rusted Sword")].attached_to == aggo
    assert not uses(state, 0, aggo)


def test_aggo_only_targaryen_or_neutral_weapons_on_dothraki():
    state = joust(
        {"house": "Targaryen", "in_play": [AGGO], "discard": [ICE, STEWARD]},
        {"in_play": [KNIGHT]},
    )
    assert not uses(state, 0, ref(state, 0, AGGO))


# --- w_74 Lesser Ko --------------------------------------------------------------------------


def test_lesser_ko_gains_deadly_for_a_discard():
    state = joust({"house": "Targaryen", "in_play": [KO], "hand": [KNIGHT]}, {})
    ko = ref(state, 0, KO)
    assert "deadly" not in keywords(state, ko)
    state = use(state, 0, ko)
    assert not state.players[0].hand
    assert "deadly" in keywords(state, ko)
    assert not uses(state, 0, ko)


def test_lesser_ko_only_in_challenges_and_with_a_card_in_hand():
    state = joust({"house": "Targaryen", "in_play": [KO]}, {})
    assert not uses(state, 0, ref(state, 0, KO))
    marshal = build(phase="marshalling", players=[{"in_play": [KO], "hand": [KNIGHT]}, {}])
    assert not uses(marshal, 0, ref(marshal, 0, KO))


# --- w_76 Lysa Arryn / w_77 Petyr Baelish ------------------------------------------------------

VOLLEY = "w_72"  # Volley of Arrows, a Stark event
PAVILION = "w_63"  # Renly's Pavilion: "Response: After you reveal a plot card, ..."


def _volley_played(me):
    state = joust(
        {"in_play": [KNIGHT, *me]}, {"in_play": [KNIGHT, STEWARD, STEWARD], "hand": [VOLLEY]}
    )
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = until_seat(state, 1)
    return use(state, 1, hand(state, 1, VOLLEY)[0], ref(state, 1, KNIGHT))


def test_petyr_baelish_cancels_an_event_once_per_round():
    state = _volley_played([PETYR])
    petyr = ref(state, 0, PETYR)
    state = until_seat(state, 0)
    state = use(state, 0, petyr)
    assert state.players[0].limited_response_used
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 2] and resolved["winner"] == 0


def test_volley_of_arrows_uncancelled_wins_the_defence():
    state = _volley_played([])
    state = pass_until(state, lambda s: bool(events(s, "challenge_resolved")))
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 4] and resolved["winner"] == 1


def test_petyr_baelish_not_against_a_non_event():
    state = joust({"house": "Targaryen", "in_play": [KO], "hand": [KNIGHT]}, {"in_play": [PETYR]})
    state = use(state, 0, ref(state, 0, KO))
    assert not uses(state, 1, ref(state, 1, PETYR))


def test_petyr_baelish_is_discarded_with_littlefinger():
    state = joust({"in_play": [PETYR, LITTLEFINGER]}, {})
    state = pass_windows(state)
    assert not any(state.code(r) == PETYR for r in state.players[0].in_play)


def test_lysa_arryn_cancels_a_triggered_effect_with_the_word_plot():
    state = plots_revealed(CALM, CALM, me={"in_play": [LYSA]}, them={"in_play": [PAVILION]})
    state = until_window(state, "plot_revealed")
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, PAVILION))
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, LYSA))
    state = pass_until(state, lambda s: head(s).get("name") != "window" or s.phase != "plot")
    assert state.players[1].power == 0
    assert state.in_play[ref(state, 0, LYSA)].knelt


def test_lysa_arryn_not_against_an_effect_without_the_word_plot():
    state = joust({"house": "Targaryen", "in_play": [KO], "hand": [KNIGHT]}, {"in_play": [LYSA]})
    state = use(state, 0, ref(state, 0, KO))
    assert not uses(state, 1, ref(state, 1, LYSA))


# --- w_78 Lyn Corbray ------------------------------------------------------------------------


def test_lyn_corbray_gives_non_army_characters_of_cost_four_or_more_two_str():
    state = joust({"in_play": [CORBRAY, HOST, KNIGHT, LITTLEFINGER]}, {"in_play": [PETYR]})
    assert strength(state, ref(state, 0, CORBRAY)) == 4  # himself, cost 4
    assert strength(state, ref(state, 0, LITTLEFINGER)) >= 5
    assert strength(state, ref(state, 0, HOST)) == 6  # an Army
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # cost 2
    assert strength(state, ref(state, 1, PETYR)) == 3  # not mine


# --- w_79 Knights Declarant ------------------------------------------------------------------


def test_knights_declarant_costs_two_less_per_used_plot():
    state = build(
        phase="marshalling",
        players=[{"hand": [DECLARANT], "gold": 6, "used_plots": [CALM, CALM, CALM]}, {}],
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, DECLARANT)[0]])
    assert state.players[0].gold == 0


def test_knights_declarant_full_cost_without_used_plots():
    state = build(phase="marshalling", players=[{"hand": [DECLARANT], "gold": 11}, {}])
    card = hand(state, 0, DECLARANT)[0]
    assert not any(a.cards == (card,) for a in legal_actions(state, 0) if a.kind == "marshal:play")


BRIDGE = "btns_38"  # Under the Bridge of Dream: "When revealed, add 2 gold ... plot card ..."


def test_lysa_arryn_cancels_a_when_revealed_effect_with_the_word_plot():
    state = plots_revealed(CALM, BRIDGE, me={"in_play": [LYSA]})
    state = until_window(state, "when_revealed_pending")
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, LYSA))
    cancelled = events(state, "when_revealed_cancelled")
    assert [e["code"] for e in cancelled] == [BRIDGE]


def test_lysa_arryn_not_against_a_when_revealed_effect_without_the_word_plot():
    state = plots_revealed(CALM, "w_80", me={"in_play": [LYSA]}, them={"deck": [KNIGHT]})
    lysa = ref(state, 0, LYSA)
    for _ in range(30):
        step = head(state)
        if step.get("name") != "window" or state.phase != "plot":
            break
        assert step.get("trigger") != "when_revealed_pending" or not uses(state, 0, lysa)
        state = act(state, waiting_seats(state)[0], "pass")
    assert not events(state, "when_revealed_cancelled")
