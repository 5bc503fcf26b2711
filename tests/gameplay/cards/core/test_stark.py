"""House Stark cards of the Core Set (gameplay/engine/cards/core/stark.py): each card's
effect in a position, and a case where it must not be allowed. The four Honor Guards
(one implementation in stark.py) are tested here too.

Opponents use cards without text of their own where possible (Host of Storm's End, Brown
Ben Plumm, Lannisport Steward, Lurkers at Harrenhal), so other Houses' scripts do not
change these positions."""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import icons, immune_to, keywords, strength
from gameplay.engine.challenges import can_attack
from gameplay.engine.rules import attachment_targets, facts, gold_cost
from gameplay.engine.state import InPlay
from gameplay.engine.steps import run
from gameplay.engine.windows import usable
from tests.gameplay.cardtest import (
    IllegalAction,
    act,
    answer,
    build,
    code,
    defend,
    describe,
    events,
    hand,
    head,
    initiate,
    joust,
    marshalling,
    pass_until,
    pass_windows,
    ref,
    turn,
    until_window,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, no text
# Arya with an influence card and an opponent's Renown character: an action that keeps a
# window open, so a card that is not offered is seen not to be offered in that window.
KEEP_OPEN = ["Arya Stark", "Northern Fiefdoms"]
RENOWNED = ["Brienne of Tarth", "Eddard Stark"]

# --- helpers -----------------------------------------------------------------------------


def at_window(me, them=None, *, phase="dominance"):
    """A two-player position at the action window of ``phase`` (seat 0 first)."""
    state = build(phase=phase, players=[me, them or {}])
    assert head(state).get("name") == "window", head(state)
    return state


def by_choice(state, seat, source, choice):
    """The use of ability ``choice`` (its index) of ``source``."""
    found = [a for a in uses(state, seat, source) if a.choice == choice]
    assert len(found) == 1, found
    return found[0]


# --- core_1 Ice --------------------------------------------------------------------------


def test_ice_kills_another_participating_character_and_is_discarded():
    state = joust(
        {"in_play": [{"card": "Eddard Stark", "attachments": ["core_1"]}]},
        {"in_play": ["Lurkers at Harrenhal", "Lannisport Steward"]},
    )
    eddard, ice = ref(state, 0, "Eddard Stark"), ref(state, 0, "core_1")
    lurkers, steward = ref(state, 1, "Lurkers at Harrenhal"), ref(state, 1, "Lannisport Steward")
    assert not uses(state, 0, ice)  # no challenge: Eddard is not participating
    state = initiate(state, "power", [eddard])
    state = defend(state, [lurkers])
    state = until_window(state)
    assert waiting_seats(state) == [0]
    # Not Eddard himself, not the Steward that stays home.
    assert {a.cards[1] for a in uses(state, 0, ice)} == {lurkers}
    state = use(state, 0, ice, lurkers)
    assert ice in state.players[0].discard and ice not in state.in_play
    state = pass_windows(state)
    assert lurkers in state.players[1].dead and steward in state.players[1].in_play
    assert resolved_strength(state) == [3, 0]


def test_ice_attaches_only_to_house_stark_characters():
    state = joust({"in_play": ["Eddard Stark"], "hand": ["core_1"]}, {"in_play": [HOST]})
    ice = hand(state, 0, "core_1")[0]
    assert attachment_targets(state, facts(state, ice), 0) == [ref(state, 0, "Eddard Stark")]


def resolved_strength(state):
    return events(state, "challenge_resolved")[-1]["strength"]


# --- core_2 Nymeria, core_3 Summer -------------------------------------------------------


def _nymeria_on(character, knelt=False):
    state = joust(
        {"in_play": ["Knight of the Tumblestone", "Knight of the Tumblestone"]},
        {"in_play": [{"card": character, "knelt": True, "attachments": ["core_2"]}]},
    )
    nymeria = ref(state, 1, "core_2")
    state.in_play[nymeria].knelt = knelt
    return state, ref(state, 1, character), nymeria


def test_nymeria_saves_arya_from_a_military_claim_and_gives_her_str_and_stealth():
    state, arya, nymeria = _nymeria_on("Arya Stark")
    assert strength(state, arya) == 3 and "stealth" in keywords(state, arya)
    knight = ref(state, 0, "Knight of the Tumblestone")
    state = initiate(state, "military", [knight])  # Arya kneels: claim kills her
    state = until_window(state, "would_be_killed")
    (action,) = uses(state, 1, nymeria)
    assert describe(state, action).startswith("Nymeria: Response: Kneel Nymeria to save")
    state = use(state, 1, nymeria)
    assert state.in_play[nymeria].knelt
    state = pass_windows(state)
    assert arya in state.players[1].in_play
    assert [e["card"] for e in events(state, "saved")] == [arya]


def test_nymeria_kneeling_cannot_save_and_gives_nothing_to_another_character():
    state, sansa, _ = _nymeria_on("Sansa Stark", knelt=True)
    assert strength(state, sansa) == 2 and "stealth" not in keywords(state, sansa)
    state = initiate(state, "military", [ref(state, 0, "Knight of the Tumblestone")])
    assert sansa in state.players[1].dead
    assert not events(state, "saved")


def test_summer_gives_two_str_a_military_icon_and_stealth_to_bran_only():
    state = joust(
        {
            "in_play": [
                {"card": "Bran Stark", "attachments": ["core_3"]},
                {"card": "Catelyn Stark", "attachments": ["core_3"]},
            ],
            "hand": ["core_3"],
        },
        {"in_play": [HOST]},
    )
    bran, catelyn = ref(state, 0, "Bran Stark"), ref(state, 0, "Catelyn Stark")
    assert strength(state, bran) == 3 and icons(state, bran) == {"military"}
    assert "stealth" in keywords(state, bran)
    assert strength(state, catelyn) == 5 and icons(state, catelyn) == {
        "intrigue",
        "power",
        "military",
    }
    assert "stealth" not in keywords(state, catelyn)
    summer = facts(state, hand(state, 0, "core_3")[0])
    assert ref(state, 1, HOST) not in attachment_targets(state, summer, 0)


# --- core_4 Ser Rodrik Cassel ------------------------------------------------------------


def test_ser_rodrik_defends_without_kneeling_and_with_two_more_str():
    state = joust({"in_play": ["Knight of the Tumblestone"]}, {"in_play": ["Ser Rodrik Cassel"]})
    rodrik = ref(state, 1, "Ser Rodrik Cassel")
    assert strength(state, rodrik) == 2
    state = initiate(state, "military")
    state = defend(state, [rodrik])
    assert resolved_strength(state) == [2, 4]
    assert not state.in_play[rodrik].knelt


def test_ser_rodrik_kneels_to_attack_and_gets_no_bonus():
    state = joust({"in_play": ["Ser Rodrik Cassel"]}, {"in_play": ["Knight of the Tumblestone"]})
    rodrik = ref(state, 0, "Ser Rodrik Cassel")
    state = initiate(state, "military")
    assert head(state)["purpose"] == "defenders"
    assert state.in_play[rodrik].knelt and strength(state, rodrik) == 2


# --- core_5 Eddard Stark -----------------------------------------------------------------


def test_eddard_claims_one_power_when_marshalled():
    state = marshalling({"hand": ["core_5", "Arya Stark"], "gold": 10})
    eddard, arya = hand(state, 0, "core_5")[0], hand(state, 0, "Arya Stark")[0]
    state = act(state, 0, "marshal:play", [eddard])
    assert state.in_play[eddard].power == 1
    state = act(state, 0, "marshal:play", [arya])  # another card entering: nothing more
    assert state.in_play[eddard].power == 1 and state.in_play[arya].power == 0


def test_eddard_revealed_in_setup_claims_nothing():
    deck = ["Direwolf Pup"] * 8
    state = build(
        phase="setup",
        players=[{"hand": ["Eddard Stark"], "deck": deck}, {"deck": deck}],
    )
    eddard = hand(state, 0, "Eddard Stark")[0]
    state = act(state, 0, "setup:place", [eddard])
    state = act(state, 1, "setup:place", [])
    assert eddard in state.in_play and state.in_play[eddard].power == 0


# --- core_6 Catelyn Stark ----------------------------------------------------------------


def test_catelyn_makes_an_attacker_not_count_its_str():
    state = joust({"house": "Baratheon", "in_play": [HOST]}, {"in_play": ["Catelyn Stark"]})
    host, catelyn = ref(state, 0, HOST), ref(state, 1, "Catelyn Stark")
    state = initiate(state, "power")
    state = defend(state, [catelyn])
    state = until_window(state, "defenders_declared")
    assert {a.cards[1] for a in uses(state, 1, catelyn)} == {host, catelyn}
    state = use(state, 1, catelyn, host)
    state = pass_windows(state)
    assert resolved_strength(state) == [0, 3]
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert strength(state, host) == 6  # it still has its STR; it just did not count


def test_catelyn_has_no_response_as_an_attacker():
    state = joust({"in_play": ["Catelyn Stark"]}, {"in_play": ["Sansa Stark"]})
    state = initiate(state, "power")
    state = defend(state, [ref(state, 1, "Sansa Stark")])
    assert not events(state, "ability")
    assert resolved_strength(state) == [3, 2]


# --- core_7 Arya Stark -------------------------------------------------------------------


def test_arya_takes_renown_until_the_end_of_the_phase():
    state = joust(
        {"in_play": ["Arya Stark", "Northern Fiefdoms"]},
        {"in_play": ["Eddard Stark", HOST, "Brienne of Tarth"]},
    )
    arya, eddard = ref(state, 0, "Arya Stark"), ref(state, 1, "Eddard Stark")
    # Host has neither keyword; Brienne is immune to opponents' character abilities.
    (action,) = uses(state, 0, arya)
    assert action.cards[1] == eddard
    assert describe(state, action).startswith("Arya Stark: Any phase: Kneel 1 influence")
    state = use(state, 0, arya, eddard)
    assert state.in_play[ref(state, 0, "Northern Fiefdoms")].knelt
    assert "renown" not in keywords(state, eddard) and "deadly" in keywords(state, eddard)
    assert "renown" in keywords(state, arya) and "stealth" not in keywords(state, arya)
    assert not uses(state, 0, arya)  # no standing influence left
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert "renown" in keywords(state, eddard) and "renown" not in keywords(state, arya)


def test_arya_needs_a_standing_influence_card():
    state = joust({"in_play": ["Arya Stark"]}, {"in_play": ["Eddard Stark"]})
    assert not uses(state, 0, ref(state, 0, "Arya Stark"))


# --- core_8 Robb Stark -------------------------------------------------------------------


def _robb():
    state = joust(
        {"in_play": ["Robb Stark"]},
        {"in_play": [{"card": "Brown Ben Plumm", "knelt": True}, "Lannisport Steward"]},
    )
    return state, ref(state, 0, "Robb Stark"), ref(state, 1, "Brown Ben Plumm")


def test_robb_stark_kills_a_character_of_the_loser_after_a_military_win():
    state, robb, ben = _robb()
    steward = ref(state, 1, "Lannisport Steward")
    state = initiate(state, "military")
    state = answer(state, "claim_kill", [steward])
    state = until_window(state, "challenge_won")
    (action,) = uses(state, 0, robb)
    assert action.cards[1] == ben
    assert describe(state, action).startswith("Robb Stark: Response: after you win a Military")
    state = use(state, 0, robb, ben)
    state = pass_windows(state)
    assert ben in state.players[1].dead and steward in state.players[1].dead


def test_robb_stark_does_nothing_after_a_power_win():
    state, _, ben = _robb()
    state = initiate(state, "power")
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert head(state).get("trigger") != "challenge_won"
    assert ben in state.players[1].in_play


# --- core_9 Sansa Stark ------------------------------------------------------------------


def test_sansa_lets_the_player_who_attached_to_her_draw():
    deck = ["Knight of the Tumblestone"] * 3
    state = marshalling({"in_play": ["Sansa Stark"], "hand": ["Summer"], "deck": deck, "gold": 5})
    sansa, summer = ref(state, 0, "Sansa Stark"), hand(state, 0, "Summer")[0]
    state = act(state, 0, "marshal:play", [summer, sansa])
    state = until_window(state, "played")
    state = use(state, 0, sansa)
    assert len(state.players[0].hand) == 1 and len(state.players[0].deck) == 2


def test_sansa_offers_an_opponent_who_attached_to_her_the_draw():
    deck = ["Knight of the Tumblestone"] * 3
    state = marshalling(
        {"in_play": ["Sansa Stark"]},
        {"hand": ["Summer"], "deck": deck, "gold": 5},
    )
    sansa = ref(state, 0, "Sansa Stark")
    state = act(state, 0, "pass")
    summer = hand(state, 1, "Summer")[0]
    state = act(state, 1, "marshal:play", [summer, sansa])
    state = until_window(state, "played")
    assert waiting_seats(state) == [0]  # Sansa's controller uses the response
    state = use(state, 0, sansa)
    assert head(state)["purpose"] == "sansa_draw" and head(state)["seat"] == 1
    state = act(state, 1, "choose", choice="draw")
    assert len(state.players[1].hand) == 1 and not state.players[0].hand


def test_sansa_has_no_response_for_an_attachment_on_someone_else():
    state = marshalling(
        {"in_play": ["Sansa Stark", "Arya Stark"], "hand": ["Summer"], "deck": ["Hodor"]}
    )
    state.players[0].gold = 5
    summer = hand(state, 0, "Summer")[0]
    state = act(state, 0, "marshal:play", [summer, ref(state, 0, "Arya Stark")])
    assert turn(state)[0] == "marshal" and not state.players[0].hand


# --- core_10 Greatjon Umber --------------------------------------------------------------


def test_greatjon_joins_either_side_of_a_power_challenge():
    side = ["Knight of the Tumblestone", "Greatjon Umber"]
    state = joust({"in_play": side}, {"in_play": side})
    knight0, jon0 = ref(state, 0, side[0]), ref(state, 0, side[1])
    knight1, jon1 = ref(state, 1, side[0]), ref(state, 1, side[1])
    state = initiate(state, "power", [knight0])
    state = until_window(state)
    assert waiting_seats(state) == [0]
    # The defender's Greatjon waits for defenders to be declared.
    assert not [a for a in usable(state, 1, head(state)) if a.cards[0] == jon1]
    state = use(state, 0, jon0)
    assert state.challenge["attackers"] == [knight0, jon0] and state.in_play[jon0].knelt
    state = defend(state, [knight1])
    state = until_window(state)
    assert waiting_seats(state) == [1] and not uses(state, 1, jon0)
    state = use(state, 1, jon1)  # the challenge resolves: nobody has anything left
    joined = [(e["card"], e["side"]) for e in events(state, "joined_challenge")]
    assert joined == [(jon0, "attackers"), (jon1, "defenders")]
    assert resolved_strength(state) == [5, 5]


def test_greatjon_stays_out_of_an_intrigue_challenge():
    state = joust(
        {"in_play": ["Catelyn Stark", "Greatjon Umber", "Arya Stark", "Northern Fiefdoms"]},
        {"in_play": ["Eddard Stark"]},
    )
    state = initiate(state, "intrigue")
    state = until_window(state)  # Arya's ability keeps the window open
    assert not uses(state, 0, ref(state, 0, "Greatjon Umber"))
    assert uses(state, 0, ref(state, 0, "Arya Stark"))


# --- core_11 Shaggydog, core_12 Hodor ----------------------------------------------------


def test_shaggydog_with_a_stark_lord_gets_three_str_and_immunity_to_events():
    state = joust({"in_play": ["Shaggydog", "Robb Stark"]}, {"in_play": ["Eddard Stark"]})
    shaggy = ref(state, 0, "Shaggydog")
    assert strength(state, shaggy) == 4 and immune_to(state, shaggy, "event", 1)
    assert not immune_to(state, shaggy, "character", 1)


def test_shaggydog_without_a_stark_lord_of_his_own_is_plain():
    # Arya is a Lady; the opponent's Eddard is not "you control".
    state = joust({"in_play": ["Shaggydog", "Arya Stark"]}, {"in_play": ["Eddard Stark"]})
    shaggy = ref(state, 0, "Shaggydog")
    assert strength(state, shaggy) == 1 and not immune_to(state, shaggy, "event", 1)


def test_hodor_cannot_attack_or_be_kept_out_by_stealth():
    state = joust(
        {"in_play": ["Hodor", "Knight of the Tumblestone"]},
        {"house": "Baratheon", "in_play": ["Bastard of Robert"]},
        first_player=1,
    )
    hodor, knight = ref(state, 0, "Hodor"), ref(state, 0, "Knight of the Tumblestone")
    assert can_attack(state, 0, "military") == [knight]
    state = initiate(state, "power", defender=0)
    assert head(state)["purpose"] == "stealth" and head(state)["candidates"] == [knight]
    assert hodor not in head(state)["candidates"]


# --- core_13 Bran Stark ------------------------------------------------------------------

PLOTS = [
    "Planning Ahead",
    "Uneasy Truce",
    "Blockade",
    "Herding the Masses",
    "Power and Wealth",
    "Rains of Autumn",
]


def _plot_window(in_play):
    state = build(
        phase="plot",
        players=[
            {"in_play": in_play, "plot_deck": PLOTS},
            {"in_play": RENOWNED, "plot_deck": PLOTS},
        ],
    )
    for seat in (0, 1):
        plot = next(r for r in state.players[seat].plot_deck if state.code(r) == code(PLOTS[0]))
        state = act(state, seat, "plot:choose", [plot])
    state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def _plot(state, name):
    return next(r for r in state.players[0].plot_deck if state.code(r) == code(name))


def test_bran_reveals_a_new_plot_up_to_three_times_a_round():
    state = _plot_window(["Bran Stark", *KEEP_OPEN])
    bran = ref(state, 0, "Bran Stark")
    assert state.phase == "plot" and waiting_seats(state) == [0]
    first = state.players[0].revealed_plot
    (action,) = uses(state, 0, bran)
    assert describe(state, action).startswith("Bran Stark: Plot: Kneel Bran Stark")
    for name in ("Uneasy Truce", "Blockade", "Herding the Masses"):
        state.in_play[bran].knelt = False  # stood by some other effect
        state = use(state, 0, bran)
        assert head(state)["purpose"] == "new_plot"
        state = answer(state, "new_plot", [_plot(state, name)])
        assert state.code(state.players[0].revealed_plot) == code(name)
        assert state.in_play[bran].knelt
    assert state.players[0].used_plots[0] == first and len(state.players[0].used_plots) == 3
    state.in_play[bran].knelt = False
    assert not uses(state, 0, bran)  # limit 3 times per round
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [bran])


