"""The ability vocabulary: saves, cancels, forced triggers and discard saves, with test-only
card scripts.

The Core Set cards that save or cancel come with the card abilities; these tests give a
card with no text of its own a save or a cancel so the engine's side is tested now.
"""

from __future__ import annotations

import pytest

from gameplay.engine import moves, windows
from gameplay.engine.abilities import (
    FORCED_CODES,
    KNEEL_SELF,
    SCRIPTS,
    Ability,
    Script,
    keywords,
)
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.steps import waiting_seats
from tests.gameplay.scenario import apply, code, hand
from tests.gameplay.test_challenges import act, answer, head, in_window, joust, pass_windows, ref

KNIGHT = code("Knight of the Tumblestone")  # a character with no text
TREACHERY = code("Distraction")  # an event; its real text comes with the card abilities


def _my_dying_characters(state, ctx):
    cards = ctx["event"].get("cards", [])
    return [r for r in cards if r in state.in_play and state.in_play[r].controller == ctx["seat"]]


@pytest.fixture
def knight_saves(monkeypatch):
    # "Response: Kneel Knight of the Tumblestone to save a character you control."
    save = Ability(
        "save",
        moves.save_target,
        trigger="would_be_killed",
        costs=(KNEEL_SELF,),
        targets=_my_dying_characters,
    )
    monkeypatch.setitem(SCRIPTS, KNIGHT, Script(abilities=[save]))


@pytest.fixture
def treachery_cancels(monkeypatch):
    # "Response: Cancel an event an opponent plays."
    def condition(state, ctx):
        source = ctx["event"].get("source")
        return source is not None and state.cards[source].owner in state.opponents(ctx["seat"])

    cancel = Ability(
        "cancel",
        lambda state, ctx: windows.cancel(state),
        trigger="ability",
        condition=condition,
        zones=("hand",),
    )
    monkeypatch.setitem(SCRIPTS, TREACHERY, Script(abilities=[cancel]))


def _until_a_use(state, seat):
    """Pass every window until ``seat`` is offered a ``use`` (or the challenge ends)."""
    for _ in range(40):
        if head(state).get("name") != "window":
            return state
        waiting = waiting_seats(state)[0]
        if waiting == seat and any(a.kind == "use" for a in legal_actions(state, seat)):
            return state
        state = act(state, waiting, "pass")
    raise AssertionError("no use offered")


def test_a_save_response_keeps_a_character_from_a_military_claim(knight_saves):
    state = joust(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Knight of the Tumblestone", {"card": "Direwolf Pup", "knelt": True}]},
    )
    knight, pup = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Direwolf Pup")
    state = act(state, 0, "challenge:military", choice="1")  # Wolf Pack attacks, forced
    state = _until_a_use(state, 1)  # defenders: the Knight could defend; declare none
    state = answer(state, "defenders", [])
    state = _until_a_use(state, 1)
    state = answer(state, "claim_kill", [pup])
    state = _until_a_use(state, 1)
    assert Action(1, "use", (knight, pup)) in legal_actions(state, 1)
    state = apply(state, Action(1, "use", (knight, pup)))
    assert pup in state.players[1].in_play
    assert [(e["card"], e["by"]) for e in state.log if e["event"] == "saved"] == [(pup, knight)]
    assert not [e for e in state.log if e["event"] == "killed"]


def test_a_kneeling_saver_cannot_pay_and_the_character_dies(knight_saves):
    state = joust(
        {"in_play": ["Wolf Pack"]},
        {
            "in_play": [
                {"card": "Knight of the Tumblestone", "knelt": True},
                {"card": "Direwolf Pup", "knelt": True},
            ]
        },
    )
    pup = ref(state, 1, "Direwolf Pup")
    state = act(state, 0, "challenge:military", choice="1")
    while in_window(state):
        assert not [a for a in legal_actions(state, 1) if a.kind == "use"]
        state = act(state, waiting_seats(state)[0], "pass")
    # Claim 1 with two kneeling characters: the defender chooses.
    state = answer(state, "claim_kill", [pup])
    state = pass_windows(state)
    assert pup in state.players[1].dead


