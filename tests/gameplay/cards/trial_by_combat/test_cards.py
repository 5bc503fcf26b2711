"""Trial By Combat cards (gameplay/engine/cards/trial_by_combat/): each card's effect in a
position, played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, immune_to, keywords, season, strength, traits
from gameplay.engine.rules import attachment_targets, facts
from tests.gameplay.cardtest import (
    act,
    agenda_position,
    answer,
    build,
    challenges_over,
    choose,
    defend,
    head,
    joust,
    marshalling,
    on_house,
    pass_until,
    plotted,
    ref,
    set_season,
    start,
    until_seat,
    until_window,
    use,
    uses,
    watch,
    won_window,
)

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, no text
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, no text
CALM = "Calm Over Westeros"  # no when revealed effect
ATTACKER = {"in_play": [HOST]}


# --- atoc_89 Dragon Knight ----------------------------------------------------------------


def _knight_position():
    return build(
        players=[
            {
                "house": "Targaryen",
                "revealed_plot": CALM,
                "hand": ["atoc_89", STEWARD],
                "gold": 9,
            },
            {"revealed_plot": CALM, "in_play": [HOST]},
        ]
    )


def test_dragon_knight_gives_a_character_minus_one_str_after_it_comes_into_play():
    state = _knight_position()
    knight = state.players[0].hand[0]
    host = ref(state, 1, HOST)
    state = act(state, 0, "marshal:play", [knight])
    state = use(state, 0, knight, host)
    assert strength(state, host) == 5


def test_dragon_knight_gives_minus_two_str_in_summer():
    state = _knight_position()
    set_season(state, "Summer")
    knight = state.players[0].hand[0]
    host = ref(state, 1, HOST)
    state = act(state, 0, "marshal:play", [knight])
    state = use(state, 0, knight, host)
    assert strength(state, host) == 4


def test_dragon_knight_answers_only_its_own_coming_into_play():
    state = _knight_position()
    steward = state.players[0].hand[1]
    state = act(state, 0, "marshal:play", [steward])
    assert not uses(state, 0, steward)
    knight = state.players[0].hand[0]
    assert not uses(state, 0, knight)


# --- atoc_86 Cotter Pyke ------------------------------------------------------------------


def test_cotter_pyke_makes_it_winter_while_no_black_raven_is_in_play():
    state = joust({"in_play": ["atoc_86"]}, {"in_play": [HOST]})
    assert season(state) == "winter"
    assert "intimidate" in keywords(state, ref(state, 0, "atoc_86"))


def test_cotter_pyke_gives_way_to_a_black_raven_in_play():
    state = joust({"in_play": ["atoc_86"]}, {"in_play": [HOST]})
    on_house(state, 1, "ator_2")  # Black Raven: "It is Summer."
    assert season(state) == "summer"


# --- atoc_90 Exiled Knight ----------------------------------------------------------------


def _dominance(state) -> list[int]:
    """The STR totals of the round's dominance (the challenge runs on to it: no window opens)."""
    return next(e["totals"] for e in state.log if e["event"] == "dominance")


def test_exiled_knight_does_not_kneel_to_defend_while_it_has_an_attachment():
    state = plotted(ATTACKER, {"in_play": [{"card": "atoc_90", "attachments": ["core_34"]}]})
    knight = ref(state, 1, "atoc_90")
    state = defend(start(state, "power", [ref(state, 0, HOST)]), [knight])
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    assert _dominance(state)[1] == 4  # standing through the challenge: 2 STR + 2 of the Cunning


def test_exiled_knight_kneels_to_defend_without_an_attachment():
    state = plotted(ATTACKER, {"in_play": ["atoc_90"]})
    knight = ref(state, 1, "atoc_90")
    state = defend(start(state, "power", [ref(state, 0, HOST)]), [knight])
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    assert _dominance(state)[1] == 0  # knelt to defend: no STR at dominance


# --- atoc_84 Davos's Confidant -------------------------------------------------------------

LIONS_WILL = "core_162"  # House Lannister only. Any Phase: Pay 2 gold to choose a character...


def _lions_will_targets(agendas):
    players = [
        {"house": "Baratheon", "in_play": ["atoc_84", HOST]},
        {"house": "Lannister", "hand": [LIONS_WILL], "gold": 5},
    ]
    state = agenda_position(players, agendas)
    state = pass_until(state, lambda s: bool(uses(s, 1, s.players[1].hand[0])))
    found = {a.cards[1] for a in uses(state, 1, state.players[1].hand[0])}
    return state, found