def test_bran_is_a_plot_phase_action_only():
    state = marshalling({"in_play": ["Bran Stark"]})
    assert not uses(state, 0, ref(state, 0, "Bran Stark"))


# --- core_14 Grey Wind, core_15 Lady -----------------------------------------------------


def test_grey_wind_costs_two_less_while_robb_stark_is_in_play():
    state = marshalling({"hand": ["Grey Wind"]}, {"in_play": ["Robb Stark"]})
    assert gold_cost(state, 0, hand(state, 0, "Grey Wind")[0]) == 2  # anyone's Robb
    state = marshalling({"hand": ["Grey Wind"]}, {"in_play": ["Eddard Stark"]})
    assert gold_cost(state, 0, hand(state, 0, "Grey Wind")[0]) == 4


def test_lady_costs_two_less_with_sansa_and_gives_her_str_and_renown():
    state = marshalling({"hand": ["Lady", "Lady"], "in_play": ["Sansa Stark"], "gold": 0})
    lady = hand(state, 0, "Lady")[0]
    sansa = ref(state, 0, "Sansa Stark")
    assert gold_cost(state, 0, lady) == 0
    assert strength(state, sansa) == 2 and "renown" not in keywords(state, sansa)
    state = act(state, 0, "marshal:play", [lady])
    assert strength(state, sansa) == 3 and "renown" in keywords(state, sansa)
    state = marshalling({"hand": ["Lady"], "in_play": ["Arya Stark"]})
    assert gold_cost(state, 0, hand(state, 0, "Lady")[0]) == 2


