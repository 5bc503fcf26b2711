"""The Wildling Horde: the characters (the_wildling_horde/characters.py), played through legal
actions."""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import icons, strength, traits
from tests.gameplay.cards.the_wildling_horde.helpers import logged_after, phase_over
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    agenda_position,
    answer,
    choose,
    events,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    pass_windows,
    ref,
    start,
    until_prompt,
    until_seat,
    use,
    uses,
    watch,
)
from tests.gameplay.scenario import build

GHOST = "dotn_61"
BALON = "dotn_63"
ACOLYTE = "dotn_65"
PYKE = "dotn_67"
HATCHLING = "dotn_69"
ADVISOR = "dotn_71"
EDD = "dotn_73"
RECRUITER = "dotn_74"
HORDE = "dotn_76"
WISEWOMAN = "dotn_77"
RUMORS = "kl_116"  # Rumors of War: Any Phase event, choose a character: +3 STR, military icon
DRAGONS_TAIL = "pots_43"  # Marshalling event: you and that opponent each draw 2 cards
TOMMEN = "ator_106"  # Marshalling: kneel Tommen Baratheon to draw a card
SKIRMISHER = "pots_14"  # a House Dayne character
RHAEGAL = "Rhaegal"
NORTH_AGENDA = "dotn_19"  # a The North agenda (any would do)
DECK = [KNIGHT] * 10


# --- dotn_61 Ghost --------------------------------------------------------------------------


def test_dotn_61_ghost_returns_to_his_owners_hand_in_any_phase():
    state = marshalling({"house": "Stark", "in_play": [GHOST]})
    ghost = ref(state, 0, GHOST)
    state = use(state, 0, ghost)
    assert ghost in state.players[0].hand and ghost not in state.in_play


def test_dotn_61_ghost_returns_to_his_owner_not_his_controller():
    state = joust({"house": "Stark", "in_play": [GHOST]}, {"house": "Lannister"})
    ghost = ref(state, 0, GHOST)
    moves.take_control(state, ghost, 1)
    state = until_seat(state, 1)
    assert not uses(state, 0, ghost)  # only his controller may use it
    state = use(state, 1, ghost)
    assert ghost in state.players[0].hand and ghost not in state.players[1].hand


# --- dotn_63 Ser Balon Swann ----------------------------------------------------------------


def _balon_defends(ctype: str):
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT, STEWARD]},
        {"house": "Lannister", "in_play": [{"card": BALON, "knelt": True}, KNIGHT, STEWARD]},
    )
    attacker = ref(state, 0, STEWARD if ctype == "intrigue" else KNIGHT)
    state = pass_windows(start(state, ctype, [attacker]))
    assert head(state).get("purpose") == "defenders"
    return state, ref(state, 1, BALON)


def test_dotn_63_ser_balon_swann_defends_an_intrigue_challenge_while_kneeling():
    state, balon = _balon_defends("intrigue")
    assert balon in head(state)["candidates"]
    state = answer(state, "defenders", [balon])
    assert events(state, "defenders")[-1]["cards"] == [balon]
    assert state.in_play[balon].knelt


def test_dotn_63_ser_balon_swann_does_not_defend_a_military_challenge_while_kneeling():
    state, balon = _balon_defends("military")
    assert balon not in head(state)["candidates"]


# --- dotn_65 Acolyte of the Flame -----------------------------------------------------------


def test_dotn_65_acolyte_of_the_flame_gets_1_str_only_while_standing():
    state = joust(
        {"house": "Baratheon", "in_play": [ACOLYTE]}, {"house": "Stark", "in_play": [KNIGHT]}
    )
    acolyte = ref(state, 0, ACOLYTE)
    assert strength(state, acolyte) == 3
    state = start(state, "power", [acolyte])  # attacking kneels it
    assert state.in_play[acolyte].knelt
    assert strength(state, acolyte) == 2


# --- dotn_67 Mercenaries from Pyke ----------------------------------------------------------


