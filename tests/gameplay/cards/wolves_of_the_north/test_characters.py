"""Wolves of the North characters (gameplay/engine/cards/wolves_of_the_north/characters.py),
played through legal actions: Wolves of the North, Janos Slynt, Loyal Guard, Drowned
Fanatic, Khal Drogo, Palace Spy, Ranger of the Watch, Septon Cellador, Skinchanger and
Craster."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords
from gameplay.engine.rules import gold_cost
from tests.gameplay.cards.wolves_of_the_north.helpers import through_challenge, won_window_open
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    choose,
    code,
    events,
    hand,
    head,
    initiate,
    joust,
    marshalling,
    marshals,
    pass_until,
    pass_windows,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
)

WOLVES = "dotn_1"
JANOS = "dotn_3"
LOYAL_GUARD = "dotn_5"
FANATIC = "dotn_7"
DROGO = "dotn_9"
PALACE_SPY = "dotn_11"
RANGER = "dotn_13"
CELLADOR = "dotn_14"
SKINCHANGER = "dotn_16"
CRASTER = "dotn_17"
RANGERS = "dotn_19"  # The Rangers: a The North agenda
TREATY = "low_39"  # a Treaty agenda (not The North)
STANNIS = "Stannis Baratheon"  # unique, Noble crest
FIEFDOMS = "Northern Fiefdoms"  # a location with 1 influence
KENNELS = "Winterfell Kennels"  # a location with no influence
WINNER_PLOT = "Rains of Autumn"  # initiative 5 against Calm Over Westeros's 3


# --- dotn_1 Wolves of the North ------------------------------------------------------------


def _wolves(agenda: str | None):
    players = [{"house": "Stark", "hand": [WOLVES], "gold": 5}, {"house": "Lannister"}]
    return agenda_position(players, {0: agenda} if agenda else {}, phase="marshalling")


def test_wolves_of_the_north_cost_1_less_for_a_north_agenda():
    state = _wolves(RANGERS)
    wolves = hand(state, 0, WOLVES)[0]
    assert gold_cost(state, 0, wolves) == 5
    state = act(state, 0, "marshal:play", [wolves])
    assert wolves in state.in_play and state.players[0].gold == 0


def test_wolves_of_the_north_costs_its_printed_cost_without_a_north_agenda():
    for agenda in (None, TREATY):
        state = _wolves(agenda)
        wolves = hand(state, 0, WOLVES)[0]
        assert gold_cost(state, 0, wolves) == 6
        assert marshals(state, 0, wolves) == []


# --- dotn_3 Janos Slynt --------------------------------------------------------------------


def test_janos_slynt_pays_1_gold_to_give_a_nights_watch_character_stealth():
    state = joust({"in_play": [JANOS, CELLADOR], "gold": 1}, {"in_play": [RANGER]})
    janos, cellador, ranger = ref(state, 0, JANOS), ref(state, 0, CELLADOR), ref(state, 1, RANGER)
    # Any player's Night's Watch character, Janos himself included.
    assert sorted(a.cards[1] for a in uses(state, 0, janos)) == sorted([janos, cellador, ranger])
    state = use(state, 0, janos, cellador)
    assert "stealth" in keywords(state, cellador)
    assert state.players[0].gold == 0
    assert uses(state, 0, janos) == []  # no gold left


def test_janos_slynt_chooses_only_nights_watch_characters_and_needs_gold():
    state = joust({"in_play": [JANOS, KNIGHT], "gold": 1}, {})
    janos = ref(state, 0, JANOS)
    assert [a.cards[1] for a in uses(state, 0, janos)] == [janos]  # not the Knight
    state = joust({"in_play": [JANOS, CELLADOR], "gold": 0}, {})
    assert uses(state, 0, ref(state, 0, JANOS)) == []


def test_janos_slynt_stealth_ends_with_the_phase():
    state = joust({"in_play": [JANOS, CELLADOR], "gold": 1}, {})
    cellador = ref(state, 0, CELLADOR)
    state = use(state, 0, ref(state, 0, JANOS), cellador)
    assert "stealth" in keywords(state, cellador) or state.phase != "challenges"
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert "stealth" not in keywords(state, cellador)


# --- dotn_5 Loyal Guard --------------------------------------------------------------------


def test_loyal_guard_is_played_as_a_duplicate_on_a_noble_character():
    state = marshalling(
        {"house": "Baratheon", "hand": [LOYAL_GUARD], "in_play": [STANNIS, HOST], "gold": 0}
    )
    guard, stannis = hand(state, 0, LOYAL_GUARD)[0], ref(state, 0, STANNIS)
    duplicates = [a for a in marshals(state, 0, guard) if a.kind == "marshal:duplicate"]
    assert [a.cards[1] for a in duplicates] == [stannis]  # Host of Storm's End: no Noble crest
    state = act(state, 0, "marshal:duplicate", [guard, stannis])
    assert state.in_play[stannis].duplicates == [guard]


def test_loyal_guard_goes_only_on_a_noble_character_you_control():
    state = marshalling(
        {"house": "Baratheon", "hand": [LOYAL_GUARD], "in_play": [HOST], "gold": 0},
        {"in_play": [STANNIS]},
    )
    guard = hand(state, 0, LOYAL_GUARD)[0]
    assert [a for a in marshals(state, 0, guard) if a.kind == "marshal:duplicate"] == []


def test_loyal_guard_saves_the_noble_character_like_a_duplicate():
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Baratheon", "in_play": [{"card": STANNIS, "duplicates": [LOYAL_GUARD]}]},
    )
    stannis = ref(state, 1, STANNIS)
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(40):
        if head(state).get("purpose") in ("save", "claim_military"):
            break
        if head(state).get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    if head(state).get("purpose") == "claim_military":
        state = answer(state, "claim_military", [stannis])
    state = answer(state, "save", [stannis])
    assert stannis in state.in_play and not state.in_play[stannis].duplicates


# --- dotn_7 Drowned Fanatic ----------------------------------------------------------------


def _initiative(mine: str, theirs: str, me: dict, them: dict):
    players = [{"plot_deck": [mine], **me}, {"plot_deck": [theirs], **them}]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def test_drowned_fanatic_discards_the_top_2_of_each_opponents_deck_after_you_win_initiative():
    state = _initiative(
        WINNER_PLOT,
        CALM,
        {"house": "Greyjoy", "in_play": [FANATIC]},
        {"deck": [KNIGHT, STEWARD, HOST]},
    )
    fanatic = ref(state, 0, FANATIC)
    assert head(state).get("trigger") == "initiative_won"
    state = use(state, 0, fanatic)
    assert [state.code(r) for r in state.players[1].discard] == [code(KNIGHT), code(STEWARD)]
    assert len(state.players[1].deck) == 1


def test_drowned_fanatic_answers_only_your_own_initiative_win():
    state = _initiative(
        CALM,
        WINNER_PLOT,
        {"house": "Greyjoy", "in_play": [FANATIC]},
        {"deck": [KNIGHT, STEWARD, HOST]},
    )
    assert events(state, "initiative")[-1]["seat"] == 1
    assert head(state).get("name") == "first_player"  # no window: nothing answers
    assert not state.players[1].discard


# --- dotn_9 Khal Drogo ---------------------------------------------------------------------


def test_khal_drogo_kills_a_character_with_lower_str_after_a_power_win():
    state = joust(
        {"house": "Targaryen", "in_play": [DROGO]},
        {"in_play": [KNIGHT, "Eddard Stark", {"card": STEWARD, "knelt": True}]},
    )
    drogo, knight = ref(state, 0, DROGO), ref(state, 1, KNIGHT)
    state = start(state, "power", [drogo])
    state = to_window(state, "challenge_won")
    targets = sorted(a.cards[1] for a in uses(state, 0, drogo))
    assert targets == sorted([knight, ref(state, 1, STEWARD)])  # Eddard: 4 STR, not lower
    state = use(state, 0, drogo, knight)
    state = pass_windows(state)
    assert knight in state.players[1].dead


def test_khal_drogo_answers_only_a_power_challenge_he_participates_in():
    state = joust({"house": "Targaryen", "in_play": [DROGO]}, {"in_play": [KNIGHT]})
    drogo = ref(state, 0, DROGO)
    state = start(state, "military", [drogo])
    state = through_challenge(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not won_window_open(state) or uses(state, 0, drogo) == []
    state = joust({"house": "Targaryen", "in_play": [DROGO, HOST]}, {"in_play": [KNIGHT]})
    drogo = ref(state, 0, DROGO)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = through_challenge(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not won_window_open(state) or uses(state, 0, drogo) == []


# --- dotn_11 Palace Spy --------------------------------------------------------------------


def test_palace_spy_searches_for_an_influence_location_after_you_play_it():
    state = marshalling(
        {"house": "Martell", "hand": [PALACE_SPY], "deck": [KENNELS, FIEFDOMS, KNIGHT], "gold": 3}
    )
    spy = hand(state, 0, PALACE_SPY)[0]
    state = act(state, 0, "marshal:play", [spy])
    state = until_window(state, "played")
    state = use(state, 0, spy)
    prompt = head(state)
    assert prompt["purpose"] == "search"
    assert [state.code(r) for r in prompt["candidates"]] == [code(FIEFDOMS)]
    state = answer(state, "search", prompt["candidates"])
    assert [state.code(r) for r in state.players[0].hand] == [code(FIEFDOMS)]
    assert events(state, "revealed")[-1]["codes"] == [code(FIEFDOMS)]


def test_palace_spy_answers_only_its_own_play():
    state = marshalling(
        {
            "house": "Martell",
            "in_play": [PALACE_SPY],
            "hand": [STEWARD],
            "deck": [FIEFDOMS],
            "gold": 9,
        }
    )
    spy = ref(state, 0, PALACE_SPY)
    state = act(state, 0, "marshal:play", [hand(state, 0, STEWARD)[0]])
    assert uses(state, 0, spy) == []
    assert head(state).get("trigger") != "played" or head(state).get("purpose") != "search"


# --- dotn_13 Ranger of the Watch -----------------------------------------------------------


def test_ranger_of_the_watch_gains_stealth_in_a_military_challenge():
    players = [{"in_play": [RANGER]}, {"in_play": [KNIGHT]}]
    state = agenda_position(players, {0: RANGERS})  # The Rangers: a Military icon
    ranger = ref(state, 0, RANGER)
    assert "stealth" not in keywords(state, ranger)
    state = initiate(state, "military", [ranger])
    assert head(state).get("purpose") == "stealth"
    assert "stealth" in keywords(state, ranger)


def test_ranger_of_the_watch_has_no_stealth_in_other_challenges():
    state = joust({"in_play": [RANGER, HOST]}, {"in_play": [KNIGHT]})
    ranger = ref(state, 0, RANGER)
    state = initiate(state, "power", [ref(state, 0, HOST)])
    assert state.challenge is not None and "stealth" not in keywords(state, ranger)


# --- dotn_14 Septon Cellador ---------------------------------------------------------------


def test_septon_cellador_kneels_to_shuffle_any_players_deck():
    state = joust(
        {"in_play": [CELLADOR, HOST], "deck": [KNIGHT]}, {"deck": [KNIGHT, STEWARD, HOST]}
    )
    cellador = ref(state, 0, CELLADOR)
    before = list(state.players[1].deck)
    state = use(state, 0, cellador)
    assert head(state)["purpose"] == "choose_player" and head(state)["options"] == ["0", "1"]
    state = choose(state, "1")
    assert state.in_play[cellador].knelt
    assert not set(before) & set(state.players[1].deck)  # fresh ids: shuffled
    assert sorted(state.code(r) for r in state.players[1].deck) == sorted(
        code(n) for n in (KNIGHT, STEWARD, HOST)
    )
    assert events(state, "shuffled")[-1]["seat"] == 1


def test_septon_cellador_must_kneel():
    state = joust({"in_play": [{"card": CELLADOR, "knelt": True}, HOST]}, {"deck": [KNIGHT]})
    assert head(state).get("point") == "before_challenge"
    assert uses(state, 0, ref(state, 0, CELLADOR)) == []


# --- dotn_16 Skinchanger -------------------------------------------------------------------


def test_skinchanger_gains_an_icon_of_your_choice_once_per_phase():
    state = joust({"in_play": [SKINCHANGER]}, {"in_play": [KNIGHT]})
    skin = ref(state, 0, SKINCHANGER)
    state = use(state, 0, skin)
    assert head(state)["purpose"] == "icon"
    state = choose(state, "military")
    assert icons(state, skin) == {"military"}
    assert uses(state, 0, skin) == []  # Limit once per phase
    state = start(state, "military", [skin])
    assert state.challenge["attackers"] == [skin]


def test_skinchanger_is_used_only_in_the_challenges_phase():
    state = marshalling({"in_play": [SKINCHANGER]})
    assert uses(state, 0, ref(state, 0, SKINCHANGER)) == []


# --- dotn_17 Craster -----------------------------------------------------------------------


def test_craster_makes_the_winning_opponent_draw_2_when_you_lose_with_him():
    state = joust(
        {"in_play": [CRASTER], "deck": [KNIGHT, KNIGHT]},
        {"in_play": [STEWARD, STEWARD, STEWARD], "deck": [KNIGHT, STEWARD, HOST]},
    )
    state = start(state, "intrigue", [ref(state, 0, CRASTER)])
    state = through_challenge(state, defenders=list(state.players[1].in_play))
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert len(state.players[1].hand) == 2 and not state.players[0].hand


def test_craster_draws_nothing_when_his_side_wins_or_he_stays_out():
    state = joust(
        {"in_play": [CRASTER, STEWARD], "deck": [KNIGHT, KNIGHT]},
        {"in_play": [STEWARD], "deck": [KNIGHT, KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, CRASTER)])
    state = through_challenge(state, defenders=[ref(state, 1, STEWARD)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0  # Craster's side wins
    assert not state.players[0].hand and not state.players[1].hand
    state = joust(
        {"in_play": [CRASTER, STEWARD], "deck": [KNIGHT, KNIGHT]},
        {"in_play": [STEWARD, STEWARD], "deck": [KNIGHT, KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])  # Craster stays home
    state = through_challenge(state, defenders=list(state.players[1].in_play))
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert not state.players[1].hand
