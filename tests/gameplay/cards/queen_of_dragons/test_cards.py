"""Queen of Dragons locations, attachments, events and plots
(gameplay/engine/cards/queen_of_dragons/): each card's effect in a position, played through
legal actions. Fillers as in test_characters.py."""

from __future__ import annotations

from gameplay.engine.abilities import crests, icons, keywords, season, strength, value
from gameplay.engine.actions import Action
from gameplay.engine.card_facts import load_cards
from gameplay.engine.challenges import can_defend, challenge_problem
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, gold_cost
from tests.gameplay.cardtest import (
    act,
    answer,
    at_point,
    build,
    code,
    defend,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_window,
    use,
    uses,
)
from tests.gameplay.scenario import apply

HOST = "Host of Storm's End"
PUP = "Direwolf Pup"
KNIGHT = "Knight of the Tumblestone"
BASTARD = "Bastard of Robert"
SWORDS = "qod_8"
TARG = {"house": "Targaryen"}
SPARE = ("Planning Ahead", "Rains of Autumn", "Power and Wealth")


def marshalling(me, them=None):
    return build(players=[{**TARG, **me}, them or {}])


def reveal(plots, players=None, first=0):
    """Build at the plot phase, reveal ``plots`` (one per seat), ``first`` first player."""
    specs = []
    for spec, plot in zip(players or [{} for _ in plots], plots, strict=True):
        spec = dict(spec)
        spec.setdefault("plot_deck", [plot, *(p for p in SPARE if p != plot)])
        specs.append(spec)
    state = build(phase="plot", players=specs)
    for seat, plot in enumerate(plots):
        card = next(r for r in state.players[seat].plot_deck if state.code(r) == code(plot))
        state = apply(state, Action(seat, "plot:choose", (card,)))
    return apply(state, Action(state.queue[0]["seat"], "first_player", choice=str(first)))


# --- qod_26 Qarth / qod_27 Yunkai --------------------------------------------------------


def test_qarth_gives_a_dragon_an_intrigue_icon_and_deadly():
    state = joust({**TARG, "in_play": ["qod_26", "qod_23", SWORDS]}, {})
    qarth, drogon = ref(state, 0, "qod_26"), ref(state, 0, "qod_23")
    assert {a.cards[1] for a in uses(state, 0, qarth)} == {drogon}
    state = use(state, 0, qarth, drogon)
    assert "intrigue" in icons(state, drogon) and "deadly" in keywords(state, drogon)
    assert state.in_play[qarth].knelt


def test_yunkai_gives_a_dragon_renown():
    state = joust({**TARG, "in_play": ["qod_27", "qod_23"]}, {})
    yunkai, drogon = ref(state, 0, "qod_27"), ref(state, 0, "qod_23")
    state = use(state, 0, yunkai, drogon)
    assert "renown" in keywords(state, drogon)


# --- qod_28 Astapor / qod_29 Meereen -----------------------------------------------------


def test_astapor_gives_two_str_and_stands_the_dragon_on_a_win():
    state = joust({**TARG, "in_play": ["qod_28", "qod_23"]}, {"in_play": [KNIGHT]})
    astapor, drogon = ref(state, 0, "qod_28"), ref(state, 0, "qod_23")
    state = start(state, "power", [drogon])
    state = at_point(state, "after_attackers")
    state = use(state, 0, astapor, drogon)
    assert strength(state, drogon) == 6
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not state.in_play[drogon].knelt


def test_meereen_makes_a_dragon_immune_and_draws_for_each_dragon_on_a_win():
    state = joust({**TARG, "in_play": ["qod_29", "qod_23"], "deck": [PUP, PUP]}, {})
    meereen, drogon = ref(state, 0, "qod_29"), ref(state, 0, "qod_23")
    state = start(state, "power", [drogon])
    state = at_point(state, "after_attackers")
    state = use(state, 0, meereen, drogon)
    gained = [e for e in events(state, "lasting_effect") if e["subject"] == drogon]
    assert gained[0]["add"] == ["immune to opponents' triggered effects"]
    state = pass_windows(state)
    assert len(state.players[0].hand) == 1


# --- qod_30 Plaza of Pride ---------------------------------------------------------------


