"""Called by the Conclave: Maester Murenmure soo_48, Called to Arms soo_50, Hellholt Engineer
soo_53, Snakeskin Veil soo_54 and Dry Season soo_60, played through legal actions.

Fillers: Knight of the Tumblestone (2 STR, military and power), Host of Storm's End (6 STR,
Baratheon Army), Oldtown Scholar (soo_36, a Maester), Ironborn Marauder (asots_24, a Raider,
2 STR), Loreza Sand (w_110, a Sand Snake), High Ground (qod_41, a non-unique location:
"Challenges: Kneel High Ground to choose and stand an in-House Army character"), Aegon's Hill
(kl_54, a unique location: "Challenges: Kneel Aegon's Hill to look at an opponent's hand"),
Karhold Rookery (soo_42, a non-unique location with [+1 Initiative]), Lead Link (soo_59).
Also Magister Illyrio soo_51 and Galbart Glover soo_41 (with Muster, core_168)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.rules import initiative
from tests.gameplay.cards.called_by_the_conclave.helpers import SCHOLAR
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    choose,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

MURENMURE, ARMS, ENGINEER, VEIL, DRY = "soo_48", "soo_50", "soo_53", "soo_54", "soo_60"
LEAD, ROOKERY = "soo_59", "soo_42"
MARAUDER, LOREZA, HIGH_GROUND, HILL = "asots_24", "w_110", "qod_41", "kl_54"


def _card(state, code):
    return next(r for r in state.in_play if state.code(r) == code)


# --- soo_48 Maester Murenmure ------------------------------------------------------------------


def _murenmure_game(phase):
    return joust(
        {"house": "Greyjoy", "in_play": [MURENMURE, KNIGHT]},
        {"in_play": [{"card": SCHOLAR, "attachments": [LEAD]}]},
        phase=phase,
    )


def test_soo_48_maester_murenmure_cancels_a_triggered_effect_in_marshalling():
    state = until_seat(_murenmure_game("marshalling"), 1)
    knight = ref(state, 0, KNIGHT)
    state = use(state, 1, _card(state, LEAD), knight)
    state = until_window(state, "ability")
    state = use(state, 0, ref(state, 0, MURENMURE))
    assert state.in_play[ref(state, 0, MURENMURE)].knelt
    assert strength(state, knight) == 2


def test_soo_48_maester_murenmure_cancels_only_during_the_marshalling_phase():
    # Seat 0 (nothing to do before seat 1 has passed) passed: seat 1 is asked in its turn.
    state = until_seat(_murenmure_game("challenges"), 1)
    assert head(state)["turn"] == 0
    knight = ref(state, 0, KNIGHT)
    state = use(state, 1, _card(state, LEAD), knight)
    assert not uses(state, 0, ref(state, 0, MURENMURE))
    assert strength(state, knight) == 1


# --- soo_50 Called to Arms ---------------------------------------------------------------------


def _arms_game(deck=5, **me):
    spec = {
        "house": "Greyjoy",
        "in_play": [{"card": MARAUDER, "knelt": True}, {"card": MARAUDER, "knelt": True}, KNIGHT],
        "hand": [ARMS],
        **me,
    }
    return pass_windows(joust(spec, {"deck": [KNIGHT] * deck}))


def _arms(state, count):
    state = use(state, 0, hand(state, 0, ARMS)[0])
    assert head(state)["purpose"] == "discard_count" and head(state)["seat"] == 1
    return choose(state, count)


def test_soo_50_called_to_arms_one_card_stands_your_raiders():
    state = _arms(_arms_game(), "1")
    assert len(state.players[1].discard) == 1 and len(state.players[1].deck) == 4
    assert not any(state.in_play[r].knelt for r in state.players[0].in_play)


def test_soo_50_called_to_arms_two_cards_claims_a_power_per_raider():
    state = _arms(_arms_game(), "2")
    assert len(state.players[1].discard) == 2
    assert state.players[0].power == 2  # two Raiders; the Knight is none


def test_soo_50_called_to_arms_three_cards_gives_raiders_str_and_deadly():
    state = _arms(_arms_game(), "3")
    assert len(state.players[1].discard) == 3
    marauder, knight = ref(state, 0, MARAUDER), ref(state, 0, KNIGHT)
    assert strength(state, marauder) == 3 and "deadly" in keywords(state, marauder)
    assert strength(state, knight) == 2 and "deadly" not in keywords(state, knight)


def test_soo_50_called_to_arms_the_opponent_chooses_what_his_deck_can_fill_in_challenges():
    state = _arms_game(deck=2)
    state = use(state, 0, hand(state, 0, ARMS)[0])
    assert head(state)["options"] == ["1", "2"]
    state = joust({"in_play": [MARAUDER], "hand": [ARMS]}, {"deck": [KNIGHT]}, phase="marshalling")
    assert not uses(state, 0, hand(state, 0, ARMS)[0])


# --- soo_53 Hellholt Engineer ------------------------------------------------------------------


def _engineer_game(copies=1):
    return pass_windows(
        joust(
            {
                "house": "Martell",
                "in_play": [ENGINEER, *[{"card": ROOKERY, "knelt": True}] * copies],
            },
            {
                "house": "Baratheon",
                "in_play": [HIGH_GROUND] * copies + [{"card": HOST, "knelt": True}] * copies,
            },
        )
    )


def _opponent_kneels_high_ground(state, index=0):
    state = until_seat(state, 1)
    return use(state, 1, ref(state, 1, HIGH_GROUND, index), ref(state, 1, HOST, index))


def test_soo_53_hellholt_engineer_stands_your_location_after_an_opponent_kneels_one():
    state = _opponent_kneels_high_ground(_engineer_game())
    state = until_window(state, "knelt")
    rookery = ref(state, 0, ROOKERY)
    state = use(state, 0, ref(state, 0, ENGINEER), rookery)
    assert not state.in_play[rookery].knelt


def test_soo_53_hellholt_engineer_not_after_you_kneel_a_location():
    state = joust(
        {"house": "Baratheon", "in_play": [ENGINEER, HIGH_GROUND, {"card": HOST, "knelt": True}]},
        {},
    )
    state = pass_windows(state)
    state = use(state, 0, ref(state, 0, HIGH_GROUND), ref(state, 0, HOST))
    assert not uses(state, 0, ref(state, 0, ENGINEER))


def test_soo_53_hellholt_engineer_limit_3_times_per_round():
    state = _engineer_game(copies=4)
    engineer = ref(state, 0, ENGINEER)
    for index in range(3):
        state = _opponent_kneels_high_ground(state, index)
        state = until_window(state, "knelt")
        state = use(state, 0, engineer, ref(state, 0, ROOKERY, index))
    state = _opponent_kneels_high_ground(state, 3)
    assert not uses(state, 0, engineer)


# --- soo_54 Snakeskin Veil ---------------------------------------------------------------------


def test_soo_54_snakeskin_veil_makes_its_bearer_immune_to_opponents_card_effects():
    state = joust(
        {"house": "Martell", "in_play": [{"card": LOREZA, "attachments": [VEIL]}, KNIGHT]},
        {"in_play": [{"card": SCHOLAR, "attachments": [LEAD]}]},
    )
    state = until_seat(pass_windows(state), 1)
    targets = {a.cards[1] for a in uses(state, 1, _card(state, LEAD))}
    assert ref(state, 0, KNIGHT) in targets and ref(state, 0, LOREZA) not in targets


def test_soo_54_snakeskin_veil_not_against_your_own_effects_and_on_a_sand_snake_only():
    state = joust(
        {
            "in_play": [
                {"card": LOREZA, "attachments": [VEIL]},
                {"card": SCHOLAR, "attachments": [LEAD]},
            ]
        },
        {},
    )
    state = pass_windows(state)
    assert ref(state, 0, LOREZA) in {a.cards[1] for a in uses(state, 0, _card(state, LEAD))}
    state = joust(
        {"house": "Martell", "in_play": [LOREZA, KNIGHT], "hand": [VEIL], "gold": 5},
        {},
        phase="marshalling",
    )
    found = {a.cards[1:] for a in marshals(state, 0, hand(state, 0, VEIL)[0])}
    assert found == {(ref(state, 0, LOREZA),)}


# --- soo_60 Dry Season -------------------------------------------------------------------------


def _dry_game(plot=DRY):
    """Seat 0's challenges turn, where it is asked first (before the first challenge)."""
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [HIGH_GROUND, HILL, ROOKERY, {"card": HOST, "knelt": True}],
        },
        {"revealed_plot": plot, "hand": [KNIGHT]},
    )
    step = head(state)
    assert (step.get("point"), step.get("turn"), waiting_seats(state)) == (
        "before_challenge",
        0,
        [0],
    ), step
    return state


