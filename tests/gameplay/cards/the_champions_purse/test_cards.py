"""The Champion's Purse events, locations, attachments and the plot
(gameplay/engine/cards/the_champions_purse/cards.py).

Fillers: Host of Storm's End (Baratheon, 6 STR), Knight of the Tumblestone (Stark, 2 STR),
Lannisport Steward (Lannister, 2 STR, intrigue), Calm Over Westeros (a plot without text
that matters here), Milk of the Poppy (an attachment)."""

from __future__ import annotations

from gameplay.engine.abilities import crests, icons, keywords, strength
from gameplay.engine.leaving import leave
from gameplay.engine.steps import run
from tests.gameplay.cards.the_champions_purse.helpers import prized_power
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    SEASON_PLOT,
    STEWARD,
    act,
    answer,
    build,
    calm_marshalling,
    choose,
    code,
    defend,
    hand,
    head,
    in_play,
    joust,
    marshals,
    pass_until,
    pass_windows,
    plots_revealed,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
    watch,
)

MILK = "Milk of the Poppy"

# --- cad_23 A Taste of Glory ------------------------------------------------------------------


def test_a_taste_of_glory_pumps_each_prized_character_you_control():
    state = joust({"in_play": ["cad_35", KNIGHT], "hand": ["cad_23"]}, {"in_play": ["cad_35"]})
    poleman, knight = ref(state, 0, "cad_35"), ref(state, 0, KNIGHT)
    theirs = ref(state, 1, "cad_35")
    state = use(state, 0, hand(state, 0, "cad_23")[0])
    assert strength(state, poleman) == 4 and "renown" in keywords(state, poleman)
    assert strength(state, knight) == 2 and "renown" not in keywords(state, knight)
    assert strength(state, theirs) == 2 and "renown" not in keywords(state, theirs)


def test_a_taste_of_glory_needs_a_prized_character_and_the_challenges_phase():
    state = joust({"in_play": [KNIGHT], "hand": ["cad_23"]}, {"in_play": ["cad_35"]})
    assert not uses(state, 0, hand(state, 0, "cad_23")[0])
    state = calm_marshalling({"in_play": ["cad_35"], "hand": ["cad_23"]})
    assert not uses(state, 0, hand(state, 0, "cad_23")[0])


# --- cad_33 The Gatehouse Tower ---------------------------------------------------------------


def test_the_gatehouse_tower_with_fewer_characters_than_each_opponent():
    state = joust({"in_play": ["cad_33", KNIGHT]}, {"in_play": [HOST, STEWARD]})
    assert strength(state, ref(state, 0, KNIGHT)) == 3
    assert strength(state, ref(state, 1, STEWARD)) == 2


def test_the_gatehouse_tower_with_as_many_characters():
    state = joust({"in_play": ["cad_33", KNIGHT, HOST]}, {"in_play": [HOST, STEWARD]})
    assert strength(state, ref(state, 0, KNIGHT)) == 2


# --- cad_37 Tokar -------------------------------------------------------------------------


def test_tokar_gives_a_power_icon_and_renown_in_power_challenges():
    state = joust({"in_play": [{"card": STEWARD, "attachments": ["cad_37"]}]}, {"in_play": [HOST]})
    steward = ref(state, 0, STEWARD)
    assert "power" in icons(state, steward)
    assert "renown" not in keywords(state, steward)
    state = start(state, "power", [steward])
    assert "renown" in keywords(state, steward)


def test_tokar_gives_no_renown_in_other_challenges():
    state = joust({"in_play": [{"card": STEWARD, "attachments": ["cad_37"]}]}, {"in_play": [HOST]})
    steward = ref(state, 0, STEWARD)
    state = start(state, "intrigue", [steward])
    assert "renown" not in keywords(state, steward)


# --- cad_40 The Lost Message --------------------------------------------------------------


def test_the_lost_message_discards_an_attachment_when_revealed():
    state = plots_revealed(
        "cad_40", CALM, them={"in_play": [{"card": KNIGHT, "attachments": [MILK, "cad_37"]}]}
    )
    assert head(state).get("purpose") == "discard_attachment"
    tokar = ref(state, 1, "cad_37")
    state = answer(state, "discard_attachment", [tokar])
    assert tokar in state.players[1].discard
    assert len(in_play(state, 1, MILK)) == 1