def test_plaza_of_pride_gives_an_attacking_targaryen_army_deadly():
    state = joust({**TARG, "in_play": ["qod_30", SWORDS]}, {"in_play": [KNIGHT]})
    plaza, swords = ref(state, 0, "qod_30"), ref(state, 0, SWORDS)
    assert not uses(state, 0, plaza)  # not attacking yet
    state = start(state, "military", [swords])
    state = at_point(state, "after_attackers")
    state = apply(state, Action(0, "use", (plaza, swords), "1"))
    assert "deadly" in keywords(state, swords)


# --- qod_31 Myrish Villa ---------------------------------------------------------------


def test_myrish_villa_enters_play_for_one_influence_and_lowers_a_targaryen_card():
    state = marshalling({"in_play": ["Eastern Fiefdoms"], "hand": ["qod_31", "qod_22"], "gold": 5})
    villa, dany = hand(state, 0, "qod_31")[0], hand(state, 0, "qod_22")[0]
    state = use(state, 0, villa)
    assert villa in state.in_play
    state = use(state, 0, villa)
    assert gold_cost(state, 0, dany) == 3


# --- Core Set reprints: qod_32 Summer Sea, qod_33 Tent, qod_34 Fiefdoms, qod_35 Pyramid ---


def test_reprinted_cost_reducers():
    state = marshalling(
        {"in_play": ["qod_32", "qod_34", "qod_35"], "hand": ["qod_22", "qod_31"], "gold": 5}
    )
    dany, villa = hand(state, 0, "qod_22")[0], hand(state, 0, "qod_31")[0]
    state = use(state, 0, ref(state, 0, "qod_34"))
    assert gold_cost(state, 0, villa) == 0
    state = use(state, 0, ref(state, 0, "qod_35"))
    state = use(state, 0, ref(state, 0, "qod_32"))
    assert gold_cost(state, 0, dany) == 0  # 4 - 1 - 2 - 2


def test_khal_drogos_tent_reprint_may_go_on_the_house_card():
    state = marshalling({"hand": ["qod_33"], "gold": 5})
    tent = hand(state, 0, "qod_33")[0]
    assert Action(0, "marshal:play", (tent,), "house") in legal_actions(state, 0)


# --- qod_41 High Ground / qod_43 River Row -----------------------------------------------


def test_high_ground_stands_an_in_house_army():
    swords = {"card": SWORDS, "knelt": True}
    host = {"card": HOST, "knelt": True}
    state = joust({**TARG, "in_play": ["qod_41", swords, host]}, {})
    ground, mine = ref(state, 0, "qod_41"), ref(state, 0, SWORDS)
    assert {a.cards[1] for a in uses(state, 0, ground)} == {mine}  # Host is out of House
    state = use(state, 0, ground, mine)
    assert not state.in_play[mine].knelt


def test_river_row_comes_into_play_knelt_and_lowers_a_character():
    state = marshalling({"hand": ["qod_43", PUP], "gold": 5})
    row = hand(state, 0, "qod_43")[0]
    state = act(state, 0, "marshal:play", [row])
    assert state.in_play[row].knelt
    state = marshalling({"in_play": ["qod_43"], "hand": [PUP], "gold": 5})
    pup = hand(state, 0, PUP)[0]
    before = gold_cost(state, 0, pup)
    state = use(state, 0, ref(state, 0, "qod_43"))
    assert gold_cost(state, 0, pup) == before - 1


# --- qod_1 Unburnt -----------------------------------------------------------------------


def test_unburnt_saves_its_character_and_returns_it_to_hand():
    state = joust(
        {"in_play": [HOST]}, {**TARG, "in_play": [{"card": KNIGHT, "attachments": ["qod_1"]}]}
    )
    host, knight, unburnt = ref(state, 0, HOST), ref(state, 1, KNIGHT), ref(state, 1, "qod_1")
    state = start(state, "military", [host])
    state = defend(state, [])
    state = until_window(state, "would_be_killed")
    state = use(state, 1, unburnt, knight)
    assert knight in state.players[1].hand and unburnt in state.players[1].discard
    assert knight not in state.players[1].dead


# --- qod_3 Bloodrider's Arakh ------------------------------------------------------------


