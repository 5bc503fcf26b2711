"""Fire Made Flesh locations and events (gameplay/engine/cards/fire_made_flesh/cards.py).

Fillers: Knight of the Tumblestone and Host of Storm's End (no text), Crossroads (1
influence), Brown Ben Plumm (core_118, a unique character without text), Common Cause
(cad_60, a prized plot), Knight of the North (cad_41, a prized character)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from gameplay.engine.rules import income
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    apply,
    defend,
    events,
    hand,
    head,
    in_deck,
    joust,
    marshalling,
    marshals,
    never_offered,
    pass_until,
    ref,
    start,
    to_window,
    until_seat,
    use,
    uses,
)

IRON_VICTORY, MANDER, DRUNKARDS, CHILDRENS = "cad_45", "cad_47", "cad_51", "cad_52"
FIRE, BANNERS = "cad_55", "cad_59"
CROSSROADS, BEN, COMMON_CAUSE, KOTN = "core_138", "core_118", "cad_60", "cad_41"


def _targets(state, seat, source):
    return {a.cards[-1] for a in uses(state, seat, source)}


# --- cad_45 Longship Iron Victory -----------------------------------------------------------


def test_longship_iron_victory_kills_a_participating_defender_and_claims_prized_2():
    state = joust({"in_play": [IRON_VICTORY, HOST]}, {"in_play": [HOST, KNIGHT]})
    ship, mine = ref(state, 0, IRON_VICTORY), ref(state, 0, HOST)
    host = ref(state, 1, HOST)
    state = start(state, "military", [mine])
    state = defend(state, [host])
    state = until_seat(state, 0)
    assert _targets(state, 0, ship) == {mine, host}  # not the Knight: not participating
    power = state.players[1].power
    state = use(state, 0, ship, host)
    assert ship in state.players[0].discard and host in state.players[1].dead
    assert state.players[1].power == power + 2  # prized 2: the opponent claims


def test_longship_iron_victory_only_during_a_challenge():
    state = joust({"in_play": [IRON_VICTORY, HOST]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, IRON_VICTORY))


# --- cad_47 The Mander ----------------------------------------------------------------------


def test_the_mander_draws_one_card():
    state = joust({"in_play": [MANDER], "deck": [KNIGHT] * 4}, {"in_play": [HOST]})
    mander = ref(state, 0, MANDER)
    state = use(state, 0, mander)
    assert state.in_play[mander].knelt and len(state.players[0].hand) == 1


def test_the_mander_draws_two_while_a_prized_plot_is_revealed():
    them = {"in_play": [HOST], "revealed_plot": COMMON_CAUSE}
    state = joust({"in_play": [MANDER], "deck": [KNIGHT] * 4}, them)
    state = use(state, 0, ref(state, 0, MANDER))
    assert len(state.players[0].hand) == 2


def test_the_mander_only_in_the_challenges_phase_and_standing():
    state = joust(
        {"in_play": [MANDER], "deck": [KNIGHT] * 4}, {"in_play": [HOST]}, phase="dominance"
    )
    assert not uses(state, 0, ref(state, 0, MANDER))
    knelt = {"card": MANDER, "knelt": True}
    state = joust({"in_play": [knelt], "deck": [KNIGHT] * 4}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, MANDER))


# --- cad_51 The Drunkard's Tower ------------------------------------------------------------


def test_the_drunkards_tower_counts_2_gold_with_fewer_characters():
    state = joust({"in_play": [DRUNKARDS, KNIGHT]}, {"in_play": [HOST, KNIGHT]})
    base = joust({"in_play": [KNIGHT]}, {"in_play": [HOST, KNIGHT]})
    assert income(state, 0) == income(base, 0) + 2


def test_the_drunkards_tower_not_with_as_many_characters():
    state = joust({"in_play": [DRUNKARDS, KNIGHT, KNIGHT]}, {"in_play": [HOST, KNIGHT]})
    base = joust({"in_play": [KNIGHT, KNIGHT]}, {"in_play": [HOST, KNIGHT]})
    assert income(state, 0) == income(base, 0)


# --- cad_52 The Children's Tower ------------------------------------------------------------


def _dominance(me, them):
    state = joust(me, them, phase="dominance")
    return pass_until(state, lambda s: bool(uses(s, 0, ref(s, 0, CHILDRENS))), limit=10)


def test_the_childrens_tower_takes_a_card_of_the_top_5_and_shuffles():
    deck = [KNIGHT] * 5 + [BEN, HOST]
    state = _dominance({"in_play": [CHILDRENS], "deck": deck}, {"in_play": [HOST, KNIGHT]})
    tower = ref(state, 0, CHILDRENS)
    top = list(state.players[0].deck[:5])
    state = use(state, 0, tower)
    assert state.in_play[tower].knelt
    assert head(state)["purpose"] == "search" and set(head(state)["candidates"]) == set(top)
    state = answer(state, "search", [top[2]])
    assert state.players[0].hand == [top[2]]
    assert len(state.players[0].deck) == 6 and events(state, "shuffled")


def test_the_childrens_tower_needs_fewer_characters_than_each_opponent():
    state = joust(
        {"in_play": [CHILDRENS, KNIGHT], "deck": [KNIGHT] * 6},
        {"in_play": [HOST]},
        phase="dominance",
    )
    tower = ref(state, 0, CHILDRENS)
    state = pass_until(state, lambda s: s.phase != "dominance" or bool(uses(s, 0, tower)))
    assert state.phase != "dominance"


# --- cad_55 Fire Made Flesh -----------------------------------------------------------------


def test_fire_made_flesh_gives_renown_and_no_kneel_to_attack():
    me = {"house": "Targaryen", "in_play": [BEN, CROSSROADS], "hand": [FIRE]}
    state = joust(me, {"in_play": [HOST]})
    ben, card = ref(state, 0, BEN), hand(state, 0, FIRE)[0]
    power = state.players[1].power
    state = use(state, 0, card, ben)
    assert state.in_play[ref(state, 0, CROSSROADS)].knelt  # 1 influence
    assert "renown" in keywords(state, ben)
    assert state.players[1].power == power + 2  # prized 2
    state = start(state, "military", [ben])
    assert not state.in_play[ben].knelt


def test_fire_made_flesh_only_on_a_unique_character_and_with_influence():
    me = {"house": "Targaryen", "in_play": [BEN, KNIGHT, CROSSROADS], "hand": [FIRE]}
    state = joust(me, {"in_play": [HOST]})
    card = hand(state, 0, FIRE)[0]
    assert _targets(state, 0, card) == {ref(state, 0, BEN)}
    me = {"house": "Targaryen", "in_play": [BEN], "hand": [FIRE]}
    state = joust(me, {"in_play": [HOST]})
    assert not uses(state, 0, hand(state, 0, FIRE)[0])


# --- cad_59 Calling the Banners -------------------------------------------------------------


def test_calling_the_banners_finds_a_prized_card():
    me = {"in_play": [HOST], "hand": [BANNERS], "deck": [KNIGHT, KOTN, KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]}, phase="dominance")
    card = hand(state, 0, BANNERS)[0]
    state = pass_until(state, lambda s: bool(uses(s, 0, card)), limit=10)
    state = use(state, 0, card)
    (kotn,) = in_deck(state, 0, KOTN)
    assert head(state)["purpose"] == "search" and head(state)["candidates"] == [kotn]
    state = answer(state, "search", [kotn])
    assert kotn in state.players[0].hand and events(state, "revealed")


# --- cad_50 The Stepstones ------------------------------------------------------------------

STEPSTONES = "cad_50"


def _lost_with_gold(gold):
    me = {"in_play": [STEPSTONES, KNIGHT], "deck": [BEN, HOST]}
    state = joust(me, {"in_play": [HOST]}, first_player=1)
    knight = ref(state, 0, KNIGHT)
    state.in_play[knight].gold = gold
    state = start(state, "power", [ref(state, 1, HOST)])
    return state, knight


def test_the_stepstones_trades_a_gold_token_for_the_top_card():
    state, knight = _lost_with_gold(1)
    state = to_window(state, "challenge_won", defenders=[knight])
    top = state.players[0].deck[0]
    state = use(state, 0, ref(state, 0, STEPSTONES), knight)
    assert state.in_play[knight].gold == 0 and top in state.players[0].hand
    assert events(state, "revealed")[-1]["cards"] == [top]


def test_the_stepstones_needs_a_gold_token_and_a_lost_challenge():
    state, knight = _lost_with_gold(0)
    never_offered(state, 0, ref(state, 0, STEPSTONES), [knight])
    me = {"in_play": [STEPSTONES, HOST], "deck": [BEN]}
    state = joust(me, {"in_play": [KNIGHT]})
    state.in_play[ref(state, 0, HOST)].gold = 1
    state = start(state, "power", [ref(state, 0, HOST)])
    never_offered(state, 0, ref(state, 0, STEPSTONES), [ref(state, 1, KNIGHT)])


# --- cad_56 House Bannerman -----------------------------------------------------------------

BANNERMAN = "cad_56"


def _gold_of_marshal(state, seat, card):
    (action,) = [a for a in marshals(state, seat, card) if a.kind.startswith("marshal")]
    gold = state.players[seat].gold
    state = apply(state, action)
    return state, gold - state.players[seat].gold


def test_house_bannerman_ignores_the_gold_penalty_of_the_next_card_only():
    me = {"house": "Stark", "in_play": [BANNERMAN], "hand": [HOST, HOST], "gold": 20}
    state = marshalling(me)
    bannerman = ref(state, 0, BANNERMAN)
    state = use(state, 0, bannerman)
    assert state.in_play[bannerman].knelt
    first, second = hand(state, 0, HOST)
    state, paid = _gold_of_marshal(state, 0, first)
    assert paid == 5  # Host of Storm's End costs 5, no penalty
    state, paid = _gold_of_marshal(state, 0, second)
    assert paid == 7  # used up: the penalty again


def test_house_bannerman_used_up_by_a_card_without_penalty():
    me = {"house": "Stark", "in_play": [BANNERMAN], "hand": [KNIGHT, HOST], "gold": 20}
    state = marshalling(me)
    state = use(state, 0, ref(state, 0, BANNERMAN))
    state, paid = _gold_of_marshal(state, 0, hand(state, 0, KNIGHT)[0])
    state, paid = _gold_of_marshal(state, 0, hand(state, 0, HOST)[0])
    assert paid == 7


def test_house_bannerman_only_in_marshalling():
    state = joust({"in_play": [BANNERMAN]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, BANNERMAN))
