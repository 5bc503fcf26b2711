"""Mask of the Archmaester (gameplay/engine/cards/mask_of_the_archmaester): each card played
through legal actions, with the restrictions its text states."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    defend,
    events,
    hand,
    head,
    initiate,
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

JON, CAVALRY, GUILE = "soo_85", "soo_91", "soo_92"
IRON_LINK, BLACK_LINK, ATTRITION = "soo_98", "soo_99", "soo_100"
SCHOLAR = "soo_36"  # Oldtown Scholar: Maester, 1 STR, intrigue and power, no text
DAYNE_KNIGHT = "pots_11"  # House Dayne Knight: Martell, House Dayne, no text
HARMEN = "pots_8"  # Harmen Uller: unique Martell
ROBB = "Robb Stark"  # unique, not Martell


def until_use(state, seat, source, limit=40):
    """Pass until ``seat`` may use ``source``; fails if it never may."""
    for _ in range(limit):
        if waiting_seats(state) and waiting_seats(state)[0] == seat and uses(state, seat, source):
            return state
        step = head(state)
        assert step.get("name") == "window", step
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never offered")


def never_offered(state, seat, source, limit=60):
    """Pass every window and answer every prompt with its first candidate (or done) until
    the challenges phase ends; whether ``seat`` was never offered a use of ``source``."""
    for _ in range(limit):
        if state.phase != "challenges" or state.result is not None:
            return True
        if any(uses(state, s, source) for s in waiting_seats(state) if s == seat):
            return False
        step = head(state)
        if step.get("name") == "prompt":
            cands = step.get("candidates") or []
            if step.get("purpose") in ("defenders", "attackers", "stealth") or not cands:
                state = act(state, step["seat"], "done")
            elif step.get("options"):
                state = act(state, step["seat"], "choose", choice=step["options"][0])
            else:
                state = act(state, step["seat"], "select", [cands[0]])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    return True


# --- soo_85 Ser Jon Fossoway -----------------------------------------------------------


def test_soo_85_ser_jon_fossoway_takes_gold_equal_to_his_power():
    state = build(players=[{"in_play": [{"card": JON, "power": 3}], "gold": 1}, {}])
    jon = ref(state, 0, JON)
    state = use(state, 0, jon)
    assert state.players[0].gold == 1 + 3
    assert state.in_play[jon].knelt
    assert not uses(state, 0, jon)  # knelt: no second use


def test_soo_85_ser_jon_fossoway_is_a_marshalling_action_and_needs_power():
    state = build(players=[{"in_play": [JON]}, {}])
    assert not uses(state, 0, ref(state, 0, JON))  # no power: X would be 0
    state = joust({"in_play": [{"card": JON, "power": 2}]}, {})
    assert not uses(state, 0, ref(state, 0, JON))  # challenges phase


# --- soo_91 Starfall Cavalry ----------------------------------------------------------


def test_soo_91_starfall_cavalry_costs_1_less_per_house_dayne_character():
    state = build(
        players=[
            {
                "house": "Martell",
                "hand": [CAVALRY],
                "in_play": [DAYNE_KNIGHT, DAYNE_KNIGHT],
                "gold": 3,
            },
            {},
        ]
    )
    cavalry = hand(state, 0, CAVALRY)[0]
    assert marshals(state, 0, cavalry)
    state = act(state, 0, "marshal:play", [cavalry])
    assert cavalry in state.players[0].in_play and state.players[0].gold == 0


def test_soo_91_starfall_cavalry_counts_only_your_house_dayne_characters():
    state = build(
        players=[
            {"house": "Martell", "hand": [CAVALRY], "in_play": [DAYNE_KNIGHT, KNIGHT], "gold": 3},
            {"in_play": [DAYNE_KNIGHT]},
        ]
    )
    cavalry = hand(state, 0, CAVALRY)[0]
    assert not marshals(state, 0, cavalry)  # 5 - 1 = 4 gold: only 3
    state.players[0].gold = 4
    assert marshals(state, 0, cavalry)


# --- soo_92 Oberyn's Guile ------------------------------------------------------------


def test_soo_92_oberyns_guile_goes_only_on_a_unique_martell_character():
    state = build(
        players=[
            {
                "house": "Martell",
                "hand": [GUILE],
                "in_play": [HARMEN, DAYNE_KNIGHT, ROBB],
                "gold": 5,
            },
            {},
        ]
    )
    guile = hand(state, 0, GUILE)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, guile)}
    assert hosts == {ref(state, 0, HARMEN)}


def test_soo_92_oberyns_guile_reveals_and_draws_the_top_card_after_losing():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": HARMEN, "attachments": [GUILE]}], "deck": [KNIGHT, STEWARD]},
    )
    guile = ref(state, 1, GUILE)
    top = state.players[1].deck[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won", [])
    state = until_use(state, 1, guile)
    state = use(state, 1, guile)
    assert top in state.players[1].hand
    assert [e["cards"] for e in events(state, "revealed")] == [[top]]


def test_soo_92_oberyns_guile_answers_only_a_lost_challenge():
    state = joust(
        {"in_play": [{"card": HARMEN, "attachments": [GUILE]}], "deck": [KNIGHT]},
        {"in_play": []},
    )
    guile = ref(state, 0, GUILE)
    state = start(state, "military", [ref(state, 0, HARMEN)])
    assert never_offered(state, 0, guile)  # won, not lost
    empty = joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": HARMEN, "attachments": [GUILE]}]},
    )
    empty = start(empty, "power", [ref(empty, 0, HOST)])
    assert never_offered(empty, 1, ref(empty, 1, GUILE))  # lost, but an empty deck


# --- soo_98 Iron Link, soo_99 Black Iron Link -----------------------------------------


def test_soo_98_iron_link_goes_only_on_a_maester():
    state = build(
        players=[{"hand": [IRON_LINK, BLACK_LINK], "in_play": [SCHOLAR, KNIGHT], "gold": 5}, {}]
    )
    for card in (IRON_LINK, BLACK_LINK):
        link = hand(state, 0, card)[0]
        assert {a.cards[1] for a in marshals(state, 0, link)} == {ref(state, 0, SCHOLAR)}


def kneels_again_offered(state, bearer, link, ctype):
    """Finish the challenge, stand the bearer and attack with it again (``ctype``): whether
    the link is offered when the bearer kneels this second time."""
    for _ in range(40):
        step = head(state)
        if step.get("point") == "before_challenge" and step.get("turn") == 0:
            break
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    state.in_play[bearer].knelt = False
    state = act(state, 0, f"challenge:{ctype}", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", [bearer])
    assert state.in_play[bearer].knelt
    for _ in range(10):
        if uses(state, 0, link):
            return True
        if head(state).get("name") != "window" or head(state).get("trigger") is None:
            return False
        state = act(state, waiting_seats(state)[0], "pass")
    return False


def test_soo_98_iron_link_gives_a_character_2_str_and_a_military_icon_once_per_phase():
    state = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [IRON_LINK]}, STEWARD]},
        {"in_play": [HOST]},
    )
    link, steward, scholar = (
        ref(state, 0, IRON_LINK),
        ref(state, 0, STEWARD),
        ref(state, 0, SCHOLAR),
    )
    assert "military" not in icons(state, steward)
    state = initiate(state, "intrigue", [scholar])  # the Maester kneels to attack
    state = until_use(state, 0, link)
    assert ref(state, 1, HOST) in {a.cards[1] for a in uses(state, 0, link)}  # any character
    state = use(state, 0, link, steward)
    assert strength(state, steward) == 2 + 2 and "military" in icons(state, steward)
    assert not kneels_again_offered(state, scholar, link, "power")  # once per phase


def test_soo_98_iron_link_answers_only_its_bearer_kneeling():
    state = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [IRON_LINK]}, STEWARD]},
        {"in_play": [HOST]},
    )
    link = ref(state, 0, IRON_LINK)
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    for _ in range(10):
        assert not uses(state, 0, link)
        if head(state).get("name") != "window" or head(state).get("trigger") is None:
            break
        state = act(state, waiting_seats(state)[0], "pass")


def test_soo_99_black_iron_link_gives_or_takes_an_intrigue_icon():
    state = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [BLACK_LINK]}, STEWARD]},
        {"in_play": [HOST]},
    )
    link, scholar = ref(state, 0, BLACK_LINK), ref(state, 0, SCHOLAR)
    host = ref(state, 1, HOST)
    state = initiate(state, "power", [scholar])
    state = until_use(state, 0, link)
    state = use(state, 0, link, host)
    assert "intrigue" in icons(state, host)  # gained
    assert not kneels_again_offered(state, scholar, link, "intrigue")  # once per phase
    other = joust(
        {"in_play": [{"card": SCHOLAR, "attachments": [BLACK_LINK]}, STEWARD]},
        {"in_play": [HOST]},
    )
    other = initiate(other, "power", [ref(other, 0, SCHOLAR)])
    other = until_use(other, 0, ref(other, 0, BLACK_LINK))
    other = use(other, 0, ref(other, 0, BLACK_LINK), ref(other, 0, STEWARD))
    assert "intrigue" not in icons(other, ref(other, 0, STEWARD))  # lost


# --- soo_100 War of Attrition ---------------------------------------------------------


def test_soo_100_war_of_attrition_discards_at_random_after_losing_as_attacker():
    state = joust(
        {"revealed_plot": ATTRITION, "in_play": [STEWARD]},
        {"in_play": [STEWARD, SCHOLAR], "hand": [KNIGHT, KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, STEWARD), ref(state, 1, SCHOLAR)])
    state = pass_windows(state)
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


def test_soo_100_war_of_attrition_needs_its_owner_to_lose_as_the_attacker():
    won = joust(
        {"revealed_plot": ATTRITION, "in_play": [HOST]},
        {"in_play": [KNIGHT], "hand": [KNIGHT, KNIGHT]},
    )
    won = start(won, "military", [ref(won, 0, HOST)])
    won = defend(won, [ref(won, 1, KNIGHT)])
    won = pass_windows(won)
    assert len(won.players[1].hand) == 2  # the attacker won
    defending = joust(
        {"in_play": [HOST], "hand": [KNIGHT, KNIGHT]},
        {"revealed_plot": ATTRITION, "in_play": [KNIGHT]},
    )
    defending = start(defending, "military", [ref(defending, 0, HOST)])
    defending = defend(defending, [ref(defending, 1, KNIGHT)])
    defending = pass_windows(defending)
    assert len(defending.players[0].hand) == 2  # its owner lost as the defender


# --- soo_86 Dragonstone Watchtower ----------------------------------------------------

WATCHTOWER = "soo_86"


def _name(state, name):
    from gameplay.engine.card_facts import load_cards

    cards = load_cards()
    option = next(o for o in head(state)["options"] if cards[o].name == name)
    return act(state, head(state)["seat"], "choose", choice=option)


def _watch(me_hand, them_hand, named):
    state = build(
        players=[
            {
                "in_play": [WATCHTOWER],
                "hand": me_hand,
                "gold": 5,
                "revealed_plot": "Rains of Autumn",
            },
            {"hand": them_hand, "revealed_plot": "Rains of Autumn"},
        ]
    )
    tower = ref(state, 0, WATCHTOWER)
    state = use(state, 0, tower)
    assert head(state)["purpose"] == "name_card"
    return _name(state, named), tower


def _to_phase(state, phase):
    for _ in range(40):
        if state.phase == phase:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(phase)


def test_soo_86_dragonstone_watchtower_claims_power_when_an_opponent_plays_the_named_card():
    state, tower = _watch([], [STEWARD], "Lannisport Steward")
    assert state.in_play[tower].knelt
    state = act(state, 0, "pass")  # seat 0's marshalling turn ends
    state = pass_windows(state)
    steward = hand(state, 1, STEWARD)[0]
    state = act(state, 1, "marshal:play", [steward])
    assert state.players[0].power == 1
    state = _to_phase(state, "challenges")
    assert state.in_play[tower].knelt  # played: it does not stand


def test_soo_86_dragonstone_watchtower_stands_when_the_card_is_not_played_by_an_opponent():
    state, tower = _watch([STEWARD], [KNIGHT], "Lannisport Steward")
    state = act(state, 0, "marshal:play", [hand(state, 0, STEWARD)[0]])  # its own player
    assert state.players[0].power == 0
    state = _to_phase(state, "challenges")
    assert state.players[0].power == 0
    assert not state.in_play[tower].knelt  # stood at the end of the phase


# --- soo_81 Rickon Stark --------------------------------------------------------------

RICKON, MUSTER = "soo_81", "core_168"  # Muster: search your deck for a Knight character


def _muster(state, seat):
    state = use(state, seat, hand(state, seat, MUSTER)[0])
    if head(state).get("purpose") == "kneel_cost":
        state = act(state, seat, "select", [head(state)["candidates"][0]])
    assert head(state)["purpose"] == "search"
    knight = head(state)["candidates"][0]
    return answer(state, "search", [knight]), knight


def test_soo_81_rickon_stark_copies_a_search_of_your_deck():
    state = build(
        players=[
            {
                "in_play": [RICKON, KNIGHT],
                "hand": [MUSTER],
                "deck": [KNIGHT, STEWARD, KNIGHT, STEWARD],
            },
            {},
        ]
    )
    rickon = ref(state, 0, RICKON)
    state, first = _muster(state, 0)
    assert first in state.players[0].hand
    state = use(state, 0, rickon)
    assert state.in_play[rickon].knelt
    prompt = head(state)
    assert prompt["purpose"] == "search" and prompt["seat"] == 0
    assert {state.code(r) for r in prompt["candidates"]} == {"core_18"} | {
        state.code(first)
    }  # Knights only, as the first search
    state = answer(state, "search", [prompt["candidates"][0]])
    knights = [r for r in state.players[0].hand if state.code(r) == state.code(first)]
    assert len(knights) == 2


def test_soo_81_rickon_stark_only_your_search_and_once_per_phase():
    state = build(
        players=[
            {"in_play": [KNIGHT], "hand": [MUSTER, MUSTER], "deck": [KNIGHT, KNIGHT, KNIGHT]},
            {"in_play": [RICKON]},
        ]
    )
    rickon = ref(state, 1, RICKON)
    state, _ = _muster(state, 0)
    assert not uses(state, 1, rickon)  # an opponent's search
    mine = build(
        players=[
            {"in_play": [RICKON, KNIGHT, KNIGHT], "hand": [MUSTER, MUSTER], "deck": [KNIGHT] * 5},
            {},
        ]
    )
    rickon = ref(mine, 0, RICKON)
    mine, _ = _muster(mine, 0)
    mine = use(mine, 0, rickon)
    mine = answer(mine, "search", [head(mine)["candidates"][0]])
    mine.in_play[rickon].knelt = False  # stood again: the limit still holds
    mine, _ = _muster(mine, 0)
    assert not uses(mine, 0, rickon)


def test_soo_86_dragonstone_watchtower_counts_a_card_an_opponents_effect_reveals():
    state = joust(
        {"in_play": [WATCHTOWER, HOST]},
        {"in_play": [{"card": HARMEN, "attachments": [GUILE]}], "deck": [STEWARD, KNIGHT]},
    )
    tower = ref(state, 0, WATCHTOWER)
    state = use(state, 0, tower)
    state = _name(state, "Lannisport Steward")
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won", [])
    state = until_use(state, 1, ref(state, 1, GUILE))
    before = state.players[0].power
    state = use(state, 1, ref(state, 1, GUILE))  # reveals the Steward on top of the deck
    assert state.players[0].power == before + 1
