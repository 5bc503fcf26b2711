"""The Blue is Calling attachments, locations, events and plot
(gameplay/engine/cards/the_blue_is_calling/cards.py).

Fillers: Host of Storm's End (6 STR Army, Baratheon), Knight of the Tumblestone (2 STR),
Lannisport Steward (2 STR Lannister), Ser Emmon Cuy (kotst_4, Rainbow Guard), Renly
Baratheon (core_73), Mountain Refugee (ator_85, Clansman), Sansa Stark (core_9, Lady), Tyene
Sand (bwb_91, Sand Snake), Horseback Archers (qod_15, Dothraki)."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank, keywords, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_without,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    ref,
    start,
    use,
    uses,
    won_window,
)

FAVOR, STAG, ORKMONT, LANCE, GOATS, RANSACK = "w_102", "w_103", "w_106", "w_107", "w_108", "w_109"
FALSE_HUNT, PALISADES, SEA, ARAKH, SKY_CELL, HONOR = (
    "w_111",
    "w_113",
    "w_115",
    "w_116",
    "w_119",
    "w_120",
)
EMMON = "kotst_4"  # Ser Emmon Cuy, Rainbow Guard
BRIENNE = "w_21"  # Brienne of Tarth, Rainbow Guard (takes attachments)
RENLY = "core_73"
REFUGEE = "ator_85"  # Mountain Refugee, Clansman, 0 cost
SANSA = "core_9"  # Lady
TYENE = "bwb_91"  # Sand Snake
ARCHERS = "qod_15"  # Horseback Archers, Dothraki
JHOGO = "core_117"  # Jhogo, printed Stealth
DANCE = "core_173"  # Dance With Dragons: kneel 1 influence to search your deck
FIEFDOM = "Western Fiefdoms"  # 1 influence
DRAGON = "core_111"  # Drogon, a Dragon card to find
BANNER = "core_34"  # Gutter Rat's Cunning, a Lannister attachment (cost 1)
ROSEROAD = "core_58"  # Western Fiefdoms, a location of printed cost 1
CROSSROADS = "core_138"  # Crossroads, a location of printed cost 2
CALM = "Calm Over Westeros"


def _knelt(card, **more):
    return {"card": card, "knelt": True, **more}


# --- w_102 Margaery's Favor ----------------------------------------------------------------


def test_margaerys_favor_draws_after_its_bearer_won():
    me = {"in_play": [{"card": EMMON, "attachments": [FAVOR]}], "deck": [KNIGHT] * 3}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    favor = ref(state, 0, FAVOR)
    state = won_window(state, "military", [ref(state, 0, EMMON)])
    state = use(state, 0, favor)
    assert len(state.players[0].hand) == 1


def test_margaerys_favor_only_on_rainbow_guard_or_renly_and_only_with_its_bearer():
    me = {"in_play": [BRIENNE, RENLY, KNIGHT], "hand": [FAVOR], "gold": 5, "house": "Baratheon"}
    state = joust(me, {}, phase="marshalling")
    favor = hand(state, 0, FAVOR)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, favor)}
    assert hosts == {ref(state, 0, BRIENNE), ref(state, 0, RENLY)}
    me = {"in_play": [{"card": EMMON, "attachments": [FAVOR]}, HOST], "deck": [KNIGHT] * 3}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "military", [ref(state, 0, HOST)], 0, ref(state, 0, FAVOR))


# --- w_103 The Stag and Rose ---------------------------------------------------------------


def test_stag_and_rose_moves_power_and_grows_the_character():
    me = {"in_play": [HOST, {"card": EMMON, "power": 1}], "hand": [STAG], "house": "Baratheon"}
    them = {"in_play": [_knelt(KNIGHT, power=2)]}
    state = joust(me, them)
    host, emmon, knight = ref(state, 0, HOST), ref(state, 0, EMMON), ref(state, 1, KNIGHT)
    stag = hand(state, 0, STAG)[0]
    state = won_window(state, "power", [host])
    state = use(state, 0, stag, emmon)
    if head(state).get("purpose") == "w_stag_power":
        state = answer(state, "w_stag_power", [knight])
    assert state.in_play[emmon].power == 2 and state.in_play[knight].power == 1
    assert strength(state, emmon) == 2 + 2
    state.in_play[emmon].power = 3  # follows the power on it
    assert strength(state, emmon) == 2 + 3
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert strength(state, emmon) == 2


def test_stag_and_rose_restrictions():
    # by less than 4 (Emmon 2 STR against nobody: by 2)
    me = {"in_play": [EMMON], "hand": [STAG], "house": "Baratheon"}
    state = joust(me, {"in_play": [_knelt(KNIGHT, power=1)]})
    challenge_without(state, "power", [ref(state, 0, EMMON)], 0, hand(state, 0, STAG)[0])
    # no opponent's card with power
    me = {"in_play": [HOST, EMMON], "hand": [STAG], "house": "Baratheon"}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, hand(state, 0, STAG)[0])
    # only a [Baratheon] character of yours: the Knight (Stark) is no target
    me = {"in_play": [HOST, KNIGHT], "hand": [STAG], "house": "Baratheon"}
    state = joust(me, {"in_play": [_knelt(STEWARD, power=1)]})
    state = won_window(state, "power", [ref(state, 0, HOST)])
    assert {a.cards[1] for a in uses(state, 0, hand(state, 0, STAG)[0])} == {ref(state, 0, HOST)}


# --- w_106 Orkmont Port --------------------------------------------------------------------


def test_orkmont_port_claims_a_power_after_an_unopposed_win():
    state = joust({"in_play": [ORKMONT, KNIGHT]}, {"in_play": [_knelt(STEWARD)]})
    state = won_window(state, "military", [ref(state, 0, KNIGHT)])
    before = state.players[0].power
    state = use(state, 0, ref(state, 0, ORKMONT))
    assert state.players[0].power == before + 1


def test_orkmont_port_not_after_an_opposed_win():
    state = joust({"in_play": [ORKMONT, HOST]}, {"in_play": [KNIGHT]})
    orkmont, knight = ref(state, 0, ORKMONT), ref(state, 1, KNIGHT)
    challenge_without(state, "military", [ref(state, 0, HOST)], 0, orkmont, [knight])


# --- w_107 The Giant's Lance ---------------------------------------------------------------


def test_giants_lance_kneeling_characters_get_minus_one():
    state = joust({"in_play": [LANCE, _knelt(HOST), HOST]}, {"in_play": [_knelt(KNIGHT)]})
    knelt_host, host = ref(state, 0, HOST, 0), ref(state, 0, HOST, 1)
    assert strength(state, knelt_host) == 5 and strength(state, host) == 6
    assert strength(state, ref(state, 1, KNIGHT)) == 1  # every player's


# --- w_108 Feed it to the Goats ------------------------------------------------------------


def test_feed_it_to_the_goats_kneels_as_many_non_ladies_as_clansmen_knelt():
    me = {"in_play": [REFUGEE] * 4, "hand": [GOATS], "house": "Lannister"}
    them = {"in_play": [KNIGHT, STEWARD, HOST, SANSA]}
    state = joust(me, them)
    goats = hand(state, 0, GOATS)[0]
    state = use(state, 0, goats)
    assert head(state)["purpose"] == "kneel_cost" and head(state)["max"] == 3  # at most 3
    state = answer(state, "kneel_cost", head(state)["candidates"][:2])
    assert head(state)["purpose"] == "kneel" and head(state)["min"] == head(state)["max"] == 2
    assert ref(state, 1, SANSA) not in head(state)["candidates"]  # non-Lady only
    state = answer(state, "kneel", [ref(state, 1, KNIGHT), ref(state, 1, HOST)])
    assert state.in_play[ref(state, 1, KNIGHT)].knelt and state.in_play[ref(state, 1, HOST)].knelt
    assert not state.in_play[ref(state, 1, STEWARD)].knelt


def test_feed_it_to_the_goats_needs_a_clansman():
    state = joust({"in_play": [STEWARD], "hand": [GOATS]}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, hand(state, 0, GOATS)[0])


# --- w_109 Ransack -------------------------------------------------------------------------


def _ransack(lannisters=2, locations=(ROSEROAD,)):
    me = {"in_play": [STEWARD] * lannisters, "hand": [RANSACK], "gold": 5, "deck": [KNIGHT] * 3}
    them = {"in_play": list(locations), "deck": [KNIGHT] * 3}
    state = joust(me, them, phase="dominance")
    ransack = hand(state, 0, RANSACK)[0]
    return state, ransack


def test_ransack_discards_a_location_after_you_win_dominance():
    state, ransack = _ransack(locations=(ROSEROAD,))
    state = pass_until(state, lambda s: head(s).get("trigger") == "dominance_won")
    roseroad = ref(state, 1, ROSEROAD)
    state = use(state, 0, ransack)
    assert head(state)["purpose"] == "kneel_cost"
    state = answer(state, "kneel_cost", head(state)["candidates"][:1])
    if head(state).get("purpose") == "discard":  # a single candidate settles itself
        assert head(state)["candidates"] == [roseroad]
        state = answer(state, "discard", [roseroad])
    state = pass_until(state, lambda s: roseroad not in s.in_play)
    assert roseroad in state.players[1].discard


def test_ransack_needs_enough_lannister_characters_for_the_printed_cost():
    state, ransack = _ransack(lannisters=1, locations=(CROSSROADS,))
    for _ in range(10):
        if state.phase != "dominance":
            break
        assert not uses(state, 0, ransack)
        state = act(state, head(state)["order"][head(state)["i"] % 2], "pass")


# --- w_111 A False Hunt --------------------------------------------------------------------


def test_a_false_hunt_cancels_a_search_and_discards_at_random():
    me = {"in_play": [TYENE], "hand": [FALSE_HUNT], "house": "Martell"}
    them = {
        "in_play": [FIEFDOM],
        "hand": [DANCE, KNIGHT],
        "deck": [DRAGON, KNIGHT],
        "house": "Targaryen",
    }
    state = joust(me, them, phase="marshalling", first_player=1)
    dance, hunt = hand(state, 1, DANCE)[0], hand(state, 0, FALSE_HUNT)[0]
    state = pass_until(state, lambda s: bool(uses(s, 1, dance)))
    state = use(state, 1, dance)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"])
    state = pass_until(state, lambda s: bool(uses(s, 0, hunt)), limit=5)
    tyene = ref(state, 0, TYENE)
    state = use(state, 0, hunt, tyene)
    assert tyene in state.players[0].dead
    assert events(state, "cancelled")
    assert len(state.players[1].hand) == 0 and len(state.players[1].discard) >= 1


def test_a_false_hunt_needs_a_sand_snake_and_a_search():
    me = {"in_play": [STEWARD], "hand": [FALSE_HUNT], "house": "Martell"}
    them = {"in_play": [FIEFDOM], "hand": [DANCE], "deck": [DRAGON], "house": "Targaryen"}
    state = joust(me, them, phase="marshalling", first_player=1)
    dance, hunt = hand(state, 1, DANCE)[0], hand(state, 0, FALSE_HUNT)[0]
    state = pass_until(state, lambda s: bool(uses(s, 1, dance)))
    state = use(state, 1, dance)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"])
    assert not uses(state, 0, hunt)  # no Sand Snake to kill


# --- w_113 Palisades -----------------------------------------------------------------------


def test_palisades_blanks_non_army_characters_during_the_first_challenge_against_you():
    them = {"in_play": [PALISADES, TYENE, "core_119"]}  # Tyene; Dothraki Honor Guard (Army)
    state = joust({"in_play": [KNIGHT, HOST]}, them)
    tyene, guard, knight = ref(state, 1, TYENE), ref(state, 1, "core_119"), ref(state, 0, KNIGHT)
    assert not is_blank(state, tyene)
    state = start(state, "military", [knight])
    assert is_blank(state, tyene) and is_blank(state, knight) and not is_blank(state, guard)
    state = finish_challenge(state)
    assert not is_blank(state, tyene)
    state = start(state, "power", [ref(state, 0, HOST)])  # the second challenge against them
    seen = []

    def check(now):
        seen.append(is_blank(now, tyene))

    finish_challenge(state, check=check)
    assert seen and not any(seen)


def test_palisades_not_when_its_controller_attacks():
    state = joust({"in_play": [PALISADES, KNIGHT]}, {"in_play": [TYENE, KNIGHT]})
    tyene = ref(state, 1, TYENE)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert head(state)["purpose"] == "defenders" and state.challenge is not None
    assert not is_blank(state, tyene)


# --- w_115 Dothraki Sea --------------------------------------------------------------------


def test_dothraki_sea_after_winning_initiative():
    me = {"in_play": [SEA, {"card": KNIGHT, "attachments": [BANNER]}, STEWARD]}
    state = joust(me, {"in_play": [HOST]})
    knight, steward = ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    base = strength(state, knight)
    state.emit("initiative", seat=0, totals={}, random=False)
    assert strength(state, knight) == base + 1 and strength(state, steward) == 2
    from gameplay.engine.abilities import allowed, as_acting

    assert as_acting(state, 1, allowed, state, "can_be_discarded", knight) is False
    assert as_acting(state, 0, allowed, state, "can_be_discarded", knight) is True
    assert allowed(state, "can_be_discarded", steward)


def test_dothraki_sea_not_without_initiative():
    me = {"in_play": [SEA, {"card": KNIGHT, "attachments": [BANNER]}]}
    state = joust(me, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    base = strength(state, knight)
    state.emit("initiative", seat=1, totals={}, random=False)
    assert strength(state, knight) == base


# --- w_116 Bloody Arakh --------------------------------------------------------------------


def test_bloody_arakh_strips_keywords_while_its_bearer_participates():
    me = {"in_play": [{"card": ARCHERS, "attachments": [ARAKH]}]}
    them = {"in_play": [JHOGO, {"card": KNIGHT, "attachments": [BANNER]}, HOST]}
    state = joust(me, them)
    archers, jhogo, knight = ref(state, 0, ARCHERS), ref(state, 1, JHOGO), ref(state, 1, KNIGHT)
    assert strength(state, archers) == 3 + 1
    assert "stealth" in keywords(state, jhogo)
    state = start(state, "military", [archers])
    seen = []

    def check(now):
        if now.challenge is not None:
            seen.append((keywords(now, jhogo), "stealth" in keywords(now, knight)))

    state = finish_challenge(state, [ref(state, 1, HOST)], check=check)
    assert seen and all(words == (set(), True) for words in seen)
    assert "stealth" in keywords(state, jhogo)  # only while the Arakh's bearer participates


def test_bloody_arakh_only_on_dothraki():
    me = {"in_play": [ARCHERS, KNIGHT], "hand": [ARAKH], "gold": 3, "house": "Targaryen"}
    state = joust(me, {}, phase="marshalling")
    hosts = {a.cards[1] for a in marshals(state, 0, hand(state, 0, ARAKH)[0])}
    assert hosts == {ref(state, 0, ARCHERS)}


# --- w_119 Sky Cell ------------------------------------------------------------------------


def test_sky_cell_attach_to_printed_cost_three_or_lower():
    me = {"hand": [SKY_CELL], "gold": 3}
    state = joust(me, {"in_play": [KNIGHT, HOST]}, phase="marshalling")
    hosts = {a.cards[1] for a in marshals(state, 0, hand(state, 0, SKY_CELL)[0])}
    assert hosts == {ref(state, 1, KNIGHT)}  # the Host costs 5


def test_sky_cell_gives_its_host_a_marshalling_kill_of_its_controller():
    me = {"in_play": [KNIGHT]}
    them = {"in_play": [{"card": STEWARD, "attachments": [SKY_CELL]}]}
    state = joust(me, them, phase="marshalling")
    cell, steward = ref(state, 1, SKY_CELL), ref(state, 1, STEWARD)
    state = pass_until(state, lambda s: bool(uses(s, 1, cell)))
    assert not uses(state, 0, cell)
    state = use(state, 1, cell)
    assert steward in state.players[1].dead


def test_sky_cell_plot_chosen_at_random():
    from gameplay.engine.state import InPlay

    me = {"in_play": [KNIGHT], "plot_deck": [CALM, CALM, CALM], "deck": [KNIGHT] * 5}
    them = {"in_play": [STEWARD], "deck": [KNIGHT] * 5}
    state = joust(me, them)
    cell = state.new_card(SKY_CELL, 1)
    state.in_play[cell] = InPlay(controller=1, attached_to=ref(state, 0, KNIGHT))
    state.players[1].in_play.append(cell)
    state = pass_until(state, lambda s: head(s).get("name") == "choose_plots")
    assert state.players[0].chosen_plot is not None
    assert state.players[1].chosen_plot is None
    assert any(e["event"] == "plot_chosen" and e.get("random") for e in state.log)


# --- w_120 As High As Honor ----------------------------------------------------------------


def test_as_high_as_honor_defenders_gain_renown():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [HOST], "revealed_plot": HONOR})
    host = ref(state, 1, HOST)
    assert "renown" not in keywords(state, host)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = finish_challenge(state, [host])
    assert state.in_play[host].power == 1  # its Renown claimed a power


def test_as_high_as_honor_not_the_opponents_defenders():
    state = joust({"in_play": [KNIGHT], "revealed_plot": HONOR}, {"in_play": [HOST]})
    host = ref(state, 1, HOST)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = finish_challenge(state, [host])
    assert state.in_play[host].power == 0
