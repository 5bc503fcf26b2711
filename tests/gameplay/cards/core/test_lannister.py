"""House Lannister cards of the Core Set (gameplay/engine/cards/core/lannister.py): each
card's effect in a position, and a case where it must not be allowed or not apply.

Characters without text of their own stand in wherever a card needs company: Knight of
the Tumblestone (Stark, STR 2, Knight, War), Lannisport Steward (STR 2, Intrigue),
Lannisport Weaponsmith (STR 1, Military), Lurkers at Harrenhal (STR 6), War Host of the
North (STR 11), Brienne of Tarth (a Lady), Crossroads (a location costing 2).
"""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import keywords, strength, value
from gameplay.engine.game import legal_actions
from gameplay.engine.observe import observe
from gameplay.engine.rules import gold_cost
from gameplay.engine.state import GameState
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    PLOT,
    IllegalAction,
    act,
    answer,
    build,
    code,
    describe,
    events,
    hand,
    head,
    in_window,
    joust,
    pass_windows,
    ref,
    resolved,
    turn,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

JOFFREY = "core_36"  # Joffrey Baratheon
JAIME = "core_37"  # Ser Jaime Lannister
TYRION = "core_38"  # Tyrion Lannister
CERSEI = "core_39"  # Cersei Lannister
TYWIN = "core_40"  # Tywin Lannister
ILYN = "core_41"  # Ser Ilyn Payne
HOUND = "core_42"  # The Hound
CHELLA = "core_43"  # Chella, Daughter of Cheyk
BRONN = "core_44"  # Bronn
PYCELLE = "core_45"  # Grand Maester Pycelle
RAFF = "core_46"  # Raff the Sweetling
JACELYN = "core_47"  # Ser Jacelyn Bywater
ENEMY_INFORMER = "core_48"  # Enemy Informer
QYBURN = "core_49"  # Qyburn's Informers
ATTENDANT = "core_50"  # Cersei's Attendant
LANNISPORT = "core_55"  # Lannisport
BROTHEL = "core_56"  # Lannisport Brothel
MINES = "core_57"  # Golden Tooth Mines
LIONS_WILL = "core_162"  # The Lion's Will
BLUFF = "core_164"  # Call Their Bluff
WRIT_SMALL = "core_165"  # I'm You Writ Small
WRONG_DWARF = "core_167"  # You've Killed the Wrong Dwarf!
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
SMITH = "Lannisport Weaponsmith"
LURKERS = "Lurkers at Harrenhal"
WAR_HOST = "War Host of the North"
CROSSROADS = "Crossroads"


def fight(state: GameState, ctype: str, attackers, defenders=()) -> GameState:
    """The seat whose challenge turn it is challenges its first opponent with
    ``attackers`` (stealth chooses nobody) against ``defenders``; returns the state at
    the first decision after that other than an action window."""
    state = pass_windows(state)
    seat = head(state)["turn"]
    state = act(state, seat, f"challenge:{ctype}", choice=str(state.opponents(seat)[0]))
    for card in attackers:
        if head(state).get("purpose") == "attackers":  # one candidate: declared at once
            state = act(state, seat, "select", [card])
    if head(state).get("purpose") == "attackers":
        state = act(state, seat, "done")
    state = _quiet(state)
    while head(state).get("purpose") == "stealth":
        state = act(state, seat, "done")
        state = _quiet(state)
    if head(state).get("purpose") == "defenders":
        for card in defenders:
            if head(state).get("purpose") == "defenders":
                state = act(state, state.opponents(seat)[0], "select", [card])
        if head(state).get("purpose") == "defenders":
            state = act(state, state.opponents(seat)[0], "done")
    return _quiet(state)


def _quiet(state: GameState) -> GameState:
    """Pass the action windows (and declaration windows) at the head."""
    while in_window(state) and head(state).get("trigger") in (
        None,
        "attackers_declared",
        "defenders_declared",
    ):
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def won_window(state: GameState) -> GameState:
    """Pass on to the response window after the challenge is won."""
    return until_window(state, "challenge_won")


def codes(state: GameState, refs) -> list[str]:
    return [state.code(r) for r in refs]


# --- core_34 Gutter Rat's Cunning -------------------------------------------------------


def test_gutter_rats_cunning_gives_attached_character_2_str_and_stealth():
    state = joust({"in_play": [{"card": STEWARD, "attachments": ["core_34"]}, STEWARD]}, {})
    dressed, plain = (ref(state, 0, STEWARD, i) for i in (0, 1))
    assert strength(state, dressed) == 4 and "stealth" in keywords(state, dressed)
    assert strength(state, plain) == 2 and "stealth" not in keywords(state, plain)


# --- core_35 Gilded Plate ---------------------------------------------------------------


def _ilyn_against_plate(gold: int) -> tuple[GameState, str, str]:
    state = build(
        players=[
            {"in_play": [ILYN]},
            {"in_play": [{"card": KNIGHT, "attachments": ["core_35"]}], "gold": gold},
        ]
    )
    knight, plate = ref(state, 1, KNIGHT), ref(state, 1, "core_35")
    state = use(state, 0, ref(state, 0, ILYN), knight)
    return state, knight, plate


