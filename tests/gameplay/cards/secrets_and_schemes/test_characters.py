"""Secrets and Schemes characters (gameplay/engine/cards/secrets_and_schemes/characters.py).

Fillers: Host of Storm's End (5 STR, military and power, Army), Knight of the Tumblestone
(2 STR, military and power, Stark, cost 2), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    build,
    code,
    events,
    finish_challenge,
    head,
    joust,
    pass_windows,
    plots_revealed,
    ref,
    shadow,
    start,
    to_window,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)

KNIGHT_OF_FLOWERS, ROBAR, SQUIRE, DRUMM = "w_1", "w_2", "w_3", "w_4"
KEVAN, ELITE, ATTENDANT, JASON, DOSH, RAVEN = "w_8", "w_10", "w_11", "w_13", "w_15", "w_17"
EDDARD = "core_5"  # Eddard Stark: unique, 4 STR, military and power
CROSSROADS = "core_138"  # a neutral location with 1 influence
LANNISPORT = "core_55"  # a unique Lannister location
WINTERFELL = "Winterfell"  # a Stark location
ROSEROAD = "kotst_44"  # The Roseroad: a neutral location, cost 0
EMMON = "kotst_4"  # Ser Emmon Cuy: a Rainbow Guard character
KNIGHTED = "kotst_43"  # Knighted: an attachment, +1 STR
STRAITS = "kr_100"  # Redwyne Straits: a River plot with a "when revealed" effect
ATTACK = "pots_58"  # Attack from the Sea: "When revealed, kneel all locations." (no trait)
CALM = "Calm Over Westeros"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_1 Knight of Flowers ------------------------------------------------------------------


def _claim_kill(them_in_play, hand=(KNIGHT,)):
    state = joust({"in_play": [HOST]}, {"in_play": them_in_play, "hand": list(hand)})
    knight = shadow(state, 1, KNIGHT_OF_FLOWERS)
    state = start(state, "military", [ref(state, 0, HOST)])
    return state, knight


def test_knight_of_flowers_comes_out_of_shadows_to_save_a_unique_character():
    state, knight = _claim_kill([_knelt(EDDARD)])
    eddard = ref(state, 1, EDDARD)
    state = to_window(state, "would_be_killed", claim=[eddard])
    state = until_seat(state, 1)
    state = use(state, 1, knight, eddard)
    state = pass_windows(state)
    assert eddard in state.in_play and knight in state.in_play
    assert not state.players[1].hand and len(state.players[1].discard) == 1
    assert any(e.get("card") == eddard for e in events(state, "saved"))


def test_knight_of_flowers_not_for_a_non_unique_character_nor_with_an_empty_hand():
    state, knight = _claim_kill([_knelt(KNIGHT)])
    assert not _offered_until_killed(state, knight)
    state, knight = _claim_kill([_knelt(EDDARD)], hand=())
    assert not _offered_until_killed(state, knight)


def _saves(state, knight) -> list:
    """Knight of Flowers' save (not his coming out of Shadows as an action)."""
    return [a for a in uses(state, 1, knight) if a.choice != "shadow"]


def _offered_until_killed(state, knight) -> bool:
    for _ in range(40):
        if any(e["event"] == "killed" for e in state.log):
            return False
        if head(state).get("purpose") in ("claim_kill", "defenders"):
            state = answer(state, head(state)["purpose"], head(state)["candidates"][:1])
            continue
        if _saves(state, knight):
            return True
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("nobody was killed")


# --- w_2 Ser Robar Royce --------------------------------------------------------------------


def test_ser_robar_royce_gives_deadly_to_rainbow_guard_while_participating():
    state = joust({"in_play": [ROBAR, EMMON, KNIGHT]}, {"in_play": [EMMON]})
    robar, emmon, knight = ref(state, 0, ROBAR), ref(state, 0, EMMON), ref(state, 0, KNIGHT)
    theirs = ref(state, 1, EMMON)
    assert "deadly" not in keywords(state, emmon)
    state = start(state, "military", [robar])
    assert "deadly" in keywords(state, emmon) and "deadly" in keywords(state, robar)
    assert "deadly" not in keywords(state, knight)  # not Rainbow Guard
    assert "deadly" not in keywords(state, theirs)  # not his controller's


def test_ser_robar_royce_not_while_he_stays_home():
    state = joust({"in_play": [ROBAR, EMMON]}, {"in_play": [_knelt(KNIGHT)]})
    emmon = ref(state, 0, EMMON)
    state = start(state, "military", [emmon])
    assert "deadly" not in keywords(state, emmon)


