"""The Grand Melee (gameplay/engine/cards/the_grand_melee/cards.py), played through legal
actions."""

from __future__ import annotations

from gameplay.engine.abilities import crests, facts, icons, keywords, strength
from gameplay.engine.rules import attachment_targets
from tests.gameplay.cards.the_grand_melee.helpers import offered, play_out
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    WINTER,
    act,
    answer,
    build,
    choose,
    events,
    head,
    in_play,
    initiate,
    joust,
    marshals,
    on_house,
    pass_until,
    ref,
    start,
    to_window,
    until_phase,
    until_prompt,
    until_seat,
    use,
    uses,
)

WARHAMMER = "atoc_28"
EURON = "atoc_29"
CAPTAIN = "atoc_30"
DORAN = "atoc_34"
ASHA = "kotse_2"  # a unique Greyjoy character (Renown)
MARAUDER = "asots_24"  # a non-unique Greyjoy character without text
RANDYLL = "kotse_45"  # a unique neutral character
CROSSROADS = "core_138"  # a neutral location


def _source(state, seat, code_):
    return next(r for r in state.players[seat].in_play if state.code(r) == code_)


# --- atoc_28 Warhammer -------------------------------------------------------------------


def _warhammer(theirs: int = 1):
    return joust(
        {
            "house": "Baratheon",
            "in_play": [{"card": HOST, "attachments": [WARHAMMER]}, {"card": KNIGHT, "power": 1}],
        },
        {"house": "Stark", "in_play": [{"card": KNIGHT, "power": theirs}]},
    )


def test_atoc_28_warhammer_discards_a_participating_character_with_power():
    state = _warhammer()
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won", [ref(state, 1, KNIGHT)])
    state = until_seat(state, 0)
    hammer, knight = _source(state, 0, WARHAMMER), ref(state, 1, KNIGHT)
    state = use(state, 0, hammer, knight)
    assert knight not in state.in_play
    assert state.players[1].discard[-1] == knight


def test_atoc_28_warhammer_needs_a_participant_with_power():
    state = _warhammer(theirs=0)
    hammer = _source(state, 0, WARHAMMER)
    state = start(state, "power", [ref(state, 0, HOST)])
    assert not offered(state, 0, hammer, [ref(state, 1, KNIGHT)])


def test_atoc_28_warhammer_only_after_a_power_challenge():
    state = _warhammer()
    hammer = _source(state, 0, WARHAMMER)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not offered(state, 0, hammer, [ref(state, 1, KNIGHT)])


def test_atoc_28_warhammer_only_if_attached_character_participated():
    state = _warhammer()
    hammer = _source(state, 0, WARHAMMER)
    state = start(state, "power", [ref(state, 0, KNIGHT)])  # own Knight, 1 power, alone
    assert not offered(state, 0, hammer)


# --- atoc_29 Euron Crow's Eye ------------------------------------------------------------


def _euron_position(top: str):
    return joust(
        {"house": "Stark", "in_play": [KNIGHT], "deck": [top, KNIGHT]},
        {"house": "Greyjoy", "in_play": [EURON], "deck": [STEWARD, STEWARD]},
    )


def test_atoc_29_euron_discards_opponents_top_card_and_draws_for_a_location():
    state = _euron_position(CROSSROADS)
    top = state.players[0].deck[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 1)
    euron = ref(state, 1, EURON)
    hand_before = len(state.players[1].hand)
    state = use(state, 1, euron)
    assert top in state.players[0].discard
    assert len(state.players[1].hand) == hand_before + 1


def test_atoc_29_euron_draws_nothing_for_a_character():
    state = _euron_position(STEWARD)
    top = state.players[0].deck[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 1)
    hand_before = len(state.players[1].hand)
    state = use(state, 1, ref(state, 1, EURON))
    assert top in state.players[0].discard
    assert len(state.players[1].hand) == hand_before


def test_atoc_29_euron_only_when_an_opponent_declares_against_you():
    state = joust(
        {"house": "Greyjoy", "in_play": [EURON, KNIGHT], "deck": [STEWARD]},
        {"house": "Stark", "in_play": [STEWARD], "deck": [CROSSROADS]},
    )
    euron = ref(state, 0, EURON)
    state = start(state, "power", [ref(state, 0, KNIGHT)])  # Euron's side attacks
    assert not offered(state, 0, euron)


