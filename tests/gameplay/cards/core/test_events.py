"""The neutral events of the Core Set (gameplay/engine/cards/core/events.py): each event
played the way a player would, with its effect in concrete numbers, and a case where it
must not be offered or must not apply."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from gameplay.engine.abilities import in_play_named, strength
from gameplay.engine.actions import Action
from gameplay.engine.challenges import claim_value
from gameplay.engine.state import GameState
from gameplay.engine.windows import usable
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    code,
    codes,
    describe,
    events,
    hand,
    head,
    in_window,
    joust,
    pass_windows,
    ref,
    resolved,
    turn,
    until_window,
    use,
    uses,
    waiting_seats,
)

CLAIM_TWO = "Mutual Enemies"  # claim 2; its when-revealed text does not run in build()


# --- helpers -------------------------------------------------------------------------


def offered(state: GameState, seat: int, source: str) -> list[Action]:
    """The uses of ``source`` open to ``seat`` at the head window (or its own turn),
    whether or not it is that seat's turn to answer the window."""
    step = head(state)
    window = step if step.get("name") == "window" else None
    return [a for a in usable(state, seat, window) if a.cards[0] == source]


def attack(state: GameState, ctype: str, attackers: Sequence[str]) -> GameState:
    """The seat whose challenge turn it is attacks its opponent with ``attackers``; stops
    right after they are declared (at the action window, if anyone can act in it)."""
    state = pass_windows(state)
    seat = head(state)["turn"]
    state = act(state, seat, f"challenge:{ctype}", choice=str(state.opponents(seat)[0]))
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", attackers)
    assert events(state, "attackers")[-1]["cards"] == list(attackers)
    return state


def _declared(state: GameState, side: str) -> bool:
    """Whether ``side`` (attackers, defenders) was declared in the last challenge."""
    for event in reversed(state.log):
        if event["event"] == side:
            return True
        if event["event"] == "challenge":
            return False
    return False


def defend(state: GameState, defenders: Sequence[str] = ()) -> GameState:
    """Pass windows up to the defenders prompt and declare ``defenders``; stops right
    after they are declared."""
    while not _declared(state, "defenders") and head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    if head(state).get("purpose") == "defenders":
        state = answer(state, "defenders", defenders)
    assert events(state, "defenders")[-1]["cards"] == list(defenders)
    return state


def no_window(state: GameState, trigger: str) -> GameState:
    """Pass every window at the head, checking that none answers ``trigger``."""
    while in_window(state):
        assert head(state).get("trigger") != trigger, f"a {trigger} window opened"
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def won(state: GameState, defenders: Sequence[str] = ()) -> GameState:
    """Declare ``defenders`` and pass up to the challenge_won response window."""
    return until_window(defend(state, defenders), "challenge_won")


def card(state: GameState, seat: int, name: str) -> str:
    """The first card called ``name`` in a seat's hand."""
    return hand(state, seat, name)[0]


def targets(actions: Sequence[Action]) -> set[str]:
    return {a.cards[1] for a in actions}


# --- core_155 Distraction ------------------------------------------------------------


def test_distraction_kneels_a_standing_military_character_in_marshalling():
    state = build(
        players=[
            {"hand": ["core_155"], "in_play": ["Lannisport Steward"]},
            {
                "in_play": [
                    "Knight of the Tumblestone",
                    {"card": "Direwolf Pup", "knelt": True},
                    "Lannisport Steward",
                ]
            },
        ]
    )
    distraction = card(state, 0, "core_155")
    knight = ref(state, 1, "Knight of the Tumblestone")
    actions = uses(state, 0, distraction)
    assert targets(actions) == {knight}  # no intrigue-only or kneeling character
    assert describe(state, actions[0]).startswith(
        "Distraction: Marshalling: Choose a character with a Military icon."
    )
    state = use(state, 0, distraction, knight)
    assert state.in_play[knight].knelt
    assert distraction in state.players[0].discard and distraction not in state.players[0].hand


