"""A Change of Seasons cards (gameplay/engine/cards/a_change_of_seasons/): each card's
effect in a position, played through legal actions. Summer and Winter come from a revealed
plot given the Summer or Winter trait (``abilities.season``)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, value
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    events,
    head,
    in_deck,
    initiate,
    pass_windows,
    plotted,
    ref,
    set_season,
    until_window,
    use,
    uses,
)
from tests.gameplay.scenario import settle

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, military and power
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power, no text
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
CROSSROADS = "Crossroads"  # a neutral location, +1 influence
RAIDER = "asots_24"  # Ironborn Marauder: Greyjoy Ironborn, 2 STR, military and power
ROBB = "Robb Stark"  # core_8, unique
BENJEN = "Benjen Stark"  # unique Night's Watch


def attack_and_win(state, ctype, attackers):
    """Initiate a challenge against seat 1 with ``attackers``, no defenders, and stop at
    the response window after the challenge is won."""
    state = initiate(state, ctype, attackers, defender=1)
    while head(state).get("purpose") == "stealth":
        state = answer(state, "stealth", head(state)["candidates"][:1])
    return until_window(state, "challenge_won")


# --- ator_43 Burning Sword ---------------------------------------------------------------------


def test_burning_sword_gives_two_str_and_immunity_in_winter():
    state = plotted({"in_play": [{"card": ROBB, "attachments": ["ator_43"]}]}, auto_pass=False)
    robb, sword = ref(state, 0, ROBB), ref(state, 0, "ator_43")
    assert not uses(state, 0, sword)
    state = settle(set_season(state, "Winter"))
    state = use(state, 0, sword)
    added = {e["query"] for e in events(state, "lasting_effect") if e["subject"] == robb}
    assert added == {"strength", "immune"}


# --- ator_46 Shadow Stalker ------------------------------------------------------------------


def test_shadow_stalker_kills_a_character_after_winning_alone_in_winter():
    state = plotted({"house": "Baratheon", "in_play": ["ator_46"]}, {"in_play": [KNIGHT]})
    set_season(state, "Winter")
    stalker, knight = ref(state, 0, "ator_46"), ref(state, 1, KNIGHT)
    state = attack_and_win(state, "intrigue", [stalker])
    state = use(state, 0, stalker, knight)
    assert knight in state.players[1].dead


# --- ator_47 Wintertime Marauders --------------------------------------------------------------


def test_wintertime_marauders_discard_a_non_unique_card_after_a_winter_win():
    state = plotted({"house": "Greyjoy", "in_play": ["ator_47"]}, {"in_play": [CROSSROADS]})
    set_season(state, "Winter")
    marauders, crossroads = ref(state, 0, "ator_47"), ref(state, 1, CROSSROADS)
    state = attack_and_win(state, "power", [marauders])
    state = use(state, 0, marauders, crossroads)
    assert crossroads in state.players[1].discard


# --- ator_48 Theon Greyjoy ---------------------------------------------------------------------


def test_theon_greyjoy_stands_a_greyjoy_in_summer_and_costs_less_for_stark():
    state = plotted({"house": "Greyjoy", "in_play": ["ator_48"]})
    set_season(state, "Summer")
    theon = ref(state, 0, "ator_48")
    state = attack_and_win(state, "power", [theon])
    state = use(state, 0, theon, theon)
    assert any(e["card"] == theon for e in events(state, "stood"))
    stark = build(players=[{"house": "Stark", "hand": ["ator_48"], "gold": 9}, {}])
    assert gold_cost(stark, 0, stark.players[0].hand[0]) == 4  # 3 + 2 penalty - 1


# --- ator_49 Maester Aemon ----------------------------------------------------------------------


def test_maester_aemon_saves_a_nights_watch_character_unless_it_is_winter():
    state = plotted({"in_play": [HOST]}, {"house": "Targaryen", "in_play": ["ator_49", BENJEN]})
    aemon, benjen = ref(state, 1, "ator_49"), ref(state, 1, BENJEN)
    state = pass_windows(state)
    state = act(state, 0, "challenge:military", choice="1")
    state = pass_windows(state)
    if head(state).get("purpose") == "defenders":
        state = answer(state, "defenders", [])
    for _ in range(10):
        if uses(state, 1, aemon) or head(state).get("purpose") == "claim":
            break
        if head(state).get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [benjen])
            continue
        state = pass_windows(state)
    if not uses(state, 1, aemon):
        purpose = head(state).get("purpose")
        state = answer(state, purpose, [benjen])
    state = use(state, 1, aemon, benjen)
    assert benjen in state.in_play and state.in_play[aemon].knelt


# --- ator_50 Southron Scavengers ------------------------------------------------------------------


def test_southron_scavengers_discard_at_random_from_a_greyjoy_hand():
    state = build(
        players=[
            {"house": "Martell", "hand": ["ator_50"], "gold": 5},
            {"house": "Greyjoy", "hand": [HOST, STEWARD]},
        ]
    )
    state = act(state, 0, "marshal:play", [state.players[0].hand[0]])
    state = act(state, 0, "choose", choice="1")
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


# --- ator_53 The Lion's Law -----------------------------------------------------------------------


def test_the_lions_law_kneels_and_takes_power_while_a_military_battle_plot_is_revealed():
    state = plotted(
        {"house": "Lannister", "hand": ["ator_53"], "gold": 1},
        {"in_play": [{"card": KNIGHT, "power": 1}]},
        auto_pass=False,
    )
    law, knight = state.players[0].hand[0], ref(state, 1, KNIGHT)
    assert not uses(state, 0, law)
    set_season(state, "Military Battle", seat=1)
    state = settle(state)
    state = use(state, 0, law, knight)
    assert any(e["card"] == knight for e in events(state, "knelt"))
    assert state.in_play[knight].power == 0


# --- ator_54 Vigilant Stag ---------------------------------------------------------------------


def test_vigilant_stag_gives_a_unique_baratheon_vigilant():
    state = plotted(
        {"house": "Baratheon", "hand": ["ator_54"], "in_play": ["core_71", CROSSROADS, CROSSROADS]}
    )
    stag, robert = state.players[0].hand[0], ref(state, 0, "core_71")
    state = use(state, 0, stag, robert)
    assert any(
        e["subject"] == robert and e.get("add") == ["vigilant"]
        for e in events(state, "lasting_effect")
    )


# --- ator_55 Thuggish Tactics ------------------------------------------------------------------


def test_thuggish_tactics_gives_a_participating_ironborn_intimidate():
    state = plotted({"house": "Greyjoy", "hand": ["ator_55"], "in_play": [RAIDER, RAIDER]})
    raider = ref(state, 0, RAIDER)
    state = pass_windows(state)
    state = act(state, 0, "challenge:power", choice="1")
    state = answer(state, "attackers", [raider])
    state = use(state, 0, state.players[0].hand[0], raider)
    assert "intimidate" in keywords(state, raider) or any(
        e["subject"] == raider and e.get("add") == ["intimidate"]
        for e in events(state, "lasting_effect")
    )


# --- ator_56 Dragon Attack -----------------------------------------------------------------------


def test_dragon_attack_kneels_a_dragon_to_kill_a_two_str_character():
    state = plotted(
        {"house": "Targaryen", "hand": ["ator_56"], "in_play": ["core_109"]},
        {"in_play": [KNIGHT]},
    )
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, state.players[0].hand[0], knight)
    if head(state).get("purpose"):
        state = answer(state, head(state)["purpose"], [ref(state, 0, "core_109")])
    assert knight in state.players[1].dead


# --- ator_59 A Time for Ravens ------------------------------------------------------------------


def test_a_time_for_ravens_searches_for_a_raven_card():
    state = build(
        phase="plot",
        players=[
            {"plot_deck": ["ator_59"], "deck": ["ator_16", KNIGHT]},
            {"plot_deck": ["Calm Over Westeros"]},
        ],
    )
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    state = act(state, head(state)["seat"], "first_player", choice="0")
    assert head(state).get("purpose") == "search"
    state = answer(state, "search", in_deck(state, 0, "ator_16"))
    assert "ator_16" in [state.code(r) for r in state.players[0].hand]
    assert events(state, "revealed")


_ = value


# --- ator_42 Taxed Dry ---------------------------------------------------------------------------


def test_taxed_dry_stops_an_income_bonus_in_winter_and_shares_it_in_summer():
    from gameplay.engine.rules import income

    state = build(
        players=[
            {
                "house": "Lannister",
                "revealed_plot": "Summoning Season",
                "hand": ["ator_42"],
                "gold": 5,
            },
            {"revealed_plot": "Summoning Season", "in_play": [CROSSROADS]},
        ]
    )
    taxed, crossroads = state.players[0].hand[0], ref(state, 1, CROSSROADS)
    state = act(state, 0, "marshal:play", [taxed, crossroads])
    mine, theirs = income(state, 0), income(state, 1)
    set_season(state, "Winter")
    assert income(state, 1) == theirs - 1 and income(state, 0) == mine
    state.effects.pop()
    set_season(state, "Summer")
    assert income(state, 0) == mine + 1 and income(state, 1) == theirs


# --- ator_60 Unconventional Warfare ---------------------------------------------------------


def test_unconventional_warfare_takes_a_battle_trait_for_one_gold():
    from gameplay.engine.game import describe

    state = plotted(
        {"house": "Lannister", "revealed_plot": "ator_60", "gold": 1, "in_play": [STEWARD]},
        {"in_play": [{"card": KNIGHT, "power": 1}]},
    )
    plot = state.players[0].revealed_plot
    actions = uses(state, 0, plot)
    labels = [describe(state, a) for a in actions]
    assert len(actions) == 3 and any("Military Battle" in label for label in labels)
    military = next(a for a, label in zip(actions, labels, strict=True) if "Military" in label)
    state = act(state, 0, "use", [plot], choice=military.choice)
    assert any(
        e["subject"] == plot and e.get("add") == ["Military Battle"]
        for e in events(state, "lasting_effect")
    )
    assert state.players[0].gold == 0
