"""The Tower of the Hand characters (gameplay/engine/cards/the_tower_of_the_hand/
characters.py), played through legal actions.

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power, Knight, War crest), Lannisport Steward (2 STR, intrigue), Robert Baratheon
of the Core Set (Lord, Noble), War Host of the North (Army)."""

from __future__ import annotations

import pytest

from gameplay.engine.game import IllegalAction
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    challenge_without,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    shadow,
    start,
    to_window,
    until_seat,
    until_window,
    use,
    uses,
    won_window,
)
from tests.gameplay.scenario import code

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
CORE_ROBERT = "core_71"
ARMY = "War Host of the North"
MASTERY = "core_177"
WARLOCK = "qod_14"  # Warlock of Qarth, Shadow crest

EDDARD, TYWIN, JAIME, ROBERT, ENTOURAGE = "kl_41", "kl_43", "kl_44", "kl_46", "kl_47"
URCHIN, THUG, SPY, PARAMOUR, JON, PRESTON = "kl_50", "kl_51", "kl_53", "kl_55", "kl_57", "kl_58"


def codes_of(state, refs):
    return [state.code(r) for r in refs]


# --- kl_41 Eddard Stark --------------------------------------------------------------------------


def test_kl_41_eddard_costs_one_less_out_of_house_with_a_baratheon_house_card():
    state = build(players=[{"house": "Baratheon", "hand": [EDDARD], "gold": 5}, {}])
    eddard = hand(state, 0, EDDARD)[0]
    assert [a.kind for a in marshals(state, 0, eddard)] == ["marshal:play"]  # 4 + 2 - 1
    state = act(state, 0, "marshal:play", [eddard])
    assert state.players[0].gold == 0 and eddard in state.in_play


def test_kl_41_eddard_penalty_is_not_reduced_for_another_house():
    state = build(players=[{"house": "Lannister", "hand": [EDDARD], "gold": 5}, {}])
    eddard = hand(state, 0, EDDARD)[0]
    assert not marshals(state, 0, eddard)  # 4 + 2
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [eddard])
    state = build(players=[{"house": "Stark", "hand": [EDDARD], "gold": 4}, {}])
    assert marshals(state, 0, hand(state, 0, EDDARD)[0])  # no penalty in his own House


def _mastery_on(target_name, *, second=False):
    masteries = [MASTERY] * (2 if second else 1)
    them = {"in_play": [{"card": target_name, "knelt": True}], "hand": masteries}
    state = joust({"in_play": [EDDARD], "deck": [HOST, KNIGHT]}, them)
    target = ref(state, 1, target_name)
    state = until_seat(state, 1)
    mastery = hand(state, 1, MASTERY)[0]
    state = act(state, 1, "use", [mastery, target])
    return state, target


def test_kl_41_eddard_cancels_an_effect_choosing_a_noble_character_and_draws():
    state, target = _mastery_on(CORE_ROBERT, second=True)
    eddard = ref(state, 0, EDDARD)
    assert head(state).get("trigger") == "ability"
    state = use(state, 0, eddard)
    state = pass_windows(state)
    assert state.in_play[target].knelt  # Distinct Mastery cancelled
    assert len(state.players[0].hand) == 1
    # Limit once per phase: a second Distinct Mastery cannot be cancelled.
    state = until_seat(state, 1)
    state = act(state, 1, "use", [hand(state, 1, MASTERY)[0], target])
    assert head(state).get("trigger") != "ability" or not uses(state, 0, eddard)
    state = pass_windows(state)
    assert not state.in_play[target].knelt


def test_kl_41_eddard_does_not_cancel_an_effect_choosing_a_non_noble():
    state, target = _mastery_on(KNIGHT)  # War crest, not Noble
    eddard = ref(state, 0, EDDARD)
    assert not uses(state, 0, eddard)
    state = pass_windows(state)
    assert not state.in_play[target].knelt