def _dominance(gold: int):
    return build(
        phase="dominance",
        players=[
            {
                "house": "Greyjoy",
                "in_play": [PYKE],
                "gold": gold,
                "revealed_plot": "Calm Over Westeros",
            },
            {"house": "Stark", "revealed_plot": "Calm Over Westeros"},
        ],
    )


def _pyke_paid(state) -> int:
    return sum(
        e["gold"] for e in events(state, "gold_paid") if e["reason"] == "mercenaries_from_pyke"
    )


def _pyke_discarded(state) -> bool:
    return [state.code(r) for r in state.players[0].discard] == [PYKE]


def test_dotn_67_mercenaries_from_pyke_stay_when_2_gold_is_paid():
    state = until_prompt(_dominance(3), "pay_or_discard")
    pyke = ref(state, 0, PYKE)
    state = choose(state, "pay")
    assert _pyke_paid(state) == 2 and pyke in state.in_play


def test_dotn_67_mercenaries_from_pyke_may_be_discarded_instead():
    state = until_prompt(_dominance(2), "pay_or_discard")
    state = choose(state, "discard")
    assert _pyke_discarded(state) and _pyke_paid(state) == 0


def test_dotn_67_mercenaries_from_pyke_are_discarded_without_2_gold():
    state = _dominance(1)  # no question: the phase runs on to the next plot choice
    assert _pyke_discarded(state) and _pyke_paid(state) == 0


def test_dotn_67_mercenaries_from_pyke_only_at_the_beginning_of_the_dominance_phase():
    state = joust(
        {"house": "Greyjoy", "in_play": [PYKE], "gold": 0}, {"house": "Stark", "in_play": [KNIGHT]}
    )
    pyke = ref(state, 0, PYKE)
    state, _ = watch(state, 0, pyke, phase_over("challenges"))
    assert pyke in state.players[0].discard  # discarded once the dominance phase began
    dominance = {"event": "phase", "phase": "dominance"}
    assert logged_after(state, dominance, {"event": "left_play", "card": pyke})


# --- dotn_69 Green Hatchling ----------------------------------------------------------------


def test_dotn_69_green_hatchling_is_discarded_when_you_control_rhaegal():
    state = marshalling(
        {"house": "Targaryen", "in_play": [HATCHLING], "hand": [RHAEGAL], "gold": 10}
    )
    hatchling = ref(state, 0, HATCHLING)
    rhaegal = hand(state, 0, RHAEGAL)[0]
    state = act(state, 0, "marshal:play", [rhaegal])
    assert hatchling in state.players[0].discard


def test_dotn_69_green_hatchling_stays_while_an_opponent_controls_rhaegal():
    state = marshalling(
        {"house": "Targaryen", "in_play": [HATCHLING]},
        {"house": "Targaryen", "in_play": [RHAEGAL]},
    )
    assert ref(state, 0, HATCHLING) in state.in_play


def test_dotn_69_green_hatchling_gains_an_intrigue_icon_defending_an_intrigue_challenge():
    state = joust(
        {"house": "Targaryen", "in_play": [HATCHLING]},
        {"house": "Lannister", "in_play": [STEWARD]},
        first_player=1,
    )
    hatchling = ref(state, 0, HATCHLING)
    assert "intrigue" not in icons(state, hatchling)
    state = pass_windows(start(state, "intrigue", [ref(state, 1, STEWARD)]))
    assert head(state).get("purpose") == "defenders"
    assert hatchling in head(state)["candidates"]