# --- w_3 Rainbow Guard Squire ---------------------------------------------------------------


def test_rainbow_guard_squire_kneels_every_copy_to_draw():
    state = joust({"in_play": [SQUIRE, SQUIRE, EMMON], "deck": [KNIGHT] * 3}, {})
    first, second = ref(state, 0, SQUIRE), ref(state, 0, SQUIRE, 1)
    state = use(state, 0, first)
    assert state.in_play[first].knelt and state.in_play[second].knelt
    assert len(state.players[0].hand) == 1
    assert not uses(state, 0, second)


def test_rainbow_guard_squire_needs_a_rainbow_guard_and_every_copy_standing():
    state = joust({"in_play": [SQUIRE, KNIGHT], "deck": [KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, SQUIRE))
    state = joust({"in_play": [SQUIRE, _knelt(SQUIRE), EMMON], "deck": [KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, SQUIRE))


def test_rainbow_guard_squire_only_in_the_challenges_phase():
    state = build(players=[{"in_play": [SQUIRE, EMMON], "deck": [KNIGHT]}, {}])
    assert state.phase == "marshalling"
    assert not uses(state, 0, ref(state, 0, SQUIRE))


# --- w_4 The Drumm --------------------------------------------------------------------------


def _drumm(attackers):
    state = joust({"in_play": [DRUMM, HOST]}, {"in_play": [_knelt(KNIGHT), ROSEROAD]})
    drumm, road = ref(state, 0, DRUMM), ref(state, 1, ROSEROAD)
    state = start(state, "power", [ref(state, 0, a) for a in attackers])
    return until_window(state, "attackers_declared"), drumm, road


def test_the_drumm_discards_the_chosen_location_when_winning_by_4():
    state, drumm, road = _drumm([DRUMM, HOST])
    state = use(state, 0, drumm, road)
    state = finish_challenge(state)
    assert road in state.players[1].discard


def test_the_drumm_keeps_the_location_when_winning_by_less_than_4():
    state, drumm, road = _drumm([DRUMM])
    state = use(state, 0, drumm, road)
    state = finish_challenge(state)
    assert road in state.in_play  # 3 STR against none


def test_the_drumm_only_when_he_is_declared_as_an_attacker():
    state = joust({"in_play": [DRUMM, HOST]}, {"in_play": [_knelt(KNIGHT), ROSEROAD]})
    drumm = ref(state, 0, DRUMM)
    state = start(state, "power", [ref(state, 0, HOST)])
    assert not uses(state, 0, drumm)


# --- w_8 Ser Kevan Lannister ----------------------------------------------------------------


def test_ser_kevan_lannister_puts_a_location_into_play_as_he_enters():
    me = {"house": "Lannister", "hand": [KEVAN], "gold": 5, "discard": [LANNISPORT, WINTERFELL]}
    state = build(players=[me, {}])
    kevan = state.players[0].hand[0]
    lannisport, winterfell = state.players[0].discard
    state = act(state, 0, "marshal:play", [kevan])
    state = until_window(state, "entered_play")
    assert {a.cards[1] for a in uses(state, 0, kevan)} == {lannisport}  # not a Stark one
    state = use(state, 0, kevan, lannisport)
    assert lannisport in state.in_play and winterfell in state.players[0].discard
    assert state.players[0].limited_response_used


def test_ser_kevan_lannister_as_he_leaves_play():
    me = {"in_play": [_knelt(KEVAN)], "discard": [ROSEROAD, ROSEROAD]}
    state = joust({"in_play": [HOST]}, me)
    kevan = ref(state, 1, KEVAN)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", claim=[kevan])
    state = until_seat(state, 1)
    first = state.players[1].discard[0]
    state = use(state, 1, kevan, first)
    assert first in state.in_play


# --- w_10 Ghost Hill Elite ------------------------------------------------------------------


def _elite(their_hand):
    state = plots_revealed(CALM, CALM, me={"in_play": [ELITE]}, them={"hand": their_hand})
    return until_window(state, "plot_revealed"), state.players[0].in_play[0]


def test_ghost_hill_elite_claims_a_power_when_a_location_is_discarded():
    state, elite = _elite([ROSEROAD, KNIGHT])
    state = until_seat(state, 0)
    state = use(state, 0, elite)
    road = next(r for r in state.players[1].hand if state.code(r) == ROSEROAD)
    state = answer(state, "discard", [road])
    assert road in state.players[1].discard
    assert state.in_play[elite].power == 1


def test_ghost_hill_elite_no_power_for_a_character_and_once_per_round():
    state, elite = _elite([ROSEROAD, KNIGHT])
    state = until_seat(state, 0)
    state = use(state, 0, elite)
    knight = next(r for r in state.players[1].hand if state.code(r) == code(KNIGHT))
    state = answer(state, "discard", [knight])
    assert state.in_play[elite].power == 0
    assert not uses(state, 0, elite)


# --- w_11 Prince's Attendant ----------------------------------------------------------------


def test_princes_attendant_reveals_two_discards_one_and_keeps_the_other():
    state = joust({"in_play": [ATTENDANT], "deck": [KNIGHT, HOST, EDDARD]}, {})
    attendant = ref(state, 0, ATTENDANT)
    knight, host, eddard = state.players[0].deck
    state = use(state, 0, attendant)
    assert attendant in state.players[0].dead
    assert head(state).get("purpose") == "discard"
    assert set(head(state)["candidates"]) == {knight, host}
    state = answer(state, "discard", [knight])
    assert knight in state.players[0].discard and host in state.players[0].hand
    assert state.players[0].deck == [eddard]


# --- w_13 Ser Jason Mallister ---------------------------------------------------------------


def test_ser_jason_mallister_kills_a_cheap_character_in_dominance():
    them = {"in_play": [KNIGHT, EDDARD]}
    state = joust({"in_play": [JASON]}, them, phase="dominance")
    jason, knight = ref(state, 0, JASON), ref(state, 1, KNIGHT)
    state = until_seat(state, 0)
    assert {a.cards[1] for a in uses(state, 0, jason)} == {knight}  # Eddard costs 4
    state = use(state, 0, jason, knight)
    state = pass_windows(state) if head(state).get("trigger") else state
    assert knight in state.players[1].dead


def test_ser_jason_mallister_not_against_an_opponent_who_attacked_with_military():
    state = joust({"in_play": [JASON]}, {"in_play": [KNIGHT]}, first_player=1)
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [knight])
    for _ in range(60):
        if state.phase == "dominance" and uses(state, 0, ref(state, 0, JASON)):
            raise AssertionError("offered against an opponent who attacked with military")
        if state.phase not in ("challenges", "dominance"):
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert any(e["event"] == "phase" and e.get("phase") == "dominance" for e in state.log)


# --- w_15 Dosh Khaleen ----------------------------------------------------------------------


def test_dosh_khaleen_stands_an_influence_card_to_draw_after_an_attachment_falls():
    me = {"in_play": [HOST, DOSH, _knelt(CROSSROADS)], "deck": [KNIGHT]}
    them = {"in_play": [{"card": KNIGHT, "knelt": True, "attachments": [KNIGHTED]}]}
    state = joust(me, them)
    dosh, crossroads = ref(state, 0, DOSH), ref(state, 0, CROSSROADS)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "attachment_fell")
    state = until_seat(state, 0)
    state = use(state, 0, dosh)
    assert not state.in_play[crossroads].knelt
    assert len(state.players[0].hand) == 1


