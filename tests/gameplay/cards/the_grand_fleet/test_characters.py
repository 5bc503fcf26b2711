"""The Grand Fleet characters (gameplay/engine/cards/the_grand_fleet/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Ironborn Marauder (asots_24,
Greyjoy, 2 STR, [Naval] military)."""

from __future__ import annotations

from gameplay.engine.abilities import icons
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import ambush_cost
from gameplay.engine.steps import dominance_total
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    choose,
    events,
    head,
    joust,
    plots_revealed,
    ref,
    start,
    to_window,
    until_window,
    use,
    waiting_seats,
    watch,
)
from tests.gameplay.cardtest import (
    in_play as in_play_refs,
)

MARAUDER = "asots_24"
AERON = "kotse_6"  # Aeron Damphair: unique Greyjoy, power icon, stealth


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_21 Paxter Redwyne -------------------------------------------------------------


def test_paxter_redwyne_gains_two_gold_after_winning_initiative():
    state = plots_revealed(
        "Tourney for the Hand",
        "Summoning Season",
        me={"house": "Lannister", "in_play": ["asots_21"]},
    )
    paxter = ref(state, 0, "asots_21")
    state = until_window(state, "initiative_won")
    gold = state.players[0].gold
    state = use(state, 0, paxter)
    assert state.players[0].gold == gold + 2


def test_paxter_redwyne_not_after_an_opponent_wins_initiative():
    state = plots_revealed(
        "Summoning Season",
        "Tourney for the Hand",
        me={"house": "Lannister", "in_play": ["asots_21"]},
    )
    assert [e["seat"] for e in events(state, "initiative")] == [1]
    assert not any(
        e["event"] == "gold_gained" and e.get("reason") == ref(state, 0, "asots_21")
        for e in state.log
    )


# --- asots_25 The Reader -----------------------------------------------------------------


def test_the_reader_draws_one_after_an_unopposed_win():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_25"], "deck": [KNIGHT] * 3},
        {"in_play": [_knelt(STEWARD)], "deck": [KNIGHT] * 5},
    )
    reader = ref(state, 0, "asots_25")
    state = start(state, "power", [reader])
    state = to_window(state, "challenge_won")
    hand = len(state.players[0].hand)
    state = use(state, 0, reader)
    state = choose(state, "draw")
    assert len(state.players[0].hand) == hand + 1


def test_the_reader_discards_the_top_three_of_each_opponent_deck():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_25"], "deck": [KNIGHT] * 3},
        {"in_play": [_knelt(STEWARD)], "deck": [KNIGHT] * 5},
    )
    reader = ref(state, 0, "asots_25")
    state = start(state, "power", [reader])
    state = to_window(state, "challenge_won")
    state = use(state, 0, reader)
    state = choose(state, "discard")
    assert len(state.players[1].discard) == 3 and len(state.players[1].deck) == 2


def test_the_reader_not_after_an_opposed_win_nor_without_a_unique_greyjoy():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_25", HOST]},
        {"in_play": [STEWARD]},
    )
    reader = ref(state, 0, "asots_25")
    state = start(state, "power", [ref(state, 0, HOST)])  # unopposed, no unique Greyjoy
    state, offered = watch(state, 0, reader, lambda s: s.challenge is None)
    assert not offered
    state = joust({"house": "Greyjoy", "in_play": ["asots_25", HOST]}, {"in_play": [KNIGHT]})
    reader = ref(state, 0, "asots_25")
    state = start(state, "power", [reader, ref(state, 0, HOST)])
    knight = ref(state, 1, KNIGHT)
    state, offered = watch(state, 0, reader, lambda s: s.challenge is None, defenders=[knight])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not offered  # won, but opposed