def test_distraction_is_not_played_outside_marshalling():
    knight = "Knight of the Tumblestone"
    state = joust({"hand": ["core_155"], "in_play": [knight]}, {"in_play": [knight]})
    assert waiting_seats(state) == [0]
    assert not uses(state, 0, card(state, 0, "core_155"))


# --- core_156 Winter is Coming -------------------------------------------------------


def _winter(**me):
    return joust(
        {"house": "Stark", "in_play": ["Knight of the Tumblestone"], **me},
        {"house": "Lannister", "power": 5, "in_play": ["Bastard of Robert"]},
    )


def test_winter_is_coming_raises_the_stark_claim_for_the_challenge():
    state = _winter(hand=["core_156", "core_156"])
    first, second = state.players[0].hand
    assert not uses(state, 0, first)  # no challenge yet
    state = attack(state, "power", [ref(state, 0, "Knight of the Tumblestone")])
    state = use(state, 0, first)
    assert claim_value(state, 0) == 2
    assert not offered(state, 0, second)  # Limit 1 per round, across copies
    state = pass_windows(defend(state))  # the challenge ends
    assert turn(state) == ("before_challenge", 1)
    assert state.players[0].power == 1 + 2  # unopposed, then claim 2
    assert state.players[1].power == 3
    assert claim_value(state, 0) == 1


def test_winter_is_coming_does_nothing_without_a_house_stark_player():
    state = joust(
        {"house": "Lannister", "hand": ["core_156"], "in_play": ["Knight of the Tumblestone"]},
        {"house": "Baratheon", "in_play": ["Bastard of Robert"]},
    )
    state = attack(state, "power", [ref(state, 0, "Knight of the Tumblestone")])
    assert head(state)["purpose"] == "defenders"  # the action window had nobody to ask
    assert not offered(state, 0, card(state, 0, "core_156"))


# --- core_157 Kings in the North -----------------------------------------------------


def test_kings_in_the_north_has_two_stark_characters_claim_power_after_dominance():
    knight = "Knight of the Tumblestone"
    state = build(
        phase="dominance",
        players=[
            {
                "hand": ["core_157"],
                "in_play": [knight, knight, "Direwolf Pup", "Lurkers at Harrenhal"],
            },
            {"hand": ["core_157"], "in_play": [knight, knight]},
        ],
    )
    assert state.players[0].power == 1  # won dominance
    assert head(state)["trigger"] == "dominance_won" and waiting_seats(state) == [0]
    assert not offered(state, 1, card(state, 1, "core_157"))  # lost dominance
    kings = card(state, 0, "core_157")
    (action,) = uses(state, 0, kings)
    assert describe(state, action).startswith("Kings in the North: Response: Play after you win")
    state = use(state, 0, kings)
    prompt = head(state)
    assert prompt["purpose"] == "kneel_cost"
    assert codes(state, prompt["candidates"]) == sorted([code(knight)] * 2 + [code("Direwolf Pup")])
    first, pup = ref(state, 0, knight), ref(state, 0, "Direwolf Pup")
    state = answer(state, "kneel_cost", [first, pup])
    assert state.in_play[first].power == 1 and state.in_play[pup].power == 1
    assert events(state, "knelt_for_cost")[-1]["cards"] == [first, pup]
    assert state.in_play[ref(state, 0, knight, 1)].power == 0


def test_kings_in_the_north_needs_two_standing_stark_characters():
    state = build(
        phase="dominance",
        players=[
            {"hand": ["core_157"], "in_play": ["War Host of the North", "Lurkers at Harrenhal"]},
            {},
        ],
    )
    assert state.players[0].power == 1  # won dominance
    assert head(state).get("trigger") != "dominance_won"  # nobody could respond
    assert card(state, 0, "core_157") in state.players[0].hand


# --- core_158 Lethal Counterattack ---------------------------------------------------


def _counterattack(ctype: str = "military"):
    knight = "Knight of the Tumblestone"
    state = joust(
        {
            "house": "Targaryen",
            "in_play": [{"card": "Brown Ben Plumm", "duplicates": ["Brown Ben Plumm"]}, knight],
        },
        {
            "hand": ["core_158", "core_158", "core_177"],
            "in_play": [knight, knight, knight, "Direwolf Pup"],
        },
    )
    attackers = [ref(state, 0, "Brown Ben Plumm"), ref(state, 0, knight)]
    if ctype != "military":
        attackers = attackers[1:]
    return attack(state, ctype, attackers)


