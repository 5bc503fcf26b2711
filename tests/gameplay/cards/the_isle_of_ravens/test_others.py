"""The Isle of Ravens events, locations, attachments and plot (soo_66, soo_68, soo_74,
soo_77, soo_78, soo_79, soo_80), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import crests, strength
from gameplay.engine.actions import Action
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    events,
    head,
    joust,
    marshals,
    pass_until,
    plots_revealed,
    ref,
    shadow,
    start,
    to_window,
    until_prompt,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)

LITANY = "soo_66"
VESSEL = "soo_68"
ADVISOR = "soo_69"  # a Learned Maester
PLANS = "soo_74"
OLD_INTRIGUES = "soo_77"
STEEL_LINK = "soo_78"
GOLD_LINK = "soo_79"
OUTWIT = "soo_80"
PRIEST = "Old Red Priest"  # an Asshai character
MARAUDER = "asots_24"  # Ironborn Marauder, a Raider without text
SCHOLAR = "soo_36"  # Oldtown Scholar, a Maester without text
FIEFDOM = "qod_42"  # Kingsroad Fiefdom, 2 influence
POLITICS = "soo_116"  # Citadel Politics, a Citadel event
FAVORS = "Counting Favors"  # when revealed, you and an opponent each draw 3 cards


def _challenge_over(state) -> bool:
    return state.challenge is None


def _finish(state, defenders=()):
    """Declare ``defenders``, take the first candidate of a claim, pass until the challenge
    is over."""
    for _ in range(60):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


def _influence(state, cards):
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", cards)
    return state


# --- soo_66 Litany of Light --------------------------------------------------------------------


def test_litany_of_light_your_asshai_characters_get_str_and_the_learned_crest():
    state = joust(
        {"house": "Baratheon", "in_play": [PRIEST, KNIGHT], "hand": [LITANY]},
        {"house": "Stark", "in_play": [PRIEST]},
        phase="marshalling",
    )
    priest, knight, theirs = ref(state, 0, PRIEST), ref(state, 0, KNIGHT), ref(state, 1, PRIEST)
    state = use(state, 0, state.players[0].hand[0])
    assert strength(state, priest) == 2 and "learned" in crests(state, priest)
    assert strength(state, knight) == 2 and "learned" not in crests(state, knight)  # no Asshai
    assert strength(state, theirs) == 1 and "learned" not in crests(state, theirs)  # not yours
    state = pass_until(state, lambda s: s.phase == "challenges")
    assert strength(state, priest) == 1 and "learned" not in crests(state, priest)


# --- soo_68 Training Vessel --------------------------------------------------------------------


def _vessel_challenge():
    state = joust(
        {"house": "Greyjoy", "in_play": [VESSEL, MARAUDER, KNIGHT]},
        {"house": "Stark", "in_play": [HOST, HOST], "deck": [KNIGHT, HOST]},
    )
    vessel, marauder = ref(state, 0, VESSEL), ref(state, 0, MARAUDER)
    assert uses(state, 0, vessel) == []  # nobody attacking
    state = start(state, "military", [marauder, ref(state, 0, KNIGHT)])
    state = until_window(state, None)
    state = until_seat(state, 0)
    # Attacking Raiders only.
    assert {a.cards[1] for a in uses(state, 0, vessel)} == {marauder}
    state = use(state, 0, vessel, marauder)
    assert state.in_play[vessel].knelt and strength(state, marauder) == 4
    return state, marauder


def test_training_vessel_gives_plus_two_and_discards_the_losers_top_card_on_a_win():
    state, marauder = _vessel_challenge()
    top = state.players[1].deck[0]
    state = _finish(state)
    assert top in state.players[1].discard
    assert strength(state, marauder) == 2  # until the end of the challenge


def test_training_vessel_discards_nothing_when_the_challenge_is_lost():
    state, _ = _vessel_challenge()
    state = _finish(state, [ref(state, 1, HOST), ref(state, 1, HOST, 1)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert state.players[1].discard == [] and len(state.players[1].deck) == 2


# --- soo_74 The Prince's Plans -----------------------------------------------------------------


def test_the_princes_plans_returns_the_top_four_of_the_discard_pile_then_leaves_the_game():
    pile = [KNIGHT, HOST, PRIEST, MARAUDER, SCHOLAR]
    state = joust(
        {"house": "Martell", "in_play": [FIEFDOM, FIEFDOM], "hand": [PLANS], "discard": pile},
        {"house": "Stark"},
        phase="marshalling",
    )
    plans = state.players[0].hand[0]
    bottom, *top = state.players[0].discard
    state = use(state, 0, plans)
    state = _influence(state, [ref(state, 0, FIEFDOM), ref(state, 0, FIEFDOM, 1)])
    assert sorted(state.players[0].hand) == sorted(top)
    assert state.players[0].discard == [bottom]
    assert state.players[0].removed == [plans]
    assert all(state.in_play[r].knelt for r in state.players[0].in_play)


def test_the_princes_plans_needs_four_influence():
    state = joust(
        {"house": "Martell", "in_play": [FIEFDOM], "hand": [PLANS], "discard": [KNIGHT]},
        {"house": "Stark"},
        phase="marshalling",
    )
    assert uses(state, 0, state.players[0].hand[0]) == []


# --- soo_77 Old Intrigues ----------------------------------------------------------------------


def test_old_intrigues_returns_a_citadel_event_once_per_phase():
    state = joust(
        {
            "house": "Stark",
            "in_play": [SCHOLAR, SCHOLAR, KNIGHT],
            "hand": [OLD_INTRIGUES, OLD_INTRIGUES],
            "discard": [POLITICS, LITANY],
        },
        {"house": "Lannister"},
        phase="marshalling",
    )
    first, second = state.players[0].hand
    politics = state.players[0].discard[0]
    # Citadel events only (Litany of Light is not one).
    assert {a.cards[1] for a in uses(state, 0, first)} == {politics}
    state = use(state, 0, first, politics)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 0, SCHOLAR)])
    assert politics in state.players[0].hand
    assert sum(state.in_play[r].knelt for r in state.players[0].in_play) == 1
    assert not state.in_play[ref(state, 0, KNIGHT)].knelt  # a Maester knelt, not the Knight
    state.players[0].discard.append(
        state.players[0].hand.pop(state.players[0].hand.index(politics))
    )
    assert uses(state, 0, second) == []  # Limit 1 per phase


def test_old_intrigues_needs_a_maester_to_kneel():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [OLD_INTRIGUES], "discard": [POLITICS]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    assert uses(state, 0, state.players[0].hand[0]) == []


# --- soo_78 Steel Link -------------------------------------------------------------------------


def test_steel_link_stands_a_location_after_attached_character_kneels_once_per_phase():
    state = joust(
        {
            "house": "Stark",
            "in_play": [
                {"card": SCHOLAR, "attachments": [STEEL_LINK]},
                {"card": FIEFDOM, "knelt": True},
                {"card": FIEFDOM, "knelt": True},
            ],
        },
        {"house": "Lannister", "in_play": [HOST]},
    )
    scholar, link = ref(state, 0, SCHOLAR), ref(state, 0, STEEL_LINK)
    one, two = ref(state, 0, FIEFDOM), ref(state, 0, FIEFDOM, 1)
    state = start(state, "intrigue", [scholar])
    state = to_window(state, "knelt")
    state = until_seat(state, 0)
    assert {a.cards[1] for a in uses(state, 0, link)} == {one, two}
    state = use(state, 0, link, one)
    assert not state.in_play[one].knelt and state.in_play[two].knelt
    state = pass_until(state, lambda s: s.challenge is None and head(s).get("turn") == 1)
    state.in_play[scholar].knelt = False  # stood again (a position set by hand)
    state = start(state, "power", [ref(state, 1, HOST)])
    # Declared as a defender, he kneels (the engine's step, before any automatic pass).
    state = engine_apply(state, Action(0, "select", (scholar,)))
    assert state.in_play[scholar].knelt
    # Limit once per phase: no response window opens for the Link.
    assert head(state).get("trigger") != "knelt"
    assert state.in_play[two].knelt


def test_steel_link_attaches_to_a_maester_only():
    state = joust(
        {"house": "Stark", "in_play": [SCHOLAR, KNIGHT], "hand": [STEEL_LINK], "gold": 5},
        {"house": "Lannister"},
        phase="marshalling",
    )
    link = state.players[0].hand[0]
    targets = {a.cards[1] for a in marshals(state, 0, link) if len(a.cards) > 1}
    assert targets == {ref(state, 0, SCHOLAR)}


# --- soo_79 Gold Link --------------------------------------------------------------------------


def test_gold_link_kneels_its_maester_for_a_gold_per_chain_once_per_phase():
    state = joust(
        {"house": "Stark", "in_play": [{"card": SCHOLAR, "attachments": [GOLD_LINK, GOLD_LINK]}]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    scholar = ref(state, 0, SCHOLAR)
    link = ref(state, 0, GOLD_LINK)
    gold = state.players[0].gold
    state = use(state, 0, link)
    assert state.in_play[scholar].knelt
    assert state.players[0].gold == gold + 2  # two Chain attachments
    state.in_play[scholar].knelt = False  # stood again (a position set by hand)
    assert uses(state, 0, link) == []  # Limit once per phase
    assert uses(state, 0, ref(state, 0, GOLD_LINK, 1)) != []  # the other copy's own limit


def test_gold_link_needs_its_character_standing_and_attaches_to_a_maester_only():
    state = joust(
        {
            "house": "Stark",
            "in_play": [{"card": SCHOLAR, "knelt": True, "attachments": [GOLD_LINK]}, KNIGHT],
            "hand": [GOLD_LINK],
            "gold": 5,
        },
        {"house": "Lannister"},
        phase="marshalling",
    )
    assert uses(state, 0, ref(state, 0, GOLD_LINK)) == []
    card = state.players[0].hand[0]
    targets = {a.cards[1] for a in marshals(state, 0, card) if len(a.cards) > 1}
    assert targets == {ref(state, 0, SCHOLAR)}


# --- soo_80 Outwit -----------------------------------------------------------------------------


def test_outwit_kneels_a_learned_character_to_cancel_a_when_revealed_effect():
    state = plots_revealed(
        OUTWIT,
        FAVORS,
        me={"house": "Targaryen", "in_play": [ADVISOR], "deck": [KNIGHT] * 5},
        them={"house": "Stark", "deck": [HOST] * 5},
    )
    state = to_window(state, "when_revealed_pending")
    state = until_seat(state, 0)
    outwit = state.players[0].revealed_plot
    state = use(state, 0, outwit)
    assert state.in_play[ref(state, 0, ADVISOR)].knelt
    assert events(state, "when_revealed_cancelled")[0]["by"] == outwit
    state = pass_until(state, lambda s: s.phase != "plot")
    assert state.players[1].effect_draws == 0 and state.players[0].effect_draws == 0


def test_outwit_needs_a_learned_character():
    state = plots_revealed(
        OUTWIT,
        FAVORS,
        me={"house": "Targaryen", "in_play": [SCHOLAR], "deck": [KNIGHT] * 5},
        them={"house": "Stark", "deck": [HOST] * 5},
    )
    outwit = state.players[0].revealed_plot
    state = pass_until(state, lambda s: bool(uses(s, 0, outwit)) or s.phase != "plot")
    assert uses(state, 0, outwit) == []
    assert state.players[1].effect_draws == 3  # the effect resolved


# --- soo_71 Royal Favor ------------------------------------------------------------------------

FAVOR = "soo_71"
JHOGO = "core_117"  # a unique Targaryen character, Military and Power
HIRED = "qod_8"  # Hired Swords, a non-unique Targaryen character


def test_royal_favor_its_character_does_not_kneel_to_attack_in_power_challenges():
    state = joust(
        # Lannisport Steward keeps seat 0's turn open after each challenge.
        {"house": "Targaryen", "in_play": [JHOGO, HIRED, STEWARD], "hand": [FAVOR]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    jhogo = ref(state, 0, JHOGO)
    favor = state.players[0].hand[0]
    # Unique Targaryen characters only.
    assert {a.cards[1] for a in uses(state, 0, favor)} == {jhogo}
    state = use(state, 0, favor, jhogo)
    state = start(state, "power", [jhogo])
    assert not state.in_play[jhogo].knelt
    # Only during Power challenges: he kneels to attack in a Military challenge.
    state = start(state, "military", [jhogo])
    assert state.in_play[jhogo].knelt


def test_royal_favor_is_played_in_the_challenges_phase_only():
    state = joust(
        {"house": "Targaryen", "in_play": [JHOGO], "hand": [FAVOR]},
        {"house": "Stark"},
        phase="marshalling",
    )
    assert uses(state, 0, state.players[0].hand[0]) == []


# --- soo_75 Oldtown Raven ----------------------------------------------------------------------

RAVEN = "soo_75"
KEDRY = "soo_33"  # Maester Kedry, a Martell Maester costing 2


def test_oldtown_raven_lowers_the_next_maester_and_ignores_its_gold_penalty():
    state = joust(
        {"house": "Stark", "in_play": [RAVEN], "hand": [KEDRY, KEDRY, KNIGHT], "gold": 5},
        {"house": "Lannister"},
        phase="marshalling",
    )
    raven = ref(state, 0, RAVEN)
    kedry, other, knight = state.players[0].hand
    assert gold_cost(state, 0, kedry) == 4  # 2 and the out-of-House penalty
    state = use(state, 0, raven)
    assert state.in_play[raven].knelt
    assert gold_cost(state, 0, kedry) == 1
    assert gold_cost(state, 0, knight) == 2  # not a Maester
    state = engine_apply(state, marshals(state, 0, kedry)[0])
    assert kedry in state.in_play and state.players[0].gold == 4
    assert gold_cost(state, 0, other) == 4  # the next one only


def test_oldtown_raven_lowers_a_chain_attachment_in_the_marshalling_phase_only():
    state = joust(
        {"house": "Stark", "in_play": [RAVEN, SCHOLAR], "hand": [GOLD_LINK]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    link = state.players[0].hand[0]
    state = use(state, 0, ref(state, 0, RAVEN))
    assert gold_cost(state, 0, link) == 1
    state = joust({"house": "Stark", "in_play": [RAVEN]}, {"house": "Lannister"})
    assert uses(state, 0, ref(state, 0, RAVEN)) == []


# --- soo_76 The Isle of Ravens -----------------------------------------------------------------

ISLE = "soo_76"
FAVOUR = "atoc_58"  # Champion's Favour, an attachment that is no Chain


def test_the_isle_of_ravens_returns_a_chain_that_left_play_to_its_owners_hand():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST, STEWARD]},  # the Steward keeps the turn open
        {
            "house": "Stark",
            "in_play": [ISLE, {"card": SCHOLAR, "attachments": [STEEL_LINK, FAVOUR]}],
        },
    )
    scholar, link = ref(state, 1, SCHOLAR), ref(state, 1, STEEL_LINK)
    isle, ref_favour = ref(state, 1, ISLE), ref(state, 1, FAVOUR)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [], claim=[scholar])
    state = until_seat(state, 1)
    # Chain attachments only.
    assert {a.cards[1] for a in uses(state, 1, isle)} == {link}
    state = use(state, 1, isle, link)
    assert link in state.players[1].hand and state.in_play[isle].knelt
    assert scholar in state.players[1].dead
    assert state.players[1].discard == [ref_favour]


# --- soo_64 Spidercraft ------------------------------------------------------------------------

SPIDERCRAFT = "soo_64"


def test_spidercraft_replaces_the_claim_by_a_chosen_discard_from_the_losers_hand():
    state = joust(
        {"house": "Lannister", "in_play": [{"card": SCHOLAR, "attachments": [SPIDERCRAFT]}]},
        {"house": "Stark", "hand": [HOST, KNIGHT]},
    )
    host_card, knight = state.players[1].hand
    state = start(state, "power", [ref(state, 0, SCHOLAR)])
    state = until_prompt(state, "discard_from_hand")
    step = head(state)
    assert step["seat"] == 0 and sorted(step["candidates"]) == sorted([host_card, knight])
    state = answer(state, "discard_from_hand", [knight])
    assert state.players[1].discard == [knight] and state.players[1].hand == [host_card]
    assert state.players[1].power == 0 and state.players[0].power == 1  # no power claimed


def test_spidercraft_only_when_attached_character_attacked_alone():
    state = joust(
        {
            "house": "Lannister",
            "in_play": [{"card": SCHOLAR, "attachments": [SPIDERCRAFT]}, STEWARD],
        },
        {"house": "Stark", "hand": [HOST, KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, SCHOLAR), ref(state, 0, STEWARD)])
    state = pass_until(state, lambda s: s.challenge is None or head(s).get("name") == "prompt")
    assert head(state).get("purpose") != "discard_from_hand" or head(state)["seat"] != 0
    assert events(state, "looked_at_hand") == []


def test_spidercraft_attaches_to_your_character_with_intrigue_and_power_icons():
    state = joust(
        {"house": "Lannister", "in_play": [SCHOLAR, KNIGHT], "hand": [SPIDERCRAFT], "gold": 5},
        {"house": "Stark", "in_play": [SCHOLAR]},
        phase="marshalling",
    )
    card = state.players[0].hand[0]
    targets = {a.cards[1] for a in marshals(state, 0, card) if len(a.cards) > 1}
    assert targets == {ref(state, 0, SCHOLAR)}


# --- soo_62 The Weasel's Way -------------------------------------------------------------------

WEASEL = "soo_62"
KENNELS = "core_24"  # Winterfell Kennels: kneel and pay 1 gold to search for a Direwolf card
PUP = "core_19"  # Direwolf Pup


def test_the_weasels_way_places_a_card_found_by_a_search_in_the_discard_pile():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [WEASEL]},
        {"house": "Stark", "in_play": [KENNELS], "deck": [PUP, KNIGHT], "gold": 2},
    )
    weasel = state.players[0].hand[0]
    state = until_window(state, None)
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, KENNELS))
    pup = next(r for r in state.players[1].deck if state.code(r) == PUP)
    state = answer(state, "search", [pup])
    pup = next(r for r in state.players[1].hand if state.code(r) == PUP)
    state = to_window(state, "revealed")
    state = until_seat(state, 0)
    # One of the cards revealed by the search only.
    assert {a.cards[1] for a in uses(state, 0, weasel)} == {pup}
    state = use(state, 0, weasel, pup)
    assert pup in state.players[1].discard and pup not in state.players[1].hand
    assert weasel in state.players[0].discard


def test_the_weasels_way_kneels_one_influence_to_draw_a_card():
    state = joust(
        {"house": "Stark", "in_play": [FIEFDOM], "hand": [WEASEL], "deck": [HOST]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    weasel = state.players[0].hand[0]
    state = use(state, 0, weasel)
    state = _influence(state, [ref(state, 0, FIEFDOM)])
    assert len(state.players[0].hand) == 1 and weasel in state.players[0].discard
    assert state.players[0].deck == []
    assert state.in_play[ref(state, 0, FIEFDOM)].knelt


def test_the_weasels_way_needs_influence_to_draw():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [WEASEL], "deck": [HOST]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    assert uses(state, 0, state.players[0].hand[0]) == []


# --- soo_73 Streets of Hellholt ----------------------------------------------------------------

HELLHOLT = "soo_73"


def test_streets_of_hellholt_answers_an_opponents_cost_reducing_effect():
    state = joust(
        {"house": "Stark", "in_play": [RAVEN]},
        {"house": "Martell", "in_play": [HELLHOLT], "hand": [KEDRY, KNIGHT]},
        phase="marshalling",
    )
    hellholt = ref(state, 1, HELLHOLT)
    kedry, knight = state.players[1].hand
    state = use(state, 0, ref(state, 0, RAVEN))
    assert head(state).get("trigger") == "cost_reduced"
    state = until_seat(state, 1)
    state = use(state, 1, hellholt)
    assert state.in_play[hellholt].knelt
    assert gold_cost(state, 1, kedry) == 1  # the next Martell card
    assert gold_cost(state, 1, knight) == 2 + 2  # not Martell: cost and penalty


def test_streets_of_hellholt_does_not_answer_its_own_players_reduction():
    state = joust(
        {"house": "Martell", "in_play": [RAVEN, HELLHOLT], "hand": [KEDRY]},
        {"house": "Stark"},
        phase="marshalling",
    )
    kedry = state.players[0].hand[0]
    state = use(state, 0, ref(state, 0, RAVEN))
    assert uses(state, 0, ref(state, 0, HELLHOLT)) == []
    assert gold_cost(state, 0, kedry) == 1  # the Raven's reduction alone


# --- soo_61 Guardian Wolf ----------------------------------------------------------------------

WOLF = "soo_61"
LORD = "soo_65"  # Stormlands Bastard, a Lord with a Power icon


def _wolf_uses(state, wolf):
    """Its own ability (not the ordinary way out of Shadows, choice ``shadow``)."""
    return [a for a in uses(state, 0, wolf) if a.choice != "shadow"]


def _wolf_position(attacker: str, gold: int = 1):
    # Litany of Light in hand keeps seat 0 asked in each action window.
    state = joust(
        {"house": "Stark", "in_play": [attacker], "gold": gold, "hand": [LITANY]},
        {"house": "Lannister", "in_play": [{"card": STEWARD, "knelt": True}]},
    )
    wolf = shadow(state, 0, WOLF)
    state = start(state, "power", [ref(state, 0, attacker)])
    state = until_window(state, None)
    return until_seat(state, 0), wolf


def test_guardian_wolf_comes_out_of_shadows_knelt_as_a_participant_beside_a_lord():
    state, wolf = _wolf_position(LORD)
    (action,) = _wolf_uses(state, wolf)
    state = act(state, 0, "use", action.cards, action.choice)
    assert wolf in state.in_play and state.in_play[wolf].knelt
    assert wolf in state.challenge["attackers"] and wolf not in state.players[0].shadows
    assert state.players[0].gold == 0  # paid its cost


def test_guardian_wolf_needs_a_participating_lord_or_lady_and_its_cost():
    state, wolf = _wolf_position(KNIGHT)
    assert _wolf_uses(state, wolf) == []  # no Lord or Lady participating
    state, wolf = _wolf_position(LORD, gold=0)
    assert _wolf_uses(state, wolf) == []  # cannot pay the rest of its cost


def test_guardian_wolf_only_in_a_challenge():
    state = joust({"house": "Stark", "in_play": [LORD], "gold": 3}, {"house": "Lannister"})
    wolf = shadow(state, 0, WOLF)
    assert _wolf_uses(state, wolf) == []