def test_gilded_plate_pays_1_gold_and_is_discarded_to_save_its_character():
    state, knight, plate = _ilyn_against_plate(gold=2)
    assert waiting_seats(state) == [1]
    (action,) = uses(state, 1, plate)
    assert describe(state, action).startswith("Gilded Plate: Response: Pay 1 gold and discard")
    state = use(state, 1, plate, knight)
    state = pass_windows(state)
    assert knight in state.in_play and plate in state.players[1].discard
    assert state.players[1].gold == 1
    assert not events(state, "killed")


def test_gilded_plate_cannot_save_without_gold():
    state, knight, plate = _ilyn_against_plate(gold=0)
    state = pass_windows(state)
    assert knight in state.players[1].dead and plate in state.players[1].discard


def test_gilded_plate_also_saves_from_being_discarded():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": ["core_35"]}], "gold": 1}, {})
    knight, plate = ref(state, 0, KNIGHT), ref(state, 0, "core_35")
    state = state.copy()
    moves.discard(state, [knight])
    run(state)
    assert [a.choice for a in uses(state, 0, plate)] == ["1"]  # the discard save
    state = pass_windows(use(state, 0, plate, knight))
    assert knight in state.in_play and plate in state.players[0].discard


# --- core_36 Joffrey Baratheon ----------------------------------------------------------


def _claim_kill(killed: list[str], plot: str = PLOT) -> tuple[GameState, str, list[str]]:
    """Seat 0 (Joffrey, War Host) wins a military challenge; seat 1 must kill."""
    state = joust(
        {"in_play": [JOFFREY, WAR_HOST], "revealed_plot": plot},
        {"in_play": killed},
    )
    victims = list(state.players[1].in_play)
    state = fight(state, "military", [ref(state, 0, WAR_HOST)])
    return state, ref(state, 0, JOFFREY), victims


def test_joffrey_claims_1_power_after_a_lady_is_killed():
    state, joffrey, (brienne,) = _claim_kill(["Brienne of Tarth"])
    state = until_window(state, "killed")
    (action,) = uses(state, 0, joffrey)
    assert describe(state, action).startswith("Joffrey Baratheon: Response: After a Lord or Lady")
    state = use(state, 0, joffrey, brienne)
    assert state.in_play[joffrey].power == 1
    assert not uses(state, 0, joffrey)  # once for that killed Lady


def test_joffrey_answers_each_lord_or_lady_killed_at_once_within_3_a_round():
    lords = [TYRION, "Brienne of Tarth", CERSEI, JAIME]
    state, joffrey, victims = _claim_kill(lords, plot="Mutual Enemies")  # claim 2
    killed, (cersei, jaime) = victims[:2], victims[2:]
    state = until_window(answer(state, "claim_kill", killed), "killed")
    assert sorted(a.cards[1] for a in uses(state, 0, joffrey)) == sorted(killed)
    for card in killed:
        state = use(state, 0, joffrey, card)
    assert state.in_play[joffrey].power == 2
    assert not uses(state, 0, joffrey)
    for lord, power in ((cersei, 3), (jaime, 3)):  # later kills this round
        state = pass_windows(state).copy()
        moves.kill(state, [lord])
        run(state)
        state = settle(state)
        assert lord in state.players[1].dead
        if uses(state, 0, joffrey):
            state = use(state, 0, joffrey, lord)
        assert state.in_play[joffrey].power == power  # the fourth is over the limit


def test_joffrey_ignores_a_character_that_is_neither_lord_nor_lady():
    state, joffrey, _ = _claim_kill([KNIGHT])
    state = pass_windows(state)
    assert events(state, "killed") and state.in_play[joffrey].power == 0
    assert not events(state, "ability")


# --- core_37 Ser Jaime Lannister --------------------------------------------------------


def test_ser_jaime_does_not_kneel_to_attack_in_a_military_challenge_only():
    state = joust({"in_play": [JAIME]}, {"in_play": [SMITH, STEWARD]})
    jaime, smith = ref(state, 0, JAIME), ref(state, 1, SMITH)
    state = fight(state, "military", [jaime], [smith])
    assert resolved(state)["strength"] == [3, 1]
    assert not state.in_play[jaime].knelt
    state = answer(state, "claim_kill", [ref(state, 1, STEWARD)])
    state = pass_windows(state)  # Deadly: the Weaponsmith dies too
    state = fight(state, "intrigue", [jaime])
    assert state.in_play[jaime].knelt


def test_ser_jaime_does_not_kneel_to_defend_in_a_military_challenge():
    state = joust({"in_play": [WAR_HOST]}, {"in_play": [JAIME, SMITH]})
    jaime, smith = ref(state, 1, JAIME), ref(state, 1, SMITH)
    state = fight(state, "military", [ref(state, 0, WAR_HOST)], [jaime, smith])
    assert not state.in_play[jaime].knelt and state.in_play[smith].knelt


# --- core_38 Tyrion Lannister -----------------------------------------------------------


