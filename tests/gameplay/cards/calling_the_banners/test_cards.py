"""Calling the Banners cards (gameplay/engine/cards/calling_the_banners/): each card's
effect in a position, driven through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    events,
    hand,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, Army
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
CROSSROADS = "core_138"  # neutral location, non-unique


def until_defenders(state, ctype, attackers):
    state = initiate(state, ctype, attackers)
    for _ in range(40):
        if head(state).get("purpose") == "defenders":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no defenders prompt")


def test_acoa_102_gates_of_winterfell_puts_a_stark_character_into_play_knelt():
    state = build(players=[{"in_play": ["acoa_102"], "deck": [KNIGHT, CROSSROADS]}, {}])
    knight = state.players[0].deck[0]
    state = use(state, 0, ref(state, 0, "acoa_102"))
    state = pass_windows(state)
    assert knight in state.in_play and state.in_play[knight].knelt


def test_acoa_102_gates_of_winterfell_discards_anything_else():
    state = build(players=[{"in_play": ["acoa_102"], "deck": [CROSSROADS, KNIGHT]}, {}])
    top = state.players[0].deck[0]
    state = use(state, 0, ref(state, 0, "acoa_102"))
    state = pass_windows(state)
    assert top in state.players[0].discard


def test_acoa_103_ser_lancel_keeps_cheap_characters_from_defending():
    smith = "Lannisport Weaponsmith"  # Lannister, military
    me = {"in_play": ["acoa_103", smith, smith]}
    state = joust(me, {"in_play": ["acoa_91", KNIGHT, HOST]})
    attackers = [ref(state, 0, "acoa_103"), ref(state, 0, smith, 0), ref(state, 0, smith, 1)]
    state = until_defenders(state, "military", attackers)
    sentry, knight = ref(state, 1, "acoa_91"), ref(state, 1, KNIGHT)
    # 3 attacking Lannisters: cost 1 (Midnight Sentry) and 2 (the Knight) cannot defend.
    assert head(state)["candidates"] == [ref(state, 1, HOST)], (sentry, knight)


def test_acoa_105_compelled_by_the_north_gives_defenders_two_strength():
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT], "hand": ["acoa_105"]})
    state = until_defenders(state, "military", [ref(state, 0, HOST)])
    knight = ref(state, 1, KNIGHT)
    state = answer(state, "defenders", [knight])
    for _ in range(10):
        if uses(state, 1, hand(state, 1, "acoa_105")[0]):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, hand(state, 1, "acoa_105")[0])
    boosts = [e for e in events(state, "lasting_effect") if e["query"] == "strength"]
    assert [(e["subject"], e["amount"]) for e in boosts] == [(knight, 2)]


def test_acoa_108_compelled_by_the_sea_stands_a_non_unique_location():
    me = {"in_play": [{"card": CROSSROADS, "knelt": True}], "hand": ["acoa_108"]}
    state = build(players=[me, {}])
    crossroads = ref(state, 0, CROSSROADS)
    state = use(state, 0, hand(state, 0, "acoa_108")[0], crossroads)
    assert not state.in_play[crossroads].knelt


def test_acoa_109_compelled_by_the_queen_kneels_an_attachment():
    me = {"in_play": [{"card": KNIGHT, "attachments": ["core_101"]}], "hand": ["acoa_109"]}
    state = build(players=[me, {}])
    wine = ref(state, 0, "core_101")
    state = use(state, 0, hand(state, 0, "acoa_109")[0], wine)
    state = act(state, 0, "choose", choice="kneel")
    assert state.in_play[wine].knelt


def test_acoa_110_compelled_by_the_sun_removes_an_icon():
    state = joust({"hand": ["acoa_110"]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, hand(state, 0, "acoa_110")[0], knight)
    state = act(state, 0, "choose", choice="military")
    assert icons(state, knight) == {"power"}


def test_acoa_112_campfire_lights_kneels_its_location_and_finds_a_bannerman():
    me = {"house": "Stark", "in_play": [HOST], "hand": ["acoa_112"], "gold": 5}
    me["deck"] = [KNIGHT, "acoa_111"]
    state = build(players=[me, {"in_play": [CROSSROADS]}])
    crossroads = ref(state, 1, CROSSROADS)
    state = act(state, 0, "marshal:play", [hand(state, 0, "acoa_112")[0], crossroads])
    assert state.in_play[crossroads].knelt
    assert events(state, "knelt")


def test_acoa_115_zealous_collector_discards_two_attachments():
    kingdoms = ["acoa_78", "acoa_79", "acoa_80"]
    me = {"in_play": ["acoa_115", *kingdoms]}
    them = {"in_play": [{"card": KNIGHT, "attachments": ["core_101", "core_100"]}]}
    state = build(phase="dominance", players=[me, them], auto_pass=False)
    for _ in range(10):
        collector = ref(state, 0, "acoa_115")
        if head(state).get("name") == "window" and waiting_seats(state) == [0]:
            try:
                state = use(state, 0, collector)
                break
            except AssertionError:
                pass
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "discard", [ref(state, 1, "core_101"), ref(state, 1, "core_100")])
    assert len(state.players[1].discard) == 2


def test_acoa_106_compelled_by_the_rock_moves_an_attachment():
    knight = {"card": KNIGHT, "attachments": ["core_101"]}
    me = {"in_play": [knight, "Ser Jaime Lannister"], "hand": ["acoa_106"]}
    state = build(players=[me, {}])
    wine, jaime = ref(state, 0, "core_101"), ref(state, 0, "Ser Jaime Lannister")
    state = use(state, 0, hand(state, 0, "acoa_106")[0], wine)
    if head(state).get("purpose") == "move_attachment":
        state = answer(state, "move_attachment", [jaime])
    assert state.in_play[wine].attached_to == jaime


def test_acoa_107_compelled_by_the_crown_leaves_one_character_on_each_side():
    me = {"in_play": [STEWARD, "Lannisport Steward"], "hand": ["acoa_107"]}
    state = joust(me, {"in_play": [STEWARD, "Lannisport Steward"]})
    first, second = ref(state, 0, STEWARD, 0), ref(state, 0, STEWARD, 1)
    state = until_defenders(state, "intrigue", [first, second])
    defenders = list(head(state)["candidates"])
    state = answer(state, "defenders", defenders)
    for _ in range(10):
        if uses(state, 0, hand(state, 0, "acoa_107")[0]):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, hand(state, 0, "acoa_107")[0], first)
    state = answer(state, "keep_defender", [defenders[0]])
    removed = {e["side"]: e["cards"] for e in events(state, "removed_from_challenge")}
    assert removed == {"attackers": [second], "defenders": [defenders[1]]}
    assert events(state, "challenge_resolved")[-1]["strength"] == [2, 2]
