"""Return of the Others: the characters (return_of_the_others/characters.py), played through
legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import icons, strength
from gameplay.engine.cards.vocabulary import has_trait
from gameplay.engine.game import legal_actions
from tests.gameplay.cards.return_of_the_others.helpers import play_on
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    agenda_position,
    answer,
    build,
    choose,
    code,
    defend,
    events,
    hand,
    head,
    joust,
    plots_revealed,
    ref,
    start,
    to_window,
    until_phase,
    until_prompt,
    until_seat,
    use,
    uses,
    waiting_seats,
)

COLDHANDS = "dotn_101"
CRANNOGMEN = "dotn_102"
MELISANDRE = "dotn_105"
TARLE = "dotn_107"
BALERION = "dotn_109"
HEALER = "dotn_111"
OLD_BEAR = "dotn_113"
LOST_RANGER = "dotn_115"
MANCE = "dotn_116"
RANGERS = "dotn_19"  # The Rangers: Night's Watch characters you control gain a Military icon
LAST_GIANTS = "dotn_79"  # The Last Giants: Wildling characters you control get +1 STR
RANGER = "dotn_13"  # Ranger of the Watch, a Night's Watch character
DAYNE = "pots_11"  # House Dayne Knight, no text
RHAEGAL = "core_109"  # a Dragon
CROSSROADS = "core_138"  # a neutral location, 1 influence
ATTACK_FROM_THE_SEA = "pots_58"  # "When revealed, kneel all locations."
CASTLE_BLACK = "dotn_15"  # a The North location
FLEEING = "core_187"  # Fleeing to the Wall: its "when revealed" cannot be canceled
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window


def after_challenge(state) -> bool:
    """Back in the challenges turn after a challenge (before dominance)."""
    return bool(events(state, "challenge_resolved")) and head(state).get("point") == (
        "before_challenge"
    )


def marshalling(me: dict, them: dict | None = None, **options):
    return joust(
        {"house": "Stark", **me},
        {"house": "Lannister", **(them or {})},
        phase="marshalling",
        **options,
    )


def claimed_against(me: dict, attackers=(HOST,), ctype="military"):
    """Seat 1 attacks seat 0 with ``attackers`` (unopposed) in a ``ctype`` challenge."""
    state = joust(
        {"house": "Lannister", "in_play": list(attackers), "hand": [RUMORS]},
        {"house": "Stark", "hand": [RUMORS], **me},
    )
    return start(state, ctype, [ref(state, 0, a) for a in attackers])


# --- dotn_101 Coldhands -------------------------------------------------------------------


def test_dotn_101_coldhands_cannot_be_killed_by_military_claim():
    state = claimed_against({"in_play": [COLDHANDS, KNIGHT]})
    cold, knight = ref(state, 1, COLDHANDS), ref(state, 1, KNIGHT)
    state = play_on(defend(state, []))
    assert knight in state.players[1].dead  # the only character the claim may kill
    assert cold in state.in_play


def test_dotn_101_coldhands_gains_the_rangers_military_icon_as_a_night_s_watch_character():
    state = agenda_position([{"in_play": [COLDHANDS]}, {}], {0: RANGERS})
    cold = ref(state, 0, COLDHANDS)
    assert icons(state, cold) == {"military"}
    # Only the agenda reads him as Night's Watch: no other card does.
    assert not has_trait(state, cold, "Night's Watch")


def test_dotn_101_coldhands_gets_the_last_giants_strength_as_a_wildling():
    state = agenda_position([{"in_play": [COLDHANDS]}, {}], {0: LAST_GIANTS})
    assert strength(state, ref(state, 0, COLDHANDS)) == 5


def test_dotn_101_coldhands_costs_1_less_with_blood_of_the_first_men_as_a_unique_wildling():
    state = agenda_position(
        [{"hand": [COLDHANDS], "gold": 3}, {}], {0: "dotn_119"}, phase="marshalling"
    )
    cold = hand(state, 0, COLDHANDS)[0]
    state = act(state, 0, "marshal:play", [cold])
    assert cold in state.in_play and state.players[0].gold == 0


def test_dotn_101_coldhands_gains_nothing_from_an_opponent_s_the_north_agenda():
    state = agenda_position([{"in_play": [COLDHANDS]}, {}], {1: RANGERS})
    assert icons(state, ref(state, 0, COLDHANDS)) == set()


def test_dotn_101_coldhands_must_attack_in_the_first_challenge_he_is_eligible_for():
    state = agenda_position([{"in_play": [COLDHANDS, KNIGHT]}, {}], {0: RANGERS})
    cold, knight = ref(state, 0, COLDHANDS), ref(state, 0, KNIGHT)
    state = act(state, 0, "challenge:military", choice="1")
    assert head(state)["purpose"] == "attackers"
    state = act(state, 0, "select", [knight])
    with pytest.raises(IllegalAction):
        act(state, 0, "done")
    state = act(state, 0, "select", [cold])  # the selection is full: declared
    assert set(events(state, "attackers")[0]["cards"]) == {cold, knight}


def test_dotn_101_coldhands_must_participate_only_once_a_round():
    state = agenda_position(
        [{"in_play": [COLDHANDS, KNIGHT]}, {"in_play": [HOST, HOST], "hand": [RUMORS]}],
        {0: RANGERS},
    )
    cold = ref(state, 0, COLDHANDS)
    state = act(state, 0, "challenge:military", choice="1")
    state = act(state, 0, "select", [cold])
    state = act(state, 0, "done")
    # Later in the round he stands again (by hand) and is eligible for the opponent's
    # military challenge: he need not defend it.
    state = pass_to_opponents_challenge(state)
    state.in_play[cold].knelt = False
    state = act(state, 1, "challenge:military", choice="0")
    state = until_prompt(state, "defenders")  # its one Host attacks
    assert cold in head(state)["candidates"] and "required" not in head(state)
    state = act(state, 0, "done")  # no defenders: legal
    assert events(state, "defenders")[-1]["cards"] == []


def pass_to_opponents_challenge(state):
    """Pass until seat 1's challenges turn (before its first challenge)."""
    for _ in range(80):
        step = head(state)
        if step.get("point") == "before_challenge" and step.get("turn") == 1:
            return until_seat(state, 1)
        if step.get("purpose") == "defenders":
            state = act(state, 1, "done")
            continue
        if step.get("name") == "prompt":
            state = act(state, step["seat"], "select", step["candidates"][:1])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no challenges turn for seat 1")


