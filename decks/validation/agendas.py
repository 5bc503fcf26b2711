"""Agendas and deck building: the decision taken for every printed agenda, and its checks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from decks.validation.spec import CardInfo, DeckSpec, Problem, house_label, houses_text, names

Add = Callable[[Problem], None]


@dataclass(frozen=True)
class AgendaRule:
    """What an agenda does to deck building, and whether :func:`validate` checks it.

    ``kind``: "automated" (checked), "warned" (deck-dependent setup rule a player checks by
    hand; ``unchecked`` says what) or "in_game" (no deck-building condition at all).
    """

    kind: Literal["automated", "warned", "in_game"]
    plot_deck: int | None = None
    min_deck: int | None = None
    event_copies: int | None = None
    shadow_ignores_house_only: bool = False
    unchecked: str = ""


_AUTO = AgendaRule("automated")
_IN_GAME = AgendaRule("in_game")
# Every printed agenda, by folded name. House-only agendas and The Long Voyage's "Neutral
# Faction House card only" come from the card data (legal_houses); The North agendas from
# their text (agenda_kin).
AGENDA_RULES: dict[str, AgendaRule] = {
    "defiance": AgendaRule("automated", plot_deck=10),
    "the long voyage": AgendaRule("automated", min_deck=85),
    "dark wings, dark words": AgendaRule("automated", min_deck=75, event_copies=1),
    "city of shadows": AgendaRule("automated", shadow_ignores_house_only=True),
    **dict.fromkeys(
        [
            "the rangers",
            "the free folk",
            "the builders",
            "the last giants",
            "the stewards",
            "blood of the first men",
            "the siege of winterfell",
            "heir to the iron throne",
            "the power behind the throne",
            "a noble cause",
            "the old way",
            "bloodthirst",
        ],
        _AUTO,
    ),
    "the maester's path": AgendaRule(
        "warned",
        unchecked="during setup it takes up to 12 Chain attachments with different titles "
        "from your deck",
    ),
    "house of dreams": AgendaRule(
        "warned",
        unchecked="during setup you choose a unique, in-House, non-limited location from your deck",
    ),
    **dict.fromkeys(
        [
            "treaty with the north",
            "treaty with the isles",
            "treaty with the south",
            "alliance",
            "conquest",
            "knights of the realm",
            "kings of summer",
            "kings of winter",
            "the white book",
            "the brotherhood without banners",
            "knights of the hollow hill",
            "black sails",
            "a song of fire",
            "a song of ice",
            "aloof and apart",
        ],
        _IN_GAME,
    ),
}


def rule_of(agenda: CardInfo) -> AgendaRule:
    return AGENDA_RULES.get(agenda.name_key, _IN_GAME)


def agenda_value(agendas: list[CardInfo], attribute: str, default: Any) -> tuple[Any, str]:
    """The value an agenda sets for a rule (``default`` if none does) and that agenda's name."""
    for agenda in agendas:
        value = getattr(rule_of(agenda), attribute)
        if value is not None:
            return value, agenda.name
    return default, ""


def check_agendas(
    deck: DeckSpec, house: str | None, cards: Mapping[str, CardInfo], add: Add, warn: Add
) -> list[CardInfo]:
    """Agenda problems and warnings; returns the known, distinct agenda cards."""
    agendas: list[CardInfo] = []
    seen: dict[str, int] = {}
    for code in deck.agendas:
        card = cards.get(code)
        if card is None:
            add(Problem("unknown_card", f"No card has the code {code!r}.", (code,)))
        elif card.card_type != "agenda":
            add(Problem("wrong_zone", f"{card.name} is not an agenda.", (code,)))
        elif code in seen:
            seen[code] += 1
        else:
            seen[code] = 1
            agendas.append(card)
    for card in agendas:
        if seen[card.code] > 1:
            add(
                Problem(
                    "agenda_duplicate",
                    f"{card.name} is chosen {seen[card.code]} times; an agenda can be used once.",
                    (card.code,),
                    seen[card.code],
                    limit=1,
                )
            )
        if house and house not in card.legal_houses:
            add(
                Problem(
                    "house_only_agenda",
                    f"{card.name} can only be used with {houses_text(card.legal_houses)}; "
                    f"your deck is {house_label(house)}.",
                    (card.code,),
                )
            )
        rule = AGENDA_RULES.get(card.name_key)
        if rule is None or rule.kind == "warned":
            what = rule.unchecked if rule else "it has not been reviewed for deck-building rules"
            warn(
                Problem(
                    "agenda_not_automated",
                    f"{card.name}: its deck-building conditions are not checked automatically "
                    f"({what}); check your deck by hand.",
                    (card.code,),
                )
            )
    if len(agendas) > 1 and not _north_together(agendas):
        add(
            Problem(
                "too_many_agendas",
                f"You have {len(agendas)} agendas ({names(agendas)}); a deck uses one agenda, "
                "except The North agendas whose text allows each other.",
                tuple(a.code for a in agendas),
                len(agendas),
                limit=1,
            )
        )
    return agendas


def _north_together(agendas: list[CardInfo]) -> bool:
    """True when every agenda is a The North agenda allowing the others (same kin word).

    Each such agenda allows "any number of The North agendas that have the words X in their
    text"; among the printed cards an agenda holds X exactly when its own kin word is X.
    """
    kins = {a.agenda_kin for a in agendas}
    return len(kins) == 1 and "" not in kins and all("The North" in a.traits for a in agendas)