def test_lethal_counterattack_kills_all_attacking_characters():
    state = _counterattack()
    ben, knight = ref(state, 0, "Brown Ben Plumm"), ref(state, 0, "Knight of the Tumblestone")
    assert waiting_seats(state) == [1]
    first, second = hand(state, 1, "core_158")
    state = use(state, 1, first)
    state = answer(
        state, "kneel_cost", [ref(state, 1, "Knight of the Tumblestone", i) for i in (0, 1)]
    )
    state = answer(state, "save", [ben])  # Ben's duplicate saves him
    assert knight in state.players[0].dead
    assert ben in state.in_play and not state.in_play[ben].duplicates
    assert state.challenge["attackers"] == [ben]
    # Limit 1 per challenge: the second copy is not offered (Distinct Mastery keeps seat 1
    # in the window: a knelt War character can be stood).
    assert waiting_seats(state) == [1] and head(state)["name"] == "window"
    assert uses(state, 1, card(state, 1, "core_177"))
    assert not uses(state, 1, second)


def test_lethal_counterattack_only_during_a_military_challenge():
    state = _counterattack("power")
    assert waiting_seats(state) == [1]
    assert not offered(state, 1, card(state, 1, "core_158"))


# --- core_161 I Never Bet Against My Family ------------------------------------------


def _bet(gold: int = 3, weaponsmith: bool = True):
    state = joust(
        {"revealed_plot": CLAIM_TWO, "in_play": ["Knight of the Tumblestone"]},
        {
            "house": "Lannister",
            "gold": gold,
            "power": 5,
            "hand": ["core_161"],
            "in_play": [
                "Bastard of Robert",  # a power defender, not House Lannister
                "Lannisport Weaponsmith" if weaponsmith else "Direwolf Pup",
            ],
        },
    )
    return attack(state, "power", [ref(state, 0, "Knight of the Tumblestone")])


def test_i_never_bet_against_my_family_lowers_the_attackers_claim_by_x():
    state = _bet()
    bet = card(state, 1, "core_161")
    (action,) = uses(state, 1, bet)
    assert describe(state, action).startswith("I Never Bet Against My Family: Challenges: Pay X")
    state = use(state, 1, bet)  # the only House Lannister character kneels by itself
    assert state.in_play[ref(state, 1, "Lannisport Weaponsmith")].knelt
    assert head(state)["options"] == ["1", "2", "3"]
    state = act(state, 1, "choose", choice="2")
    assert state.players[1].gold == 1 and claim_value(state, 0) == 0
    state = pass_windows(defend(state))
    assert state.players[1].power == 5  # claim 0: nothing moved
    assert state.players[0].power == 1  # unopposed only
    assert claim_value(state, 0) == 2  # for the duration of the challenge only


@pytest.mark.parametrize(("gold", "weaponsmith"), [(0, True), (3, False)])
def test_i_never_bet_against_my_family_needs_gold_and_a_lannister_character(gold, weaponsmith):
    state = _bet(gold, weaponsmith)
    assert not offered(state, 1, card(state, 1, "core_161"))


# --- core_163 Insidious Ways ---------------------------------------------------------


def test_insidious_ways_gives_an_attacking_lannister_plus_two_and_draws_on_a_win():
    state = joust(
        {
            "house": "Lannister",
            "hand": ["core_163"],
            "deck": ["Direwolf Pup"] * 3,
            "in_play": ["Joffrey Baratheon", "Knight of the Tumblestone", "War Host of the North"],
        },
        {"hand": ["core_163"]},
    )
    joffrey = ref(state, 0, "Joffrey Baratheon")
    state = attack(state, "power", [joffrey, ref(state, 0, "Knight of the Tumblestone")])
    assert not offered(state, 1, card(state, 1, "core_163"))  # not the attacker
    ways = card(state, 0, "core_163")
    assert targets(uses(state, 0, ways)) == {joffrey}  # the House Lannister attacker only
    state = use(state, 0, ways, joffrey)
    assert strength(state, joffrey) == 4
    state = pass_windows(defend(state))
    assert codes(state, state.players[0].hand) == [code("Direwolf Pup")] * 2
    assert turn(state) == ("before_challenge", 0)  # still the phase
    assert strength(state, joffrey) == 4  # until the end of the phase


