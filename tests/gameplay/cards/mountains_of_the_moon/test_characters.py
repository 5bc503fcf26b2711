"""Mountains of the Moon: the characters (mountains_of_the_moon/characters.py), played
through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cards.mountains_of_the_moon.helpers import (
    CLAN_SCOUT,
    CROSSROADS,
    DOTHRAKI,
    FOLLOWER,
    challenge_over,
)
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    build,
    challenges_over,
    choose,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    to_window,
    until_prompt,
    until_seat,
    use,
    uses,
    watch,
    won_window,
)

REEK = "bwb_41"
TIMETT = "bwb_43"
BURNED = "bwb_44"
ENFORCERS = "bwb_45"
ELDON = "bwb_49"
SMUGGLER = "bwb_51"
SCREAMER = "bwb_53"
SPEARMAN = "bwb_55"
PATIENCE = "bwb_56"
LEM = "bwb_57"
STONEHEART = "bwb_58"


def declare(state, ctype: str):
    """Seat 0 initiates a ``ctype`` challenge against seat 1, up to the attackers prompt."""
    state = pass_windows(state)
    return act(state, 0, f"challenge:{ctype}", choice="1")


# --- bwb_41 Reek ---------------------------------------------------------------------------


def test_bwb_41_reek_swaps_himself_for_a_character_of_the_defending_player():
    state = joust({"house": "Stark", "in_play": [REEK]}, {"house": "Lannister", "in_play": [HOST]})
    reek, host = ref(state, 0, REEK), ref(state, 1, HOST)
    state = won_window(state, "intrigue", [reek], [])
    state = until_seat(state, 0)
    state = use(state, 0, reek, host)
    assert state.in_play[reek].controller == 1 and state.in_play[host].controller == 0
    assert reek in state.players[1].in_play and host in state.players[0].in_play


def test_bwb_41_reek_only_after_an_intrigue_challenge_he_attacked_in():
    # A Power challenge won with Reek: not offered.
    state = joust(
        {"house": "Stark", "in_play": [REEK, STEWARD]}, {"house": "Lannister", "in_play": [HOST]}
    )
    reek = ref(state, 0, REEK)
    state = start(state, "power", [reek])
    state, offered = watch(state, 0, reek, challenge_over)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0 and not offered
    # An Intrigue challenge won without him: not offered.
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state, offered = watch(state, 0, reek, challenge_over)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0 and not offered
    assert state.in_play[reek].controller == 0


def test_bwb_41_reek_not_after_losing_or_defending():
    state = joust(
        {"house": "Stark", "in_play": [REEK]},
        {"house": "Lannister", "in_play": [STEWARD, "Lannisport Steward"]},
    )
    reek = ref(state, 0, REEK)
    state = start(state, "intrigue", [reek])
    state, offered = watch(state, 0, reek, challenge_over, [ref(state, 1, STEWARD)])
    assert events(state, "challenge_resolved")[-1]["winner"] is not None
    assert not offered


# --- bwb_43 Timett Son of Timett ----------------------------------------------------------


def _military_claim_on(defending: list):
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]}, {"house": "Lannister", "in_play": defending}
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, ref(state, 0, HOST), challenge_over)
    return state


def test_bwb_43_timett_keeps_knelt_clansmen_from_being_killed():
    state = _military_claim_on(
        [{"card": TIMETT, "knelt": True}, {"card": CLAN_SCOUT, "knelt": True}]
    )
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not events(state, "killed")
    assert len(state.players[1].in_play) == 2


def test_bwb_43_timett_does_not_save_standing_or_non_clansman_characters():
    state = _military_claim_on([{"card": TIMETT, "knelt": True}, {"card": KNIGHT, "knelt": True}])
    assert [e["code"] for e in events(state, "killed")] == ["core_18"]  # the Knight
    assert [state.code(r) for r in state.players[1].in_play] == [TIMETT]
    state = _military_claim_on([TIMETT])  # standing: he can be killed
    assert [state.code(r) for r in state.players[1].dead] == [TIMETT]


# --- bwb_44 The Burned Men ----------------------------------------------------------------


def _power_claim(attacker: str, mine: int, theirs: int) -> int:
    state = joust(
        {"house": "Lannister", "in_play": [BURNED, HOST], "hand": [KNIGHT] * mine},
        {"house": "Stark", "power": 5, "hand": [KNIGHT] * theirs},
    )
    state = start(state, "power", [ref(state, 0, attacker)])
    state, _ = watch(state, 0, ref(state, 0, attacker), challenge_over)
    return state.players[0].power


def test_bwb_44_burned_men_raise_claim_with_fewer_cards_in_hand():
    assert _power_claim(BURNED, 0, 2) == 2 + 1  # claim 2, and 1 for winning unopposed


def test_bwb_44_burned_men_only_attacking_and_with_fewer_cards():
    assert _power_claim(BURNED, 2, 2) == 1 + 1  # as many cards: claim 1
    assert _power_claim(HOST, 0, 2) == 1 + 1  # not attacking: claim 1


# --- bwb_45 Tyrion's Enforcers ------------------------------------------------------------


def _enforcers(mine: int, theirs: int, ctype: str):
    state = joust(
        {"house": "Lannister", "in_play": [{"card": ENFORCERS, "knelt": True}, HOST]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [KNIGHT] * theirs},
    )
    state.players[0].hand = [state.new_card("core_18", 0) for _ in range(mine)]
    state = declare(state, ctype)
    return state, ref(state, 0, ENFORCERS)


def test_bwb_45_tyrions_enforcers_attack_military_while_knelt():
    state, enforcers = _enforcers(0, 1, "military")
    prompt = head(state)
    assert prompt["purpose"] == "attackers" and enforcers in prompt["candidates"]
    state = answer(state, "attackers", [enforcers])
    assert state.challenge["attackers"] == [enforcers]


def test_bwb_45_tyrions_enforcers_need_fewer_cards_and_a_military_challenge():
    state, enforcers = _enforcers(1, 1, "military")
    assert enforcers not in head(state)["candidates"]
    state, enforcers = _enforcers(0, 1, "power")
    assert enforcers not in head(state)["candidates"]


def test_bwb_45_tyrions_enforcers_defend_military_while_knelt():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT, HOST], "hand": [KNIGHT]},
        {"house": "Lannister", "in_play": [{"card": ENFORCERS, "knelt": True}]},
    )
    enforcers = ref(state, 1, ENFORCERS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and enforcers in head(state)["candidates"]
    state = answer(state, "defenders", [enforcers])
    assert events(state, "defenders")[-1]["cards"] == [enforcers]
    state, _ = watch(state, 1, enforcers, challenge_over)
    # In a Power challenge they may not.
    state = start(state, "power", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders" or enforcers not in head(state)["candidates"]


# --- bwb_49 Ser Eldon Estermont -----------------------------------------------------------


def test_bwb_49_ser_eldon_keeps_characters_with_fewer_power_from_defending():
    state = joust(
        {"house": "Baratheon", "in_play": [{"card": ELDON, "power": 1}, HOST]},
        {"house": "Stark", "in_play": [KNIGHT, {"card": KNIGHT, "power": 1}]},
    )
    weak, strong = ref(state, 1, KNIGHT, 0), ref(state, 1, KNIGHT, 1)
    state = start(state, "military", [ref(state, 0, ELDON)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders"
    assert head(state)["candidates"] == [strong]
    assert weak not in head(state)["candidates"]


def test_bwb_49_ser_eldon_only_while_attacking():
    state = joust(
        {"house": "Baratheon", "in_play": [{"card": ELDON, "power": 1}, HOST]},
        {"house": "Stark", "in_play": [KNIGHT, {"card": KNIGHT, "power": 1}]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert sorted(head(state)["candidates"]) == sorted(
        [ref(state, 1, KNIGHT, 0), ref(state, 1, KNIGHT, 1)]
    )


# --- bwb_51 Island Smuggler ---------------------------------------------------------------


def _dominance(me: dict, them: dict):
    return build(
        phase="dominance",
        players=[
            {"house": "Stark", "revealed_plot": "Calm Over Westeros", **me},
            {"house": "Greyjoy", "revealed_plot": "Calm Over Westeros", **them},
        ],
    )


def test_bwb_51_island_smuggler_cancels_a_card_leaving_a_dead_pile():
    state = _dominance({"dead": [STONEHEART], "power": 2}, {"in_play": [SMUGGLER]})
    state = until_seat(state, 0) if head(state).get("name") == "window" else state
    lady = state.players[0].dead[0]
    state = use(state, 0, lady)
    state = until_seat(state, 1)
    smuggler = ref(state, 1, SMUGGLER)
    state = use(state, 1, smuggler)
    assert state.in_play[smuggler].knelt
    assert lady in state.players[0].dead and state.players[0].power == 2


def test_bwb_51_island_smuggler_does_not_cancel_other_effects():
    state = joust(
        {"house": "Martell", "in_play": [KNIGHT], "hand": [PATIENCE]},
        {"house": "Greyjoy", "in_play": [SMUGGLER]},
    )
    patience = hand(state, 0, PATIENCE)[0]
    state = use(state, 0, patience, ref(state, 0, KNIGHT))
    smuggler = ref(state, 1, SMUGGLER)
    assert not uses(state, 1, smuggler)
    state = pass_windows(state)
    assert state.players[0].hand[-1] is not None and not state.in_play.get(smuggler).knelt


# --- bwb_53 Blood-Crazed Screamer ---------------------------------------------------------


def _screamer_position(opponent=()):
    return joust(
        {"house": "Targaryen", "in_play": [SCREAMER, DOTHRAKI, HOST, KNIGHT]},
        {"house": "Stark", "in_play": list(opponent)},
    )


def test_bwb_53_screamer_leads_a_second_military_challenge_of_dothraki():
    state = _screamer_position()
    screamer, dothraki = ref(state, 0, SCREAMER), ref(state, 0, DOTHRAKI)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, screamer, challenge_over)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    state = declare(state, "military")
    prompt = head(state)
    assert prompt["purpose"] == "attackers"
    assert sorted(prompt["candidates"]) == sorted([screamer, dothraki])  # no Knight
    state = act(state, 0, "select", [dothraki])
    with pytest.raises(IllegalAction):  # the Screamer must attack
        act(state, 0, "done")
    state = act(state, 0, "select", [screamer])
    if head(state).get("purpose") == "attackers":
        state = act(state, 0, "done")
    assert sorted(events(state, "attackers")[-1]["cards"]) == sorted([screamer, dothraki])


def test_bwb_53_screamer_needs_a_won_military_challenge_and_stops_at_two():
    state = _screamer_position([HOST])
    screamer = ref(state, 0, SCREAMER)
    state = start(state, "military", [ref(state, 0, KNIGHT)])  # lost: Knight 2 against 6
    state, _ = watch(state, 0, screamer, challenge_over, [ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert not [a for a in legal_actions(state, 0) if a.kind == "challenge:military"]
    # Won the first: one more, then no third.
    state = _screamer_position()
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, screamer, challenge_over)
    state = start(state, "military", [ref(state, 0, SCREAMER)])
    state, _ = watch(state, 0, screamer, challenge_over)
    assert len(events(state, "challenge")) == 2
    assert not [a for a in legal_actions(state, 0) if a.kind == "challenge:military"]


def test_bwb_53_screamer_must_be_eligible_to_attack():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": SCREAMER, "knelt": True}, DOTHRAKI, HOST]},
        {"house": "Stark"},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, ref(state, 0, SCREAMER), challenge_over)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not [a for a in legal_actions(state, 0) if a.kind == "challenge:military"]


# --- bwb_55 Lost Spearman -----------------------------------------------------------------


def _spearman(them: list):
    state = joust(
        {"house": "Martell", "hand": [SPEARMAN], "gold": 3},
        {"house": "Stark", "in_play": them},
        phase="marshalling",
    )
    spearman = hand(state, 0, SPEARMAN)[0]
    return act(state, 0, "marshal:play", [spearman]), spearman


def test_bwb_55_lost_spearman_an_opponent_kneels_influence_to_return_him():
    state, spearman = _spearman([CROSSROADS])
    assert head(state)["purpose"] == "lost_spearman" and head(state)["seat"] == 1
    state = choose(state, "return")
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, CROSSROADS)])
    assert spearman in state.players[0].hand
    assert state.in_play[ref(state, 1, CROSSROADS)].knelt


def test_bwb_55_lost_spearman_stays_when_declined_or_without_influence():
    state, spearman = _spearman([CROSSROADS])
    state = choose(state, "decline")
    assert spearman in state.in_play
    state, spearman = _spearman([KNIGHT])  # no influence: nobody is asked
    assert spearman in state.in_play and head(state).get("purpose") != "lost_spearman"


# --- bwb_57 Lem Lemoncloak ----------------------------------------------------------------


def test_bwb_57_lem_lemoncloak_gets_str_per_brotherhood_character():
    state = joust(
        {"house": "Stark", "in_play": [LEM, FOLLOWER, KNIGHT]},
        {"house": "Lannister", "in_play": [HOST]},
    )
    lem = ref(state, 0, LEM)
    assert strength(state, lem) == 2 + 2  # himself and the Follower
    host = ref(state, 1, HOST)
    state = start(state, "military", [lem])
    state, _ = watch(state, 0, lem, challenge_over, [host])
    assert events(state, "challenge_resolved")[-1]["strength"] == [4, 6]


def test_bwb_57_lem_lemoncloak_not_with_power_on_the_house_card():
    state = joust(
        {"house": "Stark", "power": 1, "in_play": [LEM, FOLLOWER]},
        {"house": "Lannister", "in_play": [HOST]},
    )
    assert strength(state, ref(state, 0, LEM)) == 2


# --- bwb_58 Lady Stoneheart ---------------------------------------------------------------


def test_bwb_58_lady_stoneheart_returns_from_the_dead_pile_at_dominance():
    state = _dominance({"dead": [STONEHEART], "power": 3}, {})
    lady = state.players[0].dead[0]
    state = use(state, 0, lady)
    state = pass_windows(state)
    assert lady in state.in_play and state.in_play[lady].controller == 0
    assert state.players[0].power == 0


def test_bwb_58_lady_stoneheart_only_at_dominance_and_not_beside_a_copy():
    state = joust(
        {"house": "Stark", "dead": [STONEHEART], "in_play": [KNIGHT]}, {"house": "Lannister"}
    )
    lady = state.players[0].dead[0]
    assert state.phase == "challenges" and not uses(state, 0, lady)
    state, offered = watch(state, 0, lady, challenges_over)
    assert not offered and state.phase == "dominance" and uses(state, 0, lady)
    state = _dominance({"dead": [STONEHEART], "in_play": [STONEHEART]}, {})
    assert not uses(state, 0, state.players[0].dead[0])


_ = (to_window, until_prompt)
