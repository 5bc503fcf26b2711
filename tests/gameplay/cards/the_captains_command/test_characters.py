"""The Captain's Command characters (gameplay/engine/cards/the_captains_command/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (Ally, 2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import add_lasting, icons, keywords
from gameplay.engine.cards.vocabulary import naval_icons
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    AGENDA_DECK,
    HOST,
    KNIGHT,
    STEWARD,
    agenda_position,
    apply,
    challenge_without,
    choose,
    defend,
    events,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
)
from tests.gameplay.scenario import settle

GUARDSMAN = "asots_81"
PIRATE = "asots_84"
KHORANE = "asots_85"
WYLLA = "asots_86"
SALTY = "asots_90"
CLETUS = "asots_91"
ROLLY = "asots_92"
LIONS_WILL = "core_162"  # Any Phase: Pay 2 gold to choose a character. Kneel that character.
TREATY = "low_39"  # a non-character agenda
NARROW_SEA = "core_33"  # a location with 1 influence
DECK = [KNIGHT] * 6


# --- asots_81 Arbor Guardsman --------------------------------------------------------------


def _guardsman():
    me = {"house": "Lannister", "in_play": [GUARDSMAN], "hand": [LIONS_WILL] * 2, "gold": 4}
    return joust(me, {"in_play": [KNIGHT, STEWARD]})


def test_arbor_guardsman_gains_2_gold_after_you_kneel_a_character_by_an_effect():
    state = _guardsman()
    guardsman, knight = ref(state, 0, GUARDSMAN), ref(state, 1, KNIGHT)
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], knight)
    assert head(state).get("trigger") == "knelt_by_effect"
    state = use(state, 0, guardsman)
    assert state.players[0].gold == 4 - 2 + 2


def test_arbor_guardsman_once_per_round():
    state = _guardsman()
    guardsman = ref(state, 0, GUARDSMAN)
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], ref(state, 1, KNIGHT))
    state = use(state, 0, guardsman)
    state = pass_windows(state)
    state.players[0].gold = 2
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], ref(state, 1, STEWARD))
    assert not uses(state, 0, guardsman)


def test_arbor_guardsman_not_after_an_opponent_kneels_a_character():
    me = {"house": "Lannister", "hand": [LIONS_WILL], "gold": 2}
    state = joust(me, {"in_play": [GUARDSMAN, KNIGHT]})
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], ref(state, 1, KNIGHT))
    assert not uses(state, 1, ref(state, 1, GUARDSMAN))


# --- asots_84 Lyseni Pirate ----------------------------------------------------------------


def test_lyseni_pirate_claims_power_after_winning_as_a_naval_attacker():
    state = joust({"house": "Baratheon", "in_play": [PIRATE]}, {})
    pirate = ref(state, 0, PIRATE)
    assert "military" in naval_icons(state, pirate)
    state = start(state, "military", [pirate])
    state = to_window(state, "challenge_won")
    state = use(state, 0, pirate)
    assert state.in_play[pirate].power == 1


def test_lyseni_pirate_claims_power_after_winning_as_a_naval_defender():
    state = joust({"in_play": [STEWARD]}, {"house": "Baratheon", "in_play": [PIRATE]})
    pirate = ref(state, 1, PIRATE)
    add_lasting(state, "icons", pirate, "phase", pirate, add=["intrigue"])
    add_lasting(state, "naval", pirate, "phase", pirate, add=["intrigue"])
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    add_lasting(state, "strength", pirate, "phase", pirate, amount=3)
    state = to_window(state, "challenge_won", [pirate])
    state = use(state, 1, pirate)
    assert state.in_play[pirate].power == 1


def test_lyseni_pirate_not_without_a_naval_enhancement_on_the_challenge_icon():
    state = joust({"house": "Baratheon", "in_play": [PIRATE]}, {})
    pirate = ref(state, 0, PIRATE)
    add_lasting(state, "icons", pirate, "phase", pirate, add=["power"])
    state = challenge_without(state, "power", [pirate], 0, pirate)
    assert state.players[0].power == 1  # won (unopposed)


# --- asots_85 Khorane Sathmantes -----------------------------------------------------------


def test_khorane_gives_every_smuggler_character_stealth():
    state = joust({"house": "Baratheon", "in_play": [KHORANE, PIRATE]}, {"in_play": [PIRATE]})
    assert "stealth" in keywords(state, ref(state, 0, PIRATE))
    assert "stealth" in keywords(state, ref(state, 1, PIRATE))
    assert "stealth" in keywords(state, ref(state, 0, KHORANE))


def test_khorane_not_to_other_characters():
    state = joust({"house": "Baratheon", "in_play": [KHORANE, KNIGHT]}, {})
    assert "stealth" not in keywords(state, ref(state, 0, KNIGHT))


# --- asots_86 Wylla Manderly ---------------------------------------------------------------


def test_wylla_gets_3_str_defending_against_an_ally():
    state = joust({"in_play": [STEWARD]}, {"in_play": [WYLLA]})
    wylla, steward = ref(state, 1, WYLLA), ref(state, 0, STEWARD)
    assert "stalwart" in keywords(state, wylla)
    add_lasting(state, "icons", steward, "phase", steward, add=["power"])
    state = start(state, "power", [steward])
    state = defend(state, [wylla])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 1 + 3]


def test_wylla_no_bonus_against_attackers_without_ally_or_traitor():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [WYLLA]})
    wylla = ref(state, 1, WYLLA)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = defend(state, [wylla])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 1]


def test_wylla_no_bonus_while_attacking():
    state = joust({"in_play": [WYLLA]}, {"in_play": [STEWARD]})
    wylla, steward = ref(state, 0, WYLLA), ref(state, 1, STEWARD)
    add_lasting(state, "icons", steward, "phase", steward, add=["power"])
    state = start(state, "power", [wylla])
    state = defend(state, [steward])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [1, 2]


# --- asots_90 Salty Dornishman -------------------------------------------------------------


def test_salty_dornishman_gains_an_icon_with_a_naval_enhancement():
    state = joust({"house": "Martell", "in_play": [SALTY, NARROW_SEA]}, {})
    salty = ref(state, 0, SALTY)
    assert not icons(state, salty)
    state = use(state, 0, salty)
    assert state.in_play[ref(state, 0, NARROW_SEA)].knelt
    state = choose(state, "intrigue")
    assert icons(state, salty) == {"intrigue"}
    assert naval_icons(state, salty) == {"intrigue"}


def test_salty_dornishman_needs_influence():
    state = joust({"house": "Martell", "in_play": [SALTY]}, {})
    assert not uses(state, 0, ref(state, 0, SALTY))


# --- asots_91 Ser Cletus Yronwood ----------------------------------------------------------


def _cletus_killed(state):
    state = start(state, "military", [ref(state, 0, HOST)])
    return to_window(state, "killed", claim=[ref(state, 1, CLETUS)])


def test_cletus_draws_2_cards_after_he_is_killed():
    state = joust({"in_play": [HOST]}, {"house": "Martell", "in_play": [CLETUS], "deck": DECK})
    cletus = ref(state, 1, CLETUS)
    assert {"melee", "renown"} <= keywords(state, cletus)
    state = _cletus_killed(state)
    state = use(state, 1, cletus)
    assert len(state.players[1].hand) == 2


def test_cletus_text_is_blank_while_running_a_non_character_agenda():
    players = [
        {"in_play": [HOST], "deck": AGENDA_DECK},
        {"house": "Martell", "in_play": [CLETUS], "deck": AGENDA_DECK},
    ]
    state = agenda_position(players, {1: TREATY})
    cletus = ref(state, 1, CLETUS)
    assert not {"melee", "renown"} & keywords(state, cletus)
    state = challenge_without(state, "military", [ref(state, 0, HOST)], 1, cletus)
    assert cletus in state.players[1].dead
    assert not state.players[1].hand


# --- asots_92 Ser Rolly Duckfield ----------------------------------------------------------


def test_rolly_cannot_be_discarded_while_you_control_a_lady():
    state = joust({}, {"house": "Targaryen", "in_play": [ROLLY, WYLLA]})
    rolly = ref(state, 1, ROLLY)
    moves.discard(state, [rolly])
    run(state)
    state = settle(state)
    assert rolly in state.in_play


def test_rolly_can_be_discarded_without_a_lord_or_lady():
    state = joust({}, {"house": "Targaryen", "in_play": [ROLLY, KNIGHT]})
    rolly = ref(state, 1, ROLLY)
    moves.discard(state, [rolly])
    run(state)
    assert rolly in state.players[1].discard


# --- asots_89 Planky Town Orphan -----------------------------------------------------------

ORPHAN = "asots_89"


def _orphan_played(deck, hand_cards=()):
    state = marshalling({"house": "Martell", "hand": [ORPHAN, *hand_cards], "deck": deck})
    state.players[0].gold = 8
    orphan = hand(state, 0, ORPHAN)[0]
    (action,) = [a for a in marshals(state, 0, orphan) if a.kind == "marshal:play"]
    state = apply(state, action)
    assert head(state).get("trigger") == "played"
    state = use(state, 0, orphan)
    return state, orphan


def test_planky_town_orphan_plays_the_top_card_as_your_next_action():
    state, _ = _orphan_played([HOST, KNIGHT])
    top = state.players[0].deck[0]
    assert events(state, "revealed")[-1]["cards"] == [top]
    state = pass_windows(state)
    (action,) = [a for a in marshals(state, 0, top) if a.kind == "marshal:play"]
    state = apply(state, action)
    assert top in state.players[0].in_play and top not in state.players[0].deck
    assert events(state, "played_from_pile")[-1]["card"] == top


def test_planky_town_orphan_top_card_stays_after_another_action():
    state, _ = _orphan_played([KNIGHT, HOST], [STEWARD])
    top = state.players[0].deck[0]
    state = pass_windows(state)
    steward = hand(state, 0, STEWARD)[0]
    (action,) = [a for a in marshals(state, 0, steward) if a.kind == "marshal:play"]
    state = apply(state, action)
    state = pass_windows(state)
    assert not marshals(state, 0, top)
    assert state.players[0].deck[0] == top


def test_planky_town_orphan_played_from_the_deck_does_not_respond():
    state, _ = _orphan_played([ORPHAN, KNIGHT])
    second = state.players[0].deck[0]
    state = pass_windows(state)
    (action,) = [a for a in marshals(state, 0, second) if a.kind == "marshal:play"]
    state = apply(state, action)
    assert second in state.players[0].in_play
    assert not uses(state, 0, second)
