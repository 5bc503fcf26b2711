"""The Kingsguard: the neutral Kingsguard and On My Oath
(gameplay/engine/cards/the_kingsguard/kingsguard.py), played through legal actions: Ser
Barristan Selmy, Ser Jaime Lannister, Ser Meryn Trant, Ser Mandon Moore, Ser Preston
Greenfield, Ser Arys Oakheart, Ser Boros Blount and On My Oath."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    defend,
    events,
    head,
    joust,
    pass_until,
    pass_windows,
    plots_revealed,
    ref,
    shadow,
    start,
    until_window,
    use,
    uses,
)

BARRISTAN = "kr_53"
JAIME = "kr_54"
MERYN = "kr_55"
MANDON = "kr_56"
PRESTON = "kr_57"
ARYS = "kr_58"
BOROS = "kr_59"
OATH = "kr_60"
JORAH = "kr_51"  # Ser Jorah Mormont: a Queensguard Shadow character
KILLER = "kr_41"  # Shadow Killer: a Shadow character that is no Kingsguard
ROBB = "Robb Stark"
CROSSROADS = "Crossroads"  # a neutral location, +1 influence


def come_out(state, seat, card):
    return act(state, seat, "use", [card], "shadow")


def responses(state, seat, card):
    """The uses of ``card`` that are not bringing it out of Shadows."""
    return [a for a in uses(state, seat, card) if a.choice != "shadow"]


# --- kr_53 Ser Barristan Selmy ------------------------------------------------------------


def test_barristan_pays_1_gold_to_bring_a_kingsguard_out_of_shadows_for_free():
    state = joust({"in_play": [BARRISTAN], "gold": 1}, {})
    barristan = ref(state, 0, BARRISTAN)
    preston = shadow(state, 0, PRESTON)
    jorah = shadow(state, 0, JORAH)  # a Queensguard
    shadow(state, 0, KILLER)  # no Kingsguard: not offered
    gold = [a for a in uses(state, 0, barristan) if a.choice == "1"]
    assert gold and not [a for a in uses(state, 0, barristan) if a.choice == "0"]
    state = act(state, 0, "use", [barristan], "1")
    state = pass_windows(state) if head(state).get("trigger") == "ability" else state
    assert set(head(state)["candidates"]) == {preston, jorah}
    state = answer(state, "out_of_shadows", [preston])
    assert preston in state.players[0].in_play and state.players[0].gold == 0
    assert [e["gold"] for e in events(state, "gold_paid")] == [1]  # not Preston's cost


def test_barristan_kneels_1_influence_instead():
    state = joust({"in_play": [BARRISTAN, CROSSROADS], "gold": 0}, {})
    barristan, crossroads = ref(state, 0, BARRISTAN), ref(state, 0, CROSSROADS)
    preston = shadow(state, 0, PRESTON)
    state = act(state, 0, "use", [barristan], "0")
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [crossroads])
    if head(state).get("purpose") == "out_of_shadows":
        state = answer(state, "out_of_shadows", [preston])
    assert preston in state.players[0].in_play and state.in_play[crossroads].knelt


def test_barristan_acts_only_in_the_challenges_phase():
    state = joust({"in_play": [BARRISTAN], "gold": 5}, {}, phase="marshalling")
    shadow(state, 0, PRESTON)
    assert [a for a in uses(state, 0, ref(state, 0, BARRISTAN)) if a.choice != "shadow"] == []


def test_barristan_is_not_offered_without_a_kingsguard_in_shadows():
    state = joust({"in_play": [BARRISTAN], "gold": 3}, {})
    shadow(state, 0, KILLER)
    assert responses(state, 0, ref(state, 0, BARRISTAN)) == []


# --- kr_54 Ser Jaime Lannister ------------------------------------------------------------


def test_jaime_draws_1_card_after_any_card_comes_out_of_shadows():
    state = joust(
        {"gold": 2}, {"in_play": [JAIME], "deck": [KNIGHT, STEWARD, HOST]}, phase="marshalling"
    )
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 1, ref(state, 1, JAIME))
    assert len(state.players[1].hand) == 1


def test_jaime_draws_3_cards_with_3_kingsguard():
    state = joust(
        {"in_play": [JAIME, PRESTON, BOROS], "gold": 2, "deck": [KNIGHT, STEWARD, HOST, HOST]},
        {},
    )
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, ref(state, 0, JAIME))
    assert len(state.players[0].hand) == 3


def test_jaime_answers_only_a_card_coming_out_of_shadows():
    state = joust({"in_play": [JAIME], "hand": [KNIGHT], "gold": 5}, {}, phase="marshalling")
    state = act(state, 0, "marshal:play", [state.players[0].hand[0]])
    assert uses(state, 0, ref(state, 0, JAIME)) == []


# --- kr_55 Ser Meryn Trant ----------------------------------------------------------------


def test_meryn_makes_each_opponent_kneel_a_standing_character_or_location():
    state = joust({"in_play": [MERYN], "gold": 2}, {"in_play": [KNIGHT, STEWARD]})
    killer = shadow(state, 0, KILLER)
    knight, steward = ref(state, 1, KNIGHT), ref(state, 1, STEWARD)
    state = come_out(state, 0, killer)
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, ref(state, 0, MERYN))
    assert head(state)["seat"] == 1 and set(head(state)["candidates"]) == {knight, steward}
    state = answer(state, "kneel", [steward])
    assert state.in_play[steward].knelt and not state.in_play[knight].knelt


def test_meryn_asks_nothing_of_an_opponent_with_nothing_standing():
    state = joust({"in_play": [MERYN], "gold": 2}, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, ref(state, 0, MERYN))
    assert head(state).get("purpose") != "kneel"


# --- kr_56 Ser Mandon Moore ---------------------------------------------------------------


def test_mandon_with_more_cards_in_shadows_stops_opponents_saves():
    state = joust({"in_play": [MANDON, HOST]}, {"in_play": [{"card": ROBB, "duplicates": [ROBB]}]})
    shadow(state, 0, KILLER)
    robb = ref(state, 1, ROBB)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_until(state, lambda s: robb not in s.in_play or not s.challenge)
    assert robb in state.players[1].dead


def test_mandon_without_more_cards_in_shadows_lets_a_duplicate_save():
    state = joust({"in_play": [MANDON, HOST]}, {"in_play": [{"card": ROBB, "duplicates": [ROBB]}]})
    shadow(state, 0, KILLER)
    shadow(state, 1, KILLER)  # as many: not more
    robb = ref(state, 1, ROBB)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    for _ in range(20):
        if not state.challenge:
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, 1 if 1 in _waiting(state) else 0, "pass")
    assert robb in state.in_play and not state.in_play[robb].duplicates


def _waiting(state):
    from gameplay.engine.steps import waiting_seats

    return waiting_seats(state)


# --- kr_57 Ser Preston Greenfield ---------------------------------------------------------


def test_preston_returns_a_kingsguard_to_shadows_once_per_round():
    state = joust({"in_play": [PRESTON, BOROS, HOST]}, {})
    preston, boros = ref(state, 0, PRESTON), ref(state, 0, BOROS)
    assert {a.cards[1] for a in uses(state, 0, preston)} == {preston, boros}  # not the Host
    state = use(state, 0, preston, boros)
    state = pass_windows(state) if head(state).get("trigger") == "ability" else state
    assert boros in state.players[0].shadows
    assert uses(state, 0, preston) == []  # once per round


def test_preston_returns_only_his_controllers_characters():
    state = joust({"in_play": [PRESTON]}, {"in_play": [BOROS]})
    preston = ref(state, 0, PRESTON)
    assert {a.cards[1] for a in uses(state, 0, preston)} == {preston}


# --- kr_58 Ser Arys Oakheart --------------------------------------------------------------


def test_arys_stands_a_character_after_a_card_comes_out_3_times_a_phase():
    state = joust(
        {
            "in_play": [ARYS] + [{"card": KNIGHT, "knelt": True}] * 4,
            "gold": 8,
        },
        {},
    )
    arys = ref(state, 0, ARYS)
    knights = [ref(state, 0, KNIGHT, i) for i in range(4)]
    for i in range(4):
        killer = shadow(state, 0, KILLER)
        state = come_out(state, 0, killer)
        if i == 3:
            assert responses(state, 0, arys) == []  # Limit 3 times per phase
            break
        state = until_window(state, "came_out_of_shadows")
        state = use(state, 0, arys, knights[i])
        state = pass_windows(state) if head(state).get("trigger") == "ability" else state
        assert not state.in_play[knights[i]].knelt
    assert state.in_play[knights[3]].knelt


def test_arys_stands_only_his_controllers_characters():
    state = joust({"in_play": [ARYS], "gold": 2}, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)
    assert responses(state, 0, ref(state, 0, ARYS)) == []


# --- kr_59 Ser Boros Blount ---------------------------------------------------------------


def test_boros_gives_each_of_his_controllers_characters_1_str_this_phase():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [STEWARD]}, phase="marshalling")
    boros = shadow(state, 0, BOROS)
    knight, steward = ref(state, 0, KNIGHT), ref(state, 1, STEWARD)
    state = come_out(state, 0, boros)  # cost 0
    state = use(state, 0, boros)
    assert strength(state, knight) == 3 and strength(state, boros) == 3
    assert strength(state, steward) == 2
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert strength(state, knight) == 2


def test_boros_answers_only_his_own_coming_out():
    state = joust({"in_play": [BOROS], "gold": 2}, {})
    killer = shadow(state, 0, KILLER)
    state = come_out(state, 0, killer)
    assert responses(state, 0, ref(state, 0, BOROS)) == []


# --- kr_60 On My Oath ---------------------------------------------------------------------


def test_on_my_oath_puts_a_shadow_kingsguard_from_a_pile_into_shadows():
    state = plots_revealed(
        OATH, "Calm Over Westeros", me={"dead": [BARRISTAN, MERYN], "discard": [KILLER, BOROS]}
    )
    for _ in range(10):
        if head(state).get("purpose") == "into_shadows":
            break
        state = act(state, _waiting(state)[0], "pass")
    player = state.players[0]
    meryn, boros = player.dead[1], player.discard[1]
    # Barristan has no Shadow crest; Shadow Killer is no Kingsguard.
    assert set(head(state)["candidates"]) == {meryn, boros}
    state = answer(state, "into_shadows", [boros])
    assert state.players[0].shadows == [boros] and boros not in state.players[0].discard
    state.players[0].gold = 5
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]  # not this round
