"""Deck construction rules (pure, no database): every rule broken once and just kept once."""

from __future__ import annotations

import doctest
import json
import timeit
from pathlib import Path

import pytest

import decks.validation
import decks.validation.spec
from cards.cardpool import fold_name
from decks.validation import (
    AGENDA_RULES,
    FORMATS,
    HOUSE_CARDS,
    CardInfo,
    DeckSpec,
    Format,
    Verdict,
    cards_from_fixtures,
    normalize_house,
    validate,
)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = [
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "fixtures" / "cards").glob("*.json"))
]
CARDS = cards_from_fixtures(FIXTURES)
DRAW_TYPES = ("character", "location", "attachment", "event")


def code_of(name: str, product: str | None = None, card_type: str | None = None) -> str:
    """The first printing of a card by name (optionally in a product / of a type)."""
    for card in CARDS.values():
        wanted = product in (None, card.product) and card_type in (None, card.card_type)
        if card.name == name and wanted:
            return card.code
    raise LookupError(name)


def pick(house, *, types=DRAW_TYPES, size=60, products=("core",), exclude=(), fmt="joust"):
    """Card code -> count: ``size`` cards a ``house`` deck may hold, each name within its limit.

    Only cards legal (not banned or restricted) in ``fmt``, from ``products`` (None: all).
    """
    entries: dict[str, int] = {}
    per_name: dict[str, int] = {}
    for card in CARDS.values():
        if sum(entries.values()) >= size:
            break
        if card.card_type not in types or house not in card.legal_houses:
            continue
        if products is not None and card.product not in products:
            continue
        if getattr(card, f"legality_{fmt}") != "legal" or card.name_key in exclude:
            continue
        room = min(card.deck_limit, size - sum(entries.values())) - per_name.get(card.name_key, 0)
        if room > 0:
            entries[card.code] = room
            per_name[card.name_key] = per_name.get(card.name_key, 0) + room
    assert sum(entries.values()) == size, f"not enough cards for {house}"
    return entries


def plots(house: str, n: int = 7, products=("core",)) -> dict[str, int]:
    """``n`` different plots a ``house`` deck may hold."""
    chosen: dict[str, int] = {}
    for card in CARDS.values():
        if len(chosen) == n:
            break
        fits = card.card_type == "plot" and house in card.legal_houses and card.deck_limit == 1
        fits = fits and (products is None or card.product in products)
        if fits and card.legality_joust == card.legality_melee == "legal":
            chosen[card.code] = 1
    assert len(chosen) == n
    return chosen


def core_deck(house: str = "Stark", size: int = 60, agendas=()) -> DeckSpec:
    """A legal Core Set deck: 7 different plots and ``size`` House deck cards."""
    return DeckSpec(house, tuple(agendas), {**plots(house), **pick(house, size=size)})


def codes(verdict: Verdict) -> list[str]:
    return [problem.code for problem in verdict.problems]


def deck_with(house: str, extra: dict[str, int], agendas=(), size: int = 60) -> DeckSpec:
    """A Core Set deck of ``house`` holding ``extra`` (House deck cards), ``size`` cards in all.

    The filler leaves out every name in ``extra`` so that its counts stay exactly as given.
    """
    names = {CARDS[code].name_key for code in extra}
    filler = pick(house, size=size - sum(extra.values()), exclude=names)
    return DeckSpec(house, tuple(agendas), {**plots(house), **filler, **extra})


def with_entries(deck: DeckSpec, **changes: int) -> DeckSpec:
    entries = dict(deck.entries)
    for code, count in changes.items():
        if count:
            entries[code] = count
        else:
            entries.pop(code, None)
    return DeckSpec(deck.house, deck.agendas, entries)


# --- legal decks -------------------------------------------------------------------------


@pytest.mark.parametrize("house", ["Stark", "Lannister", "Baratheon", "Targaryen"])
@pytest.mark.parametrize("fmt", ["joust", "melee", "casual", "core"])
def test_a_core_set_deck_is_legal_in_every_format(house, fmt):
    verdict = validate(core_deck(house), fmt, CARDS)
    assert verdict.problems == ()
    assert verdict.valid
    assert (verdict.plot_count, verdict.deck_count) == (7, 60)