def test_the_lost_message_without_attachments_asks_nothing():
    state = plots_revealed("cad_40", CALM, them={"in_play": [KNIGHT]})
    assert head(state).get("purpose") != "discard_attachment"


def test_the_lost_message_is_prized_when_it_goes_to_the_used_pile():
    state = build(
        phase="plot",
        players=[
            {"revealed_plot": "cad_40", "plot_deck": [CALM]},
            {"revealed_plot": CALM, "plot_deck": [CALM]},
        ],
    )
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    assert prized_power(state, 1) == 1
    assert prized_power(state, 0) == 0


# --- cad_30 Blood Orange Grove ---------------------------------------------------------------

SCOUT = "cad_29"  # Summer Sea Scout: a Learned crest, intrigue and power icons


def test_blood_orange_grove_strips_crests_and_gives_an_icon():
    state = calm_marshalling({"in_play": ["cad_30", STEWARD]}, {"in_play": [SCOUT]})
    grove, scout = ref(state, 0, "cad_30"), ref(state, 1, SCOUT)
    assert {a.cards[1] for a in uses(state, 0, grove)} == {scout}  # the Steward has no crest
    state = use(state, 0, grove, scout)
    state = choose(state, "military")
    assert not crests(state, scout)
    assert icons(state, scout) == {"military", "intrigue", "power"}
    assert state.in_play[grove].knelt


def test_blood_orange_grove_must_stand():
    state = calm_marshalling({"in_play": [{"card": "cad_30", "knelt": True}]}, {"in_play": [SCOUT]})
    assert not uses(state, 0, ref(state, 0, "cad_30"))


def test_blood_orange_grove_is_prized():
    state = calm_marshalling({"in_play": ["cad_30", STEWARD]}, {"in_play": [SCOUT]})
    grove = ref(state, 0, "cad_30")
    leave(state, [grove], "discard")  # any way out of play: here a bare discard
    run(state)
    state = pass_windows(state)
    assert grove in state.players[0].discard
    assert prized_power(state, 1) == 1 and prized_power(state, 0) == 0


# --- cad_34 Needle --------------------------------------------------------------------------------

ROBB = "Robb Stark"  # a unique Stark character


def _needle(attacker):
    state = joust(
        {"in_play": [{"card": ROBB, "attachments": ["cad_34"]}, HOST]},
        {"house": "Targaryen", "in_play": ["cad_36"]},
    )
    viserys = ref(state, 1, "cad_36")
    state = start(state, "military", [ref(state, 0, attacker)])
    return watch(state, 1, viserys, lambda s: s.challenge is None)[1]


def test_needle_stops_opponents_triggering_while_its_character_participates():
    assert not _needle(ROBB)
    assert _needle(HOST)  # Robb is not participating: Viserys may be used


def test_needle_goes_on_a_unique_stark_character_only():
    state = calm_marshalling({"in_play": [ROBB, KNIGHT, STEWARD], "hand": ["cad_34"], "gold": 5})
    needle = hand(state, 0, "cad_34")[0]
    hosts = {a.cards[1] for a in marshals(state, 0, needle) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, ROBB)}


def test_needle_is_prized_2():
    state = calm_marshalling(
        {"in_play": [{"card": ROBB, "attachments": ["cad_34"]}]}, {"in_play": ["cad_36"]}
    )
    needle = ref(state, 0, "cad_34")
    leave(state, [needle], "discard")
    run(state)
    state = pass_windows(state)
    assert needle in state.players[0].discard
    assert prized_power(state, 1) == 2


# --- cad_25 Every Captain is a King ---------------------------------------------------------

APOSTLE = "asots_4"  # Apostle of The Drowned God: a [Naval] enhanced power icon
VESSEL = "kotse_29"  # Scouting Vessel, a Warship location


