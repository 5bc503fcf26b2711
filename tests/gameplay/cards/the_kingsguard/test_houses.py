"""The Kingsguard House characters (gameplay/engine/cards/the_kingsguard/houses.py), played
through legal actions: Shadow Killer, Melisandre, Greydon Goodbrother, Tywin Lannister, The
Hound, Arianne Martell, Palestone Sword Guard, Umber Champion and Ser Jorah Mormont.

Fillers: Host of Storm's End (6 STR), Knight of the Tumblestone (2 STR), Lannisport Steward
(2 STR, intrigue), Robb Stark (a unique character, for a duplicate)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from gameplay.engine.game import legal_actions
from gameplay.engine.steps import dominance_total
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    choose,
    defend,
    events,
    head,
    joust,
    pass_windows,
    ref,
    shadow,
    start,
    until_phase,
    until_window,
    use,
    uses,
)

KILLER = "kr_41"
MELISANDRE = "kr_42"
GREYDON = "kr_43"
TYWIN = "kr_45"
HOUND = "kr_46"
ARIANNE = "kr_47"
SWORD_GUARD = "kr_48"
CHAMPION = "kr_49"
JORAH = "kr_51"
ROBB = "Robb Stark"
HOLY = "acoa_53"  # Fiery Followers: a Holy-crest character, 2 STR
LOCATION = "core_29"  # Great Keep


def come_out(state, seat, card):
    """``seat`` brings ``card`` out of its Shadows (paying its cost)."""
    return act(state, seat, "use", [card], "shadow")


# --- kr_41 Shadow Killer ------------------------------------------------------------------


def test_shadow_killer_kills_a_character_of_a_player_with_more_cards_at_command():
    state = joust(
        {"house": "Baratheon", "gold": 2},
        {"in_play": [HOST, {"card": ROBB, "duplicates": [ROBB]}], "hand": [KNIGHT]},
        phase="marshalling",
    )
    killer = shadow(state, 0, KILLER)
    robb = ref(state, 1, ROBB)
    state = come_out(state, 0, killer)
    state = until_window(state, "came_out_of_shadows")
    assert {a.cards[1] for a in uses(state, 0, killer)} == {robb, ref(state, 1, HOST)}
    state = use(state, 0, killer, robb)
    state = pass_windows(state)
    assert robb in state.players[1].dead  # his duplicate could not save him


def test_shadow_killer_has_no_target_when_the_opponent_has_no_more_cards_at_command():
    state = joust(
        {"house": "Baratheon", "gold": 2, "hand": [KNIGHT]},
        {"in_play": [HOST], "hand": [STEWARD]},
        phase="marshalling",
    )
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)  # 2 cards at command each: not more
    assert uses(state, 0, killer) == []


# --- kr_42 Melisandre ---------------------------------------------------------------------


def _dominance(me, them):
    return joust({"house": "Baratheon", "gold": 0, **me}, {"gold": 0, **them}, phase="dominance")


def test_melisandre_counts_holy_characters_in_the_dead_pile_toward_dominance():
    state = build(
        phase="marshalling",
        players=[
            {"house": "Baratheon", "in_play": [MELISANDRE], "dead": [HOLY, KNIGHT]},
            {"dead": [HOLY]},
        ],
    )
    mel = ref(state, 0, MELISANDRE)
    state.players[0].gold = state.players[1].gold = 0
    # Her 3 STR and the Knight of Summerhall's 2 (not the Knight of the Tumblestone's).
    assert dominance_total(state, 0) == strength(state, mel) + 2
    assert dominance_total(state, 1) == 0  # only her controller's dead pile


def test_melisandre_puts_a_holy_character_into_play_after_winning_dominance():
    state = _dominance({"in_play": [MELISANDRE], "dead": [HOLY, KNIGHT]}, {})
    state = until_window(state, "dominance_won")
    holy, knight = state.players[0].dead
    state = use(state, 0, ref(state, 0, MELISANDRE))  # the only Holy character: no question
    assert holy in state.players[0].in_play and state.players[0].dead == [knight]


def test_melisandre_needs_her_controller_to_win_dominance():
    state = _dominance({"in_play": [MELISANDRE], "dead": [HOLY]}, {"in_play": [HOST]})
    state = pass_windows(state)
    assert events(state, "dominance")[-1]["seat"] == 1
    assert state.players[0].dead and not events(state, "put_into_play")


def test_melisandre_is_not_offered_without_a_holy_character_in_the_dead_pile():
    state = _dominance({"in_play": [MELISANDRE], "dead": [KNIGHT]}, {})
    state = pass_windows(state)
    assert events(state, "dominance")[-1]["seat"] == 0
    assert not events(state, "put_into_play")


# --- kr_43 Greydon Goodbrother ------------------------------------------------------------


def test_greydon_is_discarded_when_his_controller_has_fewer_locations():
    state = joust(
        {"house": "Greyjoy", "in_play": [GREYDON]}, {"in_play": [LOCATION]}, phase="marshalling"
    )
    assert state.players[0].discard and not state.players[0].in_play


def test_greydon_stays_with_as_many_locations_as_each_opponent():
    state = joust(
        {"house": "Greyjoy", "in_play": [GREYDON, LOCATION], "hand": [ROBB, ROBB], "gold": 9},
        {"in_play": [LOCATION]},
        phase="marshalling",
    )
    greydon = ref(state, 0, GREYDON)
    assert greydon in state.in_play


def test_greydon_cannot_be_saved_by_a_duplicate():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": GREYDON, "duplicates": [GREYDON]}]},
        {"in_play": [LOCATION]},
        phase="marshalling",
    )
    assert not state.players[0].in_play and len(state.players[0].discard) == 2


# --- kr_45 Tywin Lannister ----------------------------------------------------------------


def test_tywin_does_not_kneel_to_attack_an_opponent_with_a_bigger_hand():
    state = joust(
        {"house": "Lannister", "in_play": [TYWIN]}, {"hand": [STEWARD], "in_play": [KNIGHT]}
    )
    tywin = ref(state, 0, TYWIN)
    state = start(state, "power", [tywin])
    assert state.challenge["attackers"] == [tywin] and not state.in_play[tywin].knelt


def test_tywin_kneels_to_attack_an_opponent_with_no_more_cards_in_hand():
    state = joust(
        {"house": "Lannister", "in_play": [TYWIN], "hand": [STEWARD]},
        {"hand": [STEWARD], "in_play": [KNIGHT]},
    )
    tywin = ref(state, 0, TYWIN)
    state = start(state, "power", [tywin])
    assert state.challenge["attackers"] == [tywin] and state.in_play[tywin].knelt


# --- kr_46 The Hound ----------------------------------------------------------------------


def test_the_hound_gets_1_str_for_each_card_in_any_players_shadows():
    state = joust({"house": "Lannister", "in_play": [HOUND]}, {})
    hound = ref(state, 0, HOUND)
    assert strength(state, hound) == 4
    shadow(state, 0, KILLER)
    shadow(state, 1, KILLER)
    assert strength(state, hound) == 6


# --- kr_47 Arianne Martell ----------------------------------------------------------------


def test_arianne_reveals_a_new_plot_after_coming_out_of_shadows():
    state = joust({"house": "Martell", "gold": 1, "plot_deck": [CALM]}, {}, phase="marshalling")
    arianne = shadow(state, 0, ARIANNE)
    state = come_out(state, 0, arianne)
    calm = state.players[0].plot_deck[0]
    state = use(state, 0, arianne)  # the only plot left: no question
    assert state.players[0].revealed_plot == calm


def test_arianne_answers_only_her_own_coming_out():
    state = joust(
        {"house": "Martell", "gold": 5, "in_play": [ARIANNE], "plot_deck": [CALM]},
        {},
        phase="marshalling",
    )
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)
    assert uses(state, 0, ref(state, 0, ARIANNE)) == []


# --- kr_48 Palestone Sword Guard ----------------------------------------------------------


def test_palestone_sword_guard_discards_a_card_for_1_str_and_an_icon():
    state = joust({"house": "Martell", "in_play": [SWORD_GUARD], "hand": [KNIGHT, STEWARD]}, {})
    guard = ref(state, 0, SWORD_GUARD)
    found = [a for a in uses(state, 0, guard) if a.choice == "1"]
    state = act(state, 0, "use", [guard], "1")
    state = answer(state, "discard_cost", state.players[0].hand[:1])
    assert len(state.players[0].discard) == 1
    assert head(state)["options"] == ["military", "intrigue", "power"]
    state = choose(state, "intrigue")
    assert found and strength(state, guard) == 2 and "intrigue" in icons(state, guard)
    state = until_phase(state, "dominance")
    assert strength(state, guard) == 1 and "intrigue" not in icons(state, guard)


def test_palestone_sword_guard_needs_a_card_in_hand_or_influence():
    state = joust({"house": "Martell", "in_play": [SWORD_GUARD]}, {})
    assert uses(state, 0, ref(state, 0, SWORD_GUARD)) == []


# --- kr_49 Umber Champion -----------------------------------------------------------------


def test_umber_champion_stands_each_defending_character():
    state = joust({"in_play": [HOST]}, {"in_play": [CHAMPION, KNIGHT, STEWARD]})
    champion, knight = ref(state, 1, CHAMPION), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [knight])
    assert state.in_play[knight].knelt
    state = until_window(state)
    while 1 not in [a.seat for a in legal_actions(state, 1) if a.kind == "use"]:
        state = act(state, 0, "pass")
    state = use(state, 1, champion)
    state = pass_windows(state) if head(state).get("trigger") == "ability" else state
    assert not state.in_play[knight].knelt and champion in state.players[1].discard


def test_umber_champion_is_not_offered_without_defending_characters():
    state = joust({"in_play": [HOST]}, {"in_play": [CHAMPION]})
    assert uses(state, 1, ref(state, 1, CHAMPION)) == []


# --- kr_51 Ser Jorah Mormont --------------------------------------------------------------


def test_jorah_discarded_from_hand_goes_into_shadows_and_draws_a_card():
    state = joust(
        {"house": "Martell", "in_play": [SWORD_GUARD], "hand": [JORAH, STEWARD], "deck": [KNIGHT]},
        {},
    )
    guard = ref(state, 0, SWORD_GUARD)
    jorah = state.players[0].hand[0]
    state = act(state, 0, "use", [guard], "1")
    state = answer(state, "discard_cost", [jorah])
    player = state.players[0]
    assert len(player.shadows) == 1 and state.code(player.shadows[0]) == JORAH
    assert player.discard == [] and len(player.hand) == 2 and player.deck == []
    # Not out of Shadows in the round he went in.
    player.gold = 5
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]


def test_jorah_discarded_from_hand_by_the_intrigue_claim():
    state = joust({"in_play": [STEWARD]}, {"house": "Targaryen", "hand": [JORAH], "deck": [HOST]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])
    for _ in range(20):
        if state.players[1].shadows:
            break
        state = act(state, 0, "pass") if head(state).get("name") == "window" else state
    assert len(state.players[1].shadows) == 1 and state.players[1].discard == []
    assert len(state.players[1].hand) == 1 and state.players[1].deck == []