def test_bloodriders_arakh_kills_defenders_at_zero_str():
    state = joust(
        {**TARG, "in_play": [{"card": KNIGHT, "attachments": ["qod_3"]}]},
        {"in_play": [{"card": PUP, "attachments": ["core_101"]}]},
    )
    knight, pup = ref(state, 0, KNIGHT), ref(state, 1, PUP)
    assert strength(state, knight) == 3 and "war" in crests(state, knight)
    assert strength(state, pup) == 0 and pup in state.in_play
    state = start(state, "military", [knight])
    state = defend(state, [pup])
    assert pup in state.players[1].dead


# --- qod_4 Shade of the Evening ----------------------------------------------------------


def test_shade_of_the_evening_gives_icons_and_picks_a_card_from_the_top_three():
    deck = [PUP, KNIGHT, HOST, BASTARD]
    state = joust(
        {**TARG, "in_play": [{"card": "Brown Ben Plumm", "attachments": ["qod_4"]}], "deck": deck},
        {"in_play": [{"card": PUP}]},
    )
    ben, shade = ref(state, 0, "Brown Ben Plumm"), ref(state, 0, "qod_4")
    assert icons(state, ben) == {"military", "intrigue", "power"}
    top = list(state.players[0].deck[:3])
    state = start(state, "power", [ben])
    state = until_window(state, "challenge_won")
    state = use(state, 0, shade)
    assert head(state)["candidates"] == top
    state = answer(state, "to_hand", [top[1]])
    assert state.players[0].hand == [top[1]]
    assert state.players[0].deck[:2] == [top[0], top[2]]


def test_shade_of_the_evening_goes_only_on_a_targaryen_character():
    state = joust({**TARG, "in_play": ["Brown Ben Plumm", KNIGHT]}, {})
    shade = load_cards()["qod_4"]
    assert attachment_targets(state, shade, 0) == [ref(state, 0, "Brown Ben Plumm")]


# --- qod_5 Sun Stroke --------------------------------------------------------------------


def test_sun_stroke_cannot_be_saved_and_kills_after_losing_by_four():
    state = joust(
        {"in_play": [HOST]}, {**TARG, "in_play": [{"card": KNIGHT, "attachments": ["qod_5"]}]}
    )
    host, knight, stroke = ref(state, 0, HOST), ref(state, 1, KNIGHT), ref(state, 1, "qod_5")
    assert value(state, "can_be_saved", knight, True) is False
    state = start(state, "power", [host])
    state = defend(state, [knight])
    state = until_window(state, "challenge_won")
    state = use(state, 1, stroke)
    assert knight in state.players[1].dead


# --- qod_6 Crown of Meereen --------------------------------------------------------------


def test_crown_of_meereen_makes_it_summer_and_takes_an_attachment():
    state = joust(
        {**TARG, "in_play": [{"card": "qod_22", "attachments": ["qod_6"]}, "Brown Ben Plumm"]},
        {"in_play": [{"card": KNIGHT, "attachments": ["core_102"]}]},
    )
    dany, crown = ref(state, 0, "qod_22"), ref(state, 0, "qod_6")
    ben, blade = ref(state, 0, "Brown Ben Plumm"), ref(state, 1, "Aegon's Blade")
    assert season(state) == "summer"
    state = start(state, "power", [dany])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, crown, blade)
    state = answer(state, "attach_to", [ben])
    assert state.in_play[blade].controller == 0 and state.in_play[blade].attached_to == ben


def test_crown_of_meereen_needs_a_unique_targaryen_character():
    state = joust({**TARG, "in_play": ["qod_22", SWORDS]}, {})
    assert attachment_targets(state, load_cards()["qod_6"], 0) == [ref(state, 0, "qod_22")]


# --- qod_36 Ambush from the Plains -------------------------------------------------------


def test_ambush_from_the_plains_puts_a_cheap_targaryen_character_into_play():
    # Summoning Season: initiative 3, so printed cost 2 or lower.
    state = joust({**TARG, "hand": ["qod_36", "qod_9"], "discard": [SWORDS]}, {})
    plains = hand(state, 0, "qod_36")[0]
    swords = state.players[0].discard[0]
    assert {a.cards[1] for a in uses(state, 0, plains)} == {swords}  # Pike costs 3
    state = use(state, 0, plains, swords)
    assert swords in state.in_play


# --- qod_37 Field of Fire ----------------------------------------------------------------