def test_the_reader_limit_once_per_phase():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_25", AERON], "deck": [KNIGHT] * 3},
        {"in_play": [_knelt(STEWARD)], "deck": [KNIGHT] * 9},
    )
    reader, aeron = ref(state, 0, "asots_25"), ref(state, 0, AERON)
    state = start(state, "intrigue", [reader])
    state = to_window(state, "challenge_won")
    state = choose(use(state, 0, reader), "draw")
    state, _ = watch(state, 0, reader, lambda s: s.challenge is None)
    state = start(state, "power", [aeron])
    state, offered = watch(state, 0, reader, lambda s: s.challenge is None)
    assert not offered


# --- asots_27 River Runner ---------------------------------------------------------------


def _runner_won(stand: bool):
    state = joust({"house": "Baratheon", "in_play": ["asots_27"]}, {"in_play": [_knelt(KNIGHT)]})
    runner = ref(state, 0, "asots_27")
    state = start(state, "power", [runner])
    for _ in range(40):
        if head(state).get("purpose") == "vigilant":
            return answer(state, "vigilant", [runner] if stand else []), runner
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no vigilant prompt")


def test_river_runner_gains_an_intrigue_icon_after_standing_for_vigilant():
    state, runner = _runner_won(stand=True)
    assert "intrigue" not in icons(state, runner)
    state = until_window(state, "stood_by_keyword")
    state = use(state, 0, runner)
    assert "intrigue" in icons(state, runner)


def test_river_runner_not_when_it_does_not_stand():
    state, runner = _runner_won(stand=False)
    state, offered = watch(state, 0, runner, lambda s: s.challenge is None)
    assert not offered and "intrigue" not in icons(state, runner)


# --- asots_28 Ser Davos Seaworth ---------------------------------------------------------


def test_ser_davos_knelt_smugglers_count_toward_dominance():
    me = {
        "house": "Baratheon",
        "gold": 0,
        "in_play": ["asots_28", _knelt("asots_27"), _knelt(KNIGHT)],
    }
    them = {"gold": 0, "in_play": [_knelt("asots_27")]}
    state = build(phase="dominance", players=[me, {**them}], auto_pass=False)
    state.players[0].gold = state.players[1].gold = 0
    assert dominance_total(state, 0) == 3 + 2  # Davos and his knelt River Runner, not the Knight
    assert dominance_total(state, 1) == 0  # an opponent's knelt Smuggler does not count


# --- asots_30 Northern Sailor ------------------------------------------------------------


def _sailor_won(attackers=("asots_30", HOST), in_play=("asots_30", HOST)):
    state = joust(
        {"house": "Stark", "in_play": list(in_play)},
        {"in_play": [_knelt(STEWARD), _knelt(KNIGHT), _knelt(KNIGHT)]},
    )
    sailor = ref(state, 0, "asots_30")
    state = start(state, "military", [ref(state, 0, a) for a in attackers])
    return state, sailor


def test_northern_sailor_discards_itself_and_the_opponent_kills_a_character():
    state, sailor = _sailor_won()
    state = to_window(state, "challenge_won", claim=[ref(state, 1, STEWARD)])
    state = use(state, 0, sailor)
    assert sailor in state.players[0].discard
    prompt = head(state)
    assert prompt["purpose"] == "kill" and prompt["seat"] == 1
    survivors = prompt["candidates"]
    assert sorted(survivors) == sorted(in_play_refs(state, 1, KNIGHT))
    state = answer(state, "kill", survivors[:1])
    assert survivors[0] in state.players[1].dead


def test_northern_sailor_needs_four_str_and_to_participate():
    state, sailor = _sailor_won(attackers=("asots_30", KNIGHT), in_play=("asots_30", KNIGHT))
    state, offered = watch(state, 0, sailor, lambda s: s.challenge is None)
    assert not offered  # won by 3
    state, sailor = _sailor_won(attackers=(HOST,))
    state, offered = watch(state, 0, sailor, lambda s: s.challenge is None)
    assert not offered  # by 6, but the Sailor did not participate


# --- asots_31 White Harbor Captain -------------------------------------------------------


