"""Gates of the Citadel: Daven Lannister, Deep Den, Oldtown Advisor and Copper Link
(gameplay/engine/cards/gates_of_the_citadel/others.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, traits
from tests.gameplay.cards.gates_of_the_citadel.helpers import drive, window_for
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    choose,
    code,
    codes,
    events,
    head,
    joust,
    marshals,
    plots_revealed,
    ref,
    start,
    until_prompt,
    use,
    uses,
    waiting_seats,
)

DAVEN = "soo_3"
DEEP_DEN = "soo_4"
ADVISOR = "soo_13"
COPPER = "soo_17"
COLLAR = "soo_18"
DRAGON_STRIKES = "soo_10"
CAPTAIN = "soo_11"
RHAEGAL = "core_109"
PYCELLE = "core_45"  # Grand Maester Pycelle: a Maester with intrigue and power icons


def hand_card(state, seat, card_code):
    return next(r for r in state.players[seat].hand if state.cards[r].code == card_code)


# --- soo_3 Daven Lannister ------------------------------------------------------------------


def _dominance(power: int = 2, theirs=(), gold: int = 3):
    state = joust(
        {
            "house": "Lannister",
            "in_play": [{"card": DAVEN, "power": power}, KNIGHT],
            "gold": gold,
            "deck": [STEWARD] * 10,
        },
        {"house": "Stark", "in_play": list(theirs), "deck": [STEWARD] * 10},
    )
    state = drive(state, window_for("dominance_won"))
    return state, ref(state, 0, DAVEN)


def test_daven_lannister_pays_x_gold_to_claim_x_power_after_winning_dominance_by_4():
    state, daven = _dominance()
    gold = state.players[0].gold
    state = use(state, 0, daven)
    assert state.in_play[daven].power == 4
    assert state.players[0].gold == gold - 2


def test_daven_lannister_needs_a_margin_of_4_power_on_him_and_the_gold():
    for options in ({"theirs": [KNIGHT]}, {"power": 0}, {"gold": 0}):
        state = joust(
            {
                "house": "Lannister",
                "in_play": [{"card": DAVEN, "power": options.get("power", 2)}, KNIGHT],
                "gold": options.get("gold", 3),
            },
            {"house": "Stark", "in_play": list(options.get("theirs", []))},
        )
        daven = ref(state, 0, DAVEN)
        state = drive(state, lambda s: s.phase != "challenges" and s.phase != "dominance")
        assert not [e for e in events(state, "ability") if e.get("card") == daven], options
        assert state.in_play[daven].power in (0, 2, 3), options  # no X claimed


def test_daven_lannister_limit_once_per_game():
    state, daven = _dominance(gold=10)
    state = use(state, 0, daven)
    state.players[0].gold = 10
    state = drive(state, lambda s: s.round == 3)
    assert events(state, "dominance")[-1]["seat"] == 0  # won again by 4 or more
    assert len([e for e in events(state, "ability") if e.get("card") == daven]) == 1


# --- soo_4 Deep Den -------------------------------------------------------------------------


def test_deep_den_lets_the_first_player_choose_a_new_one_as_challenges_begin():
    state = joust(
        {"house": "Lannister", "in_play": [DEEP_DEN, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
        phase="marshalling",
    )
    den = ref(state, 0, DEEP_DEN)
    state = drive(state, window_for("phase_began"))
    assert state.phase == "challenges" and state.first_player == 0
    state = use(state, 0, den)
    assert state.first_player == 1 and state.in_play[den].knelt
    assert events(state, "first_player")[-1]["card"] == den
    state = drive(state, lambda s: head(s).get("point") == "before_challenge")
    assert head(state)["turn"] == 1  # seat 1 has the first challenges turn


def test_deep_den_needs_you_to_be_the_first_player():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [DEEP_DEN, STEWARD]},
        phase="marshalling",
    )
    state = drive(state, lambda s: s.phase == "challenges")
    assert not window_for("phase_began")(state)
    assert state.first_player == 0


# --- soo_13 Oldtown Advisor -----------------------------------------------------------------


def _advisor(chains):
    state = joust(
        {"house": "Targaryen", "in_play": [RHAEGAL, CAPTAIN], "hand": [DRAGON_STRIKES]},
        {"house": "Stark", "in_play": [{"card": ADVISOR, "attachments": chains}]},
    )
    rhaegal = ref(state, 0, RHAEGAL)
    state = use(state, 0, hand_card(state, 0, DRAGON_STRIKES), rhaegal)
    return state, rhaegal, ref(state, 1, ADVISOR)


def test_oldtown_advisor_with_two_chains_kneels_to_cancel_an_event():
    state, rhaegal, advisor = _advisor([COLLAR, COPPER])
    assert head(state).get("trigger") == "ability"
    state = use(state, 1, advisor)
    assert state.in_play[advisor].knelt
    assert "renown" not in keywords(state, rhaegal)


def test_oldtown_advisor_with_one_chain_cannot_cancel():
    state, rhaegal, advisor = _advisor([COLLAR])
    assert uses(state, 1, advisor) == []
    while head(state).get("trigger") == "ability":
        state = act(state, waiting_seats(state)[0], "pass")
    assert "renown" in keywords(state, rhaegal)


# --- soo_17 Copper Link ---------------------------------------------------------------------


def _link_knelt():
    state = joust(
        {
            "house": "Lannister",
            "in_play": [{"card": PYCELLE, "attachments": [COPPER]}, STEWARD, HOST],
        },
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    pycelle, link = ref(state, 0, PYCELLE), ref(state, 0, COPPER)
    state = start(state, "intrigue", [pycelle])
    return state, pycelle, link


def test_copper_link_gives_a_card_a_trait_of_your_choice_after_its_bearer_kneels():
    state, _pycelle, link = _link_knelt()
    assert head(state).get("trigger") == "knelt"
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, link, knight)
    assert "Maester" in head(state)["options"]
    state = choose(state, "Maester")
    assert "Maester" in traits(state, knight)
    state = drive(state, lambda s: s.phase != "challenges")
    assert "Maester" not in traits(state, knight)  # until the end of the phase


def test_copper_link_offers_a_trait_of_several_words_and_gives_it():
    # The Knight of the Tumblestone is House Tully: Pycelle lacks it, and a choice is letters,
    # digits and "_" only, so it is offered as House_Tully.
    state, pycelle, link = _link_knelt()
    state = use(state, 0, link, pycelle)
    assert "House_Tully" in head(state)["options"]
    state = choose(state, "House_Tully")
    assert "House Tully" in traits(state, pycelle)


def test_copper_link_answers_only_its_bearer_kneeling_once_per_phase():
    state, pycelle, link = _link_knelt()
    state = use(state, 0, link, ref(state, 1, KNIGHT))
    state = choose(state, "Maester")
    state = drive(state, lambda s: head(s).get("point") == "before_challenge")
    assert head(state)["turn"] == 0
    state.in_play[pycelle].knelt = False
    state = start(state, "power", [pycelle])
    assert head(state).get("trigger") != "knelt" or uses(state, 0, link) == []  # once a phase


def test_copper_link_answers_only_its_bearer_kneeling():
    state = joust(
        {"house": "Lannister", "in_play": [{"card": PYCELLE, "attachments": [COPPER]}, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert uses(state, 0, ref(state, 0, COPPER)) == []


def test_copper_link_goes_on_a_maester_character_only():
    state = joust(
        {"house": "Lannister", "in_play": [PYCELLE, STEWARD], "hand": [COPPER], "gold": 5},
        {"house": "Stark"},
        phase="marshalling",
    )
    link = state.players[0].hand[0]
    hosts = {a.cards[1] for a in marshals(state, 0, link) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, PYCELLE)}


# --- soo_20 At the Gates --------------------------------------------------------------------

AT_THE_GATES = "soo_20"
CRESSEN = "Maester Cressen"  # Baratheon Maester, cost 2
AEMON = "core_151"  # neutral Maester, cost 2


def _gates(used=()):
    me = {
        "house": "Baratheon",
        "deck": [CRESSEN, PYCELLE, AEMON, KNIGHT, KNIGHT],
        "used_plots": list(used),
    }
    state = plots_revealed(AT_THE_GATES, "Calm Over Westeros", me=me)
    return until_prompt(state, "search")


def test_at_the_gates_puts_a_neutral_or_in_house_maester_of_cost_3_or_less_into_play():
    state = _gates()
    step = head(state)
    assert step["seat"] == 0
    found = set(codes(state, step["candidates"]))
    assert found == {code(CRESSEN), AEMON}  # not Pycelle (Lannister), not a Knight
    cressen = next(r for r in step["candidates"] if state.cards[r].code == code(CRESSEN))
    state = answer(state, "search", [cressen])
    assert code(CRESSEN) in codes(state, state.players[0].in_play)
    assert len(state.players[0].deck) + len(state.players[0].hand) == 4


def test_at_the_gates_does_nothing_with_a_city_plot_in_your_used_pile():
    me = {"house": "Baratheon", "deck": [CRESSEN, KNIGHT], "used_plots": [AT_THE_GATES]}
    state = plots_revealed(AT_THE_GATES, "Calm Over Westeros", me=me)
    assert head(state).get("purpose") != "search"
    assert code(CRESSEN) not in codes(state, state.players[0].in_play)
