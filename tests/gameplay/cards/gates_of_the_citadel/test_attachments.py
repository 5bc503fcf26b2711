"""Gates of the Citadel: Lucky Bones, Support of Saltcliffe and The Citadel of Oldtown
(gameplay/engine/cards/gates_of_the_citadel/attachments.py), played through legal actions."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    code,
    codes,
    events,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    start,
    use,
    uses,
    waiting_seats,
)

BONES = "soo_6"
SALTCLIFFE = "soo_8"
CITADEL = "soo_16"
COLLAR = "soo_18"
COPPER = "soo_17"
DAVOS = "core_75"
CRESSEN = "Maester Cressen"
MARAUDER = "asots_24"  # Ironborn Marauder, no text
LOOTERS = "ator_101"  # after it enters play, discard the top card of each opponent's deck
PUP = "Direwolf Pup"


def to_won(state):
    """Pass until the challenge_won window where seat 0 may answer, or the end of windows."""
    for _ in range(40):
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        if step.get("name") != "window" or step.get("trigger") == "challenge_won":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no challenge_won window")


# --- soo_6 Lucky Bones ----------------------------------------------------------------------


def _bones(host: str = HOST, ctype: str = "power", deck: int = 4, attack_with_host=True):
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [{"card": host, "attachments": [BONES]}, KNIGHT],
            "deck": [PUP] * deck,
        },
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    attacker = ref(state, 0, host) if attack_with_host else ref(state, 0, KNIGHT)
    state = to_won(start(state, ctype, [attacker]))
    return state, ref(state, 0, BONES)


def test_lucky_bones_kneels_and_discards_two_to_draw_one_after_a_won_power_challenge():
    state, bones = _bones()
    assert head(state).get("trigger") == "challenge_won"
    state = use(state, 0, bones)
    assert state.in_play[bones].knelt
    assert len(state.players[0].discard) == 2 and len(state.players[0].deck) == 1
    assert codes(state, state.players[0].hand) == [code(PUP)]


def test_lucky_bones_on_ser_davos_draws_two():
    state, bones = _bones(host=DAVOS)
    state = use(state, 0, bones)
    assert len(state.players[0].hand) == 2 and state.players[0].deck == []


def test_lucky_bones_needs_a_power_challenge_its_bearer_in_it_and_two_deck_cards():
    for options in ({"ctype": "military"}, {"attack_with_host": False}, {"deck": 1}):
        state, bones = _bones(**options)
        assert uses(state, 0, bones) == [], options


def test_lucky_bones_goes_on_a_house_baratheon_character_only():
    state = joust(
        {"house": "Baratheon", "in_play": [DAVOS, KNIGHT], "hand": [BONES], "gold": 5},
        {"house": "Stark"},
        phase="marshalling",
    )
    bones = state.players[0].hand[0]
    hosts = {a.cards[1] for a in marshals(state, 0, bones) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, DAVOS)}


# --- soo_8 Support of Saltcliffe ------------------------------------------------------------


def _saltcliffe(knelt: bool = True, looters_seat: int = 0):
    mine = {
        "house": "Greyjoy",
        "in_play": [{"card": MARAUDER, "attachments": [SALTCLIFFE], "knelt": knelt}],
        "gold": 5,
        "deck": [PUP] * 3,
    }
    them = {"house": "Stark", "deck": [PUP] * 6}
    if looters_seat == 0:
        mine["hand"] = [LOOTERS]
    state = joust(mine, them, phase="marshalling")
    if looters_seat == 1:
        state.players[0].hand.append(state.new_card(LOOTERS, 0))
    looters = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [looters])
    state = use(state, 0, looters)
    return state, ref(state, 0, MARAUDER), ref(state, 0, SALTCLIFFE)


def test_support_of_saltcliffe_stands_its_character_after_an_opponents_deck_discard():
    state, marauder, support = _saltcliffe()
    assert len(state.players[1].discard) == 1
    state = use(state, 0, support)
    assert not state.in_play[marauder].knelt


def test_support_of_saltcliffe_needs_its_character_kneeling():
    state, _marauder, support = _saltcliffe(knelt=False)
    assert uses(state, 0, support) == []


def test_support_of_saltcliffe_ignores_a_discard_from_your_own_deck():
    state = joust(
        {"house": "Stark", "gold": 5, "hand": [LOOTERS], "deck": [PUP] * 3},
        {
            "house": "Greyjoy",
            "in_play": [{"card": MARAUDER, "attachments": [SALTCLIFFE], "knelt": True}],
            "deck": [PUP] * 3,
        },
        phase="marshalling",
    )
    state = act(state, 0, "marshal:play", [state.players[0].hand[0]])
    state = use(state, 0, ref(state, 0, LOOTERS))
    assert len(state.players[1].discard) == 1  # seat 1's deck: the Support is seat 1's
    assert uses(state, 1, ref(state, 1, SALTCLIFFE)) == []


def test_support_of_saltcliffe_limit_3_times_per_round():
    state, marauder, support = _saltcliffe()
    state = use(state, 0, support)
    record = state.in_play[marauder]
    # Three uses this round at most: kneel the Marauder again and discard more.
    for _ in range(2):
        record.knelt = True
        state = pass_windows(state)
        looters = state.new_card(LOOTERS, 0)
        state.players[0].hand.append(looters)
        state = act(state, 0, "marshal:play", [looters])
        state = use(state, 0, ref(state, 0, LOOTERS, len(events(state, "marshalled")) - 1))
        state = use(state, 0, support)
        record = state.in_play[marauder]
    record.knelt = True
    state = pass_windows(state)
    looters = state.new_card(LOOTERS, 0)
    state.players[0].hand.append(looters)
    state = act(state, 0, "marshal:play", [looters])
    state = use(state, 0, looters)
    assert len(state.players[1].discard) == 4
    assert uses(state, 0, support) == []  # a fourth time this round: no
    assert state.in_play[marauder].knelt


def test_support_of_saltcliffe_goes_on_an_ironborn_character_only():
    state = joust(
        {"house": "Greyjoy", "in_play": [MARAUDER, KNIGHT], "hand": [SALTCLIFFE], "gold": 5},
        {"house": "Stark"},
        phase="marshalling",
    )
    support = state.players[0].hand[0]
    hosts = {a.cards[1] for a in marshals(state, 0, support) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, MARAUDER)}


# --- soo_16 The Citadel of Oldtown ----------------------------------------------------------


def _killed(victim: dict | str):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Baratheon", "in_play": [CITADEL, victim]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(20):
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") in ("claim_kill", "claim_military"):
            state = answer(state, step["purpose"], step["candidates"][-1:])
        if head(state).get("trigger") == "would_be_killed" or head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    return state, ref(state, 1, CITADEL)


def test_the_citadel_of_oldtown_saves_a_maester_and_returns_it_with_its_chains():
    state, citadel = _killed({"card": CRESSEN, "attachments": [COLLAR, COPPER]})
    cressen = ref(state, 1, CRESSEN)
    state = pass_windows(use(state, 1, citadel, cressen))
    assert citadel in events(state, "stood_all")[-1]["cards"]  # it was knelt
    assert cressen in state.players[1].hand
    assert sorted(codes(state, state.players[1].hand)) == sorted([code(CRESSEN), COLLAR, COPPER])
    assert cressen not in state.players[1].dead


def test_the_citadel_of_oldtown_saves_maester_characters_only():
    state, citadel = _killed(KNIGHT)
    assert uses(state, 1, citadel) == []
    state = pass_windows(state)
    assert codes(state, state.players[1].dead) == [code(KNIGHT)]


# --- soo_2 Widow's Watch --------------------------------------------------------------------

WATCH = "soo_2"
ROBB = "Robb Stark"
ADVISOR = "soo_13"  # Oldtown Advisor: a Learned character


def _watch(watch_knelt: bool = False, play: str = ROBB):
    state = joust(
        {
            "house": "Stark",
            "in_play": [{"card": WATCH, "knelt": watch_knelt}, ADVISOR],
            "hand": [play],
            "deck": [ROBB, KNIGHT, KNIGHT],
            "gold": 10,
        },
        {"house": "Lannister"},
        phase="marshalling",
    )
    state = act(state, 0, "marshal:play", [state.players[0].hand[0]])
    return state, ref(state, 0, WATCH)


def test_widows_watch_kneels_to_search_for_a_copy_of_a_unique_card_just_played():
    state, watch = _watch()
    assert head(state).get("trigger") == "played"
    assert [a.choice for a in uses(state, 0, watch)] == ["0", "1"]  # kneel it, or a Learned
    state = act(state, 0, "use", [watch], "0")
    assert state.in_play[watch].knelt
    assert head(state)["purpose"] == "search"
    assert codes(state, head(state)["candidates"]) == [code(ROBB)]  # a copy only
    state = answer(state, "search", head(state)["candidates"])
    assert codes(state, state.players[0].hand) == [code(ROBB)]
    assert events(state, "revealed")


def test_widows_watch_may_kneel_a_learned_character_instead():
    state, watch = _watch(watch_knelt=True)
    state = use(state, 0, watch)  # the only usable cost: the Learned Advisor
    assert state.in_play[ref(state, 0, ADVISOR)].knelt
    state = answer(state, "search", head(state)["candidates"])
    assert codes(state, state.players[0].hand) == [code(ROBB)]


def test_widows_watch_answers_a_unique_card_only():
    state, watch = _watch(play=KNIGHT)
    assert uses(state, 0, watch) == []
