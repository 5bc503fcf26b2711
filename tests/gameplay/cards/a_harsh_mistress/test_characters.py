"""A Harsh Mistress characters (gameplay/engine/cards/a_harsh_mistress/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Maester Kedry (soo_33, unique
Martell), Winterfell Castle (core_25, a unique Stark location), Brown Ben Plumm (core_118,
unique Targaryen), Robb Stark (a unique Stark Lord)."""

from __future__ import annotations

from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshalling,
    pass_until,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
    watch,
)

MAEGE, WATCHER, GHOST, MYLES = "btns_61", "btns_65", "btns_67", "btns_70"
WINDBLOWN, COMPANY = "btns_72", "btns_73"
KEDRY = "soo_33"
CASTLE = "core_25"
BEN = "core_118"


def _over(state) -> bool:
    return state.challenge is None


# --- btns_61 Maege Mormont -----------------------------------------------------------------


def test_maege_mormont_returns_to_hand_to_put_a_stark_location_into_play_knelt():
    state = joust({"in_play": [MAEGE, KNIGHT], "deck": [KNIGHT, CASTLE, KNIGHT]}, {})
    maege = ref(state, 0, MAEGE)
    state = start(state, "power", [maege])
    state = to_window(state, "challenge_won")
    state = use(state, 0, maege)
    assert maege in state.players[0].hand
    prompt = head(state)
    castle = [r for r in prompt["candidates"] if state.code(r) == CASTLE]
    assert len(prompt["candidates"]) == 1  # only the Stark location
    state = answer(state, prompt["purpose"], castle)
    (placed,) = [r for r in state.players[0].in_play if state.code(r) == CASTLE]
    assert state.phase == "challenges"
    assert state.in_play[placed].knelt and len(state.players[0].deck) == 2


def test_maege_mormont_has_no_response_while_you_run_an_agenda():
    state = agenda_position([{"in_play": [MAEGE], "deck": [CASTLE]}, {}], {0: "w_18"})
    maege = ref(state, 0, MAEGE)
    state = start(state, "power", [maege])
    state, offered = watch(state, 0, maege, _over)
    assert not offered


def test_maege_mormont_needs_to_have_participated_in_the_won_challenge():
    state = joust({"in_play": [MAEGE, KNIGHT], "deck": [CASTLE]}, {})
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 0, ref(state, 0, MAEGE), _over)
    assert not offered


# --- btns_65 Watcher of the Nightfire ------------------------------------------------------


def _to_dominance(state):
    return pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))


def test_watcher_of_the_nightfire_draws_after_you_win_dominance():
    state = joust({"in_play": [WATCHER, HOST], "deck": [KNIGHT]}, {"in_play": [STEWARD]})
    watcher = ref(state, 0, WATCHER)
    state = pass_until(state, lambda s: head(s).get("trigger") == "dominance_won")
    state = use(state, 0, watcher)
    assert len(state.players[0].hand) == 1


def test_watcher_of_the_nightfire_does_not_draw_when_you_lose_dominance():
    state = joust({"in_play": [WATCHER], "deck": [KNIGHT]}, {"in_play": [HOST]})
    state, offered = watch(state, 0, ref(state, 0, WATCHER), _after_dominance)
    assert not offered and not state.players[0].hand


def _after_dominance(state) -> bool:
    return state.phase not in ("challenges", "dominance")


# --- btns_67 Ghost of Winterfell -----------------------------------------------------------


def test_ghost_of_winterfell_draws_after_a_character_is_killed_for_deadly():
    state = joust({"in_play": [GHOST, HOST], "deck": [KNIGHT]}, {"in_play": [STEWARD]})
    ghost, steward = ref(state, 0, GHOST), ref(state, 1, STEWARD)
    state = start(state, "intrigue", [ghost])
    state = defend(state, [steward])
    state = pass_until(state, lambda s: head(s).get("trigger") == "killed")
    assert steward in state.players[1].dead
    state = use(state, 0, ghost)
    assert len(state.players[0].hand) == 1


def test_ghost_of_winterfell_ignores_a_kill_by_military_claim():
    state = joust({"in_play": [GHOST, HOST], "deck": [KNIGHT]}, {"in_play": [STEWARD]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, GHOST), _over)
    assert ref_dead(state, 1) and not offered


def ref_dead(state, seat) -> bool:
    return bool(state.players[seat].dead)


# --- btns_70 Maester Myles -----------------------------------------------------------------


def test_maester_myles_removes_a_participant_with_only_1_icon():
    state = joust({"in_play": [MYLES, STEWARD, HOST]}, {"in_play": [KNIGHT]})
    myles, steward, host = ref(state, 0, MYLES), ref(state, 0, STEWARD), ref(state, 0, HOST)
    state = start(state, "intrigue", [steward])
    state = _myles_window(state)
    targets = [a.cards[1] for a in uses(state, 0, myles)]
    assert targets == [steward]
    state = use(state, 0, myles, steward)
    (removed,) = events(state, "removed_from_challenge")
    assert removed["cards"] == [steward] and state.in_play[myles].knelt
    assert host not in targets  # two icons