# --- core_166 A Lannister Pays His Debts ---------------------------------------------


def _debts(lannister: str = "Lannisport Weaponsmith"):
    knight = "Knight of the Tumblestone"
    state = joust(
        {"hand": ["core_166"], "in_play": [knight, knight, knight]},
        {"house": "Lannister", "hand": ["core_166"], "in_play": [lannister]},
    )
    state = attack(state, "power", [ref(state, 0, knight, 0), ref(state, 0, knight, 1)])
    return defend(state)


def test_a_lannister_pays_his_debts_kills_a_participating_character_of_the_winner():
    state = until_window(_debts(), "challenge_won")
    knights = [ref(state, 0, "Knight of the Tumblestone", i) for i in range(3)]
    assert not offered(state, 0, card(state, 0, "core_166"))  # the winner
    debts = card(state, 1, "core_166")
    assert targets(uses(state, 1, debts)) == set(knights[:2])  # not the one at home
    state = use(state, 1, debts, knights[1])
    assert knights[1] in state.players[0].dead
    assert state.in_play[ref(state, 1, "Lannisport Weaponsmith")].knelt


def test_a_lannister_pays_his_debts_needs_a_standing_lannister_character():
    state = _debts("Direwolf Pup")
    state = no_window(state, "challenge_won")
    assert turn(state)[0] == "before_challenge" and state.challenge is None
    assert card(state, 1, "core_166") in state.players[1].hand


# --- core_168 Muster -----------------------------------------------------------------


def test_muster_finds_a_knight_character():
    deck = ["Bronn", "Direwolf Pup", "Ser Rodrik Cassel", "Knight of the Tumblestone"]
    state = build(
        players=[{"hand": ["core_168"], "deck": deck, "in_play": ["Knight of the Tumblestone"]}, {}]
    )
    state = use(state, 0, card(state, 0, "core_168"))
    assert state.in_play[ref(state, 0, "Knight of the Tumblestone")].knelt
    prompt = head(state)
    assert prompt["purpose"] == "search"
    assert codes(state, prompt["candidates"]) == sorted(
        code(n) for n in ("Bronn", "Ser Rodrik Cassel", "Knight of the Tumblestone")
    )
    bronn = next(r for r in prompt["candidates"] if state.code(r) == code("Bronn"))
    state = answer(state, "search", [bronn])
    assert codes(state, state.players[0].hand) == [code("Bronn")]
    assert len(state.players[0].deck) == 3
    assert events(state, "revealed")[-1]["codes"] == [code("Bronn")]


@pytest.mark.parametrize("phase", ["marshalling", "challenges"])
def test_muster_needs_a_standing_knight_in_marshalling(phase):
    knight = {"card": "Knight of the Tumblestone", "knelt": phase == "marshalling"}
    state = build(
        phase=phase,
        players=[{"hand": ["core_168"], "deck": ["Bronn"], "in_play": [knight]}, {}],
    )
    assert waiting_seats(state) == [0]
    assert not uses(state, 0, card(state, 0, "core_168"))


# --- core_171 Retreat ----------------------------------------------------------------


def _retreat(victim: str):
    state = joust(
        {"hand": ["core_171"], "in_play": ["Brown Ben Plumm", "Knight of the Tumblestone"]},
        {"in_play": ["War Host of the North"]},
        first_player=1,
    )
    state = attack(state, "military", [ref(state, 1, "War Host of the North")])
    state = defend(state)
    return answer(state, "claim_kill", [ref(state, 0, victim)])


def test_retreat_returns_a_killed_unique_character_to_hand():
    state = _retreat("Brown Ben Plumm")
    ben = state.players[0].dead[0]
    state = until_window(state, "killed")
    state = use(state, 0, card(state, 0, "core_171"), ben)
    assert ben in state.players[0].hand and not state.players[0].dead
    assert codes(state, state.players[0].discard) == ["core_171"]


