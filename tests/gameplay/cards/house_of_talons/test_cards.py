"""House of Talons locations, attachments, events and plot
(gameplay/engine/cards/house_of_talons/cards.py).

Fillers: Host of Storm's End (Baratheon, 6 STR, military and power), Knight of the
Tumblestone (Stark Knight, 2 STR, cost 2), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine import moves, rules
from gameplay.engine.abilities import keywords, strength
from gameplay.engine.state import GameState, InPlay
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    challenge_without,
    code,
    events,
    hand,
    head,
    joust,
    marshals,
    plots_revealed,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
    watch,
    won_window,
)

BITTERBRIDGE, RENLY, KETTLEDRUM, REBORN = "w_82", "w_83", "w_85", "w_86"
RED_HAND, HEART_TREE, LAY_WASTE, MARKET = "w_88", "w_92", "w_93", "w_96"
BLOODY_GATE, KINGS = "w_99", "w_100"
HEDGE = "kotst_40"  # Hedge Knight: a Knight of cost 1
CHASER = "acoa_59"  # Dragon Chaser: Greyjoy (and Targaryen), not an Army, cost 4
RAIDERS = "asots_63"  # Raiders of Orkmont: a Greyjoy Army
DOTHRAKI = "core_119"  # Dothraki Honor Guard: Dothraki, cost 4
MERCENARY = "qod_8"  # Hired Swords: Mercenary, cost 2
STARK_4 = "core_17"  # Winterfell Honor Guard: Stark, cost 4
RODRIK = "core_4"  # Ser Rodrik Cassel: unique Stark
LOCATION = "The Roseroad"
FEALTY = "core_201"  # an agenda


def _knelt(card):
    return {"card": card, "knelt": True}


def _attach(state: GameState, seat: int, name: str, host: str) -> str:
    """An attachment controlled by ``seat`` on ``host`` (any player's character)."""
    card = state.new_card(code(name), seat)
    state.in_play[card] = InPlay(controller=seat, attached_to=host)
    state.players[seat].in_play.append(card)
    return card


def _marshal(state: GameState, seat: int, card: str) -> GameState:
    return act(state, seat, "marshal:play", [card])


# --- w_82 Bitterbridge Encampment -----------------------------------------------------------


def _bitterbridge(played=KNIGHT, deck=(HEDGE, STEWARD)):
    state = build(
        players=[
            {
                "house": "Baratheon",
                "hand": [played],
                "deck": list(deck),
                "gold": 5,
                "in_play": [BITTERBRIDGE],
            },
            {"house": "Stark"},
        ]
    )
    return _marshal(state, 0, state.players[0].hand[0])


def test_bitterbridge_encampment_searches_for_another_knight_after_you_play_one():
    state = _bitterbridge()
    bitterbridge = ref(state, 0, BITTERBRIDGE)
    state = until_window(state, "played")
    state = use(state, 0, bitterbridge)
    prompt = head(state)
    hedge = next(r for r in state.players[0].deck if state.code(r) == code(HEDGE))
    assert prompt["purpose"] == "search" and prompt["candidates"] == [hedge]  # Knights only
    state = answer(state, "search", [hedge])
    assert [state.code(r) for r in state.players[0].hand] == [code(HEDGE)]
    assert state.in_play[bitterbridge].knelt and state.players[0].limited_response_used
    assert events(state, "revealed")


def test_bitterbridge_encampment_not_after_a_non_knight_nor_twice_a_round():
    state = _bitterbridge(played=STEWARD, deck=(HEDGE,))
    bitterbridge = ref(state, 0, BITTERBRIDGE)
    assert not any(
        s.get("trigger") == "played" and uses(state, 0, bitterbridge) for s in state.queue[:1]
    )
    assert not uses(state, 0, bitterbridge)
    state = build(
        players=[
            {
                "house": "Baratheon",
                "hand": [KNIGHT],
                "deck": [HEDGE],
                "gold": 5,
                "in_play": [BITTERBRIDGE],
            },
            {"house": "Stark"},
        ]
    )
    state.players[0].limited_response_used = True
    state = _marshal(state, 0, state.players[0].hand[0])
    assert not uses(state, 0, ref(state, 0, BITTERBRIDGE))


# --- w_83 In Renly's Name -------------------------------------------------------------------


def test_in_renlys_name_claims_three_power_when_its_bearer_attacks_you():
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT]})
    renly = _attach(state, 1, RENLY, ref(state, 0, HOST))
    state = start(state, "power", [ref(state, 0, HOST)])
    state = until_window(state, "attackers_declared")
    power = state.players[1].power
    state = use(state, 1, renly)
    assert state.players[1].power == power + 3


def test_in_renlys_name_not_when_another_character_attacks():
    state = joust({"in_play": [HOST, STEWARD]}, {"in_play": [KNIGHT]})
    renly = _attach(state, 1, RENLY, ref(state, 0, STEWARD))
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, renly, lambda s: s.challenge is None)
    assert not offered


