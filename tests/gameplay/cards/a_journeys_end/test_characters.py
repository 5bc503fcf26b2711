"""A Journey's End characters, Cape Wrath, Call of the Three-Eyed Crow and Choosing the Spear
(gameplay/engine/cards/a_journeys_end/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Wyman Manderly (asots_10, House
Manderly), Lady Olenna's Guard (asots_7, House Tyrell), Shadowcat (kotse_43, [Shadow] crest),
House Dayne Knight (pots_11, [Martell]), King Robb's Host (acoa_1, a unique Army), Hired
Swords (qod_8, a [Targaryen] Mercenary costing 2), Robb Stark (a unique character)."""

from __future__ import annotations

from gameplay.engine.abilities import agenda_of, characters, keywords, strength
from gameplay.engine.actions import Action
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_without,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)
from tests.gameplay.scenario import apply

ESCORT = "asots_109"
CROW = "asots_111"
SPEAR = "asots_113"
TARLY = "asots_115"
CAPE = "asots_116"
PRINCE = "asots_117"
WYMAN = "asots_10"
OLENNA_GUARD = "asots_7"
SHADOWCAT = "kotse_43"
DAYNE = "pots_11"
ARMY = "acoa_1"
SWORDS = "qod_8"
ROBB = "Robb Stark"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_109 House Manderly Escort -------------------------------------------------------


def test_manderly_escort_counts_each_house_manderly_character():
    state = joust({"in_play": [ESCORT]}, {"in_play": [WYMAN]})
    assert strength(state, ref(state, 0, ESCORT)) == 2  # itself only
    state = joust({"in_play": [ESCORT, ESCORT, WYMAN, KNIGHT]}, {})
    assert strength(state, ref(state, 0, ESCORT)) == 4  # 1 + three House Manderly


# --- asots_111 Call of the Three-Eyed Crow -------------------------------------------------


def _killed(their_character, crow=True):
    """Seat 0 attacks (military, unopposed); seat 1 kills ``their_character`` for claim."""
    them = {"house": "Stark", "in_play": [their_character], "hand": [CROW] if crow else []}
    state = joust({"in_play": [HOST]}, them)
    card = ref(state, 1, their_character)
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(40):
        step = head(state)
        window = step.get("name") == "window" and step.get("trigger") == "dead_pile"
        if window and uses(state, 1, hand(state, 1, CROW)[0]):
            return state, card
        if state.challenge is None:
            return state, card
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [card])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no kill")


def test_call_of_the_three_eyed_crow_puts_the_dead_character_back_knelt():
    state, robb = _killed(ROBB)
    (action,) = [a for a in uses(state, 1, hand(state, 1, CROW)[0]) if a.cards[1:] == (robb,)]
    state = engine_apply(state, action)
    while robb not in state.in_play:  # (not settled: before the standing phase stands him)
        state = engine_apply(state, Action(waiting_seats(state)[0], "pass"))
    assert robb in state.players[1].in_play
    assert state.in_play[robb].knelt and state.in_play[robb].controller == 1


def test_call_of_the_three_eyed_crow_not_for_an_army_or_a_non_unique_character():
    for card in (ARMY, KNIGHT):
        state, dead = _killed(card)
        assert dead in state.players[1].dead
        assert not uses(state, 1, hand(state, 1, CROW)[0])


def test_call_of_the_three_eyed_crow_only_a_character_you_own():
    # Seat 0 holds the Call while seat 1's unique character dies: not seat 0's to raise.
    them = {"in_play": [ROBB]}
    state = joust({"house": "Stark", "in_play": [HOST], "hand": [CROW]}, them)
    robb = ref(state, 1, ROBB)
    state = start(state, "military", [ref(state, 0, HOST)])
    call = hand(state, 0, CROW)[0]
    for _ in range(40):
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [robb])
            continue
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        assert not uses(state, 0, call)
        state = act(state, waiting_seats(state)[0], "pass")
    assert robb in state.players[1].dead


# --- asots_113 Choosing the Spear ----------------------------------------------------------


def test_choosing_the_spear_stands_a_martell_character_and_gives_melee():
    state = joust({"house": "Martell", "in_play": [_knelt(DAYNE), KNIGHT], "hand": [SPEAR]}, {})
    dayne = ref(state, 0, DAYNE)
    spear = hand(state, 0, SPEAR)[0]
    assert {a.cards[1] for a in uses(state, 0, spear)} == {dayne}  # not the Knight
    state = use(state, 0, spear, dayne)
    assert not state.in_play[dayne].knelt
    assert "melee" in keywords(state, dayne)


def test_choosing_the_spear_only_in_the_challenges_phase():
    state = joust(
        {"house": "Martell", "in_play": [_knelt(DAYNE)], "hand": [SPEAR]}, {}, phase="marshalling"
    )
    assert not uses(state, 0, hand(state, 0, SPEAR)[0])


# --- asots_115 Randyll Tarly ---------------------------------------------------------------