def test_tyrion_pays_1_gold_to_draw_after_a_won_challenge_he_took_part_in():
    state = joust({"in_play": [TYRION, STEWARD], "gold": 2, "deck": [KNIGHT] * 3}, {})
    tyrion = ref(state, 0, TYRION)
    state = won_window(fight(state, "power", [tyrion]))
    (action,) = uses(state, 0, tyrion)
    assert describe(state, action).startswith("Tyrion Lannister: Response: After you win")
    state = use(state, 0, tyrion)
    assert len(state.players[0].hand) == 1 and state.players[0].gold == 1
    assert not uses(state, 0, tyrion)  # once per won challenge


def test_tyrion_draws_after_any_won_intrigue_challenge():
    state = joust({"in_play": [TYRION, STEWARD], "gold": 1, "deck": [KNIGHT]}, {})
    state = won_window(fight(state, "intrigue", [ref(state, 0, STEWARD)]))
    state = use(state, 0, ref(state, 0, TYRION))
    assert len(state.players[0].hand) == 1 and state.players[0].gold == 0


def test_tyrion_not_offered_for_a_military_win_without_him_or_without_gold():
    state = joust({"in_play": [TYRION, SMITH], "gold": 1, "deck": [KNIGHT]}, {})
    state = pass_windows(fight(state, "military", [ref(state, 0, SMITH)]))
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not events(state, "ability") and not state.players[0].hand
    poor = joust({"in_play": [TYRION], "deck": [KNIGHT]}, {})
    poor = pass_windows(fight(poor, "power", [ref(poor, 0, TYRION)]))
    assert events(poor, "challenge_resolved")[-1]["winner"] == 0
    assert not events(poor, "ability") and not poor.players[0].hand


# --- core_39 Cersei Lannister -----------------------------------------------------------


def test_cersei_kneels_a_character_that_then_does_not_stand_this_round():
    state = joust(
        {"in_play": [CERSEI], "gold": 2},
        {"in_play": [KNIGHT, STEWARD]},
        phase="dominance",
    )
    cersei, knight = ref(state, 0, CERSEI), ref(state, 1, KNIGHT)
    state = until_window(state)
    state = use(state, 0, cersei, knight)  # then on to standing and the next round
    assert [e["card"] for e in events(state, "knelt")] == [knight]
    assert events(state, "gold_paid")[-1]["gold"] == 2
    assert events(state, "stood_all")[-1]["cards"] == [cersei]
    assert state.in_play[knight].knelt and not state.in_play[cersei].knelt


def test_cersei_only_in_dominance_and_with_2_gold():
    state = joust({"in_play": [CERSEI], "gold": 2}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, ref(state, 0, CERSEI))  # challenges phase
    state = joust({"in_play": [CERSEI], "gold": 1}, {"in_play": [KNIGHT]}, phase="dominance")
    assert "standing" in [e["phase"] for e in events(state, "phase")]  # passed over
    assert not events(state, "ability") and not state.in_play[ref(state, 1, KNIGHT)].knelt


# --- core_40 Tywin Lannister ------------------------------------------------------------


def test_tywin_takes_2_gold_at_marshalling_that_pays_for_cards():
    state = build(
        phase="plot",
        players=[
            {"in_play": [TYWIN], "hand": [LURKERS], "house": "Lannister"},
            {"in_play": [TYWIN]},
        ],
    )
    tywin, theirs = ref(state, 0, TYWIN), ref(state, 1, TYWIN)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[1]])
    assert state.in_play[tywin].gold == 0  # not before the marshalling phase
    state = act(state, waiting_seats(state)[0], "first_player", choice="0")
    state = pass_windows(state)
    assert state.phase == "marshalling" and turn(state) == ("marshal", 0)
    assert state.in_play[tywin].gold == 2 and state.in_play[theirs].gold == 2
    seen = observe(state, 1)["players"][0]["in_play"]  # the gold on him is public
    assert [c["gold"] for c in seen if c["id"] == tywin] == [2]
    state.players[0].gold = 4  # 4 in the pool and 2 on Tywin pay for Lurkers (6)
    state = act(state, 0, "marshal:play", hand(state, 0, LURKERS))
    assert state.players[0].gold == 0 and state.in_play[tywin].gold == 0
    assert ref(state, 0, LURKERS) in state.in_play


# --- core_41 Ser Ilyn Payne -------------------------------------------------------------


def test_ser_ilyn_payne_kills_a_character_with_str_2_or_lower_in_marshalling():
    state = build(players=[{"in_play": [ILYN]}, {"in_play": [KNIGHT, LURKERS]}])
    ilyn, knight = ref(state, 0, ILYN), ref(state, 1, KNIGHT)
    targets = {a.cards[1] for a in uses(state, 0, ilyn)}
    assert knight in targets and ref(state, 1, LURKERS) not in targets
    state = pass_windows(use(state, 0, ilyn, knight))
    assert knight in state.players[1].dead and state.in_play[ilyn].knelt
    assert not uses(state, 0, ilyn)


def test_ser_ilyn_payne_not_outside_marshalling():
    state = joust({"in_play": [ILYN]}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, ref(state, 0, ILYN))