def test_soo_60_dry_season_blanks_non_unique_locations():
    state = _dry_game()
    assert not uses(state, 0, ref(state, 0, HIGH_GROUND))
    assert initiative(state, 0) == initiative(_dry_game("Calm Over Westeros"), 0) - 1


def test_soo_60_dry_season_leaves_unique_locations_their_text():
    state = _dry_game()
    assert uses(state, 0, ref(state, 0, HILL))
    state = _dry_game("Calm Over Westeros")
    assert uses(state, 0, ref(state, 0, HIGH_GROUND))


# --- soo_51 Magister Illyrio -------------------------------------------------------------------

ILLYRIO, FAVOUR = "soo_51", "atoc_58"  # Champion's Favour: an attachment (melee)


def _illyrio_game(mine=(ILLYRIO, KNIGHT)):
    me = {"house": "Targaryen", "in_play": list(mine), "gold": 10, "discard": [FAVOUR]}
    return joust(me, {"discard": [FAVOUR, KNIGHT]}, phase="marshalling")


def test_soo_51_magister_illyrio_plays_attachments_from_an_opponents_discard_pile():
    state = _illyrio_game()
    favour, knight = state.players[1].discard
    assert not marshals(state, 0, knight)  # a character
    found = marshals(state, 0, favour)
    assert found
    state = apply(state, next(a for a in found if a.cards[1:] == (ref(state, 0, KNIGHT),)))
    assert favour in state.in_play and state.cards[favour].owner == 1
    assert state.in_play[favour].attached_to == ref(state, 0, KNIGHT)


