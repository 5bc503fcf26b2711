"""The Horn that Wakes events, location, attachment and plots
(gameplay/engine/cards/the_horn_that_wakes/cards.py).

Fillers: Host of Storm's End (Baratheon Army, 6 STR, military and power), Knight of the
Tumblestone (Stark, 2 STR), Great Keep (a location without a triggered ability), Hired Swords
(qod_8, a Targaryen character without text), Benjen Stark (core_135) and Yoren (kr_74),
Night's Watch characters."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from gameplay.engine.cards.vocabulary import when_revealed_pending
from gameplay.engine.game import apply as engine_apply
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    hand,
    head,
    initiate,
    joust,
    marshals,
    pass_until,
    plots_revealed,
    ref,
    use,
    uses,
    watch,
)

PLUNDER = "kr_66"
SECRET_ORDERS = "kr_69"
HERMITAGE = "kr_72"
AEGON = "kr_75"
LOYAL = "kr_76"
BETRAYAL = "kr_79"
BEFOULED = "kr_80"
KEEP = "Great Keep"
SWORDS = "qod_8"
BENJEN = "core_135"
YOREN = "kr_74"


# --- kr_66 Plunder -------------------------------------------------------------------------


def test_plunder_gains_1_gold_for_each_location_the_opponent_controls():
    me = {"house": "Greyjoy", "hand": [PLUNDER], "gold": 1, "in_play": [KNIGHT]}
    state = joust(me, {"in_play": [KEEP, KEEP]})
    state = use(state, 0, hand(state, 0, PLUNDER)[0])
    assert state.players[0].gold == 3


# --- kr_69 Secret Orders -------------------------------------------------------------------


def test_secret_orders_sets_base_str_to_its_controllers_gold_until_the_end_of_the_phase():
    me = {"house": "Lannister", "hand": [SECRET_ORDERS, SECRET_ORDERS], "gold": 5}
    state = joust({**me, "in_play": [KNIGHT]}, {"in_play": [KNIGHT], "gold": 1})
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    state = use(state, 0, hand(state, 0, SECRET_ORDERS)[0], theirs)
    assert strength(state, theirs) == 1  # its controller's gold
    state = use(state, 0, hand(state, 0, SECRET_ORDERS)[0], mine)
    assert strength(state, mine) == 5


# --- kr_72 Dornish Hermitage ---------------------------------------------------------------


def test_dornish_hermitage_discards_a_card_to_give_an_icon_of_your_choice():
    me = {"house": "Martell", "in_play": [HERMITAGE, STEWARD], "hand": [KNIGHT, KNIGHT]}
    state = joust(me, {})
    steward = ref(state, 0, STEWARD)
    state = engine_apply(state, uses(state, 0, ref(state, 0, HERMITAGE))[0])
    if head(state).get("purpose") == "discard_cost":
        state = engine_apply(state, f"p0:select:{state.players[0].hand[0]}")
    if head(state).get("purpose") == "discard_cost":
        state = engine_apply(state, "p0:done")
    assert len(state.players[0].hand) == 1
    prompt = head(state)
    assert prompt["purpose"] == "gain_icon" and prompt["options"] == ["military", "power"]
    state = engine_apply(state, "p0:choose=power")
    assert icons(state, steward) == {"intrigue", "power"}


def test_dornish_hermitage_needs_a_card_in_hand():
    state = joust({"house": "Martell", "in_play": [HERMITAGE, KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, HERMITAGE))


# --- kr_75 Aegon's Favor -------------------------------------------------------------------


def test_aegons_favor_discards_the_top_card_for_1_str_5_times_a_round():
    knight = {"card": KNIGHT, "attachments": [AEGON]}
    state = joust({"house": "Targaryen", "in_play": [knight], "deck": [KNIGHT] * 8}, {})
    knight_ref, favor = ref(state, 0, KNIGHT), ref(state, 0, AEGON)
    for times in range(1, 6):
        state = use(state, 0, favor)
        assert strength(state, knight_ref) == 2 + times
        assert len(state.players[0].deck) == 8 - times
    assert not uses(state, 0, favor)  # Limit 5 per round


def test_aegons_favor_needs_a_deck_and_goes_on_your_own_character():
    knight = {"card": KNIGHT, "attachments": [AEGON]}
    state = joust({"house": "Targaryen", "in_play": [knight]}, {})
    assert not uses(state, 0, ref(state, 0, AEGON))  # no card to discard
    me = {"house": "Targaryen", "gold": 5, "hand": [AEGON], "in_play": [KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]}, phase="marshalling")
    favor = hand(state, 0, AEGON)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, favor) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, KNIGHT)}


# --- kr_76 Loyal to the Last ---------------------------------------------------------------


def _attacked(ctype):
    them = {"house": "Targaryen", "hand": [LOYAL, LOYAL], "in_play": [SWORDS] * 4}
    state = joust({"house": "Baratheon", "in_play": [HOST]}, them)
    return initiate(state, ctype, [ref(state, 0, HOST)])


def test_loyal_to_the_last_kneels_2_targaryen_characters_to_kill_all_attackers():
    state = _attacked("power")
    host = ref(state, 0, HOST)
    state = engine_apply(state, uses(state, 1, hand(state, 1, LOYAL)[0])[0])
    assert head(state)["purpose"] == "kneel_cost"
    swords = [ref(state, 1, SWORDS, i) for i in range(2)]
    for sword in swords:
        state = engine_apply(state, f"p1:select:{sword}")
    if head(state).get("purpose") == "kneel_cost":
        state = engine_apply(state, "p1:done")
    assert all(state.in_play[s].knelt for s in swords)
    state = pass_until(state, lambda s: host in s.players[0].dead)


def test_loyal_to_the_last_only_in_a_power_challenge_and_once_per_challenge():
    state = _attacked("military")
    loyal = hand(state, 1, LOYAL)[0]
    _, offered = watch(state, 1, loyal, lambda s: s.challenge is None, [])
    assert not offered
    state = _attacked("power")
    first, second = hand(state, 1, LOYAL)
    assert uses(state, 1, second)
    state = engine_apply(state, uses(state, 1, first)[0])
    assert not uses(state, 1, second)


# --- kr_79 Betrayal at the Wall ------------------------------------------------------------


def test_betrayal_at_the_wall_reveals_a_new_plot_with_2_nights_watch_or_wildlings():
    me = {"plot_deck": [BETRAYAL, CALM], "in_play": [BENJEN, YOREN]}
    state = plots_revealed(BETRAYAL, CALM, me=me)
    assert state.code(state.players[0].revealed_plot) != BETRAYAL


def test_betrayal_at_the_wall_needs_2_such_characters_and_cannot_be_canceled():
    me = {"plot_deck": [BETRAYAL, CALM], "in_play": [BENJEN]}
    state = plots_revealed(BETRAYAL, CALM, me=me)
    plot = state.players[0].revealed_plot
    assert state.code(plot) == BETRAYAL
    ctx = {"event": {"card": plot}, "seat": 1, "source": plot}
    assert not when_revealed_pending(state, ctx)


# --- kr_80 Befouled River ------------------------------------------------------------------


def test_befouled_river_makes_the_player_with_most_cards_at_command_discard_2():
    me = {"plot_deck": [BEFOULED], "hand": [KNIGHT, KNIGHT], "in_play": [KNIGHT]}
    state = plots_revealed(BEFOULED, CALM, me=me, them={"in_play": [KNIGHT]})
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 0
    assert len(prompt["candidates"]) == 3
    for card in prompt["candidates"][:2]:
        state = engine_apply(state, f"p0:select:{card}")
    if head(state).get("purpose") == "discard":
        state = engine_apply(state, "p0:done")
    assert len(state.players[0].discard) == 2


def test_befouled_river_nobody_discards_on_a_tie():
    me = {"plot_deck": [BEFOULED], "in_play": [KNIGHT]}
    state = plots_revealed(BEFOULED, CALM, me=me, them={"in_play": [KNIGHT]})
    assert head(state).get("purpose") != "discard"
    assert not state.players[0].discard and not state.players[1].discard


def test_aegons_favor_only_in_the_challenges_phase():
    knight = {"card": KNIGHT, "attachments": [AEGON]}
    me = {"house": "Targaryen", "in_play": [knight], "deck": [KNIGHT] * 3}
    state = joust(me, {}, phase="marshalling")
    assert not uses(state, 0, ref(state, 0, AEGON))


def test_loyal_to_the_last_needs_2_of_your_targaryen_characters_to_kneel():
    them = {"house": "Targaryen", "hand": [LOYAL], "in_play": [SWORDS, KNIGHT]}
    state = joust({"house": "Baratheon", "in_play": [HOST]}, them)
    state = initiate(state, "power", [ref(state, 0, HOST)])
    _, offered = watch(state, 1, hand(state, 1, LOYAL)[0], lambda s: s.challenge is None, [])
    assert not offered
