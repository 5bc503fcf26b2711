"""A Time of Trials locations, attachment, events and Moon Boy (a_time_of_trials/shadows.py,
cards.py), each played through legal actions, with the restrictions their texts state."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions
from gameplay.engine.phase_flow import use_once_per_game
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    SEASON_PLOT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    build,
    choose,
    hand,
    head,
    in_play,
    joust,
    ref,
    set_season,
    shadow,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

STORM_DANCER, COPPERS, SWEET_CERSEI, MOON_BOY = "kl_23", "kl_26", "kl_27", "kl_28"
FORGE, TEARS, EAST, CONDEMNED, MARKET = "kl_29", "kl_33", "kl_34", "kl_38", "kl_39"
GOLD_CLOAKS = "kl_25"
LIGHTBRINGER, AEGONS_BLADE, GILDED_PLATE = "core_68", "core_102", "core_35"
CUNNING = "Gutter Rat's Cunning"
GREAT_KEEP = "Great Keep"


def offered(state, seat, refs, limit=80):
    """Pass every decision to the end of the round (prompts with their fewest answers);
    whether ``seat`` was ever offered a use of one of ``refs`` on the way."""
    start_round = state.round
    for _ in range(limit):
        over = state.round != start_round or head(state).get("name") == "choose_plots"
        if over or state.result is not None:
            return False
        if any(uses(state, seat, r) for r in refs):
            return True
        step = head(state)
        if step.get("name") == "prompt":
            chosen = step["candidates"][: step["min"]]
            if chosen:
                state = answer(state, step["purpose"], chosen)
            else:
                state = act(state, step["seat"], "done")
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the round did not end")


def deck_of(state, seat, codes):
    state.players[seat].deck = [state.new_card(c, seat) for c in codes]


def come_out(state, seat, card, host=None):
    """Bring ``card`` out of ``seat``'s Shadows and reach its came_out_of_shadows window."""
    cards = [card] if host is None else [card, host]
    state = act(state, seat, "use", cards, "shadow")
    return until_window(state, "came_out_of_shadows")


# --- kl_23 Storm Dancer -------------------------------------------------------------------


