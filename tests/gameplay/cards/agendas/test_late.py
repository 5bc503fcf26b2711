"""The last agendas (gameplay/engine/cards/agendas/): Knights of the Hollow Hill, The
Maester's Path, Black Sails and Aloof and Apart, each in a position driven through legal
actions and apply."""

from __future__ import annotations

from gameplay.engine.abilities import add_delayed, agenda_of
from gameplay.engine.actions import Action
from gameplay.engine.game import GameConfig, PlayerConfig, legal_actions, new_game
from gameplay.engine.influence import total_influence
from gameplay.engine.observe import observe
from gameplay.engine.rules import income, initiative
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    agenda_position,
    answer,
    build,
    challenge,
    events,
    hand,
    ref,
    start,
    until_phase,
    until_window,
    use,
)
from tests.gameplay.scenario import code

ALOOF = "w_18"
DROGO = "Khal Drogo"  # core_107: Targaryen, cost 4


# --- w_18 Aloof and Apart ------------------------------------------------------------------


def test_w_18_aloof_lowers_the_first_big_character_of_the_round():
    players = [{"hand": [HOST, HOST], "gold": 10, "house": "Baratheon"}, {}]
    state = agenda_position(players, {0: ALOOF}, phase="marshalling")
    first, second = hand(state, 0, HOST)
    state = act(state, 0, "marshal:play", [first])
    assert state.players[0].gold == 10 - 5 + 2  # Host of Storm's End costs 5
    state = act(state, 0, "marshal:play", [second])
    assert state.players[0].gold == 7 - 5  # the second one: full cost


def test_w_18_aloof_big_characters_are_prized_1_when_they_leave_play():
    players = [{"in_play": [KNIGHT]}, {"in_play": [HOST], "house": "Baratheon"}]
    state = agenda_position(players, {1: ALOOF})
    state = challenge(state, "military", [ref(state, 0, KNIGHT)])
    assert not state.players[1].in_play  # the Host was killed for the claim
    gained = [e for e in state.log if e["event"] == "power" and e.get("reason") == "prized"]
    assert gained and gained[0]["seat"] == 0


def test_w_18_aloof_big_characters_do_not_return_to_hand_by_your_effects():
    players = [{"in_play": [DROGO], "house": "Targaryen"}, {}]
    state = agenda_position(players, {0: ALOOF}, phase="challenges")
    drogo = ref(state, 0, DROGO)
    # Khal Drogo's own "at the end of the phase, return him to his owner's hand".
    add_delayed(state, "phase_ends", 0, "targaryen_drogo_returns", drogo, until="phase", card=drogo)
    state = until_phase(state, "plot")  # the challenges phase ended
    assert drogo in state.players[0].in_play
    assert any(e["event"] == "not_returned" for e in state.log)


# --- bwb_59 Knights of the Hollow Hill -------------------------------------------------------

HOLLOW_HILL = "bwb_59"
CROSSROADS = "core_138"  # neutral location, [+1 Income] [+1 Influence]
DANCE = "core_173"  # Any Phase: Kneel 1 influence to search your deck for a Dragon card ...


def test_bwb_59_hollow_hill_places_nothing_in_setup():
    state = build(phase="setup", players=[{"hand": [KNIGHT]}, {"hand": [KNIGHT]}], auto_pass=False)
    state.players[0].agenda = HOLLOW_HILL
    state.new_card(HOLLOW_HILL, 0)
    state.__dict__.pop("_agenda_cards", None)
    knight = state.players[0].hand[0]
    assert Action(0, "setup:place", (knight,)) not in legal_actions(state, 0)
    assert Action(0, "setup:place", ()) in legal_actions(state, 0)


def test_bwb_59_hollow_hill_house_card_gives_income_initiative_and_influence():
    players = [{"in_play": [CROSSROADS], "hand": [DANCE]}, {"in_play": [CROSSROADS]}]
    plain = agenda_position(players, {}, phase="challenges")
    state = agenda_position(players, {0: HOLLOW_HILL}, phase="challenges")
    # Crossroads' [+1 Income] no longer counts; the House card's +2 does.
    assert income(state, 0) == income(plain, 0) - 1 + 2
    assert initiative(state, 0) == initiative(plain, 0) + 2
    # The House card kneels for 2 influence (Crossroads gives 1 more).
    assert total_influence(state, 0) == total_influence(plain, 0) + 2
    state.in_play[state.players[0].in_play[0]].knelt = True  # only the House card is left
    state = use(state, 0, hand(state, 0, DANCE)[0])
    assert events(state, "house_knelt") and "house_knelt:0" in state.used
    assert total_influence(state, 0) == 0


