"""A Song of Summer cards (gameplay/engine/cards/a_song_of_summer/): each card's effect in a
position, played through legal actions. Summer and Winter come from a revealed plot given
the Summer or Winter trait (``abilities.season``)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.rules import can_attack, gold_cost
from gameplay.engine.steps import dominance_total
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    events,
    head,
    in_deck,
    pass_windows,
    plotted,
    ref,
    set_season,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, no text
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, no text
CALM = "Calm Over Westeros"  # no when revealed effect
LIONS_WILL = "core_162"  # Any Phase: Pay 2 gold to choose a character. Kneel that character.


# --- ator_20 A Song of Summer ------------------------------------------------------------


def test_a_song_of_summer_gives_your_characters_one_str_while_it_is_summer():
    state = plotted({"revealed_plot": "ator_20", "in_play": [HOST]}, {"in_play": [HOST]})
    mine, theirs = ref(state, 0, HOST), ref(state, 1, HOST)
    assert strength(state, mine) == 6
    set_season(state, "Summer")
    assert strength(state, mine) == 7 and strength(state, theirs) == 6


# --- ator_6 Jeyne Westerling -----------------------------------------------------------------


def test_jeyne_westerling_searches_for_a_king_and_is_stopped_by_another_queen():
    state = plotted({"house": "Stark", "in_play": ["ator_6"], "deck": ["low_8", HOST]})
    jeyne = ref(state, 0, "ator_6")
    state = use(state, 0, jeyne)
    assert head(state).get("purpose") == "search"
    state = answer(state, "search", in_deck(state, 0, "low_8"))
    assert [state.code(r) for r in state.players[0].hand] == ["low_8"]
    rival = plotted({"house": "Stark", "in_play": ["ator_6"]}, {"in_play": ["ator_8"]})
    assert not uses(rival, 0, ref(rival, 0, "ator_6"))
    assert ref(rival, 0, "ator_6") not in can_attack(rival, 0, "intrigue")


# --- ator_7 Priestess of the Pyre / ator_11 Fairweather Followers ---------------------------


def moved(state, kind):
    """The cards a card effect stood or knelt (``stood`` / ``knelt`` log entries)."""
    return [e["card"] for e in events(state, kind)]


def _event_played(code, word, knelt):
    state = plotted(
        {"house": "Lannister", "hand": [LIONS_WILL], "in_play": [STEWARD], "gold": 2},
        {"in_play": [{"card": code, "knelt": knelt}]},
    )
    set_season(state, word)
    state = use(state, 0, state.players[0].hand[0], ref(state, 0, STEWARD))
    return state, ref(state, 1, code)


def test_priestess_of_the_pyre_stands_in_summer_and_kneels_in_winter_when_an_event_is_played():
    state, priestess = _event_played("ator_7", "Summer", True)
    assert priestess in moved(state, "stood")
    state, priestess = _event_played("ator_7", "Winter", False)
    assert priestess in moved(state, "knelt")


def test_fairweather_followers_stand_in_summer_and_kneel_in_winter_when_an_event_is_played():
    state, followers = _event_played("ator_11", "Summer", True)
    assert followers in moved(state, "stood")
    state, followers = _event_played("ator_11", "Winter", False)
    assert followers in moved(state, "knelt")


# --- ator_8 Selyse Baratheon -----------------------------------------------------------------


def test_selyse_baratheon_shuffles_the_top_of_her_discard_pile_into_the_deck_in_summer():
    state = build(
        phase="dominance",
        players=[
            {
                "house": "Baratheon",
                "revealed_plot": "Summoning Season",
                "in_play": ["ator_8"],
                "discard": [HOST, STEWARD],
                "deck": [HOST],
                "gold": 1,
            },
            {"revealed_plot": "Summoning Season"},
        ],
        auto_pass=False,
    )
    selyse = ref(state, 0, "ator_8")
    assert not uses(state, 0, selyse)
    state = settle(set_season(state, "Summer"))
    state = use(state, 0, selyse)
    player = state.players[0]
    assert [state.code(r) for r in player.discard] == ["core_89"]
    assert sorted(state.code(r) for r in player.deck) == ["core_52", "core_89"]
    assert player.gold == 0


# --- ator_9 Summer's Champion ----------------------------------------------------------------


def test_summers_champion_gains_renown_in_summer_and_cannot_attack_in_winter():
    state = plotted({"house": "Baratheon", "in_play": ["ator_9"]})
    champion = ref(state, 0, "ator_9")
    set_season(state, "Summer")
    assert "renown" in keywords(state, champion) and strength(state, champion) == 4
    winter = plotted({"house": "Baratheon", "in_play": ["ator_9"]})
    set_season(winter, "Winter")
    champion = ref(winter, 0, "ator_9")
    assert strength(winter, champion) == 2
    assert champion not in can_attack(winter, 0, "military")


# --- ator_10 Scavengers of the Sea -----------------------------------------------------------


def test_scavengers_of_the_sea_discard_at_random_from_a_chosen_martell_players_hand():
    state = build(
        players=[
            {"house": "Greyjoy", "hand": ["ator_10"], "gold": 5},
            {"house": "Martell", "hand": [HOST, STEWARD]},
        ]
    )
    scavengers = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [scavengers])
    assert head(state).get("purpose") == "choose_player"
    state = act(state, 0, "choose", choice="1")
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


# --- ator_12 Red Warlock ---------------------------------------------------------------------


def test_red_warlock_searches_for_an_attachment_in_summer():
    state = build(
        players=[
            {
                "house": "Targaryen",
                "revealed_plot": "Summoning Season",
                "hand": ["ator_12"],
                "deck": ["ator_4", HOST],
                "gold": 5,
            },
            {"revealed_plot": "Summoning Season"},
        ]
    )
    set_season(state, "Summer")
    warlock = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [warlock])
    state = use(state, 0, warlock)
    assert head(state).get("purpose") == "search"
    state = answer(state, "search", in_deck(state, 0, "ator_4"))
    assert [state.code(r) for r in state.players[0].hand] == ["ator_4"]


def test_red_warlock_kneels_when_you_reveal_a_plot_in_winter():
    state = build(
        phase="plot",
        players=[
            {"house": "Targaryen", "in_play": ["ator_12"], "plot_deck": [CALM]},
            {"plot_deck": [CALM]},
        ],
    )
    warlock = ref(state, 0, "ator_12")
    for seat in (0, 1):
        plot = state.players[seat].plot_deck[0]
        state.effects.append(
            {"query": "traits", "subject": plot, "until": "play", "add": ["Winter"]}
        )
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    state = act(state, 0, "first_player", choice="0")
    assert warlock in moved(state, "knelt")


# --- ator_13 Starfall Bannerman --------------------------------------------------------------


def test_starfall_bannerman_gives_house_dayne_characters_one_str_unless_it_is_winter():
    state = plotted({"house": "Martell", "in_play": ["ator_13", "ator_15"]})
    bannerman, knights = ref(state, 0, "ator_13"), ref(state, 0, "ator_15")
    assert strength(state, knights) == 4 and strength(state, bannerman) == 2
    set_season(state, "Winter")
    assert strength(state, knights) == 3 and strength(state, bannerman) == 1


# --- ator_15 Knights of the Sun --------------------------------------------------------------


def test_knights_of_the_sun_take_gold_from_the_pool_in_summer_for_str():
    state = build(
        players=[
            {
                "house": "Martell",
                "revealed_plot": "Summoning Season",
                "in_play": ["ator_15"],
                "gold": 3,
            },
            {"revealed_plot": "Summoning Season"},
        ]
    )
    knights = ref(state, 0, "ator_15")
    assert not uses(state, 0, knights)
    set_season(state, "Summer")
    state = use(state, 0, knights)
    state = act(state, 0, "choose", choice="2")
    assert state.in_play[knights].gold == 2 and state.players[0].gold == 1
    assert strength(state, knights) == 5


# --- ator_18 Summer Port ---------------------------------------------------------------------


def test_summer_port_lowers_the_next_baratheon_character_in_summer():
    state = build(
        players=[
            {
                "house": "Baratheon",
                "revealed_plot": "Summoning Season",
                "in_play": ["ator_18"],
                "hand": [HOST],
                "gold": 6,
            },
            {"revealed_plot": "Summoning Season"},
        ]
    )
    port, host = ref(state, 0, "ator_18"), state.players[0].hand[0]
    assert not uses(state, 0, port)
    set_season(state, "Summer")
    printed = gold_cost(state, 0, host)
    state = use(state, 0, port)
    assert gold_cost(state, 0, host) == printed - 1


# --- ator_4 Fishing Net ----------------------------------------------------------------------


def test_fishing_net_keeps_its_character_out_of_challenges_and_dominance():
    state = build(
        players=[
            {"house": "Greyjoy", "hand": ["ator_4"], "gold": 2},
            {"in_play": [STEWARD], "gold": 0},
        ]
    )
    net, host = state.players[0].hand[0], ref(state, 1, STEWARD)
    state = act(state, 0, "marshal:play", [net, host])
    assert host not in can_attack(state, 1, "military")
    assert dominance_total(state, 1) == state.players[1].gold


_ = (pass_windows, until_window)


# --- ator_17 Lion's Gate -----------------------------------------------------------------------


def test_lions_gate_discards_a_power_and_gives_a_trait_unless_it_is_winter():
    state = plotted(
        {"house": "Lannister", "in_play": ["ator_17"]},
        {"in_play": [{"card": HOST, "power": 2}]},
    )
    gate, host = ref(state, 0, "ator_17"), ref(state, 1, HOST)
    state = use(state, 0, gate, host)
    assert head(state).get("purpose") == "name_trait"
    state = act(state, 0, "choose", choice="knight")
    assert state.in_play[host].power == 1
    assert any(
        e["subject"] == host and e.get("add") == ["Knight"] for e in events(state, "lasting_effect")
    )
    winter = plotted(
        {"house": "Lannister", "in_play": ["ator_17"]},
        {"in_play": [{"card": HOST, "power": 2}]},
        auto_pass=False,
    )
    set_season(winter, "Winter")
    assert not uses(winter, 0, ref(winter, 0, "ator_17"))


# --- ator_14 Maester of the Sun -----------------------------------------------------------------


def test_maester_of_the_sun_saves_a_martell_character_for_a_card_from_hand_in_summer():
    state = plotted(
        {"in_play": [HOST]},
        {"house": "Martell", "in_play": ["ator_14", "ator_15"], "hand": [STEWARD]},
        auto_pass=False,
    )
    state = settle(set_season(state, "Summer"))
    maester, knights = ref(state, 1, "ator_14"), ref(state, 1, "ator_15")
    state = pass_windows(state)
    state = act(state, 0, "challenge:military", choice="1")
    state = pass_windows(state)
    if head(state).get("purpose") == "defenders":
        state = answer(state, "defenders", [])
    for _ in range(10):
        if uses(state, 1, maester):
            break
        purpose = head(state).get("purpose")
        if purpose:
            state = answer(state, purpose, [knights])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, maester, knights)
    if head(state).get("purpose") == "discard_cost":
        state = answer(state, "discard_cost", state.players[1].hand)
    assert knights in state.in_play and state.in_play[maester].knelt
    assert [state.code(r) for r in state.players[1].discard] == ["core_52"]


# --- ator_19 Open Market ---------------------------------------------------------------------


def test_open_market_returns_a_discarded_card_for_two_cards_from_hand_in_summer():
    state = build(
        phase="dominance",
        players=[
            {
                "house": "Martell",
                "revealed_plot": "Summoning Season",
                "in_play": ["ator_19"],
                "hand": [HOST, STEWARD],
                "discard": ["ator_15"],
            },
            {"revealed_plot": "Summoning Season"},
        ],
        auto_pass=False,
    )
    market = ref(state, 0, "ator_19")
    assert not uses(state, 0, market)
    state = settle(set_season(state, "Summer"))
    knights = state.players[0].discard[0]
    state = use(state, 0, market, knights)
    if head(state).get("purpose") == "discard_cost":
        state = answer(state, "discard_cost", list(state.players[0].hand))
    assert [state.code(r) for r in state.players[0].hand] == ["ator_15"]
    assert len(state.players[0].discard) == 2
