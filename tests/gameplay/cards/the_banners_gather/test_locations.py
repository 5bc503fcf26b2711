"""The Banners Gather's Strongholds and Siege cards in play
(gameplay/engine/cards/the_banners_gather/locations.py): kr_2, 5, 6, 9, 12, 14, 17.

Fillers: Knight of the Tumblestone (2 STR, cost 2), Lannisport Steward (2 STR, intrigue),
Host of Storm's End (6 STR, cost 5)."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from gameplay.engine.cards.vocabulary import cards_at_command, most_at_command
from gameplay.engine.steps import round_steps, run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    build,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

BRIGHTWATER, HAMMERHORN, LADDER, ASHEMARK = "kr_2", "kr_5", "kr_6", "kr_8"
TREBUCHET, WELL, NORTHLAND, CASTLE = "kr_9", "kr_12", "kr_14", "kr_17"
SOUTHRON = "kr_11"
DECK = [KNIGHT] * 8


def _from_phase(state, phase):
    """Run the round on from the start of ``phase`` (a position set up by hand first)."""
    state.queue = round_steps(phase)
    run(state)
    return settle(state)


# --- kr_2 Brightwater Keep ----------------------------------------------------------------


def _ashemark_discard(brightwater_seat):
    players = [{"in_play": [ASHEMARK, KNIGHT], "hand": [STEWARD]}, {"in_play": [KNIGHT]}]
    players[brightwater_seat]["in_play"].append(BRIGHTWATER)
    state = joust(*players)
    steward = hand(state, 0, STEWARD)[0]
    state = use(state, 0, ref(state, 0, ASHEMARK))  # its only card pays the cost
    return until_window(state, "discarded_from_hand"), steward


def test_brightwater_keep_returns_a_card_discarded_from_a_hand():
    state, steward = _ashemark_discard(1)  # the opponent's discard
    assert steward in state.players[0].discard
    keep = ref(state, 1, BRIGHTWATER)
    while waiting_seats(state)[0] != 1:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, keep, steward)
    assert steward in state.players[0].hand and steward not in state.players[0].discard
    assert state.in_play[keep].knelt


def test_brightwater_keep_must_kneel():
    state, _steward = _ashemark_discard(0)
    keep = ref(state, 0, BRIGHTWATER)
    assert uses(state, 0, keep)
    state.in_play[keep].knelt = True
    assert not uses(state, 0, keep)


# --- kr_5 Hammerhorn ----------------------------------------------------------------------


def _draw(me, them):
    players = [{"deck": DECK, **me}, {"deck": DECK, **them}]
    state = build(phase="challenges", players=players, auto_pass=False)
    return _from_phase(state, "draw")


def test_hammerhorn_the_player_with_most_cards_at_command_draws_one_less():
    state = _draw({"in_play": [HAMMERHORN, KNIGHT]}, {"hand": [STEWARD]})
    assert len(state.players[0].hand) == 1  # 2 cards at command against 1
    assert len(state.players[1].hand) == 1 + 2


def test_hammerhorn_counts_the_hand_too_and_nobody_on_a_tie():
    state = _draw({"in_play": [HAMMERHORN]}, {"hand": [STEWARD, KNIGHT]})
    assert len(state.players[0].hand) == 2
    assert len(state.players[1].hand) == 2 + 1
    tie = _draw({"in_play": [HAMMERHORN]}, {"hand": [STEWARD]})
    assert len(tie.players[0].hand) == 2 and len(tie.players[1].hand) == 1 + 2


# --- kr_6 Scaling Ladder ------------------------------------------------------------------


def _ladder(knelt, ctype):
    location = {"card": SOUTHRON, "knelt": knelt, "attachments": [LADDER]}
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT, location]})
    return start(state, ctype, [ref(state, 0, HOST)])


def _defenders_asked(state):
    for _ in range(20):
        if head(state).get("purpose") == "defenders":
            return True
        if state.challenge is None or head(state).get("name") != "window":
            return False
        state = act(state, waiting_seats(state)[0], "pass")
    return False


def test_scaling_ladder_no_defenders_in_military_challenges_while_its_location_is_knelt():
    assert not _defenders_asked(_ladder(True, "military"))
    assert _defenders_asked(_ladder(False, "military"))
    assert _defenders_asked(_ladder(True, "power"))


def test_scaling_ladder_attaches_to_a_location_only():
    state = joust(
        {"in_play": [KNIGHT, SOUTHRON], "hand": [LADDER], "gold": 3}, {}, phase="marshalling"
    )
    ladder = hand(state, 0, LADDER)[0]
    targets = {a.cards[1] for a in marshals(state, 0, ladder) if len(a.cards) > 1}
    assert targets == {ref(state, 0, SOUTHRON)}


# --- kr_9 Trebuchet -----------------------------------------------------------------------


def test_trebuchet_gives_your_participants_x_str_for_the_cards_in_hand():
    state = joust(
        {"in_play": [TREBUCHET, HOST, KNIGHT], "hand": [STEWARD, STEWARD, STEWARD]},
        {"in_play": [KNIGHT]},
    )
    host, knight = ref(state, 0, HOST), ref(state, 0, KNIGHT)
    assert not uses(state, 0, ref(state, 0, TREBUCHET))  # no challenge
    state = start(state, "military", [host])
    trebuchet = ref(state, 0, TREBUCHET)
    while waiting_seats(state)[0] != 0:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, trebuchet)
    assert trebuchet in state.players[0].discard
    assert strength(state, host) == 6 + 3 and strength(state, knight) == 2


# --- kr_12 Poisoned Well ------------------------------------------------------------------


def test_poisoned_well_returns_its_location_when_its_effect_is_triggered():
    well_on = {"card": ASHEMARK, "attachments": [WELL]}
    state = joust({"in_play": [well_on, KNIGHT], "hand": [STEWARD]}, {"in_play": [KNIGHT]})
    ashemark = ref(state, 0, ASHEMARK)
    gold = state.players[0].gold
    state = use(state, 0, ashemark)
    state = until_window(state, "ability")
    well = next(r for r in state.in_play if state.code(r) == WELL)
    while waiting_seats(state)[0] != 0:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, well)
    assert ashemark in state.players[0].hand and ashemark not in state.in_play
    for _ in range(10):
        if head(state).get("name") == "window" and head(state).get("trigger") is None:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.players[0].gold == gold + 1  # the location's effect still resolves


# --- kr_14 Northland Keep -----------------------------------------------------------------


def test_northland_keep_removes_a_participant_with_str_above_its_cost():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [NORTHLAND, KNIGHT]})
    host, knight = ref(state, 0, HOST), ref(state, 0, KNIGHT)
    keep = ref(state, 1, NORTHLAND)
    assert not uses(state, 1, keep)
    state = start(state, "military", [host, knight])
    while waiting_seats(state)[0] != 1:
        state = act(state, waiting_seats(state)[0], "pass")
    assert {a.cards[1] for a in uses(state, 1, keep)} == {host}  # Knight: STR 2, cost 2
    state = use(state, 1, keep, host)
    assert state.challenge["attackers"] == [knight] and state.in_play[keep].knelt


# --- kr_17 Castle Darry -------------------------------------------------------------------


def _standing_end(me, them):
    state = build(phase="challenges", players=[me, them], auto_pass=False)
    return _from_phase(state, "standing")


def test_castle_darry_power_for_the_most_attachments_at_the_end_of_the_standing_phase():
    more = [CASTLE, {"card": SOUTHRON, "attachments": [LADDER, WELL]}]
    state = _standing_end(
        {"in_play": more}, {"in_play": [{"card": ASHEMARK, "attachments": [WELL]}]}
    )
    assert state.players[0].power == 1
    even = [CASTLE, {"card": SOUTHRON, "attachments": [LADDER]}]
    state = _standing_end(
        {"in_play": even}, {"in_play": [{"card": ASHEMARK, "attachments": [WELL]}]}
    )
    assert state.players[0].power == 0


# --- vocabulary.command: Knights of the Hollow Hill counts as 5 cards at your command ------


def test_cards_at_command_counts_hand_play_duplicates_and_the_hollow_hill():
    players = [{"in_play": [{"card": HOST, "duplicates": [HOST]}], "hand": [KNIGHT]}, {}]
    state = agenda_position(players, {1: "bwb_59"})
    assert cards_at_command(state, 0) == 3 and cards_at_command(state, 1) == 5
    assert most_at_command(state) == 1