def test_a_cancel_stops_an_event_but_its_costs_stay_paid(treachery_cancels):
    state = joust(
        {"house": "Lannister", "in_play": ["Raff the Sweetling"], "hand": ["Insidious Ways"]},
        {"in_play": ["Grey Wind"], "hand": ["Distraction"]},
    )
    raff = ref(state, 0, "Raff the Sweetling")
    ways, treachery = hand(state, 0, "Insidious Ways")[0], hand(state, 1, "Distraction")[0]
    state = act(state, 0, "challenge:military", choice="1")  # Raff attacks, forced
    state = _until_a_use(state, 0)
    state = apply(state, Action(0, "use", (ways, raff)))
    # Responses start left of the player who acted: Brian may cancel.
    assert waiting_seats(state) == [1]
    assert Action(1, "use", (treachery,)) in legal_actions(state, 1)
    state = apply(state, Action(1, "use", (treachery,)))
    assert ways in state.players[0].discard and treachery in state.players[1].discard
    assert next(e for e in state.log if e["event"] == "cancelled")["card"] == ways
    assert not [e for e in state.effects if e["query"] == "strength"]
    with pytest.raises(IllegalAction):
        apply(state, Action(1, "use", (treachery,)))


def test_no_cancel_is_offered_against_your_own_event(treachery_cancels):
    state = joust(
        {"house": "Lannister", "in_play": ["Raff the Sweetling"], "hand": ["Insidious Ways"]},
        {"in_play": ["Grey Wind"]},
    )
    raff, ways = ref(state, 0, "Raff the Sweetling"), hand(state, 0, "Insidious Ways")[0]
    state = act(state, 0, "challenge:military", choice="1")
    state = _until_a_use(state, 0)
    state = apply(state, Action(0, "use", (ways, raff)))
    # Nobody can cancel: the effect resolves at once.
    assert [e["amount"] for e in state.effects if e["query"] == "strength"] == [2]


# --- Ambush ---------------------------------------------------------------------------


def _ambush_position(**mine):
    return joust(
        {
            "house": "Targaryen",
            "hand": ["Flame-Kissed"],
            "in_play": ["Northern Fiefdoms", "Northern Fiefdoms", "Hodor", "Daenerys Targaryen"],
            **mine,
        },
        {"in_play": ["Grey Wind"]},
    )


def test_ambush_puts_a_card_into_play_in_any_phase_paid_with_influence():
    state = _ambush_position()  # the challenges phase: no marshalling, no gold
    flame, dany = hand(state, 0, "Flame-Kissed")[0], ref(state, 0, "Daenerys Targaryen")
    hodor, grey_wind = ref(state, 0, "Hodor"), ref(state, 1, "Grey Wind")
    ambushes = [a for a in legal_actions(state, 0) if a.choice == "ambush"]
    # Onto any character that can take an attachment: not Hodor or Grey Wind (No attachments).
    assert {a.cards[1] for a in ambushes} == {dany}
    assert hodor not in {a.cards[1] for a in ambushes} and grey_wind != ambushes[0].cards[1]
    state = apply(state, Action(0, "use", (flame, dany), "ambush"))
    fiefdoms = [r for r in state.players[0].in_play if state.code(r) == code("Northern Fiefdoms")]
    # The cost is 2 influence: both Fiefdoms (1 each) kneel; the prompt settles itself.
    assert all(state.in_play[r].knelt for r in fiefdoms)
    assert state.in_play[flame].attached_to == dany and state.players[0].gold == 0
    assert flame not in state.players[0].hand


def test_ambush_needs_enough_standing_influence():
    state = _ambush_position(
        in_play=[
            "Northern Fiefdoms",
            {"card": "Northern Fiefdoms", "knelt": True},
            "Daenerys Targaryen",
        ]
    )
    flame, dany = hand(state, 0, "Flame-Kissed")[0], ref(state, 0, "Daenerys Targaryen")
    assert not [a for a in legal_actions(state, 0) if a.choice == "ambush"]
    with pytest.raises(IllegalAction):
        apply(state, Action(0, "use", (flame, dany), "ambush"))