# --- Honor Guards: core_17, core_54, core_83, core_119 -----------------------------------

HONOR_GUARDS = ["core_17", "core_54", "core_83", "core_119"]


def _honor_guard_played(guard):
    state = joust(
        {"in_play": ["Knight of the Tumblestone"], "hand": [guard]},
        {"in_play": ["Knight of the Tumblestone"]},
    )
    card = hand(state, 0, guard)[0]
    (action,) = uses(state, 0, card)
    assert describe(state, action).startswith(f"{facts(state, card).name}: Challenges: You may")
    state = use(state, 0, card)
    assert card in state.players[1].in_play and state.in_play[card].controller == 1
    assert state.cards[card].owner == 0 and card not in state.players[0].hand
    return state, card


@pytest.mark.parametrize("guard", HONOR_GUARDS)
def test_honor_guard_returns_after_its_holder_wins_a_challenge_with_it(guard):
    state, card = _honor_guard_played(guard)
    state = initiate(state, "military")
    state = defend(state, [card])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert state.in_play[card].controller == 0 and card in state.players[0].in_play
    assert card not in state.players[1].in_play


@pytest.mark.parametrize("guard", HONOR_GUARDS)
def test_honor_guard_stays_when_its_holder_wins_without_it(guard):
    state, card = _honor_guard_played(guard)
    state = initiate(state, "military")
    state = defend(state, [])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    state = pass_windows(state)
    if head(state).get("purpose") == "claim_kill":
        state = answer(state, "claim_kill", [ref(state, 1, "Knight of the Tumblestone")])
    assert state.in_play[card].controller == 1