# --- atoc_30 Captain of the Iron Fleet ---------------------------------------------------


def test_atoc_30_captain_only_on_a_unique_greyjoy_character():
    state = joust(
        {"house": "Greyjoy", "in_play": [ASHA, MARAUDER, RANDYLL], "hand": [CAPTAIN]},
        {"house": "Stark", "in_play": [KNIGHT]},
        phase="marshalling",
    )
    captain = state.players[0].hand[0]
    targets = attachment_targets(state, facts(state, captain), 0)
    assert ref(state, 0, ASHA) in targets
    assert ref(state, 0, MARAUDER) not in targets and ref(state, 0, RANDYLL) not in targets


def test_atoc_30_captain_gives_renown_and_discards_a_kneeling_location():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": ASHA, "attachments": [CAPTAIN]}, MARAUDER]},
        {"house": "Stark", "in_play": [{"card": CROSSROADS, "knelt": True}, KNIGHT]},
    )
    asha, marauder = ref(state, 0, ASHA), ref(state, 0, MARAUDER)
    assert "renown" in keywords(state, asha)
    assert "renown" not in keywords(state, marauder)
    captain, crossroads = _source(state, 0, CAPTAIN), ref(state, 1, CROSSROADS)
    state = start(state, "military", [marauder, asha])
    state = to_window(state, "challenge_won")
    state = until_seat(state, 0)
    state = use(state, 0, captain, crossroads)
    assert crossroads not in state.in_play and crossroads in state.players[1].discard


def test_atoc_30_captain_needs_a_kneeling_location():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": ASHA, "attachments": [CAPTAIN]}]},
        {"house": "Stark", "in_play": [CROSSROADS]},
    )
    captain = _source(state, 0, CAPTAIN)
    state = start(state, "military", [ref(state, 0, ASHA)])
    assert not offered(state, 0, captain)


def test_atoc_30_captain_only_if_attached_character_participated():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": ASHA, "attachments": [CAPTAIN]}, MARAUDER]},
        {"house": "Stark", "in_play": [{"card": CROSSROADS, "knelt": True}]},
    )
    captain = _source(state, 0, CAPTAIN)
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    assert not offered(state, 0, captain)


# --- atoc_34 Doran Martell ---------------------------------------------------------------


def test_atoc_34_doran_makes_each_opponent_discard_a_card_after_losing_as_defender():
    state = joust(
        {"house": "Stark", "in_play": [HOST], "hand": [KNIGHT, STEWARD]},
        {"house": "Martell", "in_play": [DORAN]},
    )
    steward = state.players[0].hand[1]
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, DORAN))
    assert head(state)["seat"] == 0 and head(state)["purpose"] == "discard"
    state = answer(state, "discard", [steward])
    assert steward in state.players[0].discard and len(state.players[0].hand) == 1


def test_atoc_34_doran_only_when_losing_as_the_defender():
    state = joust(
        {"house": "Martell", "in_play": [DORAN, HOST]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [STEWARD]},
    )
    doran = ref(state, 0, DORAN)
    state = start(state, "power", [ref(state, 0, HOST)])  # Doran's side attacks and wins
    assert not offered(state, 0, doran, [ref(state, 1, KNIGHT)])


# --- atoc_22 Dreadfort Outrider ----------------------------------------------------------

OUTRIDER = "atoc_22"
LOYALIST = "bwb_103"  # Bolton Loyalist, a House Bolton character