def test_dotn_69_green_hatchling_has_no_intrigue_icon_in_its_own_intrigue_challenge():
    state = joust(
        {"house": "Targaryen", "in_play": [HATCHLING, STEWARD, STEWARD]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    hatchling = ref(state, 0, HATCHLING)
    state = act(pass_windows(state), 0, "challenge:intrigue", choice="1")
    assert head(state).get("purpose") == "attackers"
    assert hatchling not in head(state)["candidates"]


# --- dotn_71 Starfall Advisor ---------------------------------------------------------------


def test_dotn_71_starfall_advisor_comes_into_play_with_2_gold():
    state = marshalling({"house": "Martell", "hand": [ADVISOR], "gold": 3})
    advisor = hand(state, 0, ADVISOR)[0]
    state = act(state, 0, "marshal:play", [advisor])
    assert state.in_play[advisor].gold == 2 and state.players[0].gold == 0


def _rumors_on(target_name: str, gold: int = 2):
    state = joust(
        {"house": "Martell", "in_play": [ADVISOR, SKIRMISHER, KNIGHT]},
        {"house": "Martell", "hand": [RUMORS], "in_play": [STEWARD]},
    )
    advisor = ref(state, 0, ADVISOR)
    state.in_play[advisor].gold = gold
    target = ref(state, 0, target_name)
    state = until_seat(state, 1)
    state = use(state, 1, hand(state, 1, RUMORS)[0], target)
    return state, advisor, target


@pytest.mark.parametrize("dayne", [ADVISOR, SKIRMISHER])
def test_dotn_71_starfall_advisor_cancels_an_event_choosing_a_house_dayne_character(dayne):
    state, advisor, target = _rumors_on(dayne)
    assert head(state).get("trigger") == "ability"
    before = strength(state, target)
    state = use(state, 0, advisor)
    assert state.in_play[advisor].gold == 1
    state = pass_windows(state)
    assert strength(state, target) == before


def test_dotn_71_starfall_advisor_does_not_cancel_for_a_non_dayne_character():
    state, advisor, knight = _rumors_on(KNIGHT)
    assert head(state).get("trigger") != "ability" and not uses(state, 0, advisor)
    assert strength(state, knight) == 5  # Rumors of War resolved: 2 + 3


def test_dotn_71_starfall_advisor_needs_a_gold_token():
    state, advisor, skirmisher = _rumors_on(SKIRMISHER, gold=0)
    assert head(state).get("trigger") != "ability" and not uses(state, 0, advisor)
    assert strength(state, skirmisher) == 5


def test_dotn_71_starfall_advisor_does_not_cancel_a_locations_ability():
    hill = "kl_106"  # King Robert's Hammer: a location that stands a House Baratheon character
    state = joust(
        {"house": "Martell", "in_play": [ADVISOR]},
        {"house": "Baratheon", "in_play": [hill, {"card": "dotn_65", "knelt": True}]},
    )
    advisor = ref(state, 0, ADVISOR)
    state.in_play[advisor].gold = 2
    acolyte = ref(state, 1, "dotn_65")
    state.effects.append(
        {"query": "traits", "subject": acolyte, "until": "round", "add": ["House Dayne"]}
    )
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, hill), acolyte)
    assert head(state).get("trigger") != "ability" and not uses(state, 0, advisor)
    assert not state.in_play[acolyte].knelt  # the Hammer stood it


# --- dotn_73 Dolorous Edd -------------------------------------------------------------------


def _edd_draws(agenda: str | None) -> int:
    me = {"house": "Stark", "in_play": [EDD], "hand": [DRAGONS_TAIL, DRAGONS_TAIL], "deck": DECK}
    agendas = {0: agenda} if agenda else {}
    state = agenda_position([me, {"house": "Lannister", "deck": DECK}], agendas, "marshalling")
    before = len(state.players[0].hand)
    for _ in range(2):  # 2 + 2 cards drawn by effects
        state = use(state, 0, hand(state, 0, DRAGONS_TAIL)[0])
    return len(state.players[0].hand) - (before - 2)


def test_dotn_73_dolorous_edd_raises_the_draw_cap_for_a_the_north_agenda():
    assert _edd_draws(NORTH_AGENDA) == 4


def test_dotn_73_dolorous_edd_does_not_raise_it_without_a_the_north_agenda():
    assert _edd_draws(None) == 3


# --- dotn_74 Recruiter for the Watch --------------------------------------------------------


