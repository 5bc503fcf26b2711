"""The Epic Battle plot-events of Epic Battles (acoa_65 to acoa_70) and Arstan Whitebeard
(acoa_63): the epic phase (gameplay/engine/epic.py), played as players would."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    IllegalAction,
    act,
    answer,
    build,
    events,
    hand,
    head,
    in_play,
    joust,
    ref,
    until_phase,
    waiting_seats,
)
from tests.gameplay.epictest import epic_challenge, play_battle, plot_phase, until_epic_turn

KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
CROSSROADS = "core_138"  # neutral location
LORDSHIP = "core_140"  # neutral attachment


def test_acoa_65_whispering_wood_epic_military_challenge_kills_a_character_without_military():
    state = plot_phase(
        [
            {"house": "Stark", "hand": ["acoa_65"], "in_play": [KNIGHT]},
            {"house": "Lannister", "in_play": [STEWARD, STEWARD, KNIGHT]},
        ]
    )
    state = play_battle(state, 0, "acoa_65")
    battle = events(state, "epic_battle")[-1]
    assert battle["code"] == "acoa_65" and battle["types"] == ["military"]
    card = battle["card"]
    assert card not in state.players[0].discard  # next to the plot deck until the phase ends
    state = until_epic_turn(state, 0)
    assert state.phase == "epic"
    kinds = {a.kind for a in legal_actions(state, 0) if a.kind.startswith("challenge:")}
    assert kinds == {"challenge:military"}
    with pytest.raises(IllegalAction, match="only a Military challenge"):
        act(state, 0, "challenge:power", choice="1")
    first, second = in_play(state, 1, STEWARD)
    state = epic_challenge(state, 0, "military", [ref(state, 0, KNIGHT)])
    state = answer(state, "claim_kill", [first])  # normal claim: 1
    prompt = head(state)
    assert prompt["purpose"] == "kill" and prompt["seat"] == 0
    assert prompt["candidates"] == [second]  # the Knight has a Military icon
    state = answer(state, "kill", [second])
    assert state.players[1].dead == [first, second]
    state = until_epic_turn(state, 1)  # then the other player's single challenge
    state = act(state, 1, "pass")
    while state.phase == "epic":
        state = act(state, waiting_seats(state)[0], "pass")
    assert card in state.players[0].discard
    phases = [e.get("phase") for e in state.log if e["event"] in ("phase", "epic_battle_over")]
    assert phases[phases.index("dominance") :][:4] == ["dominance", "epic", None, "standing"]


def _epic_win(house: str, code: str, ctype: str, me: dict, them: dict):
    """Seat 0 (``house``) plays ``code`` and wins its epic ``ctype`` challenge unopposed
    with every character it has in play (the claim is answered when seat 1 chooses)."""
    mine = {"house": house, **me, "hand": [code, *me.get("hand", [])]}
    state = plot_phase([mine, {"house": "Stark", **them}])
    state = play_battle(state, 0, code)
    state = until_epic_turn(state, 0)
    attackers = [r for r in state.players[0].in_play if r in state.in_play]
    attackers = [r for r in attackers if state.in_play[r].attached_to is None]
    return epic_challenge(state, 0, ctype, attackers)


def test_acoa_66_blackwater_epic_intrigue_winner_puts_an_in_house_card_into_play():
    me = {"in_play": [STEWARD], "hand": ["Tyrion Lannister", KNIGHT]}
    state = _epic_win("Lannister", "acoa_66", "intrigue", me, {"in_play": [KNIGHT]})
    prompt = head(state)  # the intrigue claim discarded seat 1's hand at random (empty)
    assert prompt["purpose"] == "put_into_play" and prompt["seat"] == 0
    tyrion = hand(state, 0, "Tyrion Lannister")[0]
    assert prompt["candidates"] == [tyrion]  # the Stark Knight is not in-House
    state = answer(state, "put_into_play", [tyrion])
    assert tyrion in state.players[0].in_play


def test_acoa_67_battle_at_the_wall_epic_power_winner_draws_three():
    state = _epic_win("Baratheon", "acoa_67", "power", {"in_play": [KNIGHT]}, {})
    before = len(state.players[0].hand)
    assert head(state)["purpose"] == "draw_three"
    state = act(state, 0, "choose", choice="draw")
    assert len(state.players[0].hand) == before + 3


def test_acoa_68_deepwood_motte_epic_military_winner_discards_a_location():
    them = {"in_play": [CROSSROADS, STEWARD]}
    state = _epic_win("Greyjoy", "acoa_68", "military", {"in_play": [KNIGHT]}, them)
    assert events(state, "killed")  # the claim: seat 1's only character
    crossroads = ref(state, 1, CROSSROADS)
    assert head(state)["purpose"] == "discard" and head(state)["candidates"] == [crossroads]
    state = answer(state, "discard", [crossroads])
    assert crossroads in state.players[1].discard


def test_acoa_69_astapor_epic_power_winner_discards_any_number_of_attachments():
    me = {"in_play": [{"card": KNIGHT, "attachments": [LORDSHIP]}]}
    them = {"in_play": [{"card": STEWARD, "attachments": [LORDSHIP]}], "power": 3}
    state = _epic_win("Targaryen", "acoa_69", "power", me, them)
    mine, theirs = in_play(state, 0, LORDSHIP)[0], in_play(state, 1, LORDSHIP)[0]
    assert head(state)["purpose"] == "discard"
    assert set(head(state)["candidates"]) == {mine, theirs}
    state = answer(state, "discard", [theirs])
    assert theirs in state.players[1].discard and mine in state.in_play


def test_acoa_70_vipers_revenge_epic_intrigue_winner_skips_the_standing_phase():
    state = _epic_win("Martell", "acoa_70", "intrigue", {"in_play": [STEWARD]}, {})
    steward = ref(state, 0, STEWARD)
    assert head(state)["purpose"] == "skip_standing"
    state = act(state, 0, "choose", choice="skip_standing")
    assert events(state, "phase_skipped")[-1]["phase"] == "standing"
    state = until_phase(state, "plot")
    phases = [e["phase"] for e in events(state, "phase")]
    after = phases.index("epic")
    assert phases[after + 1 : after + 3] == ["taxation", "plot"]
    assert state.in_play[steward].knelt  # nothing stood this round


def test_acoa_63_arstan_whitebeard_queensguard_strength_and_renown_in_the_epic_phase():
    state = plot_phase(
        [
            {"house": "Targaryen", "hand": ["acoa_87"], "in_play": ["acoa_63"]},
            {"in_play": [KNIGHT]},
        ]
    )
    arstan = ref(state, 0, "acoa_63")
    assert strength(state, arstan) == 4 and "renown" not in keywords(state, arstan)
    state = play_battle(state, 0, "acoa_87")
    state = until_epic_turn(state, 0)
    assert strength(state, arstan) == 9 and "renown" in keywords(state, arstan)
    assert strength(state, ref(state, 1, KNIGHT)) == 2  # not a Queen or Queensguard
    state = epic_challenge(state, 0, "military", [arstan])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.in_play[arstan].power == 1  # renown


def test_acoa_63_arstan_whitebeard_is_discarded_with_ser_barristan_selmy():
    state = joust({"in_play": ["acoa_63", "core_146"]}, {"in_play": [KNIGHT]})
    arstan = [r for r in state.players[0].discard if state.code(r) == "acoa_63"]
    assert arstan and not in_play(state, 0, "acoa_63")
    kept = build(players=[{"in_play": ["acoa_63"]}, {"in_play": ["core_146"]}])
    assert in_play(kept, 0, "acoa_63")  # only Barristan under Arstan's controller counts
