"""The deck construction rules: :func:`validate`."""

from __future__ import annotations

from collections.abc import Mapping

from decks.validation.agendas import Add, agenda_value, check_agendas, rule_of
from decks.validation.spec import (
    ALL_HOUSES,
    DECK_TYPES,
    FORMATS,
    HOUSE_CARDS,
    HOUSE_DECK_MIN,
    HOUSES,
    PLOT_DECK_SIZE,
    CardInfo,
    DeckSpec,
    Format,
    Problem,
    Verdict,
    house_label,
    houses_text,
    names,
    plural,
)


def validate(deck: DeckSpec, fmt: Format | str, cards: Mapping[str, CardInfo]) -> Verdict:
    """Check ``deck`` against the construction rules of ``fmt`` and report every problem.

    ``fmt`` is a :class:`Format` or a key of :data:`FORMATS`; ``cards`` maps codes to
    :class:`CardInfo` (the whole pool, or at least the deck's cards). Unknown codes are
    problems, never exceptions.
    """
    if isinstance(fmt, str):
        if fmt not in FORMATS:
            raise ValueError(f"Unknown format {fmt!r}; known: {', '.join(FORMATS)}.")
        fmt = FORMATS[fmt]
    problems: list[Problem] = []
    warnings: list[Problem] = []
    add = problems.append

    house = deck.house if deck.house in ALL_HOUSES else None
    if not deck.house:
        add(Problem("no_house", "Choose a House for your deck."))
    elif house is None:
        add(
            Problem(
                "unknown_house",
                f"{deck.house!r} is not a House; choose one of "
                f"{', '.join(house_label(h) for h in HOUSES)}.",
            )
        )
    house_card = cards.get(HOUSE_CARDS[house]) if house else None

    agendas = check_agendas(deck, house, cards, add, warnings.append)
    plot_size, plot_why = agenda_value(agendas, "plot_deck", PLOT_DECK_SIZE)
    min_deck, deck_why = agenda_value(agendas, "min_deck", HOUSE_DECK_MIN)
    event_copies, event_why = agenda_value(agendas, "event_copies", None)
    shadow_ok = any(rule_of(a).shadow_ignores_house_only for a in agendas)

    plots: list[tuple[CardInfo, int]] = []
    drawn: list[tuple[CardInfo, int]] = []
    for code, count in deck.entries.items():
        card = cards.get(code)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            label = card.name if card else repr(code)
            add(
                Problem(
                    "bad_count",
                    f"{label} has a count of {count!r}; a count must be a whole number of at "
                    "least 1.",
                    (code,),
                )
            )
            continue
        if card is None:
            add(Problem("unknown_card", f"No card has the code {code!r}.", (code,), count))
        elif card.card_type == "plot":
            plots.append((card, count))
        elif card.card_type in DECK_TYPES:
            drawn.append((card, count))
        else:
            add(_wrong_zone(card, count))

    in_deck = [c for c, _ in plots] + [c for c, _ in drawn]
    used = ([house_card] if house_card else []) + agendas + in_deck
    _check_format(fmt, used, add)
    if house:
        for card in in_deck:
            if house in card.legal_houses:
                continue
            if shadow_ok and "shadow" in card.crests:
                continue
            add(
                Problem(
                    "house_only",
                    f"{card.name} is {houses_text(card.legal_houses)} only; your deck is "
                    f"{house_label(house)}.",
                    (card.code,),
                )
            )

    plot_count = sum(n for _, n in plots)
    deck_count = sum(n for _, n in drawn)
    if plot_count != plot_size:
        reason = f" ({plot_why})" if plot_why else ""
        add(
            Problem(
                "plot_deck_size",
                f"Your plot deck has {plural(plot_count, 'card')}; it needs exactly "
                f"{plot_size}{reason}.",
                count=plot_count,
                expected=plot_size,
            )
        )
    if deck_count < min_deck:
        reason = f" ({deck_why})" if deck_why else ""
        add(
            Problem(
                "house_deck_too_small",
                f"Your House deck has {plural(deck_count, 'card')}; it needs at least "
                f"{min_deck}{reason}.",
                count=deck_count,
                expected=min_deck,
            )
        )
    for group, count in _by_name(plots):
        limit = min(c.deck_limit for c in group)
        if count > limit:
            allowed = "plots must all be different" if limit == 1 else f"at most {limit} allowed"
            add(
                Problem(
                    "plot_duplicate",
                    f"Your plot deck has {count} copies of {group[0].name}; {allowed}.",
                    tuple(c.code for c in group),
                    count,
                    limit=limit,
                )
            )
    for group, count in _by_name(drawn):
        limit = min(c.deck_limit for c in group)
        reason = ""
        if event_copies is not None and group[0].card_type == "event" and event_copies < limit:
            limit = event_copies
            reason = f" with {event_why}"
        if count > limit:
            add(
                Problem(
                    "over_deck_limit",
                    f"Your deck has {count} copies of {group[0].name}; at most {limit} "
                    f"{'is' if limit == 1 else 'are'} allowed{reason}.",
                    tuple(c.code for c in group),
                    count,
                    limit=limit,
                )
            )
    return Verdict(tuple(problems), tuple(warnings), plot_count, deck_count)


def _by_name(entries: list[tuple[CardInfo, int]]) -> list[tuple[list[CardInfo], int]]:
    """Group entries by folded name (versions and reprints are one card for deck limits)."""
    groups: dict[str, tuple[list[CardInfo], list[int]]] = {}
    for card, count in entries:
        group = groups.setdefault(card.name_key, ([], [0]))
        group[0].append(card)
        group[1][0] += count
    return [(cards, total[0]) for cards, total in groups.values()]


def _wrong_zone(card: CardInfo, count: int) -> Problem:
    if card.card_type == "agenda":
        where = "it is an agenda: choose it as your agenda instead"
    elif card.card_type == "house":
        where = "it is a House card: choose it as your House instead"
    else:
        where = f"a {card.card_type} card belongs in neither the plot deck nor the House deck"
    return Problem(
        "wrong_zone", f"{card.name} cannot be in your deck; {where}.", (card.code,), count
    )


def _check_format(fmt: Format, used: list[CardInfo], add: Add) -> None:
    if fmt.products is not None:
        for card in used:
            if card.product not in fmt.products:
                add(
                    Problem(
                        "not_in_card_pool",
                        f"{card.name} is not in the card pool of {fmt.label}.",
                        (card.code,),
                    )
                )
    if fmt.legality is None:
        return
    field_name = f"legality_{fmt.legality}"
    restricted: dict[str, list[CardInfo]] = {}
    for card in used:
        status = getattr(card, field_name)
        if status == "banned":
            add(Problem("banned", f"{card.name} is banned in {fmt.label}.", (card.code,)))
        elif status == "restricted":
            restricted.setdefault(card.name_key, []).append(card)
    if len(restricted) > 1:
        found = [c for group in restricted.values() for c in group]
        add(
            Problem(
                "restricted_more_than_one",
                f"Your deck holds {len(restricted)} different restricted cards ({names(found)}); "
                f"{fmt.label} allows only one.",
                tuple(c.code for c in found),
                len(restricted),
                limit=1,
            )
        )
