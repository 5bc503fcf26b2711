"""Here to Serve (here_to_serve/cards.py), played through legal actions.

Fillers: Knight of the Tumblestone (War crest), Lannisport Steward (no crest), Oldtown Scholar
(soo_36, a Maester without a crest), Linked Advisor (soo_69, a Learned Maester)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_kinds,
    choose,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    ref,
    start,
    use,
    uses,
    waiting_seats,
)

CHAMBERS = "soo_112"
FACELESS = "soo_113"
POLITICS = "soo_116"
SCHOLAR = "soo_36"  # Oldtown Scholar: a Maester, no crest
ADVISOR = "soo_69"  # Linked Advisor: a Learned Maester
SHADOWCAT = "kotse_43"  # Shadow crest
SELYSE = "core_70"  # Holy crest
BASTARD = "kotst_19"  # Bastard in Hiding: Noble crest


def _at_turn(state):
    state = pass_windows(state)
    assert head(state).get("turn") == 0, head(state)
    return state


# --- soo_112 Advisor's Chambers -----------------------------------------------------------------


def _chambers_game(*mine, knelt=True):
    return joust(
        {"house": "Martell", "in_play": [{"card": CHAMBERS, "knelt": knelt}, *mine]},
        {"in_play": [STEWARD]},
        phase="marshalling",
    )


def test_soo_112_advisors_chambers_kneel_a_learned_character_to_stand():
    state = _chambers_game(ADVISOR)
    chambers, advisor = ref(state, 0, CHAMBERS), ref(state, 0, ADVISOR)
    state = use(state, 0, chambers)
    assert state.in_play[advisor].knelt
    assert not state.in_play[chambers].knelt


def test_soo_112_advisors_chambers_need_a_standing_learned_character_and_to_be_knelt():
    state = _chambers_game(SCHOLAR, KNIGHT)  # a Maester without the Learned crest
    assert not uses(state, 0, ref(state, 0, CHAMBERS))
    state = _chambers_game({"card": ADVISOR, "knelt": True})
    assert not uses(state, 0, ref(state, 0, CHAMBERS))
    state = _chambers_game(ADVISOR, knelt=False)
    assert not uses(state, 0, ref(state, 0, CHAMBERS))


# --- soo_113 Faceless Man -----------------------------------------------------------------------


def _faceless_game(*mine, theirs=()):
    return joust(
        {"house": "Stark", "in_play": [FACELESS, *mine]},
        {"house": "Lannister", "in_play": [STEWARD, *theirs]},
    )


def test_soo_113_faceless_man_gets_2_str_with_a_war_character():
    state = _faceless_game(KNIGHT)
    assert strength(state, ref(state, 0, FACELESS)) == 4
    state = _faceless_game(theirs=[KNIGHT])  # an opponent's War character does not count
    assert strength(state, ref(state, 0, FACELESS)) == 2


def test_soo_113_faceless_man_gains_stealth_with_a_shadow_character():
    state = _faceless_game(SHADOWCAT)
    assert "stealth" in keywords(state, ref(state, 0, FACELESS))
    state = _faceless_game(theirs=[SHADOWCAT])
    assert "stealth" not in keywords(state, ref(state, 0, FACELESS))


def test_soo_113_faceless_man_gains_deadly_with_a_holy_character():
    state = _faceless_game(SELYSE)
    assert "deadly" in keywords(state, ref(state, 0, FACELESS))
    state = _faceless_game(theirs=[SELYSE])
    assert "deadly" not in keywords(state, ref(state, 0, FACELESS))


def test_soo_113_faceless_man_attacks_in_power_with_a_noble_character():
    state = _faceless_game(BASTARD)
    faceless = ref(state, 0, FACELESS)
    assert "power" in icons(state, faceless)
    state = start(state, "power", [faceless])
    assert events(state, "attackers")[-1]["cards"] == [faceless]


def test_soo_113_faceless_man_without_a_noble_character_cannot_attack_in_power():
    state = _faceless_game(KNIGHT, theirs=[BASTARD])
    faceless = ref(state, 0, FACELESS)
    assert "power" not in icons(state, faceless)
    state = act(pass_windows(state), 0, "challenge:power", choice="1")
    # only the Knight could attack: he is declared without a prompt
    assert events(state, "attackers")[-1]["cards"] == [ref(state, 0, KNIGHT)]


# --- soo_116 Citadel Politics -------------------------------------------------------------------


def _politics_game(in_play=None, cards=1):
    spec = {
        "house": "Baratheon",
        "in_play": in_play if in_play is not None else [SCHOLAR, SCHOLAR, STEWARD, STEWARD],
        "hand": [POLITICS] * cards,
    }
    return joust(spec, {"in_play": [KNIGHT]})


def _kinds_after(state):
    state = pass_windows(finish_challenge(state))
    return challenge_kinds(state, 0) if head(state).get("turn") == 0 else set()


def _play_politics(state):
    state = use(state, 0, hand(state, 0, POLITICS)[0])
    assert head(state)["purpose"] == "kneel_cost"
    return answer(state, "kneel_cost", [ref(state, 0, SCHOLAR)])


def test_soo_116_citadel_politics_kneels_a_maester_for_an_additional_intrigue_challenge():
    state = _at_turn(_politics_game())
    scholar = ref(state, 0, SCHOLAR)
    state = _play_politics(state)
    assert state.in_play[scholar].knelt
    assert head(state)["purpose"] == "choose_player"
    state = choose(state, "0")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert "intrigue" in _kinds_after(state)


def test_soo_116_citadel_politics_without_it_one_intrigue_challenge():
    state = _at_turn(_politics_game())
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert "intrigue" not in _kinds_after(state)


def test_soo_116_citadel_politics_may_give_the_challenge_to_an_opponent():
    state = _at_turn(_politics_game())
    state = _play_politics(state)
    state = choose(state, "1")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert "intrigue" not in _kinds_after(state)


def test_soo_116_citadel_politics_limit_1_per_phase():
    state = _at_turn(_politics_game(cards=2))
    state = _play_politics(state)
    state = choose(state, "0")
    state = _at_turn(state)
    assert not state.in_play[ref(state, 0, SCHOLAR, 1)].knelt  # a Maester to kneel is left
    assert not uses(state, 0, hand(state, 0, POLITICS)[0])


def test_soo_116_citadel_politics_needs_a_standing_maester_and_the_challenges_phase():
    state = _at_turn(_politics_game(in_play=[STEWARD]))
    assert not uses(state, 0, hand(state, 0, POLITICS)[0])
    state = _at_turn(_politics_game(in_play=[{"card": SCHOLAR, "knelt": True}, STEWARD]))
    assert not uses(state, 0, hand(state, 0, POLITICS)[0])
    state = joust(
        {"house": "Baratheon", "in_play": [SCHOLAR], "hand": [POLITICS]}, {}, phase="marshalling"
    )
    assert not uses(state, 0, hand(state, 0, POLITICS)[0])


# --- soo_102 Ser Brynden's Guile ----------------------------------------------------------------

GUILE = "soo_102"
MESSENGER = "low_13"  # Riverrun Messenger: a House Tully character


def _guile_game(deck):
    return joust(
        {"house": "Stark", "in_play": [KNIGHT, STEWARD], "hand": [GUILE], "deck": deck},
        {"house": "Lannister", "in_play": [STEWARD], "hand": ["kl_116"]},
    )


def _in_challenge(state):
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    for _ in range(20):
        if uses(state, 0, hand(state, 0, GUILE)[0]):
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("Guile never offered")


def test_soo_102_ser_bryndens_guile_gives_1_str_and_finds_a_house_tully_card():
    state = _in_challenge(_guile_game([STEWARD, MESSENGER, STEWARD, STEWARD, MESSENGER]))
    knight, guile = ref(state, 0, KNIGHT), hand(state, 0, GUILE)[0]
    targets = {a.cards[1] for a in uses(state, 0, guile)}
    assert knight in targets
    assert ref(state, 0, STEWARD) not in targets and ref(state, 1, STEWARD) not in targets
    state = use(state, 0, guile, knight)
    assert strength(state, knight) == 3
    step = head(state)
    assert step["purpose"] == "search"
    deck = state.players[0].deck
    assert step["candidates"] == [deck[1]]  # only the top 4 are searched
    messenger = deck[1]
    state = answer(state, "search", [messenger])
    assert messenger in state.players[0].hand and len(state.players[0].deck) == 4


def test_soo_102_ser_bryndens_guile_only_during_a_challenge():
    state = pass_windows(_guile_game([STEWARD] * 4))
    assert state.challenge is None
    assert not uses(state, 0, hand(state, 0, GUILE)[0])


# --- soo_110 Litany of Fire ---------------------------------------------------------------------

LITANY = "soo_110"
CROSSROADS = "core_138"  # a neutral location


def _dominance_totals(play_litany: bool, locations=(CROSSROADS, CROSSROADS)):
    state = joust(
        {"house": "Targaryen", "gold": 0, "in_play": [STEWARD, *locations], "hand": [LITANY]},
        {"house": "Stark", "gold": 0, "in_play": [KNIGHT, KNIGHT, KNIGHT]},
    )
    state = _at_turn(state)
    if play_litany:
        state = use(state, 0, hand(state, 0, LITANY)[0])
    state = pass_until(state, lambda s: bool(events(s, "dominance")))
    return events(state, "dominance")[-1]


def test_soo_110_litany_of_fire_counts_standing_locations_as_3_str_for_dominance():
    dominance = _dominance_totals(True)
    assert dominance["totals"][0] == 2 + 3 + 3 and dominance["seat"] == 0


def test_soo_110_without_litany_of_fire_locations_do_not_count():
    dominance = _dominance_totals(False)
    assert dominance["totals"][0] == 2 and dominance["seat"] == 1


def test_soo_110_litany_of_fire_knelt_locations_do_not_count_and_only_in_challenges():
    dominance = _dominance_totals(True, (CROSSROADS, {"card": CROSSROADS, "knelt": True}))
    assert dominance["totals"][0] == 2 + 3
    state = joust(
        {"house": "Targaryen", "in_play": [CROSSROADS], "hand": [LITANY]}, {}, phase="marshalling"
    )
    assert not uses(state, 0, hand(state, 0, LITANY)[0])