def test_in_renlys_name_attaches_to_an_opponents_character_only():
    state = build(
        players=[
            {"house": "Baratheon", "hand": [RENLY], "in_play": [HOST], "gold": 3},
            {"house": "Stark", "in_play": [KNIGHT]},
        ]
    )
    renly = state.players[0].hand[0]
    targets = {a.cards[1:] for a in marshals(state, 0, renly)}
    assert targets == {(ref(state, 1, KNIGHT),)}


# --- w_85 Kettledrum ------------------------------------------------------------------------


def test_kettledrum_gives_its_greyjoy_bearer_one_str_and_intimidate():
    state = build(
        players=[
            {"house": "Greyjoy", "hand": [KETTLEDRUM], "in_play": [CHASER, KNIGHT], "gold": 3},
            {"house": "Stark"},
        ]
    )
    drum, chaser = state.players[0].hand[0], ref(state, 0, CHASER)
    assert {a.cards[1:] for a in marshals(state, 0, drum)} == {(chaser,)}  # not the Knight
    before = strength(state, chaser)
    state = act(state, 0, "marshal:play", [drum, chaser])
    assert strength(state, chaser) == before + 1
    assert "intimidate" in keywords(state, chaser)


# --- w_86 Reborn from the Sea ---------------------------------------------------------------


def _dominance(dead, hand_=(REBORN,), mine=(HOST,), theirs=()):
    me = {"house": "Greyjoy", "in_play": list(mine), "hand": list(hand_), "dead": list(dead)}
    return joust(me, {"in_play": list(theirs)}, phase="dominance", auto_pass=False)


def test_reborn_from_the_sea_puts_a_non_army_greyjoy_from_your_dead_pile_into_play():
    state = _dominance([CHASER, RAIDERS, KNIGHT])
    reborn = hand(state, 0, REBORN)[0]
    state = until_window(state, "dominance_won")
    state = until_seat(state, 0)
    chaser = next(r for r in state.players[0].dead if state.code(r) == code(CHASER))
    state = use(state, 0, reborn)  # the only candidate: not the Army nor the Stark Knight
    assert chaser in state.in_play and state.in_play[chaser].controller == 0
    assert {state.code(r) for r in state.players[0].dead} == {code(RAIDERS), code(KNIGHT)}


def test_reborn_from_the_sea_you_choose_among_the_candidates():
    state = _dominance([CHASER, "acoa_36"])  # Salt Wife: a Greyjoy Ally
    reborn = hand(state, 0, REBORN)[0]
    state = until_seat(until_window(state, "dominance_won"), 0)
    chaser = next(r for r in state.players[0].dead if state.code(r) == code(CHASER))
    state = use(state, 0, reborn)
    assert head(state)["purpose"] == "put_into_play" and len(head(state)["candidates"]) == 2
    state = answer(state, "put_into_play", [chaser])
    assert chaser in state.in_play and len(state.players[0].dead) == 1


def test_reborn_from_the_sea_not_when_you_lose_dominance_or_without_a_candidate():
    state = _dominance([CHASER], mine=(), theirs=(HOST,))
    reborn = hand(state, 0, REBORN)[0]
    state, offered = watch(state, 0, reborn, lambda s: s.phase != "dominance")
    assert not offered
    state = _dominance([RAIDERS])
    state, offered = watch(state, 0, hand(state, 0, REBORN)[0], lambda s: s.phase != "dominance")
    assert not offered


# --- w_88 Sign of the Red Hand --------------------------------------------------------------

DECK = [KNIGHT] * 8


def _red_hand(state: GameState) -> GameState:
    sign = hand(state, 0, RED_HAND)[0]
    assert [a.choice for a in marshals(state, 0, sign)] == ["house"]  # own House card only
    return act(state, 0, "marshal:play", [sign], "house")


def test_sign_of_the_red_hand_raises_your_draw_cap_without_an_agenda():
    state = build(players=[{"hand": [RED_HAND], "deck": DECK, "gold": 3}, {}])
    income = rules.income(state, 0)
    state = _red_hand(state)
    assert rules.income(state, 0) == income + 1  # the printed [+1 Income]
    assert moves.effect_draw(state, 0, 5) == 4


def test_sign_of_the_red_hand_not_while_you_run_an_agenda():
    players = [{"hand": [RED_HAND], "gold": 3}, {}]
    state = agenda_position(players, {0: FEALTY}, phase="marshalling")
    state = _red_hand(state)
    assert moves.effect_draw(state, 0, 5) == 3


# --- w_92 Winterfell Heart Tree -------------------------------------------------------------


def _marshalling(house, hand_, in_play_, gold=10):
    return build(
        players=[
            {"house": house, "hand": list(hand_), "in_play": list(in_play_), "gold": gold},
            {"house": "Lannister"},
        ]
    )


