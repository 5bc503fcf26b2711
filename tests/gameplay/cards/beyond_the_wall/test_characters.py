"""Beyond the Wall characters (beyond_the_wall/characters.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cards.beyond_the_wall.helpers import (
    BASTARD_OF_ROBERT,
    EDRICS_KNIGHT,
    LIONS_WILL,
    MANCE,
    MILK,
    POISONED_WINE,
    STINKING_DRUNK,
    WEAPONSMITH,
    give_icon,
    give_trait,
    respond,
)
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    calm_marshalling,
    events,
    hand,
    head,
    initiate,
    joust,
    marshals,
    ref,
    shadow,
    start,
    until_phase,
    until_prompt,
    until_window,
    use,
    uses,
)

BENJEN = "dotn_21"
TYWINS_MAN = "dotn_23"
ZEALOT = "dotn_25"
NUTE = "dotn_27"
MAEGI = "dotn_29"
LEMONWOOD = "dotn_31"
STONESNAKE = "dotn_33"
CROW = "dotn_34"
MAMMOTH = "dotn_36"


def _marshal(state, seat, card, *host):
    return act(state, seat, "marshal:play", [card, *host])


# --- dotn_21 Benjen Stark ------------------------------------------------------------------


def _benjen_position():
    state = calm_marshalling(
        {"hand": [BENJEN], "gold": 5, "in_play": [{"card": KNIGHT, "knelt": True}, HOST]},
        {"in_play": [MANCE, {"card": STEWARD, "knelt": True}]},
    )
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    give_trait(state, knight, "Night's Watch")
    give_trait(state, host, "Night's Watch")  # standing: nothing to stand
    give_trait(state, ref(state, 1, STEWARD), "Wildling")  # kneeling: nothing to kneel
    benjen = hand(state, 0, BENJEN)[0]
    return _marshal(state, 0, benjen), benjen


def test_benjen_stands_a_kneeling_nights_watch_character():
    state, benjen = _benjen_position()
    state = respond(state, "entered_play", 0, benjen)
    prompt = head(state)
    assert prompt["purpose"] == "stand_or_kneel"
    knight, mance = ref(state, 0, KNIGHT), ref(state, 1, MANCE)
    assert sorted(prompt["candidates"]) == sorted([knight, mance])
    state = answer(state, "stand_or_kneel", [knight])
    assert not state.in_play[knight].knelt and not state.in_play[mance].knelt


def test_benjen_kneels_a_standing_wildling_character():
    state, benjen = _benjen_position()
    state = respond(state, "entered_play", 0, benjen)
    mance = ref(state, 1, MANCE)
    state = answer(state, "stand_or_kneel", [mance])
    assert state.in_play[mance].knelt and state.in_play[ref(state, 0, KNIGHT)].knelt


def test_benjen_needs_a_kneeling_nights_watch_or_standing_wildling():
    state = calm_marshalling(
        {"hand": [BENJEN], "gold": 5, "in_play": [HOST]},
        {"in_play": [{"card": MANCE, "knelt": True}]},
    )
    give_trait(state, ref(state, 0, HOST), "Night's Watch")
    benjen = hand(state, 0, BENJEN)[0]
    state = _marshal(state, 0, benjen)
    assert uses(state, 0, benjen) == []


# --- dotn_23 Lord Tywin's Man --------------------------------------------------------------


def _tywins_man(attackers):
    state = joust(
        {"house": "Lannister", "in_play": [TYWINS_MAN, KNIGHT]},
        {"house": "Lannister", "in_play": [WEAPONSMITH, HOST]},
    )
    state = start(state, "military", [ref(state, 0, name) for name in attackers])
    return until_prompt(state, "defenders")


def test_lord_tywins_man_keeps_house_lannister_characters_from_defending():
    state = _tywins_man([TYWINS_MAN])
    assert head(state)["candidates"] == [ref(state, 1, HOST)]


def test_lord_tywins_man_only_while_he_is_attacking():
    state = _tywins_man([KNIGHT])
    assert sorted(head(state)["candidates"]) == sorted(
        [ref(state, 1, WEAPONSMITH), ref(state, 1, HOST)]
    )


# --- dotn_25 Zealot of the Light -----------------------------------------------------------


def _dominance(zealot_knelt=False, theirs=()):
    return joust(
        {"house": "Baratheon", "in_play": [{"card": ZEALOT, "knelt": zealot_knelt}, HOST]},
        {"house": "Stark", "in_play": list(theirs), "hand": [KNIGHT, STEWARD, HOST]},
        phase="dominance",
    )


def test_zealot_discards_a_card_at_random_after_you_win_dominance():
    state = _dominance()
    zealot = ref(state, 0, ZEALOT)
    state = respond(state, "dominance_won", 0, zealot)
    assert events(state, "ability")[-1]["card"] == zealot
    assert len(state.players[1].hand) == 2 and len(state.players[1].discard) == 1


def test_zealot_needs_you_to_win_dominance_and_to_stand():
    state = _dominance(theirs=[HOST, HOST])  # seat 1 wins dominance
    assert events(state, "dominance")[-1]["seat"] == 1
    assert uses(state, 0, ref(state, 0, ZEALOT)) == []
    state = _dominance(zealot_knelt=True)
    assert events(state, "dominance")[-1]["seat"] == 0
    assert uses(state, 0, ref(state, 0, ZEALOT)) == []


# --- dotn_27 Nute the Barber ---------------------------------------------------------------


def test_nute_discards_a_card_for_one_str_until_the_end_of_the_phase():
    state = calm_marshalling({"in_play": [NUTE], "hand": [KNIGHT, STEWARD]})
    nute = ref(state, 0, NUTE)
    state = use(state, 0, nute)
    state = answer(state, "discard_cost", [hand(state, 0, KNIGHT)[0]])
    assert strength(state, nute) == 4
    state = use(state, 0, nute)  # no limit; the only card left is discarded
    assert strength(state, nute) == 5 and state.players[0].hand == []
    state = until_phase(state, "challenges")
    assert strength(state, nute) == 3


def test_nute_needs_a_card_in_hand():
    state = calm_marshalling({"in_play": [NUTE]})
    assert uses(state, 0, ref(state, 0, NUTE)) == []


# --- dotn_29 Maegi Crone -------------------------------------------------------------------


def _wine_on(target):
    state = calm_marshalling(
        {"house": "Targaryen", "hand": [POISONED_WINE], "gold": 5, "in_play": [MAEGI]},
        {"in_play": [target]},
    )
    wine = hand(state, 0, POISONED_WINE)[0]
    return _marshal(state, 0, wine, ref(state, 1, target))


def test_maegi_crone_draws_after_a_characters_str_is_reduced_to_zero():
    state = calm_marshalling(
        {"house": "Targaryen", "hand": [POISONED_WINE], "gold": 5, "in_play": [MAEGI]},
        {"in_play": [STEWARD]},
    )
    state.players[0].deck = [state.new_card("core_1", 0)]
    wine = hand(state, 0, POISONED_WINE)[0]
    state = _marshal(state, 0, wine, ref(state, 1, STEWARD))
    state = respond(state, "strength_reduced", 0, ref(state, 0, MAEGI))
    assert len(state.players[0].hand) == 1 and state.players[0].deck == []


def test_maegi_crone_not_while_the_str_is_above_zero():
    state = _wine_on(NUTE)
    assert strength(state, ref(state, 1, NUTE)) == 1
    assert uses(state, 0, ref(state, 0, MAEGI)) == []


# --- dotn_31 Maester of Lemonwood ----------------------------------------------------------


def _lemonwood(attachments):
    state = calm_marshalling(
        {"house": "Martell", "hand": [LEMONWOOD], "gold": 5},
        {"in_play": [{"card": HOST, "attachments": attachments}, KNIGHT]},
    )
    lemonwood = hand(state, 0, LEMONWOOD)[0]
    return _marshal(state, 0, lemonwood), lemonwood


def test_maester_of_lemonwood_discards_any_number_of_condition_attachments():
    state, lemonwood = _lemonwood([STINKING_DRUNK, MILK, POISONED_WINE])
    state = respond(state, "played", 0, lemonwood)
    prompt = head(state)
    names = sorted(state.code(r) for r in prompt["candidates"])
    assert names == sorted(["core_69", "core_145"])  # not Poisoned Wine (an Item)
    state = answer(state, "discard", prompt["candidates"])
    left = [state.code(r) for r in state.players[1].in_play]
    assert "core_69" not in left and "core_145" not in left and "core_101" in left


def test_maester_of_lemonwood_only_when_played_from_hand_with_conditions_in_play():
    state, lemonwood = _lemonwood([POISONED_WINE])
    assert uses(state, 0, lemonwood) == []
    # Put into play (not played): no response.
    state = calm_marshalling(
        {"house": "Martell"}, {"in_play": [{"card": HOST, "attachments": [MILK]}]}
    )
    card = state.new_card(LEMONWOOD, 0)
    state.players[0].hand.append(card)
    from gameplay.engine.uses import put_into_play

    put_into_play(state, 0, card)
    assert all(s.get("trigger") != "played" for s in state.queue)


# --- dotn_33 Stonesnake --------------------------------------------------------------------


def _stealth(attacker):
    state = joust(
        {"house": "Martell", "in_play": [attacker]},
        {"in_play": [BASTARD_OF_ROBERT, KNIGHT]},
        auto_pass=False,
    )
    give_icon(state, ref(state, 0, attacker), "military")  # Stonesnake has no icon
    return initiate(state, "military", [ref(state, 0, attacker)])


def test_stonesnake_may_bypass_a_character_with_stealth():
    state = _stealth(STONESNAKE)
    prompt = head(state)
    assert prompt["purpose"] == "stealth"
    bastard = ref(state, 1, BASTARD_OF_ROBERT)
    assert bastard in prompt["candidates"]
    state = answer(state, "stealth", [bastard])
    assert bastard in state.challenge["blocked"]


def test_other_stealth_characters_cannot_bypass_stealth():
    state = _stealth(EDRICS_KNIGHT)
    assert head(state)["candidates"] == [ref(state, 1, KNIGHT)]


# --- dotn_34 Traitorous Crow ---------------------------------------------------------------


def test_traitorous_crow_discards_a_nights_watch_or_wildling_character():
    state = calm_marshalling({"gold": 3, "in_play": [KNIGHT]}, {"in_play": [MANCE, HOST]})
    crow = shadow(state, 0, CROW)
    state = act(state, 0, "use", [crow], choice="shadow")
    prompt = until_prompt(state, "discard")
    candidates = head(prompt)["candidates"]
    mance = ref(prompt, 1, MANCE)
    assert sorted(candidates) == sorted([crow, mance])  # itself too; not the Knight or Host
    state = answer(prompt, "discard", [mance])
    assert [state.code(r) for r in state.players[1].discard] == [MANCE]


def test_traitorous_crow_is_forced_and_may_take_itself():
    state = calm_marshalling({"gold": 3}, {"in_play": [HOST]})
    crow = shadow(state, 0, CROW)
    state = act(state, 0, "use", [crow], choice="shadow")
    # Its own only candidate: the prompt answers itself.
    assert crow in state.players[0].discard


# --- dotn_36 Mammoth Riders ----------------------------------------------------------------


def test_mammoth_riders_stops_further_plays_from_hand_this_round():
    me = {"house": "Lannister", "hand": [MAMMOTH, KNIGHT, LIONS_WILL], "gold": 10}
    state = calm_marshalling(me, {"in_play": [HOST]})
    mammoth = hand(state, 0, MAMMOTH)[0]
    knight, event = hand(state, 0, KNIGHT)[0], hand(state, 0, LIONS_WILL)[0]
    assert marshals(state, 0, knight) and uses(state, 0, event)
    state = _marshal(state, 0, mammoth)
    assert marshals(state, 0, knight) == [] and uses(state, 0, event) == []
    try:
        _marshal(state, 0, knight)
        raise AssertionError("marshalled after Mammoth Riders")
    except IllegalAction as error:
        assert "from your hand" in str(error)


def test_mammoth_riders_returns_to_hand_at_the_end_of_the_challenges_phase():
    state = joust({"in_play": [MAMMOTH, KNIGHT]}, {})
    mammoth = ref(state, 0, MAMMOTH)
    state = until_phase(state, "plot")
    assert mammoth not in state.in_play
    assert [state.code(r) for r in state.players[0].hand] == [MAMMOTH]
    assert state.players[0].in_play == [ref(state, 0, KNIGHT)]  # only itself


def test_mammoth_riders_put_into_play_sets_no_limit():
    state = calm_marshalling({"hand": [KNIGHT], "gold": 5})
    card = state.new_card(MAMMOTH, 0)
    state.players[0].hand.append(card)
    from gameplay.engine.uses import put_into_play

    put_into_play(state, 0, card)
    state = until_window(state, None) if head(state).get("trigger") else state
    assert marshals(state, 0, hand(state, 0, KNIGHT)[0])
