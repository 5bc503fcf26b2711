"""Kings of the Sea cards of the second wave, played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank, keywords
from tests.gameplay.cardtest import act, joust, ref, until_window

MARAUDER = "kotse_22"
HOST = "Host of Storm's End"  # 6 STR, military and power
KENNELS = "Winterfell Kennels"


def test_veteran_marauder_moves_to_an_opponents_location_and_blanks_it():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": HOST, "attachments": [MARAUDER]}]},
        {"house": "Stark", "in_play": [KENNELS]},
    )
    host, marauder, kennels = ref(state, 0, HOST), ref(state, 0, MARAUDER), ref(state, 1, KENNELS)
    assert "stealth" in keywords(state, host) and not is_blank(state, host)
    state = act(state, 0, "challenge:military", choice="1")
    state = until_window(state, "challenge_won")
    state = act(state, 0, "use", [marauder, kennels])
    assert state.in_play[marauder].attached_to == kennels
    assert is_blank(state, kennels) and "stealth" not in keywords(state, host)


RISEN = "kotse_20"
IRONBORN = "asots_24"  # Ironborn Marauder: Greyjoy, 2 STR, no text


def test_risen_from_the_sea_saves_a_greyjoy_character_and_attaches_with_1_str():
    from gameplay.engine import moves
    from gameplay.engine.abilities import strength, traits
    from gameplay.engine.steps import run
    from tests.gameplay.cardtest import build, hand, use, uses

    state = build(
        phase="challenges",
        players=[{"house": "Greyjoy", "in_play": [IRONBORN], "hand": [RISEN]}, {}],
    )
    ironborn, risen = ref(state, 0, IRONBORN), hand(state, 0, RISEN)[0]
    moves.kill(state, [ironborn])
    run(state)
    state = act(state, 1, "pass")  # asked first, clockwise
    assert [a.cards for a in uses(state, 0, risen)] == [(risen, ironborn)]
    state = use(state, 0, risen, ironborn)
    assert ironborn in state.in_play and state.in_play[risen].attached_to == ironborn
    assert strength(state, ironborn) == 3 and "Condition" in traits(state, risen)


ASSAULT = "kotse_17"


def test_assault_of_the_kraken_gives_an_additional_challenge_that_no_one_wins_if_opposed():
    from gameplay.engine.game import legal_actions
    from tests.gameplay.cardtest import answer, challenge, hand, head, resolved

    state = joust(
        {"house": "Greyjoy", "in_play": [HOST, HOST], "hand": [ASSAULT]},
        {"house": "Stark", "in_play": ["Knight of the Tumblestone"]},
    )
    first, second = state.players[0].in_play[:2]
    knight = ref(state, 1, "Knight of the Tumblestone")
    state = act(state, 0, "challenge:power", choice="1")  # no claim to kill the Knight
    state = answer(state, "attackers", [first])
    state = answer(state, "defenders", [])
    state = until_window(state, "challenge_won")
    state = act(state, 0, "use", [hand(state, 0, ASSAULT)[0]])
    state = until_window(state)
    while head(state).get("point") != "before_challenge" or head(state).get("turn") != 0:
        state = act(state, head(state)["order"][head(state)["i"] % 2], "pass")
    kinds = {a.kind for a in legal_actions(state, 0) if a.kind.startswith("challenge:")}
    assert kinds == {"challenge:power"}  # the next one must be the additional one
    state = challenge(state, "power", [second], [knight])
    assert resolved(state)["winner"] is None and resolved(state)["strength"] == [6, 2]
