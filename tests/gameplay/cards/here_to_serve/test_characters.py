"""Here to Serve (here_to_serve/characters.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import crests, gold_available, strength
from tests.gameplay.cards.here_to_serve.helpers import offered_in_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    finish_challenge,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

CONTENDER = "soo_103"
ROTTEN = "soo_105"
CLIFFS = "soo_108"
PARASITE = "soo_109"
PHALANX = "soo_111"
CHAMBERS = "soo_112"
STATESMAN = "soo_114"
SCHOLAR = "soo_36"  # Oldtown Scholar: a Maester, no crest
ADVISOR = "soo_69"  # Linked Advisor: a Learned Maester
LEAD_LINK = "soo_59"  # Any Phase: kneel the Maester to give a character -X STR
MARAUDER = "asots_24"  # Ironborn Marauder: a Greyjoy character, no text
CROWN = "qod_39"  # Advisor to the Crown: [+2 Influence]
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window


def _until_use(state, seat, source, limit=40):
    """Pass the windows until ``seat`` may use ``source``."""
    for _ in range(limit):
        if uses(state, seat, source):
            return state
        assert head(state).get("name") == "window", head(state)
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"{source} never offered")


# --- soo_103 Corrupt Contender ------------------------------------------------------------------


def _contender_game():
    return joust(
        {"house": "Lannister", "in_play": [CONTENDER, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [RUMORS]},
    )


def test_soo_103_corrupt_contender_gets_10_str_then_is_discarded_after_the_challenge():
    state = start(_contender_game(), "intrigue", [ref(_contender_game(), 0, STEWARD)])
    contender = ref(state, 0, CONTENDER)
    state = _until_use(state, 0, contender)
    state = use(state, 0, contender)
    assert strength(state, contender) == 12
    assert not uses(state, 0, contender)  # once per challenge
    state = finish_challenge(state)
    assert contender not in state.in_play
    assert contender in state.players[0].discard


def test_soo_103_corrupt_contender_only_during_a_challenge():
    state = pass_windows(_contender_game())
    assert state.phase == "challenges" and state.challenge is None
    assert not uses(state, 0, ref(state, 0, CONTENDER))
    state = joust({"house": "Lannister", "in_play": [CONTENDER]}, {}, phase="marshalling")
    assert not uses(state, 0, ref(state, 0, CONTENDER))


# --- soo_105 Rotten Bastard ---------------------------------------------------------------------


def test_soo_105_rotten_bastard_lowers_every_players_draw_cap_to_2():
    for bastards in ([ROTTEN], [ROTTEN, ROTTEN]):
        state = joust(
            {"house": "Baratheon", "in_play": bastards, "deck": [STEWARD] * 6},
            {"house": "Stark", "deck": [STEWARD] * 6},
        )
        assert moves.effect_draw(state, 0, 3) == 2
        assert moves.effect_draw(state, 1, 3) == 2


def test_soo_105_without_rotten_bastard_the_draw_cap_is_3():
    state = joust({"house": "Baratheon", "deck": [STEWARD] * 6}, {"deck": [STEWARD] * 6})
    assert moves.effect_draw(state, 0, 3) == 3


# --- soo_108 The Iron Cliffs --------------------------------------------------------------------


def test_soo_108_the_iron_cliffs_come_into_play_with_2_gold():
    state = joust({"house": "Greyjoy", "gold": 5, "hand": [CLIFFS]}, {}, phase="marshalling")
    cliffs = hand(state, 0, CLIFFS)[0]
    action = next(a for a in marshals(state, 0, cliffs) if a.kind == "marshal:play")
    state = act(state, 0, action.kind, list(action.cards))
    assert state.in_play[cliffs].gold == 2


def _cliffs_kill(victim, gold=2):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Greyjoy", "in_play": [CLIFFS, victim]},
    )
    state.in_play[ref(state, 1, CLIFFS)].gold = gold  # as placed when they came into play
    return start(state, "military", [ref(state, 0, HOST)])


def test_soo_108_the_iron_cliffs_discard_a_gold_to_save_a_greyjoy_character():
    state = _cliffs_kill(MARAUDER)
    cliffs, marauder = ref(state, 1, CLIFFS), ref(state, 1, MARAUDER)
    state = to_window(state, "would_be_killed", claim=[marauder])
    state = _until_use(state, 1, cliffs)
    state = use(state, 1, cliffs, marauder)
    assert state.in_play[cliffs].gold == 1
    state = finish_challenge(state)
    assert marauder in state.in_play


def test_soo_108_the_iron_cliffs_save_only_a_greyjoy_and_need_gold():
    state = _cliffs_kill(KNIGHT)
    knight = ref(state, 1, KNIGHT)
    state, offered = offered_in_challenge(state, 1, ref(state, 1, CLIFFS), claim=[knight])
    assert not offered and knight not in state.in_play
    state = _cliffs_kill(MARAUDER, gold=0)
    marauder = ref(state, 1, MARAUDER)
    state, offered = offered_in_challenge(state, 1, ref(state, 1, CLIFFS), claim=[marauder])
    assert not offered and marauder not in state.in_play


# --- soo_109 Shadow Parasite --------------------------------------------------------------------


def test_soo_109_shadow_parasite_gets_x_str_after_a_str_reduction():
    state = joust(
        {
            "house": "Targaryen",
            "in_play": [PARASITE, {"card": SCHOLAR, "attachments": [LEAD_LINK]}],
        },
        {"house": "Stark", "in_play": [KNIGHT]},
        phase="marshalling",
    )
    parasite, knight = ref(state, 0, PARASITE), ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, LEAD_LINK), knight)
    assert strength(state, knight) == 1
    state = _until_use(state, 0, parasite)
    state = use(state, 0, parasite)
    assert strength(state, parasite) == 1
    assert not uses(state, 0, parasite)


def test_soo_109_shadow_parasite_has_nothing_without_a_reduction():
    state = joust(
        {
            "house": "Targaryen",
            "in_play": [PARASITE, {"card": SCHOLAR, "attachments": [LEAD_LINK]}],
        },
        {"house": "Stark", "in_play": [KNIGHT]},
        phase="marshalling",
    )
    assert not uses(state, 0, ref(state, 0, PARASITE))
    assert strength(state, ref(state, 0, PARASITE)) == 0


# --- soo_111 Spear Phalanx ----------------------------------------------------------------------


def _phalanx_game(influence=(CROWN, CROWN)):
    state = joust(
        {"house": "Lannister", "in_play": [HOST, STEWARD]},
        {"house": "Martell", "in_play": [PHALANX, KNIGHT, ADVISOR, *influence]},
    )
    return state


def test_soo_111_spear_phalanx_discards_an_attacker_after_losing_as_defender():
    state = _phalanx_game()
    host, phalanx = ref(state, 0, HOST), ref(state, 1, PHALANX)
    state = start(state, "military", [host])
    knight = ref(state, 1, KNIGHT)
    state = to_window(state, "challenge_won", defenders=[knight], claim=[knight])
    state = _until_use(state, 1, phalanx)
    state = use(state, 1, phalanx, host)
    while head(state).get("purpose") == "influence_cost":
        state = answer(state, "influence_cost", head(state)["candidates"][:1])
    assert state.in_play[phalanx].knelt
    assert all(state.in_play[ref(state, 1, CROWN, i)].knelt for i in (0, 1))
    state = finish_challenge(state)
    assert host not in state.in_play and host in state.players[0].discard


def test_soo_111_spear_phalanx_needs_3_influence_and_a_lost_defence():
    state = _phalanx_game(influence=(CROWN,))
    state = start(state, "military", [ref(state, 0, HOST)])
    knight = ref(state, 1, KNIGHT)
    state, offered = offered_in_challenge(state, 1, ref(state, 1, PHALANX), [knight], [knight])
    assert not offered
    state = _phalanx_game()
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    phalanx = ref(state, 1, PHALANX)
    state, offered = offered_in_challenge(state, 1, phalanx, [ref(state, 1, ADVISOR)])
    assert not offered  # the defender won


# --- soo_114 Prolific Statesman -----------------------------------------------------------------


def test_soo_114_prolific_statesman_gains_the_printed_crests_of_your_other_characters():
    state = joust(
        {"house": "Martell", "in_play": [STATESMAN, KNIGHT]},
        {"house": "Stark", "in_play": [ADVISOR]},
    )
    assert crests(state, ref(state, 0, STATESMAN)) == {"war"}


def test_soo_114_prolific_statesman_as_a_learned_character_stands_advisors_chambers():
    state = joust(
        {"house": "Martell", "in_play": [STATESMAN, ADVISOR, {"card": CHAMBERS, "knelt": True}]},
        {},
        phase="marshalling",
    )
    statesman, advisor = ref(state, 0, STATESMAN), ref(state, 0, ADVISOR)
    state.in_play[advisor].knelt = True  # only the Statesman can pay
    state = use(state, 0, ref(state, 0, CHAMBERS))
    assert state.in_play[statesman].knelt


# --- soo_107 Famished Deckhand ------------------------------------------------------------------

DECKHAND = "soo_107"
FACELESS = "soo_113"  # neutral, cost 3


def _deckhand_game(mine, theirs, phase="marshalling"):
    return joust(
        {"house": "Greyjoy", "gold": 5, "in_play": mine, "hand": [FACELESS, STATESMAN]},
        {"house": "Stark", "gold": 5, "in_play": theirs, "hand": [FACELESS]},
        phase=phase,
    )


def _can_marshal(state, seat, code):
    card = hand(state, seat, code)[0]
    return any(a.kind == "marshal:play" for a in marshals(state, seat, card))


def test_soo_107_famished_deckhand_the_player_with_most_characters_counts_3_fewer_gold():
    state = _deckhand_game([DECKHAND, STEWARD, STEWARD], [KNIGHT])
    assert not _can_marshal(state, 0, FACELESS)  # 5 - 3 = 2 gold counted
    assert _can_marshal(state, 0, STATESMAN)
    assert gold_available(state, 1) == 5  # fewer characters: all 5 count
    card = hand(state, 0, STATESMAN)[0]
    state = act(state, 0, "marshal:play", [card])
    assert state.players[0].gold == 3


def test_soo_107_famished_deckhand_counts_for_its_opponent_with_more_characters_too():
    state = _deckhand_game([DECKHAND], [KNIGHT, KNIGHT])
    assert _can_marshal(state, 0, FACELESS)
    assert gold_available(state, 1) == 2


def test_soo_107_famished_deckhand_not_on_a_tie_nor_outside_marshalling():
    state = _deckhand_game([DECKHAND, STEWARD], [KNIGHT, KNIGHT])
    assert _can_marshal(state, 0, FACELESS) and gold_available(state, 1) == 5
    state = _deckhand_game([DECKHAND, STEWARD, STEWARD], [KNIGHT], phase="challenges")
    assert gold_available(state, 0) == state.players[0].gold


# --- soo_104 Slander and Lies -------------------------------------------------------------------

SLANDER = "soo_104"


def _slander_game(gold=1):
    return joust(
        {"house": "Lannister", "gold": gold, "in_play": [STEWARD], "hand": [SLANDER, FACELESS]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "power": 3}]},
        phase="marshalling",
    )


def test_soo_104_slander_and_lies_goes_on_an_opponents_character_only():
    state = _slander_game()
    slander = hand(state, 0, SLANDER)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, slander) if a.kind == "marshal:play"}
    assert hosts == {ref(state, 1, KNIGHT)}


def test_soo_104_slander_and_lies_spends_the_power_on_attached_character_as_gold():
    state = _slander_game()
    knight = ref(state, 1, KNIGHT)
    assert not _can_marshal(state, 0, FACELESS)  # 1 gold, Faceless Man costs 3
    state = act(state, 0, "marshal:play", [hand(state, 0, SLANDER)[0], knight])
    assert state.players[0].gold == 0 and gold_available(state, 0) == 3
    assert gold_available(state, 1) == 0  # the Knight's controller cannot spend it
    state = act(state, 0, "marshal:play", [hand(state, 0, FACELESS)[0]])
    assert state.in_play[knight].power == 0
    assert ref(state, 0, FACELESS) in state.in_play


def test_soo_104_slander_and_lies_pool_gold_is_spent_first():
    state = _slander_game(gold=3)
    knight = ref(state, 1, KNIGHT)
    state = act(state, 0, "marshal:play", [hand(state, 0, SLANDER)[0], knight])
    state = act(state, 0, "marshal:play", [hand(state, 0, FACELESS)[0]])
    assert state.players[0].gold == 0 and state.in_play[knight].power == 2
