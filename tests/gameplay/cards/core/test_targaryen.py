"""House Targaryen cards of the Core Set (gameplay/engine/cards/core/targaryen.py): each
card's effect in a position, played the way a player would, and a case where it must not be
allowed or must not apply."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gameplay.engine import prompts
from gameplay.engine.abilities import icons, keywords, strength, value
from gameplay.engine.actions import Action
from gameplay.engine.challenges import claim_value
from gameplay.engine.rules import gold_cost
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import (
    IllegalAction,
    act,
    answer,
    build,
    challenge,
    code,
    describe,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    resolved,
    turn,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

KNIGHT = "Knight of the Tumblestone"  # 2 STR, Military and Power, no text
BEN = "Brown Ben Plumm"  # 2 STR, Military, no text
BASTARD = "Bastard of Robert"  # 1 STR, Power, Stealth, No attachments
HOST = "Host of Storm's End"  # 6 STR, Military and Power, No attachments
TARGARYEN = {"house": "Targaryen"}


# --- helpers -------------------------------------------------------------------------


def attack(state: GameState, ctype: str, attackers: list[str], defenders=()) -> GameState:
    """Seat 0 initiates a challenge against seat 1, declares ``attackers`` (no Stealth
    choice) and seat 1 ``defenders``; stops at the first decision after the defenders are
    declared (nothing after them is passed)."""
    start = len(state.log)
    state = act(state, 0, f"challenge:{ctype}", choice="1")
    for _ in range(20):
        if any(e["event"] == "defenders" for e in state.log[start:]):
            return state
        step = head(state)
        if step["name"] == "window":
            state = act(state, waiting_seats(state)[0], "pass")
        elif step["purpose"] in ("attackers", "defenders"):
            state = select(state, attackers if step["purpose"] == "attackers" else defenders)
        else:
            state = act(state, step["seat"], "done")  # no Stealth choice
    raise AssertionError("the defenders were not declared")


def select(state: GameState, refs) -> GameState:
    """Select ``refs`` in the head prompt, then ``done`` unless it finished by itself."""
    prompt = head(state)
    for card in refs:
        state = act(state, prompt["seat"], "select", [card])
    now = head(state)
    if now.get("purpose") == prompt["purpose"] and now.get("selected") == list(refs):
        state = act(state, prompt["seat"], "done")
    return state


def advance(state: GameState, until: Callable[[GameState], bool], limit: int = 60) -> GameState:
    """Pass windows, turns and finish prompts with ``done`` until ``until(state)``."""
    for _ in range(limit):
        if until(state):
            return state
        seat, step = waiting_seats(state)[0], head(state)
        if step["name"] == "prompt" and "options" not in step:
            assert prompts.can_finish(step), f"stuck at prompt {step['purpose']}"
            state = act(state, seat, "done")
        else:
            state = act(state, seat, "pass")
    raise AssertionError("advance did not get there")


def traits(state: GameState, ref_: str) -> set[str]:
    return value(state, "traits", ref_, set())


def choose(state: GameState, seat: int, option: str) -> GameState:
    return apply(state, Action(seat, "choose", choice=option))


# --- core_100 Blood of the Dragon / core_123 Qartheen Fanatic -------------------------


def test_blood_of_the_dragon_gives_six_str_and_the_dragon_trait_while_participating():
    xaro_with_blood = {"card": "Xaro Xoan Daxos", "attachments": ["core_100"]}
    state = joust({**TARGARYEN, "in_play": [xaro_with_blood, "core_123"]}, {"in_play": [BEN]})
    xaro, fanatic = ref(state, 0, "Xaro Xoan Daxos"), ref(state, 0, "core_123")
    assert strength(state, xaro) == 3 and "Dragon" not in traits(state, xaro)
    assert strength(state, fanatic) == 2 and "military" not in icons(state, fanatic)
    state = attack(state, "intrigue", [xaro, fanatic])
    # Xaro 3 + 6; he is a Dragon while attacking, so Qartheen Fanatic gets +1: 2 + 1.
    assert resolved(state)["strength"] == [12, 0]
    state = pass_windows(state)
    assert state.challenge is None and strength(state, xaro) == 3
    assert "Dragon" not in traits(state, xaro) and strength(state, fanatic) == 2


def test_qartheen_fanatic_grows_with_any_dragon_in_play():
    state = joust({**TARGARYEN, "in_play": ["Qartheen Fanatic"]}, {"in_play": ["Rhaegal"]})
    fanatic = ref(state, 0, "Qartheen Fanatic")
    assert strength(state, fanatic) == 3 and icons(state, fanatic) == {"intrigue", "military"}
    state = joust({**TARGARYEN, "in_play": ["Qartheen Fanatic"]}, {"in_play": [BEN]})
    fanatic = ref(state, 0, "Qartheen Fanatic")
    assert strength(state, fanatic) == 2 and icons(state, fanatic) == {"intrigue"}


# --- core_101 Poisoned Wine -------------------------------------------------------------


def test_poisoned_wine_moves_to_another_eligible_character_for_one_influence():
    state = joust(
        {
            **TARGARYEN,
            "in_play": [{"card": KNIGHT, "attachments": ["core_101"]}, "Eastern Fiefdoms"],
        },
        {"in_play": [BEN, BASTARD]},
    )
    knight, wine = ref(state, 0, KNIGHT), ref(state, 0, "Poisoned Wine")
    ben, bastard = ref(state, 1, BEN), ref(state, 1, BASTARD)
    assert strength(state, knight) == 0 and strength(state, ben) == 2
    # Not the character it is on, not one with No attachments.
    assert {a.cards[1] for a in uses(state, 0, wine)} == {ben}
    (action,) = uses(state, 0, wine)
    assert describe(state, action).startswith("Poisoned Wine: Any Phase: Kneel 1 influence")
    state = use(state, 0, wine, ben)
    assert state.in_play[wine].attached_to == ben and state.in_play[wine].controller == 0
    assert strength(state, knight) == 2 and strength(state, ben) == 0
    assert state.in_play[ref(state, 0, "Eastern Fiefdoms")].knelt
    assert not uses(state, 0, wine)  # no standing influence left
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [wine, knight])
    assert strength(state, bastard) == 1


# --- core_102 Aegon's Blade -------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "str_", "stealth", "renown"),
    [
        ("Xaro Xoan Daxos", 5, True, True),  # Military, Intrigue, Power: 3 + 2
        ("Quaithe of the Shadow", 4, False, True),  # Military, Power: 2 + 2
        ("Dany's Handmaiden", 2, True, False),  # Intrigue only
    ],
)
def test_aegons_blade_follows_the_icons_of_the_attached_character(host, str_, stealth, renown):
    state = joust({**TARGARYEN, "in_play": [{"card": host, "attachments": ["core_102"]}]}, {})
    character = ref(state, 0, host)
    assert strength(state, character) == str_
    assert ("stealth" in keywords(state, character)) is stealth
    assert ("renown" in keywords(state, character)) is renown


# --- core_103 Flame-Kissed --------------------------------------------------------------


def test_flame_kissed_alone_gives_minus_two_and_kills_at_zero():
    state = joust(
        {
            **TARGARYEN,
            "in_play": [
                {"card": "Xaro Xoan Daxos", "attachments": ["core_103"]},
                {"card": "Quaithe of the Shadow", "attachments": ["core_103", "Aegon's Blade"]},
            ],
        },
        {"in_play": [BEN]},
    )
    xaro, quaithe = ref(state, 0, "Xaro Xoan Daxos"), ref(state, 0, "Quaithe of the Shadow")
    assert strength(state, xaro) == 1  # 3 - 2, alive
    assert strength(state, quaithe) == 4  # another attachment: no -2 (2 + Blade's 2)


def test_flame_kissed_by_ambush_kills_a_two_str_character():
    state = joust(
        {**TARGARYEN, "in_play": ["Eastern Fiefdoms", "Summer Sea"], "hand": ["Flame-Kissed"]},
        {"in_play": [BEN, {"card": HOST, "knelt": True}]},
    )
    flame, ben = hand(state, 0, "Flame-Kissed")[0], ref(state, 1, BEN)
    state = apply(state, Action(0, "use", (flame, ben), "ambush"))
    assert ben in state.players[1].dead and flame in state.players[0].discard
    assert [e["cards"] for e in events(state, "zero_strength")] == [[ben]]


# --- core_104 Bones of a Child ----------------------------------------------------------


def test_bones_of_a_child_lowers_the_attackers_claim_for_the_challenge():
    state = joust(
        {"in_play": [KNIGHT]},
        {**TARGARYEN, "in_play": [{"card": BEN, "attachments": ["core_104"]}]},
    )
    ben, bones = ref(state, 1, BEN), ref(state, 1, "core_104")
    assert not uses(state, 1, bones)  # no challenge yet
    state = act(state, 0, "challenge:military", choice="1")  # the Knight attacks, forced
    state = until_window(state)
    plot = state.players[0].revealed_plot
    assert [a.cards[1:] for a in uses(state, 1, bones)] == [(plot,)]  # the opponent's plot
    state = use(state, 1, bones, plot)
    assert bones in state.players[1].discard and claim_value(state, 0) == 0
    state = answer(state, "defenders", [])
    state = pass_windows(state)
    assert ben in state.players[1].in_play  # claim 0: nothing to kill
    assert state.challenge is None and claim_value(state, 0) == 1


def test_bones_of_a_child_only_in_the_challenges_phase():
    state = build(
        players=[{**TARGARYEN, "in_play": [{"card": BEN, "attachments": ["core_104"]}]}, {}]
    )
    assert not uses(state, 0, ref(state, 0, "core_104"))


# --- core_105 Captain Groleo ------------------------------------------------------------


def test_captain_groleo_claims_power_once_a_phase_when_an_opponent_plays_an_attachment():
    state = build(
        players=[
            {
                **TARGARYEN,
                "in_play": [KNIGHT],
                "hand": ["Aegon's Blade", "Bones of a Child"],
                "gold": 2,
            },
            {**TARGARYEN, "in_play": ["core_105"]},
        ]
    )
    knight, groleo = ref(state, 0, KNIGHT), ref(state, 1, "core_105")
    blade, bones = hand(state, 0, "Aegon's Blade")[0], hand(state, 0, "Bones of a Child")[0]
    state = act(state, 0, "marshal:play", [blade, knight])
    assert waiting_seats(state) == [1]
    (action,) = uses(state, 1, groleo)
    assert describe(state, action).startswith("Captain Groleo: Response: After an opponent")
    state = use(state, 1, groleo)
    assert state.players[1].power == 1
    state = act(state, 0, "marshal:play", [bones, knight])
    assert waiting_seats(state) == [0]  # limit 1 per phase: nothing offered to seat 1
    assert state.players[1].power == 1


def test_captain_groleo_ignores_his_own_attachments():
    state = build(
        players=[
            {**TARGARYEN, "in_play": ["core_105", KNIGHT], "hand": ["Aegon's Blade"], "gold": 5},
            {},
        ]
    )
    blade, knight = hand(state, 0, "Aegon's Blade")[0], ref(state, 0, KNIGHT)
    state = act(state, 0, "marshal:play", [blade, knight])
    assert turn(state)[0] == "marshal" and state.players[0].power == 0


# --- core_106 Daenerys Targaryen --------------------------------------------------------


def test_daenerys_attacking_alone_takes_the_losers_gold():
    state = joust({**TARGARYEN, "in_play": ["core_106", BEN], "gold": 1}, {"gold": 3})
    state = challenge(state, "power", [ref(state, 0, "core_106")])
    assert state.players[0].gold == 4 and state.players[1].gold == 0
    assert [(e["seat"], e["to"], e["gold"]) for e in events(state, "gold_given")] == [(1, 0, 3)]


def test_daenerys_with_another_attacker_takes_nothing():
    state = joust({**TARGARYEN, "in_play": ["core_106", KNIGHT, BEN]}, {"gold": 3})
    state = challenge(state, "power", [ref(state, 0, "core_106"), ref(state, 0, KNIGHT)])
    assert state.players[1].gold == 3 and state.players[0].gold == 0


# --- core_107 Khal Drogo ----------------------------------------------------------------


def test_khal_drogo_comes_from_hand_after_a_win_and_returns_at_the_end_of_the_phase():
    state = joust({**TARGARYEN, "in_play": [KNIGHT], "hand": ["core_107"]}, {"hand": ["core_107"]})
    drogo, theirs = hand(state, 0, "core_107")[0], hand(state, 1, "core_107")[0]
    state = attack(state, "power", [ref(state, 0, KNIGHT)])
    state = until_window(state, "challenge_won")
    assert waiting_seats(state) == [0] and not uses(state, 1, theirs)  # seat 1 lost
    state = use(state, 0, drogo)
    assert drogo in state.players[0].in_play and not state.in_play[drogo].knelt
    state = advance(state, lambda s: s.phase != "challenges")
    assert drogo in state.players[0].hand and drogo not in state.in_play
    # He left play as the challenges phase ended, before the dominance phase began.
    left = next(i for i, e in enumerate(state.log) if e["event"] == "left_play")
    assert state.log[left]["card"] == drogo and state.log[left]["to"] == "hand"
    phases = [e["phase"] for e in state.log[left:] if e["event"] == "phase"]
    assert phases[0] == "dominance"


def test_khal_drogo_is_not_offered_after_a_lost_challenge():
    state = joust({**TARGARYEN, "in_play": [BEN], "hand": ["core_107"]}, {"in_play": [HOST]})
    drogo = hand(state, 0, "core_107")[0]
    state = attack(state, "military", [ref(state, 0, BEN)], [ref(state, 1, HOST)])
    state = advance(state, lambda s: s.challenge is None)
    assert drogo in state.players[0].hand
    assert not [e for e in events(state, "ability") if e["card"] == drogo]


# --- core_108 Viserys Targaryen ---------------------------------------------------------


def test_viserys_saves_himself_from_a_kill_and_returns_to_hand():
    state = joust({"in_play": [KNIGHT]}, {**TARGARYEN, "in_play": ["core_108"]})
    viserys = ref(state, 1, "core_108")
    state = attack(state, "military", [ref(state, 0, KNIGHT)])
    state = until_window(state, "would_be_killed")  # claim: Viserys, the only character
    state = use(state, 1, viserys)
    assert viserys in state.players[1].hand and viserys not in state.players[1].dead
    assert [e["card"] for e in events(state, "saved")] == [viserys]


def test_viserys_does_not_save_another_character():
    state = joust({"in_play": [KNIGHT]}, {**TARGARYEN, "in_play": ["core_108", BEN]})
    viserys, ben = ref(state, 1, "core_108"), ref(state, 1, BEN)
    state = attack(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    state = answer(state, "claim_kill", [ben])
    state = pass_windows(state)
    assert ben in state.players[1].dead and viserys in state.players[1].in_play
    assert not events(state, "saved")


# --- core_109 / core_110 Rhaegal --------------------------------------------------------


@pytest.mark.parametrize("rhaegal", ["core_109", "core_110"])
def test_rhaegal_searches_for_a_duplicate_and_attaches_it(rhaegal):
    state = joust(
        {**TARGARYEN, "in_play": [rhaegal], "deck": ["core_110", KNIGHT, BEN], "gold": 1}, {}
    )
    source = ref(state, 0, rhaegal)
    (action,) = uses(state, 0, source)
    assert describe(state, action).startswith("Rhaegal: Any Phase: Pay 1 gold to search")
    state = use(state, 0, source)
    prompt = head(state)
    assert prompt["purpose"] == "search" and len(prompt["candidates"]) == 1
    (found,) = prompt["candidates"]
    assert state.code(found) == "core_110"
    state = answer(state, "search", [found])
    assert state.in_play[source].duplicates == [found]
    assert len(state.players[0].deck) == 2 and state.players[0].gold == 0
    assert not uses(state, 0, source)  # no gold left


# --- core_111 Drogon --------------------------------------------------------------------


def test_drogon_kills_a_character_brought_to_zero_str():
    state = joust({**TARGARYEN, "in_play": ["core_111"], "gold": 4}, {"in_play": [BASTARD]})
    drogon, bastard = ref(state, 0, "core_111"), ref(state, 1, BASTARD)
    state = use(state, 0, drogon, bastard)
    assert bastard in state.players[1].dead and state.players[0].gold == 2


def test_drogon_once_per_phase_and_str_lasts_until_the_end_of_the_phase():
    state = joust({**TARGARYEN, "in_play": ["core_111"], "gold": 4}, {"in_play": [KNIGHT]})
    drogon, knight = ref(state, 0, "core_111"), ref(state, 1, KNIGHT)
    state = use(state, 0, drogon, knight)
    assert strength(state, knight) == 1 and knight in state.players[1].in_play
    assert state.players[0].gold == 2 and not uses(state, 0, drogon)  # limit once per phase
    state = advance(state, lambda s: s.phase == "dominance")
    assert strength(state, knight) == 2


# --- core_112 Viserion ------------------------------------------------------------------


def test_viserion_kills_a_kneeling_character_in_dominance():
    state = build(
        phase="dominance",
        players=[
            {**TARGARYEN, "in_play": ["core_112"], "gold": 4},
            {"in_play": [{"card": KNIGHT, "knelt": True}, BEN]},
        ],
    )
    viserion, knight = ref(state, 0, "core_112"), ref(state, 1, KNIGHT)
    assert [a.cards[1] for a in uses(state, 0, viserion)] == [knight]  # not the standing Ben
    state = use(state, 0, viserion, knight)
    assert knight in state.players[1].dead and state.players[0].gold == 0


def test_viserion_not_in_the_challenges_phase_nor_without_four_gold():
    state = joust(
        {**TARGARYEN, "in_play": ["core_112"], "gold": 4},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    assert not uses(state, 0, ref(state, 0, "core_112"))
    state = build(
        phase="dominance",
        players=[
            {**TARGARYEN, "in_play": ["core_112"], "gold": 3},
            {"in_play": [{"card": KNIGHT, "knelt": True}]},
        ],
    )
    assert not uses(state, 0, ref(state, 0, "core_112"))


# --- core_113 Strong Belwas -------------------------------------------------------------


def test_strong_belwas_pays_two_gold_to_save_a_noble_character():
    state = joust(
        {"in_play": [KNIGHT]},
        {**TARGARYEN, "in_play": ["core_113", "Daenerys Targaryen"], "gold": 2},
    )
    belwas, dany = ref(state, 1, "core_113"), ref(state, 1, "Daenerys Targaryen")
    state = attack(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    state = answer(state, "claim_kill", [dany])
    state = until_window(state, "would_be_killed")
    assert [a.cards[1:] for a in uses(state, 1, belwas)] == [(dany,)]
    state = use(state, 1, belwas, dany)
    state = pass_windows(state)
    assert dany in state.players[1].in_play and state.players[1].gold == 0


def test_strong_belwas_does_not_save_a_character_without_the_noble_crest():
    state = joust({"in_play": [KNIGHT]}, {**TARGARYEN, "in_play": ["core_113", BEN], "gold": 2})
    ben = ref(state, 1, BEN)
    state = attack(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    state = answer(state, "claim_kill", [ben])
    state = pass_windows(state)
    assert ben in state.players[1].dead and state.players[1].gold == 2


# --- core_114 Daario Naharis ------------------------------------------------------------


def test_daario_discards_a_gold_from_any_pool_at_the_start_of_dominance():
    state = build(
        phase="dominance",
        players=[{**TARGARYEN, "in_play": ["core_114"]}, {"gold": 3}],
    )
    prompt = head(state)
    assert prompt["purpose"] == "daario_naharis" and prompt["options"] == ["1", "discard_daario"]
    state = choose(state, 0, "1")
    assert [(e["seat"], e["gold"]) for e in events(state, "gold_paid")] == [(1, 1)]
    assert events(state, "dominance")[0]["totals"] == [3, 2]  # seat 1: 3 gold - 1
    assert ref(state, 0, "core_114")  # Daario stays


def test_daario_is_discarded_when_chosen_or_when_nobody_has_gold():
    state = build(phase="dominance", players=[{**TARGARYEN, "in_play": ["core_114"]}, {}])
    (daario,) = state.players[0].discard  # no gold anywhere: the only option
    assert state.code(daario) == "core_114"
    state = build(
        phase="dominance", players=[{**TARGARYEN, "in_play": ["core_114"], "gold": 1}, {}]
    )
    state = choose(state, 0, "discard_daario")
    assert [state.code(r) for r in state.players[0].discard] == ["core_114"]
    assert events(state, "dominance")[0]["totals"] == [1, 0]  # the gold stayed


# --- core_115 Quaithe of the Shadow -----------------------------------------------------


def test_quaithe_with_an_attachment_cannot_be_chosen_by_an_opponents_character():
    quaithe_dressed = {"card": "core_115", "attachments": ["Aegon's Blade"]}
    state = joust(
        {**TARGARYEN, "in_play": ["Drogon"], "gold": 4},
        {"in_play": [quaithe_dressed, KNIGHT]},
    )
    drogon, knight = ref(state, 0, "Drogon"), ref(state, 1, KNIGHT)
    assert {a.cards[1] for a in uses(state, 0, drogon)} == {drogon, knight}
    state = joust(
        {**TARGARYEN, "in_play": ["Drogon"], "gold": 4}, {"in_play": ["core_115", KNIGHT]}
    )
    quaithe = ref(state, 1, "core_115")
    assert quaithe in {a.cards[1] for a in uses(state, 0, ref(state, 0, "Drogon"))}


def test_quaithe_can_be_chosen_by_her_own_controller():
    quaithe_dressed = {"card": "core_115", "attachments": ["Aegon's Blade"]}
    state = joust({**TARGARYEN, "in_play": ["Drogon", quaithe_dressed], "gold": 4}, {})
    quaithe = ref(state, 0, "core_115")
    assert quaithe in {a.cards[1] for a in uses(state, 0, ref(state, 0, "Drogon"))}


# --- core_116 Xaro Xoan Daxos -----------------------------------------------------------


def test_xaro_xoan_daxos_returns_a_character_after_he_is_played():
    state = build(players=[{**TARGARYEN, "in_play": [KNIGHT], "hand": ["core_116"], "gold": 3}, {}])
    xaro, knight = hand(state, 0, "core_116")[0], ref(state, 0, KNIGHT)
    state = act(state, 0, "marshal:play", [xaro])
    prompt = head(state)
    assert prompt["purpose"] == "return_to_hand" and set(prompt["candidates"]) == {xaro, knight}
    state = answer(state, "return_to_hand", [knight])
    assert knight in state.players[0].hand and xaro in state.players[0].in_play


def test_xaro_xoan_daxos_return_may_be_saved_by_a_duplicate():
    drogo = {"card": "Khal Drogo", "duplicates": ["Khal Drogo"]}
    state = build(players=[{**TARGARYEN, "in_play": [drogo], "hand": ["core_116"], "gold": 3}, {}])
    xaro, khal = hand(state, 0, "core_116")[0], ref(state, 0, "Khal Drogo")
    (duplicate,) = state.in_play[khal].duplicates
    state = act(state, 0, "marshal:play", [xaro])
    state = answer(state, "return_to_hand", [khal])
    assert head(state)["purpose"] == "save" and head(state)["candidates"] == [khal]
    state = answer(state, "save", [khal])
    assert khal in state.players[0].in_play and duplicate in state.players[0].discard
    # Declined, the duplicate leaves play with him.
    state = build(players=[{**TARGARYEN, "in_play": [drogo], "hand": ["core_116"], "gold": 3}, {}])
    xaro, khal = hand(state, 0, "core_116")[0], ref(state, 0, "Khal Drogo")
    state = answer(act(state, 0, "marshal:play", [xaro]), "return_to_hand", [khal])
    state = act(state, 0, "done")
    assert khal in state.players[0].hand and len(state.players[0].discard) == 1


def test_xaro_xoan_daxos_does_nothing_when_another_card_is_played():
    state = build(players=[{**TARGARYEN, "in_play": ["core_116"], "hand": [KNIGHT], "gold": 4}, {}])
    knight = hand(state, 0, KNIGHT)[0]
    state = act(state, 0, "marshal:play", [knight])
    assert turn(state)[0] == "marshal" and knight in state.players[0].in_play


# --- core_117 Jhogo ---------------------------------------------------------------------


def test_jhogo_gets_two_str_with_a_weapon_only():
    armed = {"card": "core_117", "attachments": ["Aegon's Blade"]}
    state = joust({**TARGARYEN, "in_play": [armed]}, {})
    assert strength(state, ref(state, 0, "core_117")) == 3 + 2 + 2  # Blade's own +2 too
    conditioned = {"card": "core_117", "attachments": ["Blood of the Dragon"]}
    state = joust({**TARGARYEN, "in_play": [conditioned]}, {})
    assert strength(state, ref(state, 0, "core_117")) == 3  # a Condition, not a Weapon


# --- core_120 The Titan's Bastard -------------------------------------------------------


def test_titans_bastard_enters_from_hand_or_leaves_play_after_a_dead_pile_card():
    state = joust(
        {**TARGARYEN, "in_play": [KNIGHT, "core_120"]},
        {**TARGARYEN, "in_play": [BEN], "hand": ["core_120"]},
    )
    mine, theirs = ref(state, 0, "core_120"), hand(state, 1, "core_120")[0]
    ben = ref(state, 1, BEN)
    state = attack(state, "military", [ref(state, 0, KNIGHT)])
    state = until_window(state, "dead_pile")  # claim: Ben goes to seat 1's dead pile
    assert ben in state.players[1].dead and waiting_seats(state) == [1]
    (action,) = uses(state, 1, theirs)
    assert describe(state, action).startswith("The Titan's Bastard: Response: After a card is")
    state = use(state, 1, theirs)
    assert theirs in state.players[1].in_play
    assert not uses(state, 1, theirs)  # in play, but Ben is in its own dead pile
    state = until_window(state, "dead_pile")
    state = use(state, 0, mine)  # an opponent's dead pile: back to hand
    assert mine in state.players[0].hand
    assert not uses(state, 0, mine)  # its own dead pile got nothing


# --- core_121 Dany's Handmaiden ---------------------------------------------------------


def test_danys_handmaiden_killed_discards_an_attachment_from_play():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["Aegon's Blade"]}]},
        {**TARGARYEN, "in_play": ["core_121"]},
    )
    knight, blade = ref(state, 0, KNIGHT), ref(state, 0, "Aegon's Blade")
    handmaiden = ref(state, 1, "core_121")
    state = attack(state, "military", [knight])
    state = until_window(state, "killed")  # claim: the Handmaiden, the only character
    assert handmaiden in state.players[1].dead
    state = use(state, 1, handmaiden, blade)
    state = pass_windows(state)
    assert blade in state.players[0].discard


def test_danys_handmaiden_answers_daenerys_but_no_one_else():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["Aegon's Blade"]}]},
        {**TARGARYEN, "in_play": ["core_121", "Daenerys Targaryen", BEN]},
    )
    knight, blade = ref(state, 0, KNIGHT), ref(state, 0, "Aegon's Blade")
    handmaiden, ben = ref(state, 1, "core_121"), ref(state, 1, BEN)
    state = attack(state, "military", [knight])
    state = pass_windows(state)
    state = answer(state, "claim_kill", [ben])
    state = pass_windows(state)
    assert blade in state.players[0].in_play  # Ben is neither: nothing offered
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["Aegon's Blade"]}]},
        {**TARGARYEN, "in_play": ["core_121", "Daenerys Targaryen"]},
    )
    blade, handmaiden = ref(state, 0, "Aegon's Blade"), ref(state, 1, "core_121")
    state = attack(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    state = answer(state, "claim_kill", [ref(state, 1, "Daenerys Targaryen")])
    state = until_window(state, "killed")
    state = use(state, 1, handmaiden, blade)
    assert blade not in state.in_play


# --- core_124 Pentoshi Guildmaster ------------------------------------------------------


def test_pentoshi_guildmaster_returns_after_a_win_by_four_and_may_be_bought_into_play():
    state = joust({**TARGARYEN, "in_play": [HOST], "discard": ["core_124"], "gold": 3}, {})
    guildmaster = state.players[0].discard[0]
    state = attack(state, "power", [ref(state, 0, HOST)])  # 6 STR unopposed: by 6
    state = until_window(state, "challenge_won")
    state = use(state, 0, guildmaster)
    assert head(state)["options"] == ["put_into_play", "keep_in_hand"]
    state = choose(state, 0, "put_into_play")
    assert guildmaster in state.players[0].in_play and state.players[0].gold == 0


def test_pentoshi_guildmaster_not_after_a_win_by_less_than_four():
    state = joust({**TARGARYEN, "in_play": [KNIGHT], "discard": ["core_124"], "gold": 3}, {})
    guildmaster = state.players[0].discard[0]
    state = attack(state, "power", [ref(state, 0, KNIGHT)])  # by 2
    state = advance(state, lambda s: s.challenge is None)
    assert guildmaster in state.players[0].discard


def test_pentoshi_guildmaster_stays_in_hand_without_three_gold():
    state = joust({**TARGARYEN, "in_play": [HOST, BEN], "discard": ["core_124"], "gold": 2}, {})
    guildmaster = state.players[0].discard[0]
    state = attack(state, "power", [ref(state, 0, HOST)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, guildmaster)
    assert guildmaster in state.players[0].hand and state.players[0].gold == 2


# --- cost reductions: core_125 Illyrio's Man, core_127-129 Eastern Fiefdoms,
# core_133 Great Pyramid, core_134 Summer Sea -------------------------------------------

REDUCERS = [
    # (card, lowers Drogon (4), lowers Aegon's Blade (1), where it goes when used)
    ("core_125", 1, 0, "knelt"),
    ("core_127", 1, 1, "knelt"),
    ("core_128", 1, 1, "knelt"),
    ("core_129", 1, 1, "knelt"),
    ("core_133", 2, 0, "knelt"),
    ("core_134", 2, 0, "discard"),
]


@pytest.mark.parametrize(("card", "character", "attachment", "after"), REDUCERS)
def test_targaryen_cost_reducers_lower_the_next_card(card, character, attachment, after):
    state = build(
        players=[
            {
                **TARGARYEN,
                "in_play": [card],
                "hand": ["Drogon", "Aegon's Blade", KNIGHT, "Viserion"],
                "gold": 10,
            },
            {},
        ]
    )
    drogon, blade = hand(state, 0, "Drogon")[0], hand(state, 0, "Aegon's Blade")[0]
    knight, viserion = hand(state, 0, KNIGHT)[0], hand(state, 0, "Viserion")[0]
    source = ref(state, 0, card)
    state = use(state, 0, source)
    if after == "knelt":
        assert state.in_play[source].knelt
    else:
        assert source in state.players[0].discard
    assert gold_cost(state, 0, drogon) == 4 - character
    assert gold_cost(state, 0, blade) == 1 - attachment
    assert gold_cost(state, 0, knight) == 2 + 2  # not a House Targaryen card
    state = act(state, 0, "marshal:play", [drogon])
    assert state.players[0].gold == 10 - (4 - character)
    assert gold_cost(state, 0, viserion) == 4  # "the next" card only: used up


@pytest.mark.parametrize("card", ["core_125", "core_127", "core_133", "core_134"])
def test_targaryen_cost_reducers_only_in_marshalling(card):
    state = joust({**TARGARYEN, "in_play": [card]}, {})
    assert not uses(state, 0, ref(state, 0, card))


# --- core_126 Xaro's Home ---------------------------------------------------------------


def test_xaros_home_draws_a_card_after_you_play_an_attachment():
    state = build(
        players=[
            {
                **TARGARYEN,
                "in_play": ["core_126", "Eastern Fiefdoms", KNIGHT],
                "hand": ["Aegon's Blade", BEN],
                "deck": [KNIGHT, KNIGHT],
                "gold": 5,
            },
            {},
        ]
    )
    home, knight = ref(state, 0, "core_126"), ref(state, 0, KNIGHT)
    blade, ben = hand(state, 0, "Aegon's Blade")[0], hand(state, 0, BEN)[0]
    state = act(state, 0, "marshal:play", [ben])
    assert not uses(state, 0, home) and turn(state)[0] == "marshal"  # a character
    state = act(state, 0, "marshal:play", [blade, knight])
    state = use(state, 0, home)
    assert len(state.players[0].hand) == 1 and len(state.players[0].deck) == 1
    assert state.in_play[ref(state, 0, "Eastern Fiefdoms")].knelt


# --- core_174 Forever Burning -----------------------------------------------------------


def test_forever_burning_lowers_str_for_the_phase_then_goes_to_the_dead_pile():
    state = joust({**TARGARYEN, "in_play": [BEN], "hand": ["core_174"]}, {"in_play": [KNIGHT]})
    burning, knight = hand(state, 0, "core_174")[0], ref(state, 1, KNIGHT)
    state = use(state, 0, burning, knight)
    assert strength(state, knight) == 1
    assert burning in state.players[0].dead and burning not in state.players[0].discard
    assert not uses(state, 0, burning)  # returning it is a Dominance ability
    state = advance(state, lambda s: s.phase != "challenges")
    assert strength(state, knight) == 2


def test_forever_burning_returns_from_the_dead_pile_in_dominance_for_gold_or_influence():
    state = build(
        phase="dominance",
        players=[
            {**TARGARYEN, "in_play": ["Eastern Fiefdoms", BEN], "dead": ["core_174"], "gold": 2},
            {},
        ],
    )
    burning = state.players[0].dead[0]
    found = uses(state, 0, burning)
    assert [a.choice for a in found] == ["1", "2"]  # kneel 1 influence, or pay 2 gold
    assert describe(state, found[0]).startswith("Forever Burning: Dominance: Kneel 1 influence")
    state = apply(state, found[0])
    assert burning in state.players[0].hand and state.players[0].gold == 2
    assert state.in_play[ref(state, 0, "Eastern Fiefdoms")].knelt


def test_forever_burning_return_needs_its_cost():
    # Calm Over Westeros asks gold for playing an event, not for returning one.
    state = build(
        phase="dominance",
        players=[
            {**TARGARYEN, "in_play": [BEN], "dead": ["core_174"], "gold": 2},
            {"revealed_plot": "Calm Over Westeros"},
        ],
    )
    burning = state.players[0].dead[0]
    (action,) = uses(state, 0, burning)  # no influence: only the 2 gold
    state = apply(state, action)
    assert burning in state.players[0].hand and state.players[0].gold == 0
    assert not events(state, "gold_given")
    state = build(
        phase="dominance",
        players=[{**TARGARYEN, "in_play": [BEN], "dead": ["core_174"], "gold": 1}, {}],
    )
    assert not uses(state, 0, state.players[0].dead[0])


# --- core_180 Lady Daenerys's Chambers --------------------------------------------------


def test_lady_daeneryss_chambers_returns_an_attachment_no_costlier_than_the_character():
    state = build(
        players=[
            {
                **TARGARYEN,
                "in_play": ["core_180"],
                "hand": ["Viserys Targaryen", KNIGHT],
                "discard": ["Aegon's Blade", "Blood of the Dragon", "Poisoned Wine"],
                "gold": 10,
            },
            {},
        ]
    )
    chambers = ref(state, 0, "core_180")
    blade = next(r for r in state.players[0].discard if state.code(r) == code("Aegon's Blade"))
    knight, viserys = hand(state, 0, KNIGHT)[0], hand(state, 0, "Viserys Targaryen")[0]
    state = act(state, 0, "marshal:play", [knight])
    assert turn(state)[0] == "marshal"  # not a House Targaryen character
    state = act(state, 0, "marshal:play", [viserys])  # printed cost 1
    assert [a.cards[1] for a in uses(state, 0, chambers)] == [blade]
    state = use(state, 0, chambers, blade)
    assert blade in state.players[0].hand and len(state.players[0].discard) == 2
    assert turn(state)[0] == "marshal"  # once per trigger


def test_every_targaryen_code_is_registered():
    from gameplay.engine.abilities import SCRIPTS

    codes = [f"core_{n}" for n in range(100, 135) if n not in (118, 119, 122, 130, 131, 132)]
    assert [c for c in [*codes, "core_174", "core_180"] if c not in SCRIPTS] == []