def test_honor_guard_goes_to_the_opponent_its_owner_chooses_in_melee():
    knight = "Knight of the Tumblestone"
    players = [{"in_play": [knight], "hand": ["core_17"]}, {"in_play": [knight]}, {}]
    state = build(phase="challenges", players=players)
    guard = hand(state, 0, "core_17")[0]
    state = use(state, 0, guard)
    assert head(state)["purpose"] == "choose_opponent" and head(state)["options"] == ["1", "2"]
    state = act(state, 0, "choose", choice="2")
    assert state.in_play[guard].controller == 2 and guard in state.players[2].in_play
    # The log names who played it and who controls it (issue 21, point 11).
    from gameplay.board import log_lines

    labels = ["ann (Stark)", "bob (Lannister)", "cat (Baratheon)"]
    text = [line["text"] for line in log_lines(state, state.log, labels)]
    name = facts(state, guard).name
    assert f"ann (Stark) puts {name} into play under cat (Baratheon)'s control." in text


@pytest.mark.parametrize("guard", HONOR_GUARDS)
def test_honor_guard_is_put_into_play_only_in_the_challenges_phase(guard):
    state = marshalling({"hand": [guard], "gold": 10})
    assert not uses(state, 0, hand(state, 0, guard)[0])


# --- core_20 Kennel Master ---------------------------------------------------------------


