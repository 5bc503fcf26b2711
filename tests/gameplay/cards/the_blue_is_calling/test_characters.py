"""The Blue is Calling characters (gameplay/engine/cards/the_blue_is_calling/characters.py).

Fillers: Host of Storm's End (6 STR Army), Knight of the Tumblestone (2 STR), Lannisport
Steward (2 STR), Ser Emmon Cuy (kotst_4, 2 STR Rainbow Guard), Tyene Sand (bwb_91, Sand
Snake), Lannisport Steward."""

from __future__ import annotations

from gameplay.engine.abilities import gold_available, icons
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_without,
    choose,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshalling,
    pass_until,
    ref,
    season_plot,
    start,
    to_window,
    use,
    uses,
    won_window,
)

GUYARD, IKG, SHIPWRIGHT, LOREZA = "w_101", "w_104", "w_105", "w_110"
PATRIARCH, KHALASAR, LOTHOR, MORD = "w_112", "w_114", "w_117", "w_118"
EMMON = "kotst_4"  # Ser Emmon Cuy, Rainbow Guard
TYENE = "bwb_91"  # Tyene Sand, Sand Snake
PROSPERITY = "core_169"  # Prosperity and Plenty: take an attachment from your discard pile
BANNER = "core_34"  # Gutter Rat's Cunning, an attachment
HEARTS = "core_162"  # The Lion's Will: pay 2 gold to kneel a character


def _knelt(card, **more):
    return {"card": card, "knelt": True, **more}


# --- w_101 Ser Guyard Morrigen --------------------------------------------------------------


def test_guyard_stands_and_gains_a_power_icon_after_a_rainbow_guard_won():
    state = joust({"in_play": [_knelt(GUYARD), EMMON]}, {"in_play": [_knelt(KNIGHT)]})
    guyard = ref(state, 0, GUYARD)
    assert "power" not in icons(state, guyard)
    state = won_window(state, "military", [ref(state, 0, EMMON)])
    state = use(state, 0, guyard)
    assert not state.in_play[guyard].knelt and "power" in icons(state, guyard)
    state = finish_challenge(state)
    # Limit once per phase: the next win by a Rainbow Guard offers nothing
    state.in_play[ref(state, 0, EMMON)].knelt = False
    challenge_without(state, "power", [ref(state, 0, EMMON)], 0, guyard)
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert "power" not in icons(state, guyard)


def test_guyard_needs_a_rainbow_guard_participant():
    state = joust({"in_play": [GUYARD, HOST]}, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "military", [ref(state, 0, HOST)], 0, ref(state, 0, GUYARD))


# --- w_104 Iron King's Guard ---------------------------------------------------------------


def test_iron_kings_guard_raises_the_first_character_of_the_round():
    me = {"in_play": [IKG], "hand": [KNIGHT, STEWARD, BANNER], "gold": 10}
    state = marshalling(me, {"hand": [KNIGHT]})
    knight, steward = hand(state, 0, KNIGHT)[0], hand(state, 0, STEWARD)[0]
    banner = hand(state, 0, BANNER)[0]
    without = marshalling({**me, "in_play": []})
    assert gold_cost(state, 0, knight) == gold_cost(without, 0, hand(without, 0, KNIGHT)[0]) + 2
    assert gold_cost(state, 1, hand(state, 1, KNIGHT)[0]) == 2 + 2  # any player's
    # characters only
    assert gold_cost(state, 0, banner) == gold_cost(without, 0, hand(without, 0, BANNER)[0])
    state = act(state, 0, "marshal:play", [knight])
    assert state.players[0].gold == 6
    # the second character costs as it would without Iron King's Guard
    assert gold_cost(state, 0, steward) == gold_cost(without, 0, hand(without, 0, STEWARD)[0])


# --- w_105 Iron Islands Shipwright ---------------------------------------------------------