def test_winterfell_heart_tree_lowers_the_next_stark_character_by_one():
    state = _marshalling("Stark", [STEWARD, KNIGHT], [HEART_TREE])
    state = use(state, 0, ref(state, 0, HEART_TREE))
    steward, knight = hand(state, 0, STEWARD)[0], hand(state, 0, KNIGHT)[0]
    state = _marshal(state, 0, steward)  # Lannister: full cost (2 and a penalty)
    gold = state.players[0].gold
    state = _marshal(state, 0, knight)
    assert state.players[0].gold == gold - 1  # Knight of the Tumblestone costs 2


# --- w_93 Lay Waste -------------------------------------------------------------------------


def test_lay_waste_discards_a_location_of_the_losing_opponent():
    me = {"house": "Stark", "in_play": [RODRIK, LOCATION], "hand": [LAY_WASTE]}
    state = joust(me, {"in_play": [_knelt(KNIGHT), LOCATION]})
    lay_waste, theirs = hand(state, 0, LAY_WASTE)[0], ref(state, 1, LOCATION)
    state = won_window(state, "military", [ref(state, 0, RODRIK)])
    assert {a.cards for a in uses(state, 0, lay_waste)} == {(lay_waste, theirs)}
    state = use(state, 0, lay_waste, theirs)
    assert theirs in state.players[1].discard


def test_lay_waste_needs_a_participating_unique_character_and_a_military_challenge():
    me = {"house": "Stark", "in_play": [KNIGHT], "hand": [LAY_WASTE]}
    state = joust(me, {"in_play": [_knelt(KNIGHT), LOCATION]})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, hand(state, 0, LAY_WASTE)[0])
    me = {"house": "Stark", "in_play": [RODRIK], "hand": [LAY_WASTE]}
    state = joust(me, {"in_play": [_knelt(KNIGHT), LOCATION]})
    challenge_without(state, "power", [ref(state, 0, RODRIK)], 0, hand(state, 0, LAY_WASTE)[0])


# --- w_96 Eastern Market --------------------------------------------------------------------


def test_eastern_market_lowers_the_next_three_dothraki_or_mercenary_characters():
    cards = [DOTHRAKI, MERCENARY, MERCENARY, MERCENARY, STEWARD]
    state = _marshalling("Targaryen", cards, [MARKET], gold=20)
    market = ref(state, 0, MARKET)
    state = use(state, 0, market)
    assert market in state.players[0].discard
    paid = []
    for name in (STEWARD, DOTHRAKI, MERCENARY, MERCENARY, MERCENARY):
        gold = state.players[0].gold
        state = _marshal(state, 0, hand(state, 0, name)[0])
        paid.append(gold - state.players[0].gold)
    # Steward (with the gold penalty): not lowered; then 4-1, 2-1, 2-1 and the fourth at
    # full cost.
    assert paid == [4, 3, 1, 1, 2]


# --- w_99 The Bloody Gate -------------------------------------------------------------------


def test_the_bloody_gate_lowers_the_next_two_cards_of_printed_cost_four_or_more_by_two():
    cards = [KNIGHT, STARK_4, STARK_4, STARK_4]
    state = _marshalling("Stark", cards, [BLOODY_GATE], gold=20)
    state = use(state, 0, ref(state, 0, BLOODY_GATE))
    paid = []
    for name in (KNIGHT, STARK_4, STARK_4, STARK_4):
        gold = state.players[0].gold
        state = _marshal(state, 0, hand(state, 0, name)[0])
        paid.append(gold - state.players[0].gold)
    assert paid == [2, 2, 2, 4]  # the Knight (cost 2) is not lowered


# --- w_100 Kings of Mountain and Vale -------------------------------------------------------


def test_kings_of_mountain_and_vale_draws_and_discards_at_random_as_it_goes_to_used_pile():
    me = {"revealed_plot": KINGS, "deck": [KNIGHT] * 5}
    them = {"revealed_plot": CALM, "hand": [STEWARD, STEWARD]}
    state = plots_revealed(CALM, CALM, me, them)
    first = events(state, "draw")[0]  # before the draw phase's
    assert (first["seat"], first["count"]) == (0, 1)
    (discarded,) = events(state, "discarded")
    assert discarded["seat"] == 1 and discarded["random"]
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


def test_kings_of_mountain_and_vale_nothing_while_it_is_revealed():
    me = {"plot_deck": [KINGS], "deck": [KNIGHT] * 5}
    state = build(phase="plot", players=[me, {"plot_deck": [CALM], "hand": [STEWARD, STEWARD]}])
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    state = act(state, 1, "plot:choose", [state.players[1].plot_deck[0]])
    assert len(state.players[1].hand) == 2 and not state.players[1].discard