def _kennel(wolves):
    mine = [{"card": "Kennel Master", "knelt": True}]
    mine += [{"card": "Direwolf Pup", "knelt": True}] * wolves
    state = joust({"in_play": ["Grey Wind"]}, {"in_play": mine})
    return state, ref(state, 1, "Kennel Master")


def test_kennel_master_gets_str_for_every_direwolf_and_saves_himself_to_hand():
    state, kennel = _kennel(3)
    assert strength(state, kennel) == 2 + 3 + 1  # Grey Wind is a Direwolf in play too
    state = initiate(state, "military")
    state = answer(state, "claim_kill", [kennel])
    state = until_window(state, "would_be_killed")
    (action,) = uses(state, 1, kennel)
    assert describe(state, action).startswith("Kennel Master: Response: Save Kennel Master")
    state = use(state, 1, kennel)
    state = pass_windows(state)
    assert kennel in state.players[1].hand and kennel not in state.players[1].dead


def test_kennel_master_saves_himself_from_a_discard():
    state, kennel = _kennel(3)
    moves.discard(state, [kennel])
    run(state)
    assert head(state).get("trigger") == "would_be_discarded"
    state = use(state, 1, kennel)
    assert kennel in state.players[1].hand and kennel not in state.players[1].discard


def test_kennel_master_return_to_hand_is_a_removal_card_saves_answer(monkeypatch):
    # His own save returns him to hand through moves.leave: the "would_return_to_hand"
    # window opens like any other (a test-only save answers it here).
    from gameplay.engine.abilities import KNEEL_SELF, SCRIPTS, Ability, Script

    def mine(state, ctx):
        return [r for r in ctx["event"].get("cards", ()) if state.in_play[r].controller == 1]

    save = Ability(
        "save", moves.save_target, trigger="would_return_to_hand", costs=(KNEEL_SELF,), targets=mine
    )
    monkeypatch.setitem(SCRIPTS, "core_18", Script(abilities=[save]))  # Knight of the Tumblestone
    state, kennel = _kennel(3)
    state = state.copy()
    knight = state.new_card("core_18", 1)
    state.in_play[knight] = InPlay(controller=1)
    state.players[1].in_play.append(knight)
    moves.discard(state, [kennel])
    run(state)
    state = use(state, 1, kennel)
    assert head(state).get("trigger") == "would_return_to_hand"
    state = pass_windows(use(state, 1, knight, kennel))
    assert kennel in state.players[1].in_play and state.in_play[knight].knelt
    assert kennel not in state.players[1].hand + state.players[1].discard


