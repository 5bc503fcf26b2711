"""Ancient Enemies cards of ancient_enemies/more.py: Dragon Bite and Field Spikes, played
through legal actions.

Fillers: Viserion (core_112, a 4 STR Dragon, military and power, Stealth), Host of Storm's
End (6 STR Army, military and power), Knight of the Tumblestone (2 STR, military and power),
Lannisport Weaponsmith (1 STR, military).
"""

from __future__ import annotations

from tests.gameplay.cardtest import (
    act,
    answer,
    events,
    head,
    joust,
    pass_windows,
    ref,
    resolved,
    start,
    use,
    uses,
    waiting_seats,
)

VISERION = "core_112"
HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
SMITH = "Lannisport Weaponsmith"


def until_challenge_over(state):
    while state.challenge is not None:
        if head(state).get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_acoa_38_dragon_bite_kills_its_character_defending_against_a_dragon():
    state = joust(
        {"in_play": [VISERION]},
        {"in_play": [{"card": KNIGHT, "attachments": ["acoa_38"]}, HOST]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, VISERION)])
    state = pass_windows(state)
    state = answer(state, "defenders", [knight, ref(state, 1, HOST)])
    assert knight in state.players[1].dead


def test_acoa_38_dragon_bite_spares_its_character_without_a_dragon_in_the_challenge():
    state = joust(
        {"in_play": [KNIGHT]},
        {"in_play": [{"card": KNIGHT, "attachments": ["acoa_38"]}, HOST]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    state = answer(state, "defenders", [knight, ref(state, 1, HOST)])
    assert knight in state.in_play and not state.players[1].dead


def test_acoa_39_field_spikes_kill_the_chosen_attacker_after_the_challenge():
    state = joust({"in_play": [HOST, SMITH]}, {"in_play": ["acoa_39"]})
    host, smith, spikes = ref(state, 0, HOST), ref(state, 0, SMITH), ref(state, 1, "acoa_39")
    state = start(state, "military", [host, smith])
    state = use(state, 1, spikes, smith)
    assert head(state)["purpose"] == "field_spikes" and head(state)["seat"] == 0
    state = act(state, 0, "choose", choice="kill_after_challenge")
    state = until_challenge_over(state)
    assert smith in state.players[0].dead
    # It attacked to the end (its STR counted) and was killed once the challenge was over.
    assert resolved(state)["strength"] == [7, 0]
    kinds = [e["event"] for e in state.log]
    killed = [
        i for i, e in enumerate(state.log) if e.get("card") == smith and e["event"] == "killed"
    ]
    assert killed[0] > kinds.index("challenge_resolved")


def test_acoa_39_field_spikes_may_remove_the_attacker_instead():
    state = joust({"in_play": [HOST, SMITH]}, {"in_play": ["acoa_39"]})
    host, smith, spikes = ref(state, 0, HOST), ref(state, 0, SMITH), ref(state, 1, "acoa_39")
    state = start(state, "military", [host, smith])
    assert [a.cards[1:] for a in uses(state, 1, spikes)] == [(smith,)]
    state = use(state, 1, spikes, smith)
    state = act(state, 0, "choose", choice="remove_from_challenge")
    state = until_challenge_over(state)
    assert events(state, "removed_from_challenge")[0]["cards"] == [smith]
    assert resolved(state)["strength"] == [6, 0] and smith in state.in_play
