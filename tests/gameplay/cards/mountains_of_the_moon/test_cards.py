"""Mountains of the Moon: the attachments, the location, the events and the plot
(mountains_of_the_moon/cards.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import crests, icons, keywords, strength
from gameplay.engine.cards.vocabulary import of_house
from tests.gameplay.cards.mountains_of_the_moon.helpers import (
    CLAN_SCOUT,
    CROSSROADS,
    DOTHRAKI,
    MARAUDER,
    RED_PRIEST,
    challenge_over,
)
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    at_point,
    choose,
    end_turn,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    start,
    use,
    uses,
    watch,
)

IMPOSTER = "bwb_42"
SCAVENGER = "bwb_46"
PASS = "bwb_47"
CLANS = "bwb_48"
AMETHYSTS = "bwb_50"
CROWN = "bwb_52"
FEAST = "bwb_54"
PATIENCE = "bwb_56"
STOIC = "bwb_60"


def declare(state, ctype: str):
    """Seat 0 initiates a ``ctype`` challenge against seat 1, up to the attackers prompt."""
    state = pass_windows(state)
    return act(state, 0, f"challenge:{ctype}", choice="1")


def after_challenges(state):
    """Pass until the challenges phase is over."""
    state, _ = watch(state, 0, "", lambda s: s.phase != "challenges")
    return state


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


# --- bwb_42 Imposter! ----------------------------------------------------------------------


def test_bwb_42_imposter_counts_other_houses_and_gives_a_house():
    state = joust(
        {
            "house": "Stark",
            "in_play": [{"card": KNIGHT, "attachments": [IMPOSTER]}, HOST, STEWARD, CROSSROADS],
        },
        {"house": "Lannister", "in_play": [HOST]},
    )
    knight = ref(state, 0, KNIGHT)
    imposter = ref(state, 0, IMPOSTER)
    assert strength(state, knight) == 2 + 2  # Baratheon and Lannister (neutral: none)
    state = use(state, 0, imposter)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, CROSSROADS)])
    assert head(state)["purpose"] == "house"
    state = choose(state, "Targaryen")
    assert of_house(state, knight, "Targaryen") and of_house(state, knight, "Stark")
    assert strength(state, knight) == 2 + 3
    state = after_challenges(state)
    assert not of_house(state, knight, "Targaryen") and strength(state, knight) == 4


def test_bwb_42_imposter_needs_influence_and_ignores_stark_and_opponents_cards():
    state = joust(
        {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [IMPOSTER]}, KNIGHT]},
        {"house": "Lannister", "in_play": [HOST, STEWARD, CROSSROADS]},
    )
    knight = ref(state, 0, KNIGHT)
    assert strength(state, knight) == 2
    assert not uses(state, 0, ref(state, 0, IMPOSTER))  # no influence to kneel


# --- bwb_46 Vale Scavenger -----------------------------------------------------------------


def test_bwb_46_vale_scavenger_kneels_its_clansman_to_let_a_player_draw():
    state = joust(
        {"house": "Lannister", "in_play": [{"card": CLAN_SCOUT, "attachments": [SCAVENGER]}]},
        {"house": "Stark", "in_play": [KNIGHT], "deck": [KNIGHT, KNIGHT]},
    )
    scout, scavenger = ref(state, 0, CLAN_SCOUT), ref(state, 0, SCAVENGER)
    state = use(state, 0, scavenger)
    assert head(state)["purpose"] == "choose_player"
    state = choose(state, "1")
    assert state.in_play[scout].knelt and len(state.players[1].hand) == 1
    assert not uses(state, 0, scavenger)  # the Scout kneels now


def test_bwb_46_vale_scavenger_clansman_character_only():
    state = marshalling({"gold": 3, "in_play": [KNIGHT, CLAN_SCOUT], "hand": [SCAVENGER]})
    scavenger = hand(state, 0, SCAVENGER)[0]
    targets = {a.cards[1] for a in marshals(state, 0, scavenger) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, CLAN_SCOUT)}
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [scavenger, ref(state, 0, KNIGHT)])


# --- bwb_47 Hidden Vale Pass ---------------------------------------------------------------


def test_bwb_47_hidden_vale_pass_puts_a_clansman_into_the_challenge_then_discards_it():
    state = joust(
        {"house": "Lannister", "in_play": [PASS, HOST], "hand": [CLAN_SCOUT, KNIGHT]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    location, scout = ref(state, 0, PASS), hand(state, 0, CLAN_SCOUT)[0]
    knight_in_hand = hand(state, 0, KNIGHT)[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state = at_point(state, "after_attackers")
    assert [a.cards[1] for a in uses(state, 0, location)] == [scout]  # not the Knight
    state = use(state, 0, location, scout)
    assert state.in_play[location].knelt and state.in_play[scout].knelt
    assert scout in state.challenge["attackers"]
    state, _ = watch(state, 0, location, challenge_over)
    assert scout in state.players[0].discard and knight_in_hand in state.players[0].hand


def test_bwb_47_hidden_vale_pass_only_during_a_challenge_you_initiated():
    state = joust(
        {"house": "Lannister", "in_play": [PASS, KNIGHT], "hand": [CLAN_SCOUT]},
        {"house": "Stark", "in_play": [HOST]},
    )
    location = ref(state, 0, PASS)
    assert not uses(state, 0, location)  # before any challenge
    state = end_turn(state)  # seat 0 initiates nothing; seat 1 attacks
    assert head(state)["turn"] == 1
    state = start(state, "military", [ref(state, 1, HOST)])
    state, offered = watch(state, 0, location, lambda s: s.phase != "challenges")
    assert events(state, "challenge_resolved") and not offered


# --- bwb_48 Rise of the Mountain Clans -----------------------------------------------------


def _clans(me: list, hand_cards=(CLANS,)):
    state = joust(
        {"house": "Lannister", "in_play": me, "hand": list(hand_cards)},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    return state


def test_bwb_48_rise_of_the_mountain_clans_lets_knelt_clansmen_attack_military():
    state = _clans([{"card": CLAN_SCOUT, "knelt": True}, {"card": KNIGHT, "knelt": True}, HOST])
    scout, knight = ref(state, 0, CLAN_SCOUT), ref(state, 0, KNIGHT)
    state = use(state, 0, hand(state, 0, CLANS)[0])
    state = declare(state, "military")
    assert head(state)["purpose"] == "attackers"
    assert scout in head(state)["candidates"] and knight not in head(state)["candidates"]
    state = answer(state, "attackers", [scout])
    assert events(state, "attackers")[-1]["cards"] == [scout]


def test_bwb_48_rise_of_the_mountain_clans_not_in_other_challenges_or_phases():
    state = _clans([{"card": CLAN_SCOUT, "knelt": True}, STEWARD, STEWARD])
    scout = ref(state, 0, CLAN_SCOUT)
    state = use(state, 0, hand(state, 0, CLANS)[0])
    state = declare(state, "intrigue")
    assert scout not in head(state)["candidates"]  # only Military challenges
    # Without the event: a knelt Clansman cannot attack.
    state = _clans([{"card": CLAN_SCOUT, "knelt": True}, HOST, HOST], hand_cards=())
    state = declare(state, "military")
    assert ref(state, 0, CLAN_SCOUT) not in head(state)["candidates"]
    # Not in the marshalling phase.
    state = marshalling({"hand": [CLANS], "in_play": [CLAN_SCOUT]})
    assert not uses(state, 0, hand(state, 0, CLANS)[0])


# --- bwb_50 Black Amethysts ----------------------------------------------------------------


def test_bwb_50_black_amethysts_give_an_asshai_character_deadly():
    state = marshalling(
        {"house": "Baratheon", "gold": 0, "in_play": [RED_PRIEST, KNIGHT], "hand": [AMETHYSTS]}
    )
    amethysts, priest = hand(state, 0, AMETHYSTS)[0], ref(state, 0, RED_PRIEST)
    targets = {a.cards[1] for a in marshals(state, 0, amethysts) if a.kind == "marshal:play"}
    assert targets == {priest}  # Asshai character only
    assert "deadly" not in keywords(state, priest)
    state = act(state, 0, "marshal:play", [amethysts, priest])
    assert "deadly" in keywords(state, priest)
    assert "deadly" not in keywords(state, ref(state, 0, KNIGHT))


# --- bwb_52 Driftwood Crown ----------------------------------------------------------------


def test_bwb_52_driftwood_crown_gives_a_crest_and_icon_pair_for_the_phase():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": MARAUDER, "attachments": [CROWN]}]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    marauder, crown = ref(state, 0, MARAUDER), ref(state, 0, CROWN)
    assert "intrigue" not in icons(state, marauder)
    state = use(state, 0, crown)
    assert sorted(head(state)["options"]) == ["holy_intrigue", "noble_power", "war_military"]
    state = choose(state, "holy_intrigue")
    assert "intrigue" in icons(state, marauder) and "holy" in crests(state, marauder)
    assert state.in_play[crown].knelt and not uses(state, 0, crown)
    state = after_challenges(state)
    assert "intrigue" not in icons(state, marauder) and "holy" not in crests(state, marauder)


def test_bwb_52_driftwood_crown_house_greyjoy_character_only():
    state = joust(
        {"house": "Greyjoy", "in_play": [KNIGHT, MARAUDER], "hand": [CROWN], "gold": 3},
        {"house": "Stark"},
        phase="marshalling",
    )
    crown = hand(state, 0, CROWN)[0]
    targets = {a.cards[1] for a in marshals(state, 0, crown) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, MARAUDER)}


# --- bwb_54 Wedding Feast ------------------------------------------------------------------


def _feast_position():
    return joust(
        {"house": "Targaryen", "in_play": [STEWARD, HOST, DOTHRAKI, DOTHRAKI], "hand": [FEAST]},
        {"house": "Stark", "in_play": [{"card": DOTHRAKI}], "power": 3},
    )


def test_bwb_54_wedding_feast_kneels_dothraki_to_claim_power():
    state = _feast_position()
    feast = hand(state, 0, FEAST)[0]
    first, second = ref(state, 0, DOTHRAKI, 0), ref(state, 0, DOTHRAKI, 1)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state, _ = watch(state, 0, feast, challenge_over)
    assert not uses(state, 0, feast)  # only an Intrigue challenge won yet
    state = start(state, "power", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, feast, challenge_over)
    state = use(state, 0, feast)
    prompt = head(state)
    assert prompt["purpose"] == "kneel" and sorted(prompt["candidates"]) == sorted([first, second])
    state = answer(state, "kneel", [first, second])
    assert state.in_play[first].knelt and state.in_play[second].knelt
    assert state.in_play[first].power == 1 and state.in_play[second].power == 1


def test_bwb_54_wedding_feast_needs_both_wins_as_the_attacker():
    state = _feast_position()
    feast = hand(state, 0, FEAST)[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, feast, lambda s: s.phase != "challenges")
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- bwb_56 Patience -----------------------------------------------------------------------


def test_bwb_56_patience_returns_your_character_to_hand():
    state = joust(
        {"house": "Martell", "in_play": [KNIGHT], "hand": [PATIENCE]},
        {"house": "Stark", "in_play": [HOST]},
    )
    patience, knight = hand(state, 0, PATIENCE)[0], ref(state, 0, KNIGHT)
    assert [a.cards[1] for a in uses(state, 0, patience)] == [knight]  # not the opponent's
    state = use(state, 0, patience, knight)
    state = pass_windows(state) if head(state).get("trigger") == "ability" else state
    assert knight in state.players[0].hand and patience in state.players[0].discard


# --- bwb_60 Stoic Resolve ------------------------------------------------------------------


def test_bwb_60_stoic_resolve_knelt_characters_cannot_be_killed():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Stark", "revealed_plot": STOIC, "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, ref(state, 0, HOST), challenge_over)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not events(state, "killed") and ref(state, 1, KNIGHT)


def test_bwb_60_stoic_resolve_standing_characters_can_be_killed():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Stark", "revealed_plot": STOIC, "in_play": [KNIGHT]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, ref(state, 0, HOST), challenge_over)
    assert [e["code"] for e in events(state, "killed")] == ["core_18"]
