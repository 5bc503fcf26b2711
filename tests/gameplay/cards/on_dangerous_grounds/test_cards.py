"""On Dangerous Grounds cards (on_dangerous_grounds/cards.py), each played through legal
actions, with the restrictions their texts state."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.uses import put_into_play
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    at_point,
    build,
    choose,
    defend,
    head,
    initiate,
    marshalling,
    on_house,
    plots_revealed,
    plotted,
    ref,
    shadow,
    to_window,
    until_prompt,
    until_window,
    use,
    uses,
    waiting_seats,
)


def resolved(state):
    """The last ``challenge_resolved`` event."""
    return [e for e in state.log if e["event"] == "challenge_resolved"][-1]


def until_killed(state, victim, limit=40):
    """Pass windows, declare no defenders and kill ``victim`` by claim, until it is dead."""
    for _ in range(limit):
        if victim in state.players[controller_seat(state, victim)].dead:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") in ("claim_military", "claim_kill"):
            state = answer(state, step["purpose"], [victim])
        else:
            assert step.get("name") == "window", step
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"{victim} never killed")


def never_offered(state, seat, card, limit=80, defenders=(), claim=()):
    """Pass every decision (windows; prompts with their first candidates) until the next
    plot phase; True when ``seat`` was never offered a use of ``card`` on the way."""
    for _ in range(limit):
        step = head(state)
        if step.get("name") == "choose_plots":
            return True
        if uses(state, seat, card):
            return False
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("name") == "prompt":
            candidates = step.get("candidates", [])
            chosen = [c for c in claim if c in candidates] or candidates[:1]
            state = answer(state, step["purpose"], chosen)
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the round never ended")


def next_challenge(state, limit=60):
    """Finish the current challenge (no defenders; prompts with their first candidates)
    up to the action window before the next one."""
    for _ in range(limit):
        step = head(state)
        if step.get("point") == "before_challenge" and state.challenge is None:
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step.get("candidates", [])[:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no next challenge")


def controller_seat(state, card):
    return next(p.seat for p in state.players if card in p.dead or card in p.in_play)


YARD, MEEREEN, LYANNA, FAVOUR = "atoc_41", "atoc_51", "atoc_56", "atoc_58"
TYWIN = "core_40"  # Lannister Lord, unique, 4 STR
ROBB = "core_8"  # Stark Lord, unique


# --- atoc_41 Winterfell Practice Yard -----------------------------------------------------


def test_atoc_41_practice_yard_gives_melee_until_the_end_of_the_phase():
    state = plotted({"house": "Stark", "in_play": [YARD]}, {"in_play": [KNIGHT]})
    yard, knight = ref(state, 0, YARD), ref(state, 1, KNIGHT)
    state = use(state, 0, yard, knight)  # any character, an opponent's too
    assert "melee" in keywords(state, knight)
    assert "renown" not in keywords(state, knight)  # 0 unique characters against 0
    assert state.in_play[yard].knelt
    assert not uses(state, 0, yard)  # knelt: once


def test_atoc_41_practice_yard_adds_renown_with_more_unique_characters():
    state = plotted({"house": "Stark", "in_play": [YARD, ROBB]}, {"in_play": [KNIGHT]})
    yard, knight = ref(state, 0, YARD), ref(state, 1, KNIGHT)
    state = use(state, 0, yard, knight)
    assert {"melee", "renown"} <= keywords(state, knight)


def test_atoc_41_practice_yard_not_with_equal_unique_characters_nor_outside_challenges():
    state = plotted({"house": "Stark", "in_play": [YARD, ROBB]}, {"in_play": [TYWIN]})
    yard, tywin = ref(state, 0, YARD), ref(state, 1, TYWIN)
    state = use(state, 0, yard, tywin)
    assert "melee" in keywords(state, tywin) and "renown" not in keywords(state, tywin)
    early = marshalling({"house": "Stark", "in_play": [YARD, KNIGHT]})
    assert not uses(early, 0, ref(early, 0, YARD))  # Challenges: only


# --- atoc_51 Meereen Tourney Grounds ------------------------------------------------------


def test_atoc_51_meereen_gives_a_declared_attacker_minus_1_str():
    state = plotted({"in_play": [HOST]}, {"house": "Targaryen", "in_play": [MEEREEN, KNIGHT]})
    host, meereen = ref(state, 0, HOST), ref(state, 1, MEEREEN)
    state = initiate(state, "military", [host])
    state = until_window(state, "attackers_declared")
    assert {a.cards[1] for a in uses(state, 1, meereen)} == {host}  # the declared attackers
    state = use(state, 1, meereen, host)
    assert strength(state, host) == 6 - 1 and state.in_play[meereen].knelt


def test_atoc_51_meereen_gives_minus_3_with_more_unique_characters_and_answers_defenders():
    state = plotted({"in_play": [KNIGHT]}, {"house": "Targaryen", "in_play": [MEEREEN, TYWIN]})
    knight, meereen, tywin = ref(state, 0, KNIGHT), ref(state, 1, MEEREEN), ref(state, 1, TYWIN)
    state = initiate(state, "military", [knight])
    state = until_window(state, "attackers_declared")
    state = to_window(state, "defenders_declared", [tywin])
    assert {a.cards[1] for a in uses(state, 1, meereen)} == {tywin}  # defenders only now
    state = use(state, 1, meereen, tywin)
    # Tywin (4 STR) defends at 4 - 3 = 1 against the Knight's 2: 1 unique against 0.
    assert resolved(state)["winner"] == 0


# --- atoc_56 Lyanna Stark ------------------------------------------------------------------


def test_atoc_56_lyanna_knelt_non_unique_characters_get_minus_1():
    state = plotted({"in_play": [LYANNA, KNIGHT, ROBB]}, {"in_play": [STEWARD]})
    knight, robb, steward = ref(state, 0, KNIGHT), ref(state, 0, ROBB), ref(state, 1, STEWARD)
    assert strength(state, knight) == 2 and strength(state, steward) == 2  # standing
    state.in_play[knight].knelt = True
    state.in_play[steward].knelt = True
    state.in_play[robb].knelt = True
    assert strength(state, knight) == 1 and strength(state, steward) == 1  # any player's
    assert strength(state, robb) == 2  # unique characters keep their STR


def test_atoc_56_lyanna_killed_stands_every_lord_with_deadly():
    state = plotted({"in_play": [HOST, TYWIN]}, {"in_play": [LYANNA, ROBB, STEWARD]})
    host, tywin = ref(state, 0, HOST), ref(state, 0, TYWIN)
    lyanna, robb, steward = ref(state, 1, LYANNA), ref(state, 1, ROBB), ref(state, 1, STEWARD)
    for r in (tywin, robb, steward):
        state.in_play[r].knelt = True
    state = initiate(state, "military", [host])
    state = until_killed(state, lyanna)
    assert lyanna in state.players[1].dead, head(state)
    assert not state.in_play[tywin].knelt and not state.in_play[robb].knelt  # every Lord
    assert "deadly" in keywords(state, robb) and "deadly" in keywords(state, tywin)
    assert state.in_play[steward].knelt and "deadly" not in keywords(state, steward)


# --- atoc_58 Champion's Favour -------------------------------------------------------------


def test_atoc_58_champions_favour_gives_melee_to_its_bearer_only():
    state = plotted({"in_play": [{"card": KNIGHT, "attachments": [FAVOUR]}, STEWARD]})
    knight, steward = ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    assert "melee" in keywords(state, knight)
    assert "melee" not in keywords(state, steward)


# --- atoc_42 Harrenhal ---------------------------------------------------------------------

HARRENHAL, LANNISPORT, RIDE = "atoc_42", "atoc_44", "atoc_52"
EDDARD = "core_5"  # Stark Lord, unique


def test_atoc_42_harrenhal_searches_the_top_3_cards_after_a_character_is_killed():
    deck = [KNIGHT, STEWARD, TYWIN, ROBB]
    state = plotted(
        {"house": "Stark", "in_play": [HARRENHAL, HOST], "deck": deck}, {"in_play": [STEWARD]}
    )
    harrenhal, victim = ref(state, 0, HARRENHAL), ref(state, 1, STEWARD)
    top = list(state.players[0].deck[:3])
    fourth = state.players[0].deck[3]
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [], claim=[victim])  # an opponent's character
    state = use(state, 0, harrenhal)
    prompt = head(state)
    assert prompt["purpose"] == "search" and set(prompt["candidates"]) == set(top)
    assert state.in_play[harrenhal].knelt
    assert fourth not in prompt["candidates"]  # the top 3 only
    state = answer(state, "search", [top[2]])
    assert state.players[0].hand == [top[2]] and len(state.players[0].deck) == 3


def test_atoc_42_harrenhal_not_without_a_kill():
    state = plotted({"house": "Stark", "in_play": [HARRENHAL, KNIGHT]}, {"in_play": [STEWARD]})
    harrenhal = ref(state, 0, HARRENHAL)
    state = initiate(state, "power", [ref(state, 0, KNIGHT)])
    assert never_offered(state, 0, harrenhal)


# --- atoc_44 Lannisport Tourney Grounds ----------------------------------------------------


def test_atoc_44_lannisport_kneels_and_discards_power_with_more_unique_characters():
    state = plotted(
        {"house": "Lannister", "in_play": [LANNISPORT, STEWARD, TYWIN, ROBB]},
        {"in_play": [EDDARD]},
    )
    lannisport, eddard = ref(state, 0, LANNISPORT), ref(state, 1, EDDARD)
    state.in_play[eddard].power = 2
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won")
    state = use(state, 0, lannisport, eddard)
    assert state.in_play[eddard].knelt and state.in_play[eddard].power == 0
    assert state.in_play[lannisport].knelt


def test_atoc_44_lannisport_keeps_power_without_more_unique_and_needs_an_intrigue_win():
    state = plotted(
        {"house": "Lannister", "in_play": [LANNISPORT, STEWARD, TYWIN]}, {"in_play": [EDDARD]}
    )
    lannisport, eddard = ref(state, 0, LANNISPORT), ref(state, 1, EDDARD)
    state.in_play[eddard].power = 2
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won")
    state = use(state, 0, lannisport, eddard)
    assert state.in_play[eddard].knelt and state.in_play[eddard].power == 2  # 1 against 1
    military = plotted({"house": "Lannister", "in_play": [LANNISPORT, TYWIN]}, {"in_play": []})
    military = initiate(military, "military", [ref(military, 0, TYWIN)])
    assert never_offered(military, 0, ref(military, 0, LANNISPORT))  # Intrigue only


# --- atoc_52 Ride Them Down ----------------------------------------------------------------


def test_atoc_52_ride_them_down_gives_an_attacking_knight_renown():
    state = plotted(
        {"house": "Targaryen", "hand": [RIDE], "in_play": [KNIGHT, STEWARD]}, {"in_play": [HOST]}
    )
    knight, steward = ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    ride = state.players[0].hand[0]
    assert not uses(state, 0, ride)  # no attacker yet
    state = initiate(state, "power", [knight, steward])
    assert {a.cards[1] for a in uses(state, 0, ride)} == {knight}  # not the Ally
    state = use(state, 0, ride, knight)
    assert "renown" in keywords(state, knight)


def test_atoc_52_ride_them_down_returns_after_a_power_win_by_4():
    state = plotted({"house": "Targaryen", "discard": [RIDE], "in_play": [HOST]})
    ride = state.players[0].discard[0]
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    state = use(state, 0, ride)
    assert ride in state.players[0].hand


def test_atoc_52_ride_them_down_stays_after_a_win_by_less_than_4():
    state = plotted({"house": "Targaryen", "discard": [RIDE], "in_play": [KNIGHT]})
    ride = state.players[0].discard[0]
    state = initiate(state, "power", [ref(state, 0, KNIGHT)])
    assert never_offered(state, 0, ride)


# --- atoc_57 Jalabhar Xho ------------------------------------------------------------------

JALABHAR = "atoc_57"


def to_standing(state, limit=80):
    """Pass every decision (no defenders; prompts with their first candidates) until the
    standing phase (or the next plot choice)."""
    for _ in range(limit):
        step = head(state)
        if state.phase == "standing" or step.get("name") == "choose_plots":
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step.get("candidates", [])[:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no standing phase")


def test_atoc_57_jalabhar_claims_2_power_at_dominance_without_a_lost_challenge():
    state = plotted({"in_play": [JALABHAR]}, {"in_play": [KNIGHT]})
    jalabhar = ref(state, 0, JALABHAR)
    state = to_standing(state)
    assert any(
        e["event"] == "power" and e.get("card") == jalabhar and e.get("amount") == 2
        for e in state.log
    )


def test_atoc_57_jalabhar_claims_nothing_after_an_opponent_wins_against_you():
    state = plotted({"in_play": [JALABHAR]}, {"in_play": [HOST]}, first_player=1)
    jalabhar = ref(state, 0, JALABHAR)
    state = initiate(state, "power", [ref(state, 1, HOST)])
    state = to_standing(state)
    assert not any(e["event"] == "power" and e.get("card") == jalabhar for e in state.log)


def test_atoc_57_jalabhar_loses_his_power_when_dominance_is_lost_by_4_or_more():
    state = plotted({"in_play": [JALABHAR]}, {"in_play": [HOST, KNIGHT]})
    jalabhar = ref(state, 0, JALABHAR)
    state.in_play[ref(state, 1, KNIGHT)].knelt = False
    state = to_standing(state)
    dominance = [e for e in state.log if e["event"] == "dominance"][-1]
    assert dominance["seat"] == 1 and dominance["totals"][1] - dominance["totals"][0] >= 4
    assert state.in_play[jalabhar].power == 0
    close = plotted({"in_play": [JALABHAR]}, {"in_play": [KNIGHT, STEWARD]})
    close = to_standing(close)
    dominance = [e for e in close.log if e["event"] == "dominance"][-1]
    assert dominance["seat"] == 1 and dominance["totals"][1] - dominance["totals"][0] < 4
    assert close.in_play[ref(close, 0, JALABHAR)].power == 2


# --- atoc_59 The First Snow of Winter ------------------------------------------------------

FIRST_SNOW = "atoc_59"


def test_atoc_59_first_snow_returns_cheap_characters_at_the_first_challenge_only():
    state = plotted(
        {"revealed_plot": FIRST_SNOW, "in_play": [HOST, TYWIN, KNIGHT]},
        {"in_play": [STEWARD, ROBB]},
    )
    host, tywin, knight = ref(state, 0, HOST), ref(state, 0, TYWIN), ref(state, 0, KNIGHT)
    steward, robb = ref(state, 1, STEWARD), ref(state, 1, ROBB)
    assert knight in state.in_play  # nothing before a challenge
    state = initiate(state, "military", [host])
    assert knight in state.players[0].hand and steward in state.players[1].hand  # cost 2
    assert host in state.in_play and tywin in state.in_play and robb in state.in_play
    state = next_challenge(state)
    put_into_play(state, 0, knight)
    state = initiate(state, "power", [tywin])
    assert knight in state.in_play  # the second challenge returns nothing


# --- atoc_49 Nagga's Hill ------------------------------------------------------------------

NAGGA = "atoc_49"


def test_atoc_49_naggas_hill_borrows_a_non_unique_card_until_the_end_of_the_phase():
    state = plotted(
        {"house": "Greyjoy", "in_play": [NAGGA, HOST]},
        {"in_play": [], "discard": [KNIGHT, STEWARD, TYWIN, RIDE]},
    )
    nagga, host = ref(state, 0, NAGGA), ref(state, 0, HOST)
    knight, steward = state.players[1].discard[:2]
    state = initiate(state, "power", [host])
    state = to_window(state, "challenge_won")
    state = use(state, 0, nagga)
    prompt = head(state)
    assert set(prompt["candidates"]) == {knight, steward}  # not unique Tywin, not the event
    state = answer(state, prompt["purpose"], [knight])
    assert knight in state.players[0].in_play and state.in_play[knight].controller == 0
    state = to_standing(state)
    assert knight not in state.in_play and knight in state.players[1].discard


def test_atoc_49_naggas_hill_needs_an_unopposed_win():
    state = plotted(
        {"house": "Greyjoy", "in_play": [NAGGA, HOST]},
        {"in_play": [KNIGHT], "discard": [KNIGHT]},
    )
    nagga, host, defender = ref(state, 0, NAGGA), ref(state, 0, HOST), ref(state, 1, KNIGHT)
    state = initiate(state, "power", [host])
    assert never_offered(state, 0, nagga, defenders=[defender])  # won, but opposed


# --- atoc_47 Fiery Kiss --------------------------------------------------------------------

FIERY_KISS, SHYRA = "atoc_47", "atoc_45"  # Shyra Errol: a non-Army Baratheon character


def test_atoc_47_fiery_kiss_brings_back_a_non_army_baratheon_for_the_phase():
    state = plotted(
        {"house": "Baratheon", "in_play": [KNIGHT], "dead": [SHYRA, HOST, STEWARD]},
        {"in_play": [KNIGHT]},
    )
    shyra, host, steward = state.players[0].dead
    kiss = shadow(state, 0, FIERY_KISS)
    state = act(state, 0, "use", [kiss], "shadow")
    assert kiss in state.players[0].discard
    state = use(state, 0, kiss)
    assert shyra in state.players[0].in_play and "vigilant" in keywords(state, shyra)
    assert host in state.players[0].dead and steward in state.players[0].dead  # Army; Lannister
    state = to_standing(state)
    assert shyra not in state.in_play and shyra in state.players[0].discard


def test_atoc_47_fiery_kiss_needs_a_non_army_baratheon_in_the_dead_pile():
    state = plotted(
        {"house": "Baratheon", "in_play": [KNIGHT], "dead": [HOST, STEWARD]},
        {"in_play": [KNIGHT]},
    )
    kiss = shadow(state, 0, FIERY_KISS)
    state = act(state, 0, "use", [kiss], "shadow")
    assert kiss in state.players[0].discard and not uses(state, 0, kiss)


# --- atoc_45 Shyra Errol -------------------------------------------------------------------


def test_atoc_45_shyra_moves_a_killed_characters_power_but_1():
    state = plotted({"in_play": [HOST]}, {"house": "Baratheon", "in_play": [SHYRA, ROBB, KNIGHT]})
    shyra, robb, knight = ref(state, 1, SHYRA), ref(state, 1, ROBB), ref(state, 1, KNIGHT)
    state.in_play[knight].power = 3
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [], claim=[knight])
    state = use(state, 1, shyra, knight)
    assert shyra in state.players[1].discard
    assert state.in_play[robb].power == 2  # 3 - 1


def test_atoc_45_shyra_not_for_a_character_with_1_power():
    state = plotted({"in_play": [HOST]}, {"house": "Baratheon", "in_play": [SHYRA, ROBB, KNIGHT]})
    shyra, knight = ref(state, 1, SHYRA), ref(state, 1, KNIGHT)
    state.in_play[knight].power = 1
    state = initiate(state, "military", [ref(state, 0, HOST)])
    assert never_offered(state, 1, shyra, claim=[knight])


# --- atoc_60 Called to Court ---------------------------------------------------------------

COURT, CALM_PLOT = "atoc_60", "Calm Over Westeros"


def test_atoc_60_called_to_court_puts_in_and_returns_a_character_each():
    state = plots_revealed(
        COURT,
        CALM_PLOT,
        {"house": "Stark", "hand": [KNIGHT, ROBB, STEWARD], "in_play": [HOST]},
        {"house": "Lannister", "hand": [STEWARD], "in_play": [TYWIN]},
    )
    knight = state.players[0].hand[0]
    host = ref(state, 0, HOST)
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and prompt["seat"] == 0
    assert prompt["candidates"] == [knight]  # in-House, cost 3 or lower: not Robb, Steward
    state = answer(state, "put_into_play", [knight])
    assert knight in state.players[0].in_play
    their_steward = state.players[1].hand[0]
    state = answer(state, "put_into_play", [their_steward])
    assert their_steward in state.players[1].in_play
    prompt = head(state)
    assert prompt["purpose"] == "return_to_hand" and prompt["seat"] == 0
    assert set(prompt["candidates"]) == {knight, host}
    state = answer(state, "return_to_hand", [host])
    state = answer(state, "return_to_hand", [their_steward])
    assert host in state.players[0].hand
    assert their_steward in state.players[1].hand and knight in state.players[0].in_play


# --- atoc_53 Maiden of Poisons -------------------------------------------------------------

MAIDEN = "atoc_53"


def test_atoc_53_maiden_makes_an_opponents_standing_character_lose_an_icon():
    state = plotted({"in_play": [TYWIN, HOST, KNIGHT]}, {"house": "Martell", "in_play": [MAIDEN]})
    tywin, host, knight = ref(state, 0, TYWIN), ref(state, 0, HOST), ref(state, 0, KNIGHT)
    maiden = ref(state, 1, MAIDEN)
    state = initiate(state, "intrigue", [tywin])
    state = to_window(state, "challenge_won", [maiden])
    state = use(state, 1, maiden)
    state = choose(state, "power")
    prompt = head(state)
    assert prompt["seat"] == 0 and set(prompt["candidates"]) == {host, knight}  # not knelt Tywin
    state = answer(state, prompt["purpose"], [knight])
    assert "power" not in icons(state, knight) and "power" in icons(state, host)


def test_atoc_53_maiden_only_after_losing_as_the_defender():
    state = plotted({"in_play": [KNIGHT]}, {"house": "Martell", "in_play": [MAIDEN, HOST]})
    maiden = ref(state, 1, MAIDEN)
    state = initiate(state, "power", [ref(state, 0, KNIGHT)])
    assert never_offered(state, 1, maiden, defenders=[ref(state, 1, HOST)])  # won defending


# --- atoc_55 The Scourge -------------------------------------------------------------------

SCOURGE = "atoc_55"


def test_atoc_55_scourge_takes_every_icon_and_any_player_may_buy_one_back():
    state = plotted(
        {"house": "Martell", "in_play": [SCOURGE, KNIGHT]},
        {"in_play": [TYWIN, STEWARD], "hand": [HOST]},
    )
    scourge, tywin = ref(state, 0, SCOURGE), ref(state, 1, TYWIN)
    state = use(state, 0, scourge, tywin)
    assert not icons(state, tywin) & {"military", "intrigue", "power"}
    state = until_window(state, "icon_lost")
    icon = head(state)["event"]["icon"]
    assert uses(state, 1, scourge)  # the opponent answers the Scourge's response
    state = until_seat_use(state, 1, scourge)
    state = use(state, 1, scourge)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], state.players[1].hand[:1])
    assert icons(state, tywin) & {"military", "intrigue", "power"} == {icon}
    assert not state.players[1].hand  # the discarded card paid for it


def test_atoc_55_scourge_response_needs_a_card_in_hand():
    state = plotted({"house": "Martell", "in_play": [SCOURGE, KNIGHT]}, {"in_play": [TYWIN]})
    scourge, tywin = ref(state, 0, SCOURGE), ref(state, 1, TYWIN)
    state = use(state, 0, scourge, tywin)
    assert not uses(state, 1, scourge) and not uses(state, 0, scourge)


def until_seat_use(state, seat, card, limit=10):
    for _ in range(limit):
        if waiting_seats(state)[0] == seat:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never the seat's turn")


# --- atoc_48 Alannys Greyjoy and atoc_54 Sunspear Tourney Grounds ----------------------------

ALANNYS, SUNSPEAR = "atoc_48", "atoc_54"
INITIATE = "kotst_14"  # "Any Phase: Discard the top 2 cards of your deck to choose 1
# character in any dead pile. Move that character to its owner's discard pile."


def test_atoc_48_alannys_cancels_a_player_with_3_non_character_cards_in_discard():
    state = plotted(
        {"in_play": [INITIATE], "deck": [KNIGHT, KNIGHT, KNIGHT], "discard": [RIDE, RIDE, RIDE]},
        {"house": "Greyjoy", "in_play": [ALANNYS], "dead": [KNIGHT]},
    )
    initiate_, alannys = ref(state, 0, INITIATE), ref(state, 1, ALANNYS)
    dead = state.players[1].dead[0]
    state = use(state, 0, initiate_, dead)
    state = until_window(state, "ability")
    state = use(state, 1, alannys)  # 3 events in the discard pile
    assert dead in state.players[1].dead and state.in_play[alannys].knelt


def test_atoc_48_alannys_not_with_2_non_character_cards():
    state = plotted(
        {"in_play": [INITIATE], "deck": [KNIGHT, KNIGHT, KNIGHT], "discard": [RIDE, RIDE]},
        {"house": "Greyjoy", "in_play": [ALANNYS], "dead": [KNIGHT]},
    )
    initiate_, alannys = ref(state, 0, INITIATE), ref(state, 1, ALANNYS)
    dead = state.players[1].dead[0]
    state = use(state, 0, initiate_, dead)
    assert dead in state.players[1].discard and not state.in_play[alannys].knelt


def test_atoc_54_sunspear_cancels_a_character_ability_after_a_lost_challenge():
    state = plotted(
        {"in_play": [INITIATE, HOST], "deck": [KNIGHT, KNIGHT, KNIGHT]},
        {"house": "Martell", "in_play": [SUNSPEAR, KNIGHT], "dead": [STEWARD]},
    )
    initiate_, sunspear = ref(state, 0, INITIATE), ref(state, 1, SUNSPEAR)
    dead = state.players[1].dead[0]
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = next_challenge(state)  # seat 1 lost it
    state = use(state, 0, initiate_, dead)
    state = until_window(state, "ability")
    state = use(state, 1, sunspear)
    assert dead in state.players[1].dead


def test_atoc_54_sunspear_needs_a_lost_challenge_this_phase():
    state = plotted(
        {"in_play": [INITIATE, HOST], "deck": [KNIGHT, KNIGHT, KNIGHT]},
        {"house": "Martell", "in_play": [SUNSPEAR, KNIGHT], "dead": [STEWARD]},
    )
    initiate_, sunspear = ref(state, 0, INITIATE), ref(state, 1, SUNSPEAR)
    dead = state.players[1].dead[0]
    state = use(state, 0, initiate_, dead)
    assert dead in state.players[1].discard and not state.in_play[sunspear].knelt


# --- atoc_46 Enemy to the Crown and atoc_50 The Iron Price ---------------------------------

ENEMY, IRON_PRICE = "atoc_46", "atoc_50"


def house_game(code, seats=3, knelt=False):
    """Seat 0 has ``code`` on seat 1's House card; the last seat attacks seat 1."""
    specs = [
        {"house": "Baratheon", "revealed_plot": CALM_PLOT, "in_play": [KNIGHT]},
        {"house": "Stark", "revealed_plot": CALM_PLOT, "in_play": [STEWARD, TYWIN]},
        {"house": "Lannister", "revealed_plot": CALM_PLOT, "in_play": [HOST, KNIGHT]},
    ][:seats]
    first = seats - 1 if seats == 3 else 0
    state = build(phase="challenges", players=specs, first_player=first)
    card = on_house(state, 0, code, 1)
    state.in_play[card].knelt = knelt
    state.players[1].power = 3
    return state, card