def test_kennel_master_needs_three_direwolves_of_his_controller():
    state, kennel = _kennel(2)  # the opponent's Grey Wind makes 3 in play, 2 controlled
    assert strength(state, kennel) == 5
    state = initiate(state, "military")
    state = answer(state, "claim_kill", [kennel])
    assert kennel in state.players[1].dead


# --- core_21 House Tully Recruiter, core_32 Godswood, core_33/core_99 Narrow Sea ---------


def test_house_tully_recruiter_lowers_the_next_stark_character_by_one():
    state = marshalling(
        {"in_play": ["House Tully Recruiter"], "hand": ["Winterfell Castle", "Robb Stark"]}
    )
    recruiter = ref(state, 0, "House Tully Recruiter")
    castle, robb = hand(state, 0, "Winterfell Castle")[0], hand(state, 0, "Robb Stark")[0]
    state = use(state, 0, recruiter)
    assert gold_cost(state, 0, castle) == 3 and gold_cost(state, 0, robb) == 3
    assert state.in_play[recruiter].knelt and not uses(state, 0, recruiter)


def test_godswood_lowers_the_next_stark_character_by_two_in_marshalling_only():
    state = marshalling({"in_play": ["core_32"], "hand": ["Robb Stark", HOST]})
    godswood = ref(state, 0, "core_32")
    state = use(state, 0, godswood)
    assert gold_cost(state, 0, hand(state, 0, "Robb Stark")[0]) == 2
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 5 + 2  # Baratheon: no reduction
    state = joust({"in_play": ["core_32", "Arya Stark"]}, {})
    assert not uses(state, 0, ref(state, 0, "core_32"))


@pytest.mark.parametrize("sea", ["core_33", "core_99"])
def test_narrow_sea_is_discarded_to_lower_a_stark_or_baratheon_character_by_two(sea):
    state = marshalling({"in_play": [sea], "hand": [HOST, "Winterfell Castle"]})
    narrow = ref(state, 0, sea)
    state = use(state, 0, narrow)
    assert narrow in state.players[0].discard and narrow not in state.in_play
    assert gold_cost(state, 0, hand(state, 0, "Winterfell Castle")[0]) == 3
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 5
    state = joust({"in_play": [sea, "Arya Stark"]}, {})
    assert not uses(state, 0, ref(state, 0, sea))