# --- triggers: forced effects of a card where an event left it; discard saves ----------


@pytest.fixture
def knight_avenges(monkeypatch):
    # "After Knight of the Tumblestone is killed, its owner gains 1 power." (test-only)
    def avenge(state, ctx):
        if ctx["source"] in ctx["event"]["cards"]:
            moves.gain_power(state, state.cards[ctx["source"]].owner, 1, "test")

    monkeypatch.setitem(SCRIPTS, KNIGHT, Script(forced={"killed": [avenge]}))
    # As register() does: the codes with a forced effect at a moment (fire_forced reads them).
    monkeypatch.setitem(FORCED_CODES, "killed", FORCED_CODES.get("killed", set()) | {KNIGHT})


def test_a_forced_after_killed_effect_works_from_the_dead_pile(knight_avenges):
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone"]})
    knight = ref(state, 1, "Knight of the Tumblestone")
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "defenders", [])  # the claim then kills the Knight by itself
    state = pass_windows(state)
    assert knight in state.players[1].dead
    assert state.players[1].power == 1
    killed = [i for i, e in enumerate(state.log) if e["event"] == "killed"]
    gained = [i for i, e in enumerate(state.log) if e.get("reason") == "test"]
    assert killed and gained and killed[0] < gained[0]


def test_the_forced_effect_is_only_for_the_card_the_event_names(knight_avenges):
    state = joust(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Knight of the Tumblestone", {"card": "Direwolf Pup", "knelt": True}]},
    )
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "defenders", [])
    state = answer(state, "claim_kill", [ref(state, 1, "Direwolf Pup")])
    assert state.players[1].power == 0  # the Knight is alive: nothing to avenge


@pytest.fixture
def knight_saves_from_discard(monkeypatch):
    # "Response: Kneel Knight of the Tumblestone to save a character you control from
    # being discarded." (test-only)
    save = Ability(
        "save",
        moves.save_target,
        trigger="would_be_discarded",
        costs=(KNEEL_SELF,),
        targets=_my_dying_characters,
    )
    monkeypatch.setitem(SCRIPTS, KNIGHT, Script(abilities=[save]))


def test_a_discard_from_play_can_be_saved_and_the_rest_are_discarded(knight_saves_from_discard):
    from gameplay.engine.steps import run

    state = joust(
        {"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone", "Direwolf Pup"]}
    )
    knight, pup = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Direwolf Pup")
    wolves = ref(state, 0, "Wolf Pack")
    moves.discard(state, [pup, wolves])
    run(state)
    state = _until_a_use(state, 1)
    assert Action(1, "use", (knight, pup)) in legal_actions(state, 1)
    state = act(state, 1, "use", [knight, pup])
    state = pass_windows(state)
    assert pup in state.players[1].in_play and state.in_play[knight].knelt
    assert wolves in state.players[0].discard
    assert [e["card"] for e in state.log if e["event"] == "discarded_from_play"] == [wolves]


def test_a_blank_text_box_loses_its_printed_income_and_influence_bonuses():
    from gameplay.engine.abilities import add_lasting, is_blank
    from gameplay.engine.rules import income
    from gameplay.engine.windows import total_influence

    state = joust(
        {"in_play": ["Littlefinger", "Crossroads"]}, {"in_play": ["Knight of the Tumblestone"]}
    )
    littlefinger, crossroads = ref(state, 0, "Littlefinger"), ref(state, 0, "Crossroads")
    printed = income(state, 0)
    assert total_influence(state, 0) == 1
    add_lasting(state, "blank", littlefinger, "phase")
    add_lasting(state, "blank", crossroads, "phase")
    assert is_blank(state, littlefinger) and "stealth" not in keywords(state, littlefinger)
    assert income(state, 0) == printed - 3  # Littlefinger's +2 and Crossroads' +1
    assert total_influence(state, 0) == 0