def test_atoc_22_dreadfort_outrider_is_discarded_without_another_house_bolton_character():
    state = joust(
        {"house": "Stark", "gold": 5, "in_play": [KNIGHT], "hand": [OUTRIDER]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    outrider = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [outrider])
    assert outrider not in state.in_play and outrider in state.players[0].discard


def test_atoc_22_dreadfort_outrider_stays_with_another_house_bolton_character():
    state = joust(
        {"house": "Stark", "gold": 5, "in_play": [LOYALIST], "hand": [OUTRIDER]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    outrider = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [outrider])
    assert outrider in state.in_play


def test_atoc_22_dreadfort_outrider_an_opponents_house_bolton_character_does_not_count():
    state = joust(
        {"house": "Stark", "gold": 5, "in_play": [KNIGHT], "hand": [OUTRIDER]},
        {"house": "Stark", "in_play": [LOYALIST]},
        phase="marshalling",
    )
    outrider = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [outrider])
    assert outrider not in state.in_play and outrider in state.players[0].discard


# --- atoc_40 The Grand Melee -------------------------------------------------------------

GRAND_MELEE = "atoc_40"


def test_atoc_40_the_grand_melee_counts_participants_instead_of_str():
    state = joust(
        {"house": "Stark", "revealed_plot": GRAND_MELEE, "in_play": [KNIGHT, KNIGHT]},
        {"house": "Baratheon", "in_play": [HOST]},
    )
    state = start(state, "power", in_play(state, 0, KNIGHT))
    state = play_out(state, [ref(state, 1, HOST)])
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["strength"] == [2, 1] and resolved["winner"] == 0


def test_atoc_40_the_grand_melee_counts_in_the_opponents_challenges_too():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Stark", "revealed_plot": GRAND_MELEE, "in_play": [KNIGHT, KNIGHT]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = play_out(state, in_play(state, 1, KNIGHT))
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["strength"] == [1, 2] and resolved["winner"] == 1


# --- atoc_35 The Vaith -------------------------------------------------------------------

VAITH = "atoc_35"


def _vaith(influence: bool = True):
    return joust(
        {"house": "Stark", "in_play": [KNIGHT, HOST, STEWARD]},
        {"house": "Martell", "in_play": [VAITH, *([CROSSROADS] if influence else [])]},
    )


def test_atoc_35_the_vaith_makes_an_attackers_character_lose_an_icon():
    state = _vaith()
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    state = start(state, "power", [knight])
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 1)
    vaith = ref(state, 1, VAITH)
    state = use(state, 1, vaith, host)  # any character the attacker controls
    assert state.in_play[ref(state, 1, CROSSROADS)].knelt  # 1 influence knelt
    assert head(state)["purpose"] == "icon"
    assert set(head(state)["options"]) == {"military", "power"}
    state = choose(state, "military")
    assert "military" not in icons(state, host) and "power" in icons(state, host)
    state = until_phase(state, "plot")
    assert "military" in icons(state, host)  # until the end of the phase


def test_atoc_35_the_vaith_needs_influence_to_kneel():
    state = _vaith(influence=False)
    vaith = ref(state, 1, VAITH)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert not offered(state, 1, vaith)


def test_atoc_35_the_vaith_only_on_challenges_against_you():
    state = joust(
        {"house": "Martell", "in_play": [VAITH, CROSSROADS, KNIGHT]},
        {"house": "Stark", "in_play": [STEWARD]},
    )
    vaith = ref(state, 0, VAITH)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert not offered(state, 0, vaith)


# --- atoc_31 Raiding the Reach -----------------------------------------------------------

RAID = "atoc_31"
DECK = [KNIGHT, STEWARD, HOST, CROSSROADS, KNIGHT, STEWARD]


def _raid(defender_in_play=(), winter_: bool = False):
    mine = [KNIGHT, HOST, *([WINTER] if winter_ else [])]
    return joust(
        {"house": "Greyjoy", "in_play": mine, "hand": [RAID]},
        {"house": "Stark", "in_play": list(defender_in_play), "deck": DECK},
    )


def test_atoc_31_raiding_the_reach_discards_2_of_the_top_5_and_orders_the_rest():
    state = _raid()
    raid = state.players[0].hand[0]
    top = state.players[1].deck[:5]
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    state = until_seat(state, 0)
    state = use(state, 0, raid)
    step = head(state)
    assert step["purpose"] == "discard" and step["candidates"] == top
    assert step["min"] == step["max"] == 2
    state = answer(state, "discard", top[:2])
    assert state.players[1].discard[-2:] == top[:2]
    # The rest goes back on top in the chosen order: top[4], top[2], top[3].
    state = answer(state, "deck_order", [top[4]])
    state = answer(state, "deck_order", [top[2]])
    assert state.players[1].deck[:3] == [top[4], top[2], top[3]]


