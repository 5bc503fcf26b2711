"""Valar Dohaeris characters (gameplay/engine/cards/valar_dohaeris/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR Ally, intrigue), Shaggydog (a Direwolf),
Brown Ben Plumm (a unique Targaryen Mercenary), Scouting Vessel (a Warship location),
Treaty with the North (an agenda), Taste for Blood (a Boon), Stinking Drunk (a Condition)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import keywords, strength
from gameplay.engine.card_facts import load_cards
from gameplay.engine.rules import attachment_targets
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    agenda_position,
    answer,
    build,
    choose,
    events,
    head,
    initiate,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    use,
    uses,
)

DAMON, BRAN, PENNY, BANNERMAN = "btns_21", "btns_22", "btns_24", "btns_27"
VICTARION, MOQORRO, BASTARD, BELWAS = "btns_28", "btns_29", "btns_31", "btns_34"
DIREWOLF, BEN, VESSEL, TREATY = "core_11", "core_118", "kotse_29", "low_39"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- btns_21 Damon Dance-For-Me -----------------------------------------------------------


def test_damon_gains_stealth_and_deadly_attacking_an_opponent_running_an_agenda():
    players = [{"in_play": [DAMON]}, {"in_play": [STEWARD]}]
    state = agenda_position(players, {1: TREATY})
    damon = ref(state, 0, DAMON)
    assert not {"stealth", "deadly"} & keywords(state, damon)  # not participating
    state = initiate(state, "military", [damon])
    assert head(state).get("purpose") == "stealth"  # he may bypass the Steward
    assert {"stealth", "deadly"} <= keywords(state, damon)


def test_damon_gains_nothing_against_an_opponent_without_an_agenda():
    players = [{"in_play": [DAMON]}, {"in_play": [STEWARD]}]
    state = agenda_position(players, {0: TREATY})
    damon = ref(state, 0, DAMON)
    state = initiate(state, "military", [damon])
    assert head(state).get("purpose") != "stealth"
    assert not {"stealth", "deadly", "renown"} & keywords(state, damon)  # he runs one


def test_damon_gains_renown_while_you_run_no_agenda():
    state = joust({"in_play": [DAMON]}, {})
    assert "renown" in keywords(state, ref(state, 0, DAMON))


# --- btns_22 Bran Stark -------------------------------------------------------------------


def test_bran_kneels_a_direwolf_to_stand_and_gain_deadly():
    state = joust({"in_play": [_knelt(BRAN), DIREWOLF]}, {})
    bran, wolf = ref(state, 0, BRAN), ref(state, 0, DIREWOLF)
    state = use(state, 0, bran)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [wolf])
    assert state.in_play[wolf].knelt and not state.in_play[bran].knelt
    assert head(state)["options"] == ["military", "stealth", "deadly"]
    state = choose(state, "deadly")
    assert "deadly" in keywords(state, bran)


def test_bran_may_gain_a_military_icon():
    from gameplay.engine.abilities import icons

    state = joust({"in_play": [_knelt(BRAN), DIREWOLF]}, {})
    bran = ref(state, 0, BRAN)
    state = use(state, 0, bran)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 0, DIREWOLF)])
    assert "military" not in icons(state, bran)
    state = choose(state, "military")
    assert "military" in icons(state, bran)


def test_bran_needs_a_standing_direwolf_and_to_be_knelt():
    state = joust({"in_play": [BRAN, DIREWOLF]}, {})
    assert not uses(state, 0, ref(state, 0, BRAN))  # standing
    state = joust({"in_play": [_knelt(BRAN), _knelt(DIREWOLF)]}, {})
    assert not uses(state, 0, ref(state, 0, BRAN))  # no Direwolf to kneel
    state = joust({"in_play": [_knelt(BRAN), DIREWOLF]}, {}, phase="dominance", auto_pass=False)
    assert not uses(state, 0, ref(state, 0, BRAN))  # not the challenges phase


# --- btns_24 Penny ------------------------------------------------------------------------


def test_penny_has_the_controller_kneel_the_chosen_character():
    state = joust({"house": "Lannister", "in_play": [PENNY]}, {"in_play": [KNIGHT], "hand": [HOST]})
    penny, knight = ref(state, 0, PENNY), ref(state, 1, KNIGHT)
    state = use(state, 0, penny, knight)
    assert head(state)["seat"] == 1 and head(state)["options"] == ["kneel", "discard"]
    state = choose(state, "kneel")
    assert [e["card"] for e in events(state, "knelt")] == [knight]  # Penny's cost is not logged


def test_penny_or_has_the_controller_discard_a_card():
    state = joust({"house": "Lannister", "in_play": [PENNY]}, {"in_play": [KNIGHT], "hand": [HOST]})
    state = use(state, 0, ref(state, 0, PENNY), ref(state, 1, KNIGHT))
    state = choose(state, "discard")
    card = state.players[1].hand[0]
    assert head(state)["purpose"] == "discard"
    state = answer(state, "discard", [card])
    assert card in state.players[1].discard and not events(state, "knelt")


def test_penny_only_chooses_a_character_without_attachments():
    them = {"in_play": [{"card": KNIGHT, "attachments": ["core_69"]}, STEWARD]}
    state = joust({"house": "Lannister", "in_play": [PENNY]}, them)
    targets = {a.cards[1] for a in uses(state, 0, ref(state, 0, PENNY))}
    assert ref(state, 1, KNIGHT) not in targets and ref(state, 1, STEWARD) in targets


def test_penny_offers_only_a_choice_that_changes_something():
    state = joust({"house": "Lannister", "in_play": [PENNY]}, {"in_play": [_knelt(KNIGHT)]})
    state = use(state, 0, ref(state, 0, PENNY), ref(state, 1, KNIGHT))
    assert head(state).get("purpose") != "penny"  # knelt and no hand: nothing to choose


# --- btns_27 Dragonstone Bannerman --------------------------------------------------------


def test_dragonstone_bannerman_claims_a_power_after_you_win_dominance():
    me = {"house": "Baratheon", "in_play": [BANNERMAN, HOST]}
    state = joust(me, {"in_play": [STEWARD]}, phase="dominance")
    state = pass_until(state, lambda s: head(s).get("trigger") == "dominance_won")
    bannerman = ref(state, 0, BANNERMAN)
    state = use(state, 0, bannerman)
    assert state.in_play[bannerman].power == 1


def test_dragonstone_bannerman_not_when_an_opponent_wins_dominance():
    me = {"house": "Baratheon", "in_play": [_knelt(BANNERMAN)]}
    state = joust(me, {"in_play": [HOST]}, phase="dominance")
    bannerman = ref(state, 0, BANNERMAN)
    state = pass_until(state, lambda s: s.phase == "standing" or s.round > 1)
    assert state.in_play[bannerman].power == 0
    assert not [e for e in events(state, "power") if e.get("card") == bannerman]


# --- btns_28 Victarion Greyjoy ------------------------------------------------------------


def test_victarion_gets_1_str_for_each_knelt_warship_location():
    state = joust({"house": "Greyjoy", "in_play": [VICTARION, _knelt(VESSEL)]}, {})
    assert strength(state, ref(state, 0, VICTARION)) == 4
    state = joust({"house": "Greyjoy", "in_play": [VICTARION, VESSEL]}, {})
    assert strength(state, ref(state, 0, VICTARION)) == 3  # standing: not counted
    state = joust({"house": "Greyjoy", "in_play": [VICTARION]}, {"in_play": [_knelt(VESSEL)]})
    assert strength(state, ref(state, 0, VICTARION)) == 3  # not yours


# --- btns_29 Moqorro ----------------------------------------------------------------------


def _claimed(them, me=None):
    """Seat 0 wins a military challenge with the Host; seat 1 chooses what is killed."""
    state = joust({"in_play": [HOST], **(me or {})}, them)
    state = start(state, "military", [ref(state, 0, HOST)])
    return state


def test_moqorro_saves_a_unique_greyjoy_character_and_pumps_it():
    state = _claimed({"house": "Greyjoy", "in_play": [MOQORRO, VICTARION]})
    victarion, moqorro = ref(state, 1, VICTARION), ref(state, 1, MOQORRO)
    state = to_window(state, "would_be_killed", claim=[victarion])
    state = use(state, 1, moqorro, victarion)
    state = pass_until(state, lambda s: s.challenge is None)
    assert victarion in state.players[1].in_play and state.in_play[moqorro].knelt
    assert strength(state, victarion) == 5 and "intimidate" in keywords(state, victarion)


def test_moqorro_saves_only_a_unique_greyjoy_character():
    state = _claimed({"house": "Greyjoy", "in_play": [MOQORRO, KNIGHT]})
    knight, moqorro = ref(state, 1, KNIGHT), ref(state, 1, MOQORRO)
    state = _kill_claimed(state, knight)
    assert knight in state.players[1].dead and not events(state, "saved")
    assert not state.in_play[moqorro].knelt


def _kill_claimed(state, victim, defenders=()):
    """Pass to the end of the challenge, answering the claim with ``victim``; fails if a
    save is offered for it."""
    for _ in range(60):
        step = head(state)
        if state.challenge is None:
            return state
        if step.get("purpose") in ("claim_military", "claim_kill"):
            state = answer(state, step["purpose"], [victim])
            continue
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        assert step.get("trigger") not in ("would_be_killed",), "a save was offered"
        from tests.gameplay.cardtest import act, waiting_seats

        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


# --- btns_31 Spiteful Bastard -------------------------------------------------------------


def test_spiteful_bastard_stands_after_you_lose_as_the_attacker():
    state = joust({"house": "Baratheon", "in_play": [BASTARD]}, {"in_play": [HOST]})
    bastard = ref(state, 0, BASTARD)
    state = start(state, "military", [bastard])
    state = to_window(state, "challenge_won", defenders=[ref(state, 1, HOST)])
    assert state.in_play[bastard].knelt
    state = use(state, 0, bastard)
    assert not state.in_play[bastard].knelt


def test_spiteful_bastard_stands_after_you_win_as_the_defender():
    state = joust({"in_play": [KNIGHT]}, {"house": "Martell", "in_play": [_knelt(BASTARD), HOST]})
    bastard = ref(state, 1, BASTARD)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", defenders=[ref(state, 1, HOST)])
    state = use(state, 1, bastard)
    assert not state.in_play[bastard].knelt


def test_spiteful_bastard_not_after_winning_as_the_attacker():
    me = {"house": "Baratheon", "in_play": [BASTARD, HOST, KNIGHT]}
    state = joust(me, {"in_play": [STEWARD]})
    bastard, steward = ref(state, 0, BASTARD), ref(state, 1, STEWARD)
    state = start(state, "military", [bastard, ref(state, 0, HOST)])
    state = _kill_claimed(state, steward)
    assert state.phase == "challenges" and state.in_play[bastard].knelt


def test_spiteful_bastard_not_after_losing_as_the_defender():
    me = {"in_play": [HOST, KNIGHT]}
    state = joust(me, {"house": "Martell", "in_play": [_knelt(BASTARD), KNIGHT]})
    bastard = ref(state, 1, BASTARD)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = _kill_claimed(state, None, defenders=[ref(state, 1, KNIGHT)])
    assert state.phase == "challenges" and state.in_play[bastard].knelt


# --- btns_34 Strong Belwas ----------------------------------------------------------------


def test_strong_belwas_saves_another_unique_targaryen_character_once_per_phase():
    them = {"house": "Targaryen", "in_play": [BELWAS, BEN, "core_106"]}
    state = _claimed(them)
    belwas, ben = ref(state, 1, BELWAS), ref(state, 1, BEN)
    state = to_window(state, "would_be_killed", claim=[ben])
    state = use(state, 1, belwas, ben)
    state = pass_until(state, lambda s: s.challenge is None)
    assert ben in state.players[1].in_play and state.in_play[belwas].gold == 1
    assert strength(state, belwas) == 2


def test_strong_belwas_saves_once_per_phase():
    them = {"house": "Targaryen", "in_play": [BELWAS, BEN, "core_106"]}
    state = _claimed(them, {"in_play": [HOST, KNIGHT]})
    belwas, ben, dany = ref(state, 1, BELWAS), ref(state, 1, BEN), ref(state, 1, "core_106")
    state = to_window(state, "would_be_killed", claim=[ben])
    state = use(state, 1, belwas, ben)
    state = pass_until(state, lambda s: s.challenge is None)
    # Later this phase, Daenerys is killed (by hand here): no second save.
    state = state.copy()
    moves.kill(state, [dany])
    run(state)
    assert not uses(state, 1, belwas)
    state = pass_until(state, lambda s: dany in s.players[1].dead)
    assert state.in_play[belwas].gold == 1


def test_strong_belwas_does_not_save_himself_or_a_non_unique_character():
    them = {"house": "Targaryen", "in_play": [BELWAS, KNIGHT]}
    state = _claimed(them)
    knight = ref(state, 1, KNIGHT)
    state = _kill_claimed(state, knight)
    assert knight in state.players[1].dead
    state = _claimed({"house": "Targaryen", "in_play": [BELWAS]})
    belwas = ref(state, 1, BELWAS)
    state = _kill_claimed(state, belwas)
    assert belwas in state.players[1].dead


def test_strong_belwas_loses_str_per_gold_and_dies_at_zero():
    state = joust({"house": "Targaryen", "in_play": [BELWAS]}, {})
    belwas = ref(state, 0, BELWAS)
    state.in_play[belwas].gold = 2
    assert strength(state, belwas) == 1
    state.in_play[belwas].gold = 3
    state = pass_until(state, lambda s: belwas not in s.in_play, limit=3)
    assert belwas in state.players[0].dead


def test_strong_belwas_takes_only_boon_attachments():
    state = build(
        players=[{"house": "Targaryen", "in_play": [BELWAS, KNIGHT]}, {}],
    )
    belwas = ref(state, 0, BELWAS)
    cards = load_cards()
    assert belwas in attachment_targets(state, cards["pots_18"], 0)
    assert belwas not in attachment_targets(state, cards["core_69"], 0)


# --- btns_25 Merchant's Widow -------------------------------------------------------------

WIDOW = "btns_25"


def test_merchants_widow_takes_a_gold_after_an_opponent_returns_gold_in_taxation():
    me = {"house": "Lannister", "in_play": [WIDOW]}
    state = joust(me, {"gold": 3}, phase="dominance")
    widow = ref(state, 0, WIDOW)
    state = pass_until(state, lambda s: head(s).get("trigger") == "gold_returned")
    assert head(state)["event"] == {"seat": 1, "gold": 3}
    state = use(state, 0, widow)
    assert state.in_play[widow].gold == 1 and strength(state, widow) == 3


def test_merchants_widow_not_after_you_return_gold():
    me = {"house": "Lannister", "in_play": [WIDOW], "gold": 3}
    state = joust(me, {}, phase="dominance")
    widow = ref(state, 0, WIDOW)
    state = pass_until(state, lambda s: s.round == 2)
    assert state.in_play[widow].gold == 0 and strength(state, widow) == 2