# --- core_42 The Hound ------------------------------------------------------------------


def test_the_hound_goes_to_the_discard_pile_when_killed():
    state = joust({"in_play": [WAR_HOST]}, {"in_play": [HOUND]})
    hound = ref(state, 1, HOUND)
    state = pass_windows(fight(state, "military", [ref(state, 0, WAR_HOST)]))
    assert hound in state.players[1].discard and hound not in state.players[1].dead
    assert events(state, "killed")[-1]["card"] == hound


def _hound_at_dominance(deck: list[str]) -> tuple[GameState, str]:
    state = joust({"in_play": [HOUND], "deck": deck}, {}, phase="dominance")
    return state, ref(state, 0, HOUND)


def test_the_hound_costs_the_top_card_of_the_deck_at_dominance():
    state, hound = _hound_at_dominance([KNIGHT, STEWARD])
    top = state.players[0].deck[0]
    prompt = head(state)
    assert prompt["purpose"] == "the_hound"
    assert prompt["options"] == ["discard_top_card", "discard_the_hound"]
    state = act(state, 0, "choose", choice="discard_top_card")
    assert state.players[0].discard == [top] and hound in state.in_play


def test_the_hound_may_leave_and_must_leave_with_an_empty_deck():
    state, hound = _hound_at_dominance([KNIGHT])
    state = act(state, 0, "choose", choice="discard_the_hound")
    assert hound in state.players[0].discard and len(state.players[0].deck) == 1
    state = joust({"in_play": [HOUND]}, {}, phase="dominance")
    assert [state.code(r) for r in state.players[0].discard] == [code(HOUND)]


# --- core_43 Chella, Daughter of Cheyk --------------------------------------------------


def test_chella_returns_an_affordable_location_to_its_owners_hand():
    state = joust(
        {"in_play": [CHELLA], "gold": 2},
        {"in_play": [CROSSROADS, "Hall of Heroes", BROTHEL]},
    )
    chella = ref(state, 0, CHELLA)
    state = state.copy()
    state.players[1].in_play.remove(ref(state, 1, BROTHEL))  # keep it simple
    state = won_window(fight(state, "military", [chella]))
    targets = {state.code(a.cards[1]) for a in uses(state, 0, chella)}
    assert targets == {code(CROSSROADS), code("Hall of Heroes")}
    crossroads = ref(state, 1, CROSSROADS)
    state = use(state, 0, chella, crossroads)
    assert crossroads in state.players[1].hand and state.players[0].gold == 0
    assert not uses(state, 0, chella)


def test_chella_returning_a_unique_location_may_be_saved_by_its_duplicate():
    castle = {"card": "Winterfell Castle", "duplicates": ["Winterfell Castle"]}
    state = joust({"in_play": [CHELLA], "gold": 3}, {"house": "Stark", "in_play": [castle]})
    chella, target = ref(state, 0, CHELLA), ref(state, 1, "Winterfell Castle")
    (duplicate,) = state.in_play[target].duplicates
    state = won_window(fight(state, "military", [chella]))
    state = use(state, 0, chella, target)
    prompt = head(state)
    assert (prompt["purpose"], prompt["seat"], prompt["candidates"]) == ("save", 1, [target])
    state = answer(state, "save", [target])
    assert target in state.players[1].in_play and duplicate in state.players[1].discard
    assert state.players[0].gold == 0  # the cost stays paid


def test_chella_only_affordable_locations_and_only_with_a_clansman():
    state = joust(
        {"in_play": [CHELLA, SMITH], "gold": 1},
        {"in_play": [CROSSROADS, "The Goldroad"]},
    )
    chella = ref(state, 0, CHELLA)
    state = won_window(fight(state, "military", [chella]))
    assert [state.code(a.cards[1]) for a in uses(state, 0, chella)] == [code("The Goldroad")]
    state = joust({"in_play": [CHELLA, SMITH], "gold": 5}, {"in_play": [CROSSROADS]})
    state = pass_windows(fight(state, "military", [ref(state, 0, SMITH)]))
    assert ref(state, 1, CROSSROADS) in state.in_play and not events(state, "ability")


# --- core_44 Bronn ----------------------------------------------------------------------


def _bronn_guards(knelt: bool) -> tuple[GameState, str, str]:
    """Seat 0 attacks (military); in the action window seat 1 pays Bronn's 2 gold on its
    Steward, declares no defenders, and chooses the Steward for the claim."""
    state = joust(
        {"in_play": [WAR_HOST]},
        {"in_play": [{"card": BRONN, "knelt": knelt}, STEWARD], "gold": 2},
    )
    bronn, steward = ref(state, 1, BRONN), ref(state, 1, STEWARD)
    state = act(state, 0, "challenge:military", choice="1")
    state = until_window(state)
    assert waiting_seats(state) == [1]
    (action,) = [a for a in uses(state, 1, bronn) if a.cards[1] == steward]
    assert describe(state, action).startswith("Bronn: Any Phase: Pay 2 gold to choose")
    state = _quiet(use(state, 1, bronn, steward))
    assert state.players[1].gold == 0
    if head(state).get("purpose") == "defenders":
        state = act(state, 1, "done")
    return answer(state, "claim_kill", [steward]), bronn, steward