def test_dosh_khaleen_needs_a_knelt_influence_card():
    me = {"in_play": [HOST, DOSH, CROSSROADS], "deck": [KNIGHT]}
    them = {"in_play": [{"card": KNIGHT, "knelt": True, "attachments": [KNIGHTED]}]}
    state = joust(me, them)
    dosh = ref(state, 0, DOSH)
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(40):
        assert not uses(state, 0, dosh)
        if state.challenge is None:
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert not state.players[0].hand


# --- w_17 Greenseer's Raven -----------------------------------------------------------------


def test_greenseers_raven_cancels_a_plot_with_a_trait_from_the_hand():
    state = plots_revealed(CALM, STRAITS, me={"hand": [RAVEN]})
    raven = state.players[0].hand[0]
    state = until_window(state, "when_revealed_pending")
    state = until_seat(state, 0)
    state = use(state, 0, raven)
    assert raven in state.players[0].discard
    assert events(state, "when_revealed_cancelled")[0]["by"] == raven


def test_greenseers_raven_not_against_a_plot_without_traits():
    state = plots_revealed(CALM, ATTACK, me={"hand": [RAVEN]})
    raven = state.players[0].hand[0]
    for _ in range(20):
        assert not uses(state, 0, raven)
        if state.phase != "plot":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert raven in state.players[0].hand