def test_the_built_deck_respects_the_limits_it_claims_to():
    deck = core_deck("Stark")
    by_name: dict[str, int] = {}
    for code, count in deck.entries.items():
        by_name[CARDS[code].name_key] = by_name.get(CARDS[code].name_key, 0) + count
    assert max(by_name.values()) == 3
    assert all(CARDS[code].product == "core" for code in deck.entries)


def test_format_may_be_named_or_given_and_unknown_names_are_refused():
    deck = core_deck()
    assert validate(deck, FORMATS["joust"], CARDS) == validate(deck, "joust", CARDS)
    with pytest.raises(ValueError, match="Unknown format 'sealed'"):
        validate(deck, "sealed", CARDS)


# --- plot deck ---------------------------------------------------------------------------


def test_plot_deck_needs_exactly_seven():
    deck = core_deck()
    short = with_entries(deck, **{next(iter(plots("Stark"))): 0})
    verdict = validate(short, "joust", CARDS)
    assert codes(verdict) == ["plot_deck_size"]
    problem = verdict.problems[0]
    assert problem.message == "Your plot deck has 6 cards; it needs exactly 7."
    assert (problem.count, problem.expected) == (6, 7)
    eight = DeckSpec("Stark", (), {**plots("Stark", 8), **pick("Stark")})
    assert codes(validate(eight, "joust", CARDS)) == ["plot_deck_size"]


def test_plots_must_all_be_different():
    deck = core_deck()
    first, second = list(plots("Stark"))[:2]
    doubled = with_entries(deck, **{first: 2, second: 0})
    verdict = validate(doubled, "joust", CARDS)
    assert codes(verdict) == ["plot_duplicate"]
    assert verdict.problems[0].cards == (first,)
    assert (verdict.problems[0].count, verdict.problems[0].limit) == (2, 1)


def test_the_power_of_blood_may_appear_twice_but_not_three_times():
    blood = code_of("The Power of Blood")
    five = dict(list(plots("Stark").items())[:5])
    deck = DeckSpec("Stark", (), {**five, blood: 2, **pick("Stark")})
    assert validate(deck, "joust", CARDS).valid
    deck = DeckSpec("Stark", (), {**dict(list(five.items())[:4]), blood: 3, **pick("Stark")})
    verdict = validate(deck, "joust", CARDS)
    assert codes(verdict) == ["plot_duplicate"]
    assert verdict.problems[0].limit == 2


# --- House deck --------------------------------------------------------------------------


def test_house_deck_needs_at_least_sixty():
    verdict = validate(core_deck(size=59), "joust", CARDS)
    assert codes(verdict) == ["house_deck_too_small"]
    assert verdict.problems[0].message == "Your House deck has 59 cards; it needs at least 60."
    assert validate(core_deck(size=61), "joust", CARDS).valid


def test_three_copies_by_name_across_versions_and_products():
    core, winter = code_of("Eddard Stark", "core"), code_of("Eddard Stark", "lords-of-winter")
    assert CARDS[core].name_key == CARDS[winter].name_key and core != winter
    base = {**plots("Stark"), **pick("Stark", size=56, exclude={"eddard stark"})}
    verdict = validate(DeckSpec("Stark", (), {**base, core: 2, winter: 2}), "joust", CARDS)
    assert codes(verdict) == ["over_deck_limit"]
    problem = verdict.problems[0]
    assert set(problem.cards) == {core, winter}
    assert (problem.count, problem.limit) == (4, 3)
    assert problem.message == "Your deck has 4 copies of Eddard Stark; at most 3 are allowed."
    base = {**plots("Stark"), **pick("Stark", size=57, exclude={"eddard stark"})}
    assert validate(DeckSpec("Stark", (), {**base, core: 1, winter: 2}), "joust", CARDS).valid


def test_limit_one_per_deck_counts_reprints_together():
    core, reprint = (
        code_of("Street of Steel", "core"),
        code_of("Street of Steel", "lords-of-winter"),
    )
    base = {**plots("Stark"), **pick("Stark", size=59, exclude={"street of steel"}), core: 1}
    assert validate(DeckSpec("Stark", (), base), "joust", CARDS).valid
    verdict = validate(DeckSpec("Stark", (), {**base, reprint: 1}), "joust", CARDS)
    assert codes(verdict) == ["over_deck_limit"]
    assert verdict.problems[0].message.endswith("at most 1 is allowed.")


