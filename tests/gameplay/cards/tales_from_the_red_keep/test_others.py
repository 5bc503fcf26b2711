"""Tales from the Red Keep: attachments, locations, the event and the plot
(tales_from_the_red_keep/others.py): "kl_65" Flogged and Chained, "kl_71" Scurvy, "kl_72"
Fishmonger's Square, "kl_74" The Dragonpit, "kl_76" The Viper's Rage, "kl_78" The Red Keep,
"kl_80" City of Spiders."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import SCRIPTS, Script, strength
from gameplay.engine.cards.vocabulary import discard_top
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, facts
from tests.gameplay.cardtest import (
    CALM,
    act,
    answer,
    calm_marshalling,
    events,
    head,
    joust,
    plots_revealed,
    ref,
    shadow,
    start,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)

FLOGGED = "kl_65"
SCURVY = "kl_71"
SQUARE = "kl_72"
DRAGONPIT = "kl_74"
RAGE = "kl_76"
RED_KEEP = "kl_78"
SPIDERS = "kl_80"
DONTOS = "kl_62"
SANSA = "kl_61"
SYRIO = "kl_77"
SHAE = "core_178"
KNIGHT = "Knight of the Tumblestone"
PUP = "Direwolf Pup"
BEN = "Brown Ben Plumm"
HOST = "War Host of the North"
STEWARD = "Lannisport Steward"


def can_use_in_window(state, seat, source, trigger, limit=40):
    """Whether ``seat`` may use ``source`` in a ``trigger`` window before the windows at
    hand run out (each seat passes until then)."""
    for _ in range(limit):
        step = head(state)
        if step.get("name") != "window" or step.get("point") != "response":
            return False
        here = step.get("trigger") == trigger and seat in waiting_seats(state)
        if here and uses(state, seat, source):
            return True
        state = act(state, waiting_seats(state)[0], "pass")
    return False


def until_defenders(state):
    for _ in range(20):
        if head(state).get("purpose") == "defenders":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(head(state))


# --- kl_65 Flogged and Chained ------------------------------------------------------------


def _flogged_position():
    return joust(
        {"house": "Lannister", "in_play": [SHAE, KNIGHT]},
        {"house": "Stark", "power": 1, "in_play": [BEN, {"card": PUP, "attachments": [FLOGGED]}]},
    )


def test_flogged_and_chained_kneels_its_bearer_after_a_character_is_knelt_by_an_effect():
    state = _flogged_position()
    shae, ben, pup = ref(state, 0, SHAE), ref(state, 1, BEN), ref(state, 1, PUP)
    flogged = ref(state, 1, FLOGGED)
    state = until_seat(state, 0)
    state = use(state, 0, shae, ben)
    assert state.in_play[ben].knelt
    state = until_seat(until_window(state, "knelt"), 1)
    while not uses(state, 1, flogged):
        state = act(state, waiting_seats(state)[0], "pass")
        state = until_seat(until_window(state, "knelt"), 1)
    state = use(state, 1, flogged)
    assert state.in_play[pup].knelt


def test_flogged_and_chained_ignores_kneeling_to_attack_and_goes_on_no_army():
    state = _flogged_position()
    flogged = ref(state, 1, FLOGGED)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert not can_use_in_window(state, 1, flogged, "knelt")
    state = joust({"in_play": [HOST, KNIGHT], "hand": [FLOGGED]}, {})
    card = facts(state, state.players[0].hand[0])
    assert attachment_targets(state, card, 0) == [ref(state, 0, KNIGHT)]


# --- kl_71 Scurvy -------------------------------------------------------------------------


def test_scurvy_goes_on_an_opponents_character_and_draws_a_card():
    state = calm_marshalling(
        {"house": "Greyjoy", "gold": 1, "hand": [SCURVY], "deck": [PUP], "in_play": [KNIGHT]},
        {"in_play": [BEN]},
    )
    scurvy, ben = state.players[0].hand[0], ref(state, 1, BEN)
    hosts = {a.cards[1] for a in legal_actions(state, 0) if a.cards[:1] == (scurvy,)}
    assert hosts == {ben}  # not my own Knight
    state = act(state, 0, "marshal:play", [scurvy, ben])
    while head(state).get("point") != "marshal":
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.in_play[scurvy].attached_to == ben
    assert [state.code(r) for r in state.players[0].hand] == ["core_19"]


def test_scurvy_bearer_cannot_be_saved():
    state = calm_marshalling(
        {"house": "Greyjoy", "gold": 1, "hand": [SCURVY]},
        {"in_play": [{"card": DONTOS, "knelt": True}, SANSA]},
    )
    scurvy, sansa, dontos = state.players[0].hand[0], ref(state, 1, SANSA), ref(state, 1, DONTOS)
    state = act(state, 0, "marshal:play", [scurvy, sansa])
    while head(state).get("point") != "marshal":
        state = act(state, waiting_seats(state)[0], "pass")
    moves.kill(state, [sansa])
    assert not can_use_in_window(state, 1, dontos, "would_be_killed")


# --- kl_72 Fishmonger's Square ------------------------------------------------------------


def test_fishmongers_square_draws_two_after_an_attachment_or_event_is_discarded_from_a_deck():
    state = joust(
        {"house": "Greyjoy", "in_play": [SQUARE], "deck": [PUP, KNIGHT]},
        {"house": "Stark", "deck": [RAGE, STEWARD]},
    )
    square = ref(state, 0, SQUARE)
    discard_top(state, 1, 1, "test")  # an event, from an opponent's deck
    state = until_seat(until_window(state, "card_discarded_from_deck"), 0)
    state = use(state, 0, square)
    assert state.in_play[square].knelt and len(state.players[0].hand) == 2


def test_fishmongers_square_ignores_a_character_discarded_from_a_deck():
    state = joust(
        {"house": "Greyjoy", "in_play": [SQUARE], "deck": [PUP, KNIGHT]},
        {"house": "Stark", "deck": [STEWARD]},
    )
    discard_top(state, 1, 1, "test")
    assert not can_use_in_window(state, 0, ref(state, 0, SQUARE), "card_discarded_from_deck")


# --- kl_74 The Dragonpit ------------------------------------------------------------------


def test_the_dragonpit_lowers_opponents_with_no_more_cards_in_shadows():
    state = joust(
        {"house": "Targaryen", "in_play": [DRAGONPIT, BEN]}, {"house": "Stark", "in_play": [PUP]}
    )
    ben, pup = ref(state, 0, BEN), ref(state, 1, PUP)
    assert strength(state, pup) == 2  # I have no card in Shadows
    shadow(state, 0, SYRIO)
    assert strength(state, pup) == 1 and strength(state, ben) == 2  # mine are not lowered
    shadow(state, 1, SYRIO)
    assert strength(state, pup) == 1  # as many as me: still lowered
    shadow(state, 1, SYRIO)
    assert strength(state, pup) == 2  # more than me


# --- kl_76 The Viper's Rage ---------------------------------------------------------------


def _rage_position(attacker: str):
    state = joust(
        {"house": "Stark", "in_play": [attacker, KNIGHT]},
        {"house": "Martell", "hand": [RAGE], "in_play": [PUP]},
    )
    state = start(state, "military", [ref(state, 0, attacker)])
    state = answer(until_defenders(state), "defenders", [ref(state, 1, PUP)])
    return state


def test_the_vipers_rage_strips_the_attackers_characters_of_their_icons():
    state = _rage_position(HOST)  # 11 against 2
    rage = state.players[1].hand[0]
    state = until_seat(until_window(state, "challenge_won"), 1)
    host, knight = ref(state, 0, HOST), ref(state, 0, KNIGHT)
    after = use(state, 1, rage)  # the phase ends on its own later: read the lasting effects
    lost = [e for e in events(after, "lasting_effect") if e["query"] == "icons"]
    assert {e["subject"] for e in lost} == {host, knight} and lost[0]["until"] == "phase"
    assert set(lost[0]["remove"]) == {"military", "intrigue", "power"}


def test_the_vipers_rage_needs_a_loss_by_four_or_more_as_the_defender():
    state = _rage_position(KNIGHT)  # 2 against 2: lost by 0
    assert not can_use_in_window(state, 1, state.players[1].hand[0], "challenge_won")


# --- kl_78 The Red Keep -------------------------------------------------------------------


def test_the_red_keep_goes_into_shadows_instead_of_leaving_play_elsewhere():
    state = joust({"house": "Stark", "in_play": [RED_KEEP]}, {"house": "Lannister"})
    keep = ref(state, 0, RED_KEEP)
    moves.discard(state, [keep])
    while keep in state.in_play:
        state = act(state, waiting_seats(state)[0], "pass")
    assert keep in state.players[0].shadows and keep not in state.players[0].discard
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]  # not this round


def test_the_red_keep_is_still_removed_from_the_game():
    state = joust({"house": "Stark", "in_play": [RED_KEEP]}, {"house": "Lannister"})
    keep = ref(state, 0, RED_KEEP)
    moves.leave_play(state, keep, "removed")
    assert keep in state.players[0].removed and not state.players[0].shadows


# --- kl_80 City of Spiders ----------------------------------------------------------------

CITY = "btns_59"  # A City Besieged: a City plot (its own text replaced here)


def test_city_of_spiders_triggers_a_city_plot_of_the_used_pile(monkeypatch):
    seen = []
    monkeypatch.setitem(SCRIPTS, CITY, Script(when_revealed=lambda s, ctx: seen.append(ctx)))
    state = plots_revealed(SPIDERS, CALM, me={"used_plots": [CITY, CALM]})
    city = state.players[0].used_plots[0]
    step = head(state)
    assert step.get("purpose") == "copy_plot" and step["options"] == [city, "none"]
    state = act(state, 0, "choose", choice=city)
    assert len(seen) == 1 and seen[0]["seat"] == 0


def test_city_of_spiders_may_trigger_nothing_and_sees_only_city_plots(monkeypatch):
    seen = []
    monkeypatch.setitem(SCRIPTS, CITY, Script(when_revealed=lambda s, ctx: seen.append(ctx)))
    state = plots_revealed(SPIDERS, CALM, me={"used_plots": [CITY]})
    state = act(state, 0, "choose", choice="none")
    assert seen == []
    state = plots_revealed(SPIDERS, CALM, me={"used_plots": ["Summoning Season"]})
    assert head(state).get("purpose") != "copy_plot"  # no City plot: nothing to choose


def test_the_vipers_rage_is_not_for_a_lost_attack():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Martell", "hand": [RAGE], "in_play": [PUP]},
        first_player=1,
    )
    state = start(state, "military", [ref(state, 1, PUP)], defender=0)
    state = answer(until_defenders(state), "defenders", [ref(state, 0, HOST)])
    assert not can_use_in_window(state, 1, state.players[1].hand[0], "challenge_won")