def test_dotn_101_coldhands_must_defend_the_first_challenge_he_is_eligible_for():
    state = agenda_position([{"in_play": [HOST]}, {"in_play": [COLDHANDS, KNIGHT]}], {1: RANGERS})
    cold = ref(state, 1, COLDHANDS)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_prompt(state, "defenders")
    assert head(state)["required"] == [cold]
    with pytest.raises(IllegalAction):
        act(state, 1, "done")
    state = act(state, 1, "select", [cold])
    state = act(state, 1, "done")
    assert events(state, "defenders")[-1]["cards"] == [cold]


# --- dotn_102 Reed's Crannogmen -----------------------------------------------------------


def test_dotn_102_reed_s_crannogmen_stand_or_kneel_a_character_after_leaving_play():
    state = claimed_against({"in_play": [CRANNOGMEN]})
    host = ref(state, 0, HOST)
    crannogmen = ref(state, 1, CRANNOGMEN)
    state = to_window(state, "killed")
    assert crannogmen in state.players[1].dead
    state = until_seat(state, 1)
    assert state.in_play[host].knelt
    state = use(state, 1, crannogmen, host)
    assert not state.in_play[host].knelt  # the knelt attacker stands


def test_dotn_102_reed_s_crannogmen_kneel_a_standing_character():
    state = claimed_against({"in_play": [CRANNOGMEN]}, attackers=(HOST,))
    state = to_window(state, "killed")
    state = until_seat(state, 1)
    crannogmen, host = state.players[1].dead[0], ref(state, 0, HOST)
    state.in_play[host].knelt = False
    state = use(state, 1, crannogmen, host)
    assert state.in_play[host].knelt


def test_dotn_102_reed_s_crannogmen_do_not_answer_another_character_leaving_play():
    state = claimed_against({"in_play": [KNIGHT, CRANNOGMEN]})
    knight, crannogmen = ref(state, 1, KNIGHT), ref(state, 1, CRANNOGMEN)
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    state = answer(state, "claim_kill", [knight])
    state = play_on(state, lambda s: bool(uses(s, 1, crannogmen)))
    assert knight in state.players[1].dead and not uses(state, 1, crannogmen)


# --- dotn_105 Melisandre ------------------------------------------------------------------


def test_dotn_105_melisandre_claims_1_more_power_when_you_win_dominance():
    state = build(
        phase="dominance",
        players=[
            {"house": "Baratheon", "in_play": [MELISANDRE], "revealed_plot": "Summoning Season"},
            {"house": "Stark", "revealed_plot": "Summoning Season"},
        ],
    )
    state = play_on(state)
    assert state.players[0].power == 2  # 1 for dominance, 1 for Melisandre