# --- soo_19 The Maester's Path ---------------------------------------------------------------

MAESTERS_PATH = "soo_19"
COPPER_LINK = "soo_17"  # Chain: Setup. Maester character only.
COLLAR = "soo_18"  # Chain: Setup.
CRESSEN = "Maester Cressen"  # core_77: printed Maester, power icon
PLOTS = ["core_185"] * 7  # A Noble Cause


def _new(agenda: str, deck: list[str]):
    config = GameConfig(
        players=(
            PlayerConfig("Stark", tuple(code(c) for c in deck + PLOTS), agenda),
            PlayerConfig("Stark", tuple(code(c) for c in [KNIGHT] * 20 + PLOTS)),
        ),
        seed=3,
    )
    return new_game(config)


def test_soo_19_maesters_path_sets_chains_aside_before_the_shuffle():
    state = _new(MAESTERS_PATH, [COPPER_LINK, COPPER_LINK, COLLAR] + [KNIGHT] * 20)
    prompt = state.queue[0]
    assert prompt["purpose"] == "chains" and prompt["seat"] == 0
    assert len(prompt["candidates"]) == 2  # one per title
    state = answer(state, "chains", list(prompt["candidates"]))
    chains = sorted(state.code(r) for r in state.players[0].on_agenda)
    assert chains == [COPPER_LINK, COLLAR]
    assert [state.code(r) for r in state.players[0].deck + state.players[0].hand].count(
        COPPER_LINK
    ) == 1
    assert [c["code"] for c in observe(state, 1)["players"][0]["on_agenda"]] == chains


def test_soo_19_maesters_path_no_win_with_chains_then_attach_one_to_a_maester():
    state = agenda_position([{"in_play": [KNIGHT, CRESSEN]}, {}], {0: MAESTERS_PATH})
    chain = state.new_card(COLLAR, 0)
    state.players[0].on_agenda.append(chain)
    state.players[0].power = 15
    state = until_window(start(state, "military", [ref(state, 0, KNIGHT)]), "challenge_won")
    assert state.result is None  # 16 power, but a Chain is on the agenda
    agenda = agenda_of(state, 0)
    state = use(state, 0, agenda)
    assert state.in_play[chain].attached_to == ref(state, 0, CRESSEN)
    assert state.players[0].on_agenda == []
    assert state.result is not None and state.result["winner"] == 0


# --- asots_18 Black Sails --------------------------------------------------------------------

BLACK_SAILS = "asots_18"
FLEET = "asots_5"  # Fleet from Pyke: military icon with a [Naval] enhancement


def test_asots_18_black_sails_the_left_opponent_chooses_the_hold():
    state = _new(BLACK_SAILS, [KNIGHT] * 21)
    prompt = state.queue[0]
    assert prompt["purpose"] == "the_hold" and prompt["seat"] == 1
    state = act(state, 1, "choose", choice="top")
    player = state.players[0]
    assert len(player.hold) == 11 and len(player.deck) + len(player.hand) == 10
    mine, theirs = observe(state, 0)["players"][0], observe(state, 1)["players"][0]
    assert len(mine["hold"]) == 11 and "hold" not in theirs and theirs["hold_count"] == 11


def test_asots_18_black_sails_takes_a_hold_card_after_a_naval_win():
    state = agenda_position([{"in_play": [FLEET], "house": "Greyjoy"}, {}], {0: BLACK_SAILS})
    held = state.new_card(code(KNIGHT), 0)
    state.players[0].hold.append(held)
    state = until_window(start(state, "military", [ref(state, 0, FLEET)]), "challenge_won")
    state = use(state, 0, agenda_of(state, 0))
    state = answer(state, "the_hold", [held])
    state = until_phase(state, "plot")  # it joins the hand at the end of the phase
    assert held in state.players[0].hand and state.players[0].hold == []
    moved = [e.get("phase") for e in state.log if e["event"] in ("hold_to_hand", "phase")]
    assert moved[moved.index(None) + 1] == "dominance"  # at the end of the challenges phase