def test_atoc_31_raiding_the_reach_discards_3_if_it_is_winter():
    state = _raid(winter_=True)
    raid = state.players[0].hand[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    state = until_seat(state, 0)
    state = use(state, 0, raid)
    assert head(state)["min"] == head(state)["max"] == 3


def test_atoc_31_raiding_the_reach_only_after_an_unopposed_challenge():
    state = _raid(defender_in_play=[KNIGHT])
    raid = state.players[0].hand[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    assert not offered(state, 0, raid, [ref(state, 1, KNIGHT)])


# --- atoc_26 Bought and Paid For ---------------------------------------------------------

BOUGHT = "atoc_26"
ICE = "core_1"  # an attachment of printed cost 2
CUNNING = "core_34"  # Gutter Rat's Cunning, printed cost 1


def _bought(phase: str = "dominance"):
    return joust(
        {"house": "Lannister", "gold": 1, "in_play": [HOST], "hand": [BOUGHT]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [ICE, CUNNING]}]},
        phase=phase,
    )


def test_atoc_26_bought_and_paid_for_pays_the_printed_cost_to_discard_an_attachment():
    state = _bought()
    bought = state.players[0].hand[0]
    cunning = _source(state, 1, CUNNING)
    ice = _source(state, 1, ICE)
    targets = {a.cards[1] for a in uses(state, 0, bought) if len(a.cards) > 1}
    assert cunning in targets and ice not in targets  # X = 2 is more than the 1 gold
    state = use(state, 0, bought, cunning)
    assert cunning not in state.in_play and cunning in state.players[1].discard
    assert state.players[0].gold == 0 and ice in state.in_play


def test_atoc_26_bought_and_paid_for_only_in_the_dominance_phase():
    state = _bought(phase="challenges")
    bought = state.players[0].hand[0]
    assert not uses(state, 0, bought)


# --- atoc_37 Old Bear's Crow -------------------------------------------------------------

CROW = "atoc_37"
CELLADOR = "dotn_14"  # Night's Watch, no icon, 2 STR, Holy crest
DENYS = "pots_48"  # Night's Watch, military and power (no intrigue), 3 STR
JANOS = "ator_28"  # Night's Watch, military and intrigue (no power), 3 STR
SHADOWCAT = "kotse_43"  # a military character with Stealth


def test_atoc_37_old_bears_crow_gives_crest_and_str_by_missing_printed_icons():
    state = joust(
        {"house": "Stark", "in_play": [CROW, CELLADOR, DENYS, JANOS, STEWARD]},
        {"house": "Stark", "in_play": [CELLADOR]},
    )
    cellador, denys, janos = ref(state, 0, CELLADOR), ref(state, 0, DENYS), ref(state, 0, JANOS)
    assert crests(state, cellador) == {"holy", "war"} and strength(state, cellador) == 3
    assert "war" not in crests(state, denys) and strength(state, denys) == 3  # has both
    assert "war" not in crests(state, janos) and strength(state, janos) == 4  # no power
    assert strength(state, ref(state, 0, STEWARD)) == 2  # not Night's Watch
    theirs = ref(state, 1, CELLADOR)  # an opponent's Night's Watch character
    assert "war" not in crests(state, theirs) and strength(state, theirs) == 2


def test_atoc_37_old_bears_crow_night_watch_without_intrigue_cannot_be_stealthed():
    state = joust(
        {"house": "Lannister", "in_play": [SHADOWCAT]},
        {"house": "Stark", "in_play": [CROW, DENYS, JANOS, KNIGHT]},
    )
    state = initiate(state, "military", [ref(state, 0, SHADOWCAT)])
    assert head(state)["purpose"] == "stealth"
    candidates = head(state)["candidates"]
    assert ref(state, 1, DENYS) not in candidates  # no printed intrigue icon
    assert ref(state, 1, JANOS) in candidates  # has one
    assert ref(state, 1, KNIGHT) in candidates  # not Night's Watch


