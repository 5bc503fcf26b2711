"""Agendas of the whole pool (gameplay/engine/cards/agendas/): each agenda's in-game text in
a position, driven through legal actions and apply. The agenda is a card instance in no
zone (abilities.agenda_cards), added here as new_game adds it.

Characters lacking a trait a test needs get it by a lasting ``traits`` effect, so no other
card's script is involved."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import add_lasting, agenda_of, keywords, season, strength
from gameplay.engine.challenges import can_attack
from gameplay.engine.game import ConfigError, GameConfig, PlayerConfig, legal_actions, new_game
from gameplay.engine.state import GameState
from gameplay.engine.steps import round_steps, run
from tests.gameplay.cardtest import (
    IllegalAction,
    act,
    agenda_position,
    answer,
    challenge,
    events,
    hand,
    head,
    pass_windows,
    ref,
    season_plot,
    until_phase,
    use,
    uses,
)
from tests.gameplay.scenario import settle

PLOT = "Summoning Season"  # claim 1, only "when revealed" text
KNIGHT = "Knight of the Tumblestone"  # Stark Knight, 2 STR, military and power, no text
HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, no text
BEN = "Brown Ben Plumm"  # Targaryen, 2 STR, military, no text
DECK = [KNIGHT] * 8


def trait(state: GameState, ref: str, name: str) -> None:
    """Give a card in play a trait (as a card effect would)."""
    add_lasting(state, "traits", ref, "play", add=[name])


def win_now(state: GameState) -> GameState:
    """Let the victory check run (any step does)."""
    return act(state, head(state)["turn"], "pass") if head(state).get("turn") is not None else state


# --- the agenda card -------------------------------------------------------------------


def _deck():
    return tuple(["core_18"] * 10 + ["core_181"] * 7)


def test_new_game_makes_the_agenda_card_and_rejects_a_non_agenda():
    config = GameConfig(
        players=(PlayerConfig("Stark", _deck(), "low_39"), PlayerConfig("Stark", _deck())),
        seed=3,
    )
    state = new_game(config)
    agenda = agenda_of(state, 0)
    assert agenda is not None and state.cards[agenda].code == "low_39"
    assert agenda_of(state, 1) is None
    with pytest.raises(ConfigError, match="not an agenda"):
        new_game(
            GameConfig(
                players=(PlayerConfig("Stark", _deck(), "core_18"), PlayerConfig("Stark", _deck()))
            )
        )


# --- Treaties ----------------------------------------------------------------------------

TREATIES = [
    ("low_39", "Knight of the Tumblestone"),  # Stark, cost 2
    ("kl_11", "Ironborn Marauder"),  # Greyjoy, cost 2
    ("kl_15", "House Dayne Knight"),  # Martell, cost 1
]


@pytest.mark.parametrize(("agenda", "card"), TREATIES)
def test_a_treaty_ignores_the_gold_penalty_of_its_house(agenda, card):
    players = [{"house": "Targaryen", "hand": [card], "gold": 2}, {"house": "Baratheon"}]
    plain = agenda_position(players, {}, phase="marshalling")
    mine = hand(plain, 0, card)[0]
    assert not any(a.kind == "marshal:play" for a in legal_actions(plain, 0))
    state = agenda_position(players, {0: agenda}, phase="marshalling")
    mine = hand(state, 0, card)[0]
    state = act(state, 0, "marshal:play", [mine])
    assert mine in state.players[0].in_play


@pytest.mark.parametrize("agenda", ["low_39", "kl_11", "kl_15"])
def test_a_treaty_lets_an_opponent_without_a_treaty_win_with_10_power(agenda):
    players = [{"in_play": [HOST]}, {"in_play": [BEN], "power": 10}]
    state = win_now(agenda_position(players, {0: agenda}, phase="marshalling"))
    assert state.result is not None and state.result["winner"] == 1
    plain = win_now(agenda_position(players, {}, phase="marshalling"))
    assert plain.result is None
    # An opponent running a Treaty of their own still needs 15.
    both = win_now(agenda_position(players, {0: agenda, 1: "kl_15"}, phase="marshalling"))
    assert both.result is None


# --- The North ---------------------------------------------------------------------------

NORTH = ["dotn_19", "dotn_39", "dotn_59", "dotn_79", "dotn_99", "dotn_119"]


@pytest.mark.parametrize("agenda", NORTH)
def test_a_north_agenda_needs_2_additional_power(agenda):
    players = [{"in_play": [HOST], "power": 15}, {"in_play": [BEN]}]
    state = win_now(agenda_position(players, {0: agenda}, phase="marshalling"))
    assert state.result is None
    players[0]["power"] = 17
    state = win_now(agenda_position(players, {0: agenda}, phase="marshalling"))
    assert state.result is not None and state.result["winner"] == 0


@pytest.mark.parametrize(
    ("agenda", "icon"), [("dotn_19", "military"), ("dotn_59", "power"), ("dotn_99", "intrigue")]
)
def test_night_watch_characters_gain_an_icon(agenda, icon):
    state = agenda_position(
        [{"in_play": [BEN, "Bastard in Hiding"]}, {"in_play": [HOST]}], {0: agenda}
    )
    ben, bastard = ref(state, 0, BEN), ref(state, 0, "Bastard in Hiding")
    trait(state, bastard, "Night's Watch")
    trait(state, ref(state, 1, HOST), "Night's Watch")  # the opponent's does not gain it
    expected = {bastard} | ({ben} if icon == "military" else set())
    assert set(can_attack(state, 0, icon)) == expected
    assert ref(state, 1, HOST) not in can_attack(state, 1, "intrigue")
    assert any(a.kind == f"challenge:{icon}" for a in legal_actions(state, 0))


def test_the_free_folk_stealth_asks_for_a_target():
    state = agenda_position([{"in_play": [BEN]}, {"in_play": [HOST]}], {0: "dotn_39"})
    ben = ref(state, 0, BEN)
    trait(state, ben, "Wildling")
    assert "stealth" in keywords(state, ben)
    state = pass_windows(state)
    state = act(state, 0, "challenge:military", choice="1")
    state = pass_windows(state)
    assert head(state)["purpose"] == "stealth"
    assert head(state)["candidates"] == [ref(state, 1, HOST)]


def test_the_last_giants_wildlings_get_plus_1_str():
    state = agenda_position([{"in_play": [BEN]}, {"in_play": [HOST]}], {0: "dotn_79"})
    ben, host = ref(state, 0, BEN), ref(state, 1, HOST)
    trait(state, ben, "Wildling")
    trait(state, host, "Wildling")
    assert (strength(state, ben), strength(state, host)) == (3, 6)
    state = challenge(state, "military", [ben])
    assert events(state, "challenge_resolved")[-1]["strength"] == [3, 0]


def test_blood_of_the_first_men_lowers_the_first_unique_wildling_each_round():
    players = [
        {"hand": ["Mance Rayder", "Craster"], "gold": 3, "house": "Stark"},
        {"in_play": [HOST]},
    ]
    plain = agenda_position(players, {}, phase="marshalling")
    plain = act(plain, 0, "marshal:play", [hand(plain, 0, "Mance Rayder")[0]])
    assert plain.players[0].gold == 0  # 3 without the agenda
    state = agenda_position(players, {0: "dotn_119"}, phase="marshalling")
    mance, craster = hand(state, 0, "Mance Rayder")[0], hand(state, 0, "Craster")[0]
    state = act(state, 0, "marshal:play", [mance])  # 3 - 1 = 2 gold
    assert state.players[0].gold == 1
    with pytest.raises(IllegalAction, match="costs 2 gold; you have 1"):
        act(state, 0, "marshal:play", [craster])  # the second one this round: full cost


# --- drawing -------------------------------------------------------------------------------


def drawn(state: GameState, seat: int) -> int:
    """Cards the seat drew in the draw phase (the first draw event of the round)."""
    return next(e["count"] for e in events(state, "draw") if e["seat"] == seat)


def draw_phase(players, agendas, summer_or_winter=None) -> GameState:
    """Play the draw phase of a position (both plots Summer or Winter when asked)."""
    state = agenda_position(players, agendas, phase="marshalling")
    if summer_or_winter:
        season_plot(state, 0, summer_or_winter)
        season_plot(state, 1, summer_or_winter)
    state.queue = round_steps("draw")
    run(state)
    return settle(state)


def test_knights_of_the_realm_draws_by_the_knights_count():
    more = draw_phase([{"in_play": [KNIGHT]}, {"in_play": [BEN]}], {0: "kotst_39"})
    assert (drawn(more, 0), drawn(more, 1)) == (3, 2)
    fewer = draw_phase([{"in_play": [BEN]}, {"in_play": [KNIGHT]}], {0: "kotst_39"})
    assert (drawn(fewer, 0), drawn(fewer, 1)) == (1, 2)
    equal = draw_phase([{"in_play": [KNIGHT]}, {"in_play": [KNIGHT]}], {0: "kotst_39"})
    assert drawn(equal, 0) == 2


def test_the_season_comes_from_the_revealed_plots():
    state = agenda_position([{}, {}], {})
    assert season(state) is None
    season_plot(state, 0, "Summer")
    assert season(state) == "summer"
    season_plot(state, 1, "Winter")
    assert season(state) is None  # as many Summer plots as Winter plots


def test_kings_of_summer_draws_one_more_in_summer_and_one_less_in_winter():
    players = [{"in_play": [BEN]}, {"in_play": [BEN]}]
    assert drawn(draw_phase(players, {0: "ator_1"}, "Summer"), 0) == 3
    assert drawn(draw_phase(players, {0: "ator_1"}, "Winter"), 0) == 1
    assert drawn(draw_phase(players, {0: "ator_1"}), 0) == 2


def test_kings_of_winter_discards_or_draws_for_opponents_at_the_end_of_the_draw_phase():
    players = [{"in_play": [BEN]}, {"in_play": [BEN], "hand": [KNIGHT] * 3}]
    winter = until_phase(draw_phase(players, {0: "ator_21"}, "Winter"), "marshalling")
    # Seat 1 holds 3 + 2 cards against 2: it discards one at random.
    assert len(winter.players[1].hand) == 4 and len(winter.players[1].discard) == 1
    players = [{"in_play": [BEN], "hand": [KNIGHT] * 3}, {"in_play": [BEN]}]
    summer = until_phase(draw_phase(players, {0: "ator_21"}, "Summer"), "marshalling")
    assert len(summer.players[1].hand) == 3  # 2, fewer than 5: draws 1
    plain = until_phase(draw_phase(players, {0: "ator_21"}), "marshalling")
    assert len(plain.players[1].hand) == 2


def test_the_long_voyage_draws_one_more():
    state = draw_phase([{"in_play": [BEN]}, {"in_play": [BEN]}], {1: "asots_60"})
    assert (drawn(state, 0), drawn(state, 1)) == (2, 3)


def test_a_noble_cause_draws_one_less_and_gives_renown():
    players = [{"in_play": [HOST, "Bastard in Hiding"]}, {"in_play": [HOST]}]
    state = draw_phase(players, {0: "kr_98"})
    assert drawn(state, 0) == 1
    host, bastard = ref(state, 0, HOST), ref(state, 0, "Bastard in Hiding")
    assert "renown" in keywords(state, host)
    assert "renown" not in keywords(state, bastard)  # printed cost 1
    assert "renown" not in keywords(state, ref(state, 1, HOST))  # not yours


def test_a_noble_cause_renown_claims_power_on_a_win():
    state = agenda_position([{"in_play": [HOST]}, {"in_play": [BEN]}], {0: "kr_98"})
    host = ref(state, 0, HOST)
    state = challenge(state, "military", [host])
    assert state.in_play[host].power == 1


def test_a_song_of_fire_forbids_winter_and_raises_the_draw_cap_in_summer():
    state = agenda_position([{"in_play": [BEN]}, {"in_play": [BEN]}], {0: "kr_39"})
    season_plot(state, 0, "Winter")
    season_plot(state, 1, "Winter")
    assert season(state) is None
    both = agenda_position([{"in_play": [BEN]}, {"in_play": [BEN]}], {0: "kr_39", 1: "kr_40"})
    season_plot(both, 0, "Winter")
    assert season(both) == "winter"  # an opponent runs a Seasons agenda
    from gameplay.engine import moves

    summer = agenda_position([{"in_play": [BEN]}, {"in_play": [BEN]}], {0: "kr_39"})
    season_plot(summer, 0, "Summer")
    assert moves.effect_draw(summer, 1, 5) == 4  # each player's cap
    plain = agenda_position([{"in_play": [BEN]}, {"in_play": [BEN]}], {0: "kr_39"})
    assert moves.effect_draw(plain, 1, 5) == 3


def test_a_song_of_ice_forbids_summer_and_discards_down_to_4_in_winter():
    state = agenda_position([{"in_play": [BEN]}, {"in_play": [BEN]}], {0: "kr_40"})
    season_plot(state, 0, "Summer")
    assert season(state) is None
    players = [{"in_play": [BEN], "hand": [KNIGHT] * 6}, {"in_play": [BEN], "hand": [BEN] * 3}]
    state = agenda_position(players, {0: "kr_40"}, phase="dominance", seasons=["Winter"])
    prompt = head(state)
    assert prompt["purpose"] == "discard_down" and prompt["seat"] == 0
    assert (prompt["min"], prompt["max"]) == (2, 2)
    state = answer(state, "discard_down", prompt["candidates"][:2])
    assert len(state.players[0].hand) == 4 and len(state.players[1].hand) == 3
    assert len(state.players[0].discard) == 2


def test_bloodthirst_the_player_with_fewest_characters_draws_2():
    players = [{"in_play": [BEN, HOST]}, {"in_play": [BEN]}]
    state = agenda_position(players, {0: "kr_119"})
    state = next_round(state)
    assert [e["count"] for e in events(state, "draw") if e["seat"] == 1] == [2]
    assert not [e for e in events(state, "draw") if e["seat"] == 0]
    plain = next_round(agenda_position(players, {}))
    assert not events(plain, "draw")


def next_round(state: GameState) -> GameState:
    """Every waiting seat passes up to the plot choice of the next round."""
    from gameplay.engine.steps import waiting_seats

    while head(state).get("name") != "choose_plots":
        state = act(state, waiting_seats(state)[0], "pass")
    return state


# --- challenges --------------------------------------------------------------------------


def _targ_deck():
    return tuple(["core_118"] * 10 + ["core_181"] * 7)  # Brown Ben Plumm, Summoning Season


@pytest.mark.parametrize("named", ["military", "intrigue"])
def test_heir_to_the_iron_throne_names_a_challenge_before_the_setup_hand(named):
    config = GameConfig(
        players=(
            PlayerConfig("Targaryen", _targ_deck(), "qod_48"),
            PlayerConfig("Targaryen", _targ_deck()),
        ),
        seed=1,
    )
    state = new_game(config)
    prompt = head(state)
    assert prompt["purpose"] == "name_challenge" and prompt["seat"] == 0
    assert not state.players[0].hand  # before drawing the setup hand
    state = act(state, 0, "choose", choice=named)
    assert head(state)["name"] == "setup_place" and len(state.players[0].hand) == 7
    chosen = [e for e in events(state, "lasting_effect") if e["query"] == "agenda_named"]
    assert [e["choice"] for e in chosen] == [named]


def test_heir_to_the_iron_throne_two_power_challenges_and_no_named_type():
    everyone = [HOST, {"card": HOST}, "Bastard in Hiding"]
    state = agenda_position([{"in_play": everyone}, {"in_play": [BEN]}], {0: "qod_48"})
    agenda = agenda_of(state, 0)
    state.effects.append(
        {"query": "agenda_named", "subject": agenda, "until": "play", "choice": "military"}
    )
    state = pass_windows(state)
    kinds = {a.kind for a in legal_actions(state, 0)}
    assert "challenge:military" not in kinds and "challenge:power" in kinds
    hosts = in_play_refs(state, 0, HOST)
    state = challenge(state, "power", [hosts[0]])
    state = pass_windows(state)
    assert "challenge:power" in {a.kind for a in legal_actions(state, 0)}
    state = challenge(state, "power", [hosts[1]])
    state = pass_windows(state)
    assert "challenge:power" not in {a.kind for a in legal_actions(state, 0)}


def in_play_refs(state: GameState, seat: int, name: str) -> list[str]:
    from tests.gameplay.scenario import in_play

    return in_play(state, seat, name)


def test_the_power_behind_the_throne_second_intrigue_challenge_and_the_winners_choice():
    players = [{"in_play": [BEN, "Clan Scout", "Clan Scout"]}, {"in_play": [HOST]}]
    state = agenda_position(players, {0: "lotr_48"})
    scouts = in_play_refs(state, 0, "Clan Scout")
    state = challenge(state, "intrigue", [scouts[0]])
    state = pass_windows(state)
    assert "challenge:intrigue" in {a.kind for a in legal_actions(state, 0)}
    plain = agenda_position(players, {})
    plain = pass_windows(challenge(plain, "intrigue", [in_play_refs(plain, 0, "Clan Scout")[0]]))
    assert "challenge:intrigue" not in {a.kind for a in legal_actions(plain, 0)}


def test_the_power_behind_the_throne_opponent_winning_intrigue_draws_or_claims():
    players = [{"in_play": [BEN]}, {"in_play": ["Clan Scout"], "deck": DECK}]
    state = agenda_position(players, {0: "lotr_48"})
    state = act(state, 0, "pass")  # seat 0's challenges turn ends
    state = pass_windows(state)
    state = challenge(state, "intrigue", [ref(state, 1, "Clan Scout")])
    prompt = head(state)
    assert prompt["purpose"] == "draw_or_power" and prompt["seat"] == 1
    power = state.players[1].power
    state = act(state, 1, "choose", choice="power")
    assert state.players[1].power == power + 1


def test_the_siege_of_winterfell_claims_only_in_military_challenges():
    players = [{"in_play": [HOST, {"card": HOST}], "house": "Stark"}, {"in_play": []}]
    state = agenda_position(players, {0: "low_48"})
    hosts = in_play_refs(state, 0, HOST)
    agenda = agenda_of(state, 0)
    state = challenge(state, "power", [hosts[0]])  # unopposed: no power for the House
    assert state.players[0].power == 0
    state = pass_windows(state)
    state = act(state, 0, "challenge:military", choice="1")  # the other Host attacks
    while head(state).get("trigger") != "challenge_won":
        state = act(state, _seat(state), "pass")
    assert uses(state, 0, agenda)
    state = use(state, 0, agenda)
    # unopposed (1) during the military challenge, then the response (2)
    assert state.players[0].power == 3


def _seat(state: GameState) -> int:
    from gameplay.engine.steps import waiting_seats

    return waiting_seats(state)[0]


def test_the_white_book_claims_on_defense_and_costs_on_a_lost_attack():
    players = [{"in_play": [BEN], "power": 3}, {"in_play": [HOST]}]
    state = agenda_position(players, {0: "kl_79"})
    ben = ref(state, 0, BEN)
    trait(state, ben, "Kingsguard")
    state = challenge(state, "military", [ben], [ref(state, 1, HOST)])
    # Lost as the attacker: kneel a standing Kingsguard (Ben knelt to attack) or lose power.
    assert state.players[0].power == 2
    players = [{"in_play": [BEN]}, {"in_play": [HOST]}]
    state = agenda_position(players, {1: "kl_79"})
    theirs = ref(state, 1, HOST)
    trait(state, theirs, "Kingsguard")
    state = challenge(state, "military", [ref(state, 0, BEN)], [theirs])
    assert resolved(state)["winner"] == 1
    assert [e["reason"] for e in events(state, "power") if e["seat"] == 1] == ["agenda"]


def resolved(state: GameState) -> dict:
    return events(state, "challenge_resolved")[-1]


def test_the_white_book_choice_with_a_standing_kingsguard():
    players = [{"in_play": [BEN, "Clan Scout"], "power": 3}, {"in_play": [HOST]}]
    state = agenda_position(players, {0: "kl_79"})
    ben, scout = ref(state, 0, BEN), ref(state, 0, "Clan Scout")
    trait(state, scout, "Kingsguard")
    state = challenge(state, "military", [ben], [ref(state, 1, HOST)])
    assert head(state)["purpose"] == "white_book"
    state = act(state, 0, "choose", choice="kneel")
    # (the position plays on to the next round, so the standing phase stood it again)
    assert [e["card"] for e in events(state, "knelt")] == [scout]
    assert state.players[0].power == 3


def test_the_old_way_the_lower_strength_kills_a_participant():
    players = [{"in_play": [BEN, "Clan Scout", KNIGHT]}, {"in_play": [HOST]}]
    state = agenda_position(players, {1: "kr_99"})
    ben, scout = ref(state, 0, BEN), ref(state, 0, "Clan Scout")
    state = challenge(state, "military", [ben, scout], [ref(state, 1, HOST)])
    prompt = head(state)
    assert prompt["purpose"] == "claim_kill" and prompt["seat"] == 0
    assert prompt["candidates"] == [ben, scout]  # participating characters only
    state = answer(state, "claim_kill", [ben])
    assert state.players[0].dead == [ben]
    plain = agenda_position(players, {})
    plain = challenge(plain, "military", [ref(plain, 0, BEN)], [ref(plain, 1, HOST)])
    assert not plain.players[0].dead


def test_dark_wings_dark_words_draws_after_an_event():
    players = [
        {"in_play": [BEN], "hand": ["Forever Burning"], "gold": 5, "house": "Targaryen"},
        {"in_play": [HOST]},
    ]
    state = agenda_position(players, {0: "cad_80"}, phase="marshalling")
    agenda = agenda_of(state, 0)
    burning = hand(state, 0, "Forever Burning")[0]
    before = len(state.players[0].hand)
    state = use(state, 0, burning, ref(state, 1, HOST))
    while head(state).get("trigger") != "played":
        state = act(state, _seat(state), "pass")
    state = use(state, 0, agenda)
    assert len(state.players[0].hand) == before  # played one, drew one


def test_dark_wings_dark_words_no_events_from_the_dead_or_discard_pile():
    players = [
        {"in_play": [BEN], "dead": ["Forever Burning"], "gold": 5, "house": "Targaryen"},
        {"in_play": [HOST]},
    ]
    plain = agenda_position(players, {}, phase="dominance")
    assert uses(plain, 0, plain.players[0].dead[0])  # "return from your dead pile"
    state = agenda_position(players, {0: "cad_80"}, phase="dominance")
    assert state.phase != "dominance"  # nothing to use: the window passed by itself


# --- prized --------------------------------------------------------------------------------


def test_conquest_names_a_house_ignores_its_penalty_and_prizes_those_cards():
    config = GameConfig(
        players=(PlayerConfig("Stark", _deck(), "cad_1"), PlayerConfig("Stark", _deck())),
        seed=2,
    )
    state = new_game(config)
    prompt = head(state)
    assert prompt["purpose"] == "name_house" and "Stark" not in prompt["options"]
    state = act(state, 0, "choose", choice="Baratheon")
    assert head(state)["name"] == "setup_place"
    # In a position: the named House's cards cost no penalty and are prized.
    players = [
        {"hand": [HOST], "gold": 5, "in_play": [BEN], "house": "Stark"},
        {"in_play": [HOST]},
    ]
    state = agenda_position(players, {0: "cad_1"}, phase="marshalling")
    add_named(state, 0, "Baratheon")
    host = hand(state, 0, HOST)[0]
    state = act(state, 0, "marshal:play", [host])  # cost 5 (no +2 penalty)
    assert state.players[0].gold == 0
    from gameplay.engine import moves

    moves.kill(state, [host, ref(state, 0, BEN)])
    run(state)
    state = settle(state)
    assert state.players[1].power == 1  # the Host was prized 1; Brown Ben is Targaryen


def add_named(state: GameState, seat: int, choice: str) -> None:
    """What the agenda's owner named at setup (as its prompt records it)."""
    agenda = agenda_of(state, seat)
    add_lasting(state, "agenda_named", agenda, "play", agenda, choice=choice)