def test_retreat_is_not_offered_for_a_non_unique_character():
    state = _retreat("Knight of the Tumblestone")
    state = no_window(state, "killed")
    assert codes(state, state.players[0].dead) == [code("Knight of the Tumblestone")]
    assert card(state, 0, "core_171") in state.players[0].hand


# --- core_172 Support of the Kingdom -------------------------------------------------


def _support(ctype: str = "power"):
    state = joust(
        {
            "hand": ["core_172"],
            "in_play": ["Knight of the Tumblestone", "Lord Eddard's Chambers"],
        },
        {
            "in_play": [
                "Crossroads",
                "Great Keep",
                "Golden Tooth Mines",
                "Lord Eddard's Chambers",
            ]
        },
    )
    state = attack(state, ctype, [ref(state, 0, "Knight of the Tumblestone")])
    return defend(state)


def test_support_of_the_kingdom_takes_a_gold_or_influence_location_after_a_power_win():
    state = until_window(_support(), "challenge_won")
    support = card(state, 0, "core_172")
    crossroads, keep = ref(state, 1, "Crossroads"), ref(state, 1, "Great Keep")
    # Not Golden Tooth Mines (no income or influence), not a second Lord Eddard's Chambers
    # (unique, and seat 0 has one).
    assert targets(uses(state, 0, support)) == {crossroads, keep}
    state = use(state, 0, support, crossroads)
    assert state.in_play[crossroads].controller == 0
    assert crossroads in state.players[0].in_play and crossroads not in state.players[1].in_play


def test_support_of_the_kingdom_not_after_a_military_win():
    state = no_window(_support("military"), "challenge_won")
    assert resolved(state)["winner"] == 0 and resolved(state)["type"] == "military"
    assert card(state, 0, "core_172") in state.players[0].hand


# --- core_173 Dance With Dragons -----------------------------------------------------


def test_dance_with_dragons_kneels_influence_to_find_a_dragon():
    state = build(
        players=[
            {
                "hand": ["core_173"],
                "deck": ["Drogon", "Direwolf Pup", "Rhaegal"],
                "in_play": ["Crossroads"],
            },
            {},
        ]
    )
    state = use(state, 0, card(state, 0, "core_173"))
    assert state.in_play[ref(state, 0, "Crossroads")].knelt  # the 1 influence
    prompt = head(state)
    assert codes(state, prompt["candidates"]) == sorted([code("Drogon"), code("Rhaegal")])
    drogon = next(r for r in prompt["candidates"] if state.code(r) == code("Drogon"))
    state = answer(state, "search", [drogon])
    assert codes(state, state.players[0].hand) == [code("Drogon")]
    assert len(state.players[0].deck) == 2
    assert events(state, "revealed")[-1]["codes"] == [code("Drogon")]


def test_dance_with_dragons_needs_one_influence():
    state = build(
        players=[
            {
                "hand": ["core_173"],
                "deck": ["Drogon"],
                "in_play": [{"card": "Crossroads", "knelt": True}],
            },
            {},
        ]
    )
    assert waiting_seats(state) == [0]
    assert not uses(state, 0, card(state, 0, "core_173"))


# --- core_175 Seductive Promise ------------------------------------------------------


def _promise(defenders: Sequence[str]):
    state = joust(
        {
            "hand": ["core_175", "core_175", "core_172"],
            "in_play": ["Host of Storm's End"],
        },
        {
            "in_play": [
                "Knight of the Tumblestone",
                "Bastard of Robert",
                "Brown Ben Plumm",
                "Direwolf Pup",
                "Crossroads",
            ]
        },
    )
    state = attack(state, "power", [ref(state, 0, "Host of Storm's End")])
    return won(state, [ref(state, 1, n) for n in defenders])


