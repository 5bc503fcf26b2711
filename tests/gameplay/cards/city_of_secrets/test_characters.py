"""City of Secrets characters (gameplay/engine/cards/city_of_secrets/characters.py), played
through legal actions: Arya Stark, Hungry Mob, Tyrion Lannister, City Watch, Wharf Rats, Ser
Barristan Selmy, Nomadic Trader and Ser Meryn Trant."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cards.city_of_secrets.helpers import play_until
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    PLOT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    choose,
    code,
    events,
    head,
    joust,
    pass_windows,
    ref,
    set_season,
    shadow,
    start,
    until_phase,
    until_prompt,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

ARYA = "kl_1"
MOB = "kl_2"
TYRION = "kl_5"
WATCH = "kl_7"
TRAIL = "kl_8"
RATS = "kl_9"
BARRISTAN = "kl_12"
TRADER = "kl_14"
MERYN = "kl_17"
DISTRACTION = "Distraction"  # Marshalling: choose and kneel a character with a Military icon


def shadow_moves(state, seat):
    return [a for a in legal_actions(state, seat) if a.choice == "shadow"]


# --- kl_1 Arya Stark ---------------------------------------------------------------------


def test_arya_stark_gains_stealth_and_deadly_only_in_winter():
    state = joust({"house": "Stark", "in_play": [ARYA]}, {"house": "Lannister"})
    arya = ref(state, 0, ARYA)
    assert not {"stealth", "deadly"} & keywords(state, arya)
    set_season(state, "Summer")
    assert not {"stealth", "deadly"} & keywords(state, arya)
    set_season(state, "Winter", seat=1)  # one Summer, one Winter plot: no season
    assert not {"stealth", "deadly"} & keywords(state, arya)
    state.effects = [e for e in state.effects if e.get("add") != ["Summer"]]
    assert {"stealth", "deadly"} <= keywords(state, arya)


def test_arya_stark_killed_goes_into_shadows_and_stays_there_this_round():
    state = joust({"house": "Lannister", "in_play": [HOST]}, {"house": "Stark", "in_play": [ARYA]})
    arya = ref(state, 1, ARYA)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = play_until(state, lambda s: arya not in s.in_play)
    assert arya in state.players[1].shadows and arya not in state.players[1].dead
    assert [e["card"] for e in events(state, "killed")] == [arya]
    state.players[1].gold = 5
    assert shadow_moves(state, 1) == []  # not again this round


# --- kl_2 Hungry Mob ---------------------------------------------------------------------


def test_hungry_mob_kneels_after_its_controller_pays_3_gold_for_a_card():
    state = joust(
        {"house": "Stark", "in_play": [MOB], "hand": [KNIGHT, "Robb Stark"], "gold": 10},
        {"house": "Lannister"},
        phase="marshalling",
    )
    mob = ref(state, 0, MOB)
    knight, robb = state.players[0].hand
    state = act(state, 0, "marshal:play", [knight])  # 2 gold: nothing
    assert not state.in_play[mob].knelt
    state = act(state, 0, "marshal:play", [robb])  # 4 gold
    assert state.in_play[mob].knelt


def test_hungry_mob_kneels_after_paying_3_gold_to_bring_a_card_out_of_shadows():
    state = joust(
        {"house": "Stark", "in_play": [MOB], "gold": 4}, {"house": "Lannister"}, phase="marshalling"
    )
    mob = ref(state, 0, MOB)
    watch = shadow(state, 0, WATCH)
    state = act(state, 0, "use", [watch], "shadow")
    assert state.in_play[mob].knelt


def test_hungry_mob_ignores_an_opponents_payment():
    state = joust(
        {"house": "Stark", "gold": 0},
        {"house": "Lannister", "in_play": [MOB], "gold": 0},
        phase="marshalling",
    )
    mob = ref(state, 1, MOB)
    watch = shadow(state, 0, WATCH)
    state.players[0].gold = 4
    state = act(state, 0, "use", [watch], "shadow")  # seat 0 pays 4
    assert not state.in_play[mob].knelt


# --- kl_5 Tyrion Lannister ---------------------------------------------------------------


def test_tyrion_gets_2_str_and_a_chosen_keyword_after_a_card_comes_out_of_shadows():
    state = joust(
        {"house": "Lannister", "in_play": [TYRION], "gold": 1},
        {"house": "Stark"},
        phase="marshalling",
    )
    tyrion = ref(state, 0, TYRION)
    trail = shadow(state, 0, TRAIL)
    assert strength(state, tyrion) == 3
    state = act(state, 0, "use", [trail], "shadow")
    assert head(state).get("trigger") == "came_out_of_shadows"
    state = use(state, 0, tyrion)
    assert head(state)["options"] == ["deadly", "renown", "no_attachments", "immune_to_events"]
    state = choose(state, "immune_to_events")
    assert strength(state, tyrion) == 5 and "immune to events" in keywords(state, tyrion)
    assert "renown" not in keywords(state, tyrion)
    state = until_phase(state, "challenges")  # until the end of the phase
    assert strength(state, tyrion) == 3 and "immune to events" not in keywords(state, tyrion)


def test_tyrion_answers_only_a_card_coming_out_of_shadows():
    state = joust(
        {"house": "Lannister", "in_play": [TYRION], "hand": [STEWARD], "gold": 5},
        {"house": "Stark"},
        phase="marshalling",
    )
    state = act(state, 0, "marshal:play", [state.players[0].hand[0]])
    assert uses(state, 0, ref(state, 0, TYRION)) == []


# --- kl_7 City Watch ---------------------------------------------------------------------


def _watch_won(them: dict):
    state = joust(
        {"house": "Baratheon", "in_play": [WATCH]}, {"house": "Stark", **them}, phase="challenges"
    )
    return state, won_window(state, "power", [ref(state, 0, WATCH)])


def test_city_watch_makes_the_opponent_discard_a_random_shadow_card_next_phase():
    state, won = _watch_won({})
    arya = shadow(won, 1, ARYA)
    state = use(won, 0, ref(won, 0, WATCH))
    # The only option (no gold to bring Arya out) answers itself, at the next phase.
    log = [e["event"] for e in state.log]
    assert log.index("shadow_discarded") > log.index("phase", log.index("city_watch"))
    assert [e["phase"] for e in events(state, "phase")][-4] == "dominance"
    assert arya in state.players[1].discard and state.players[1].shadows == []


def test_city_watch_lets_the_opponent_bring_the_card_out_paying_its_cost():
    state, won = _watch_won({"gold": 3})
    arya = shadow(won, 1, ARYA)
    state = use(won, 0, ref(won, 0, WATCH))
    state = until_prompt(state, "city_watch")
    assert state.phase == "dominance" and head(state)["seat"] == 1
    assert head(state)["options"] == ["bring_out", "discard"]
    state = choose(state, "bring_out")
    assert arya in state.in_play and state.in_play[arya].controller == 1
    assert [e["gold"] for e in events(state, "gold_paid") if e["reason"] == "shadows"] == [1]


def test_city_watch_needs_to_participate_in_the_won_challenge():
    state = joust(
        {"house": "Baratheon", "in_play": [WATCH, HOST]}, {"house": "Stark"}, phase="challenges"
    )
    watch = ref(state, 0, WATCH)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = play_until(state, lambda s: bool(events(s, "challenge_resolved")))
    assert uses(state, 0, watch) == []
    assert head(state).get("trigger") != "challenge_won"  # nobody could answer


# --- kl_9 Wharf Rats ---------------------------------------------------------------------


def test_wharf_rats_cannot_be_killed():
    state = joust(
        {"house": "Lannister", "in_play": [HOST]}, {"house": "Greyjoy", "in_play": [RATS]}
    )
    rats = ref(state, 1, RATS)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = play_until(state, lambda s: s.phase != "challenges" or head(s).get("turn") == 1)
    assert rats in state.in_play and not events(state, "killed")
    assert events(state, "challenge_resolved")


def test_wharf_rats_controller_discards_the_top_card_after_winning_a_challenge():
    state = joust(
        {"house": "Greyjoy", "in_play": [RATS, HOST], "deck": [KNIGHT, STEWARD]},
        {"house": "Stark"},
    )
    top = state.players[0].deck[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state = play_until(state, lambda s: bool(events(s, "challenge_resolved")))
    state = pass_windows(state)
    assert state.players[0].discard == [top] and len(state.players[0].deck) == 1


def test_wharf_rats_do_nothing_when_their_controller_loses():
    state = joust(
        {"house": "Greyjoy", "in_play": [RATS, KNIGHT], "deck": [STEWARD]},
        {"house": "Stark", "in_play": [HOST]},
    )
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = answer(state, "defenders", [ref(state, 1, HOST)])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert state.players[0].discard == [] and len(state.players[0].deck) == 1


def test_wharf_rats_go_to_an_opponent_after_coming_out_of_shadows():
    state = joust({"house": "Greyjoy", "gold": 1}, {"house": "Stark"}, phase="marshalling")
    rats = shadow(state, 0, RATS)
    state = act(state, 0, "use", [rats], "shadow")
    state = use(state, 0, rats)
    assert rats in state.players[1].in_play and state.in_play[rats].controller == 1


# --- kl_12 Ser Barristan Selmy -----------------------------------------------------------


def test_ser_barristan_looks_at_a_hand_and_names_a_card_no_player_can_play_this_phase():
    state = joust(
        {"house": "Targaryen", "gold": 2},
        {"house": "Stark", "hand": [KNIGHT, DISTRACTION, "Robb Stark"], "gold": 8},
        phase="marshalling",
    )
    barristan = shadow(state, 0, BARRISTAN)
    state = act(state, 0, "use", [barristan], "shadow")
    state = use(state, 0, barristan)
    prompt = head(state)
    assert prompt["purpose"] == "name_a_card" and prompt["ctx"]["shown"] == state.players[1].hand
    assert "core_18" in prompt["options"] and "kl_12" in prompt["options"]
    assert code(PLOT) not in prompt["options"]  # no plot card
    state = choose(state, "core_18")  # Knight of the Tumblestone
    assert [e["code"] for e in events(state, "card_named")] == ["core_18"]
    state = until_phase(state, "marshalling")
    while head(state).get("turn") != 1:
        state = act(state, waiting_seats(state)[0], "pass")
    knight, _distraction, robb = state.players[1].hand
    marshal = {a.cards[0] for a in legal_actions(state, 1) if a.kind == "marshal:play"}
    assert robb in marshal and knight not in marshal
    with pytest.raises(IllegalAction):
        act(state, 1, "marshal:play", [knight])
    state = until_phase(state, "challenges")  # the next phase: it may be played again
    assert not [e for e in state.effects if e["query"] == "can_play"]


def test_ser_barristan_offers_no_plot_card():
    state = joust(
        {"house": "Targaryen", "gold": 2},
        {"house": "Stark", "hand": [KNIGHT]},
        phase="marshalling",
    )
    barristan = shadow(state, 0, BARRISTAN)
    state = act(state, 0, "use", [barristan], "shadow")
    state = use(state, 0, barristan)
    assert head(state)["options"] == ["core_18", "kl_12"]  # the plots revealed are left out


# --- kl_14 Nomadic Trader ----------------------------------------------------------------


def test_nomadic_trader_takes_a_gold_after_an_opponent_plays_an_event():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [DISTRACTION]},
        {"house": "Martell", "in_play": [TRADER]},
        phase="marshalling",
    )
    trader = ref(state, 1, TRADER)
    state = use(state, 0, state.players[0].hand[0], ref(state, 0, KNIGHT))
    state = until_window(state, "played")
    before = state.players[1].gold
    state = use(state, 1, trader)
    assert state.players[1].gold == before + 1


def test_nomadic_trader_ignores_its_controllers_own_events():
    state = joust(
        {"house": "Martell", "in_play": [TRADER, KNIGHT], "hand": [DISTRACTION]},
        {"house": "Stark"},
        phase="marshalling",
    )
    state = use(state, 0, state.players[0].hand[0], ref(state, 0, KNIGHT))
    assert uses(state, 0, ref(state, 0, TRADER)) == []


# --- kl_17 Ser Meryn Trant ---------------------------------------------------------------


def test_ser_meryn_trant_stands_a_kingsguard_after_winning_as_the_defender():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [MERYN, HOST, {"card": "kl_12", "knelt": True}]},
    )
    meryn, barristan = ref(state, 1, MERYN), ref(state, 1, BARRISTAN)
    state = won_window(state, "military", [ref(state, 0, KNIGHT)], [ref(state, 1, HOST)])
    assert {a.cards[1] for a in uses(state, 1, meryn)} == {barristan}
    state = use(state, 1, meryn, barristan)
    assert not state.in_play[barristan].knelt


def test_ser_meryn_trant_does_nothing_after_winning_as_the_attacker_or_for_non_kingsguard():
    state = joust(
        {"house": "Lannister", "in_play": [MERYN, {"card": "kl_12", "knelt": True}]},
        {"house": "Stark"},
    )
    state = start(state, "military", [ref(state, 0, MERYN)])
    state = play_until(state, lambda s: bool(events(s, "challenge_resolved")))
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert uses(state, 0, ref(state, 0, MERYN)) == []
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [MERYN, HOST, {"card": STEWARD, "knelt": True}]},
    )
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = answer(state, "defenders", [ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert uses(state, 1, ref(state, 1, MERYN)) == []