# --- kl_43 Tywin Lannister -----------------------------------------------------------------------


def test_kl_43_tywin_returns_a_shadow_card_in_play_to_shadows():
    state = joust({"in_play": [TYWIN]}, {"in_play": [WARLOCK, {"card": STEWARD, "knelt": True}]})
    tywin, warlock = ref(state, 0, TYWIN), ref(state, 1, WARLOCK)
    state = won_window(state, "intrigue", [tywin])
    targets = {a.cards[1] for a in uses(state, 0, tywin)}
    assert targets == {warlock}  # only a card with the Shadow crest
    state = use(state, 0, tywin, warlock)
    assert warlock in state.players[1].shadows and warlock not in state.in_play


def test_kl_43_tywin_needs_to_have_participated():
    state = joust({"in_play": [TYWIN, STEWARD]}, {"in_play": [WARLOCK]})
    tywin = ref(state, 0, TYWIN)
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, tywin)


# --- kl_44 Ser Jaime Lannister -------------------------------------------------------------------


def test_kl_44_jaime_kneels_a_non_army_character():
    state = joust({"in_play": [JAIME]}, {"in_play": [ARMY, HOST, STEWARD]})
    jaime, army, steward = ref(state, 0, JAIME), ref(state, 1, ARMY), ref(state, 1, STEWARD)
    state = won_window(state, "intrigue", [jaime])
    # Not an Army (War Host, Host of Storm's End), not the kneeling Jaime.
    assert {a.cards[1] for a in uses(state, 0, jaime)} == {steward}
    state = use(state, 0, jaime, steward)
    assert state.in_play[steward].knelt and not state.in_play[army].knelt


def test_kl_44_jaime_needs_to_have_participated():
    state = joust({"in_play": [JAIME, STEWARD]}, {"in_play": [HOST]})
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, ref(state, 0, JAIME))


# --- kl_46 Robert Baratheon ----------------------------------------------------------------------


def test_kl_46_robert_stands_three_times_a_phase_with_no_cards_in_shadows():
    state = joust({"in_play": [{"card": ROBERT, "knelt": True}]}, {})
    robert = ref(state, 0, ROBERT)
    for _ in range(3):
        state = until_seat(state, 0)
        state = use(state, 0, robert)
        assert not state.in_play[robert].knelt
        state.in_play[robert].knelt = True
    state = until_seat(state, 0)
    assert not uses(state, 0, robert)  # Limit 3 times per phase


def test_kl_46_robert_cannot_stand_while_any_card_is_in_shadows():
    state = joust({"in_play": [{"card": ROBERT, "knelt": True}]}, {})
    robert = ref(state, 0, ROBERT)
    assert uses(state, 0, robert)
    shadow(state, 1, WARLOCK)  # an opponent's card in Shadows counts too
    assert not uses(state, 0, robert)
    state = joust({"in_play": [ROBERT]}, {})
    assert not uses(state, 0, ref(state, 0, ROBERT))  # already standing


# --- kl_47 Royal Entourage -----------------------------------------------------------------------


def test_kl_47_royal_entourage_comes_in_from_hand_after_a_lord_is_played():
    state = build(players=[{"house": "Baratheon", "hand": [CORE_ROBERT, ENTOURAGE], "gold": 4}, {}])
    entourage = hand(state, 0, ENTOURAGE)[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, CORE_ROBERT)[0]])
    state = until_window(state, "played")
    state = use(state, 0, entourage)
    assert entourage in state.in_play and state.players[0].gold == 0


def test_kl_47_royal_entourage_comes_in_from_the_discard_pile():
    state = build(
        players=[{"house": "Baratheon", "hand": ["core_70"], "discard": [ENTOURAGE], "gold": 2}, {}]
    )
    entourage = state.players[0].discard[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, "core_70")[0]])  # Selyse, a Lady
    state = until_window(state, "played")
    state = use(state, 0, entourage)
    assert entourage in state.in_play