def test_seductive_promise_takes_a_non_unique_character_after_a_power_win_by_four():
    state = _promise(["Knight of the Tumblestone"])
    assert head(state)["event"]["by"] == 4
    first, second = hand(state, 0, "core_175")
    knight, pup = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Direwolf Pup")
    bastard = ref(state, 1, "Bastard of Robert")
    assert targets(uses(state, 0, first)) == {knight, pup, bastard}  # not unique Ben
    state = use(state, 0, first, pup)
    assert state.in_play[pup].controller == 0 and pup in state.players[0].in_play
    state = until_window(state, "challenge_won")
    assert waiting_seats(state) == [0]  # Support of the Kingdom is still playable
    assert uses(state, 0, card(state, 0, "core_172"))
    assert not uses(state, 0, second)  # Limit 1 per phase


def test_seductive_promise_needs_a_win_by_four():
    state = _promise(["Knight of the Tumblestone", "Bastard of Robert"])
    assert head(state)["event"]["by"] == 3
    assert not offered(state, 0, card(state, 0, "core_175"))


# --- core_176 Westeros Bleeds --------------------------------------------------------


def _bleeds(crossroads: int = 4):
    return build(
        phase="dominance",
        players=[
            {
                "hand": ["core_176"],
                "in_play": ["Crossroads"] * crossroads + ["Knight of the Tumblestone"],
            },
            {
                "in_play": [
                    {"card": "Brown Ben Plumm", "duplicates": ["Brown Ben Plumm"]},
                    "Direwolf Pup",
                ]
            },
        ],
    )


def test_westeros_bleeds_discards_every_character():
    state = _bleeds()
    state = until_window(state)
    bleeds = card(state, 0, "core_176")
    state = use(state, 0, bleeds)  # the four Crossroads kneel: all are needed
    assert all(state.in_play[r].knelt for r in in_play_named(state, "Crossroads", 0))
    ben = ref(state, 1, "Brown Ben Plumm")
    state = answer(state, "save", [ben])
    assert codes(state, state.players[0].discard) == sorted(
        ["core_176", code("Knight of the Tumblestone")]
    )
    assert codes(state, state.players[1].discard) == sorted(
        [code("Direwolf Pup"), code("Brown Ben Plumm")]  # the pup, and Ben's duplicate
    )
    assert [state.code(r) for r in state.players[1].in_play] == [code("Brown Ben Plumm")]
    assert len(state.players[0].in_play) == 4  # locations stay


def test_westeros_bleeds_needs_four_influence_in_dominance():
    state = _bleeds(3)  # nobody can act in the dominance window: the round ends
    assert head(state)["name"] == "choose_plots" and state.round == 2
    assert card(state, 0, "core_176") in state.players[0].hand
    state = build(
        phase="challenges",
        players=[
            {"hand": ["core_176"], "in_play": ["Crossroads"] * 4 + ["Knight of the Tumblestone"]},
            {},
        ],
    )
    assert not uses(state, 0, card(state, 0, "core_176"))


# --- core_177 / core_179 Distinct Mastery --------------------------------------------


@pytest.mark.parametrize("mastery", ["core_177", "core_179"])
def test_distinct_mastery_stands_a_holy_learned_noble_or_war_character(mastery):
    state = build(
        players=[
            {
                "hand": [mastery],
                "in_play": [
                    {"card": "Knight of the Tumblestone", "knelt": True},  # War
                    {"card": "Direwolf Pup", "knelt": True},  # no crest
                    "War Host of the North",  # War, standing
                ],
            },
            {
                "in_play": [
                    {"card": "Joffrey Baratheon", "knelt": True},  # Noble
                    {"card": "Lurkers at Harrenhal", "knelt": True},  # no crest
                ]
            },
        ]
    )
    source = card(state, 0, mastery)
    knight, joffrey = ref(state, 0, "Knight of the Tumblestone"), ref(state, 1, "Joffrey Baratheon")
    actions = uses(state, 0, source)
    assert targets(actions) == {knight, joffrey}
    assert describe(state, actions[0]).startswith("Distinct Mastery: Any Phase: Choose and stand")
    state = use(state, 0, source, joffrey)
    assert not state.in_play[joffrey].knelt
    assert state.in_play[knight].knelt
    assert source in state.players[0].discard