# --- core_22 Trident Reinforcements ------------------------------------------------------


def test_trident_reinforcements_returns_from_a_dead_pile_of_three_characters():
    dead = ["Trident Reinforcements", "Knight of the Tumblestone", "Direwolf Pup"]
    state = at_window({"dead": dead, "in_play": ["Arya Stark"]})
    trident = state.players[0].dead[0]
    (action,) = uses(state, 0, trident)
    assert describe(state, action).startswith("Trident Reinforcements: Dominance: Return")
    state = use(state, 0, trident)
    assert trident in state.players[0].hand and trident not in state.players[0].dead


def test_trident_reinforcements_needs_three_characters_and_the_dominance_phase():
    dead = ["Trident Reinforcements", "Knight of the Tumblestone", "Summer"]
    state = at_window({"dead": dead, "in_play": KEEP_OPEN}, {"in_play": RENOWNED})
    assert not uses(state, 0, state.players[0].dead[0])  # Summer is no character
    full = ["Trident Reinforcements", "Knight of the Tumblestone", "Direwolf Pup"]
    state = joust({"dead": full, "in_play": ["Arya Stark"]}, {})
    assert state.phase == "challenges"
    assert not uses(state, 0, state.players[0].dead[0])  # challenges phase


# --- core_23 Winterfell Reserves ---------------------------------------------------------


def test_winterfell_reserves_puts_the_top_discard_on_top_of_a_deck():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"], "discard": ["Hodor", "Summer"]},
        {"in_play": ["Winterfell Reserves"], "discard": ["Lady"], "gold": 1},
    )
    reserves = ref(state, 1, "Winterfell Reserves")
    summer = state.players[0].discard[1]
    state = initiate(state, "power")
    state = defend(state, [reserves])
    state = until_window(state, "defenders_declared")
    state = use(state, 1, reserves)
    assert state.players[1].gold == 0
    assert head(state)["options"] == ["0", "1"]
    state = act(state, 1, "choose", choice="0")
    assert state.players[0].deck == [summer] and [
        state.code(r) for r in state.players[0].discard
    ] == [code("Hodor")]


def test_winterfell_reserves_needs_a_gold_and_a_discard_pile():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"], "discard": ["Hodor"]},
        {"in_play": ["Winterfell Reserves"], "gold": 0},
    )
    state = initiate(state, "power")
    state = defend(state, [ref(state, 1, "Winterfell Reserves")])
    assert not events(state, "ability") and resolved_strength(state) == [2, 3]
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": ["Winterfell Reserves"], "gold": 3},
    )
    state = initiate(state, "power")
    state = defend(state, [ref(state, 1, "Winterfell Reserves")])
    assert not events(state, "ability") and not events(state, "discard_to_deck")


# --- core_25 Winterfell Castle -----------------------------------------------------------


def test_winterfell_castle_gives_your_stark_characters_one_str():
    state = joust(
        {"in_play": ["Winterfell Castle", "Arya Stark", "Brown Ben Plumm"]},
        {"in_play": ["Sansa Stark"]},
    )
    assert strength(state, ref(state, 0, "Arya Stark")) == 3
    assert strength(state, ref(state, 0, "Brown Ben Plumm")) == 2  # not House Stark
    assert strength(state, ref(state, 1, "Sansa Stark")) == 2  # not yours


# --- core_24 Winterfell Kennels, core_26/core_27 Northern Fiefdoms -----------------------


@pytest.mark.parametrize("fiefdoms", ["core_26", "core_27"])
def test_northern_fiefdoms_lowers_the_next_stark_card_by_one(fiefdoms):
    state = build(
        players=[
            {"in_play": [fiefdoms], "hand": ["Eddard Stark", "Arya Stark", "Tyrion Lannister"]},
            {},
        ]
    )
    eddard, arya = hand(state, 0, "Eddard Stark")[0], hand(state, 0, "Arya Stark")[0]
    tyrion = hand(state, 0, "Tyrion Lannister")[0]
    state.players[0].gold = 5
    state = use(state, 0, ref(state, 0, fiefdoms))
    assert state.in_play[ref(state, 0, fiefdoms)].knelt
    assert gold_cost(state, 0, tyrion) == 4 + 2  # not a House Stark card: no reduction
    assert gold_cost(state, 0, eddard) == 3
    state = act(state, 0, "marshal:play", [eddard])
    assert state.players[0].gold == 2
    assert gold_cost(state, 0, arya) == 2  # "the next" card only: used up
    assert not uses(state, 0, ref(state, 0, fiefdoms))  # knelt: not again


def test_northern_fiefdoms_only_in_marshalling():
    state = build(phase="challenges", players=[{"in_play": ["core_26", "Arya Stark"]}, {}])
    assert not uses(state, 0, ref(state, 0, "core_26"))