def test_dotn_105_melisandre_adds_nothing_when_an_opponent_wins_dominance():
    state = build(
        phase="dominance",
        players=[
            {"house": "Baratheon", "in_play": [MELISANDRE], "revealed_plot": "Summoning Season"},
            {"house": "Stark", "in_play": [HOST, HOST], "revealed_plot": "Summoning Season"},
        ],
    )
    state = play_on(state)
    assert state.players[0].power == 0 and state.players[1].power == 1


def test_dotn_105_melisandre_claims_1_more_power_for_an_unopposed_intrigue_challenge():
    state = joust(
        {"house": "Baratheon", "in_play": [MELISANDRE], "hand": [RUMORS]}, {"house": "Stark"}
    )
    state = play_on(start(state, "intrigue", [ref(state, 0, MELISANDRE)]), after_challenge)
    assert state.players[0].power == 2  # 1 for unopposed, 1 for Melisandre


def test_dotn_105_melisandre_adds_nothing_to_an_unopposed_military_challenge():
    state = joust(
        {"house": "Baratheon", "in_play": [MELISANDRE, HOST], "hand": [RUMORS]},
        {"house": "Stark"},
    )
    state = play_on(start(state, "military", [ref(state, 0, HOST)]), after_challenge)
    assert state.players[0].power == 1


# --- dotn_107 Tarle the Thrice-Drowned ----------------------------------------------------


def test_dotn_107_tarle_saves_himself_from_being_killed_and_claims_1_power():
    state = claimed_against({"house": "Greyjoy", "in_play": [TARLE]})
    tarle = ref(state, 1, TARLE)
    state = to_window(state, "would_be_killed")
    state = until_seat(state, 1)
    state = use(state, 1, tarle, tarle)
    state = until_phase(state, "dominance")
    assert tarle in state.in_play and state.in_play[tarle].power == 1


def test_dotn_107_tarle_with_3_power_is_discarded_from_play():
    state = claimed_against({"house": "Greyjoy", "in_play": [{"card": TARLE, "power": 2}]})
    tarle = ref(state, 1, TARLE)
    state = to_window(state, "would_be_killed")
    state = until_seat(state, 1)
    state = use(state, 1, tarle, tarle)
    assert tarle not in state.in_play and tarle in state.players[1].discard


def test_dotn_107_tarle_does_not_save_another_character():
    state = claimed_against({"house": "Greyjoy", "in_play": [TARLE, KNIGHT]})
    tarle, knight = ref(state, 1, TARLE), ref(state, 1, KNIGHT)
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    state = answer(state, "claim_kill", [knight])
    state = play_on(state, lambda s: bool(uses(s, 1, tarle)))
    assert knight in state.players[1].dead and not uses(state, 1, tarle)


# --- dotn_109 Balerion the Black ----------------------------------------------------------


def test_dotn_109_balerion_played_from_hand_kneels_every_non_dragon_character_and_location():
    state = marshalling(
        {"house": "Targaryen", "gold": 10, "hand": [BALERION], "in_play": [RHAEGAL, CROSSROADS]},
        {"in_play": [STEWARD, CROSSROADS]},
    )
    balerion = hand(state, 0, BALERION)[0]
    state = act(state, 0, "marshal:play", [balerion])
    state = until_seat(state, 0)
    state = use(state, 0, balerion)
    assert state.in_play[ref(state, 1, STEWARD)].knelt
    assert state.in_play[ref(state, 1, CROSSROADS)].knelt
    assert state.in_play[ref(state, 0, CROSSROADS)].knelt
    assert not state.in_play[ref(state, 0, RHAEGAL)].knelt  # a Dragon
    assert not state.in_play[balerion].knelt


def test_dotn_109_balerion_answers_only_his_own_play():
    state = marshalling(
        {"house": "Targaryen", "gold": 10, "in_play": [BALERION], "hand": [KNIGHT]},
    )
    knight = hand(state, 0, KNIGHT)[0]
    state = act(state, 0, "marshal:play", [knight])
    assert not uses(state, 0, ref(state, 0, BALERION))


# --- dotn_111 Starfall Healer -------------------------------------------------------------


def _dayne_killed(gold: int, victim: str = DAYNE):
    state = claimed_against({"house": "Martell", "in_play": [HEALER, victim]})
    target = ref(state, 1, victim)
    state.in_play[target].gold = gold
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    state = answer(state, "claim_kill", [target])
    return state, target