def test_defiance_plots_moving_to_the_used_pile_give_each_opponent_1_power():
    players = [{"in_play": [BEN]}, {"in_play": [HOST]}]
    state = next_round(agenda_position(players, {0: "cad_2"}))
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    state = act(state, 1, "plot:choose", [state.players[1].plot_deck[0]])
    plain = next_round(agenda_position(players, {}))
    plain = act(plain, 0, "plot:choose", [plain.players[0].plot_deck[0]])
    plain = act(plain, 1, "plot:choose", [plain.players[1].plot_deck[0]])
    # (seat 1 won dominance in round 1 in both)
    assert state.players[1].power == plain.players[1].power + 1
    assert state.players[0].power == plain.players[0].power
    prized = [e for e in events(state, "power") if e.get("reason") == "prized"]
    assert [(e["seat"], e["amount"]) for e in prized] == [(1, 1)]


# --- setup ---------------------------------------------------------------------------------


def test_house_of_dreams_location_in_play_six_cards_and_three_gold():
    deck = tuple(["core_18"] * 12 + ["core_25"] + ["core_181"] * 7)  # Winterfell Castle
    config = GameConfig(
        players=(PlayerConfig("Stark", deck, "btns_119"), PlayerConfig("Stark", deck)), seed=4
    )
    state = new_game(config)
    prompt = head(state)
    assert prompt["purpose"] == "search_location" and prompt["seat"] == 0
    assert len(prompt["candidates"]) == 1 and not state.players[0].hand
    castle = prompt["candidates"][0]
    state = act(state, 0, "select", [castle])
    if head(state).get("purpose") == "search_location":
        state = act(state, 0, "done")
    assert castle in state.players[0].in_play
    assert len(state.players[0].hand) == 6 and len(state.players[1].hand) == 7
    from gameplay.engine.abilities import immune_to

    assert immune_to(state, castle, "event", 1) and not immune_to(state, castle, "plot", 1)
    assert not immune_to(state, castle, "event", 0)
    knights = state.players[0].hand[:2]
    placements = [a for a in legal_actions(state, 0) if a.kind == "setup:place"]
    assert placements and all(len(a.cards) <= 1 for a in placements)  # 2 gold each, 3 at most
    with pytest.raises(IllegalAction, match="setup allows 3"):
        act(state, 0, "setup:place", knights)