def _prosperity(shipwright_knelt=False, mine=False):
    shipwright = _knelt(SHIPWRIGHT) if shipwright_knelt else SHIPWRIGHT
    pp = {"hand": [PROSPERITY], "discard": [BANNER], "gold": 3, "house": "Baratheon"}
    me = {"in_play": [shipwright, STEWARD], **(pp if mine else {})}
    them = {"in_play": [STEWARD], **({} if mine else pp)}
    state = joust(me, them, phase="marshalling")
    seat = 0 if mine else 1
    pp = hand(state, seat, PROSPERITY)[0]
    state = pass_until(state, lambda s: uses(s, seat, pp))
    return use(state, seat, pp, state.players[seat].discard[0]), seat


def test_shipwright_stops_cards_leaving_an_opponents_discard_pile():
    state, seat = _prosperity()
    state = pass_until(state, lambda s: head(s).get("trigger") != "ability")
    assert any(e["event"] == "cancelled" for e in state.log)
    assert any(state.code(r) == BANNER for r in state.players[seat].discard)


def test_shipwright_only_while_standing_and_not_for_its_controllers_own_pile():
    for knelt, mine in ((True, False), (False, True)):
        state, seat = _prosperity(shipwright_knelt=knelt, mine=mine)
        for _ in range(10):
            if head(state).get("name") == "prompt":
                state = answer(state, head(state)["purpose"], head(state)["candidates"][:1])
            elif head(state).get("trigger") == "ability":
                state = act(state, head(state)["order"][head(state)["i"] % 2], "pass")
            else:
                break
        assert not any(e["event"] == "cancelled" for e in state.log)
        assert not any(state.code(r) == BANNER for r in state.players[seat].discard)


# --- w_110 Loreza Sand ---------------------------------------------------------------------


def test_loreza_draws_after_a_sand_snake_of_yours_is_killed():
    me = {"in_play": [LOREZA, TYENE, STEWARD], "deck": [KNIGHT] * 3}
    state = joust({"in_play": [HOST]}, me)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", claim=[ref(state, 1, TYENE)])
    state = use(state, 1, ref(state, 1, LOREZA))
    assert len(state.players[1].hand) == 1


def test_loreza_not_for_a_character_without_the_trait():
    me = {"in_play": [LOREZA, STEWARD], "deck": [KNIGHT] * 3}
    state = joust({"in_play": [HOST]}, me)
    state = start(state, "military", [ref(state, 0, HOST)])

    def check(now):
        assert not uses(now, 1, ref(state, 1, LOREZA))

    finish_challenge(state, check=check)


# --- w_112 Northern Patriarch --------------------------------------------------------------


def test_patriarch_makes_an_opponent_move_power_to_play_an_event():
    them = {
        "hand": [HEARTS],
        "in_play": [{"card": STEWARD, "power": 2}],
        "house": "Lannister",
        "gold": 2,
    }
    state = joust({"in_play": [PATRIARCH], "house": "Stark"}, them, phase="marshalling")
    patriarch, steward = ref(state, 0, PATRIARCH), ref(state, 1, STEWARD)
    hearts = hand(state, 1, HEARTS)[0]
    state = pass_until(state, lambda s: uses(s, 1, hearts) or s.phase != "marshalling")
    state = use(state, 1, hearts, patriarch)
    for _ in range(10):
        if head(state).get("purpose") == "w_patriarch_power":
            state = choose(state, steward)
        if state.in_play[patriarch].power:
            break
        state = act(state, head(state).get("seat", 1), "pass")
    assert state.in_play[patriarch].power == 1 and state.in_play[steward].power == 1


def test_patriarch_forbids_events_to_an_opponent_without_power_and_is_immune_with_power():
    them = {"hand": [HEARTS], "in_play": [STEWARD], "house": "Lannister", "gold": 2}
    state = joust({"in_play": [PATRIARCH]}, them, phase="marshalling")
    hearts = hand(state, 1, HEARTS)[0]
    state = pass_until(state, lambda s: s.phase != "marshalling" or bool(uses(s, 1, hearts)))
    assert state.phase != "marshalling"  # never playable
    patriarch = ref(state, 0, PATRIARCH)
    assert "immune to opponent's plot effects" not in keywords_of(state, patriarch)
    state.in_play[patriarch].power = 1
    assert "immune to opponent's plot effects" in keywords_of(state, patriarch)
    # a second copy in play switches the event cost off
    two = joust({"in_play": [PATRIARCH, PATRIARCH]}, them, phase="marshalling")
    hearts = hand(two, 1, HEARTS)[0]
    two = pass_until(two, lambda s: s.phase != "marshalling" or bool(uses(s, 1, hearts)))
    assert two.phase == "marshalling"