def test_dotn_111_starfall_healer_discards_a_gold_token_to_save_a_house_dayne_character():
    state, dayne = _dayne_killed(2)
    state = to_window(state, "would_be_killed")
    healer = ref(state, 1, HEALER)
    state = until_seat(state, 1)
    state = use(state, 1, healer, dayne)
    assert state.in_play[healer].knelt
    assert dayne in state.in_play and state.in_play[dayne].gold == 1


def test_dotn_111_starfall_healer_needs_a_gold_token_on_the_character():
    state, dayne = _dayne_killed(0)
    healer = ref(state, 1, HEALER)
    state = play_on(state, lambda s: bool(uses(s, 1, healer)))
    assert dayne in state.players[1].dead


def test_dotn_111_starfall_healer_saves_only_house_dayne_characters():
    state, knight = _dayne_killed(1, KNIGHT)
    healer = ref(state, 1, HEALER)
    state = play_on(state, lambda s: bool(uses(s, 1, healer)))
    assert knight in state.players[1].dead


# --- dotn_113 Old Bear Mormont ------------------------------------------------------------


def _knelt_by_plot(state, card: str) -> bool:
    return any(e["event"] == "knelt" and e.get("card") == card for e in state.log)


def test_dotn_113_old_bear_mormont_dies_to_cancel_a_when_revealed_effect():
    state = plots_revealed(
        "Calm Over Westeros", ATTACK_FROM_THE_SEA, me={"in_play": [OLD_BEAR, CROSSROADS]}
    )
    crossroads = ref(state, 0, CROSSROADS)
    state = to_window(state, "when_revealed_pending")
    bear = ref(state, 0, OLD_BEAR)
    state = until_seat(state, 0)
    state = use(state, 0, bear)
    assert bear in state.players[0].dead
    state = play_on(state, lambda s: s.phase == "draw")
    assert not _knelt_by_plot(state, crossroads)
    assert events(state, "when_revealed_cancelled")[0]["by"] == bear


def test_dotn_113_without_old_bear_the_when_revealed_effect_resolves():
    state = plots_revealed(
        "Calm Over Westeros", ATTACK_FROM_THE_SEA, me={"in_play": [OLD_BEAR, CROSSROADS]}
    )
    crossroads, bear = ref(state, 0, CROSSROADS), ref(state, 0, OLD_BEAR)
    state = play_on(state, lambda s: s.phase == "draw")
    assert _knelt_by_plot(state, crossroads)
    assert bear in state.in_play


def test_dotn_113_old_bear_mormont_cannot_cancel_a_plot_that_cannot_be_canceled():
    state = plots_revealed("Calm Over Westeros", FLEEING, me={"in_play": [OLD_BEAR, CROSSROADS]})
    bear = ref(state, 0, OLD_BEAR)
    state = play_on(state, lambda s: bool(uses(s, 0, bear)) or s.phase == "draw")
    assert not uses(state, 0, bear) and bear in state.in_play
    assert events(state, "when_revealed")


# --- dotn_115 Lost Ranger -----------------------------------------------------------------


def card(state, card_code: str) -> str:
    """The ref of the (only) card ``card_code``, wherever it is."""
    return next(r for r, c in state.cards.items() if c.code == card_code)


def _ranger_at_dominance(top: str):
    return build(
        phase="dominance",
        players=[
            {
                "in_play": [LOST_RANGER],
                "deck": [top, KNIGHT],
                "revealed_plot": "Summoning Season",
            },
            {"deck": [], "revealed_plot": "Summoning Season"},
        ],
    )


def test_dotn_115_lost_ranger_is_discarded_when_the_top_card_is_not_of_the_north():
    state = _ranger_at_dominance(KNIGHT)
    ranger = card(state, LOST_RANGER)
    state = play_on(state)
    assert ranger not in state.in_play and ranger in state.players[0].discard
    assert len(state.players[0].deck) == 1


def test_dotn_115_lost_ranger_stays_when_the_top_card_is_night_s_watch():
    state = _ranger_at_dominance(RANGER)
    ranger = card(state, LOST_RANGER)
    state = play_on(state)
    assert ranger in state.in_play
    assert [state.code(r) for r in state.players[0].discard] == [RANGER]