def test_plots_agendas_and_house_cards_cannot_be_deck_cards():
    deck = core_deck()
    rangers, house_card = code_of("The Rangers"), HOUSE_CARDS["Stark"]
    verdict = validate(with_entries(deck, **{rangers: 1, house_card: 1}), "casual", CARDS)
    assert codes(verdict) == ["wrong_zone", "wrong_zone"]
    assert "choose it as your agenda" in verdict.problems[0].message
    assert "choose it as your House" in verdict.problems[1].message
    not_agenda = DeckSpec("Stark", (code_of("Eddard Stark"),), deck.entries)
    verdict = validate(not_agenda, "casual", CARDS)
    assert codes(verdict) == ["wrong_zone"]
    assert verdict.problems[0].message == "Eddard Stark is not an agenda."


# --- House X only ------------------------------------------------------------------------


def test_house_only_cards_need_their_house():
    sansa = code_of("Sansa Stark", "core")
    verdict = validate(deck_with("Lannister", {sansa: 1}), "joust", CARDS)
    assert codes(verdict) == ["house_only"]
    assert verdict.problems[0].message == (
        "Sansa Stark is House Stark only; your deck is House Lannister."
    )
    assert validate(deck_with("Stark", {sansa: 1}), "joust", CARDS).valid


def test_a_house_character_only_attachment_is_legal_in_every_house():
    ice = CARDS[code_of("Ice")]
    assert "House Stark character only" in _text("Ice") and not ice.house_only
    assert validate(deck_with("Lannister", {ice.code: 1}), "joust", CARDS).valid


def test_a_two_house_card_names_both_houses():
    direct = code_of("Direct Assault")
    verdict = validate(deck_with("Lannister", {direct: 1}), "joust", CARDS)
    assert verdict.problems[0].message.startswith(
        "Direct Assault is House Stark or House Baratheon only"
    )
    assert validate(deck_with("Baratheon", {direct: 1}), "joust", CARDS).valid


def test_house_only_plots_too():
    roar = code_of("Hear Me Roar")
    deck = core_deck("Stark")
    deck = with_entries(deck, **{next(iter(deck.entries)): 0, roar: 1})
    assert codes(validate(deck, "joust", CARDS)) == ["house_only"]


def test_city_of_shadows_lifts_house_only_for_shadow_cards_alone():
    city = code_of("City of Shadows")
    shadow = CARDS[code_of("Sister of Truth")]
    assert "shadow" in shadow.crests and shadow.legal_houses == {"Baratheon"}
    sansa = code_of("Sansa Stark", "core")
    base = {**plots("Lannister"), **pick("Lannister", size=59)}
    plain = DeckSpec("Lannister", (), {**base, shadow.code: 1})
    assert codes(validate(plain, "joust", CARDS)) == ["house_only"]
    assert validate(DeckSpec("Lannister", (city,), plain.entries), "joust", CARDS).valid
    both = DeckSpec("Lannister", (city,), {**base, shadow.code: 1, sansa: 1})
    verdict = validate(both, "joust", CARDS)
    assert codes(verdict) == ["house_only"] and verdict.problems[0].cards == (sansa,)


# --- agendas -----------------------------------------------------------------------------


def test_one_agenda_only():
    realm, treaty = code_of("Knights of the Realm"), code_of("Treaty with the North")
    deck = core_deck()
    assert validate(DeckSpec("Stark", (realm,), deck.entries), "joust", CARDS).valid
    verdict = validate(DeckSpec("Stark", (realm, treaty), deck.entries), "joust", CARDS)
    assert codes(verdict) == ["too_many_agendas"]
    assert set(verdict.problems[0].cards) == {realm, treaty}


@pytest.mark.parametrize(
    "names",
    [
        ("The Rangers", "The Builders", "The Stewards"),
        ("The Free Folk", "The Last Giants", "Blood of the First Men"),
        ("The Rangers", "The Builders"),
    ],
)
def test_the_north_agendas_of_one_kind_run_together(names):
    deck = DeckSpec("Stark", tuple(code_of(n) for n in names), core_deck().entries)
    assert validate(deck, "joust", CARDS).problems == ()


