"""Of Snakes and Sand: the locations, attachments, events and the plot
(of_snakes_and_sand/cards.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength, traits
from tests.gameplay.cards.of_snakes_and_sand.helpers import watch
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    at_point,
    challenges_over,
    codes,
    events,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    names,
    ref,
    start,
    to_window,
    use,
    uses,
    won_window,
)

THUG = "bwb_84"
DEBT = "bwb_86"
HULK = "bwb_88"
WHIP = "bwb_90"
VIPER = "bwb_94"
SHOP = "bwb_95"
EYES = "bwb_96"
GOSSIP = "bwb_99"
BUNGLED = "bwb_100"
JHOGO = "bwb_89"
TYENE = "bwb_91"
DAUGHTER = "bwb_93"
CLANSMAN = "bwb_63"  # Son of the Mist: a Lannister Clansman, 2 STR
OUTRIDER = "ator_90"  # Refugee of the Plains: a Dothraki character, 2 STR
DOREA = "atoc_13"  # Dorea Sand: a Sand Snake (not scripted), military, 1 STR
SPEAR = "atoc_115"  # Poisoned Spear: a Martell Weapon attachment (not scripted), cost 1
LORDSHIP = "core_140"  # a neutral Title attachment, cost 1
CROSSROADS = "core_138"  # a neutral location, cost 2, +1 influence
BRIENNE = "core_76"  # Renown, 3 STR
ROBERT = "core_71"  # Renown: claims 2 power
DISTRACTION = "core_155"  # a neutral event


# --- bwb_82 is in test_characters.py (with Steelshanks Walton) ---------------------------

# --- bwb_84 Tyrion's Thug ----------------------------------------------------------------


def test_bwb_84_tyrions_thug_goes_only_on_a_clansman():
    state = marshalling(
        {"house": "Lannister", "gold": 1, "in_play": [CLANSMAN, KNIGHT], "hand": [THUG]}
    )
    thug = hand(state, 0, THUG)[0]
    targets = {a.cards[1] for a in marshals(state, 0, thug) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, CLANSMAN)}
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [thug, ref(state, 0, KNIGHT)])


def test_bwb_84_tyrions_thug_kneels_or_stands_its_character_for_a_card_from_hand():
    state = marshalling(
        {
            "house": "Lannister",
            "in_play": [{"card": CLANSMAN, "attachments": [THUG]}],
            "hand": [KNIGHT, STEWARD],
        }
    )
    clansman, thug = ref(state, 0, CLANSMAN), ref(state, 0, THUG)
    state = use(state, 0, thug)
    state = answer(state, "discard_cost", [hand(state, 0, KNIGHT)[0]])
    assert state.in_play[clansman].knelt
    state = use(state, 0, thug)  # the last card of the hand
    assert not state.in_play[clansman].knelt and state.players[0].hand == []
    assert codes(state, state.players[0].discard) == names(KNIGHT, STEWARD)


def test_bwb_84_tyrions_thug_needs_a_card_in_hand():
    state = marshalling(
        {"house": "Lannister", "in_play": [{"card": CLANSMAN, "attachments": [THUG]}]}
    )
    assert uses(state, 0, ref(state, 0, THUG)) == []


# --- bwb_86 King Robert's Debt -----------------------------------------------------------


def test_bwb_86_king_roberts_debt_draws_1_card_per_power_claimed_for_renown():
    state = joust(
        {"house": "Baratheon", "in_play": [ROBERT, BRIENNE], "hand": [DEBT], "deck": [KNIGHT] * 4},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    state = won_window(state, "military", [ref(state, 0, ROBERT), ref(state, 0, BRIENNE)], [])
    renown = [e for e in events(state, "power") if e.get("reason") == "renown"]
    assert sum(e["amount"] for e in renown) == 3  # Robert claims 2, Brienne 1
    debt = hand(state, 0, DEBT)[0]
    before = len(state.players[0].hand)
    state = use(state, 0, debt)
    assert len(state.players[0].hand) == before - 1 + 3
    assert debt in state.players[0].discard


def test_bwb_86_king_roberts_debt_needs_renown_power_in_that_challenge():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST, BRIENNE], "hand": [DEBT], "deck": [KNIGHT] * 4},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    debt = hand(state, 0, DEBT)[0]
    state = start(state, "power", [ref(state, 0, HOST)])  # Brienne does not take part
    state, offered = watch(state, 0, debt, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


def test_bwb_86_king_roberts_debt_is_not_played_after_a_loss():
    state = joust(
        {"house": "Baratheon", "in_play": [BRIENNE], "hand": [DEBT], "deck": [KNIGHT] * 4},
        {"in_play": [HOST, BRIENNE]},
    )
    debt = hand(state, 0, DEBT)[0]
    state = start(state, "military", [ref(state, 0, BRIENNE)])
    host = ref(state, 1, HOST)
    state, offered = watch(state, 0, debt, challenges_over, [host, ref(state, 1, BRIENNE)])
    assert events(state, "challenge_resolved")[0]["winner"] == 1 and not offered


# --- bwb_88 Refurbished Hulk -------------------------------------------------------------


def test_bwb_88_refurbished_hulk_lowers_the_next_location_by_2():
    state = marshalling({"house": "Greyjoy", "gold": 0, "in_play": [HULK], "hand": [CROSSROADS]})
    crossroads = hand(state, 0, CROSSROADS)[0]
    assert not marshals(state, 0, crossroads)
    state = use(state, 0, ref(state, 0, HULK))
    state = act(state, 0, "marshal:play", [crossroads])
    assert crossroads in state.players[0].in_play


def test_bwb_88_refurbished_hulk_does_not_lower_a_character():
    state = marshalling({"house": "Greyjoy", "gold": 0, "in_play": [HULK], "hand": [KNIGHT]})
    state = use(state, 0, ref(state, 0, HULK))
    assert not marshals(state, 0, hand(state, 0, KNIGHT)[0])


def test_bwb_88_refurbished_hulk_is_used_only_in_marshalling():
    state = joust({"house": "Greyjoy", "in_play": [HULK]}, {"in_play": [KNIGHT]})
    assert uses(state, 0, ref(state, 0, HULK)) == []


# --- bwb_90 Jhogo's Whip -----------------------------------------------------------------


def test_bwb_90_jhogos_whip_goes_only_on_a_dothraki():
    state = marshalling(
        {"house": "Targaryen", "gold": 2, "in_play": [OUTRIDER, KNIGHT], "hand": [WHIP]}
    )
    whip = hand(state, 0, WHIP)[0]
    targets = {a.cards[1] for a in marshals(state, 0, whip) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, OUTRIDER)}


def _whip_position(host: str):
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": host, "attachments": [WHIP]}]},
        {"in_play": [KNIGHT, STEWARD]},
    )
    attacker = ref(state, 0, host)
    state = start(state, "military", [attacker])
    while head(state).get("purpose") == "stealth":  # Jhogo attacking alone has stealth
        state = answer(state, "stealth", [])
    defenders = [ref(state, 1, KNIGHT), ref(state, 1, STEWARD)]
    state = answer(state, "defenders", defenders[:1])
    return at_point(state, "after_defenders"), attacker


def test_bwb_90_jhogos_whip_stands_and_removes_a_character_from_the_challenge():
    state, outrider = _whip_position(OUTRIDER)
    knight = ref(state, 1, KNIGHT)
    assert state.in_play[knight].knelt
    state = use(state, 0, ref(state, 0, WHIP))
    prompt = head(state)
    assert prompt["purpose"] == "remove_from_challenge" and prompt["max"] == 1
    assert set(prompt["candidates"]) == {outrider, knight}
    state = answer(state, "remove_from_challenge", [knight])
    assert not state.in_play[knight].knelt and state.challenge["defenders"] == []
    assert state.in_play[ref(state, 0, WHIP)].knelt


def test_bwb_90_jhogos_whip_removes_up_to_2_characters_on_jhogo():
    state, jhogo = _whip_position(JHOGO)
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, WHIP))
    assert head(state)["max"] == 2
    state = answer(state, "remove_from_challenge", [knight, jhogo])
    removed = [e["cards"] for e in events(state, "removed_from_challenge")]
    assert removed == [[knight], [jhogo]]
    assert events(state, "challenge_resolved")[-1]["strength"] == [0, 0]  # nobody left
    assert not state.in_play[jhogo].knelt and not state.in_play[knight].knelt


def test_bwb_90_jhogos_whip_needs_its_character_attacking():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": OUTRIDER, "attachments": [WHIP]}, HOST]},
        {"in_play": [KNIGHT]},
    )
    whip = ref(state, 0, WHIP)
    assert uses(state, 0, whip) == []  # no challenge
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, whip, challenges_over, [ref(state, 1, KNIGHT)])
    assert not offered


# --- bwb_94 Blood of the Viper -----------------------------------------------------------

SPEARMAN = "pots_11"  # House Dayne Knight: a Martell character (no Sand Snake), 1 STR


def test_bwb_94_blood_of_the_viper_goes_only_on_a_house_martell_character():
    state = marshalling(
        {"house": "Martell", "gold": 1, "in_play": [SPEARMAN, KNIGHT], "hand": [VIPER]}
    )
    viper = hand(state, 0, VIPER)[0]
    targets = {a.cards[1] for a in marshals(state, 0, viper) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, SPEARMAN)}


def test_bwb_94_blood_of_the_viper_makes_a_sand_snake_that_strengthens_your_sand_snakes():
    state = joust(
        {"house": "Martell", "in_play": [{"card": SPEARMAN, "attachments": [VIPER]}, DOREA]},
        {"house": "Martell", "in_play": [DOREA]},
    )
    spearman, dorea = ref(state, 0, SPEARMAN), ref(state, 0, DOREA)
    assert "Sand Snake" in traits(state, spearman)
    assert strength(state, spearman) == 1 + 1  # printed 1
    assert strength(state, dorea) == 1 + 1
    assert strength(state, ref(state, 1, DOREA)) == 1  # an opponent's Sand Snake


def test_bwb_94_without_blood_of_the_viper_nothing_changes():
    state = joust(
        {"house": "Martell", "in_play": [{"card": SPEARMAN, "attachments": [LORDSHIP]}, DOREA]},
        {"house": "Martell", "in_play": [DOREA]},
    )
    assert "Sand Snake" not in traits(state, ref(state, 0, SPEARMAN))
    assert strength(state, ref(state, 0, DOREA)) == 1


# --- bwb_95 Alchemist's Shop -------------------------------------------------------------


def test_bwb_95_alchemists_shop_arms_your_characters_with_weapons():
    state = joust(
        {
            "house": "Martell",
            "in_play": [
                SHOP,
                {"card": KNIGHT, "attachments": [SPEAR]},
                {"card": STEWARD, "attachments": [LORDSHIP]},
            ],
        },
        {"house": "Martell", "in_play": [{"card": KNIGHT, "attachments": [SPEAR]}]},
    )
    armed, titled = ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    assert strength(state, armed) == 4 and "deadly" in keywords(state, armed)
    assert strength(state, titled) == 2 and "deadly" not in keywords(state, titled)
    theirs = ref(state, 1, KNIGHT)  # an opponent's armed character
    assert strength(state, theirs) == 2 and "deadly" not in keywords(state, theirs)


def test_bwb_95_alchemists_shop_needs_a_weapon_you_control():
    state = joust(
        {"house": "Martell", "in_play": [SHOP, {"card": KNIGHT, "attachments": [SPEAR]}]},
        {"house": "Martell"},
    )
    knight = ref(state, 0, KNIGHT)
    spear = next(r for r in state.in_play if state.code(r) == SPEAR)
    state.in_play[spear].controller = 1  # the opponent's Weapon on my character
    state.players[0].in_play.remove(spear)
    state.players[1].in_play.append(spear)
    assert strength(state, knight) == 2 and "deadly" not in keywords(state, knight)


# --- bwb_96 His Viper Eyes ---------------------------------------------------------------


def _eyes_loss(attacker: str, their_hand: list):
    state = joust(
        {"house": "Martell", "in_play": [attacker, CROSSROADS], "hand": [EYES]},
        {"in_play": [HOST], "hand": their_hand},
    )
    state = start(state, "power", [ref(state, 0, attacker)])
    return state


def test_bwb_96_his_viper_eyes_discards_an_event_from_the_opponents_hand():
    state = _eyes_loss(DAUGHTER, [DISTRACTION, KNIGHT])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    eyes = hand(state, 0, EYES)[0]
    state = use(state, 0, eyes)
    while head(state).get("purpose") != "discard_from_hand":
        step = head(state)
        state = answer(state, step["purpose"], step["candidates"][: step.get("min", 1)])
    prompt = head(state)
    distraction = hand(state, 1, DISTRACTION)[0]
    assert prompt["seat"] == 0 and prompt["candidates"] == [distraction]
    assert state.in_play[ref(state, 0, CROSSROADS)].knelt  # 1 influence
    state = answer(state, "discard_from_hand", [distraction])
    assert distraction in state.players[1].discard
    assert codes(state, state.players[1].hand) == names(KNIGHT)


def test_bwb_96_his_viper_eyes_needs_a_sand_snake_in_the_challenge():
    state = _eyes_loss(KNIGHT, [DISTRACTION])
    eyes = hand(state, 0, EYES)[0]
    state, offered = watch(state, 0, eyes, challenges_over, [ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[0]["winner"] == 1 and not offered


def test_bwb_96_his_viper_eyes_is_not_played_after_a_win():
    state = joust(
        {"house": "Martell", "in_play": [DAUGHTER, CROSSROADS], "hand": [EYES]},
        {"in_play": [{"card": KNIGHT, "knelt": True}], "hand": [DISTRACTION]},
    )
    eyes = hand(state, 0, EYES)[0]
    state = start(state, "power", [ref(state, 0, DAUGHTER)])
    state, offered = watch(state, 0, eyes, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- bwb_99 Gossip and Lies --------------------------------------------------------------


def test_bwb_99_gossip_and_lies_adds_the_power_you_have_off_your_house_card():
    state = joust(
        {
            "in_play": [{"card": KNIGHT, "power": 2}, {"card": STEWARD, "power": 1}],
            "hand": [GOSSIP],
            "power": 4,
        },
        {"in_play": [HOST]},
    )
    knight = ref(state, 0, KNIGHT)
    state = start(state, "military", [knight])
    state = at_point(state, "after_attackers")
    gossip = hand(state, 0, GOSSIP)[0]
    state = use(state, 0, gossip, knight)
    assert strength(state, knight) == 2 + 3  # the power on the Knight and the Steward
    state, _ = watch(state, 0, gossip, lambda s: s.challenge is None)
    assert events(state, "challenge_resolved")[-1]["strength"] == [5, 0]
    assert strength(state, knight) == 2  # until the end of the challenge


def test_bwb_99_gossip_and_lies_needs_power_off_the_house_card_and_a_challenge():
    state = joust({"in_play": [KNIGHT], "hand": [GOSSIP], "power": 4}, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    gossip = hand(state, 0, GOSSIP)[0]
    state = start(state, "military", [knight])
    state, offered = watch(state, 0, gossip, challenges_over)
    assert not offered  # power only on the House card
    state = marshalling({"in_play": [{"card": KNIGHT, "power": 2}], "hand": [GOSSIP]})
    assert uses(state, 0, hand(state, 0, GOSSIP)[0]) == []  # Challenges: only


# --- bwb_100 Bungled Orders --------------------------------------------------------------


def test_bwb_100_bungled_orders_makes_the_loser_reveal_a_new_plot():
    state = joust(
        {"house": "Stark", "revealed_plot": BUNGLED, "in_play": [HOST]},
        {"house": "Lannister", "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, HOST, lambda s: head(s).get("purpose") == "new_plot")
    prompt = head(state)
    assert prompt["purpose"] == "new_plot" and prompt["seat"] == 1
    old = state.players[1].revealed_plot
    plot = prompt["candidates"][0]
    state = answer(state, "new_plot", [plot])
    assert state.players[1].revealed_plot == plot and old in state.players[1].used_plots
    assert state.code(state.players[0].revealed_plot) == BUNGLED  # the winner keeps its plot


def test_bwb_100_bungled_orders_applies_to_its_owner_losing_too():
    state = joust(
        {"house": "Stark", "revealed_plot": BUNGLED, "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [HOST]},
    )
    bungled = state.players[0].revealed_plot
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state, _ = watch(
        state, 0, bungled, lambda s: head(s).get("purpose") == "new_plot", [ref(state, 1, HOST)]
    )
    assert head(state)["seat"] == 0
    state = answer(state, "new_plot", head(state)["candidates"][:1])
    assert bungled in state.players[0].used_plots


def test_bwb_100_without_bungled_orders_no_new_plot_is_revealed():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Lannister", "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    plot = state.players[1].revealed_plot
    state = start(state, "power", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, plot, challenges_over)
    assert state.players[1].revealed_plot == plot