def test_dotn_115_lost_ranger_chooses_any_deck():
    state = build(
        phase="dominance",
        players=[
            {"in_play": [LOST_RANGER], "deck": [KNIGHT], "revealed_plot": "Summoning Season"},
            {"deck": [RANGER], "revealed_plot": "Summoning Season"},
        ],
    )
    state = until_prompt(state, "choose_deck")
    state = choose(state, "1")
    state = play_on(state)
    assert ref(state, 0, LOST_RANGER) in state.in_play
    assert [state.code(r) for r in state.players[1].discard] == [RANGER]


# --- dotn_116 Mance Rayder ----------------------------------------------------------------


def test_dotn_116_mance_rayder_blanks_a_the_north_agenda_until_the_end_of_the_phase():
    state = agenda_position(
        [{"in_play": [MANCE]}, {"in_play": [RANGER]}], {1: RANGERS}, phase="marshalling"
    )
    ranger = ref(state, 1, RANGER)
    assert "military" in icons(state, ranger)
    agenda_ref = next(r for r, c in state.cards.items() if c.code == RANGERS)
    mance = ref(state, 0, MANCE)
    state = use(state, 0, mance, agenda_ref)
    assert state.in_play[mance].knelt
    assert "military" not in icons(state, ranger)
    state = play_on(state, lambda s: s.phase == "challenges")
    assert "military" in icons(state, ranger)


def test_dotn_116_mance_rayder_chooses_only_the_north_agendas_and_locations():
    state = agenda_position(
        [{"in_play": [MANCE, CASTLE_BLACK, CROSSROADS]}, {}], {1: "dotn_119"}, phase="marshalling"
    )
    mance = ref(state, 0, MANCE)
    targets = {a.cards[1] for a in uses(state, 0, mance)}
    assert ref(state, 0, CASTLE_BLACK) in targets
    assert ref(state, 0, CROSSROADS) not in targets
    assert len(targets) == 2  # Castle Black and Blood of the First Men


def test_dotn_116_mance_rayder_needs_to_kneel():
    state = agenda_position(
        [{"in_play": [{"card": MANCE, "knelt": True}, CASTLE_BLACK]}, {}], {}, phase="marshalling"
    )
    assert not uses(state, 0, ref(state, 0, MANCE))


# --- dotn_117 Val -------------------------------------------------------------------------

VAL = "dotn_117"


def test_dotn_117_val_draws_a_card_that_must_be_played_as_the_next_action():
    state = joust(
        {"house": "Stark", "in_play": [VAL, KNIGHT], "deck": [RUMORS, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    val = ref(state, 0, VAL)
    state = use(state, 0, val)
    rumors = hand(state, 0, RUMORS)[0]
    assert events(state, "revealed")[-1]["cards"] == [rumors]
    assert not state.in_play[val].knelt  # no cost
    state = until_seat(state, 0)
    actions = legal_actions(state, 0)
    assert actions and all(a.kind == "use" and a.cards[0] == rumors for a in actions)
    with pytest.raises(IllegalAction):
        act(state, 0, "pass")
    state = act(state, 0, "use", [rumors, ref(state, 0, KNIGHT)])
    assert strength(state, ref(state, 0, KNIGHT)) == 5
    assert not [e for e in state.effects if e["query"] == "play_next"]  # played: done


def test_dotn_117_val_discards_the_card_when_it_cannot_be_played_next():
    state = joust(
        {"house": "Stark", "in_play": [VAL], "deck": [HOST, KNIGHT], "hand": [RUMORS]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state = use(state, 0, ref(state, 0, VAL))  # a character, in the challenges phase
    state = until_seat(state, 0)
    assert [state.code(r) for r in state.players[0].discard] == [code(HOST)]
    assert [state.code(r) for r in state.players[0].hand] == [code(RUMORS)]
    assert any(a.kind == "pass" for a in legal_actions(state, 0))


def test_dotn_117_val_discards_a_response_at_the_next_response_opportunity():
    state = joust(
        {"house": "Martell", "in_play": [VAL], "deck": ["dotn_112", KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD], "hand": [RUMORS]},
    )
    state = use(state, 0, ref(state, 0, VAL))
    state = play_on(state, lambda s: bool(s.players[0].discard))
    assert [state.code(r) for r in state.players[0].discard] == ["dotn_112"]
    assert events(state, "phase")[-1]["phase"] == "challenges"  # in the draw's own window


def test_dotn_117_val_cannot_be_used_at_the_draw_cap():
    state = joust(
        {"house": "Stark", "in_play": [VAL], "deck": [KNIGHT], "hand": [RUMORS]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state.players[0].effect_draws = 3
    assert not uses(state, 0, ref(state, 0, VAL))
    state.players[0].effect_draws = 2
    assert uses(state, 0, ref(state, 0, VAL))