def test_davoss_confidant_is_immune_to_opponents_events_while_an_opponent_runs_an_agenda():
    state, targets = _lions_will_targets({1: "qod_47"})
    assert ref(state, 0, HOST) in targets and ref(state, 0, "atoc_84") not in targets


def test_davoss_confidant_is_not_immune_while_no_opponent_runs_an_agenda():
    state, targets = _lions_will_targets({0: "qod_47"})
    assert ref(state, 0, "atoc_84") in targets


# --- atoc_95 First Ranger -------------------------------------------------------------------

CELLADOR = "dotn_14"  # Septon Cellador, a Night's Watch character


def _ranger_position():
    return plotted(
        {
            "in_play": [
                {"card": "Robb Stark", "attachments": ["atoc_95"]},
                {"card": CELLADOR, "knelt": True},
                HOST,
            ],
            "hand": ["atoc_95"],
        },
        {"in_play": [{"card": CELLADOR, "knelt": True}]},
    )


def test_first_ranger_stands_all_other_nights_watch_characters_after_a_won_challenge():
    state = _ranger_position()
    robb, ranger = ref(state, 0, "Robb Stark"), ref(state, 0, "atoc_95")
    mine, theirs = ref(state, 0, CELLADOR), ref(state, 1, CELLADOR)
    assert "Night's Watch" in traits(state, robb)
    state = won_window(state, "power", [robb])
    state = use(state, 0, ranger)
    assert not state.in_play[mine].knelt and not state.in_play[theirs].knelt
    assert state.in_play[robb].knelt  # "other" Night's Watch characters


def test_first_ranger_needs_the_attached_character_in_the_won_challenge():
    state = _ranger_position()
    ranger = ref(state, 0, "atoc_95")
    state, offered = watch(start(state, "power", [ref(state, 0, HOST)]), 0, ranger, challenges_over)
    assert not offered


def test_first_ranger_attaches_only_to_a_unique_character():
    state = _ranger_position()
    spare = facts(state, state.players[0].hand[0])
    targets = attachment_targets(state, spare, 0)
    assert ref(state, 0, "Robb Stark") in targets and ref(state, 0, HOST) not in targets


# --- atoc_82 No Quarter ---------------------------------------------------------------------

BEN = "core_118"  # Brown Ben Plumm: unique, military, 2 STR, no text
LURKERS = "Lurkers at Harrenhal"


def _no_quarter_position(attacker=BEN):
    state = joust(
        {"in_play": [attacker, HOST], "hand": ["atoc_82", "atoc_82"]},
        {"in_play": [STEWARD, LURKERS]},
    )
    return state


def test_no_quarter_kills_a_losers_character_after_a_military_win_with_a_unique():
    state = _no_quarter_position()
    steward, lurkers = ref(state, 1, STEWARD), ref(state, 1, LURKERS)
    state = start(state, "military", [ref(state, 0, BEN)])
    state = answer(state, "claim_kill", [steward])
    state = until_window(state, "challenge_won")
    first, second = state.players[0].hand
    targets = {a.cards[1] for a in uses(state, 0, first)}
    assert lurkers in targets and ref(state, 0, HOST) not in targets
    state = use(state, 0, first, lurkers)
    assert lurkers in state.players[1].dead
    assert not uses(state, 0, second)  # Limit 1 per challenge


def test_no_quarter_needs_a_participating_unique_character():
    state = _no_quarter_position()
    card = state.players[0].hand[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, card, challenges_over)
    assert not offered


def test_no_quarter_answers_only_a_military_challenge():
    state = _no_quarter_position(attacker="Robb Stark")
    card = state.players[0].hand[0]
    state = start(state, "power", [ref(state, 0, "Robb Stark")])
    state, offered = watch(state, 0, card, challenges_over)
    assert not offered


# --- atoc_96 Condemned ----------------------------------------------------------------------

EURON = "kotse_4"  # Euron Crow's Eye: Lord, Ironborn, Immune to events


def _condemned_on(mine: list[str], theirs: list[str]):
    state = marshalling(
        {"house": "Lannister", "hand": ["atoc_96"], "gold": 9, "in_play": mine},
        {"in_play": theirs},
    )
    condemned, euron = state.players[0].hand[0], ref(state, 1, EURON)
    assert immune_to(state, euron, "event", 0)
    state = act(state, 0, "marshal:play", [condemned, euron])
    return state, euron


def test_condemned_strips_traits_and_immunities_and_kills_when_you_win_dominance():
    state, euron = _condemned_on([HOST], [EURON])
    assert traits(state, euron) == set()
    assert not immune_to(state, euron, "event", 0)
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    state = pass_until(state, lambda s: s.phase != "dominance")
    assert euron in state.players[1].dead