def test_kl_47_royal_entourage_only_after_your_own_lord_or_lady():
    state = build(players=[{"house": "Baratheon", "hand": [HOST, ENTOURAGE], "gold": 7}, {}])
    entourage = hand(state, 0, ENTOURAGE)[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]])  # not a Lord or Lady
    assert not uses(state, 0, entourage)
    state = build(
        players=[
            {"house": "Baratheon", "hand": [CORE_ROBERT], "gold": 4},
            {"house": "Baratheon", "hand": [ENTOURAGE]},
        ]
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, CORE_ROBERT)[0]])
    assert not uses(state, 1, hand(state, 1, ENTOURAGE)[0])  # an opponent's Lord


# --- kl_50 Seaside Urchin, kl_51 Harbor Thug -----------------------------------------------------


def test_kl_50_seaside_urchin_mills_and_claims_power_on_an_attachment_or_event():
    state = joust({"in_play": [URCHIN]}, {"deck": [MASTERY, HOST]})
    urchin = ref(state, 0, URCHIN)
    state = won_window(state, "intrigue", [urchin])
    state = use(state, 0, urchin)
    assert codes_of(state, state.players[1].discard) == [MASTERY]
    assert state.in_play[urchin].power == 1


def test_kl_50_seaside_urchin_claims_nothing_on_a_character_and_only_in_intrigue():
    state = joust({"in_play": [URCHIN]}, {"deck": [HOST, MASTERY]})
    urchin = ref(state, 0, URCHIN)
    state = won_window(state, "intrigue", [urchin])
    state = use(state, 0, urchin)
    assert len(state.players[1].discard) == 1 and state.in_play[urchin].power == 0
    state = joust({"in_play": [URCHIN, KNIGHT]}, {"deck": [MASTERY]})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, URCHIN))


def test_kl_51_harbor_thug_mills_and_claims_power_on_a_character():
    state = joust({"in_play": [THUG]}, {"deck": [HOST, MASTERY]})
    thug = ref(state, 0, THUG)
    state = won_window(state, "military", [thug])
    state = use(state, 0, thug)
    assert codes_of(state, state.players[1].discard) == [code(HOST)]
    assert state.in_play[thug].power == 1


def test_kl_51_harbor_thug_claims_nothing_on_an_event_and_needs_a_military_win():
    state = joust({"in_play": [THUG]}, {"deck": [MASTERY]})
    thug = ref(state, 0, THUG)
    state = won_window(state, "military", [thug])
    state = use(state, 0, thug)
    assert len(state.players[1].discard) == 1 and state.in_play[thug].power == 0
    state = joust({"in_play": [THUG, STEWARD]}, {"deck": [HOST]})
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, ref(state, 0, THUG))
    state = joust({"in_play": [THUG, KNIGHT]}, {"deck": [HOST]})
    thug = ref(state, 0, THUG)
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, thug)  # not participating


# --- kl_53 Merchant Spy --------------------------------------------------------------------------


def test_kl_53_merchant_spy_pays_to_look_and_again_to_discard_an_attachment():
    state = joust(
        {"in_play": [SPY, KNIGHT], "gold": 2},
        {"hand": ["Gutter Rat's Cunning", HOST], "gold": 0},
    )
    spy = ref(state, 0, SPY)
    rat = hand(state, 1, "Gutter Rat's Cunning")[0]
    state = use(state, 0, spy)
    assert head(state).get("purpose") == "discard_from_hand"
    assert set(head(state)["candidates"]) == {rat}  # only the attachment
    state = answer(state, "discard_from_hand", [rat])
    assert state.in_play[spy].knelt
    assert state.players[0].gold == 0 and state.players[1].gold == 2
    assert rat in state.players[1].discard and len(state.players[1].hand) == 1