def test_alliance_names_a_house_and_lowers_its_penalty():
    config = GameConfig(
        players=(PlayerConfig("Stark", _deck(), "qod_47"), PlayerConfig("Stark", _deck())),
        seed=2,
    )
    state = new_game(config)
    assert head(state)["purpose"] == "name_house" and head(state)["seat"] == 0
    players = [{"hand": [HOST], "gold": 5, "house": "Stark"}, {"in_play": [HOST]}]
    state = agenda_position(players, {0: "qod_47"}, phase="marshalling")
    with pytest.raises(IllegalAction, match="costs 7"):
        act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]])
    add_named(state, 0, "Baratheon")
    state = act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]])
    assert state.players[0].gold == 0


def test_alliance_gives_each_opponent_without_a_treaty_a_house_card_action():
    players = [{"in_play": [BEN], "gold": 0}, {"in_play": [HOST], "gold": 0}]
    state = agenda_position(players, {1: "qod_47"}, phase="marshalling")
    alliance = agenda_of(state, 1)
    assert not uses(state, 1, alliance)  # not for its owner
    state = use(state, 0, alliance)
    assert head(state)["purpose"] == "draw_or_gold"
    state = act(state, 0, "choose", choice="gold")
    assert state.players[0].gold == 2
    assert not uses(state, 0, alliance)  # the House card is knelt
    treaty = agenda_position(players, {0: "low_39", 1: "qod_47"}, phase="marshalling")
    assert not uses(treaty, 0, agenda_of(treaty, 1))