def test_field_of_fire_in_summer_shrinks_non_dragon_participants():
    state = joust(
        {
            **TARG,
            "in_play": [
                {"card": "qod_22", "attachments": ["qod_6"]},
                "qod_23",
                "Kingsroad Fiefdom",
            ],
            "hand": ["qod_37"],
        },
        {"in_play": ["Kingsroad Fiefdom", PUP]},
    )
    drogon, dany = ref(state, 0, "qod_23"), ref(state, 0, "qod_22")
    field = hand(state, 0, "qod_37")[0]
    state = start(state, "power", [drogon, dany])
    state = at_point(state, "after_attackers")
    state = use(state, 0, field)
    state = (
        answer(state, "influence", [ref(state, 0, "Kingsroad Fiefdom")])
        if head(state).get("purpose") == "influence"
        else state
    )
    assert strength(state, dany) == 1 and strength(state, drogon) == 4


# --- qod_38 Maegi's Promise --------------------------------------------------------------


def test_maegis_promise_returns_a_targaryen_character_from_the_dead_pile():
    state = build(
        phase="dominance",
        players=[
            {**TARG, "hand": ["qod_38"], "dead": [SWORDS, PUP], "in_play": ["Eastern Fiefdoms"]},
            {},
        ],
    )
    promise = hand(state, 0, "qod_38")[0]
    swords, _pup = state.players[0].dead
    assert {a.cards[1] for a in uses(state, 0, promise)} == {swords}
    state = use(state, 0, promise, swords)
    assert swords in state.players[0].hand


# --- qod_44 Dissension -------------------------------------------------------------------


def test_dissension_discards_an_ally_or_mercenary():
    state = marshalling({"hand": ["qod_44"]}, {"in_play": [SWORDS, PUP]})
    dissension = hand(state, 0, "qod_44")[0]
    swords = ref(state, 1, SWORDS)
    assert {a.cards[1] for a in uses(state, 0, dissension)} == {swords}
    state = use(state, 0, dissension, swords)
    assert swords in state.players[1].discard


# --- qod_45 Favorable Ground -------------------------------------------------------------


def test_favorable_ground_discards_every_non_limited_location():
    state = build(
        phase="dominance",
        players=[
            {**TARG, "hand": ["qod_45"], "in_play": ["Kingsroad Fiefdom", "qod_39"]},
            {"in_play": ["Eastern Fiefdoms", "qod_43"]},
        ],
    )
    ground = hand(state, 0, "qod_45")[0]
    fiefdom, row = ref(state, 1, "Eastern Fiefdoms"), ref(state, 1, "qod_43")
    kingsroad = ref(state, 0, "Kingsroad Fiefdom")
    state = use(state, 0, ground)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [kingsroad, ref(state, 0, "qod_39")])
    assert row in state.players[1].discard and kingsroad in state.players[0].discard
    assert fiefdom in state.in_play


# --- qod_46 Paper Shield -----------------------------------------------------------------


def test_paper_shield_cancels_an_event_without_gold_or_influence_cost():
    state = marshalling({"hand": ["qod_44"]}, {"in_play": [SWORDS], "hand": ["qod_46"]})
    dissension, shield = hand(state, 0, "qod_44")[0], hand(state, 1, "qod_46")[0]
    swords = ref(state, 1, SWORDS)
    state = use(state, 0, dissension, swords)
    state = use(state, 1, shield)
    state = pass_windows(state)
    assert swords in state.in_play and events(state, "cancelled")


# --- qod_49 Burning Bridges --------------------------------------------------------------


def test_burning_bridges_stops_abilities_of_cards_in_play():
    state = joust({**TARG, "revealed_plot": "qod_49", "in_play": ["qod_27", "qod_23"]}, {})
    assert not uses(state, 0, ref(state, 0, "qod_27"))


# --- qod_50 Waste Their Time -------------------------------------------------------------


def test_waste_their_time_shuffles_a_card_of_the_opponents_hand_into_the_deck():
    state = reveal(["qod_50", "Planning Ahead"], [{}, {"hand": [PUP, KNIGHT], "deck": [HOST]}])
    assert head(state)["purpose"] == "shuffle_into_deck" and head(state)["seat"] == 0
    state = answer(state, "shuffle_into_deck", [head(state)["candidates"][0]])
    assert len(state.players[1].deck) + len(state.players[1].hand) == 3