def _myles_window(state):
    for _ in range(10):
        if waiting_seats(state)[0] == 0 and head(state).get("name") == "window":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no window for seat 0")


def test_maester_myles_offers_no_character_with_two_icons():
    state = joust({"in_play": [MYLES, HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, MYLES), _over, [ref(state, 1, KNIGHT)])
    assert not offered


# --- btns_72 The Windblown -----------------------------------------------------------------


def test_the_windblown_costs_1_less_for_each_unique_martell_character():
    state = marshalling({"house": "Martell", "in_play": [KEDRY], "hand": [WINDBLOWN]})
    assert gold_cost(state, 0, hand(state, 0, WINDBLOWN)[0]) == 6
    state = marshalling({"house": "Martell", "in_play": [BEN], "hand": [WINDBLOWN]})
    assert gold_cost(state, 0, hand(state, 0, WINDBLOWN)[0]) == 7  # not Martell


def test_the_windblown_attacking_makes_characters_with_fewer_than_2_icons_count_no_str():
    state = joust({"in_play": [WINDBLOWN, STEWARD]}, {"in_play": [STEWARD, KNIGHT]})
    state = start(state, "intrigue", [ref(state, 0, WINDBLOWN), ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [7, 0]


def test_the_windblown_does_nothing_while_not_attacking():
    state = joust({"in_play": [STEWARD]}, {"in_play": [WINDBLOWN, STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 2]


# --- btns_73 The Golden Company ------------------------------------------------------------


def test_the_golden_company_costs_1_less_for_each_unique_targaryen_character():
    state = marshalling({"house": "Targaryen", "in_play": [BEN], "hand": [COMPANY]})
    assert gold_cost(state, 0, hand(state, 0, COMPANY)[0]) == 6


def test_the_golden_company_returns_a_random_card_after_winning_as_attacker():
    state = joust({"in_play": [COMPANY], "discard": [KNIGHT]}, {})
    company = ref(state, 0, COMPANY)
    state = start(state, "military", [company])
    state = to_window(state, "challenge_won")
    state = use(state, 0, company)
    assert [state.code(r) for r in state.players[0].hand] == ["core_18"]
    assert not state.players[0].discard


def test_the_golden_company_does_nothing_as_a_defender():
    state = joust({"in_play": [HOST]}, {"in_play": [COMPANY], "discard": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    company = ref(state, 1, COMPANY)
    state, offered = watch(state, 1, company, _over, [company])
    assert not offered and len(state.players[1].discard) == 1


# --- btns_71 Rhoynar Emissary --------------------------------------------------------------

EMISSARY = "btns_71"


def test_rhoynar_emissary_discards_an_eligible_character_not_declared():
    state = joust({"in_play": [EMISSARY, STEWARD]}, {"in_play": [STEWARD]})
    emissary, theirs = ref(state, 0, EMISSARY), ref(state, 1, STEWARD)
    state = use(state, 0, emissary, theirs)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])
    assert theirs in state.players[1].discard


def test_rhoynar_emissary_spares_a_character_declared_as_a_participant():
    state = joust({"in_play": [EMISSARY, STEWARD]}, {"in_play": [STEWARD]})
    emissary, theirs = ref(state, 0, EMISSARY), ref(state, 1, STEWARD)
    state = use(state, 0, emissary, theirs)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [theirs])
    assert theirs in state.in_play
    assert not [e for e in state.effects if e.get("target") == theirs]


def test_rhoynar_emissary_waits_for_a_challenge_the_character_is_eligible_for():
    state = joust({"in_play": [EMISSARY, STEWARD, KNIGHT]}, {"in_play": [HOST]})
    emissary, host = ref(state, 0, EMISSARY), ref(state, 1, HOST)
    state = use(state, 0, emissary, host)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])  # Host has no intrigue icon: not eligible
    state = finish_challenge(state)
    assert host in state.in_play
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = defend(state, [])
    assert host in state.players[1].discard


def test_rhoynar_emissary_can_be_cancelled_by_an_opponent_kneeling_2_influence():
    state = joust({"in_play": [EMISSARY, STEWARD]}, {"in_play": [STEWARD, KEDRY]})
    emissary, theirs = ref(state, 0, EMISSARY), ref(state, 1, STEWARD)
    state = use(state, 0, emissary, theirs)
    assert head(state)["purpose"] == "rhoynar_emissary" and head(state)["seat"] == 1
    state = act(state, 1, "choose", choice="cancel")
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, KEDRY)])
    assert state.in_play[ref(state, 1, KEDRY)].knelt
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])
    assert theirs in state.in_play


def test_rhoynar_emissary_is_a_challenges_action():
    state = marshalling({"in_play": [EMISSARY]}, {"in_play": [STEWARD]})
    assert not uses(state, 0, ref(state, 0, EMISSARY))