def test_every_captain_is_a_king_after_a_naval_attacker():
    state = joust(
        {"house": "Greyjoy", "in_play": [APOSTLE], "hand": ["cad_25", VESSEL]},
        {"in_play": [KNIGHT]},
    )
    captain, vessel = hand(state, 0, "cad_25")[0], hand(state, 0, VESSEL)[0]
    state = start(state, "power", [ref(state, 0, APOSTLE)])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, captain)
    assert vessel in state.in_play and captain in state.players[0].discard


def test_every_captain_is_a_king_after_a_naval_defender():
    state = joust(
        {"house": "Greyjoy", "in_play": [KNIGHT], "hand": ["cad_25", VESSEL]},
        {"in_play": [APOSTLE]},
    )
    captain, vessel = hand(state, 0, "cad_25")[0], hand(state, 0, VESSEL)[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, APOSTLE)])
    state = until_window(state, "defenders_declared")
    state = use(state, 0, captain)
    assert vessel in state.in_play


def test_every_captain_is_a_king_needs_a_naval_character_and_a_warship():
    state = joust(
        {"house": "Greyjoy", "in_play": [KNIGHT], "hand": ["cad_25", VESSEL]}, {"in_play": [HOST]}
    )
    captain = hand(state, 0, "cad_25")[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert not watch(state, 0, captain, lambda s: s.challenge is None, [ref(state, 1, HOST)])[1]
    state = joust(
        {"house": "Greyjoy", "in_play": [APOSTLE], "hand": ["cad_25", KNIGHT]}, {"in_play": [HOST]}
    )
    captain = hand(state, 0, "cad_25")[0]
    state = start(state, "power", [ref(state, 0, APOSTLE)])
    assert not watch(state, 0, captain, lambda s: s.challenge is None)[1]


# --- cad_28 Counterplot ------------------------------------------------------------------------

TYRION = "core_38"  # a unique Lannister character
CERSEI_PLOT_DECK = ["cad_40", CALM]


def _counterplot(me_in_play=(TYRION,), deck=CERSEI_PLOT_DECK):
    players = [
        {
            "house": "Lannister",
            "plot_deck": [SEASON_PLOT],
            "hand": ["cad_28"],
            "in_play": list(me_in_play),
        },
        {"plot_deck": list(deck), "in_play": [{"card": KNIGHT, "attachments": [MILK]}]},
    ]
    state = build(phase="plot", players=players)
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    state = act(state, 1, "plot:choose", [state.players[1].plot_deck[0]])
    return state, hand(state, 0, "cad_28")[0]


def _answering_seat_1(state):
    step = head(state)
    return (
        step.get("trigger") == "plot_revealing"
        and step["event"]["seat"] == 1
        and waiting_seats(state)[0] == 0
    )


def _first_player(state):
    return head(state).get("name") == "first_player"


def test_counterplot_cancels_the_revealing_of_an_opponents_plot():
    state, counterplot = _counterplot()
    lost_message = state.players[1].revealed_plot
    state = pass_until(state, _answering_seat_1)
    state = use(state, 0, counterplot)
    if head(state).get("purpose") == "kneel":
        state = answer(state, "kneel", [ref(state, 0, TYRION)])
    assert state.in_play[ref(state, 0, TYRION)].knelt
    assert lost_message in state.players[1].used_plots
    assert state.code(state.players[1].revealed_plot) == code(CALM)
    state = act(state, 0, "first_player", choice="0")
    while state.phase == "plot":  # Summoning Season's search finds nothing
        step = head(state)
        if step.get("name") == "prompt":
            state = act(state, step["seat"], "done")
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert in_play(state, 1, MILK)  # The Lost Message's "when revealed" never resolved
    assert prized_power(state, 1) == 3  # Counterplot is prized 3
    assert prized_power(state, 0) == 1  # The Lost Message went to the used pile: prized 1
    assert state.players[0].limited_response_used


def test_counterplot_needs_a_standing_unique_lannister_character():
    state, counterplot = _counterplot(me_in_play=(STEWARD,))
    assert not watch(state, 0, counterplot, _first_player)[1]
    state, counterplot = _counterplot(me_in_play=({"card": TYRION, "knelt": True},))
    assert not watch(state, 0, counterplot, _first_player)[1]
    state, counterplot = _counterplot()
    assert watch(state, 0, counterplot, _first_player)[1]  # the same, standing: offered