# --- atoc_33 Overwhelming Numbers --------------------------------------------------------

NUMBERS = "atoc_33"
FAITHFUL = "atoc_32"  # Khaleesi's Faithful: Dothraki Army, 4 STR (its text needs a melee)


def _numbers(attackers: list[str]):
    return joust(
        {"house": "Targaryen", "in_play": attackers, "hand": [NUMBERS]},
        {"house": "Stark", "in_play": [KNIGHT, HOST]},
    )


def test_atoc_33_overwhelming_numbers_only_armies_may_defend():
    state = _numbers([FAITHFUL, FAITHFUL])
    numbers = state.players[0].hand[0]
    state = start(state, "military", in_play(state, 0, FAITHFUL))
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 0)
    state = use(state, 0, numbers)
    state = until_prompt(state, "defenders")
    candidates = head(state)["candidates"]
    assert ref(state, 1, HOST) in candidates and ref(state, 1, KNIGHT) not in candidates


def test_atoc_33_overwhelming_numbers_needs_2_attackers_all_dothraki():
    state = _numbers([FAITHFUL, HOST])  # one attacker is not Dothraki
    numbers = state.players[0].hand[0]
    state = start(state, "military", [ref(state, 0, FAITHFUL), ref(state, 0, HOST)])
    assert not offered(state, 0, numbers, [ref(state, 1, KNIGHT)])
    state = _numbers([FAITHFUL, FAITHFUL])  # a single Dothraki attacker
    numbers = state.players[0].hand[0]
    state = start(state, "military", [ref(state, 0, FAITHFUL)])
    assert not offered(state, 0, numbers, [ref(state, 1, KNIGHT)])


# --- atoc_39 Flea Bottom -----------------------------------------------------------------

FLEA = "atoc_39"


