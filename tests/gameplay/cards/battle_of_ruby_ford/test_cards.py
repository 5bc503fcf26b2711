"""Battle of Ruby Ford cards (gameplay/engine/cards/battle_of_ruby_ford/): each card's
effect in a position, driven through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength, traits
from gameplay.engine.rules import income
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    events,
    fight,
    hand,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, Army
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
CROSSROADS = "core_138"  # neutral location


def until_resolved(state, ctype, attackers, defenders=()):
    """Initiate a challenge, declare, and pass until it has been resolved."""
    state = initiate(state, ctype, attackers)
    for _ in range(40):
        if events(state, "challenge_resolved"):
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", defenders)
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge was not resolved")


def until_usable(state, seat, name):
    """Pass (and choose seat 0 first player) until ``seat`` may play ``name`` from hand."""
    for _ in range(30):
        found = hand(state, seat, name)
        if found and uses(state, seat, found[0]):
            return state
        if head(state).get("name") == "first_player":
            state = act(state, head(state)["seat"], "first_player", choice="0")
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"{name} never became playable")


def test_acoa_83_scorched_earth_non_army_strength_does_not_count_in_the_first_challenge():
    me = {"in_play": ["acoa_83", KNIGHT, HOST]}
    state = joust(me, {"in_play": [STEWARD]})
    state = until_resolved(state, "military", [ref(state, 0, KNIGHT)], [ref(state, 1, STEWARD)])
    assert events(state, "challenge_resolved")[-1]["strength"] == [0, 0]


def test_acoa_84_rhaegars_harp_gives_every_trait():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": ["acoa_84"]}]}, {})
    found = traits(state, ref(state, 0, KNIGHT))
    assert {"Knight", "Maester", "Dragon", "Army"} <= found


def test_acoa_89_lie_for_your_king_returns_an_event_after_an_intrigue_gambit():
    me = {"hand": ["acoa_89"], "discard": ["core_177"], "plot_deck": ["kotse_50"]}
    state = build(phase="plot", players=[me, {"plot_deck": ["kotse_48"]}])
    for seat in (0, 1):
        plot = state.players[seat].plot_deck[0]
        state = act(state, seat, "plot:choose", [plot])
    state = until_usable(state, 0, "acoa_89")
    lie = hand(state, 0, "acoa_89")[0]
    event_card = state.players[0].discard[0]
    state = use(state, 0, lie, event_card)
    assert event_card in state.players[0].hand


def test_acoa_90_starve_for_your_king_adds_four_income_after_a_power_struggle():
    me = {"hand": ["acoa_90"], "plot_deck": ["kotse_52"]}
    state = build(phase="plot", players=[me, {"plot_deck": ["kotse_48"]}])
    for seat in (0, 1):
        plot = state.players[seat].plot_deck[0]
        state = act(state, seat, "plot:choose", [plot])
    state = until_usable(state, 0, "acoa_90")
    before = income(state, 0)
    state = use(state, 0, hand(state, 0, "acoa_90")[0])
    assert income(state, 0) == before + 4


def test_acoa_91_midnight_sentry_gives_stalwart_characters_one_strength():
    state = joust({"in_play": ["acoa_91", KNIGHT]}, {"in_play": ["core_1"]})
    assert strength(state, ref(state, 0, "acoa_91")) == 2
    assert strength(state, ref(state, 0, KNIGHT)) == 2


def test_acoa_93_castellan_of_the_rock_kneels_a_character_without_attachments():
    me = {"house": "Lannister", "in_play": ["acoa_93"], "hand": [STEWARD], "gold": 5}
    state = build(players=[me, {"in_play": [KNIGHT]}])
    state = act(state, 0, "marshal:play", [hand(state, 0, STEWARD)[0]])
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, "acoa_93"), knight)
    assert [e["card"] for e in events(state, "knelt")] == [knight]


def test_acoa_94_devious_intentions_gives_infamy_stealth_intrigue_and_power_strength():
    me = {"in_play": [{"card": KNIGHT, "attachments": ["acoa_94"], "power": 2}]}
    state = joust(me, {})
    knight = ref(state, 0, KNIGHT)
    assert {"infamy", "stealth"} <= keywords(state, knight)
    assert "intrigue" in icons(state, knight)
    assert strength(state, knight) == 4


def test_acoa_95_hunting_spear_lowers_participants_without_weapons():
    me = {"in_play": [{"card": KNIGHT, "attachments": ["acoa_95"]}]}
    state = joust(me, {"in_play": [HOST]})
    state = until_resolved(state, "military", [ref(state, 0, KNIGHT)], [ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[-1]["strength"] == [2, 4]


def test_acoa_96_mustering_yard_returns_an_army_to_hand():
    me = {"in_play": ["acoa_96", CROSSROADS, CROSSROADS], "discard": [HOST]}
    state = build(players=[me, {}])
    host = state.players[0].discard[0]
    state = use(state, 0, ref(state, 0, "acoa_96"), host)
    if head(state).get("purpose"):
        state = answer(
            state,
            head(state)["purpose"],
            [ref(state, 0, CROSSROADS, 0), ref(state, 0, CROSSROADS, 1)],
        )
    assert host in state.players[0].hand


def test_acoa_97_martial_law_kneels_its_location_and_claims_two_power():
    me = {"house": "Baratheon", "in_play": [HOST, HOST], "hand": ["acoa_97"], "gold": 5}
    state = build(players=[me, {"in_play": [CROSSROADS]}])
    crossroads = ref(state, 1, CROSSROADS)
    state = act(state, 0, "marshal:play", [hand(state, 0, "acoa_97")[0], crossroads])
    assert state.in_play[crossroads].knelt


def test_acoa_98_disgruntled_mercenary_returns_after_the_first_challenge():
    state = joust({"in_play": ["acoa_98", HOST]}, {})
    mercenary = ref(state, 0, "acoa_98")
    state = until_resolved(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert mercenary in state.players[0].hand


def test_acoa_100_war_scorpion_kills_every_participant():
    me = {"in_play": [{"card": KNIGHT, "attachments": ["acoa_100"]}]}
    state = joust(me, {"in_play": [HOST]})
    state = fight(state, "military", [ref(state, 0, KNIGHT)], [ref(state, 1, HOST)])
    knight, host = ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = use(state, 0, ref(state, 0, "acoa_100"))
    assert knight in state.players[0].dead and host in state.players[1].dead


def test_acoa_92_house_umber_berserkers_make_each_player_kill_a_character():
    me = {"in_play": [KNIGHT], "hand": ["acoa_92"], "gold": 8}
    state = build(players=[me, {"in_play": [STEWARD, HOST]}])
    state = act(state, 0, "marshal:play", [hand(state, 0, "acoa_92")[0]])
    knight, host = ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = answer(state, "kill", [knight])
    state = answer(state, "kill", [host])
    state = pass_windows(state)
    assert knight in state.players[0].dead and host in state.players[1].dead


def test_acoa_88_desperate_tactics_swaps_armies_until_the_end_of_the_phase():
    me = {"in_play": [HOST], "hand": ["acoa_88", "core_23"]}
    state = build(players=[me, {}])
    host = ref(state, 0, HOST)
    tribes = hand(state, 0, "core_23")[0]
    state = use(state, 0, hand(state, 0, "acoa_88")[0], host)
    if head(state).get("purpose") == "put_into_play":
        state = answer(state, "put_into_play", [tribes])
    assert host in state.players[0].hand and tribes in state.in_play


def test_acoa_99_observation_point_shows_an_opponents_hand():
    state = build(players=[{"in_play": ["acoa_99"]}, {"hand": [KNIGHT, HOST], "deck": [STEWARD]}])
    state = use(state, 0, ref(state, 0, "acoa_99"))
    state = act(state, 0, "choose", choice="hand_1")
    assert head(state)["purpose"] == "look"
    assert head(state)["ctx"]["shown"] == state.players[1].hand
    state = act(state, 0, "done")
    assert [e["other"] for e in events(state, "looked_at_hand")] == [1]
    assert state.code(state.players[0].discard[0]) == "acoa_99"