def test_winterfell_kennels_searches_for_a_direwolf():
    deck = ["Knight of the Tumblestone", "Summer", "Grey Wind", "Hodor"]
    state = build(
        phase="challenges",
        players=[
            {"in_play": ["Winterfell Kennels"], "deck": deck, "gold": 1, "in_play_extra": []},
            {},
        ],
    )
    kennels = ref(state, 0, "Winterfell Kennels")
    (action,) = uses(state, 0, kennels)
    assert describe(state, action).startswith("Winterfell Kennels: Any Phase: Kneel Winterfell")
    state = use(state, 0, kennels)
    prompt = state.queue[0]
    assert prompt["purpose"] == "search"
    found = {state.code(r) for r in prompt["candidates"]}
    assert found == {code("Summer"), code("Grey Wind")}
    grey_wind = next(r for r in prompt["candidates"] if state.code(r) == code("Grey Wind"))
    state = answer(state, "search", [grey_wind])
    assert [state.code(r) for r in state.players[0].hand] == [code("Grey Wind")]
    assert state.players[0].gold == 0 and len(state.players[0].deck) == 3
    assert grey_wind not in state.players[0].deck
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [kennels])  # knelt and no gold


# --- core_159 Bran the Builder's Legacy --------------------------------------------------


def test_bran_the_builders_legacy_puts_a_cheap_location_into_play():
    deck = ["Winterfell Castle", "Godswood", "Northern Fiefdoms", "Hodor"]
    state = at_window({"hand": ["core_159"], "deck": deck, "gold": 3, "in_play": ["Arya Stark"]})
    legacy = hand(state, 0, "core_159")[0]
    state = use(state, 0, legacy)
    assert state.players[0].gold == 0 and legacy in state.players[0].discard
    prompt = head(state)
    assert {state.code(r) for r in prompt["candidates"]} == {
        code("Godswood"),
        code("Northern Fiefdoms"),
    }
    godswood = next(r for r in prompt["candidates"] if state.code(r) == code("Godswood"))
    state = answer(state, "search", [godswood])
    assert godswood in state.players[0].in_play and len(state.players[0].deck) == 3


def test_bran_the_builders_legacy_costs_three_gold_in_the_dominance_phase():
    deck = ["Godswood"]
    state = at_window(
        {"hand": ["core_159"], "deck": deck, "gold": 2, "in_play": KEEP_OPEN}, {"in_play": RENOWNED}
    )
    assert not uses(state, 0, hand(state, 0, "core_159")[0])
    state = joust({"hand": ["core_159"], "deck": deck, "gold": 5, "in_play": ["Arya Stark"]}, {})
    assert state.phase == "challenges"
    assert not uses(state, 0, hand(state, 0, "core_159")[0])


# --- core_160 Guilty! --------------------------------------------------------------------


def test_guilty_kneels_a_noble_to_kill_a_non_stark_character():
    state = at_window(
        {"hand": ["core_160"], "in_play": ["Eddard Stark", "Hodor"]},
        {"in_play": [HOST, "Sansa Stark"]},
    )
    guilty, eddard = hand(state, 0, "core_160")[0], ref(state, 0, "Eddard Stark")
    host = ref(state, 1, HOST)
    assert {a.cards[1] for a in uses(state, 0, guilty)} == {host}  # no Stark character
    assert {a.choice for a in uses(state, 0, guilty)} == {"1"}  # no influence: kneel a Noble
    state = act(state, 0, "use", [guilty, host], choice="1")
    # The only standing Noble kneels without a prompt.
    assert [e["cards"] for e in events(state, "knelt_for_cost")] == [[eddard]]
    state = pass_windows(state)
    assert host in state.players[1].dead and guilty in state.players[0].discard


def test_guilty_kneels_three_influence_instead():
    fiefdoms = ["Northern Fiefdoms"] * 3
    state = at_window({"hand": ["core_160"], "in_play": fiefdoms}, {"in_play": [HOST]})
    guilty, host = hand(state, 0, "core_160")[0], ref(state, 1, HOST)
    assert [a.choice for a in uses(state, 0, guilty)] == ["0"]
    state = act(state, 0, "use", [guilty, host], choice="0")
    state = pass_windows(state)
    assert host in state.players[1].dead
    assert [sorted(e["cards"]) for e in events(state, "influence")] == [
        sorted(state.players[0].in_play)
    ]


def test_guilty_needs_a_standing_noble_or_three_influence():
    state = at_window(
        {
            "hand": ["core_160"],
            "in_play": [{"card": "Eddard Stark", "knelt": True}, "Hodor", *KEEP_OPEN],
        },
        {"in_play": [HOST, *RENOWNED]},
    )
    assert not uses(state, 0, hand(state, 0, "core_160")[0])