@pytest.mark.parametrize(
    "names",
    [("The Rangers", "The Free Folk"), ("The Rangers", "Knights of the Realm")],
)
def test_the_north_agendas_do_not_mix_with_other_kinds(names):
    deck = DeckSpec("Stark", tuple(code_of(n) for n in names), core_deck().entries)
    assert codes(validate(deck, "joust", CARDS)) == ["too_many_agendas"]


def test_the_north_rule_matches_the_printed_texts():
    north = [c for c in _agendas() if "The North" in c["traits"]]
    assert len(north) == 6
    for a in north:
        for b in north:
            kin_a = CARDS[a["code"]].agenda_kin
            assert kin_a
            holds = kin_a in fold_name(b["rules_text"])
            assert holds == (kin_a == CARDS[b["code"]].agenda_kin)


def test_only_agendas_with_the_north_trait_run_together():
    rangers = CARDS[code_of("The Rangers")]
    lookalike = CardInfo("x_1", "Night Patrol", "agenda", "x", agenda_kin=rangers.agenda_kin)
    pool = {**CARDS, "x_1": lookalike}
    deck = DeckSpec("Stark", (rangers.code, "x_1"), core_deck().entries)
    assert [p.code for p in validate(deck, "casual", pool).problems] == ["too_many_agendas"]


def test_an_agenda_twice_is_a_problem():
    rangers = code_of("The Rangers")
    deck = DeckSpec("Stark", (rangers, rangers), core_deck().entries)
    verdict = validate(deck, "joust", CARDS)
    assert codes(verdict) == ["agenda_duplicate"]
    assert verdict.problems[0].count == 2


def test_house_only_agenda_in_another_house():
    siege = code_of("The Siege of Winterfell")
    assert validate(DeckSpec("Stark", (siege,), core_deck().entries), "joust", CARDS).valid
    verdict = validate(
        DeckSpec("Lannister", (siege,), core_deck("Lannister").entries), "joust", CARDS
    )
    assert codes(verdict) == ["house_only_agenda"]
    assert "House Stark" in verdict.problems[0].message


def test_defiance_needs_ten_plots():
    defiance = code_of("Defiance")
    seven = DeckSpec("Stark", (defiance,), core_deck().entries)
    verdict = validate(seven, "joust", CARDS)
    assert codes(verdict) == ["plot_deck_size"]
    assert verdict.problems[0].expected == 10
    assert verdict.problems[0].message.endswith("exactly 10 (Defiance).")
    ten = DeckSpec("Stark", (defiance,), {**plots("Stark", 10), **pick("Stark")})
    assert validate(ten, "joust", CARDS).valid


def neutral_deck(size: int, agendas=()) -> DeckSpec:
    return DeckSpec(
        "Neutral",
        agendas,
        {**plots("Neutral", products=None), **pick("Neutral", size=size, products=None)},
    )


def test_the_long_voyage_needs_neutral_faction_and_85_cards():
    voyage = code_of("The Long Voyage")
    verdict = validate(neutral_deck(84, (voyage,)), "joust", CARDS)
    assert codes(verdict) == ["house_deck_too_small"]
    assert verdict.problems[0].expected == 85
    assert verdict.problems[0].message.endswith("at least 85 (The Long Voyage).")
    assert validate(neutral_deck(85, (voyage,)), "joust", CARDS).valid
    stark = DeckSpec("Stark", (voyage,), core_deck(size=85).entries)
    verdict = validate(stark, "joust", CARDS)
    assert codes(verdict) == ["house_only_agenda"]
    assert "Neutral Faction" in verdict.problems[0].message


