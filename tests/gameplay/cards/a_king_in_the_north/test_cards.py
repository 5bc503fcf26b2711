"""A King in the North: the attachments, location, events and plot
(a_king_in_the_north/cards.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, immune_to, is_blank, keywords, strength, traits
from gameplay.engine.checks import win_power
from tests.gameplay.cards.a_king_in_the_north.helpers import give_trait
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
    code,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    plots_revealed,
    ref,
    set_season,
    start,
    until_seat,
    use,
    uses,
)

FREEZE = "dotn_82"
VAULTS = "dotn_84"
BLESSING = "dotn_86"
KRAKEN = "dotn_88"
TRUE_POWER = "dotn_90"
SOP = "dotn_92"
FEAST = "dotn_95"
SPIKES = "dotn_98"
BAEL = "dotn_100"
SALLADHOR = "kotst_7"  # Marshalling: kneel Salladhor Saan to choose and discard 1 location
GOLDEN_STORM = "asots_26"  # Longship Golden Storm: a unique Greyjoy location
GATEHOUSE = "kotse_31"  # Gatehouse: a non-unique Greyjoy location
KENNELS = "core_24"  # Winterfell Kennels: a Stark location with an Any Phase ability
MANCE_MEN = "low_41"  # Mance's Men: a neutral Wildling Army without text to run
ADVISOR = "qod_39"  # Advisor to the Crown: 2 influence
LANCER = "kotst_18"  # Vanguard Lancer: 1 influence
BASTARD = "kotst_19"  # Bastard in Hiding: a [Noble] character without text
LIONS_WILL = "core_162"  # The Lion's Will: Any Phase, pay 2 gold to choose and kneel a character


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


def forget(state) -> None:
    """Drop the caches of what is blank and which passives apply (a position changed by
    hand, not by a logged move)."""
    for cache in ("_passive_cache", "_blank_cache"):
        state.__dict__.pop(cache, None)


def pay_influence(state, cards):
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", cards)
    return state


# --- dotn_82 Deep Freeze -----------------------------------------------------------------------


def test_dotn_82_deep_freeze_on_an_opponents_house_card_raises_the_power_to_win():
    state = marshalling({"gold": 1, "hand": [FREEZE]}, {"revealed_plot": CALM})
    freeze = hand(state, 0, FREEZE)[0]
    assert {a.choice for a in marshals(state, 0, freeze)} == {"house", "house_1"}
    state = act(state, 0, "marshal:play", [freeze], "house_1")
    assert win_power(state, 1, 15) == 17 and win_power(state, 0, 15) == 15
    state.players[1].power = 16
    state = act(state, 0, "pass")
    assert state.result is None  # 16 power is not enough now
    state = pass_until(state, lambda s: s.result is not None)
    assert state.result["winner"] == 1 and state.players[1].power == 17  # dominance


def test_dotn_82_deep_freeze_asks_3_more_power_in_winter():
    state = marshalling({"gold": 1, "hand": [FREEZE]})
    state = act(state, 0, "marshal:play", [hand(state, 0, FREEZE)[0]], "house")
    set_season(state, "Winter")
    set_season(state, "Winter", 1)
    state.__dict__.pop("_passive_cache", None)
    assert win_power(state, 0, 15) == 18


# --- dotn_84 Golden Tooth Vaults ---------------------------------------------------------------


def test_dotn_84_golden_tooth_vaults_turns_2_discarded_cards_into_2_gold():
    state = marshalling({"in_play": [VAULTS], "hand": [KNIGHT, HOST, STEWARD]})
    vaults = ref(state, 0, VAULTS)
    state = act(state, 0, "use", [vaults], "1")
    knight, host = hand(state, 0, KNIGHT)[0], hand(state, 0, HOST)[0]
    state = answer(state, "discard_cost", [knight, host])
    assert state.players[0].gold == 2 and state.in_play[vaults].knelt
    assert set(state.players[0].discard) == {knight, host}
    assert not uses(state, 0, vaults)  # knelt


def test_dotn_84_golden_tooth_vaults_discards_at_most_what_the_hand_holds():
    state = marshalling({"in_play": [VAULTS], "hand": [KNIGHT]})
    vaults = ref(state, 0, VAULTS)
    assert [a.choice for a in uses(state, 0, vaults)] == ["0"]  # one card: not 2
    state = use(state, 0, vaults)
    assert state.players[0].gold == 1 and state.players[0].hand == []
    state = marshalling({"in_play": [VAULTS]})
    assert not uses(state, 0, ref(state, 0, VAULTS))  # no card to discard


# --- dotn_86 R'hllor's Blessing ----------------------------------------------------------------


def test_dotn_86_rhllors_blessing_draws_a_card_and_gives_2_str():
    state = joust(
        {"house": "Baratheon", "gold": 1, "hand": [BLESSING], "in_play": [KNIGHT], "deck": [HOST]},
        {},
        phase="marshalling",
    )
    knight = ref(state, 0, KNIGHT)
    state = act(state, 0, "marshal:play", [hand(state, 0, BLESSING)[0], knight])
    assert hand(state, 0, HOST) and strength(state, knight) == 4


# --- dotn_88 Return of the Kraken --------------------------------------------------------------


def _salladhor_discards(location: str):
    state = joust(
        {"house": "Baratheon", "in_play": [SALLADHOR]},
        {"house": "Greyjoy", "hand": [KRAKEN], "in_play": [location, KENNELS]},
        phase="marshalling",
    )
    return state, ref(state, 1, location)


def test_dotn_88_return_of_the_kraken_saves_a_unique_greyjoy_location_as_a_duplicate():
    state, storm = _salladhor_discards(GOLDEN_STORM)
    state = use(state, 0, ref(state, 0, SALLADHOR), storm)
    state = until_seat(state, 1)
    kraken = hand(state, 1, KRAKEN)[0]
    state = use(state, 1, kraken, storm)
    state = pass_until(state, lambda s: s.phase != "marshalling" or not s.queue[0].get("trigger"))
    assert storm in state.in_play and state.in_play[storm].duplicates == [kraken]
    assert kraken not in state.players[1].discard


def test_dotn_88_return_of_the_kraken_saves_a_non_unique_location_and_is_discarded():
    state, gate = _salladhor_discards(GATEHOUSE)
    state = use(state, 0, ref(state, 0, SALLADHOR), gate)
    state = until_seat(state, 1)
    kraken = hand(state, 1, KRAKEN)[0]
    state = use(state, 1, kraken, gate)
    assert gate in state.in_play and not state.in_play[gate].duplicates
    assert kraken in state.players[1].discard


def test_dotn_88_return_of_the_kraken_saves_only_house_greyjoy_locations():
    state, _ = _salladhor_discards(GATEHOUSE)
    kennels = ref(state, 1, KENNELS)
    state = use(state, 0, ref(state, 0, SALLADHOR), kennels)
    state = until_seat(state, 1)
    assert not uses(state, 1, hand(state, 1, KRAKEN)[0])
    state = act(state, 1, "pass")
    assert kennels in state.players[1].discard


# --- dotn_90 True Power ------------------------------------------------------------------------


def test_dotn_90_true_power_wins_the_power_challenge_instead():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "hand": [TRUE_POWER], "power": 3})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = until_seat(state, 1)
    assert head(state)["trigger"] == "would_win_power"
    state = use(state, 1, hand(state, 1, TRUE_POWER)[0])
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["winner"] == 1 and not resolved["unopposed"]
    assert state.players[1].power == 3 and state.players[0].power == 0  # no claim


def test_dotn_90_true_power_only_answers_a_power_challenge_against_you():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "hand": [TRUE_POWER]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_until(state, lambda s: bool(events(s, "challenge_resolved")))
    assert events(state, "challenge_resolved")[-1]["winner"] == 0  # no Military window
    state = joust(
        {"house": "Targaryen", "hand": [TRUE_POWER], "in_play": [HOST]}, {"in_play": [KNIGHT]}
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [])  # nobody is asked: you are winning it
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert hand(state, 0, TRUE_POWER)


# --- dotn_92 Serve. Obey. Protect. / dotn_95 The Feast of the Crows ---------------------------


def _three_position(event: str, mine: list, theirs: list):
    me = {"house": "Martell", "hand": [event], "in_play": [ADVISOR, LANCER, *mine]}
    return joust(me, {"house": "Stark", "in_play": theirs})


def test_dotn_92_serve_obey_protect_gives_three_characters_one_icon_each():
    state = _three_position(SOP, [], [KNIGHT, HOST])
    advisor, lancer = ref(state, 0, ADVISOR), ref(state, 0, LANCER)
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, SOP)[0])
    state = pay_influence(state, [advisor, lancer])
    assert head(state)["purpose"] == "gains_military"
    state = answer(state, "gains_military", [advisor])
    assert head(state)["purpose"] == "gains_intrigue"
    state = answer(state, "gains_intrigue", [knight])
    assert advisor not in head(state)["candidates"]  # three different characters
    state = answer(state, "gains_power", [host])
    assert "military" in icons(state, advisor)
    assert "intrigue" in icons(state, knight) and "power" in icons(state, host)
    state = pass_until(state, lambda s: s.phase != "challenges", limit=120)
    assert "intrigue" not in icons(state, knight)  # until the end of the phase


def test_dotn_92_serve_obey_protect_needs_3_influence_and_3_characters():
    state = _three_position(SOP, [], [KNIGHT])  # the two influence characters and a Knight
    assert uses(state, 0, hand(state, 0, SOP)[0])
    me = {"house": "Martell", "hand": [SOP], "in_play": [ADVISOR, KNIGHT, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert not uses(state, 0, hand(state, 0, SOP)[0])  # 2 influence only
    me = {"house": "Martell", "hand": [SOP], "in_play": [ADVISOR, LANCER]}
    state = joust(me, {})
    assert not uses(state, 0, hand(state, 0, SOP)[0])  # 2 characters only


def test_dotn_95_the_feast_of_the_crows_gives_three_nights_watch_keywords():
    state = _three_position(FEAST, [KNIGHT], [KNIGHT, HOST])
    advisor, lancer = ref(state, 0, ADVISOR), ref(state, 0, LANCER)
    mine, theirs, host = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT), ref(state, 1, HOST)
    for r in (mine, theirs, host):
        give_trait(state, r, "Night's Watch")
    state = use(state, 0, hand(state, 0, FEAST)[0])
    state = pay_influence(state, [advisor, lancer])
    assert set(head(state)["candidates"]) == {mine, theirs, host}  # Night's Watch only
    state = answer(state, "gains_stealth", [mine])
    state = answer(state, "gains_deadly", [theirs])
    assert head(state).get("purpose") != "gains_renown"  # the last one left is chosen
    assert "stealth" in keywords(state, mine) and "deadly" in keywords(state, theirs)
    assert "renown" in keywords(state, host)


def test_dotn_95_the_feast_of_the_crows_needs_3_nights_watch_characters():
    state = _three_position(FEAST, [KNIGHT], [KNIGHT, HOST])
    give_trait(state, ref(state, 0, KNIGHT), "Night's Watch")
    give_trait(state, ref(state, 1, KNIGHT), "Night's Watch")
    assert not uses(state, 0, hand(state, 0, FEAST)[0])  # the Host is no Night's Watch


# --- dotn_98 Climbing Spikes -------------------------------------------------------------------


def test_dotn_98_climbing_spikes_blank_the_location_while_you_control_a_wildling():
    state = marshalling(
        {"gold": 1, "hand": [SPIKES], "in_play": [MANCE_MEN]},
        {"house": "Stark", "gold": 1, "in_play": [KENNELS], "deck": [KNIGHT]},
    )
    spikes, kennels = hand(state, 0, SPIKES)[0], ref(state, 1, KENNELS)
    assert {a.cards[1] for a in marshals(state, 0, spikes) if len(a.cards) > 1} == {kennels}
    state = act(state, 0, "marshal:play", [spikes, kennels])
    assert is_blank(state, kennels)
    state.in_play[ref(state, 0, MANCE_MEN)].controller = 1  # no Wildling of yours now
    state.players[0].in_play.remove(ref(state, 0, MANCE_MEN))
    forget(state)
    assert not is_blank(state, kennels)


def test_dotn_98_climbing_spikes_without_a_wildling_leave_the_text():
    state = marshalling(
        {"gold": 1, "hand": [SPIKES], "in_play": [KNIGHT]},
        {"house": "Stark", "in_play": [KENNELS]},
    )
    kennels = ref(state, 1, KENNELS)
    state = act(state, 0, "marshal:play", [hand(state, 0, SPIKES)[0], kennels])
    assert not is_blank(state, kennels)
    spikes = next(r for r in state.in_play if state.code(r) == SPIKES)
    assert not immune_to(state, spikes, "event", 1)
    with_no_location = marshalling({"gold": 1, "hand": [SPIKES], "in_play": [KNIGHT]})
    try:
        act(with_no_location, 0, "marshal:play", [hand(with_no_location, 0, SPIKES)[0]])
    except IllegalAction:
        pass
    else:
        raise AssertionError("Climbing Spikes attach to a location only")


def test_dotn_98_climbing_spikes_are_immune_to_opponents_triggered_effects_with_2_wildlings():
    state = marshalling(
        {"gold": 1, "hand": [SPIKES], "in_play": [MANCE_MEN, MANCE_MEN, KENNELS]},
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, SPIKES)[0], ref(state, 0, KENNELS)])
    spikes = next(r for r in state.in_play if state.code(r) == SPIKES)
    assert immune_to(state, spikes, "event", 1) and immune_to(state, spikes, "character", 1)
    assert not immune_to(state, spikes, "event", 0)  # its controller's own effects


# --- dotn_100 The Songs of Bael the Bard -------------------------------------------------------


def test_dotn_100_the_songs_of_bael_the_bard_give_a_non_noble_character_a_trait():
    state = plots_revealed(
        BAEL, CALM, me={"house": "Stark", "in_play": [KNIGHT, BASTARD]}, them={"in_play": [HOST]}
    )
    knight, host, bastard = ref(state, 0, KNIGHT), ref(state, 1, HOST), ref(state, 0, BASTARD)
    prompt = head(state)
    assert prompt["purpose"] == "gains_trait" and prompt["seat"] == 0
    assert set(prompt["candidates"]) == {knight, host}  # not the Noble one
    state = answer(state, "gains_trait", [host])
    assert head(state)["purpose"] == "name_trait" and "army" not in head(state)["options"]
    state = choose(state, "wildling")
    assert "Wildling" in traits(state, host)
    assert "Wildling" not in traits(state, bastard)


def test_dotn_100_the_trait_goes_when_a_new_plot_is_revealed():
    me = {"house": "Stark", "in_play": [KNIGHT], "plot_deck": [BAEL, CALM]}
    them = {"in_play": [HOST], "plot_deck": [CALM, CALM]}
    state = build(phase="plot", players=[me, them])
    for seat in (0, 1):
        plot = [
            r for r in state.players[seat].plot_deck if state.code(r) == (BAEL, code(CALM))[seat]
        ]
        state = act(state, seat, "plot:choose", plot[:1])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    knight = ref(state, 0, KNIGHT)
    state = answer(state, "gains_trait", [knight])
    state = choose(state, "wildling")
    assert "Wildling" in traits(state, knight)
    state = pass_until(state, lambda s: s.queue[0].get("name") == "choose_plots", limit=120)
    assert "Wildling" in traits(state, knight)  # Bael is still the revealed plot
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", state.players[seat].plot_deck[:1])
    assert state.code(state.players[0].revealed_plot) == code(CALM)
    assert "Wildling" not in traits(state, knight)
