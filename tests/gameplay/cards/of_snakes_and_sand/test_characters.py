"""Of Snakes and Sand: the characters (of_snakes_and_sand/characters.py), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from tests.gameplay.cards.of_snakes_and_sand.helpers import phase_over, watch
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenges_over,
    choose,
    codes,
    events,
    hand,
    head,
    initiate,
    joust,
    marshalling,
    names,
    ref,
    shadow,
    start,
    to_window,
    use,
    uses,
    won_window,
)

WALTON = "bwb_81"
WEEPING = "bwb_82"
VAGABOND = "bwb_83"
ENCHANTRESS = "bwb_85"
CREW = "bwb_87"
JHOGO = "bwb_89"
TYENE = "bwb_91"
NYMERIA = "bwb_92"
DAUGHTER = "bwb_93"
JACK = "bwb_97"
RECRUIT = "bwb_98"
COLLECTOR = "acoa_115"  # Zealous Collector: an Asshai character, intrigue and power, 1 STR
OUTRIDER = "ator_90"  # Refugee of the Plains: a Dothraki character, 2 STR
DOREA = "atoc_13"  # Dorea Sand: a Sand Snake (not scripted), military, 1 STR
MAIDEN = "atoc_53"  # Maiden of Poisons: a Sand Snake (not scripted), intrigue and power
ELIA = "cad_91"  # Elia Sand: a unique Sand Snake (not scripted)


def dominance(me: dict, them: dict):
    return joust({"house": "Stark", **me}, {"house": "Lannister", **them}, phase="dominance")


# --- bwb_81 Steelshanks Walton -----------------------------------------------------------


def test_bwb_81_the_dominance_winner_takes_control_of_steelshanks_walton():
    state = dominance({"in_play": [HOST]}, {"in_play": [WALTON]})
    assert events(state, "dominance")[-1]["seat"] == 0
    walton = ref(state, 1, WALTON)
    assert uses(state, 1, walton) == []  # his controller lost dominance
    state = use(state, 0, walton)
    assert state.in_play[walton].controller == 0 and walton in state.players[0].in_play


def test_bwb_81_steelshanks_walton_is_not_taken_by_the_player_who_lost_dominance():
    state = dominance({"in_play": [WALTON, HOST]}, {"in_play": [KNIGHT]})
    walton = ref(state, 0, WALTON)
    assert events(state, "dominance")[-1]["seat"] == 0
    assert uses(state, 0, walton) == []  # the winner already controls him
    state, offered = watch(state, 1, walton, phase_over("dominance"))
    assert not offered  # the loser may not take him
    assert state.in_play[walton].controller == 0


def test_bwb_81_steelshanks_walton_is_taken_only_in_the_dominance_phase():
    state = joust(
        {"house": "Stark", "in_play": [HOST]}, {"house": "Lannister", "in_play": [WALTON]}
    )
    walton = ref(state, 1, WALTON)
    state.log.append({"event": "dominance", "round": state.round, "seat": 0})
    state, offered = watch(state, 0, walton, challenges_over)
    assert not offered


# --- bwb_82 The Weeping Water ------------------------------------------------------------


def test_bwb_82_the_weeping_water_stands_after_a_character_changes_control():
    state = dominance({"in_play": [HOST, {"card": WEEPING, "knelt": True}]}, {"in_play": [WALTON]})
    weeping = ref(state, 0, WEEPING)
    assert state.in_play[weeping].knelt
    state = use(state, 0, ref(state, 1, WALTON))
    assert not state.in_play[weeping].knelt


def test_bwb_82_the_weeping_water_returns_the_topmost_house_bolton_card_to_the_deck():
    bolton, outrider = "ator_83", "atoc_22"  # Bolton Refugee, Dreadfort Outrider
    state = marshalling(
        {"in_play": [WEEPING], "discard": [bolton, outrider, KNIGHT], "deck": [STEWARD]}
    )
    weeping = ref(state, 0, WEEPING)
    state = use(state, 0, weeping)
    player = state.players[0]
    assert state.in_play[weeping].knelt
    assert state.code(player.deck[0]) == outrider  # the topmost Bolton card, not the Knight
    assert codes(state, player.discard) == names(bolton, KNIGHT)


def test_bwb_82_the_weeping_water_needs_a_house_bolton_card_in_the_discard_pile():
    state = marshalling({"in_play": [WEEPING], "discard": [KNIGHT]})
    assert uses(state, 0, ref(state, 0, WEEPING)) == []


# --- bwb_83 Tribeless Vagabond -----------------------------------------------------------


def test_bwb_83_tribeless_vagabond_discards_a_card_for_an_icon_of_choice():
    state = joust(
        {"house": "Lannister", "in_play": [VAGABOND], "hand": [KNIGHT]}, {"in_play": [STEWARD]}
    )
    vagabond = ref(state, 0, VAGABOND)
    assert icons(state, vagabond) == {"military"}
    state = use(state, 0, vagabond)
    assert head(state)["purpose"] == "icon" and head(state)["options"] == ["intrigue", "power"]
    state = choose(state, "intrigue")
    assert icons(state, vagabond) == {"military", "intrigue"}
    assert state.players[0].hand == [] and state.code(state.players[0].discard[0]) == "core_18"


def test_bwb_83_tribeless_vagabond_needs_a_card_in_hand_and_the_challenges_phase():
    state = joust({"house": "Lannister", "in_play": [VAGABOND]}, {"in_play": [STEWARD]})
    assert uses(state, 0, ref(state, 0, VAGABOND)) == []  # nothing to discard
    state = marshalling({"house": "Lannister", "in_play": [VAGABOND], "hand": [KNIGHT]})
    assert uses(state, 0, ref(state, 0, VAGABOND)) == []  # Challenges: only


# --- bwb_85 Shadow Enchantress -----------------------------------------------------------


def test_bwb_85_shadow_enchantress_asshai_characters_grow_with_cards_in_shadows():
    state = joust(
        {"house": "Baratheon", "in_play": [ENCHANTRESS, KNIGHT]},
        {"house": "Lannister", "in_play": [COLLECTOR]},
    )
    shadow(state, 0, STEWARD)
    shadow(state, 1, STEWARD)
    enchantress, collector = ref(state, 0, ENCHANTRESS), ref(state, 1, COLLECTOR)
    assert strength(state, enchantress) == 5 and "military" in icons(state, enchantress)
    assert strength(state, collector) == 3 and "military" in icons(state, collector)
    knight = ref(state, 0, KNIGHT)  # not Asshai
    assert strength(state, knight) == 2


def test_bwb_85_shadow_enchantress_does_nothing_with_shadows_empty():
    state = joust(
        {"house": "Baratheon", "in_play": [ENCHANTRESS]},
        {"house": "Lannister", "in_play": [COLLECTOR]},
    )
    collector = ref(state, 1, COLLECTOR)
    assert strength(state, collector) == 1 and "military" not in icons(state, collector)
    assert strength(state, ref(state, 0, ENCHANTRESS)) == 3


# --- bwb_87 Bloodthirsty Crew ------------------------------------------------------------


def test_bwb_87_bloodthirsty_crew_discards_the_top_2_cards_of_the_loser_after_unopposed():
    state = joust(
        {"house": "Greyjoy", "in_play": [CREW]},
        {"in_play": [{"card": KNIGHT, "knelt": True}], "deck": [STEWARD, HOST, KNIGHT]},
    )
    state = won_window(state, "intrigue", [ref(state, 0, CREW)], [])
    state = use(state, 0, ref(state, 0, CREW))
    assert codes(state, state.players[1].discard) == names(STEWARD, HOST)
    assert codes(state, state.players[1].deck) == names(KNIGHT)
    assert events(state, "discarded_from_deck")[-1]["seat"] == 1


def test_bwb_87_bloodthirsty_crew_does_nothing_after_an_opposed_win():
    state = joust(
        {"house": "Greyjoy", "in_play": [CREW, HOST]},
        {"in_play": [STEWARD], "deck": [STEWARD, HOST, KNIGHT]},
    )
    crew = ref(state, 0, CREW)
    state = start(state, "intrigue", [crew])
    state, offered = watch(state, 0, crew, challenges_over, [ref(state, 1, STEWARD)])
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


def test_bwb_87_bloodthirsty_crew_must_have_participated():
    state = joust(
        {"house": "Greyjoy", "in_play": [CREW, HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}], "deck": [STEWARD, HOST, KNIGHT]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, CREW), challenges_over)
    assert events(state, "challenge_resolved")[0]["unopposed"] and not offered


# --- bwb_89 Jhogo ------------------------------------------------------------------------


def test_bwb_89_jhogo_gains_stealth_attacking_alone():
    state = joust({"house": "Targaryen", "in_play": [JHOGO]}, {"in_play": [KNIGHT]})
    jhogo = ref(state, 0, JHOGO)
    assert "stealth" not in keywords(state, jhogo)
    state = initiate(state, "military", [jhogo])
    assert head(state)["purpose"] == "stealth"
    assert "stealth" in keywords(state, jhogo)


def test_bwb_89_jhogo_has_no_stealth_attacking_with_others():
    state = joust({"house": "Targaryen", "in_play": [JHOGO, OUTRIDER]}, {"in_play": [KNIGHT]})
    jhogo = ref(state, 0, JHOGO)
    state = initiate(state, "military", [jhogo, ref(state, 0, OUTRIDER)])
    assert head(state).get("purpose") != "stealth"
    assert "stealth" not in keywords(state, jhogo)


def test_bwb_89_jhogo_draws_1_card_for_each_attacking_dothraki():
    state = joust(
        {"house": "Targaryen", "in_play": [JHOGO, OUTRIDER], "deck": [KNIGHT, STEWARD, HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    jhogo = ref(state, 0, JHOGO)
    state = won_window(state, "military", [jhogo, ref(state, 0, OUTRIDER)], [])
    before = len(state.players[0].hand)
    state = use(state, 0, jhogo)
    assert len(state.players[0].hand) == before + 2


def test_bwb_89_jhogo_draws_only_after_a_military_win_he_took_part_in():
    state = joust(
        {"house": "Targaryen", "in_play": [JHOGO, OUTRIDER], "deck": [KNIGHT, STEWARD, HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    jhogo = ref(state, 0, JHOGO)
    state = start(state, "power", [jhogo])  # a Power challenge
    state, offered = watch(state, 0, jhogo, lambda s: bool(events(s, "challenge_resolved")))
    state, offered_later = watch(state, 0, jhogo, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0
    assert not offered and not offered_later


def test_bwb_89_jhogo_does_not_draw_when_he_did_not_participate():
    state = joust(
        {"house": "Targaryen", "in_play": [JHOGO, OUTRIDER], "deck": [KNIGHT, STEWARD, HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    jhogo = ref(state, 0, JHOGO)
    state = start(state, "military", [ref(state, 0, OUTRIDER)])
    state, offered = watch(state, 0, jhogo, lambda s: bool(events(s, "challenge_resolved")))
    state, offered_later = watch(state, 0, jhogo, lambda s: s.challenge is None)
    assert events(state, "challenge_resolved")[0]["winner"] == 0
    assert not offered and not offered_later


# --- bwb_91 Tyene Sand, bwb_92 Nymeria Sand ----------------------------------------------


def test_bwb_91_tyene_sand_gives_your_sand_snakes_intrigue_and_stealth():
    state = joust(
        {"house": "Martell", "in_play": [TYENE, DOREA, KNIGHT]},
        {"house": "Martell", "in_play": [MAIDEN, DOREA]},
    )
    dorea = ref(state, 0, DOREA)
    assert "intrigue" in icons(state, dorea) and "stealth" in keywords(state, dorea)
    assert "stealth" in keywords(state, ref(state, 0, TYENE))
    knight = ref(state, 0, KNIGHT)  # not a Sand Snake
    assert "intrigue" not in icons(state, knight) and "stealth" not in keywords(state, knight)
    theirs = ref(state, 1, DOREA)  # an opponent's Sand Snake
    assert "intrigue" not in icons(state, theirs) and "stealth" not in keywords(state, theirs)


def test_bwb_92_nymeria_sand_gives_your_sand_snakes_military_and_deadly():
    state = joust(
        {"house": "Martell", "in_play": [NYMERIA, MAIDEN, KNIGHT]},
        {"house": "Martell", "in_play": [MAIDEN]},
    )
    maiden = ref(state, 0, MAIDEN)
    assert "military" in icons(state, maiden) and "deadly" in keywords(state, maiden)
    assert "deadly" in keywords(state, ref(state, 0, NYMERIA))
    assert "deadly" not in keywords(state, ref(state, 0, KNIGHT))
    theirs = ref(state, 1, MAIDEN)
    assert "military" not in icons(state, theirs) and "deadly" not in keywords(state, theirs)


# --- bwb_93 Bastard Daughter -------------------------------------------------------------


def _daughter_loses(hand_cards: list, discard: list):
    state = joust(
        {"house": "Martell", "in_play": [DAUGHTER], "hand": hand_cards, "discard": discard},
        {"in_play": [HOST]},
    )
    daughter = ref(state, 0, DAUGHTER)
    state = start(state, "power", [daughter])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    return state, daughter


def test_bwb_93_bastard_daughter_puts_a_unique_sand_snake_into_play_after_a_loss():
    state, daughter = _daughter_loses([TYENE, DAUGHTER, KNIGHT], [NYMERIA, MAIDEN])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    state = use(state, 0, daughter)
    assert daughter in state.players[0].discard
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and prompt["seat"] == 0
    tyene = hand(state, 0, TYENE)[0]
    nymeria = next(r for r in state.players[0].discard if state.code(r) == NYMERIA)
    # Unique Sand Snakes only: not another Bastard Daughter, a Maiden of Poisons or a Knight.
    assert sorted(prompt["candidates"]) == sorted([tyene, nymeria])
    state = answer(state, "put_into_play", [nymeria])
    assert nymeria in state.players[0].in_play


def test_bwb_93_bastard_daughter_is_not_used_after_a_win():
    state = joust(
        {"house": "Martell", "in_play": [DAUGHTER], "hand": [TYENE]},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    daughter = ref(state, 0, DAUGHTER)
    state = start(state, "power", [daughter])
    state, offered = watch(state, 0, daughter, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


def test_bwb_93_bastard_daughter_does_not_bring_a_copy_of_a_unique_card_in_play():
    state = joust(
        {"house": "Martell", "in_play": [DAUGHTER, ELIA], "hand": [ELIA]},
        {"in_play": [HOST]},
    )
    daughter = ref(state, 0, DAUGHTER)
    state = start(state, "power", [daughter])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = use(state, 0, daughter)
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and prompt["candidates"] == []


# --- bwb_97 Jack-be-Lucky ----------------------------------------------------------------


def test_bwb_97_jack_be_lucky_discards_1_to_draw_1_in_dominance():
    state = dominance({"in_play": [JACK], "hand": [KNIGHT], "deck": [STEWARD]}, {"in_play": [HOST]})
    jack = ref(state, 0, JACK)
    state = use(state, 0, jack)
    player = state.players[0]
    assert codes(state, player.hand) == names(STEWARD)
    assert codes(state, player.discard) == names(KNIGHT) and player.deck == []


def test_bwb_97_jack_be_lucky_has_nothing_with_power_on_the_house_card():
    # Winning dominance puts 1 power on his controller's House card first.
    state = dominance({"in_play": [JACK, HOST], "hand": [KNIGHT], "deck": [STEWARD]}, {})
    assert state.players[0].power == 1 and events(state, "dominance")[-1]["seat"] == 0
    state, offered = watch(state, 0, ref(state, 0, JACK), phase_over("dominance"))
    assert not offered


def test_bwb_97_jack_be_lucky_is_used_only_in_dominance():
    state = joust({"in_play": [JACK], "hand": [KNIGHT], "deck": [STEWARD]}, {"in_play": [HOST]})
    assert uses(state, 0, ref(state, 0, JACK)) == []


# --- bwb_98 Orphaned Recruit -------------------------------------------------------------


def test_bwb_98_orphaned_recruit_takes_1_power_from_a_house_card_as_it_enters_play():
    state = marshalling({"gold": 2, "hand": [RECRUIT]}, {"power": 3})
    recruit = hand(state, 0, RECRUIT)[0]
    state = act(state, 0, "marshal:play", [recruit])
    state = use(state, 0, recruit)
    assert state.in_play[recruit].power == 1 and state.players[1].power == 2


def test_bwb_98_orphaned_recruit_asks_whose_house_card_when_several_have_power():
    state = marshalling({"gold": 2, "hand": [RECRUIT], "power": 2}, {"power": 3})
    recruit = hand(state, 0, RECRUIT)[0]
    state = act(state, 0, "marshal:play", [recruit])
    state = use(state, 0, recruit)
    assert head(state)["purpose"] == "choose_player"
    state = choose(state, "0")
    assert state.in_play[recruit].power == 1 and state.players[0].power == 1
    assert state.players[1].power == 3


def test_bwb_98_orphaned_recruit_has_nothing_to_take_without_house_power():
    state = marshalling({"gold": 2, "hand": [RECRUIT]}, {})
    recruit = hand(state, 0, RECRUIT)[0]
    state = act(state, 0, "marshal:play", [recruit])
    assert uses(state, 0, recruit) == []
    assert state.in_play[recruit].power == 0