def test_atoc_39_flea_bottom_lowers_the_next_character_by_2_and_it_enters_knelt():
    state = joust(
        {"house": "Baratheon", "gold": 3, "in_play": [FLEA], "hand": [HOST, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    host = state.players[0].hand[0]
    flea = ref(state, 0, FLEA)
    state = use(state, 0, flea)
    assert state.in_play[flea].knelt
    state = act(state, 0, "marshal:play", [host])  # 5 - 2 = 3 gold
    assert host in state.in_play and state.in_play[host].knelt
    assert state.players[0].gold == 0


def test_atoc_39_flea_bottom_lowers_only_the_next_character_not_a_location():
    state = joust(
        {"house": "Stark", "gold": 4, "in_play": [FLEA], "hand": [CROSSROADS, KNIGHT, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    crossroads, first, second = state.players[0].hand
    state = use(state, 0, ref(state, 0, FLEA))
    state = act(state, 0, "marshal:play", [crossroads])  # a location: full 2 gold
    assert state.players[0].gold == 2 and not state.in_play[crossroads].knelt
    state = act(state, 0, "marshal:play", [first])  # 2 - 2 = 0, knelt
    assert state.players[0].gold == 2 and state.in_play[first].knelt
    state = act(state, 0, "marshal:play", [second])  # the next one pays in full, standing
    assert state.players[0].gold == 0 and not state.in_play[second].knelt


def test_atoc_39_flea_bottom_only_in_the_marshalling_phase():
    state = joust(
        {"house": "Stark", "in_play": [FLEA, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    assert not uses(state, 0, ref(state, 0, FLEA))


# --- atoc_38 A Champion Arises -----------------------------------------------------------

CHAMPION = "atoc_38"


def _champion_after(ctype: str, attacker_seat_wins: bool = True):
    """Seat 0 attacks once; then every seat passes until seat 0 may play A Champion
    Arises in the dominance phase (returns the state there, or at the plot phase)."""
    theirs = [STEWARD] if attacker_seat_wins else [HOST]
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT, HOST], "hand": [CHAMPION, CHAMPION]},
        {"house": "Baratheon", "in_play": theirs},
    )
    state = start(state, ctype, [ref(state, 0, KNIGHT)])
    defenders = () if attacker_seat_wins else [ref(state, 1, HOST)]
    return play_out(state, defenders)


def _to_dominance(state):
    champion = state.players[0].hand[0]
    return pass_until(
        state,
        lambda s: (
            s.phase in ("dominance", "plot") and (bool(uses(s, 0, champion)) or s.phase == "plot")
        ),
    )


def test_atoc_38_a_champion_arises_claims_1_power_per_opponent_on_a_non_army_character():
    state = _to_dominance(_champion_after("power"))
    first, second = state.players[0].hand
    assert state.phase == "dominance"
    knight = ref(state, 0, KNIGHT)
    targets = {a.cards[1] for a in uses(state, 0, first) if len(a.cards) > 1}
    assert targets == {knight}  # not the Army
    state = use(state, 0, first, knight)
    assert state.in_play[knight].power == 1
    assert not uses(state, 0, second)  # Limit one per phase


def test_atoc_38_a_champion_arises_not_after_losing_a_challenge():
    state = _to_dominance(_champion_after("power", attacker_seat_wins=False))
    assert state.phase == "plot"


def test_atoc_38_a_champion_arises_needs_at_least_one_challenge():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [CHAMPION]},
        {"house": "Baratheon", "in_play": [STEWARD]},
        phase="dominance",
    )
    assert not uses(state, 0, state.players[0].hand[0])


# --- atoc_32 Khaleesi's Faithful ---------------------------------------------------------


def _faithful_melee(seats: int = 3):
    specs = [
        {"house": "Stark", "revealed_plot": "Calm Over Westeros", "in_play": [KNIGHT]},
        {
            "house": "Targaryen",
            "revealed_plot": "Calm Over Westeros",
            "in_play": [FAITHFUL, STEWARD],
        },
        {"house": "Lannister", "revealed_plot": "Calm Over Westeros", "in_play": [STEWARD]},
    ][:seats]
    specs[0]["in_play"] = [KNIGHT, {"card": HOST, "power": 2}]
    return build(phase="challenges", players=specs)


def test_atoc_32_khaleesis_faithful_moves_power_from_the_attacker_in_a_melee():
    state = _faithful_melee()
    host = ref(state, 0, HOST)
    state = start(state, "power", [ref(state, 0, KNIGHT)], defender=1)
    faithful = ref(state, 1, FAITHFUL)
    state = until_prompt(state, "defenders")
    state = answer(state, "defenders", [faithful])
    state = to_window(state, "defenders_declared")
    state = until_seat(state, 1)
    state = use(state, 1, faithful)
    if head(state).get("purpose") == "power_source":  # one option is taken without asking
        state = choose(state, host)
    assert state.in_play[host].power == 1 and state.players[1].power == 1


def test_atoc_32_khaleesis_faithful_only_with_more_than_1_opponent():
    state = _faithful_melee(seats=2)
    faithful = ref(state, 1, FAITHFUL)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert not offered(state, 1, faithful, [faithful])


def test_atoc_32_khaleesis_faithful_only_when_declared_as_a_defender():
    state = _faithful_melee()
    faithful = ref(state, 1, FAITHFUL)
    state = start(state, "power", [ref(state, 0, KNIGHT)], defender=1)
    assert not offered(state, 1, faithful, [])  # it does not defend


def test_atoc_32_khaleesis_faithful_is_a_limited_response():
    state = _faithful_melee()
    state.players[1].limited_response_used = True  # another Limited Response this round
    faithful = ref(state, 1, FAITHFUL)
    state = start(state, "power", [ref(state, 0, KNIGHT)], defender=1)
    assert not offered(state, 1, faithful, [faithful])


# --- atoc_23 In the Name of the King -----------------------------------------------------

KING = "atoc_23"


def test_atoc_23_in_the_name_of_the_king_goes_on_an_opponents_house_card_only():
    state = joust(
        {"house": "Stark", "gold": 3, "hand": [KING]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    king = state.players[0].hand[0]
    assert {a.choice for a in marshals(state, 0, king)} == {"house_1"}
    state = act(state, 0, "marshal:play", [king], "house_1")
    assert king in state.in_play


def test_atoc_23_in_the_name_of_the_king_gives_its_owner_2_str_in_military_challenges():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Baratheon", "in_play": [KNIGHT]},
    )
    on_house(state, 0, KING, 1)
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    assert strength(state, theirs) == 2  # no challenge
    state = start(state, "military", [mine])
    assert strength(state, theirs) == 4 and strength(state, mine) == 2
    state = play_out(state, [theirs])
    assert strength(state, theirs) == 2


def test_atoc_23_in_the_name_of_the_king_not_in_other_challenges():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Baratheon", "in_play": [KNIGHT]},
    )
    on_house(state, 0, KING, 1)
    theirs = ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert strength(state, theirs) == 2


def _king_game(seats: int):
    specs = [
        {"house": "Stark", "revealed_plot": CALM, "in_play": [STEWARD]},
        {"house": "Baratheon", "revealed_plot": CALM, "in_play": [KNIGHT]},
        {"house": "Lannister", "revealed_plot": CALM, "in_play": [STEWARD]},
    ][:seats]
    state = build(phase="challenges", players=specs, first_player=1)
    on_house(state, 0, KING, 1)
    return state


def test_atoc_23_in_the_name_of_the_king_claims_1_power_when_the_owner_wins_military():
    state = _king_game(3)
    state = start(state, "military", [ref(state, 1, KNIGHT)], defender=2)
    state = play_out(state)
    assert state.players[0].power == 1


def test_atoc_23_in_the_name_of_the_king_claims_only_with_more_than_1_opponent():
    state = _king_game(2)
    state = start(state, "military", [ref(state, 1, KNIGHT)], defender=0)
    state = play_out(state)
    assert state.players[0].power == 0


# --- atoc_25 Whisper Campaign ------------------------------------------------------------

WHISPER = "atoc_25"


def _whisper_game(seats: int = 3, knelt: bool = False):
    specs = [
        {"house": "Lannister", "revealed_plot": CALM, "in_play": [KNIGHT]},
        {"house": "Stark", "revealed_plot": CALM, "in_play": [KNIGHT], "hand": [KNIGHT] * 3},
        {"house": "Lannister", "revealed_plot": CALM, "in_play": [STEWARD, HOST]},
    ]
    specs[2 if seats == 3 else 0]["deck"] = [KNIGHT] * 3
    if seats == 2:
        specs = specs[:2]
        specs[0]["in_play"] = [STEWARD, HOST]
    state = build(phase="challenges", players=specs, first_player=seats - 1 if seats == 3 else 0)
    whisper = on_house(state, 0, WHISPER, 1)
    state.in_play[whisper].knelt = knelt
    return state, whisper


def test_atoc_25_whisper_campaign_kneels_and_the_winner_draws_per_claimed_card():
    state, whisper = _whisper_game()
    hand = len(state.players[2].hand)
    state = start(state, "intrigue", [ref(state, 2, STEWARD)], defender=1)
    state = play_out(state)
    assert len(state.players[1].hand) == 2  # claim 1: one card discarded at random
    assert state.in_play[whisper].knelt
    assert len(state.players[2].hand) == hand + 1


def test_atoc_25_whisper_campaign_only_after_an_intrigue_challenge():
    state, whisper = _whisper_game()
    state = start(state, "power", [ref(state, 2, HOST)], defender=1)
    state = play_out(state)
    assert not state.in_play[whisper].knelt


def test_atoc_25_whisper_campaign_needs_more_than_1_opponent():
    state, whisper = _whisper_game(seats=2)
    hand = len(state.players[0].hand)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)], defender=1)
    state = play_out(state)
    assert not state.in_play[whisper].knelt and len(state.players[0].hand) == hand


def test_atoc_25_whisper_campaign_does_nothing_while_knelt():
    state, _ = _whisper_game(knelt=True)
    hand = len(state.players[2].hand)
    state = start(state, "intrigue", [ref(state, 2, STEWARD)], defender=1)
    state = play_out(state)
    assert len(state.players[2].hand) == hand


# --- atoc_21 The Smalljon ----------------------------------------------------------------

SMALLJON = "atoc_21"


def _smalljon_game(their_title: str):
    specs = [
        {"house": "Stark", "revealed_plot": CALM, "in_play": [SMALLJON], "title": "master_of_laws"},
        {
            "house": "Lannister",
            "revealed_plot": CALM,
            "in_play": [STEWARD],
            "hand": [KNIGHT] * 4,
            "title": their_title,
        },
        {"house": "Baratheon", "revealed_plot": CALM, "in_play": [STEWARD]},
    ]
    return build(phase="challenges", players=specs)


def test_atoc_21_the_smalljon_raises_the_claim_against_an_opposed_title():
    state = _smalljon_game("master_of_whispers")  # Master of Laws opposes it
    smalljon = ref(state, 0, SMALLJON)
    state = start(state, "military", [smalljon], defender=1)
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 0)
    state = use(state, 0, smalljon)
    state = play_out(state)
    assert events(state, "claim")[-1]["amount"] == 2  # Calm Over Westeros's claim 1, +1