def test_condemned_does_not_kill_when_an_opponent_wins_dominance():
    state, euron = _condemned_on([], [EURON, HOST])
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    state = pass_until(state, lambda s: s.phase != "dominance")
    assert euron in state.in_play


# --- atoc_91 Meraxes ------------------------------------------------------------------------


def _meraxes_position():
    return build(
        phase="challenges",
        players=[
            {"house": "Targaryen", "in_play": ["atoc_91"], "deck": [STEWARD, STEWARD]},
            {"in_play": [HOST], "deck": [STEWARD, STEWARD]},
        ],
    )


def _to_dominance_action(state, meraxes):
    return pass_until(state, lambda s: s.phase == "dominance" and bool(uses(s, 0, meraxes)))


def test_meraxes_draws_for_you_and_each_opponent_who_did_not_attack_you():
    state = _meraxes_position()
    meraxes = ref(state, 0, "atoc_91")
    assert not uses(state, 0, meraxes)  # Dominance only
    state = _to_dominance_action(state, meraxes)
    state = use(state, 0, meraxes)
    assert len(state.players[0].hand) == 1 and len(state.players[1].hand) == 1


def test_meraxes_gives_no_card_to_an_opponent_who_attacked_you():
    state = _meraxes_position()
    meraxes = ref(state, 0, "atoc_91")
    state = until_seat(pass_until(state, lambda s: head(s).get("turn") == 1), 1)
    state = start(state, "power", [ref(state, 1, HOST)])
    state = _to_dominance_action(state, meraxes)
    state = use(state, 0, meraxes)
    assert len(state.players[0].hand) == 1 and len(state.players[1].hand) == 0


def test_meraxes_counts_as_four_str_at_dominance_while_standing():
    state = _meraxes_position()
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    assert _dominance(state) == [4, 6]


# --- atoc_93 The Brimstone ------------------------------------------------------------------


def _brimstone_position():
    return joust(
        {"in_play": ["atoc_93", STEWARD], "hand": [STEWARD]},
        {"in_play": [STEWARD, HOST], "hand": [STEWARD]},
    )


def test_the_brimstone_changes_an_icon_after_a_card_is_discarded_from_an_opponents_hand():
    state = _brimstone_position()
    brimstone, host = ref(state, 0, "atoc_93"), ref(state, 1, HOST)
    assert "military" in icons(state, host)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [])
    state = until_window(state, "discarded_from_hand")
    state = use(state, 0, brimstone, host)
    state = choose(state, "lose_military")
    assert "military" not in icons(state, host)


def test_the_brimstone_ignores_a_discard_from_your_own_hand():
    state = _brimstone_position()
    brimstone = ref(state, 0, "atoc_93")
    state = pass_until(state, lambda s: head(s).get("turn") == 1)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)])
    state, offered = watch(state, 0, brimstone, challenges_over)
    assert not offered and len(state.players[0].discard) == 1


# --- atoc_83 Queen's Guard ------------------------------------------------------------------


def _guard_table(guard=True):
    me = {"house": "Lannister", "in_play": ["atoc_83"] if guard else [], "hand": [LIONS_WILL]}
    return build(
        players=[{**me, "gold": 5}, {"in_play": [HOST]}, {"in_play": [STEWARD, HOST]}],
    )


def test_queens_guard_kneels_a_character_of_a_different_opponent():
    state = _guard_table()
    will, host = state.players[0].hand[0], ref(state, 1, HOST)
    state = use(state, 0, will, host)
    assert head(state).get("purpose") == "kneel"
    assert set(head(state)["candidates"]) == {ref(state, 2, STEWARD), ref(state, 2, HOST)}
    state = answer(state, "kneel", [ref(state, 2, STEWARD)])
    assert state.in_play[host].knelt and state.in_play[ref(state, 2, STEWARD)].knelt
    assert not state.in_play[ref(state, 2, HOST)].knelt  # its own kneel does not chain


def test_queens_guard_needs_an_opponents_character_knelt_by_your_effect():
    state = _guard_table()
    will, guard = state.players[0].hand[0], ref(state, 0, "atoc_83")
    state = use(state, 0, will, guard)  # your own character
    assert head(state).get("purpose") != "kneel"
    assert not any(state.in_play[r].knelt for r in state.players[2].in_play)


def test_meraxes_still_counts_as_four_str_with_dagmer_cleftjaw():
    state = build(
        phase="challenges",
        players=[{"house": "Targaryen", "in_play": ["atoc_91", "kotse_14"]}, {"in_play": [HOST]}],
    )
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    assert _dominance(state) == [3 + 4, 6]  # not 3 + 4 + 2 (Dagmer's Warships count as 2)