def test_randyll_tarly_gives_house_tyrell_characters_vigilant():
    state = joust({"in_play": [TARLY, OLENNA_GUARD, KNIGHT]}, {"in_play": [OLENNA_GUARD]})
    tarly, guard = ref(state, 0, TARLY), ref(state, 0, OLENNA_GUARD)
    other = ref(state, 1, OLENNA_GUARD)
    state = start(state, "military", [tarly])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, tarly)
    prompt = head(state)
    assert prompt["purpose"] == "vigilant" and set(prompt["candidates"]) == {guard, other}
    state = answer(state, "vigilant", [guard])
    assert "vigilant" in keywords(state, guard)
    assert "vigilant" not in keywords(state, other)


def test_randyll_tarly_only_when_declared_as_an_attacker():
    state = joust({"in_play": [TARLY, OLENNA_GUARD, KNIGHT]}, {})
    tarly = ref(state, 0, TARLY)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    step = head(state)
    assert step.get("trigger") != "attackers_declared" or not uses(state, 0, tarly)


def test_randyll_tarly_needs_a_house_tyrell_character():
    state = joust({"in_play": [TARLY, KNIGHT]}, {})
    tarly = ref(state, 0, TARLY)
    state = start(state, "military", [tarly])
    step = head(state)
    assert step.get("trigger") != "attackers_declared" or not uses(state, 0, tarly)


# --- asots_116 Cape Wrath ------------------------------------------------------------------


def test_cape_wrath_returns_a_shadow_card_to_shadows():
    state = joust({"in_play": [CAPE, SHADOWCAT, HOST]}, {})
    cat = ref(state, 0, SHADOWCAT)
    state = won_window(state, "military", [ref(state, 0, HOST)])
    state = use(state, 0, ref(state, 0, CAPE), cat)
    assert state.players[0].shadows and state.code(state.players[0].shadows[0]) == SHADOWCAT


def test_cape_wrath_needs_a_win_by_4():
    state = joust({"in_play": [CAPE, SHADOWCAT, KNIGHT]}, {})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, CAPE))


def test_cape_wrath_only_your_own_shadow_card():
    state = joust({"in_play": [CAPE, HOST]}, {"in_play": [SHADOWCAT]})
    challenge_without(state, "military", [ref(state, 0, HOST)], 0, ref(state, 0, CAPE))


# --- asots_117 The Tattered Prince ---------------------------------------------------------


def test_the_tattered_prince_becomes_the_agenda_instead_of_being_killed():
    state = joust({"in_play": [HOST]}, {"in_play": [PRINCE]})
    prince = ref(state, 1, PRINCE)
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(40):
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [prince])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert prince not in state.players[1].dead
    assert agenda_of(state, 1) == prince


def _prince(as_agenda: bool):
    me = {"house": "Stark", "hand": [SWORDS, SWORDS, STEWARD], "gold": 10}
    if not as_agenda:
        me["in_play"] = [PRINCE]
    state = build(phase="marshalling", players=[me, {}])
    if as_agenda:
        state = state.copy()
        card = state.new_card(PRINCE, 0)
        state.players[0].agenda = PRINCE
        state.players[0].agenda_card = card
        state.__dict__.pop("_agenda_cards", None)
    return state


def test_the_tattered_prince_agenda_lowers_mercenary_costs():
    state = _prince(as_agenda=True)
    first, second = hand(state, 0, SWORDS)
    assert gold_cost(state, 0, first) == 1  # 2, no penalty, 1 less for the first
    assert gold_cost(state, 0, hand(state, 0, STEWARD)[0]) == 4  # not a Mercenary
    state = apply(state, marshals(state, 0, first)[0])
    assert gold_cost(state, 0, second) == 2  # only the first of the round is cheaper


def test_the_tattered_prince_text_only_as_the_agenda():
    state = _prince(as_agenda=False)
    assert gold_cost(state, 0, hand(state, 0, SWORDS)[0]) == 4


# --- asots_114 Venomous Manticore ----------------------------------------------------------

MANTICORE = "asots_114"
CROSSROADS = ("core_138", "core_143")  # 1 influence each


def test_venomous_manticore_attaches_itself_and_gives_minus_1_str():
    me = {"house": "Targaryen", "in_play": [MANTICORE, *CROSSROADS, KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]})
    manticore, theirs, mine = ref(state, 0, MANTICORE), ref(state, 1, KNIGHT), ref(state, 0, KNIGHT)
    state = use(state, 0, manticore, theirs)
    state = answer(state, "influence", [ref(state, 0, CROSSROADS[0])])
    assert state.in_play[manticore].attached_to == theirs
    assert state.in_play[manticore].controller == 0
    assert strength(state, theirs) == 1
    assert manticore not in characters(state)
    # Attached, it moves to another character (not the one it is on).
    assert {a.cards[1] for a in uses(state, 0, manticore)} == {mine}
    state = use(state, 0, manticore, mine)
    assert state.in_play[manticore].attached_to == mine
    assert strength(state, theirs) == 2 and strength(state, mine) == 1


def test_venomous_manticore_needs_influence_and_an_eligible_character():
    state = joust({"house": "Targaryen", "in_play": [MANTICORE, KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, MANTICORE))  # no influence
    me = {"house": "Targaryen", "in_play": [MANTICORE, CROSSROADS[0], SHADOWCAT]}
    state = joust(me, {})
    assert not uses(state, 0, ref(state, 0, MANTICORE))  # "No attachments", not itself
