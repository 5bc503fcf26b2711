"""Called by the Conclave: the Maesters and the Chains (Maester Lomys soo_45, Archmaester
Ebrose soo_55, The Conclave soo_57, Tin Link soo_58, Lead Link soo_59), played through legal
actions.

Fillers: Lannisport Steward (2 STR, intrigue), Knight of the Tumblestone (2 STR, military and
power), Host of Storm's End (6 STR, military and power), Oldtown Scholar (soo_36, a Maester,
1 STR, intrigue and power), Champion's Favour (atoc_58, an attachment: melee)."""

from __future__ import annotations

from gameplay.engine.abilities import allowed, attached_to, keywords, strength
from tests.gameplay.cards.called_by_the_conclave.helpers import SCHOLAR
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    challenge_without,
    choose,
    hand,
    head,
    joust,
    marshals,
    never_offered,
    pass_windows,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
)

LOMYS, EBROSE, CONCLAVE, TIN, LEAD = "soo_45", "soo_55", "soo_57", "soo_58", "soo_59"
FAVOUR = "atoc_58"


# --- soo_45 Maester Lomys ----------------------------------------------------------------------


def test_soo_45_maester_lomys_trades_power_for_cannot_be_killed():
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [LOMYS, {"card": KNIGHT, "power": 2}, {"card": STEWARD, "power": 1}],
        },
        {},
    )
    state = pass_windows(state)
    lomys, knight, steward = ref(state, 0, LOMYS), ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    state = use(state, 0, lomys)
    assert state.in_play[lomys].knelt
    assert head(state)["purpose"] == "discard_power"
    assert sorted(head(state)["candidates"]) == sorted([knight, steward])
    state = answer(state, "discard_power", [knight])
    assert state.in_play[knight].power == 1 and state.in_play[steward].power == 1
    assert not allowed(state, "can_be_killed", knight)
    assert allowed(state, "can_be_killed", steward)


def test_soo_45_maester_lomys_needs_a_character_of_yours_with_power_and_to_stand():
    state = pass_windows(
        joust({"in_play": [LOMYS, KNIGHT]}, {"in_play": [{"card": KNIGHT, "power": 3}]})
    )
    assert not uses(state, 0, ref(state, 0, LOMYS))
    state = pass_windows(
        joust({"in_play": [{"card": LOMYS, "knelt": True}, {"card": KNIGHT, "power": 1}]}, {})
    )
    assert not uses(state, 0, ref(state, 0, LOMYS))


# --- soo_55 Archmaester Ebrose -----------------------------------------------------------------


def _ebrose_game(attachments=(TIN, LEAD), **me):
    spec = {"in_play": [{"card": EBROSE, "attachments": list(attachments)}, KNIGHT], **me}
    return joust(spec, {"in_play": [STEWARD]})


def test_soo_55_archmaester_ebrose_claims_a_power_for_each_chain_after_winning():
    state = _ebrose_game(attachments=(TIN, LEAD, FAVOUR))
    ebrose = ref(state, 0, EBROSE)
    state = start(state, "power", [ebrose])
    state = to_window(state, "challenge_won")
    before = state.in_play[ebrose].power
    state = use(state, 0, ebrose)
    assert state.in_play[ebrose].power == before + 2  # Champion's Favour is no Chain


def test_soo_55_archmaester_ebrose_only_if_he_participated_and_has_a_chain():
    state = _ebrose_game()
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, ref(state, 0, EBROSE))
    state = _ebrose_game(attachments=(FAVOUR,))
    challenge_without(state, "power", [ref(state, 0, EBROSE)], 0, ref(state, 0, EBROSE))
    # a lost challenge
    state = joust({"in_play": [{"card": EBROSE, "attachments": [TIN]}]}, {"in_play": [HOST]})
    challenge_without(
        state, "power", [ref(state, 0, EBROSE)], 0, ref(state, 0, EBROSE), [ref(state, 1, HOST)]
    )


def test_soo_55_archmaester_ebrose_is_a_limited_response():
    state = _ebrose_game()
    state.players[0].limited_response_used = True  # one used earlier this round
    ebrose = ref(state, 0, EBROSE)
    challenge_without(state, "power", [ebrose], 0, ebrose)


# --- soo_57 The Conclave -----------------------------------------------------------------------


def test_soo_57_the_conclave_costs_1_less_for_each_maester_you_control():
    me = {"in_play": [SCHOLAR, SCHOLAR], "hand": [CONCLAVE], "gold": 3}
    state = joust(me, {"in_play": [SCHOLAR]}, phase="marshalling")
    assert marshals(state, 0, hand(state, 0, CONCLAVE)[0])
    me = {"in_play": [SCHOLAR, KNIGHT], "hand": [CONCLAVE], "gold": 3}
    state = joust(me, {"in_play": [SCHOLAR]}, phase="marshalling")
    assert not marshals(state, 0, hand(state, 0, CONCLAVE)[0])


def test_soo_57_the_conclave_gains_a_keyword_once_declared_as_an_attacker():
    state = joust({"in_play": [CONCLAVE]}, {"in_play": [STEWARD]})
    conclave = ref(state, 0, CONCLAVE)
    state = start(state, "power", [conclave])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, conclave)
    state = choose(state, "renown")
    assert "renown" in keywords(state, conclave)


def test_soo_57_the_conclave_gains_a_keyword_once_declared_as_a_defender():
    state = joust({"in_play": [KNIGHT, STEWARD]}, {"in_play": [CONCLAVE]})
    conclave = ref(state, 1, CONCLAVE)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "defenders_declared", defenders=[conclave])
    state = use(state, 1, conclave)
    state = choose(state, "deadly")
    assert "deadly" in keywords(state, conclave)