def keywords_of(state, ref_):
    from gameplay.engine.abilities import value

    return value(state, "immune", ref_, set())


# --- w_114 New Khalasar --------------------------------------------------------------------


def test_new_khalasar_kills_the_opposing_participants():
    me = {"in_play": [KHALASAR, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = won_window(state, "power", [ref(state, 0, KHALASAR), ref(state, 0, HOST)], [knight])
    state = use(state, 0, ref(state, 0, KHALASAR))
    assert knight in state.players[1].dead


def test_new_khalasar_restrictions():
    # not participating
    state = joust({"in_play": [KHALASAR, HOST]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, KHALASAR), [knight])
    # by less than 4
    state = joust({"in_play": [KHALASAR]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    challenge_without(
        state, "power", [ref(state, 0, KHALASAR)], 0, ref(state, 0, KHALASAR), [knight]
    )
    # not a power challenge
    state = joust({"in_play": [KHALASAR, HOST]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    attackers = [ref(state, 0, KHALASAR), ref(state, 0, HOST)]
    challenge_without(state, "military", attackers, 0, ref(state, 0, KHALASAR), [knight])


# --- w_117 Lothor Brune --------------------------------------------------------------------


def test_lothor_does_not_kneel_while_a_castle_plot_is_revealed():
    state = joust({"in_play": [LOTHOR]}, {"in_play": [KNIGHT]})
    season_plot(state, 1, "Castle")
    state = start(state, "military", [ref(state, 0, LOTHOR)])
    assert not state.in_play[ref(state, 0, LOTHOR)].knelt


def test_lothor_kneels_without_a_castle_plot():
    state = joust({"in_play": [LOTHOR]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, LOTHOR)])
    assert state.in_play[ref(state, 0, LOTHOR)].knelt


# --- w_118 Mord ----------------------------------------------------------------------------


def _mord(gold):
    them = {"in_play": [_knelt(KNIGHT)], "gold": gold, "deck": [STEWARD] * 3}
    me = {"in_play": [MORD], "deck": [STEWARD] * 3, "gold": 3}
    state = joust(me, them, phase="dominance")
    state.players[1].power = 0
    state = pass_until(state, lambda s: head(s).get("trigger") == "dominance_won")
    return state, ref(state, 0, MORD), ref(state, 1, KNIGHT)


def test_mord_shuffles_a_cheap_character_into_its_owners_deck():
    state, mord, knight = _mord(gold=0)
    assert {a.cards[1] for a in uses(state, 0, mord)} == {mord, knight}
    state = use(state, 0, mord, knight)
    state = pass_until(state, lambda s: knight not in s.in_play)
    assert knight in state.players[1].deck or any(
        e["event"] == "shuffled" and e["seat"] == 1 for e in state.log
    )
    assert len(state.players[1].deck) == 4


def test_mord_the_controller_may_pay_a_gold_to_mord_and_mord_gold_is_spendable():
    state, mord, knight = _mord(gold=1)
    state = use(state, 0, mord, knight)
    assert head(state).get("purpose") == "w_mord_pay" and head(state)["seat"] == 1
    state = choose(state, "pay")
    assert knight in state.in_play and state.in_play[mord].gold == 1
    assert state.players[1].gold == 0
    assert gold_available(state, 0) == state.players[0].gold + 1


def test_mord_not_after_losing_dominance():
    them = {"in_play": [HOST], "deck": [STEWARD] * 3}
    state = joust({"in_play": [MORD]}, them, phase="dominance")
    mord = ref(state, 0, MORD)
    for _ in range(10):
        if state.phase != "dominance":
            break
        assert not uses(state, 0, mord)
        state = act(state, head(state)["order"][head(state)["i"] % 2], "pass")
    assert events(state, "dominance")