def test_kl_53_merchant_spy_may_keep_the_second_gold_and_needs_the_first():
    state = joust({"in_play": [SPY, KNIGHT], "gold": 1}, {"hand": ["Gutter Rat's Cunning"]})
    spy = ref(state, 0, SPY)
    state = use(state, 0, spy)
    if head(state).get("purpose") == "discard_from_hand":
        assert head(state)["candidates"] == []  # no gold left for the discard
        state = answer(state, "discard_from_hand", [])
    assert state.players[1].gold == 1 and len(state.players[1].hand) == 1
    state = joust({"in_play": [SPY], "gold": 0}, {"hand": [HOST]})
    assert not uses(state, 0, ref(state, 0, SPY))
    state = build(players=[{"in_play": [SPY], "gold": 3}, {}])  # marshalling: not Challenges
    assert not uses(state, 0, ref(state, 0, SPY))


# --- kl_55 Dornish Paramour ----------------------------------------------------------------------


def test_kl_55_dornish_paramour_is_discarded_to_draw_two():
    state = joust({"in_play": [PARAMOUR], "deck": [HOST, KNIGHT, STEWARD]}, {})
    paramour = ref(state, 0, PARAMOUR)
    state = won_window(state, "power", [paramour])
    state = use(state, 0, paramour)
    assert paramour in state.players[0].discard and len(state.players[0].hand) == 2


def test_kl_55_dornish_paramour_needs_to_have_participated_in_a_win():
    state = joust({"in_play": [PARAMOUR, KNIGHT], "deck": [HOST]}, {})
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, ref(state, 0, PARAMOUR))


# --- kl_57 Jon Arryn -----------------------------------------------------------------------------


def test_kl_57_jon_arryn_cannot_be_saved_and_brings_in_a_noble():
    state = joust(
        {"in_play": [HOST]},
        {
            "in_play": [{"card": JON, "duplicates": [JON]}],
            "hand": [CORE_ROBERT],
            "discard": [KNIGHT],
        },
    )
    jon = ref(state, 1, JON)
    state = start_military(state)
    state = to_window(state, "killed", claim=[jon])
    assert jon in state.players[1].dead  # the duplicate did not save him
    state = use(state, 1, jon)
    assert head(state).get("purpose") == "put_into_play"
    robert = hand(state, 1, CORE_ROBERT)[0]
    assert head(state)["candidates"] == [robert]  # a Noble character only
    state = answer(state, "put_into_play", [robert])
    assert robert in state.in_play


def start_military(state):
    return start(state, "military", [ref(state, 0, HOST)])


# --- kl_58 Ser Preston Greenfield ----------------------------------------------------------------


def test_kl_58_ser_preston_claims_power_after_a_defending_win():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [PRESTON]})
    preston = ref(state, 1, PRESTON)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", [preston])
    state = use(state, 1, preston)
    assert state.in_play[preston].power == 1


def test_kl_58_ser_preston_only_as_the_defender():
    state = joust({"in_play": [PRESTON]}, {})
    preston = ref(state, 0, PRESTON)
    challenge_without(state, "military", [preston], 0, preston)  # he won attacking


def test_kl_49_engine_effect_draws_trigger_cards_drawn_with_the_phase():
    """The engine's ``cards_drawn`` trigger (moves.effect_draw), which The Iron Throne
    (kl_49) answers: its event names the seat, the count and the phase."""
    from gameplay.engine import moves

    state = joust({"deck": [HOST, KNIGHT], "in_play": [KNIGHT]}, {"in_play": ["kl_49"]})
    assert state.phase == "challenges"
    moves.effect_draw(state, 0, 2)
    assert head(state).get("trigger") == "cards_drawn"
    assert head(state)["event"] == {"seat": 0, "count": 2, "phase": "challenges"}
    state = joust({}, {})
    moves.effect_draw(state, 0, 1)  # nothing drawn: no window
    assert head(state).get("trigger") != "cards_drawn"
