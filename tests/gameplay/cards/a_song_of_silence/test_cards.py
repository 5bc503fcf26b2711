"""A Song of Silence: the locations, attachments, events and the plot
(a_song_of_silence/cards.py, events_plots.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import controller, strength
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost
from tests.gameplay.cards.a_song_of_silence.helpers import (
    card,
    deck_discard,
    finish_challenge,
    stowaway,
)
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    build,
    choose,
    defend,
    end_turn,
    events,
    hand,
    head,
    initiate,
    joust,
    marshalling,
    marshals,
    pass_until,
    ref,
    start,
    until_phase,
    until_prompt,
    use,
    uses,
)

RESERVES = "bwb_61"  # Steelshanks' Reserves: a House Bolton Army
RAMSAY = "bwb_62"
SPOILS = "bwb_64"
SMUGGLER = "bwb_65"  # Stormlands Smuggler: a Raider with Stealth
HOOK = "bwb_66"
EURON = "bwb_67"  # a unique Raider
MONGREL = "bwb_69"  # a Raider without Stealth
HORN = "bwb_70"
LONGSHIP = "bwb_71"
RIVER_RAID = "bwb_72"
HUNTERS = "bwb_73"  # a non-unique Dothraki
WOMB = "bwb_74"
KNIFE = "bwb_76"
HILL = "bwb_78"
WHISPERS = "bwb_79"
RETALIATION = "bwb_80"
VISERION = "core_112"  # a Dragon character (unique, Targaryen)
DROGO = "core_107"  # Khal Drogo, a unique Dothraki
CROSSROADS = "core_138"  # a location with [+1 Influence]
RUMORS = "kl_116"  # an Any Phase event
CLANSWOMAN = "lotr_38"  # Feuding Clanswoman: [+2 Initiative]
DECK = [KNIGHT] * 5


# --- bwb_62 In Ramsay's Name -------------------------------------------------------------


def test_bwb_62_in_ramsays_name_has_a_bolton_character_claim_power_as_it_changes_control():
    state = joust(
        {"house": "Stark", "hand": [RAMSAY], "in_play": [RESERVES, KNIGHT]},
        {"house": "Lannister"},
    )
    reserves = card(state, RESERVES)
    state = use(state, 0, hand(state, 0, RAMSAY)[0])
    assert state.in_play[reserves].power == 0
    state = end_turn(state)  # seat 1's challenges turn: the Reserves change control
    assert controller(state, reserves) == 1 and state.in_play[reserves].power == 1
    state = pass_until(state, lambda s: s.phase != "challenges")
    # Back to seat 0 once the phase is over, when In Ramsay's Name has ended.
    assert controller(state, reserves) == 0 and state.in_play[reserves].power == 1


def test_bwb_62_in_ramsays_name_does_not_reward_a_non_bolton_character():
    state = marshalling(
        {
            "house": "Greyjoy",
            "gold": 0,
            "hand": [RAMSAY],
            "in_play": [{"card": EURON, "attachments": [HORN]}],
        },
        {"house": "Targaryen", "in_play": [VISERION]},
    )
    viserion = ref(state, 1, VISERION)
    state = use(state, 0, hand(state, 0, RAMSAY)[0])
    state = use(state, 0, ref(state, 0, HORN), viserion)
    assert controller(state, viserion) == 0 and state.in_play[viserion].power == 0


# --- bwb_64 Ill-Begotten Spoils ----------------------------------------------------------


def _spoils_claim(their_hand: int) -> int:
    state = joust(
        {
            "house": "Lannister",
            "hand": [STEWARD],
            "in_play": [{"card": KNIGHT, "attachments": [SPOILS]}],
        },
        {"house": "Stark", "power": 5, "hand": [STEWARD] * their_hand, "in_play": [STEWARD]},
    )
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = defend(state, [])
    state = pass_until(state, lambda s: bool(events(s, "claim")))
    return events(state, "claim")[-1]["amount"]


def test_bwb_64_ill_begotten_spoils_raise_claim_against_a_fuller_hand():
    assert _spoils_claim(their_hand=2) == 2


@pytest.mark.parametrize("their_hand", [0, 1])
def test_bwb_64_ill_begotten_spoils_need_the_opponent_to_hold_more_cards(their_hand):
    assert _spoils_claim(their_hand) == 1


def test_bwb_64_ill_begotten_spoils_only_while_the_bearer_attacks():
    state = joust(
        {
            "house": "Lannister",
            "in_play": [HOST, {"card": KNIGHT, "attachments": [SPOILS]}],
        },
        {"house": "Stark", "power": 5, "hand": [STEWARD] * 3, "in_play": [STEWARD]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_until(state, lambda s: bool(events(s, "claim")))
    assert events(state, "claim")[-1]["amount"] == 1


# --- bwb_66 Massey's Hook ----------------------------------------------------------------


def test_bwb_66_masseys_hook_stands_a_character_with_stealth():
    state = marshalling(
        {
            "house": "Baratheon",
            "in_play": [HOOK, {"card": SMUGGLER, "knelt": True}, {"card": KNIGHT, "knelt": True}],
        },
        {"house": "Targaryen", "in_play": [{"card": VISERION, "knelt": True}]},
    )
    hook, smuggler = ref(state, 0, HOOK), ref(state, 0, SMUGGLER)
    viserion = ref(state, 1, VISERION)
    assert {a.cards[1] for a in uses(state, 0, hook)} == {smuggler, viserion}  # not the Knight
    state = use(state, 0, hook, smuggler)
    assert not state.in_play[smuggler].knelt and state.in_play[hook].knelt
    assert not uses(state, 0, hook)


# --- bwb_70 Horn of Dragons --------------------------------------------------------------


def test_bwb_70_horn_of_dragons_takes_a_dragon_until_the_end_of_the_phase():
    state = marshalling(
        {"house": "Greyjoy", "gold": 0, "in_play": [{"card": EURON, "attachments": [HORN]}]},
        {"house": "Targaryen", "in_play": [VISERION, HUNTERS]},
    )
    euron, horn, viserion = ref(state, 0, EURON), ref(state, 0, HORN), ref(state, 1, VISERION)
    assert strength(state, euron) == 4 + 4
    assert {a.cards[1] for a in uses(state, 0, horn)} == {viserion}  # a Dragon only
    state = use(state, 0, horn, viserion)
    assert controller(state, viserion) == 0 and state.in_play[horn].knelt
    state = until_phase(state, "challenges")
    assert controller(state, viserion) == 1


def test_bwb_70_horn_of_dragons_goes_on_a_unique_character_only():
    state = marshalling(
        {"house": "Greyjoy", "gold": 5, "hand": [HORN], "in_play": [EURON, MONGREL]},
        {"house": "Stark"},
    )
    horn = hand(state, 0, HORN)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, horn) if a.kind == "marshal:play"}
    assert hosts == {ref(state, 0, EURON)}
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [horn, ref(state, 0, MONGREL)])


# --- bwb_71 Longship Silence -------------------------------------------------------------


def _longship_position(them=()):
    return joust(
        {"house": "Greyjoy", "deck": DECK, "in_play": [LONGSHIP, MONGREL, HOST]},
        {"house": "Stark", "in_play": [KNIGHT, STEWARD, *them]},
    )


def test_bwb_71_longship_silence_gives_an_attacking_raider_stealth_and_draws_on_a_win():
    state = _longship_position()
    longship, mongrel = ref(state, 0, LONGSHIP), ref(state, 0, MONGREL)
    knight = ref(state, 1, KNIGHT)
    assert not uses(state, 0, longship)  # no challenge yet
    state = start(state, "military", [mongrel, ref(state, 0, HOST)])
    assert head(state).get("point") == "after_attackers"
    assert {a.cards[1] for a in uses(state, 0, longship)} == {mongrel}  # a Raider only
    state = use(state, 0, longship, mongrel)
    assert head(state)["purpose"] == "stealth" and knight in head(state)["candidates"]
    state = answer(state, "stealth", [knight])
    assert knight in state.challenge["blocked"]
    before = len(state.players[0].hand)
    state = finish_challenge(state, claim=[ref(state, 1, STEWARD)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert len(state.players[0].hand) == before + 1


def test_bwb_71_longship_silence_draws_nothing_when_the_challenge_is_lost():
    state = _longship_position(them=[HOST])
    longship, mongrel = ref(state, 0, LONGSHIP), ref(state, 0, MONGREL)
    state = start(state, "military", [mongrel])
    state = use(state, 0, longship, mongrel)
    state = answer(state, "stealth", [ref(state, 1, STEWARD)])
    before = len(state.players[0].hand)
    state = defend(state, [ref(state, 1, HOST)])
    state = finish_challenge(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert len(state.players[0].hand) == before


# --- bwb_72 River Raid -------------------------------------------------------------------


def _raid_position(top, me=None):
    return joust(
        {"house": "Greyjoy", "hand": [RIVER_RAID], **(me or {})},
        {"house": "Greyjoy", "in_play": ["kotse_10", "kotse_11"], "deck": [top]},
    )


def test_bwb_72_river_raid_puts_a_discarded_character_into_play_for_the_phase():
    state = _raid_position(KNIGHT)
    state = deck_discard(state, 1)
    knight = state.players[1].discard[0]
    state = use(state, 0, hand(state, 0, RIVER_RAID)[0])
    assert knight in state.players[0].in_play and controller(state, knight) == 0
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert knight not in state.in_play and knight in state.players[1].discard


def test_bwb_72_river_raid_needs_a_character_from_an_opponents_deck():
    state = _raid_position(RUMORS)  # an event discarded
    state = stowaway(state, 1)
    assert not uses(state, 0, hand(state, 0, RIVER_RAID)[0])
    # Its own deck: not an opponent's.
    state = joust(
        {
            "house": "Greyjoy",
            "hand": [RIVER_RAID],
            "in_play": ["kotse_10", "kotse_11"],
            "deck": [KNIGHT],
        },
        {"house": "Stark"},
    )
    state = stowaway(state, 0)
    assert state.players[0].discard and not uses(state, 0, hand(state, 0, RIVER_RAID)[0])


# --- bwb_74 The Womb of the World --------------------------------------------------------


def test_bwb_74_the_womb_of_the_world_returns_a_non_unique_dothraki_after_dominance():
    state = build(
        phase="dominance",
        players=[
            {"house": "Targaryen", "in_play": [WOMB, HOST], "dead": [HUNTERS, DROGO, KNIGHT]},
            {"house": "Stark"},
        ],
    )
    womb = ref(state, 0, WOMB)
    assert head(state).get("trigger") == "dominance_won"
    hunters = state.players[0].dead[0]
    assert {a.cards[1] for a in uses(state, 0, womb)} == {hunters}  # not Drogo, not the Knight
    state = use(state, 0, womb, hunters)
    assert hunters in state.players[0].hand


def test_bwb_74_the_womb_of_the_world_needs_its_controller_to_win_dominance():
    state = build(
        phase="dominance",
        players=[
            {"house": "Targaryen", "in_play": [WOMB], "dead": [HUNTERS]},
            {"house": "Stark", "in_play": [HOST]},
        ],
    )
    assert events(state, "dominance")[-1]["seat"] == 1
    assert not uses(state, 0, ref(state, 0, WOMB))


# --- bwb_76 Poisoned Knife ---------------------------------------------------------------


def _knife_position(gold=1, them=()):
    state = joust(
        {"house": "Martell", "in_play": [{"card": KNIGHT, "attachments": [KNIFE]}, HOST]},
        {"house": "Stark", "gold": gold, "in_play": [STEWARD, HOST, *them]},
    )
    knight = ref(state, 0, KNIGHT)
    state = initiate(state, "military", [knight])
    assert head(state)["purpose"] == "stealth"  # the Knife gives stealth
    state = answer(state, "stealth", [ref(state, 1, STEWARD)])
    return state


def test_bwb_76_poisoned_knife_discards_the_bypassed_character_unless_paid():
    state = _knife_position()
    steward = ref(state, 1, STEWARD)
    assert head(state).get("trigger") == "stealth_declared"
    state = use(state, 0, ref(state, 0, KNIFE))
    assert head(state)["purpose"] == "poisoned_knife" and head(state)["seat"] == 1
    assert head(state)["options"] == ["gold", "discard"]
    state = choose(state, "discard")
    assert steward in state.players[1].discard


def test_bwb_76_poisoned_knife_may_be_answered_with_1_gold():
    state = _knife_position()
    steward = ref(state, 1, STEWARD)
    state = use(state, 0, ref(state, 0, KNIFE))
    state = choose(state, "gold")
    assert steward in state.in_play and state.players[1].gold == 0


def test_bwb_76_poisoned_knife_may_be_answered_with_1_influence():
    state = _knife_position(gold=0, them=[CROSSROADS])
    steward, crossroads = ref(state, 1, STEWARD), ref(state, 1, CROSSROADS)
    state = use(state, 0, ref(state, 0, KNIFE))
    assert head(state)["options"] == ["influence", "discard"]
    state = choose(state, "influence")  # the Crossroads, its only influence, kneels
    assert steward in state.in_play and state.in_play[crossroads].knelt
    assert events(state, "influence")[-1]["cards"] == [crossroads]


def test_bwb_76_poisoned_knife_answers_only_its_bearers_stealth():
    state = joust(
        {
            "house": "Martell",
            "in_play": [SMUGGLER, {"card": KNIGHT, "attachments": [KNIFE]}],
        },
        {"house": "Stark", "in_play": [STEWARD, HOST]},
    )
    state = initiate(state, "military", [ref(state, 0, SMUGGLER)])
    state = answer(state, "stealth", [ref(state, 1, STEWARD)])
    assert head(state).get("trigger") != "stealth_declared"
    assert not uses(state, 0, ref(state, 0, KNIFE))


# --- bwb_78 Hollow Hill ------------------------------------------------------------------


def test_bwb_78_hollow_hill_lowers_the_gold_penalty_without_house_power():
    state = marshalling({"house": "Stark", "gold": 3, "in_play": [HILL], "hand": [STEWARD]})
    steward = hand(state, 0, STEWARD)[0]
    assert gold_cost(state, 0, steward) == 2 + 2 - 1
    state = act(state, 0, "marshal:play", [steward])
    assert steward in state.in_play and state.players[0].gold == 0


def test_bwb_78_hollow_hill_keeps_the_penalty_with_power_on_the_house_card():
    state = marshalling(
        {"house": "Stark", "gold": 3, "power": 1, "in_play": [HILL], "hand": [STEWARD]}
    )
    steward = hand(state, 0, STEWARD)[0]
    assert gold_cost(state, 0, steward) == 4
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [steward])


def test_bwb_78_hollow_hill_draws_after_a_character_of_a_new_affiliation():
    state = marshalling(
        {"house": "Stark", "gold": 5, "deck": DECK, "in_play": [HILL, KNIGHT], "hand": [STEWARD]}
    )
    hill = ref(state, 0, HILL)
    state = act(state, 0, "marshal:play", hand(state, 0, STEWARD))
    assert head(state).get("trigger") == "played"
    state = use(state, 0, hill)
    assert len(state.players[0].hand) == 1


@pytest.mark.parametrize("played, others", [(KNIGHT, []), (STEWARD, [STEWARD]), (CROSSROADS, [])])
def test_bwb_78_hollow_hill_draws_nothing_for_a_known_affiliation(played, others):
    state = marshalling(
        {"house": "Stark", "gold": 5, "deck": DECK, "in_play": [HILL, *others], "hand": [played]}
    )
    state = act(state, 0, "marshal:play", hand(state, 0, played))
    assert not uses(state, 0, ref(state, 0, HILL))


# --- bwb_79 Whispers from the Hill -------------------------------------------------------


def _whispers_position(power):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {
            "house": "Stark",
            "deck": DECK,
            "hand": [WHISPERS],
            "in_play": [{"card": KNIGHT, "power": power}, STEWARD, STEWARD],
        },
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    return answer(state, "claim_kill", [knight]), knight


def test_bwb_79_whispers_from_the_hill_moves_a_killed_characters_power_then_draws():
    state, knight = _whispers_position(power=4)
    assert head(state).get("trigger") == "killed"
    steward = ref(state, 1, STEWARD)
    state = use(state, 1, hand(state, 1, WHISPERS)[0], knight)
    # Another character of the same player (not the attacker's Host).
    assert head(state)["candidates"] == [steward, ref(state, 1, STEWARD, 1)]
    state = answer(state, "move_power", [steward])
    assert head(state)["options"] == ["3", "2", "1"]  # up to 3
    state = choose(state, "3")
    assert state.in_play[steward].power == 3 and len(state.players[1].hand) == 1


def test_bwb_79_whispers_from_the_hill_needs_power_on_the_killed_character():
    state, knight = _whispers_position(power=0)
    whispers = hand(state, 1, WHISPERS)[0]
    assert head(state).get("trigger") != "killed" or not uses(state, 1, whispers)
    assert knight in state.players[1].dead


# --- bwb_80 Retaliation! -----------------------------------------------------------------


def _plots(mine, theirs, them=None):
    players = [
        {"house": "Stark", "plot_deck": [mine]},
        {"house": "Lannister", "plot_deck": [theirs], **(them or {})},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def test_bwb_80_retaliation_makes_its_initiative_winner_choose_an_opponent():
    state = _plots(RETALIATION, CALM)
    assert head(state) == {**head(state), "name": "first_player", "seat": 0}
    assert [a.choice for a in legal_actions(state, 0)] == ["1"]
    with pytest.raises(IllegalAction, match="opponent"):
        act(state, 0, "first_player", choice="0")
    state = act(state, 0, "first_player", choice="1")
    assert state.first_player == 1


def test_bwb_80_retaliation_binds_only_when_its_owner_wins_initiative():
    state = _plots(RETALIATION, CALM, them={"in_play": [CLANSWOMAN] * 3})
    assert head(state) == {**head(state), "name": "first_player", "seat": 1}
    assert sorted(a.choice for a in legal_actions(state, 1)) == ["0", "1"]
