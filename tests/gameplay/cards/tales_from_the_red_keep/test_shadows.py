"""Tales from the Red Keep: what answers a card coming out of Shadows
(tales_from_the_red_keep/shadows.py): "kl_63" Maester Malleon's Tome, "kl_66" The Queen of
Thorns, "kl_67" Margaery Tyrell, "kl_68" The Black Cells, "kl_70" Blackwater Raiders."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import icons, is_blank, strength
from gameplay.engine.cards.vocabulary import kneel_card, stand_card
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import can_attack
from tests.gameplay.cardtest import (
    act,
    calm_marshalling,
    head,
    ref,
    set_season,
    shadow,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)

TOME = "kl_63"
QUEEN = "kl_66"
MARGAERY = "kl_67"
CELLS = "kl_68"
BOATSWAIN = "kl_69"
RAIDERS = "kl_70"
SYRIO = "kl_77"
SANSA = "kl_61"
KNIGHT = "Knight of the Tumblestone"
PUP = "Direwolf Pup"
BEN = "Brown Ben Plumm"
KEEP = "Great Keep"


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


def out(state, seat, card, host=None):
    """``seat`` brings ``card`` out of its Shadows (onto ``host``), up to the response
    window of ``came_out_of_shadows`` where ``seat`` decides."""
    cards = [card] if host is None else [card, host]
    state = act(state, seat, "use", cards, "shadow")
    return state


def in_came_out_window(state, seat):
    return until_seat(until_window(state, "came_out_of_shadows"), seat)


# --- kl_66 The Queen of Thorns ------------------------------------------------------------


def test_the_queen_of_thorns_claims_a_power_after_a_card_comes_out_of_shadows():
    state = calm_marshalling({"in_play": [QUEEN]}, {"in_play": [PUP]})
    syrio = shadow(state, 1, SYRIO)  # any player's card
    # Seat 1 brings Syrio out in seat 0's marshalling turn (an action window).
    queen = ref(state, 0, QUEEN)
    state = _seat_acts_in_window(state, 1, lambda s: out(s, 1, syrio))
    state = in_came_out_window(state, 0)
    state = use(state, 0, queen)
    assert state.in_play[queen].power == 1


def _seat_acts_in_window(state, seat, action):
    """Let the other seats pass until ``seat`` may act in an action window, then act."""
    for _ in range(20):
        if seat in waiting_seats(state):
            return action(state)
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(head(state))


def test_the_queen_of_thorns_claims_once_per_phase():
    state = calm_marshalling({"in_play": [QUEEN], "gold": 5})
    first, second = shadow(state, 0, SYRIO), shadow(state, 0, RAIDERS)
    queen = ref(state, 0, QUEEN)
    state = use(in_came_out_window(out(state, 0, first), 0), 0, queen)
    state = out(_back_to_turn(state), 0, second)
    assert not can_use_in_window(state, 0, queen, "came_out_of_shadows")
    assert state.in_play[queen].power == 1


def _back_to_turn(state):
    """Pass the response windows until seat 0's own turn window is back."""
    for _ in range(20):
        if head(state).get("point") == "marshal":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(head(state))


# --- kl_67 Margaery Tyrell ----------------------------------------------------------------


def test_margaery_tyrell_blanks_a_non_lady_character_until_the_end_of_the_phase():
    state = calm_marshalling({"in_play": [MARGAERY, SANSA]}, {"in_play": [BOATSWAIN]})
    syrio = shadow(state, 0, SYRIO)
    shadow(state, 1, RAIDERS)
    margaery, boatswain = ref(state, 0, MARGAERY), ref(state, 1, BOATSWAIN)
    state = in_came_out_window(out(state, 0, syrio), 0)
    targets = {a.cards[1] for a in uses(state, 0, margaery)}
    assert targets == {boatswain, syrio}  # Margaery and Sansa are Ladies
    assert strength(state, boatswain) == 2  # 4, -2 for the card still in Shadows
    state = use(state, 0, margaery, boatswain)
    assert is_blank(state, boatswain) and strength(state, boatswain) == 4
    state = _back_to_turn(state)
    while state.phase == "marshalling":
        state = act(state, waiting_seats(state)[0], "pass")
    assert not is_blank(state, boatswain)


# --- kl_68 The Black Cells ----------------------------------------------------------------


