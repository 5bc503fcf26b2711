"""Here to Serve (here_to_serve/more.py): the saves, the Links and the plots, played through
legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cards.here_to_serve.helpers import offered_in_challenge
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    choose,
    events,
    hand,
    head,
    joust,
    marshals,
    plots_revealed,
    ref,
    set_season,
    start,
    to_window,
    use,
    uses,
)

LAST_HEARTH = "soo_101"
GEROLD = "soo_115"
STEEL_LINK = "soo_117"
BRASS_LINK = "soo_118"
SCHEMES = "soo_119"
DETAIN = "soo_120"
PUP = "core_19"  # Direwolf Pup: a Stark Creature, 2 STR
SHADOWCAT = "kotse_43"  # a neutral Creature, 2 STR
DAENERYS = "soo_9"  # a Queen
FLOWERS = "core_147"  # Knight of Flowers: a Kingsguard
SCHOLAR = "soo_36"  # Oldtown Scholar: a Maester, no crest
ADVISOR = "soo_69"  # Linked Advisor: a Learned Maester, intrigue


# --- soo_101 Maester of Last Hearth -------------------------------------------------------------


def test_soo_101_maester_of_last_hearth_gives_your_creatures_1_str():
    state = joust(
        {"house": "Stark", "in_play": [LAST_HEARTH, PUP, KNIGHT]},
        {"house": "Lannister", "in_play": [SHADOWCAT]},
    )
    assert strength(state, ref(state, 0, PUP)) == 3
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # not a Creature
    assert strength(state, ref(state, 1, SHADOWCAT)) == 2  # not yours


def _killing(victim: str, winter: bool, *others: str):
    """Seat 0 wins a Military challenge unopposed; seat 1 (Maester of Last Hearth and
    ``victim``) picks ``victim`` for the claim."""
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Stark", "in_play": [LAST_HEARTH, victim, *others]},
    )
    if winter:
        state = set_season(state, "Winter", 0)
    state = start(state, "military", [ref(state, 0, HOST)])
    return state


def test_soo_101_maester_of_last_hearth_saves_a_creature_in_winter():
    state = _killing(PUP, True)
    pup, maester = ref(state, 1, PUP), ref(state, 1, LAST_HEARTH)
    state = to_window(state, "would_be_killed", claim=[pup])
    while head(state).get("name") == "window" and not uses(state, 1, maester):
        state = act(state, 0, "pass")
    state = use(state, 1, maester, pup)
    assert state.in_play[maester].knelt
    state, _ = offered_in_challenge(state, 1, maester)
    assert pup in state.in_play
    assert events(state, "saved")[-1]["card"] == pup


def test_soo_101_maester_of_last_hearth_saves_nothing_unless_winter():
    state = _killing(PUP, False)
    pup, maester = ref(state, 1, PUP), ref(state, 1, LAST_HEARTH)
    state, offered = offered_in_challenge(state, 1, maester, claim=[pup])
    assert not offered and pup not in state.in_play


def test_soo_101_maester_of_last_hearth_saves_only_a_creature():
    state = _killing(KNIGHT, True)
    knight, maester = ref(state, 1, KNIGHT), ref(state, 1, LAST_HEARTH)
    state, offered = offered_in_challenge(state, 1, maester, claim=[knight])
    assert not offered and knight not in state.in_play


# --- soo_115 Ser Gerold Hightower ---------------------------------------------------------------


def _royal_killing(victim: str, *others):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Targaryen", "in_play": [GEROLD, victim, *others]},
    )
    return start(state, "military", [ref(state, 0, HOST)])


def test_soo_115_ser_gerold_kneels_a_kingsguard_to_save_a_queen():
    state = _royal_killing(DAENERYS, FLOWERS)
    queen, gerold, flowers = ref(state, 1, DAENERYS), ref(state, 1, GEROLD), ref(state, 1, FLOWERS)
    state = to_window(state, "would_be_killed", claim=[queen])
    while head(state).get("name") == "window" and not uses(state, 1, gerold):
        state = act(state, 0, "pass")
    state = use(state, 1, gerold, queen)
    assert head(state)["purpose"] == "kneel_cost"
    assert set(head(state)["candidates"]) == {gerold, flowers}  # Kingsguard only
    state = answer(state, "kneel_cost", [flowers])
    assert state.in_play[flowers].knelt and not state.in_play[gerold].knelt
    state, _ = offered_in_challenge(state, 1, gerold)
    assert queen in state.in_play


def test_soo_115_ser_gerold_saves_only_a_king_or_queen():
    state = _royal_killing(KNIGHT, FLOWERS)
    knight, gerold = ref(state, 1, KNIGHT), ref(state, 1, GEROLD)
    state, offered = offered_in_challenge(state, 1, gerold, claim=[knight])
    assert not offered and knight not in state.in_play


def test_soo_115_ser_gerold_needs_a_standing_kingsguard():
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Targaryen", "in_play": [{"card": GEROLD, "knelt": True}, DAENERYS]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    queen, gerold = ref(state, 1, DAENERYS), ref(state, 1, GEROLD)
    state, offered = offered_in_challenge(state, 1, gerold, claim=[queen])
    assert not offered and queen not in state.in_play


# --- soo_117 Valyrian Steel Link / soo_118 Brass Link -------------------------------------------


def _linked(*links, deck=8, phase="marshalling"):
    return joust(
        {
            "house": "Martell",
            "in_play": [{"card": SCHOLAR, "attachments": list(links)}, KNIGHT],
            "deck": [STEWARD] * deck,
        },
        {"house": "Lannister", "deck": [STEWARD] * deck},
        phase=phase,
    )


def test_soo_117_valyrian_steel_link_kneels_the_maester_to_draw_1():
    state = _linked(STEEL_LINK)
    link, scholar = ref(state, 0, STEEL_LINK), ref(state, 0, SCHOLAR)
    before = len(state.players[0].hand)
    state = use(state, 0, link)
    assert state.in_play[scholar].knelt
    assert len(state.players[0].hand) == before + 1


def test_soo_117_valyrian_steel_link_draws_2_with_3_chains_and_once_per_phase():
    state = _linked(STEEL_LINK, BRASS_LINK, BRASS_LINK)
    link, scholar = ref(state, 0, STEEL_LINK), ref(state, 0, SCHOLAR)
    before = len(state.players[0].hand)
    state = use(state, 0, link)
    assert len(state.players[0].hand) == before + 2
    state.in_play[scholar].knelt = False  # stood again: the limit still holds
    assert not uses(state, 0, link)


def test_soo_117_valyrian_steel_link_needs_a_standing_maester():
    state = joust(
        {
            "house": "Martell",
            "in_play": [{"card": SCHOLAR, "knelt": True, "attachments": [STEEL_LINK]}],
        },
        {},
        phase="marshalling",
    )
    assert not uses(state, 0, ref(state, 0, STEEL_LINK))


def test_soo_117_soo_118_links_go_on_a_maester_only():
    for link in (STEEL_LINK, BRASS_LINK):
        state = joust(
            {"house": "Martell", "gold": 5, "in_play": [SCHOLAR, KNIGHT], "hand": [link]},
            {},
            phase="marshalling",
        )
        card = hand(state, 0, link)[0]
        hosts = {a.cards[1] for a in marshals(state, 0, card) if a.kind == "marshal:play"}
        assert hosts == {ref(state, 0, SCHOLAR)}


def test_soo_118_brass_link_discards_x_from_any_players_deck():
    state = _linked(BRASS_LINK, STEEL_LINK)
    link, scholar = ref(state, 0, BRASS_LINK), ref(state, 0, SCHOLAR)
    state = use(state, 0, link)
    assert state.in_play[scholar].knelt
    assert head(state)["purpose"] == "choose_player"
    state = choose(state, "1")
    assert len(state.players[1].deck) == 6 and len(state.players[1].discard) == 2
    assert len(state.players[0].deck) == 8
    state.in_play[scholar].knelt = False
    assert not uses(state, 0, link)  # once per phase


# --- soo_119 Schemes of the Scholar -------------------------------------------------------------


def _schemes(them_hand=4):
    return joust(
        {"house": "Martell", "revealed_plot": SCHEMES, "in_play": [ADVISOR, STEWARD]},
        {"house": "Lannister", "in_play": [KNIGHT], "hand": [STEWARD] * them_hand},
    )


def test_soo_119_schemes_learned_attackers_do_not_kneel_in_intrigue_and_claim_is_raised():
    state = _schemes()
    advisor, steward = ref(state, 0, ADVISOR), ref(state, 0, STEWARD)
    state = start(state, "intrigue", [advisor, steward])
    assert not state.in_play[advisor].knelt
    assert state.in_play[steward].knelt  # not Learned
    state, _ = offered_in_challenge(state, 0, advisor)
    assert len(state.players[1].hand) == 4 - 2  # claim 1, raised by 1


def test_soo_119_schemes_learned_attackers_kneel_in_other_challenges():
    state = _schemes()
    advisor = ref(state, 0, ADVISOR)
    state = start(state, "power", [advisor])
    assert state.in_play[advisor].knelt


# --- soo_120 Search and Detain ------------------------------------------------------------------


def _detain(me_first: bool):
    robb = {"card": "Robb Stark", "attachments": ["low_1"]}
    first = {"house": "Stark", "in_play": [KNIGHT, robb]}
    other = {"house": "Lannister", "in_play": [STEWARD]}
    if me_first:  # seat 0 (first player) reveals Search and Detain itself
        return plots_revealed(DETAIN, CALM, first, other)
    return plots_revealed(CALM, DETAIN, first, other)


def test_soo_120_search_and_detain_returns_a_card_of_the_first_player_without_attachments():
    state = _detain(False)
    assert state.first_player == 0
    knight, robb = ref(state, 0, KNIGHT), ref(state, 0, "Robb Stark")
    step = head(state)
    assert step["purpose"] == "return_to_hand" and step["seat"] == 1
    assert knight in step["candidates"]
    assert robb not in step["candidates"]  # has an attachment
    assert ref(state, 1, STEWARD) not in step["candidates"]  # not the first player's
    state = answer(state, "return_to_hand", [knight])
    assert knight not in state.in_play and knight in state.players[0].hand


def test_soo_120_search_and_detain_on_your_own_cards_when_you_are_first_player():
    state = _detain(True)
    step = head(state)
    assert step["seat"] == 0 and ref(state, 0, KNIGHT) in step["candidates"]