def test_atoc_21_the_smalljon_not_against_a_title_you_do_not_oppose():
    state = _smalljon_game("lord_commander")
    smalljon = ref(state, 0, SMALLJON)
    state = start(state, "military", [smalljon], defender=1)
    assert not offered(state, 0, smalljon, [])


def test_atoc_21_the_smalljon_claim_without_its_response_is_the_plots():
    state = _smalljon_game("lord_commander")
    state = start(state, "military", [ref(state, 0, SMALLJON)], defender=1)
    state = play_out(state)
    assert events(state, "claim")[-1]["amount"] == 1


# --- atoc_24 Varys -----------------------------------------------------------------------

VARYS = "atoc_24"


def _varys_game(seats: int = 4, varys_seat: int = 2):
    specs = [
        {"house": "Stark", "revealed_plot": CALM, "in_play": [KNIGHT]},
        {"house": "Baratheon", "revealed_plot": CALM, "in_play": [STEWARD]},
        {"house": "Lannister", "revealed_plot": CALM, "in_play": [STEWARD]},
        {"house": "Targaryen", "revealed_plot": CALM, "in_play": [STEWARD]},
    ][:seats]
    specs[varys_seat]["in_play"] = [*specs[varys_seat]["in_play"], VARYS]
    if seats == 4:  # the Hand of the King supports the Master of Whispers
        specs[0]["title"], specs[3]["title"] = "hand_of_the_king", "master_of_whispers"
    return build(phase="challenges", players=specs)