def test_white_harbor_captain_claims_one_power_after_winning_by_four():
    state = joust({"house": "Stark", "in_play": ["asots_31", HOST]}, {"in_play": [_knelt(KNIGHT)]})
    captain = ref(state, 0, "asots_31")
    state = start(state, "power", [captain, ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    power = state.players[0].power
    state = use(state, 0, captain)
    assert state.players[0].power == power + 1


def test_white_harbor_captain_needs_four_str_and_to_participate():
    state = joust(
        {"house": "Stark", "in_play": ["asots_31", KNIGHT]}, {"in_play": [_knelt(KNIGHT)]}
    )
    captain = ref(state, 0, "asots_31")
    state = start(state, "power", [captain])
    state, offered = watch(state, 0, captain, lambda s: s.challenge is None)
    assert not offered  # by 2
    state = joust({"house": "Stark", "in_play": ["asots_31", HOST]}, {"in_play": [_knelt(KNIGHT)]})
    captain = ref(state, 0, "asots_31")
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, captain, lambda s: s.challenge is None)
    assert not offered  # by 6 without the Captain


# --- asots_33 Quentyn Martell ------------------------------------------------------------


def test_quentyn_martell_claims_two_power_after_he_is_killed():
    state = joust(
        {"house": "Martell", "in_play": ["asots_33"]}, {"in_play": [HOST]}, first_player=1
    )
    quentyn = ref(state, 0, "asots_33")
    state = start(state, "military", [ref(state, 1, HOST)])
    state = to_window(state, "killed", claim=[quentyn])
    assert quentyn in state.players[0].dead
    power = state.players[0].power
    state = use(state, 0, quentyn)
    assert state.players[0].power == power + 2


def test_quentyn_martell_not_when_discarded():
    from tests.gameplay.cardtest import uses as legal_uses

    state = joust({"house": "Martell", "in_play": ["asots_33", KNIGHT]}, {"in_play": [HOST]})
    quentyn = ref(state, 0, "asots_33")
    another = ref(state, 0, KNIGHT)
    state = start(state, "military", [another])
    state, offered = watch(state, 0, quentyn, lambda s: s.challenge is None, defenders=[])
    assert not offered and not legal_uses(state, 0, quentyn)


# --- asots_36 Pentoshi Deckhand ----------------------------------------------------------

CHASER = "acoa_59"  # Dragon Chaser: Targaryen, cost 4, Ambush
NARROW_SEA = "core_33"  # a location with 1 influence


def _ambushes(state, seat, card):
    return [a for a in legal_actions(state, seat) if a.choice == "ambush" and a.cards[0] == card]


def test_pentoshi_deckhand_lowers_the_next_ambush_by_one():
    state = joust(
        {"house": "Targaryen", "in_play": ["asots_36", *[NARROW_SEA] * 3], "hand": [CHASER]},
        {"in_play": [_knelt(STEWARD)]},
    )
    deckhand = ref(state, 0, "asots_36")
    chaser = state.players[0].hand[0]
    assert ambush_cost(state, 0, chaser) == 4 and not _ambushes(state, 0, chaser)
    state = start(state, "intrigue", [deckhand])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, deckhand)
    assert ambush_cost(state, 0, chaser) == 3
    assert waiting_seats(state) == [0] and _ambushes(state, 0, chaser)  # 3 influence


def test_pentoshi_deckhand_only_as_a_naval_attacker():
    from gameplay.engine.abilities import add_lasting

    state = joust(
        {"house": "Targaryen", "in_play": ["asots_36"], "hand": [CHASER]},
        {"in_play": [_knelt(STEWARD)]},
    )
    deckhand = ref(state, 0, "asots_36")
    add_lasting(state, "naval", deckhand, "phase", None, remove=["intrigue"])
    state = start(state, "intrigue", [deckhand])
    state, offered = watch(state, 0, deckhand, lambda s: s.challenge is None)
    assert not offered