def _defended(winter=False):
    state = joust({"in_play": [KNIGHT]}, {"in_play": [STORM_DANCER, HOST]})
    deck_of(state, 1, ["core_18"] * 5)
    if winter:
        set_season(state, "Winter")
        shadow(state, 1, GOLD_CLOAKS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    return to_window(state, "challenge_won", [ref(state, 1, HOST)])


def test_kl_23_storm_dancer_draws_a_card_after_winning_as_the_defender():
    state = _defended()
    dancer = ref(state, 1, STORM_DANCER)
    state = use(state, 1, dancer)
    assert len(state.players[1].hand) == 1


def test_kl_23_storm_dancer_draws_three_in_winter_with_a_card_in_shadows():
    state = _defended(winter=True)
    state = use(state, 1, ref(state, 1, STORM_DANCER))
    assert len(state.players[1].hand) == 3


def test_kl_23_storm_dancer_not_after_winning_as_the_attacker():
    state = joust({"in_play": [STORM_DANCER, HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not offered(state, 0, [ref(state, 0, STORM_DANCER)])


# --- kl_26 A Fistful of Coppers -----------------------------------------------------------


def test_kl_26_a_fistful_of_coppers_goes_into_shadows_and_gives_two_gold_coming_out():
    state = build(players=[{"house": "Lannister", "hand": [COPPERS], "gold": 2}, {}])
    coppers = hand(state, 0, COPPERS)[0]
    assert Action(0, "marshal:shadow", (coppers,)) in legal_actions(state, 0)
    hidden = shadow(state, 0, COPPERS)  # one put there in an earlier round
    state = come_out(state, 0, hidden)
    assert hidden in state.players[0].discard  # face up: an event is played from Shadows
    state = use(state, 0, hidden)
    assert state.players[0].gold == 2 + 2


def test_kl_26_a_fistful_of_coppers_answers_only_its_own_coming_out():
    state = build(players=[{"house": "Lannister", "discard": [COPPERS], "gold": 2}, {}])
    old = state.players[0].discard[0]
    state = come_out(state, 0, shadow(state, 0, COPPERS))
    assert not uses(state, 0, old)


# --- kl_27 Sweet Cersei -------------------------------------------------------------------


def test_kl_27_sweet_cersei_pays_a_gold_for_plus_one_str_on_a_lannister_character():
    state = build(
        players=[{"house": "Lannister", "in_play": [SWEET_CERSEI, STEWARD, KNIGHT], "gold": 1}, {}]
    )
    sweet, steward = ref(state, 0, SWEET_CERSEI), ref(state, 0, STEWARD)
    assert {a.cards[1] for a in uses(state, 0, sweet)} == {steward}  # not the Stark Knight
    state = use(state, 0, sweet, steward)
    assert strength(state, steward) == 3 and state.players[0].gold == 0
    assert not uses(state, 0, sweet)  # no gold left to pay


# --- kl_29 Abandoned Forge ----------------------------------------------------------------


def _forge(gold):
    state = build(players=[{"house": "Baratheon", "gold": gold, "in_play": [KNIGHT]}, {}])
    deck_of(state, 0, [LIGHTBRINGER, GILDED_PLATE, AEGONS_BLADE, "core_18"])
    forge = shadow(state, 0, FORGE)
    return come_out(state, 0, forge), forge


def test_kl_29_abandoned_forge_searches_x_weapons_and_hands_one_back():
    state, forge = _forge(3)
    state = use(state, 0, forge)
    assert head(state)["options"] == ["1", "2", "3"]
    state = choose(state, "2")
    assert state.players[0].gold == 1
    prompt = head(state)
    assert prompt["purpose"] == "search" and prompt["max"] == 2
    assert sorted(state.code(r) for r in prompt["candidates"]) == [AEGONS_BLADE, LIGHTBRINGER]
    state = answer(state, "search", prompt["candidates"])
    weapons = [r for r in state.players[0].in_play if state.in_play[r].attached_to == forge]
    assert sorted(state.code(r) for r in weapons) == [AEGONS_BLADE, LIGHTBRINGER]
    blade = next(r for r in weapons if state.code(r) == AEGONS_BLADE)
    state = use(state, 0, forge, blade)
    assert blade in state.players[0].hand and state.in_play[forge].knelt


def test_kl_29_abandoned_forge_needs_gold_to_search():
    state = build(players=[{"house": "Baratheon", "gold": 0}, {}])
    deck_of(state, 0, [LIGHTBRINGER])
    forge = shadow(state, 0, FORGE)
    state = act(state, 0, "use", [forge], "shadow")
    assert not uses(state, 0, forge)  # no gold for X: no search, no Weapon to move


# --- kl_33 Tears of Lys -------------------------------------------------------------------


def test_kl_33_tears_of_lys_gives_intrigue_and_deadly_and_draws_after_a_kill():
    state = joust(
        {"in_play": [{"card": HOST, "attachments": [TEARS]}]},
        {"in_play": [STEWARD]},
    )
    host, tears = ref(state, 0, HOST), ref(state, 0, TEARS)
    deck_of(state, 0, ["core_18"] * 3)
    assert "intrigue" in icons(state, host) and "deadly" in keywords(state, host)
    state = start(state, "intrigue", [host])
    state = to_window(state, "killed", [ref(state, 1, STEWARD)])
    state = use(state, 0, tears)
    assert tears in state.players[0].discard and len(state.players[0].hand) == 1


def test_kl_33_tears_of_lys_not_after_a_kill_in_a_military_challenge():
    state = joust(
        {"in_play": [{"card": HOST, "attachments": [TEARS]}]},
        {"in_play": [STEWARD]},
    )
    tears = ref(state, 0, TEARS)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not offered(state, 0, [tears])
    assert not state.players[1].in_play  # the Steward was killed for the claim


# --- kl_34 The Shadow of the East ---------------------------------------------------------


def _east(summer=False):
    state = build(
        players=[
            {"house": "Targaryen", "gold": 0, "revealed_plot": CALM},
            {"in_play": [{"card": KNIGHT, "attachments": [CUNNING]}], "revealed_plot": CALM},
        ]
    )
    if summer:
        set_season(state, "Summer")
    east = shadow(state, 0, EAST)
    return come_out(state, 0, east), east


def test_kl_34_the_shadow_of_the_east_discards_an_attachment():
    state, east = _east()
    cunning = ref(state, 1, CUNNING)
    state = use(state, 0, east, cunning)
    assert cunning in state.players[1].discard and east in state.players[0].discard


def test_kl_34_the_shadow_of_the_east_returns_to_hand_in_summer():
    state, east = _east(summer=True)
    state = use(state, 0, east, ref(state, 1, CUNNING))
    assert east in state.players[0].hand


def test_kl_34_the_shadow_of_the_east_needs_an_attachment_in_play():
    state = build(players=[{"house": "Targaryen", "gold": 0}, {"in_play": [KNIGHT]}])
    east = shadow(state, 0, EAST)
    state = act(state, 0, "use", [east], "shadow")
    assert not uses(state, 0, east)


# --- kl_38 Condemned by the Council -------------------------------------------------------


def _condemned():
    state = joust(
        {"in_play": [STEWARD, "Aegon's Garden"], "hand": [CONDEMNED]},
        {"in_play": [FORGE, GREAT_KEEP]},
    )
    return won_window(state, "intrigue", [ref(state, 0, STEWARD)])


def test_kl_38_condemned_returns_a_shadow_location_to_shadows():
    state = _condemned()
    condemned, forge = hand(state, 0, CONDEMNED)[0], ref(state, 1, FORGE)
    targets = {a.cards[1] for a in uses(state, 0, condemned)}
    assert targets == {forge, ref(state, 1, GREAT_KEEP)}  # the loser's locations only
    state = use(state, 0, condemned, forge)
    assert forge in state.players[1].shadows and forge not in state.in_play


def test_kl_38_condemned_discards_any_other_location():
    state = _condemned()
    keep = ref(state, 1, GREAT_KEEP)
    state = use(state, 0, hand(state, 0, CONDEMNED)[0], keep)
    assert keep in state.players[1].discard


def test_kl_38_condemned_only_after_an_intrigue_win():
    state = joust(
        {"in_play": [KNIGHT], "hand": [CONDEMNED]},
        {"in_play": [GREAT_KEEP]},
    )
    condemned = hand(state, 0, CONDEMNED)[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert not offered(state, 0, [condemned])


# --- kl_39 Twilight Market ----------------------------------------------------------------


def test_kl_39_twilight_market_lowers_the_next_card_into_shadows():
    state = build(
        players=[{"house": "Lannister", "in_play": [MARKET], "hand": [GOLD_CLOAKS] * 2}, {}]
    )
    state.players[0].gold = 1
    market = ref(state, 0, MARKET)
    first, second = hand(state, 0, GOLD_CLOAKS)
    assert Action(0, "marshal:shadow", (first,)) not in legal_actions(state, 0)  # 2 gold
    state = use(state, 0, market)
    state = act(state, 0, "marshal:shadow", [first])
    assert state.players[0].gold == 0 and len(state.players[0].shadows) == 1
    state.players[0].gold = 1
    try:  # the next card costs 2 again: the reduction was used up
        act(state, 0, "marshal:shadow", [second])
        raise AssertionError("marshalled into Shadows for 1 gold")
    except IllegalAction:
        pass


def test_kl_39_twilight_market_only_in_the_marshalling_phase():
    state = joust({"in_play": [MARKET, KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, MARKET))


# --- kl_28 Moon Boy -----------------------------------------------------------------------


def _moon_boy(used=(CALM,), mark=False):
    players = [
        {"in_play": [MOON_BOY], "plot_deck": [SEASON_PLOT]},
        {"plot_deck": [SEASON_PLOT, "Rains of Autumn"], "used_plots": list(used)},
    ]
    state = build(phase="plot", players=players, auto_pass=False)
    if mark:
        use_once_per_game(state, "kl_28@0")
    return state


def test_kl_28_moon_boy_makes_the_opponent_choose_from_the_used_pile():
    state = _moon_boy()
    assert head(state).get("point") == "before_plots"
    moon_boy = in_play(state, 0, MOON_BOY)[0]
    state = use(state, 0, moon_boy)
    assert moon_boy in state.players[0].discard
    while head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    calm = state.players[1].used_plots[0]
    assert [a.cards[0] for a in legal_actions(state, 1)] == [calm]
    state = act(state, 1, "plot:choose", [calm])
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    assert state.players[1].revealed_plot == calm and calm not in state.players[1].used_plots


def test_kl_28_moon_boy_needs_a_used_plot_and_is_once_per_game():
    state = _moon_boy(used=())
    assert head(state).get("point") != "before_plots"  # no window: nothing to choose from
    assert head(state).get("name") == "choose_plots"
    state = _moon_boy(mark=True)
    assert not uses(state, 0, in_play(state, 0, MOON_BOY)[0])  # used already this game


def test_kl_28_moon_boy_not_after_the_plots_are_chosen():
    state = _moon_boy()
    moon_boy = in_play(state, 0, MOON_BOY)[0]
    while head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    assert state.players[1].revealed_plot is not None
    assert not offered(state, 0, [moon_boy])  # the plot phase window: no choice left