def test_atoc_24_varys_redirects_a_challenge_ignoring_titles_and_goes_into_shadows():
    state = _varys_game()
    varys = ref(state, 2, VARYS)
    state = start(state, "military", [ref(state, 0, KNIGHT)], defender=1)
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 2)
    state = use(state, 2, varys)
    assert varys in state.players[2].shadows and varys not in state.in_play
    assert head(state)["purpose"] == "redirect_target"
    assert set(head(state)["options"]) == {"2", "3"}  # not the current defender
    state = choose(state, "3")  # the attacker's Title supports seat 3's: ignored
    state = play_out(state)
    assert events(state, "challenge_resolved")[-1]["defender"] == 3


def test_atoc_24_varys_only_with_more_than_1_opponent():
    state = _varys_game(seats=2, varys_seat=1)
    varys = ref(state, 1, VARYS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert not offered(state, 1, varys, [])


def test_atoc_24_varys_only_after_an_opponent_declares_a_challenge():
    state = _varys_game(varys_seat=0)
    varys = ref(state, 0, VARYS)
    state = start(state, "military", [ref(state, 0, KNIGHT)], defender=1)
    assert not offered(state, 0, varys, [])


def test_atoc_21_the_smalljon_is_limited_once_per_challenge():
    state = _smalljon_game("master_of_whispers")
    smalljon = ref(state, 0, SMALLJON)
    state = start(state, "military", [smalljon], defender=1)
    state = to_window(state, "attackers_declared")
    state = until_seat(state, 0)
    state = use(state, 0, smalljon)
    marks = [m for m in state.used if m.startswith(f"limit:{smalljon}:") and ":challenge:" in m]
    assert len(marks) == 1  # the once-per-challenge mark of its use