def test_atoc_46_enemy_to_the_crown_kneels_and_the_winner_stands_per_power_claimed():
    state, enemy = house_game(ENEMY)
    host, knight = ref(state, 2, HOST), ref(state, 2, KNIGHT)
    state.in_play[knight].knelt = True
    state = initiate(state, "power", [host], defender=1)
    state = defend(state, [])
    state = until_prompt(state, "stand", stop="choose_plots")
    assert head(state)["max"] == 1 and state.in_play[enemy].knelt  # claim 1: 1 power moved
    state = answer(state, "stand", [knight])
    assert not state.in_play[knight].knelt


def test_atoc_46_enemy_to_the_crown_needs_more_than_1_opponent_and_a_power_challenge():
    state, enemy = house_game(ENEMY, seats=2)
    state = initiate(state, "power", [ref(state, 0, KNIGHT)], defender=1)
    state = to_standing(state)
    assert not knelt_by_effect(state, enemy)  # only 1 opponent
    military, enemy = house_game(ENEMY)
    military = initiate(military, "military", [ref(military, 2, HOST)], defender=1)
    military = to_standing(military)
    assert not knelt_by_effect(military, enemy)  # a Military challenge


def knelt_by_effect(state, card):
    return any(e["event"] == "knelt" and e.get("card") == card for e in state.log)