def test_bronn_stands_instead_of_the_chosen_character_being_killed():
    state, bronn, steward = _bronn_guards(knelt=True)
    assert steward in state.in_play and not state.in_play[bronn].knelt
    assert [e["by"] for e in events(state, "saved")] == [bronn]
    assert not events(state, "killed")


def test_bronn_standing_does_not_save_the_character():
    state, bronn, steward = _bronn_guards(knelt=False)
    state = pass_windows(state)
    assert steward in state.players[1].dead and bronn in state.in_play


# --- core_45 Grand Maester Pycelle ------------------------------------------------------


def test_pycelle_takes_the_top_card_after_an_opponents_effect_reveals_cards():
    state = joust(
        {"in_play": ["Winterfell Kennels"], "deck": ["Summer", KNIGHT], "gold": 1},
        {"in_play": [PYCELLE], "deck": [STEWARD, SMITH]},
    )
    pycelle = ref(state, 1, PYCELLE)
    top = state.players[1].deck[0]
    state = use(state, 0, ref(state, 0, "Winterfell Kennels"))
    summer = next(r for r in state.players[0].deck if state.code(r) == code("Summer"))
    state = until_window(answer(state, "search", [summer]), "revealed")
    (action,) = uses(state, 1, pycelle)
    assert describe(state, action).startswith("Grand Maester Pycelle: Response: After an")
    state = use(state, 1, pycelle)
    assert state.players[1].hand == [top] and len(state.players[1].deck) == 1
    assert events(state, "revealed")[-1]["cards"] == [top]
    assert not uses(state, 1, pycelle)


def test_pycelle_not_for_own_reveals_nor_another_pycelles():
    state = joust(
        {
            "in_play": [PYCELLE],
            "gold": 2,
            "deck": [KNIGHT] * 3,
            "hand": [BLUFF],
        },
        {"in_play": [PYCELLE], "deck": [STEWARD] * 3, "hand": [SMITH]},
        phase="dominance",
    )
    mine, theirs = (ref(state, seat, PYCELLE) for seat in (0, 1))
    state = use(until_window(state), 0, hand(state, 0, BLUFF)[0])
    state = act(state, 0, "choose", choice=_option_named(state, KNIGHT))
    state = until_window(state, "revealed")  # seat 1's hand, by seat 0's effect
    assert waiting_seats(state) == [1] and not uses(state, 0, mine)
    state = use(state, 1, theirs)
    assert len(state.players[1].hand) == 2
    # Seat 1's Pycelle revealed its top card: seat 0's Pycelle may not answer it.
    assert not (head(state).get("name") == "window" and uses(state, 0, mine))
    state = pass_windows(state)
    assert [e["reason"] for e in events(state, "revealed")] == [
        "call_their_bluff",
        "grand_maester_pycelle",
    ]
    assert state.players[0].deck and not state.players[0].hand


def test_pycelle_limit_3_per_phase():
    state = joust({"hand": [KNIGHT] * 4}, {"in_play": [PYCELLE], "deck": [SMITH] * 5})
    pycelle = ref(state, 1, PYCELLE)
    for card in list(state.players[0].hand):
        state = state.copy()
        moves.reveal(state, 0, [card], "test")
        run(state)
        if len(state.players[1].hand) < 3:
            state = use(state, 1, pycelle)
    assert len(state.players[1].hand) == 3 and not uses(state, 1, pycelle)
    assert len(events(state, "revealed")) == 4 + 3


# --- core_46 Raff the Sweetling ---------------------------------------------------------


def test_raff_looks_at_the_top_card_of_an_opponents_deck_and_may_bury_it():
    state = joust({"in_play": [RAFF], "gold": 1}, {"deck": [KNIGHT, STEWARD, SMITH]})
    raff = ref(state, 0, RAFF)
    top, second, third = state.players[1].deck
    state = use(state, 0, raff)
    assert head(state)["options"] == ["top", "bottom"] and state.players[0].gold == 0
    assert observe(state, 0)["prompt"]["cards"] == {top: code(KNIGHT)}
    assert "cards" not in observe(state, 1)["prompt"]
    assert top not in str(state.log)  # nobody else learns the card
    state = act(state, 0, "choose", choice="bottom")
    assert state.players[1].deck == [second, third, top]
    assert not uses(state, 0, raff)  # no gold left


def test_raff_keeps_the_card_on_top_and_needs_an_opponent_with_a_deck():
    state = joust({"in_play": [RAFF], "gold": 2}, {"deck": [KNIGHT, STEWARD]})
    deck = list(state.players[1].deck)
    state = act(use(state, 0, ref(state, 0, RAFF)), 0, "choose", choice="top")
    assert state.players[1].deck == deck
    state = joust({"in_play": [RAFF], "gold": 2}, {})
    assert not uses(state, 0, ref(state, 0, RAFF))


# --- core_47 Ser Jacelyn Bywater --------------------------------------------------------


