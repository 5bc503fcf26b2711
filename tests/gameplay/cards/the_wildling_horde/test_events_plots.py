"""The Wildling Horde: the events, the attachment and the plot
(the_wildling_horde/events_plots.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from tests.gameplay.cards.the_wildling_horde.helpers import challenge_over, logged_after, phase_over
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    defend,
    events,
    hand,
    head,
    joust,
    marshalling,
    pass_windows,
    ref,
    start,
    to_window,
    until_prompt,
    until_seat,
    use,
    uses,
    watch,
)

MISINFORMATION = "dotn_64"
PULLED_UNDER = "dotn_68"
HATCHLING = "dotn_69"  # a Dragon character, 2 STR, military
DRAGONS_FIRE = "dotn_70"
SCORPIONS = "dotn_72"
VALAR = "dotn_80"
WEAPONSMITH = "Lannisport Weaponsmith"  # 1 STR, military
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window
CROSSROADS = ["core_138", "core_143", "core_148"]  # +1 influence each


# --- dotn_64 Misinformation -----------------------------------------------------------------


def _intrigue_against_misinformation(ctype: str = "intrigue"):
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT, STEWARD]},
        {"house": "Lannister", "hand": [MISINFORMATION, KNIGHT], "in_play": [HOST]},
    )
    attacker = ref(state, 0, STEWARD if ctype == "intrigue" else KNIGHT)
    return start(state, ctype, [attacker]), hand(state, 1, MISINFORMATION)[0]


def test_dotn_64_misinformation_wins_an_intrigue_challenge_an_opponent_would_win():
    state, misinformation = _intrigue_against_misinformation()
    state = to_window(state, "would_win_intrigue")
    state = until_seat(state, 1)
    state = use(state, 1, misinformation)
    state = pass_windows(state)
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["winner"] == 1 and resolved["strength"] == [2, 0]
    assert len(state.players[1].hand) == 1  # no intrigue claim: the attacker lost
    assert misinformation in state.players[1].discard


def test_dotn_64_misinformation_is_not_offered_in_a_military_challenge():
    state, misinformation = _intrigue_against_misinformation("military")
    state, offered = watch(state, 1, misinformation, challenge_over)
    assert not offered and events(state, "challenge_resolved")[-1]["winner"] == 0


def test_dotn_64_misinformation_is_not_offered_when_you_would_win():
    state = joust(
        {"house": "Lannister", "hand": [MISINFORMATION], "in_play": [STEWARD]},
        {"house": "Stark", "in_play": [HOST]},
    )
    misinformation = hand(state, 0, MISINFORMATION)[0]
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state, offered = watch(state, 0, misinformation, challenge_over)
    assert not offered and events(state, "challenge_resolved")[-1]["winner"] == 0


# --- dotn_68 Pulled Under -------------------------------------------------------------------


def test_dotn_68_pulled_under_takes_its_character_to_the_bottom_of_the_deck():
    state = joust(
        {"house": "Greyjoy", "in_play": [HOST]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [PULLED_UNDER]}, STEWARD]},
    )
    knight = ref(state, 1, KNIGHT)
    pulled = next(r for r in state.in_play if state.code(r) == PULLED_UNDER)
    state, _ = watch(state, 0, ref(state, 0, HOST), phase_over("challenges"))
    deck = state.players[1].deck
    assert deck[-2:] == [pulled, knight] and knight not in state.in_play
    # It happened at the end of the dominance phase, not before.
    returned = [e for e in state.log if e.get("event") == "left_play" and e["card"] == knight]
    phases = [e for e in state.log if e.get("event") == "phase"]
    assert returned[0]["to"] == "deck_bottom"
    assert state.log.index(returned[0]) > state.log.index(
        next(e for e in phases if e["phase"] == "dominance")
    )


def test_dotn_68_pulled_under_stays_through_the_challenges_phase():
    state = joust(
        {"house": "Greyjoy", "in_play": [HOST], "hand": [RUMORS]},  # asked in every window
        {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [PULLED_UNDER]}]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, ref(state, 0, HOST), challenge_over, [knight])
    assert state.phase == "challenges" and knight in state.in_play


# --- dotn_70 The Dragon's Fire --------------------------------------------------------------


def _fire(attackers: str = HATCHLING):
    state = joust(
        {"house": "Targaryen", "in_play": [HATCHLING, HOST], "hand": [DRAGONS_FIRE, RUMORS]},
        {"house": "Lannister", "in_play": [KNIGHT, WEAPONSMITH]},
    )
    fire, hatchling = hand(state, 0, DRAGONS_FIRE)[0], ref(state, 0, HATCHLING)
    assert {a.cards[1] for a in uses(state, 0, fire)} == {hatchling}  # Dragons only
    state = use(state, 0, fire, hatchling)
    state = start(state, "military", [ref(state, 0, attackers)])
    knight, smith = ref(state, 1, KNIGHT), ref(state, 1, WEAPONSMITH)
    return defend(state, [knight, smith]), knight, smith


def test_dotn_70_the_dragons_fire_weakens_and_kills_the_defenders_of_the_dragon():
    state, knight, smith = _fire()
    assert strength(state, knight) == 1
    state = pass_windows(state)
    assert smith in state.players[1].dead  # killed at 0 STR
    assert events(state, "zero_strength")


def test_dotn_70_the_dragons_fire_does_nothing_while_the_dragon_does_not_attack():
    state, knight, smith = _fire(attackers=HOST)
    assert strength(state, knight) == 2 and strength(state, smith) == 1
    state = pass_windows(state)
    assert not events(state, "zero_strength")


def test_dotn_70_the_dragons_fire_is_played_only_in_the_challenges_phase():
    state = marshalling({"house": "Targaryen", "in_play": [HATCHLING], "hand": [DRAGONS_FIRE]})
    assert not uses(state, 0, hand(state, 0, DRAGONS_FIRE)[0])


# --- dotn_72 Scorpions Underfoot ------------------------------------------------------------


def _scorpions(characters: list, influence: list, theirs: tuple = (HOST,)):
    return joust(
        {"house": "Martell", "in_play": [*influence, *characters], "hand": [SCORPIONS]},
        {"house": "Stark", "in_play": list(theirs)},
    )


def test_dotn_72_scorpions_underfoot_takes_an_icon_from_each_of_3_characters():
    state = _scorpions([KNIGHT, STEWARD], CROSSROADS, (HOST, STEWARD))
    knight, steward, host = ref(state, 0, KNIGHT), ref(state, 0, STEWARD), ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, SCORPIONS)[0])
    if head(state).get("purpose") == "influence":  # exactly 3: it answers itself
        state = answer(state, "influence", head(state)["candidates"])
    assert all(state.in_play[r].knelt for r in ref_all(state, CROSSROADS))
    state = until_prompt(state, "lose_military")
    state = answer(state, "lose_military", [host])
    state = answer(state, "lose_intrigue", [steward])
    assert head(state)["purpose"] == "lose_power"
    assert set(head(state)["candidates"]) == {knight, ref(state, 1, STEWARD)}
    state = answer(state, "lose_power", [knight])
    assert icons(state, host) == {"power"}
    assert icons(state, steward) == set()
    assert icons(state, knight) == {"military"}


def ref_all(state, codes: list[str]) -> list[str]:
    return [r for r in state.in_play if state.code(r) in codes]


def test_dotn_72_scorpions_underfoot_needs_3_characters_and_3_influence():
    two = _scorpions([KNIGHT], CROSSROADS)  # 2 characters in play
    assert not uses(two, 0, hand(two, 0, SCORPIONS)[0])
    poor = _scorpions([KNIGHT, STEWARD], CROSSROADS[:2])  # 2 influence
    assert not uses(poor, 0, hand(poor, 0, SCORPIONS)[0])


# --- dotn_80 Valar Dohaeris -----------------------------------------------------------------


def test_dotn_80_valar_dohaeris_discards_every_standing_character_at_the_end_of_dominance():
    state = joust(
        {"house": "Stark", "revealed_plot": VALAR, "in_play": [KNIGHT, HOST]},
        {"house": "Lannister", "in_play": [{"card": STEWARD, "duplicates": [STEWARD]}]},
    )
    host, knight, steward = ref(state, 0, HOST), ref(state, 0, KNIGHT), ref(state, 1, STEWARD)
    state = start(state, "power", [host])  # Host of Storm's End kneels to attack
    state, _ = watch(state, 0, host, phase_over("challenges"))
    assert host in state.in_play  # knelt at the end of the dominance phase
    assert knight in state.players[0].discard
    assert steward in state.players[1].discard  # cannot be saved: its duplicate did not
    dominance = {"event": "phase", "phase": "dominance"}
    assert logged_after(state, dominance, {"event": "left_play", "card": knight})
    assert not events(state, "saved")


def test_dotn_80_valar_dohaeris_only_discards_at_the_end_of_the_dominance_phase():
    state = joust(
        {"house": "Stark", "revealed_plot": VALAR, "in_play": [KNIGHT, HOST]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    knight = ref(state, 0, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, knight, challenge_over, [ref(state, 1, STEWARD)])
    assert knight in state.in_play and state.phase == "challenges"