def test_soo_57_the_conclave_only_when_it_is_declared():
    state = joust({"in_play": [CONCLAVE, KNIGHT]}, {"in_play": [STEWARD]})
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, ref(state, 0, CONCLAVE))


# --- soo_59 Lead Link --------------------------------------------------------------------------


def test_soo_59_lead_link_kneels_its_bearer_for_minus_x_str():
    state = joust({"in_play": [{"card": SCHOLAR, "attachments": [LEAD, TIN]}]}, {"in_play": [HOST]})
    state = pass_windows(state)
    scholar, host = ref(state, 0, SCHOLAR), ref(state, 1, HOST)
    lead = next(r for r in state.in_play if state.code(r) == LEAD)
    state = use(state, 0, lead, host)
    assert state.in_play[scholar].knelt
    assert strength(state, host) == 6 - 2


def test_soo_59_lead_link_once_per_phase_with_a_standing_bearer_on_a_maester_only():
    state = joust({"in_play": [{"card": SCHOLAR, "attachments": [LEAD]}]}, {"in_play": [HOST]})
    state = pass_windows(state)
    scholar, host = ref(state, 0, SCHOLAR), ref(state, 1, HOST)
    lead = next(r for r in state.in_play if state.code(r) == LEAD)
    state = use(state, 0, lead, host)
    assert strength(state, host) == 5
    state.in_play[scholar].knelt = False
    assert not uses(state, 0, lead)
    state = pass_windows(
        joust(
            {"in_play": [{"card": SCHOLAR, "knelt": True, "attachments": [LEAD]}]},
            {"in_play": [HOST]},
        )
    )
    lead = next(r for r in state.in_play if state.code(r) == LEAD)
    assert not uses(state, 0, lead)
    state = joust(
        {"in_play": [SCHOLAR, KNIGHT], "hand": [LEAD], "gold": 5}, {}, phase="marshalling"
    )
    found = {a.cards[1:] for a in marshals(state, 0, hand(state, 0, LEAD)[0])}
    assert found == {(ref(state, 0, SCHOLAR),)}


# --- soo_58 Tin Link ---------------------------------------------------------------------------


def test_soo_58_tin_link_discards_a_non_chain_attachment_after_its_bearer_kneels():
    state = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [TIN]}]},
        {
            "in_play": [
                {"card": HOST, "attachments": [FAVOUR]},
                {"card": KNIGHT, "attachments": [LEAD]},
            ]
        },
    )
    scholar = ref(state, 0, SCHOLAR)
    tin = next(r for r in state.in_play if state.code(r) == TIN)
    favour = next(r for r in state.in_play if state.code(r) == FAVOUR)
    state = start(state, "power", [scholar])
    state = until_window(state, "knelt")
    assert [a.cards[1:] for a in uses(state, 0, tin)] == [(favour,)]  # not the Chain
    state = use(state, 0, tin, favour)
    assert favour not in state.in_play and favour in state.players[1].discard


def test_soo_58_tin_link_only_after_its_bearer_kneels_once_per_phase():
    state = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [TIN]}, KNIGHT]},
        {"in_play": [{"card": HOST, "attachments": [FAVOUR, FAVOUR]}]},
    )
    tin = next(r for r in state.in_play if state.code(r) == TIN)
    state = challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, tin)
    state = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [TIN]}, {"card": SCHOLAR}]},
        {"in_play": [{"card": HOST, "attachments": [FAVOUR, FAVOUR]}]},
    )
    first, second = ref(state, 0, SCHOLAR), ref(state, 0, SCHOLAR, 1)
    tin = next(r for r in state.in_play if state.code(r) == TIN)
    host = ref(state, 1, HOST)
    assert attached_to(state, tin) == first
    state = start(state, "power", [first])
    state = until_window(state, "knelt")
    favour = uses(state, 0, tin)[0].cards[1]
    state = use(state, 0, tin, favour)
    never_offered(state, 0, tin, [host])
    assert second


# --- soo_52 Dragon Lore ------------------------------------------------------------------------

LORE, DROGON = "soo_52", "kr_117"  # Drogon: a Dragon character, cost 3


def _lore_game(bearer=SCHOLAR, knelt=False):
    me = {
        "house": "Targaryen",
        "in_play": [{"card": bearer, "attachments": [LORE], "knelt": knelt}],
        "hand": [DROGON, KNIGHT],
        "gold": 0,
    }
    return joust(me, {}, phase="marshalling")


def test_soo_52_dragon_lore_reduces_the_next_dragon_character_to_0():
    state = _lore_game()
    drogon = hand(state, 0, DROGON)[0]
    assert not marshals(state, 0, drogon)
    state = use(state, 0, _card(state, LORE))
    assert state.in_play[ref(state, 0, SCHOLAR)].knelt and state.in_play[_card(state, LORE)].knelt
    assert not marshals(state, 0, hand(state, 0, KNIGHT)[0])  # not a Dragon
    assert marshals(state, 0, drogon)


def test_soo_52_dragon_lore_needs_its_bearer_standing_in_marshalling_on_a_maester_only():
    state = _lore_game(knelt=True)
    assert not uses(state, 0, _card(state, LORE))
    state = pass_windows(joust({"in_play": [{"card": SCHOLAR, "attachments": [LORE]}]}, {}))
    assert not uses(state, 0, _card(state, LORE))
    state = joust(
        {"in_play": [SCHOLAR, KNIGHT], "hand": [LORE], "gold": 5}, {}, phase="marshalling"
    )
    found = {a.cards[1:] for a in marshals(state, 0, hand(state, 0, LORE)[0])}
    assert found == {(ref(state, 0, SCHOLAR),)}


def _card(state, code):
    return next(r for r in state.in_play if state.code(r) == code)