def test_atoc_50_iron_price_kneels_and_the_winner_claims_power_per_kill():
    state, price = house_game(IRON_PRICE)
    state = initiate(state, "military", [ref(state, 2, HOST)], defender=1)
    state = to_standing(state)
    gained = [e for e in state.log if e["event"] == "power" and e.get("reason") == "atoc_50"]
    assert gained and gained[0]["seat"] == 2 and gained[0]["amount"] == 1
    assert knelt_by_effect(state, price)


def test_atoc_50_iron_price_not_while_knelt_nor_after_a_power_challenge():
    state, _ = house_game(IRON_PRICE, knelt=True)
    state = initiate(state, "military", [ref(state, 2, HOST)], defender=1)
    state = to_standing(state)
    assert not any(e.get("reason") == "atoc_50" for e in state.log)
    power, _ = house_game(IRON_PRICE)
    power = initiate(power, "power", [ref(power, 2, HOST)], defender=1)
    power = to_standing(power)
    assert not any(e.get("reason") == "atoc_50" for e in power.log)


# --- atoc_43 Myrcella Lannister ------------------------------------------------------------

MYRCELLA = "atoc_43"


def myrcella_game(seats=3, extra=()):
    specs = [
        {"house": "Lannister", "revealed_plot": CALM_PLOT, "in_play": [MYRCELLA, KNIGHT, *extra]},
        {"house": "Stark", "revealed_plot": CALM_PLOT, "in_play": [KNIGHT]},
        {"house": "Baratheon", "revealed_plot": CALM_PLOT, "in_play": [HOST]},
    ][:seats]
    titles = ("master_of_laws", "master_of_coin", "master_of_ships")[:seats]
    for spec, title in zip(specs, titles, strict=True):
        spec["title"] = title
    return build(phase="challenges", players=specs, first_player=0)


def test_atoc_43_myrcella_exchanges_titles_with_an_opponent():
    state = myrcella_game()
    myrcella = ref(state, 0, MYRCELLA)
    state = use(state, 0, myrcella)
    assert head(state)["options"] == ["1", "2"]
    state = choose(state, "2")
    assert state.players[0].title == "master_of_ships"
    assert state.players[2].title == "master_of_laws"
    assert state.in_play[myrcella].knelt


def test_atoc_43_myrcella_needs_more_than_1_opponent_and_no_challenge():
    joust_state = myrcella_game(seats=2)
    assert not uses(joust_state, 0, ref(joust_state, 0, MYRCELLA))
    state = myrcella_game(extra=[YARD])  # an action usable during a challenge
    myrcella, yard = ref(state, 0, MYRCELLA), ref(state, 0, YARD)
    assert uses(state, 0, myrcella)
    state = initiate(state, "power", [ref(state, 0, KNIGHT)], defender=1)
    state = at_point(state, "after_attackers")
    assert uses(state, 0, yard)  # an action window of seat 0 during the challenge
    assert not uses(state, 0, myrcella)  # not during a challenge