# --- qod_51 Focused Offense --------------------------------------------------------------


def test_focused_offense_allows_one_challenge_and_no_defenders():
    state = joust({"revealed_plot": "qod_51", "in_play": [HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    assert can_defend(state, 0, "military", []) == []
    assert challenge_problem(state, 0, "power", 1) is None
    state = start(state, "military", [ref(state, 0, HOST)])
    assert challenge_problem(state, 0, "power", 1) is not None  # one this round


# --- qod_52 Spending the Winter Stores ---------------------------------------------------


def test_spending_the_winter_stores_finds_an_in_house_attachment_for_each_player():
    state = reveal(
        ["qod_52", "Planning Ahead"],
        [{**TARG, "deck": ["qod_3", PUP]}, {"house": "Stark", "deck": ["qod_4", "core_101"]}],
    )
    assert head(state)["purpose"] == "search_attachment"
    state = answer(state, "search_attachment", head(state)["candidates"])
    assert head(state)["candidates"] == []  # the Stark player has no Stark attachment
    state = answer(state, "search_attachment", [])
    assert [e["code"] for e in events(state, "searched")] == ["qod_3"]


# --- qod_53 Loyalty Money Can Buy --------------------------------------------------------


def test_loyalty_money_can_buy_lowers_the_attackers_claim():
    state = joust({"in_play": [HOST]}, {"revealed_plot": "qod_53", "in_play": [PUP, KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    assert events(state, "claim")[-1]["amount"] == 0


# --- qod_54 Muster the Realm! ------------------------------------------------------------


def test_muster_the_realm_needs_an_army_for_a_military_challenge():
    state = joust({"revealed_plot": "qod_54", "in_play": [KNIGHT]}, {"in_play": [HOST]})
    assert challenge_problem(state, 0, "military", 1) is not None
    assert challenge_problem(state, 0, "power", 1) is None
    assert challenge_problem(state, 1, "military", 0) is None


# --- qod_55 Threat from the East ---------------------------------------------------------


def test_threat_from_the_east_draws_three_then_discards_three():
    state = reveal(
        ["qod_55", "Planning Ahead"],
        [{"hand": [PUP], "deck": [KNIGHT] * 4}, {"hand": [], "deck": [HOST] * 2}],
    )
    state = apply(state, Action(0, "choose", choice="draw_then_discard"))
    # Seat 0 drew 3 and discarded 3 (then 1 in the draw phase); seat 1 drew only 2.
    assert len(state.players[0].discard) == 3 and len(state.players[0].hand) == 2
    assert len(state.players[1].hand) == 2 and not state.players[1].discard


# --- qod_2 Dragon Fear -------------------------------------------------------------------


def test_dragon_fear_character_must_be_chosen_for_military_claim_while_a_dragon_is_in_play():
    scared = {"card": KNIGHT, "attachments": ["qod_2"]}
    state = joust({**TARG, "in_play": [HOST, "qod_23"]}, {"in_play": [scared, PUP]})
    host, knight = ref(state, 0, HOST), ref(state, 1, KNIGHT)
    state = start(state, "military", [host])
    state = defend(state, [])
    # Claim 1: the only candidate is the character with Dragon Fear; it dies by itself.
    assert knight in state.players[1].dead and ref(state, 1, PUP)


def test_dragon_fear_without_a_dragon_lets_the_defender_choose():
    scared = {"card": KNIGHT, "attachments": ["qod_2"]}
    state = joust({"in_play": [HOST]}, {"in_play": [scared, PUP]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    assert head(state)["purpose"] == "claim_kill" and len(head(state)["candidates"]) == 2


def test_threat_from_the_east_discard_first_draws_only_for_three_discarded():
    state = reveal(
        ["qod_55", "Planning Ahead"],
        [{"hand": [PUP] * 3, "deck": [KNIGHT] * 5}, {"hand": [PUP], "deck": [HOST] * 5}],
    )
    state = apply(state, Action(0, "choose", choice="discard_then_draw"))
    assert len(state.players[0].discard) == 3 and len(state.players[1].discard) == 1
    # Seat 0 drew 3 (then 2 in the draw phase); seat 1 only its 2 of the draw phase.
    assert len(state.players[0].hand) == 5 and len(state.players[1].hand) == 2