def test_dark_wings_needs_75_cards_and_one_copy_of_each_event():
    wings = code_of("Dark Wings, Dark Words")
    verdict = validate(core_deck(size=60, agendas=(wings,)), "joust", CARDS)
    assert codes(verdict) == ["house_deck_too_small"]
    assert verdict.problems[0].expected == 75
    no_events = pick("Stark", size=74, types=("character", "location", "attachment"), products=None)
    event = code_of("Winter is Coming")
    ok = DeckSpec("Stark", (wings,), {**plots("Stark"), **no_events, event: 1})
    assert validate(ok, "joust", CARDS).valid
    doubled = DeckSpec("Stark", (wings,), {**ok.entries, event: 2})
    verdict = validate(doubled, "joust", CARDS)
    assert codes(verdict) == ["over_deck_limit"]
    assert verdict.problems[0].limit == 1
    assert "with Dark Wings, Dark Words" in verdict.problems[0].message
    assert validate(DeckSpec("Stark", (), doubled.entries), "joust", CARDS).valid


def test_an_unautomated_agenda_is_a_warning_not_a_problem():
    path = code_of("The Maester's Path")
    verdict = validate(DeckSpec("Stark", (path,), core_deck().entries), "joust", CARDS)
    assert verdict.valid
    assert [w.code for w in verdict.warnings] == ["agenda_not_automated"]
    assert verdict.warnings[0].message.startswith("The Maester's Path: its deck-building")
    realm = code_of("Knights of the Realm")
    assert validate(DeckSpec("Stark", (realm,), core_deck().entries), "joust", CARDS).warnings == ()


def test_an_agenda_nobody_reviewed_is_warned_about():
    pool = {**CARDS, "new_1": CardInfo("new_1", "A New Agenda", "agenda", "new")}
    verdict = validate(DeckSpec("Stark", ("new_1",), core_deck().entries), "casual", pool)
    assert verdict.valid
    assert "not been reviewed" in verdict.warnings[0].message


def test_every_printed_agenda_has_a_decision():
    names = {fold_name(card["name"]) for card in _agendas()}
    assert len(names) == 33
    assert names == set(AGENDA_RULES)
    warned = {name for name, rule in AGENDA_RULES.items() if rule.kind == "warned"}
    assert warned == {"the maester's path", "house of dreams"}


# --- formats -----------------------------------------------------------------------------


def test_banned_cards_depend_on_the_format():
    banned = code_of("A United Cause")
    assert (CARDS[banned].legality_joust, CARDS[banned].legality_melee) == ("banned", "legal")
    deck = deck_with("Stark", {banned: 1})
    verdict = validate(deck, "joust", CARDS)
    assert codes(verdict) == ["banned"]
    assert verdict.problems[0].message == "A United Cause is banned in Joust."
    assert validate(deck, "melee", CARDS).valid
    assert validate(deck, "casual", CARDS).valid


def test_one_restricted_card_in_any_number_of_copies():
    bran = code_of("Bran Stark", "core")
    assert CARDS[bran].legality_joust == "restricted"
    deck = deck_with("Stark", {bran: 3})
    assert validate(deck, "joust", CARDS).valid


def test_two_different_restricted_cards_are_named_together():
    bran, meera = code_of("Bran Stark", "core"), code_of("Meera Reed", "the-tourney-for-the-hand")
    deck = deck_with("Stark", {bran: 1, meera: 1})
    verdict = validate(deck, "joust", CARDS)
    assert codes(verdict) == ["restricted_more_than_one"]
    assert set(verdict.problems[0].cards) == {bran, meera}
    assert "Bran Stark, Meera Reed" in verdict.problems[0].message
    assert validate(deck, "melee", CARDS).valid  # neither is restricted in melee
    assert validate(deck, "casual", CARDS).valid


def test_a_restricted_agenda_counts_as_the_restricted_card():
    path, bran = code_of("The Maester's Path"), code_of("Bran Stark", "core")
    deck = deck_with("Stark", {bran: 1}, agendas=(path,))
    assert codes(validate(deck, "joust", CARDS)) == ["restricted_more_than_one"]


def test_the_core_format_allows_only_core_set_cards():
    robb = code_of("Robb Stark", "lords-of-winter")
    deck = deck_with("Stark", {robb: 1})
    verdict = validate(deck, "core", CARDS)
    assert codes(verdict) == ["not_in_card_pool"]
    assert verdict.problems[0].cards == (robb,)
    assert validate(deck, "joust", CARDS).valid
    verdict = validate(neutral_deck(60), "core", CARDS)
    assert HOUSE_CARDS["Neutral"] in {c for p in verdict.problems for c in p.cards}