def test_ser_jacelyn_killed_makes_each_opponent_discard_a_card_at_random():
    state = joust({"in_play": [WAR_HOST], "hand": [KNIGHT, STEWARD]}, {"in_play": [JACELYN]})
    jacelyn = ref(state, 1, JACELYN)
    state = until_window(fight(state, "military", [ref(state, 0, WAR_HOST)]), "killed")
    assert jacelyn in state.players[1].dead
    (action,) = uses(state, 1, jacelyn)
    assert describe(state, action).startswith("Ser Jacelyn Bywater: Response: After Ser")
    state = use(state, 1, jacelyn)
    assert len(state.players[0].hand) == 1 and len(state.players[0].discard) == 1
    assert not uses(state, 1, jacelyn)


def test_ser_jacelyn_only_answers_her_own_death():
    state = joust(
        {"in_play": [WAR_HOST], "hand": [KNIGHT]},
        {"in_play": [JACELYN, STEWARD]},
    )
    state = fight(state, "military", [ref(state, 0, WAR_HOST)])
    state = pass_windows(answer(state, "claim_kill", [ref(state, 1, STEWARD)]))
    assert events(state, "killed") and len(state.players[0].hand) == 1
    assert not events(state, "ability")


# --- core_48 Enemy Informer -------------------------------------------------------------


def test_enemy_informer_kneels_a_character_after_being_marshalled():
    state = build(
        players=[
            {"hand": [ENEMY_INFORMER, STEWARD], "gold": 5, "house": "Lannister"},
            {"in_play": [KNIGHT, {"card": STEWARD, "knelt": True}]},
        ]
    )
    knight = ref(state, 1, KNIGHT)
    state = act(state, 0, "marshal:play", hand(state, 0, ENEMY_INFORMER))
    informer = ref(state, 0, ENEMY_INFORMER)
    assert {a.cards[1] for a in uses(state, 0, informer)} == {knight, informer}
    state = use(state, 0, informer, knight)
    assert state.in_play[knight].knelt
    assert not uses(state, 0, informer)  # once, not again on itself
    state = pass_windows(state)
    state = act(state, 0, "marshal:play", hand(state, 0, STEWARD))
    assert len(events(state, "ability")) == 1 and not uses(state, 0, informer)


# --- core_49 Qyburn's Informers ---------------------------------------------------------


def test_qyburns_informers_draw_2_after_winning_an_intrigue_challenge_with_them():
    state = joust({"in_play": [QYBURN, SMITH], "deck": [KNIGHT] * 3}, {})
    informers = ref(state, 0, QYBURN)
    state = won_window(fight(state, "intrigue", [informers]))
    state = use(state, 0, informers)
    assert len(state.players[0].hand) == 2 and len(state.players[0].deck) == 1
    assert not uses(state, 0, informers)


def test_qyburns_informers_must_take_part_in_an_intrigue_win():
    state = joust(
        {"in_play": [QYBURN, STEWARD, TYRION], "deck": [KNIGHT] * 3},
        {},
    )
    state = pass_windows(fight(state, "intrigue", [ref(state, 0, STEWARD)]))
    state = pass_windows(fight(state, "power", [ref(state, 0, QYBURN)]))
    assert [e["winner"] for e in events(state, "challenge_resolved")] == [0, 0]
    assert not events(state, "ability") and not state.players[0].hand


# --- core_50 Cersei's Attendant ---------------------------------------------------------


def _attendant(mine: list, killed: str) -> tuple[GameState, dict[str, str]]:
    """Seat 1 attacks (military, claim 1) and seat 0 kills ``killed``."""
    state = joust({"in_play": mine}, {"in_play": [WAR_HOST, KNIGHT]}, first_player=1)
    cards = {state.code(r): r for r in state.players[0].in_play + state.players[0].dead}
    state = fight(state, "military", [ref(state, 1, WAR_HOST)])
    state = answer(state, "claim_kill", [cards[code(killed)]])
    return state, cards


def test_cersei_attendant_kneels_a_character_after_cersei_is_killed():
    state, cards = _attendant([CERSEI, ATTENDANT], CERSEI)
    state = until_window(state, "killed")
    attendant, knight = cards[code(ATTENDANT)], ref(state, 1, KNIGHT)
    assert {a.cards[1] for a in uses(state, 0, attendant)} == {knight, attendant}
    state = use(state, 0, attendant, knight)
    assert state.in_play[knight].knelt


def test_cersei_attendant_kneels_a_character_after_its_own_death():
    state, cards = _attendant([ATTENDANT, STEWARD], ATTENDANT)
    state = until_window(state, "killed")
    attendant = cards[code(ATTENDANT)]
    assert attendant in state.players[0].dead
    state = use(state, 0, attendant, ref(state, 1, KNIGHT))
    assert state.in_play[ref(state, 1, KNIGHT)].knelt


def test_cersei_attendant_in_the_dead_pile_does_not_answer_cersei():
    state = joust(
        {"in_play": [CERSEI], "dead": [ATTENDANT]},
        {"in_play": [WAR_HOST, KNIGHT]},
        first_player=1,
    )
    state = pass_windows(fight(state, "military", [ref(state, 1, WAR_HOST)]))
    assert events(state, "killed") and not events(state, "ability")
    assert not state.in_play[ref(state, 1, KNIGHT)].knelt