def test_dotn_74_recruiter_gives_a_character_the_nights_watch_trait_for_the_phase():
    state = joust(
        {"house": "Stark", "in_play": [RECRUITER]}, {"house": "Lannister", "in_play": [STEWARD]}
    )
    recruiter, steward = ref(state, 0, RECRUITER), ref(state, 1, STEWARD)
    state = use(state, 0, recruiter, steward)
    assert state.in_play[recruiter].knelt
    assert "Night's Watch" in traits(state, steward)
    state, _ = watch(state, 0, recruiter, phase_over("challenges"))
    assert "Night's Watch" not in traits(state, steward)


def test_dotn_74_a_kneeling_recruiter_cannot_recruit():
    state = joust(
        {"house": "Stark", "in_play": [{"card": RECRUITER, "knelt": True}]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    assert not uses(state, 0, ref(state, 0, RECRUITER))


# --- dotn_76 The Wildling Horde -------------------------------------------------------------


def _horde_marshalling(agenda: str | None):
    me = {"house": "Stark", "hand": [HORDE], "gold": 6}
    agendas = {0: agenda} if agenda else {}
    return agenda_position([me, {"house": "Lannister"}], agendas, "marshalling")


def test_dotn_76_the_wildling_horde_costs_1_less_with_a_the_north_agenda():
    state = _horde_marshalling(NORTH_AGENDA)
    horde = hand(state, 0, HORDE)[0]
    state = act(state, 0, "marshal:play", [horde])
    assert horde in state.in_play and state.players[0].gold == 0


def test_dotn_76_the_wildling_horde_costs_7_without_a_the_north_agenda():
    state = _horde_marshalling(None)
    horde = hand(state, 0, HORDE)[0]
    assert not marshals(state, 0, horde)
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [horde])


# --- dotn_77 Wildling Wisewoman -------------------------------------------------------------


def _wisewoman(me: dict):
    return marshalling(
        {"house": "Lannister", "deck": DECK, **me},
        {"house": "Stark", "in_play": [WISEWOMAN], "deck": DECK},
    )


def test_dotn_77_wildling_wisewoman_cancels_an_opponents_draw():
    state = _wisewoman({"hand": [DRAGONS_TAIL]})
    wisewoman = ref(state, 1, WISEWOMAN)
    state = use(state, 0, hand(state, 0, DRAGONS_TAIL)[0])
    assert head(state).get("trigger") == "ability"
    state = use(state, 1, wisewoman)
    assert state.in_play[wisewoman].knelt
    state = pass_windows(state)
    assert not events(state, "draw") and not state.players[0].hand


def test_dotn_77_wildling_wisewoman_cancels_a_character_ability_that_draws():
    state = _wisewoman({"in_play": [TOMMEN]})
    state = use(state, 0, ref(state, 0, TOMMEN))
    state = use(state, 1, ref(state, 1, WISEWOMAN))
    state = pass_windows(state)
    assert not state.players[0].hand


def test_dotn_77_wildling_wisewoman_does_not_cancel_an_effect_without_a_draw():
    state = _wisewoman({"in_play": [RECRUITER]})
    state = use(state, 0, ref(state, 0, RECRUITER), ref(state, 0, RECRUITER))
    assert head(state).get("trigger") != "ability"  # nobody could cancel it
    assert not uses(state, 1, ref(state, 1, WISEWOMAN))


def test_dotn_77_wildling_wisewoman_does_not_cancel_her_own_players_draw():
    state = marshalling(
        {"house": "Lannister", "in_play": [WISEWOMAN, TOMMEN], "deck": DECK},
        {"house": "Stark", "deck": DECK},
    )
    wisewoman = ref(state, 0, WISEWOMAN)
    state = use(state, 0, ref(state, 0, TOMMEN))
    assert head(state).get("trigger") != "ability" and not uses(state, 0, wisewoman)
    assert len(state.players[0].hand) == 1  # Tommen's draw resolved
