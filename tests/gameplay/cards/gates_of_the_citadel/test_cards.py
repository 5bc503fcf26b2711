"""Gates of the Citadel (gameplay/engine/cards/gates_of_the_citadel/), played through legal
actions: The Laughing Storm, Daenerys Targaryen, The Dragon Strikes, Leyton Hightower, Beware
of the Sphinx and Apprentice Collar."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength, traits
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    code,
    codes,
    defend,
    events,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    start,
    use,
    uses,
    waiting_seats,
)

STORM = "soo_5"
DAENERYS = "soo_9"
DRAGON_STRIKES = "soo_10"
CAPTAIN = "soo_11"  # Tower Captain: [+1 Influence]
LEYTON = "soo_14"
SPHINX = "soo_15"
COPPER = "soo_17"  # Copper Link: a Chain
COLLAR = "soo_18"
BEN = "Brown Ben Plumm"  # Targaryen, STR 2, no text
RHAEGAL = "core_109"  # a Dragon
CRESSEN = "Maester Cressen"  # Baratheon Maester, STR 2, power icon
PUP = "Direwolf Pup"


def hand_card(state, seat, card_code):
    return next(r for r in state.players[seat].hand if state.cards[r].code == card_code)


def targets(actions):
    return {a.cards[1] for a in actions if len(a.cards) > 1}


# --- soo_5 The Laughing Storm ---------------------------------------------------------------


def _intrigue_claim(knelt: bool):
    state = joust(
        {"house": "Lannister", "in_play": [STEWARD]},
        {
            "house": "Baratheon",
            "in_play": [{"card": STORM, "knelt": knelt}],
            "hand": [PUP, PUP, PUP],
        },
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])
    return until_phase_or_turn(state)


def until_phase_or_turn(state):
    """Pass every window (nobody answering) until a decision that is not a window."""
    for _ in range(80):
        if head(state).get("name") != "window":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("still in windows")


def test_the_laughing_storm_standing_keeps_the_intrigue_claim_from_discarding():
    state = _intrigue_claim(knelt=False)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert len(state.players[1].hand) == 3 and state.players[1].discard == []


def test_the_laughing_storm_kneeling_lets_cards_be_discarded_from_the_hand():
    state = _intrigue_claim(knelt=True)
    assert len(state.players[1].hand) == 2 and len(state.players[1].discard) == 1


def test_the_laughing_storm_protects_only_its_controllers_hand():
    state = joust(
        {"house": "Baratheon", "in_play": [STORM, STEWARD]},
        {"house": "Lannister", "hand": [PUP, PUP]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])
    state = until_phase_or_turn(state)
    assert len(state.players[1].hand) == 1


NUTE = "dotn_27"  # Nute the Barber: "Any Phase: Discard 1 card from your hand to ..."


def test_the_laughing_storm_standing_forbids_a_cost_that_discards_from_the_hand():
    state = joust(
        {"house": "Baratheon", "in_play": [STORM, NUTE], "hand": [PUP]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    nute = ref(state, 0, NUTE)
    assert uses(state, 0, nute) == []
    state.in_play[ref(state, 0, STORM)].knelt = True
    assert uses(state, 0, nute)


# --- soo_9 Daenerys Targaryen ---------------------------------------------------------------


def test_daenerys_gives_targaryen_characters_you_control_plus_one():
    state = joust(
        {"house": "Targaryen", "in_play": [DAENERYS, BEN, KNIGHT]},
        {"house": "Targaryen", "in_play": [BEN]},
    )
    assert strength(state, ref(state, 0, DAENERYS)) == 4  # herself too
    assert strength(state, ref(state, 0, BEN)) == 3
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # not Targaryen
    assert strength(state, ref(state, 1, BEN)) == 2  # not yours


# --- soo_10 The Dragon Strikes --------------------------------------------------------------


def _strikes(captain: bool = True, phase: str = "challenges"):
    mine = [RHAEGAL, BEN] + ([CAPTAIN] if captain else [])
    return joust(
        {"house": "Targaryen", "in_play": mine, "hand": [DRAGON_STRIKES]},
        {"house": "Stark"},
        phase=phase,
    )


def test_the_dragon_strikes_gives_a_dragon_stealth_renown_and_deadly_until_phase_end():
    state = _strikes()
    rhaegal, strikes = ref(state, 0, RHAEGAL), hand_card(state, 0, DRAGON_STRIKES)
    assert targets(uses(state, 0, strikes)) == {rhaegal}  # a Dragon character only
    assert "renown" not in keywords(state, rhaegal)
    state = use(state, 0, strikes, rhaegal)
    assert {"stealth", "renown", "deadly"} <= keywords(state, rhaegal)
    assert state.in_play[ref(state, 0, CAPTAIN)].knelt  # 1 influence knelt
    state = until_phase_or_turn(state)
    assert state.phase != "challenges"
    assert not {"renown", "deadly"} & keywords(state, rhaegal)


def test_the_dragon_strikes_needs_an_influence_to_kneel():
    state = _strikes(captain=False)
    assert uses(state, 0, hand_card(state, 0, DRAGON_STRIKES)) == []


def test_the_dragon_strikes_is_played_in_the_challenges_phase_only():
    state = _strikes(phase="marshalling")
    assert uses(state, 0, hand_card(state, 0, DRAGON_STRIKES)) == []


# --- soo_14 Leyton Hightower ----------------------------------------------------------------


def _leyton_killed(card: str):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Stark", "in_play": [{"card": card, "duplicates": [card]}]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    while head(state).get("purpose") != "claim_military" and head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    if head(state).get("purpose") == "claim_military":
        state = answer(state, "claim_military", head(state)["candidates"][:1])
    return state, until_phase_or_turn(state)


def test_leyton_hightower_cannot_be_saved_by_his_duplicate():
    _state, killed = _leyton_killed(LEYTON)
    assert codes(killed, killed.players[1].dead)[:1] == [LEYTON]


def test_leyton_hightower_maesters_immune_to_opponents_events():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST], "hand": [SPHINX]},
        {"house": "Baratheon", "in_play": [LEYTON, CRESSEN], "hand": [SPHINX]},
    )
    cressen = ref(state, 1, CRESSEN)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [cressen])
    state = pass_windows(state) if head(state).get("point") != "after_defenders" else state
    assert cressen not in targets(uses(state, 0, hand_card(state, 0, SPHINX)))
    assert cressen in targets(uses(state, 1, hand_card(state, 1, SPHINX)))  # his own: yes


def test_a_maester_without_leyton_can_be_chosen_by_an_opponents_event():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST], "hand": [SPHINX]},
        {"house": "Baratheon", "in_play": [KNIGHT, CRESSEN]},
    )
    cressen = ref(state, 1, CRESSEN)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [cressen])
    assert cressen in targets(uses(state, 0, hand_card(state, 0, SPHINX)))


# --- soo_15 Beware of the Sphinx ------------------------------------------------------------


def _sphinx():
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [{"card": CRESSEN, "attachments": [COLLAR]}, KNIGHT, "Maester Aemon"],
            "hand": [SPHINX],
            "deck": [PUP] * 4,
        },
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    cressen = ref(state, 0, CRESSEN)
    state = start(state, "power", [cressen, ref(state, 0, KNIGHT)])
    return state, cressen


def test_beware_of_the_sphinx_adds_one_per_chain_and_draws_two_on_a_win():
    state, cressen = _sphinx()
    sphinx = hand_card(state, 0, SPHINX)
    assert targets(uses(state, 0, sphinx)) == {cressen}  # a participating Maester only
    before = strength(state, cressen)
    state = use(state, 0, sphinx, cressen)
    assert strength(state, cressen) == before + 1  # one Chain: the Collar
    state = defend(state, [])
    state = until_phase_or_turn(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert codes(state, state.players[0].hand) == [code(PUP)] * 2
    assert strength(state, cressen) == before  # until the end of the challenge


def test_beware_of_the_sphinx_draws_nothing_if_the_challenge_is_lost():
    state = joust(
        {"house": "Baratheon", "in_play": [CRESSEN], "hand": [SPHINX], "deck": [PUP] * 4},
        {"house": "Baratheon", "in_play": [HOST]},
    )
    cressen = ref(state, 0, CRESSEN)
    state = start(state, "power", [cressen])
    state = use(state, 0, hand_card(state, 0, SPHINX), cressen)
    assert strength(state, cressen) == 2  # no Chain
    state = defend(state, [ref(state, 1, HOST)])
    state = until_phase_or_turn(state)
    assert state.players[0].hand == []


# --- soo_18 Apprentice Collar ---------------------------------------------------------------


def test_apprentice_collar_makes_its_bearer_a_maester_plus_one_per_chain():
    state = joust(
        {
            "house": "Stark",
            "in_play": [
                {"card": KNIGHT, "attachments": [COLLAR]},
                {"card": KNIGHT, "attachments": [COLLAR, COPPER]},
                KNIGHT,
            ],
        },
        {"house": "Lannister"},
    )
    one, two, bare = (ref(state, 0, KNIGHT, i) for i in range(3))
    assert "Maester" in traits(state, one) and strength(state, one) == 3
    assert strength(state, two) == 4
    assert "Maester" not in traits(state, bare) and strength(state, bare) == 2


# --- soo_7 Gylbert Farwynd ------------------------------------------------------------------

GYLBERT = "soo_7"
GREAT_HALL = "core_98"  # Marshalling: kneel to lower the next Baratheon character's cost by 2
STANNIS = "core_72"  # a Noble, cost 4


def _hall(gylbert: bool):
    state = joust(
        {"house": "Baratheon", "in_play": [GREAT_HALL], "hand": [HOST, STANNIS], "gold": 3},
        {"house": "Greyjoy", "in_play": [GYLBERT] if gylbert else []},
        phase="marshalling",
    )
    return use(state, 0, ref(state, 0, GREAT_HALL))


def test_gylbert_farwynd_keeps_the_cost_of_non_noble_cards_from_being_reduced():
    state = _hall(gylbert=True)
    host, stannis = hand_card(state, 0, code(HOST)), hand_card(state, 0, STANNIS)
    assert marshals(state, 0, host) == []  # 5 gold, not 3
    assert marshals(state, 0, stannis)  # a Noble: 4 - 2
    state = act(state, 0, "marshal:play", [stannis])
    assert stannis in state.in_play and state.players[0].gold == 1


def test_without_gylbert_farwynd_the_reduction_applies():
    state = _hall(gylbert=False)
    assert marshals(state, 0, hand_card(state, 0, code(HOST)))


def test_gylbert_farwynd_leaves_the_reduction_for_a_noble_card():
    state = _hall(gylbert=True)
    state.players[0].gold = 6
    state = act(state, 0, "marshal:play", [hand_card(state, 0, code(HOST))])
    assert state.players[0].gold == 1  # paid in full, the reduction still waits
    state.players[0].gold = 2
    state = act(state, 0, "marshal:play", [hand_card(state, 0, STANNIS)])
    assert state.players[0].gold == 0