# --- core_55 Lannisport -----------------------------------------------------------------


def test_lannisport_pays_1_gold_for_1_power_after_an_intrigue_win():
    state = joust({"in_play": [LANNISPORT, STEWARD, SMITH], "gold": 3}, {})
    lannisport = ref(state, 0, LANNISPORT)
    state = won_window(fight(state, "intrigue", [ref(state, 0, STEWARD)]))
    power = state.players[0].power
    state = use(state, 0, lannisport)
    assert state.players[0].power == power + 1 and state.players[0].gold == 2
    assert not uses(state, 0, lannisport)  # once per challenge
    state = pass_windows(fight(state, "military", [ref(state, 0, SMITH)]))
    assert len(events(state, "ability")) == 1  # not after a military win


# --- core_56 Lannisport Brothel ---------------------------------------------------------


def test_lannisport_brothel_kneels_a_character_that_just_stood():
    state = joust(
        {"in_play": [BROTHEL]},
        {"in_play": [{"card": KNIGHT, "knelt": True}, STEWARD]},
        phase="dominance",
    )
    brothel, knight = ref(state, 0, BROTHEL), ref(state, 1, KNIGHT)
    state = until_window(state, "stood")
    assert [a.cards[1] for a in uses(state, 0, brothel)] == [knight]  # not the Steward
    state = use(state, 0, brothel, knight)
    assert state.in_play[knight].knelt and state.in_play[brothel].knelt


def test_lannisport_brothel_kneels_only_one_character_a_round():
    knelt = [{"card": KNIGHT, "knelt": True}, {"card": STEWARD, "knelt": True}]
    state = joust({"in_play": [BROTHEL]}, {"in_play": knelt}, phase="dominance")
    brothel = ref(state, 0, BROTHEL)
    state = until_window(state, "stood")
    assert len(uses(state, 0, brothel)) == 2
    state = use(state, 0, brothel, ref(state, 1, STEWARD))
    assert not uses(state, 0, brothel)  # it knelt to pay
    assert not state.in_play[ref(state, 1, KNIGHT)].knelt
    assert not any(a.kind == "use" for a in legal_actions(state, 0))


# --- core_57 Golden Tooth Mines ---------------------------------------------------------


def test_golden_tooth_mines_draws_a_card_when_you_reveal_a_plot():
    state = build(
        phase="plot",
        players=[
            {"in_play": [MINES], "deck": [KNIGHT] * 4},
            {"deck": [KNIGHT] * 4},
        ],
    )
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[1]])
    state = act(state, waiting_seats(state)[0], "first_player", choice="0")
    phase_of_draws, phase = [], None
    for entry in state.log:
        phase = entry["phase"] if entry["event"] == "phase" else phase
        if entry["event"] == "draw":
            phase_of_draws.append((phase, entry["seat"], entry["count"]))
    assert phase_of_draws == [("plot", 0, 1), ("draw", 0, 2), ("draw", 1, 2)]


# --- core_58, core_59 Western Fiefdoms; core_64 Hall of Heroes; core_65 Sunset Sea -------


@pytest.mark.parametrize("fiefdoms", ["core_58", "core_59"])
def test_western_fiefdoms_lowers_the_next_lannister_card_by_1(fiefdoms):
    state = build(
        players=[
            {
                "in_play": [fiefdoms],
                "hand": [STEWARD, LANNISPORT, KNIGHT],
                "gold": 5,
                "house": "Lannister",
            },
            {},
        ]
    )
    steward, knight = hand(state, 0, STEWARD)[0], hand(state, 0, KNIGHT)[0]
    state = use(state, 0, ref(state, 0, fiefdoms))
    assert gold_cost(state, 0, knight) == 2 + 2  # a Stark card: no reduction
    assert gold_cost(state, 0, hand(state, 0, LANNISPORT)[0]) == 1
    state = act(state, 0, "marshal:play", [steward])
    assert state.players[0].gold == 4
    assert gold_cost(state, 0, hand(state, 0, LANNISPORT)[0]) == 2  # used up
    assert not uses(state, 0, ref(state, 0, fiefdoms))


def test_hall_of_heroes_lowers_the_next_lannister_character_by_2():
    state = build(
        players=[
            {"in_play": ["core_64"], "hand": [STEWARD, LANNISPORT], "house": "Lannister"},
            {},
        ]
    )
    state = use(state, 0, ref(state, 0, "core_64"))
    assert gold_cost(state, 0, hand(state, 0, LANNISPORT)[0]) == 2  # a location
    assert gold_cost(state, 0, hand(state, 0, STEWARD)[0]) == 0
    assert state.in_play[ref(state, 0, "core_64")].knelt


def test_sunset_sea_is_discarded_to_lower_a_lannister_character_by_2():
    state = build(players=[{"in_play": ["core_65"], "hand": [LURKERS, LANNISPORT]}, {}])
    sea = ref(state, 0, "core_65")
    state = use(state, 0, sea)
    assert sea in state.players[0].discard
    assert gold_cost(state, 0, hand(state, 0, LURKERS)[0]) == 6 + 2 - 2  # Stark house
    assert gold_cost(state, 0, hand(state, 0, LANNISPORT)[0]) == 2 + 2