# --- The Brotherhood Without Banners ----------------------------------------------------------


def test_the_brotherhood_places_house_power_on_a_brotherhood_character():
    players = [{"in_play": [HOST, BEN]}, {"in_play": []}]
    state = agenda_position(players, {0: "bwb_39"})
    host, ben = ref(state, 0, HOST), ref(state, 0, BEN)
    trait(state, ben, "Brotherhood")
    state = challenge(state, "military", [host])  # unopposed: 1 power (then dominance: 1)
    gained = sum(e["amount"] for e in events(state, "power") if e.get("seat") == 0)
    assert gained >= 1 and state.players[0].power == 0 and state.in_play[ben].power == gained
    # Without a Brotherhood character, no power is claimed at all.
    plain = agenda_position(players, {0: "bwb_39"})
    plain = challenge(plain, "military", [ref(plain, 0, HOST)])
    assert plain.players[0].power == 0
    assert not [e for e in events(plain, "power") if e.get("seat") == 0]


def test_the_brotherhood_power_claim_may_take_from_brotherhood_characters():
    players = [{"in_play": [HOST]}, {"in_play": [{"card": BEN, "knelt": True, "power": 2}]}]
    state = agenda_position(players, {1: "bwb_39"})
    ben = ref(state, 1, BEN)
    trait(state, ben, "Brotherhood")
    state.players[1].power = 0
    state = challenge(state, "power", [ref(state, 0, HOST)])
    # Claim 1 from Ben (the only place with power), plus 1 unopposed.
    assert state.in_play[ben].power == 1 and state.players[0].power == 2
    plain = agenda_position(players, {})
    plain = challenge(plain, "power", [ref(plain, 0, HOST)])
    assert plain.in_play[ref(plain, 1, BEN)].power == 2 and plain.players[0].power == 1