def test_soo_51_magister_illyrio_not_your_own_discard_pile_nor_without_him():
    state = _illyrio_game()
    assert not marshals(state, 0, state.players[0].discard[0])
    state = _illyrio_game(mine=(KNIGHT,))
    assert not marshals(state, 0, state.players[1].discard[0])


# --- soo_41 Galbart Glover ---------------------------------------------------------------------

GALBART, MUSTER = "soo_41", "core_168"  # Muster: kneel a Knight to search your deck for a Knight


def _galbart_game(mine=(GALBART, KNIGHT)):
    me = {
        "in_play": list(mine),
        "hand": [MUSTER],
        "discard": [KNIGHT, HOST],
        "deck": [HOST, KNIGHT, HOST],
    }
    return joust(me, {}, phase="marshalling")


def test_soo_41_galbart_glover_may_search_the_discard_pile_instead_of_the_deck():
    state = _galbart_game()
    knight, host = state.players[0].discard
    state = use(state, 0, hand(state, 0, MUSTER)[0])
    assert head(state)["purpose"] == "search_where"
    state = choose(state, "discard")
    assert head(state)["purpose"] == "search" and head(state)["candidates"] == [knight]
    state = answer(state, "search", [knight])
    assert knight in state.players[0].hand and knight not in state.players[0].discard
    assert host in state.players[0].discard  # with Muster, played
    assert len(state.players[0].deck) == 3


def test_soo_41_galbart_glover_may_still_search_the_deck():
    state = _galbart_game()
    state = use(state, 0, hand(state, 0, MUSTER)[0])
    state = choose(state, "deck")
    assert head(state)["purpose"] == "search" and len(head(state)["candidates"]) == 1
    state = answer(state, "search", head(state)["candidates"])
    assert len(state.players[0].deck) == 2 and len(state.players[0].discard) == 3  # + Muster


def test_soo_41_galbart_glover_only_for_his_controller():
    state = joust(
        {"in_play": [KNIGHT], "hand": [MUSTER], "discard": [KNIGHT], "deck": [KNIGHT]},
        {"in_play": [GALBART]},
        phase="marshalling",
    )
    state = use(state, 0, hand(state, 0, MUSTER)[0])
    assert head(state)["purpose"] == "search"