def test_a_custom_format_with_its_own_pool():
    custom = Format("winter", "Winter league", "joust", frozenset({"core", "lords-of-winter"}))
    robb = code_of("Robb Stark", "lords-of-winter")
    assert validate(deck_with("Stark", {robb: 1}), custom, CARDS).valid


# --- bad input ---------------------------------------------------------------------------


def test_unknown_codes_are_problems_not_exceptions():
    deck = DeckSpec("Stark", ("nope_2",), {**core_deck().entries, "nope_1": 2})
    verdict = validate(deck, "joust", CARDS)
    assert codes(verdict) == ["unknown_card", "unknown_card"]
    assert {p.cards for p in verdict.problems} == {("nope_1",), ("nope_2",)}


def test_house_missing_or_unknown():
    entries = core_deck().entries
    assert codes(validate(DeckSpec("", (), entries), "joust", CARDS)) == ["no_house"]
    verdict = validate(DeckSpec("Tyrell", (), entries), "joust", CARDS)
    assert codes(verdict) == ["unknown_house"]
    assert "'Tyrell' is not a House" in verdict.problems[0].message


@pytest.mark.parametrize("count", [0, -1, "3", 2.5, True])
def test_bad_counts(count):
    deck = DeckSpec("Stark", (), {**core_deck().entries, code_of("Ice"): count})
    verdict = validate(deck, "joust", CARDS)
    assert "bad_count" in codes(verdict)


def test_every_problem_is_reported_at_once():
    sansa, united = code_of("Sansa Stark", "core"), code_of("A United Cause")
    realm, treaty = code_of("Knights of the Realm"), code_of("Treaty with the North")
    entries = {**dict(list(plots("Lannister").items())[:5]), sansa: 4, united: 1, "nope": 1}
    verdict = validate(DeckSpec("Lannister", (realm, treaty), entries), "joust", CARDS)
    assert codes(verdict) == [
        "too_many_agendas",
        "unknown_card",
        "banned",
        "house_only",
        "house_only",
        "plot_deck_size",
        "house_deck_too_small",
        "over_deck_limit",
    ]
    assert [p.cards for p in verdict.problems if p.code == "house_only"] == [(sansa,), (united,)]


# --- data shapes -------------------------------------------------------------------------


def test_verdict_to_dict_is_json_ready():
    verdict = validate(core_deck(size=59), "joust", CARDS)
    data = json.loads(json.dumps(verdict.to_dict()))
    assert data["valid"] is False
    assert data["warnings"] == []
    assert data["problems"][0] == {
        "code": "house_deck_too_small",
        "message": "Your House deck has 59 cards; it needs at least 60.",
        "cards": [],
        "count": 59,
        "expected": 60,
        "limit": None,
    }


def test_card_info_from_a_model_like_dict():
    card = next(c for c in FIXTURES[0]["cards"] if c["code"] == "core_9")
    info = CardInfo.from_dict({**card, "product": {"code": "core", "name": "Core"}})
    assert info == CARDS["core_9"]
    assert CardInfo.from_dict({**card, "product_code": "core"}) == info
    assert info.house_only and info.legal_houses == {"Stark"} and info.name_key == "sansa stark"


def test_deck_spec_normalizes_the_house():
    assert [normalize_house(v) for v in ("core_209", "House Stark", "neutral faction")] == [
        "Stark",
        "Stark",
        "Neutral",
    ]
    assert DeckSpec("bwb_18").house == "Neutral"
    assert DeckSpec(" House Martell ").house == "Martell"


def test_validating_a_60_card_deck_takes_well_under_a_millisecond():
    deck = core_deck()
    per_deck = timeit.timeit(lambda: validate(deck, "joust", CARDS), number=200) / 200
    assert per_deck < 0.001


def test_doctests():
    for module in (decks.validation, decks.validation.spec):
        failed, attempted = doctest.testmod(module)
        assert failed == 0 and attempted > 0


def _agendas() -> list[dict]:
    return [c for f in FIXTURES for c in f["cards"] if c["card_type"] == "agenda"]


def _text(name: str) -> str:
    return next(c["rules_text"] for f in FIXTURES for c in f["cards"] if c["name"] == name)