@pytest.mark.parametrize("location", ["core_58", "core_59", "core_64", "core_65"])
def test_cost_locations_only_in_marshalling(location):
    state = joust({"in_play": [location, STEWARD]}, {})
    assert not uses(state, 0, ref(state, 0, location))


# --- core_162 The Lion's Will -----------------------------------------------------------


def test_the_lions_will_pays_2_gold_to_kneel_a_character():
    state = joust(
        {"hand": [LIONS_WILL], "gold": 2, "in_play": [STEWARD]},
        {"in_play": [KNIGHT, {"card": SMITH, "knelt": True}]},
    )
    will, knight = hand(state, 0, LIONS_WILL)[0], ref(state, 1, KNIGHT)
    assert {a.cards[1] for a in uses(state, 0, will)} == {knight, ref(state, 0, STEWARD)}
    state = use(state, 0, will, knight)
    assert state.in_play[knight].knelt and state.players[0].gold == 0
    assert will in state.players[0].discard


def test_the_lions_will_needs_2_gold():
    state = joust({"hand": [LIONS_WILL], "gold": 1}, {"in_play": [KNIGHT]})
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [hand(state, 0, LIONS_WILL)[0], ref(state, 1, KNIGHT)])


# --- core_164 Call Their Bluff ----------------------------------------------------------


def _option_named(state: GameState, name: str) -> str:
    from gameplay.engine.abilities import pool

    (found,) = [o for o in head(state)["options"] if pool(state)[o].name == name]
    return found


def test_call_their_bluff_names_a_card_and_opponents_discard_every_copy():
    state = joust(
        {"hand": [BLUFF], "gold": 2},
        {"hand": [KNIGHT, STEWARD, KNIGHT]},
        phase="dominance",
    )
    bluff = hand(state, 0, BLUFF)[0]
    state = use(until_window(state), 0, bluff)
    from gameplay.engine.abilities import pool

    options = head(state)["options"]
    assert len(options) == len({card.name for card in pool(state).values()})
    knights = hand(state, 1, KNIGHT)
    state = act(state, 0, "choose", choice=_option_named(state, KNIGHT))
    assert codes(state, state.players[1].hand) == [code(STEWARD)]
    assert sorted(state.players[1].discard) == sorted(knights)
    assert len(events(state, "revealed")[-1]["cards"]) == 3
    assert bluff in state.players[0].discard and state.players[0].gold == 0


def test_call_their_bluff_only_in_dominance():
    state = joust({"hand": [BLUFF], "gold": 2, "in_play": [STEWARD]}, {})
    assert not uses(state, 0, hand(state, 0, BLUFF)[0])


# --- core_165 I'm You Writ Small --------------------------------------------------------


def test_im_you_writ_small_grants_deadly_then_attaches_for_2_str():
    state = joust({"hand": [WRIT_SMALL], "in_play": [STEWARD, KNIGHT]}, {})
    writ, steward, knight = (
        hand(state, 0, WRIT_SMALL)[0],
        ref(state, 0, STEWARD),
        ref(state, 0, KNIGHT),
    )
    state = use(state, 0, writ, knight)  # the Steward is the only Lannister character
    assert "deadly" in keywords(state, knight) and "deadly" not in keywords(state, steward)
    assert state.in_play[writ].attached_to == steward and strength(state, steward) == 4
    assert "Boon" in value(state, "traits", writ, set())
    assert writ in state.players[0].in_play and writ not in state.players[0].discard


def test_im_you_writ_small_stays_in_the_discard_pile_without_a_lannister_character():
    state = joust({"hand": [WRIT_SMALL], "in_play": [KNIGHT]}, {})
    writ = hand(state, 0, WRIT_SMALL)[0]
    state = use(state, 0, writ, ref(state, 0, KNIGHT))
    assert writ in state.players[0].discard and writ not in state.in_play
    marshalling = build(players=[{"hand": [WRIT_SMALL], "in_play": [STEWARD]}, {}])
    assert not uses(marshalling, 0, hand(marshalling, 0, WRIT_SMALL)[0])


# --- core_167 You've Killed the Wrong Dwarf! --------------------------------------------


def test_wrong_dwarf_kneels_a_non_noble_character_that_claims_1_power():
    state = joust(
        {"hand": [WRONG_DWARF], "in_play": [CERSEI]},
        {"in_play": [KNIGHT, {"card": STEWARD, "knelt": True}]},
    )
    dwarf, knight = hand(state, 0, WRONG_DWARF)[0], ref(state, 1, KNIGHT)
    (action,) = uses(state, 0, dwarf)  # not Cersei (Noble), not the kneeling Steward
    assert describe(state, action).startswith("You've Killed the Wrong Dwarf!: Any phase:")
    state = use(state, 0, dwarf, knight)
    assert state.in_play[knight].knelt and state.in_play[knight].power == 1