def test_the_black_cells_keeps_an_opponents_character_from_kneeling_or_standing():
    state = calm_marshalling(
        {"in_play": [CELLS, KNIGHT]},
        {"in_play": [PUP, {"card": BEN, "knelt": True}]},
    )
    syrio = shadow(state, 0, SYRIO)
    cells, pup, ben = ref(state, 0, CELLS), ref(state, 1, PUP), ref(state, 1, BEN)
    state = in_came_out_window(out(state, 0, syrio), 0)
    targets = {a.cards[1] for a in uses(state, 0, cells)}
    assert targets == {pup, ben}  # an opponent's character only
    state = use(state, 0, cells, pup)
    assert state.in_play[cells].knelt
    kneel_card(state, pup)
    assert not state.in_play[pup].knelt
    assert pup not in can_attack(state, 1, "military")


def test_the_black_cells_keeps_a_knelt_character_knelt_and_needs_to_kneel():
    state = calm_marshalling(
        {"in_play": [CELLS, KNIGHT]}, {"in_play": [{"card": BEN, "knelt": True}]}
    )
    first = shadow(state, 0, SYRIO)
    cells, ben = ref(state, 0, CELLS), ref(state, 1, BEN)
    state = use(in_came_out_window(out(state, 0, first), 0), 0, cells, ben)
    stand_card(state, ben)
    moves.stand(state, ben)
    assert state.in_play[ben].knelt
    # Knelt now, the Cells cannot answer the next card coming out.
    second = shadow(state, 0, RAIDERS)
    state.players[0].gold = 5
    state = out(_back_to_turn(state), 0, second)
    assert not can_use_in_window(state, 0, cells, "came_out_of_shadows")


# --- kl_70 Blackwater Raiders -------------------------------------------------------------


def test_blackwater_raiders_put_a_location_from_an_opponents_discard_pile_into_play():
    state = calm_marshalling({"gold": 2, "discard": [KEEP]}, {"discard": [KEEP, PUP]})
    raiders = shadow(state, 0, RAIDERS)
    theirs, mine = state.players[1].discard[0], state.players[0].discard[0]
    state = in_came_out_window(out(state, 0, raiders), 0)
    assert {a.cards[1] for a in uses(state, 0, raiders)} == {theirs}  # not mine, no character
    state = use(state, 0, raiders, theirs)
    assert theirs in state.players[0].in_play and state.in_play[theirs].controller == 0
    assert mine in state.players[0].discard and state.players[0].gold == 0


# --- kl_63 Maester Malleon's Tome ---------------------------------------------------------


def _tome_out(season: str | None = None):
    state = calm_marshalling({"gold": 2, "in_play": [SANSA, KNIGHT]}, {"in_play": [BEN]})
    if season:
        set_season(state, season)
    tome = shadow(state, 0, TOME)
    knight = ref(state, 0, KNIGHT)
    state = in_came_out_window(out(state, 0, tome, knight), 0)
    return state, tome, knight


def test_maester_malleons_tome_moves_to_a_unique_character_and_gives_an_intrigue_icon():
    state, tome, knight = _tome_out()
    sansa, ben = ref(state, 0, SANSA), ref(state, 1, BEN)
    assert {a.cards[1] for a in uses(state, 0, tome)} == {sansa, ben}  # the Knight is no unique
    plots = list(state.players[1].plot_deck)
    state = use(state, 0, tome, ben)
    assert state.in_play[tome].attached_to == ben
    assert "intrigue" in icons(state, ben) and "intrigue" not in icons(state, knight)
    assert state.players[1].plot_deck == plots  # not Winter: no plot moves


def test_maester_malleons_tome_in_winter_moves_an_opponents_plot_to_the_used_pile():
    state, tome, _ = _tome_out("Winter")
    sansa = ref(state, 0, SANSA)
    state = use(state, 0, tome, sansa)
    step = head(state)
    assert step.get("purpose") == "used_pile" and step["seat"] == 0
    selectable = {a.cards[0] for a in legal_actions(state, 0) if a.kind == "select"}
    assert selectable == set(state.players[1].plot_deck)  # the opponent's unused plots
    plot = state.players[1].plot_deck[0]
    state = act(state, 0, "select", [plot])
    if head(state).get("purpose") == "used_pile":
        state = act(state, 0, "done")
    assert plot in state.players[1].used_plots and plot not in state.players[1].plot_deck
