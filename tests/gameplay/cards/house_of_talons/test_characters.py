"""House of Talons characters (gameplay/engine/cards/house_of_talons/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power, Stark Knight with the House Tully trait), Lannisport Steward (2 STR,
intrigue)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_without,
    code,
    defend,
    events,
    finish_challenge,
    head,
    in_play,
    joust,
    never_offered,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
    watch,
    won_window,
)

PARMEN, REAVER, SNAKES, DOREA = "w_81", "w_84", "w_87", "w_89"
SENTRY, FOOTMAN, JHOGO, BRAIDED = "w_90", "w_91", "w_94", "w_95"
YOHN, ROBERT = "w_97", "w_98"
KINGS = "w_100"  # Kings of Mountain and Vale: a Castle plot
CALM = "Calm Over Westeros"  # a plot without the Castle trait
EMMON = "kotst_4"  # Ser Emmon Cuy, a Rainbow Guard Knight
CLANSMAN = "bwb_3"  # Painted Dogs, a Clansman
SAND_SNAKE = "bwb_93"  # Bastard Daughter, a Sand Snake
DOTHRAKI = "core_119"  # Dothraki Honor Guard (4 STR, military and power)
HOSTER = "cad_72"  # Hoster Tully, a unique House Tully character
LORDSHIP = "core_140"  # an attachment of cost 1 without restriction (Title)
ICE = "core_1"  # "House Stark character only", cost 2
RODRIK = "core_4"  # Ser Rodrik Cassel, unique Stark
HEDGE = "kotst_40"  # Hedge Knight: 1 STR, military and power


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_81 Ser Parmen Crane ------------------------------------------------------------------


def test_ser_parmen_crane_stands_your_rainbow_guard_at_the_start_of_dominance():
    me = {"in_play": [_knelt(PARMEN), _knelt(EMMON), _knelt(KNIGHT)]}
    them = {"in_play": [_knelt(EMMON)]}
    state = joust(me, them, phase="dominance", auto_pass=False)
    assert state.phase == "dominance"
    mine = {state.in_play[r].knelt for r in (ref(state, 0, PARMEN), ref(state, 0, EMMON))}
    assert mine == {False}
    assert state.in_play[ref(state, 0, KNIGHT)].knelt  # not a Rainbow Guard
    assert state.in_play[ref(state, 1, EMMON)].knelt  # not his controller's


def test_ser_parmen_crane_not_before_the_dominance_phase():
    me = {"in_play": [_knelt(PARMEN), _knelt(EMMON)]}
    state = joust(me, {}, phase="challenges", auto_pass=False)
    assert state.phase == "challenges"
    assert state.in_play[ref(state, 0, EMMON)].knelt


# --- w_84 Iron Islands Reaver ---------------------------------------------------------------

ROSEROAD = "The Roseroad"
CREW = "bwb_87"  # Bloodthirsty Crew: "discard the top 2 cards of the losing opponent's deck"


def _crew_won(them: dict, mine=(REAVER, CREW), empty: bool = True):
    state = joust({"in_play": list(mine)}, {"in_play": [_knelt(STEWARD), ROSEROAD], **them})
    if empty:
        state.players[1].deck.clear()
    crew = ref(state, 0, CREW)
    state = won_window(state, "military", [crew])  # unopposed; the claim kills the Steward
    return use(state, 0, crew)


def test_iron_islands_reaver_an_empty_deck_discards_a_card_at_command_instead():
    state = _crew_won({"hand": [KNIGHT]})
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 1
    roseroad, knight = ref(state, 1, ROSEROAD), state.players[1].hand[0]
    assert set(prompt["candidates"]) == {knight, roseroad}  # the hand and the cards in play
    state = answer(state, "discard", [roseroad])
    assert state.players[1].discard == [roseroad] and roseroad not in state.in_play
    assert state.players[1].hand == [knight]


def test_iron_islands_reaver_not_a_deck_with_cards_nor_without_the_reaver():
    state = _crew_won({"hand": [KNIGHT], "deck": [HOST] * 3}, empty=False)
    assert head(state).get("purpose") != "discard"
    assert len(state.players[1].discard) == 2 and len(state.players[1].hand) == 1
    state = _crew_won({"hand": [KNIGHT]}, mine=(CREW,))
    assert head(state).get("purpose") != "discard"
    assert not state.players[1].discard and len(state.players[1].hand) == 1


# --- w_87 Milk Snakes -----------------------------------------------------------------------


def test_milk_snakes_return_a_clansman_card_from_your_discard_pile():
    me = {"in_play": [SNAKES], "discard": [CLANSMAN, KNIGHT]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    snakes = ref(state, 0, SNAKES)
    clansman, knight = state.players[0].discard
    state = won_window(state, "power", [snakes])
    assert {a.cards for a in uses(state, 0, snakes)} == {(snakes, clansman)}  # not the Knight
    state = use(state, 0, snakes, clansman)
    assert clansman in state.players[0].hand and state.players[0].discard == [knight]


def test_milk_snakes_only_after_a_won_challenge_they_took_part_in():
    me = {"in_play": [SNAKES, HOST], "discard": [CLANSMAN]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, SNAKES))
    state = joust(me, {"in_play": [HOST]})
    state = start(state, "power", [ref(state, 0, SNAKES)])
    never_offered(state, 0, ref(state, 0, SNAKES), [ref(state, 1, HOST)])


# --- w_89 Dorea Sand ------------------------------------------------------------------------


def _kill(state, refs):
    from gameplay.engine import moves

    moves.kill(state, list(refs))
    return state


def test_dorea_sand_claims_power_after_a_sand_snake_you_control_is_killed():
    state = joust({"in_play": [DOREA, SAND_SNAKE]}, {})
    dorea = ref(state, 0, DOREA)
    state = _kill(state, [ref(state, 0, SAND_SNAKE)])
    state = until_window(state, "killed")
    state = use(state, 0, dorea)
    assert state.in_play[dorea].power == 1


def test_dorea_sand_not_for_another_character_nor_an_opponents_sand_snake():
    state = joust({"in_play": [DOREA, KNIGHT]}, {"in_play": [SAND_SNAKE]})
    dorea = ref(state, 0, DOREA)
    for victim in (ref(state, 0, KNIGHT), ref(state, 1, SAND_SNAKE)):
        after = _kill(state.copy(), [victim])
        after, offered = watch(after, 0, dorea, _turn_again)
        assert victim not in after.in_play and not offered


def _turn_again(state):
    return head(state).get("point") == "before_challenge"


def test_dorea_sand_limit_three_times_per_phase():
    state = joust({"in_play": [DOREA, SAND_SNAKE, SAND_SNAKE, SAND_SNAKE, SAND_SNAKE]}, {})
    dorea = ref(state, 0, DOREA)
    for index in range(3):
        state = _kill(state, [ref(state, 0, SAND_SNAKE, 0)])
        state = until_window(state, "killed")
        state = use(state, 0, dorea)
        assert state.in_play[dorea].power == index + 1
    state = _kill(state, [ref(state, 0, SAND_SNAKE, 0)])
    assert not uses(state, 0, dorea)


# --- w_90 Water Gardens Sentry --------------------------------------------------------------


def test_water_gardens_sentry_joins_as_a_defender_and_returns_to_hand_on_a_win():
    state = joust({"in_play": [HEDGE]}, {"in_play": [SENTRY, STEWARD]})
    sentry = ref(state, 1, SENTRY)
    state = start(state, "military", [ref(state, 0, HEDGE)])  # nobody can defend
    state = until_seat(state, 1)
    state = use(state, 1, sentry)
    (joined,) = events(state, "joined_challenge")
    assert joined["card"] == sentry and joined["side"] == "defenders"
    state = finish_challenge(state)
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["winner"] == 1  # 2 STR against 1
    assert sentry in state.players[1].hand


def test_water_gardens_sentry_stays_in_play_when_the_challenge_is_lost():
    state = joust({"in_play": [HOST]}, {"in_play": [SENTRY]})
    sentry = ref(state, 1, SENTRY)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_seat(state, 1)
    state = use(state, 1, sentry)
    state = finish_challenge(state)
    assert sentry not in state.players[1].hand
    assert sentry in state.in_play or sentry in state.players[1].dead


def test_water_gardens_sentry_not_in_its_controllers_own_challenge():
    state = joust({"in_play": [SENTRY, HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    never_offered(state, 0, ref(state, 0, SENTRY), [ref(state, 1, KNIGHT)])


# --- w_91 House Tully Footman ---------------------------------------------------------------


def test_house_tully_footman_does_not_kneel_to_defend_with_a_unique_house_tully():
    state = joust({"in_play": [HOST]}, {"in_play": [FOOTMAN, HOSTER]})
    footman = ref(state, 1, FOOTMAN)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [footman])
    assert not state.in_play[footman].knelt


def test_house_tully_footman_kneels_without_a_unique_house_tully():
    state = joust({"in_play": [HOST]}, {"in_play": [FOOTMAN, KNIGHT]})  # Knight: not unique
    footman = ref(state, 1, FOOTMAN)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [footman])
    assert state.in_play[footman].knelt
    state = joust({"in_play": [KNIGHT, HOSTER]}, {"in_play": [FOOTMAN, HOST]})  # an opponent's
    footman = ref(state, 1, FOOTMAN)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [footman, ref(state, 1, HOST)])
    assert state.in_play[footman].knelt


# --- w_94 Jhogo -----------------------------------------------------------------------------


def test_jhogo_discards_himself_to_claim_power_equal_to_the_losers_hand():
    me = {"in_play": [JHOGO, DOTHRAKI, DOTHRAKI]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT] * 4})
    jhogo = ref(state, 0, JHOGO)
    attackers = [jhogo, ref(state, 0, DOTHRAKI, 0), ref(state, 0, DOTHRAKI, 1)]
    state = won_window(state, "power", attackers)
    before = state.players[0].power
    state = use(state, 0, jhogo)
    assert jhogo in state.players[0].discard
    assert state.players[0].power == before + 4


def test_jhogo_needs_two_other_dothraki_attackers():
    me = {"in_play": [JHOGO, DOTHRAKI, HOST]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT]})
    attackers = [ref(state, 0, JHOGO), ref(state, 0, DOTHRAKI), ref(state, 0, HOST)]
    challenge_without(state, "power", attackers, 0, ref(state, 0, JHOGO))
    me = {"in_play": [JHOGO, DOTHRAKI, DOTHRAKI]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT]})
    attackers = [ref(state, 0, DOTHRAKI, 0), ref(state, 0, DOTHRAKI, 1)]  # Jhogo stays home
    challenge_without(state, "power", attackers, 0, ref(state, 0, JHOGO))


def test_jhogo_not_after_the_limited_response_of_the_round():
    me = {"in_play": [JHOGO, DOTHRAKI, DOTHRAKI]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT]})
    state.players[0].limited_response_used = True
    attackers = [ref(state, 0, JHOGO), ref(state, 0, DOTHRAKI, 0), ref(state, 0, DOTHRAKI, 1)]
    challenge_without(state, "power", attackers, 0, ref(state, 0, JHOGO))


# --- w_95 Braided Warrior -------------------------------------------------------------------


def _braided(deck, gold=3, others=(KNIGHT,)):
    state = build(
        players=[
            {
                "house": "Targaryen",
                "hand": [BRAIDED],
                "deck": deck,
                "gold": gold + 3,
                "in_play": list(others),
            },
            {"house": "Stark"},
        ]
    )
    braided = state.players[0].hand[0]
    state = act(state, 0, "marshal:play", [braided])
    return until_window(state, "entered_play"), braided


def test_braided_warrior_puts_an_attachment_from_the_deck_into_play_for_its_cost():
    state, braided = _braided([LORDSHIP, HOST])
    gold = state.players[0].gold
    state = use(state, 0, braided)
    prompt = head(state)
    assert prompt["purpose"] == "search"
    lordship = next(r for r in state.players[0].deck if state.code(r) == code(LORDSHIP))
    state = answer(state, "search", [lordship])
    assert head(state)["purpose"] == "attach_to"
    knight = ref(state, 0, KNIGHT)
    state = answer(state, "attach_to", [knight])
    (lordship,) = in_play(state, 0, LORDSHIP)
    assert state.in_play[lordship].attached_to == knight
    assert state.players[0].gold == gold - 1


def test_braided_warrior_only_attachments_you_can_pay_for_and_attach():
    # Ice: House Stark character only, and 2 gold: neither the Knight (Stark) with 1 gold
    # nor, with the gold, a host that is not Stark.
    state, braided = _braided([ICE, HOST], gold=1)
    state = use(state, 0, braided)
    assert head(state)["candidates"] == []
    state, braided = _braided([ICE, HOST], gold=3, others=(HOST,))
    state = use(state, 0, braided)
    assert head(state)["candidates"] == []
    state, braided = _braided([ICE, HOST], gold=3)
    state = use(state, 0, braided)
    ice = next(r for r in state.players[0].deck if state.code(r) == code(ICE))
    assert head(state)["candidates"] == [ice]


# --- w_97 Bronze Yohn Royce and w_98 Robert Arryn -------------------------------------------


def _new_plot(old, me_in_play, them_in_play=(), theirs_old=CALM):
    from tests.gameplay.cardtest import plots_revealed

    me = {"revealed_plot": old, "in_play": list(me_in_play), "deck": [KNIGHT] * 5}
    them = {"revealed_plot": theirs_old, "in_play": list(them_in_play), "hand": [KNIGHT] * 3}
    return plots_revealed(CALM, CALM, me, them)


def test_bronze_yohn_royce_discards_a_power_after_a_castle_plot_goes_to_your_used_pile():
    state = _new_plot(KINGS, [YOHN], [{"card": HOST, "power": 2}])
    state = until_window(state, "plot_to_used_pile")
    yohn, host = ref(state, 0, YOHN), ref(state, 1, HOST)
    assert {a.cards for a in uses(state, 0, yohn)} == {(yohn, host)}  # only cards with power
    state = use(state, 0, yohn, host)
    assert state.in_play[host].power == 1


def _never_in_the_plot_phase(state, seat, source):
    """Pass to the end of the plot phase, checking ``source`` is never offered to ``seat``."""
    for _ in range(30):
        if state.phase != "plot":
            return
        assert not uses(state, seat, source), head(state)
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the plot phase did not end")


def test_bronze_yohn_royce_not_for_another_plot_nor_an_opponents_castle():
    state = _new_plot(CALM, [YOHN], [{"card": HOST, "power": 2}])
    _never_in_the_plot_phase(state, 0, ref(state, 0, YOHN))
    state = _new_plot(CALM, [YOHN], [{"card": HOST, "power": 2}], theirs_old=KINGS)
    _never_in_the_plot_phase(state, 0, ref(state, 0, YOHN))


def test_robert_arryn_claims_two_power_after_a_castle_plot_goes_to_your_used_pile():
    state = _new_plot(KINGS, [ROBERT])
    state = until_window(state, "plot_to_used_pile")
    robert = ref(state, 0, ROBERT)
    state = use(state, 0, robert)
    assert state.in_play[robert].power == 2


def test_robert_arryn_not_for_a_plot_without_the_castle_trait():
    state = _new_plot(CALM, [ROBERT])
    _never_in_the_plot_phase(state, 0, ref(state, 0, ROBERT))


def test_robert_arryn_limit_once_per_round():
    from gameplay.engine import steps

    state = _new_plot(KINGS, [ROBERT])
    state = until_window(state, "plot_to_used_pile")
    robert = ref(state, 0, ROBERT)
    state = use(state, 0, robert)
    # A second Castle plot moves to the used pile in the same round.
    again = state.copy()
    castle = again.new_card(KINGS, 0)
    again.players[0].used_plots.append(castle)
    steps._to_used_pile(again, 0, castle)
    assert not uses(again, 0, robert)
