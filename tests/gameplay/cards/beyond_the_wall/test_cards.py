"""Beyond the Wall locations, attachment, events and plot (beyond_the_wall/cards.py), played
through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank
from gameplay.engine.game import legal_actions
from tests.gameplay.cards.beyond_the_wall.helpers import (
    BASTARD_IN_HIDING,
    LIONS_WILL,
    MANCE,
    POISONED_WINE,
    finish_challenge,
    give_trait,
    respond,
)
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    calm_marshalling,
    choose,
    code,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    plots_revealed,
    ref,
    set_season,
    start,
    until_phase,
    until_prompt,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

FROZEN_MOAT = "dotn_22"
WHEELHOUSE = "dotn_24"
COMPELLED = "dotn_26"
SEASTONE = "dotn_28"
BROTHEL = "dotn_30"
BRONZE_SHIELD = "dotn_32"
STONESNAKE = "dotn_33"
YOREN = "dotn_35"
CRASTER = "dotn_37"
BEYOND = "dotn_38"
FEAR = "dotn_40"
BENJEN = "dotn_21"
MARTELL_KNIGHT = "pots_11"  # House Dayne Knight: Martell, 1 STR, military and intrigue
NUTE = "dotn_27"  # 3 STR, takes attachments


def _marshal(state, seat, card, *host):
    return act(state, seat, "marshal:play", [card, *host])


# --- dotn_22 Frozen Moat -------------------------------------------------------------------


def test_frozen_moat_blanks_an_attacking_character_until_the_end_of_the_challenge():
    state = joust({"in_play": [KNIGHT, HOST]}, {"in_play": [FROZEN_MOAT, STEWARD, KNIGHT]})
    knight, moat = ref(state, 0, KNIGHT), ref(state, 1, FROZEN_MOAT)
    state = start(state, "military", [knight])
    state = until_seat(until_window(state, None), 1)
    # Only attacking characters: not the Host (not attacking) nor the defending side.
    assert [a.cards[1:] for a in uses(state, 1, moat)] == [(knight,)]
    state = use(state, 1, moat, knight)
    assert is_blank(state, knight) and state.in_play[moat].knelt
    state = finish_challenge(state)
    assert not is_blank(state, knight)


def test_frozen_moat_only_in_the_challenges_phase():
    state = calm_marshalling({"in_play": [KNIGHT]}, {"in_play": [FROZEN_MOAT]})
    assert uses(state, 1, ref(state, 1, FROZEN_MOAT)) == []


# --- dotn_24 Cersei's Wheelhouse -----------------------------------------------------------


def test_cersei_wheelhouse_reduces_each_revealed_plots_initiative_to_zero():
    # Calm Over Westeros has initiative 1 (or more); a card's printed bonus still counts.
    state = plots_revealed(CALM, CALM, me={"in_play": [WHEELHOUSE]})
    assert events(state, "initiative")[-1]["totals"] == [0, 0]
    state = plots_revealed(CALM, CALM)
    assert events(state, "initiative")[-1]["totals"] != [0, 0]


# --- dotn_26 Compelled by the King ---------------------------------------------------------


def _dominance(mine, theirs):
    return joust(
        {"house": "Baratheon", "hand": [COMPELLED], "in_play": mine},
        {"house": "Stark", "in_play": theirs},
        phase="dominance",
    )


def test_compelled_by_the_king_wins_dominance_instead_of_an_opponent():
    state = _dominance([KNIGHT], [HOST])
    state = respond(state, "would_win_dominance", 0, hand(state, 0, COMPELLED)[0])
    state = until_window(state, "dominance_won") if head(state).get("trigger") else state
    assert events(state, "dominance")[-1]["seat"] == 0
    assert events(state, "dominance_taken")[-1]["was"] == 1
    assert state.players[0].power == 1 and state.players[1].power == 0


def test_compelled_by_the_king_not_when_you_would_win():
    state = _dominance([HOST], [KNIGHT])
    assert events(state, "dominance")[-1]["seat"] == 0
    assert hand(state, 0, COMPELLED)  # never asked, still in hand
    assert state.players[0].power == 1


# --- dotn_28 The Seastone Chair ------------------------------------------------------------


def _seastone(attacker):
    state = joust(
        {"house": "Greyjoy", "in_play": [SEASTONE, attacker, KNIGHT], "deck": [STEWARD]},
        {"in_play": []},
    )
    state = won_window(state, "power", [ref(state, 0, attacker)])
    return until_seat(state, 0)


def test_seastone_chair_gives_a_choice_after_a_noble_wins_a_challenge():
    state = _seastone(BASTARD_IN_HIDING)
    chair = ref(state, 0, SEASTONE)
    gold = state.players[0].gold
    state = use(state, 0, chair)
    assert sorted(head(state)["options"]) == ["draw", "gold", "power"]
    state = choose(state, "gold")
    assert state.players[0].gold == gold + 2
    assert f"dotn_28:{chair}:gold" in state.used


def test_seastone_chair_each_option_once_per_round():
    state = _seastone(BASTARD_IN_HIDING)
    chair = ref(state, 0, SEASTONE)
    state.used.append(f"dotn_28:{chair}:gold")
    state.used.append(f"dotn_28:{chair}:power")
    state = use(state, 0, chair)  # only "draw" is left: chosen at once
    assert [state.code(r) for r in state.players[0].hand] == [code(STEWARD)]
    assert state.players[0].power == 1  # the unopposed power only


def test_seastone_chair_needs_a_noble_participant():
    state = joust({"house": "Greyjoy", "in_play": [SEASTONE, HOST]}, {"in_play": []})
    chair, gold = ref(state, 0, SEASTONE), state.players[0].gold
    state = start(state, "power", [ref(state, 0, HOST)])
    while state.challenge is not None:
        assert uses(state, 0, chair) == []
        state = act(state, waiting_seats(state)[0], "pass")
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.players[0].gold == gold and not events(state, "ability")


# --- dotn_30 Meereenese Brothel ------------------------------------------------------------


def test_meereenese_brothel_discards_an_attachment_after_a_str_is_lowered():
    state = calm_marshalling(
        {"house": "Targaryen", "hand": [POISONED_WINE], "gold": 5, "in_play": [BROTHEL]},
        {"in_play": [NUTE]},
    )
    wine = hand(state, 0, POISONED_WINE)[0]
    state = _marshal(state, 0, wine, ref(state, 1, NUTE))
    brothel = ref(state, 0, BROTHEL)
    state = respond(state, "strength_reduced", 0, brothel, wine)
    assert wine in state.players[0].discard and state.in_play[brothel].knelt


def test_meereenese_brothel_needs_a_lowered_str_and_to_stand():
    state = calm_marshalling(
        {"house": "Targaryen", "hand": [POISONED_WINE], "gold": 5},
        {"in_play": [NUTE, {"card": BROTHEL, "knelt": True}]},
    )
    wine = hand(state, 0, POISONED_WINE)[0]
    state = _marshal(state, 0, wine, ref(state, 1, NUTE))
    assert uses(state, 1, ref(state, 1, BROTHEL)) == []


# --- dotn_32 Bronze Shield -----------------------------------------------------------------


def test_bronze_shield_goes_only_on_a_house_martell_character_you_control():
    state = calm_marshalling(
        {
            "house": "Martell",
            "hand": [BRONZE_SHIELD],
            "gold": 5,
            "in_play": [MARTELL_KNIGHT, KNIGHT],
        },
        {"in_play": [MARTELL_KNIGHT]},
    )
    shield = hand(state, 0, BRONZE_SHIELD)[0]
    hosts = [a.cards[1] for a in marshals(state, 0, shield)]
    assert hosts == [ref(state, 0, MARTELL_KNIGHT)]


def _shield(state):
    return next(r for r in state.players[1].in_play if state.code(r) == BRONZE_SHIELD)


def _lions_will(summer=False):
    state = joust(
        {"house": "Lannister", "hand": [LIONS_WILL], "gold": 5, "in_play": [HOST]},
        {
            "house": "Martell",
            "in_play": [{"card": MARTELL_KNIGHT, "attachments": [BRONZE_SHIELD]}, KNIGHT],
            "deck": [STEWARD],
        },
    )
    if summer:
        set_season(state, "Summer")
    state = until_window(state, None)
    event = hand(state, 0, LIONS_WILL)[0]
    return use(state, 0, event, ref(state, 1, KNIGHT))


def test_bronze_shield_kills_its_bearer_to_cancel_an_opponents_event():
    state = _lions_will()
    knight, bearer = ref(state, 1, KNIGHT), ref(state, 1, MARTELL_KNIGHT)
    shield = _shield(state)
    state = respond(state, "ability", 1, shield)
    assert bearer in state.players[1].dead and shield in state.players[1].discard
    assert not state.in_play[knight].knelt  # the event was cancelled
    assert events(state, "cancelled")
    assert state.players[1].hand == []  # not Summer: no card


def test_bronze_shield_draws_a_card_in_summer():
    state = _lions_will(summer=True)
    shield = _shield(state)
    state = respond(state, "ability", 1, shield)
    assert [state.code(r) for r in state.players[1].hand] == [code(STEWARD)]


def test_bronze_shield_does_not_cancel_your_own_event_or_an_ability():
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {
            "house": "Martell",
            "hand": [LIONS_WILL],
            "gold": 5,
            "in_play": [{"card": MARTELL_KNIGHT, "attachments": [BRONZE_SHIELD]}],
        },
    )
    state = until_seat(until_window(state, None), 1)
    state = use(state, 1, hand(state, 1, LIONS_WILL)[0], ref(state, 0, HOST))
    shield = _shield(state)
    assert uses(state, 1, shield) == []
    assert state.in_play[ref(state, 0, HOST)].knelt


# --- dotn_35 Yoren's Task ------------------------------------------------------------------


def test_yorens_task_discards_a_nights_watch_character_to_fetch_a_different_one():
    state = calm_marshalling(
        {"hand": [YOREN], "gold": 2, "in_play": [STONESNAKE], "deck": [STONESNAKE, BENJEN, KNIGHT]}
    )
    snake = ref(state, 0, STONESNAKE)
    state = use(state, 0, hand(state, 0, YOREN)[0], snake)
    assert snake in state.players[0].discard  # the cost
    prompt = until_prompt(state, "search")
    candidates = head(prompt)["candidates"]
    assert [prompt.code(r) for r in candidates] == [BENJEN]  # not another Stonesnake
    state = answer(prompt, "search", candidates)
    assert sorted(state.code(r) for r in state.players[0].hand) == [BENJEN]


def test_yorens_task_needs_a_nights_watch_character_of_yours():
    me = {"hand": [YOREN], "gold": 2, "in_play": [KNIGHT]}
    state = calm_marshalling(me, {"in_play": [STONESNAKE]})
    assert uses(state, 0, hand(state, 0, YOREN)[0]) == []


# --- dotn_37 Craster's Keep ----------------------------------------------------------------


def test_crasters_keep_lowers_the_next_wildlings_cost():
    state = calm_marshalling({"hand": [MANCE, MANCE, KNIGHT], "gold": 7, "in_play": [CRASTER]})
    first, second = hand(state, 0, MANCE)
    state = _marshal(state, 0, first)
    state = respond(state, "played", 0, ref(state, 0, CRASTER))
    assert state.players[0].gold == 3
    state = until_seat(state, 0) if head(state).get("trigger") else state
    state = _marshal(state, 0, second)
    assert state.players[0].gold == 0  # 4 - 1


def test_crasters_keep_not_after_a_non_wildling():
    state = calm_marshalling({"hand": [KNIGHT], "gold": 7, "in_play": [CRASTER]})
    state = _marshal(state, 0, hand(state, 0, KNIGHT)[0])
    assert uses(state, 0, ref(state, 0, CRASTER)) == []


# --- dotn_38 Beyond the Wall ---------------------------------------------------------------


def test_beyond_the_wall_wildlings_attack_without_kneeling():
    state = joust({"in_play": [BEYOND, MANCE]}, {"in_play": [KNIGHT]})
    mance = ref(state, 0, MANCE)
    state = until_prompt(start(state, "military", [mance]), "defenders")
    assert not state.in_play[mance].knelt


def test_beyond_the_wall_wildlings_cannot_defend():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [BEYOND, MANCE, HOST]})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = until_prompt(state, "defenders")
    assert head(state)["candidates"] == [ref(state, 1, HOST)]


def test_beyond_the_wall_only_your_wildlings():
    state = joust({"in_play": [MANCE]}, {"in_play": [BEYOND, MANCE, KNIGHT]})
    mance = ref(state, 0, MANCE)
    state = until_prompt(start(state, "military", [mance]), "defenders")
    assert state.in_play[mance].knelt  # the opponent's Wildling kneels to attack
    assert head(state)["candidates"] == [ref(state, 1, KNIGHT)]


def test_beyond_the_wall_any_wildling_character():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [BEYOND, HOST]})
    give_trait(state, ref(state, 1, HOST), "Wildling")  # a Wildling by a card effect
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert events(state, "defenders") == [] or events(state, "defenders")[-1]["cards"] == []


# --- dotn_40 Fear of Winter ----------------------------------------------------------------


def _fear():
    state = plots_revealed(
        FEAR,
        CALM,
        me={"hand": [KNIGHT, KNIGHT], "house": "Stark"},
        them={"hand": [STEWARD, STEWARD], "house": "Lannister"},
    )
    return until_phase(state, "marshalling")


def test_fear_of_winter_lets_each_player_play_only_one_card_from_hand():
    state = _fear()
    turn = head(state)["turn"]
    other = 1 - turn
    for player in state.players:
        player.gold = 10  # gold is not what stops them
    first, second = state.players[turn].hand[:2]
    state = _marshal(state, turn, first)
    assert marshals(state, turn, second) == []
    # The other player too, in their own turn.
    state = pass_until(state, lambda s: head(s).get("turn") == other)
    mine = state.players[other].hand
    state = _marshal(state, other, mine[0])
    assert marshals(state, other, mine[0]) == []


def test_without_fear_of_winter_two_cards_may_be_played():
    state = plots_revealed(CALM, CALM, me={"hand": [KNIGHT, KNIGHT]}, them={"hand": [STEWARD]})
    state = until_phase(state, "marshalling")
    turn = head(state)["turn"]
    first, second = state.players[turn].hand[:2]
    state = _marshal(state, turn, first)
    assert marshals(state, turn, second)


def test_fear_of_winter_counts_putting_into_play_by_ambush():
    flames = ["Flame-Kissed", "Flame-Kissed"]
    influence = ["Eastern Fiefdoms", "Summer Sea", "Crossroads", "Crossroads"]
    state = joust(
        {"house": "Targaryen", "revealed_plot": FEAR, "in_play": influence, "hand": flames},
        {"in_play": [STEWARD, KNIGHT]},
    )
    first, second = hand(state, 0, "Flame-Kissed")
    host = ref(state, 1, KNIGHT)

    def ambushes(card):
        return [
            a for a in legal_actions(state, 0) if a.cards[:1] == (card,) and a.choice == "ambush"
        ]

    assert ambushes(second)
    state = act(state, 0, "use", [first, host], choice="ambush")
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"][:2])
    assert events(state, "ambush")[-1]["card"] == first  # (it killed the Knight at 0 STR)
    state = until_seat(until_window(state, None), 0)
    assert ambushes(second) == []
