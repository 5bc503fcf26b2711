"""A Sword in the Darkness: the locations, the attachment, the events and the plot
(a_sword_in_the_darkness/others.py), played through legal actions and windows."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.cards.vocabulary.north import north_agendas
from tests.gameplay.cards.a_sword_in_the_darkness.helpers import finish_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    SEASON_PLOT,
    act,
    agenda_position,
    answer,
    build,
    choose,
    end_turn,
    events,
    hand,
    head,
    joust,
    pass_until,
    plotted,
    ref,
    resolved,
    start,
    to_window,
    until_seat,
    use,
    uses,
    waiting_seats,
)

RETREAT = "dotn_42"
FAVORS = "dotn_44"
THRONE = "dotn_46"
ESCORT = "dotn_48"
FEAST = "dotn_50"
STARFALL = "dotn_52"
SWORD = "dotn_54"
BIRD = "ator_16"  # Carrion Bird: shuffles a Raven from play into its deck after a win
LONGCLAW = "dotn_55"
OVER_THE_WALL = "dotn_58"
BUILDERS = "dotn_59"
AT_THE_WALL = "dotn_60"
JON = "dotn_41"
ORELL = "dotn_56"
BENJEN = "core_135"  # Benjen Stark: a Night's Watch character that may take attachments
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: +2 influence
CROSSROADS = "core_138"  # +1 influence
MARAUDER = "asots_24"  # Ironborn Marauder: a Greyjoy character without text
SILENCE = "bwb_71"  # Longship Silence: a unique Warship location
SWEET_CERSEI = "kl_27"  # Sweet Cersei: a unique Warship location
SCOUTING = "kotse_29"  # Scouting Vessel: a non-unique Warship location
DAYNE_KNIGHT = "pots_11"  # House Dayne Knight: House Dayne, military and intrigue


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", "revealed_plot": SEASON_PLOT, **me},
        {"house": "Lannister", "revealed_plot": SEASON_PLOT, **(them or {})},
        phase="marshalling",
    )


def never_offered(state, seat: int, card: str, defenders=(), limit: int = 100):
    """Pass to the end of the challenge under way (declaring ``defenders``), checking at
    each decision of ``seat`` that ``card`` (a ref) has no legal use."""
    for _ in range(limit):
        done = len(events(state, "challenge_resolved")) == len(events(state, "challenge"))
        if done and state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step.get("candidates", [])[: step["min"]])
            continue
        if waiting_seats(state)[0] == seat:
            assert uses(state, seat, card) == []
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


# --- dotn_42 Feigned Retreat -------------------------------------------------------------


def test_dotn_42_feigned_retreat_wins_the_military_challenge_an_opponent_would_win():
    state = plotted({"in_play": [KNIGHT, FIEFDOM], "hand": [RETREAT]}, {"in_play": [HOST]})
    knight, host = ref(state, 0, KNIGHT), ref(state, 1, HOST)
    retreat = hand(state, 0, RETREAT)[0]
    state = start(state, "military", [knight])
    state = to_window(state, "would_win_military", defenders=[host])
    state = until_seat(state, 0)
    state = use(state, 0, retreat)  # kneels the Fiefdom, the only influence, at once
    assert events(state, "influence")[-1]["cards"] == [ref(state, 0, FIEFDOM)]
    state = finish_challenge(state)
    assert resolved(state)["winner"] == 0
    assert events(state, "challenge_winner_changed")[-1]["seat"] == 0
    assert host not in state.in_play  # the Military claim against seat 1


def test_dotn_42_feigned_retreat_only_against_a_military_challenge_you_would_lose():
    state = plotted({"in_play": [KNIGHT, FIEFDOM], "hand": [RETREAT]}, {"in_play": [HOST]})
    retreat = hand(state, 0, RETREAT)[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = never_offered(state, 0, retreat, [ref(state, 1, HOST)])
    assert resolved(state)["winner"] == 1
    state = plotted({"in_play": [HOST, FIEFDOM], "hand": [RETREAT]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = never_offered(state, 0, hand(state, 0, RETREAT)[0], [ref(state, 1, KNIGHT)])
    assert resolved(state)["winner"] == 0


def test_dotn_42_feigned_retreat_needs_2_influence():
    state = plotted({"in_play": [KNIGHT, CROSSROADS], "hand": [RETREAT]}, {"in_play": [HOST]})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = never_offered(state, 0, hand(state, 0, RETREAT)[0], [ref(state, 1, HOST)])
    assert resolved(state)["winner"] == 1


# --- dotn_44 Favors from on High ---------------------------------------------------------


def test_dotn_44_favors_from_on_high_turns_house_power_into_gold():
    state = marshalling({"house": "Lannister", "power": 3, "hand": [FAVORS]})
    state = use(state, 0, hand(state, 0, FAVORS)[0])
    assert head(state)["purpose"] == "choose_x" and head(state)["options"] == ["1", "2", "3"]
    state = choose(state, "2")
    assert state.players[0].power == 1 and state.players[0].gold == 2


def test_dotn_44_favors_from_on_high_takes_power_from_cards_you_control():
    state = marshalling(
        {
            "house": "Lannister",
            "power": 1,
            "hand": [FAVORS],
            "in_play": [{"card": KNIGHT, "power": 1}],
        }
    )
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, hand(state, 0, FAVORS)[0])
    state = choose(state, "2")
    assert head(state)["purpose"] == "discard_power_from"
    assert head(state)["options"] == ["house", knight]
    state = choose(state, knight)
    assert state.in_play[knight].power == 0 and state.players[0].power == 0
    assert state.players[0].gold == 2


def test_dotn_44_favors_from_on_high_needs_power_of_your_own():
    state = marshalling(
        {"house": "Lannister", "hand": [FAVORS]},
        {"power": 3, "in_play": [{"card": KNIGHT, "power": 2}]},
    )
    assert uses(state, 0, hand(state, 0, FAVORS)[0]) == []


# --- dotn_46 The Iron Throne -------------------------------------------------------------


def test_dotn_46_the_iron_throne_wins_dominance_automatically():
    state = build(
        phase="dominance",
        players=[
            {"house": "Baratheon", "revealed_plot": SEASON_PLOT, "in_play": [THRONE]},
            {"revealed_plot": SEASON_PLOT, "in_play": [HOST], "gold": 5},
        ],
    )
    assert events(state, "dominance")[-1]["seat"] == 0


def test_dotn_46_the_iron_throne_not_when_another_player_controls_one():
    state = build(
        phase="dominance",
        players=[
            {"house": "Baratheon", "revealed_plot": SEASON_PLOT, "in_play": [THRONE]},
            {"revealed_plot": SEASON_PLOT, "in_play": [HOST, THRONE], "gold": 5},
        ],
    )
    assert events(state, "dominance")[-1]["seat"] == 1


# --- dotn_48 Naval Escort ----------------------------------------------------------------


def test_dotn_48_naval_escort_kneels_warships_to_give_x_characters_x_str():
    state = marshalling(
        {"house": "Greyjoy", "in_play": [ESCORT, MARAUDER, SILENCE, SWEET_CERSEI, SCOUTING]},
        {"in_play": [KNIGHT, HOST]},
    )
    escort, silence = ref(state, 0, ESCORT), ref(state, 0, SILENCE)
    marauder, host, knight = ref(state, 0, MARAUDER), ref(state, 1, HOST), ref(state, 1, KNIGHT)
    state = use(state, 0, escort)
    assert head(state)["purpose"] == "kneel"
    assert sorted(head(state)["candidates"]) == sorted([silence, ref(state, 0, SWEET_CERSEI)])
    state = answer(state, "kneel", [silence])
    assert state.in_play[escort].knelt and state.in_play[silence].knelt
    assert head(state)["purpose"] == "strength" and head(state)["min"] == 2
    state = answer(state, "strength", [marauder, host])
    assert strength(state, marauder) == 2 + 2 and strength(state, host) == 6 + 2
    assert strength(state, knight) == 2
    assert not state.in_play[ref(state, 0, SCOUTING)].knelt  # not unique: not a choice


def test_dotn_48_naval_escort_alone_gives_one_character_1_str():
    state = marshalling({"house": "Greyjoy", "in_play": [ESCORT, MARAUDER]}, {"in_play": [HOST]})
    marauder = ref(state, 0, MARAUDER)
    state = use(state, 0, ref(state, 0, ESCORT))
    state = answer(state, "strength", [marauder])
    assert strength(state, marauder) == 3


def test_dotn_48_naval_escort_is_discarded_without_a_greyjoy_character():
    state = marshalling({"house": "Greyjoy", "in_play": [ESCORT, KNIGHT]})
    assert [state.code(r) for r in state.players[0].discard] == [ESCORT]
    state = marshalling({"house": "Greyjoy", "in_play": [ESCORT, MARAUDER]})
    assert ref(state, 0, ESCORT) in state.in_play


# --- dotn_50 The Hatchlings' Feast -------------------------------------------------------


def test_dotn_50_the_hatchlings_feast_gives_minus_1_2_and_3_str_in_the_order_chosen():
    state = marshalling(
        {"house": "Targaryen", "in_play": [HOST, FIEFDOM, CROSSROADS], "hand": [FEAST]},
        {"in_play": [KNIGHT, MARAUDER, {"card": JON, "attachments": [LONGCLAW]}]},
    )
    host, knight, marauder = ref(state, 0, HOST), ref(state, 1, KNIGHT), ref(state, 1, MARAUDER)
    state = use(state, 0, hand(state, 0, FEAST)[0])
    assert ref(state, 1, JON) not in head(state)["candidates"]  # it has an attachment
    state = answer(state, "minus_1_str", [host])
    state = answer(state, "minus_2_str", [knight])
    assert head(state).get("purpose") != "minus_3_str"  # the last one is chosen by itself
    assert strength(state, host) == 5 and strength(state, knight) == 0
    assert strength(state, marauder) == 0  # 2 - 3
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert strength(state, host) == 6


def test_dotn_50_the_hatchlings_feast_needs_3_influence_and_3_characters():
    state = marshalling(
        {"house": "Targaryen", "in_play": [HOST, FIEFDOM], "hand": [FEAST]},
        {"in_play": [KNIGHT, MARAUDER]},
    )
    assert uses(state, 0, hand(state, 0, FEAST)[0]) == []  # 2 influence
    state = marshalling(
        {"house": "Targaryen", "in_play": [HOST, FIEFDOM, CROSSROADS], "hand": [FEAST]},
        {"in_play": [KNIGHT, {"card": JON, "attachments": [LONGCLAW]}]},
    )
    assert uses(state, 0, hand(state, 0, FEAST)[0]) == []  # 2 characters without attachments


# --- dotn_52 Starfall --------------------------------------------------------------------


def test_dotn_52_starfall_places_gold_on_a_dayne_character_that_won():
    state = plotted({"house": "Martell", "in_play": [STARFALL, DAYNE_KNIGHT, KNIGHT]}, {})
    dayne, starfall = ref(state, 0, DAYNE_KNIGHT), ref(state, 0, STARFALL)
    state = start(state, "intrigue", [dayne])
    state = to_window(state, "challenge_won")
    assert [a.cards for a in uses(state, 0, starfall)] == [(starfall, dayne)]
    state = use(state, 0, starfall, dayne)
    assert state.in_play[dayne].gold == 1 and strength(state, dayne) == 1 + 1
    knight = ref(state, 0, KNIGHT)
    state.in_play[knight].gold = 2
    assert strength(state, knight) == 2  # not House Dayne


def test_dotn_52_starfall_only_after_a_win_with_a_dayne_character():
    state = plotted({"house": "Martell", "in_play": [STARFALL, DAYNE_KNIGHT, KNIGHT]}, {})
    starfall = ref(state, 0, STARFALL)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = never_offered(state, 0, starfall)
    assert resolved(state)["winner"] == 0
    state = plotted({"house": "Martell", "in_play": [STARFALL, DAYNE_KNIGHT]}, {"in_play": [HOST]})
    state = start(state, "military", [ref(state, 0, DAYNE_KNIGHT)])
    state = never_offered(state, 0, ref(state, 0, STARFALL), [ref(state, 1, HOST)])
    assert resolved(state)["winner"] == 1


# --- dotn_54 The Sword in the Darkness ---------------------------------------------------


def test_dotn_54_the_sword_in_the_darkness_draws_2_after_a_military_win_with_the_watch():
    state = plotted({"in_play": [JON], "hand": [SWORD], "deck": [KNIGHT] * 4}, {})
    state = start(state, "military", [ref(state, 0, JON)])
    state = to_window(state, "challenge_won")
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, SWORD)[0])
    assert len(hand(state, 0, KNIGHT)) == 2


def test_dotn_54_the_sword_in_the_darkness_needs_military_and_the_nights_watch():
    state = plotted({"in_play": [JON], "hand": [SWORD], "deck": [KNIGHT] * 4}, {})
    state = start(state, "power", [ref(state, 0, JON)])
    state = never_offered(state, 0, hand(state, 0, SWORD)[0])
    state = plotted({"in_play": [JON, KNIGHT], "hand": [SWORD], "deck": [KNIGHT] * 4}, {})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = never_offered(state, 0, hand(state, 0, SWORD)[0])
    assert resolved(state)["winner"] == 0


def test_dotn_54_a_participant_shuffled_into_its_deck_no_longer_counts():
    """Carrion Bird (ator_16) attacks beside Jon Snow, then shuffles itself into its deck
    after the win: the window goes on (the Sword asks its condition of a participant that
    has a fresh id in the deck now: it was a crash, found by a whole-pool soak), and Jon,
    still in play, lets the Sword draw (RULINGS, "Participants gone to a deck")."""
    from gameplay.engine.cards.vocabulary.challenges import participants
    from gameplay.engine.game import legal_actions

    state = plotted({"in_play": [JON, BIRD], "hand": [SWORD], "deck": [KNIGHT] * 4}, {})
    jon, bird = ref(state, 0, JON), ref(state, 0, BIRD)
    state = start(state, "military", [bird, jon])  # the bird is asked about first
    state = to_window(state, "challenge_won")
    state = until_seat(state, 0)
    state = use(state, 0, bird)  # from play (its only choice), itself (its only Raven)
    while head(state).get("name") == "prompt":
        purpose = head(state)["purpose"]
        if purpose == "carrion_bird":
            state = act(state, 0, "choose", choice="from_play")
        else:
            state = answer(state, purpose, [bird] if purpose == "shuffle_into_deck" else [])
    assert bird not in state.cards and BIRD in [state.code(r) for r in state.players[0].deck]
    event = head(state)["event"]
    assert participants(event) == [bird, jon] and participants(event, state) == [jon]
    sword = hand(state, 0, SWORD)[0]
    state = until_seat(state, 0)
    assert any(a.cards == (sword,) for a in legal_actions(state, 0))
    state = use(state, 0, sword)
    assert len(hand(state, 0, KNIGHT)) == 2


# --- dotn_55 Longclaw --------------------------------------------------------------------


def test_dotn_55_longclaw_gives_renown_and_jon_snow_2_str():
    state = marshalling(
        {"in_play": [{"card": JON, "attachments": [LONGCLAW]}]},
        {"in_play": [{"card": KNIGHT, "attachments": [LONGCLAW]}]},
    )
    jon, knight = ref(state, 0, JON), ref(state, 1, KNIGHT)
    assert strength(state, jon) == 3 + 2 and "renown" in keywords(state, jon)
    assert strength(state, knight) == 2 and "renown" in keywords(state, knight)


def _jon_killed(choose_host: bool):
    state = plotted(
        {"in_play": [{"card": JON, "attachments": [LONGCLAW]}, BENJEN, KNIGHT]},
        {"in_play": [HOST]},
        first_player=1,
    )
    jon, benjen = ref(state, 0, JON), ref(state, 0, BENJEN)
    longclaw = ref(state, 0, LONGCLAW)
    state = start(state, "military", [ref(state, 1, HOST)])
    state = answer(state, "defenders", [])
    state = pass_until(state, lambda s: head(s).get("purpose") in ("claim_military", "claim_kill"))
    state = answer(state, head(state)["purpose"], [jon])
    state = pass_until(state, lambda s: head(s).get("purpose") == "attach")
    assert head(state)["seat"] == 0 and head(state)["candidates"] == [benjen]  # not the Knight
    state = answer(state, "attach", [benjen] if choose_host else [])
    return state, longclaw, benjen


def test_dotn_55_longclaw_may_go_onto_a_nights_watch_character_when_its_bearer_leaves():
    state, _, benjen = _jon_killed(True)
    new = [r for r in state.players[0].in_play if state.code(r) == LONGCLAW]
    assert len(new) == 1 and state.in_play[new[0]].attached_to == benjen
    assert "renown" in keywords(state, benjen)
    assert not [r for r in state.players[0].discard if state.code(r) == LONGCLAW]


def test_dotn_55_longclaw_may_stay_in_the_discard_pile():
    state, _, _ = _jon_killed(False)
    assert [state.code(r) for r in state.players[0].discard] == [LONGCLAW]


# --- dotn_58 Over the Wall ---------------------------------------------------------------


def test_dotn_58_over_the_wall_takes_a_location_until_the_end_of_the_phase():
    state = marshalling({"hand": [ORELL, OVER_THE_WALL], "gold": 5}, {"in_play": [CROSSROADS]})
    crossroads = ref(state, 1, CROSSROADS)
    state = act(state, 0, "marshal:play", [hand(state, 0, ORELL)[0]])
    state = until_seat(state, 0) if head(state).get("trigger") == "entered_play" else state
    assert head(state).get("trigger") == "entered_play"
    state = use(state, 0, hand(state, 0, OVER_THE_WALL)[0], crossroads)
    assert state.in_play[crossroads].controller == 0
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert crossroads not in state.in_play and crossroads in state.players[1].hand


def test_dotn_58_over_the_wall_only_for_your_wildling_character():
    state = marshalling({"hand": [KNIGHT, OVER_THE_WALL], "gold": 5}, {"in_play": [CROSSROADS]})
    wall = hand(state, 0, OVER_THE_WALL)[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    assert head(state).get("trigger") in ("entered_play", None)
    assert uses(state, 0, wall) == []


# --- dotn_60 At the Wall -----------------------------------------------------------------


def test_dotn_60_at_the_wall_counts_one_more_the_north_agenda():
    state = plotted({"revealed_plot": AT_THE_WALL}, {})
    assert north_agendas(state, 0) == 1 and north_agendas(state, 1) == 0
    state = agenda_position([{"revealed_plot": AT_THE_WALL}, {}], {0: BUILDERS, 1: BUILDERS})
    assert north_agendas(state, 0) == 2 and north_agendas(state, 1) == 1


def test_dotn_58_over_the_wall_not_for_an_opponents_wildling():
    state = marshalling({"hand": [OVER_THE_WALL]}, {"hand": [ORELL], "in_play": [CROSSROADS]})
    wall = hand(state, 0, OVER_THE_WALL)[0]
    state = end_turn(state)
    assert head(state)["point"] == "marshal" and head(state)["turn"] == 1
    state = act(state, 1, "marshal:play", [hand(state, 1, ORELL)[0]])
    assert ref(state, 1, ORELL) in state.in_play
    for _ in range(10):
        if head(state).get("trigger") not in ("entered_play", "played"):
            break
        if waiting_seats(state)[0] == 0:
            assert uses(state, 0, wall) == []
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.in_play[ref(state, 1, CROSSROADS)].controller == 1
    assert wall in state.players[0].hand


def test_dotn_48_naval_escort_str_lasts_until_the_end_of_the_phase():
    state = marshalling({"house": "Greyjoy", "in_play": [ESCORT, MARAUDER]}, {"in_play": [HOST]})
    marauder = ref(state, 0, MARAUDER)
    state = use(state, 0, ref(state, 0, ESCORT))
    state = answer(state, "strength", [marauder])
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert strength(state, marauder) == 2


def test_dotn_54_the_sword_in_the_darkness_not_after_a_loss():
    state = plotted({"in_play": [JON], "hand": [SWORD], "deck": [KNIGHT] * 4}, {"in_play": [HOST]})
    state = start(state, "military", [ref(state, 0, JON)])
    state = never_offered(state, 0, hand(state, 0, SWORD)[0], [ref(state, 1, HOST)])
    assert resolved(state)["winner"] == 1
