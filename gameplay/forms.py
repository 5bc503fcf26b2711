"""Forms of the match pages: a new match (variant, settings, who sits where with which
deck) and the deck a player joins with. Deck choices are "core:<name>" for the decks the
site holds (the Core Set decks and the House expansions' starter decks, fixtures/decks) and
"deck:<id>" for the player's own saved decks."""

from __future__ import annotations

from typing import Any

from django import forms

from config.numbers import WholeNumberField
from gameplay import passing
from gameplay.engine.simulate import (
    CHAPTER_PACK_DECKS,
    CORE_DECKS,
    CYCLE_DECKS,
    CYCLES,
    EXPANSION_DECKS,
    STARTER_DECKS,
)
from gameplay.models import Match

MAX_SEATS = 4
WHO = [
    ("me", "Me"),
    ("open", "Open seat"),
    ("invite", "Invite a player"),
    ("search", "Search bot (strongest)"),
    ("greedy", "Greedy bot"),
    ("random", "Random bot"),
    ("none", "(no seat)"),
]
# One sentence on each bot's strength, for the new-match page.
BOT_LEVELS = [
    (
        "Search bot",
        "Plays out each real choice against guesses of your hidden cards before it decides "
        "(up to a second a move): it wins nearly 9 games in 10 against the greedy bot and "
        "is the one to practise against.",
    ),
    (
        "Greedy bot",
        "Follows simple rules of thumb (the most expensive card, challenges it can win): "
        "quick, and beaten by a player who knows the game.",
    ),
    (
        "Random bot",
        "Clicks any legal option at random: for learning the rules and trying out a deck.",
    ),
]
SEATS_FOR = {"joust": (2, 2), "melee": (3, 4), "teams": (4, 4)}


def deck_choices(user: Any) -> tuple[list[tuple[str, Any]], str]:
    """The decks a match offers ``user``: the Core Set decks and their own saved decks legal
    for casual play; and, in words, which saved decks are not offered and why ("" if none)."""
    from gameplay.services.play import playable_decks

    core = [(f"core:{name}", STARTER_DECKS[name]) for name in CORE_DECKS]
    starters = [(f"core:{name}", label) for name, label in EXPANSION_DECKS.items()]
    packs = [(f"core:{name}", label) for name, label in CHAPTER_PACK_DECKS.items()]
    choices: list[tuple[str, Any]] = [
        ("", "—"),
        ("Core Set decks", core),
        ("House expansion starter decks", starters),
        ("Chapter pack starter decks", packs),
    ]
    for cycle, decks in CYCLE_DECKS.items():
        choices.append(
            (f"{CYCLES[cycle]} starter decks", [(f"core:{n}", t) for n, t in decks.items()])
        )
    missing = ""
    if getattr(user, "is_authenticated", False):
        legal, illegal = playable_decks(user.decks.order_by("name"))
        own = [(f"deck:{d.pk}", f"{d.name} ({d.house})") for d in legal]
        if own:
            choices.append(("My decks", own))
        if illegal:
            missing = "Not offered, as not legal for casual play: " + "; ".join(
                f"{deck.name} ({why})" for deck, why in illegal
            )
    return choices, missing


class NewMatchForm(forms.Form):
    bot_levels = BOT_LEVELS
    variant = forms.ChoiceField(choices=Match.Variant.choices, initial="joust")
    littlefinger = forms.BooleanField(
        required=False, label="Littlefinger variant (melee: gold may be given)"
    )
    is_public = forms.BooleanField(
        required=False, initial=True, label="Public (listed in the lobby, anyone may watch)"
    )
    clock_minutes = WholeNumberField(
        min_value=0, max_value=240, initial=0, label="Chess clock, minutes each (0: none)"
    )
    table_actions = forms.BooleanField(
        required=False,
        initial=True,
        label="Table actions (kneel, move, take power … by hand for text the engine does not play)",
    )
    mulligan = forms.BooleanField(
        required=False,
        label="Mulligan (tournament rule: each player may once redraw the setup hand)",
    )
    round_limit = WholeNumberField(min_value=1, max_value=30, initial=10, label="Round limit")

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        decks, self.decks_missing = deck_choices(user)
        defaults = ["me", "greedy", "none", "none"]
        for number in range(MAX_SEATS):
            label = f"Seat {number + 1}"
            self.fields[f"seat{number}_who"] = forms.ChoiceField(
                choices=WHO, initial=defaults[number], label=label
            )
            self.fields[f"seat{number}_user"] = forms.CharField(
                required=False, max_length=150, label=f"{label}: player to invite"
            )
            self.fields[f"seat{number}_deck"] = forms.ChoiceField(
                choices=decks, required=False, label=f"{label}: deck"
            )

    def seat_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "number": n + 1,
                "who": self[f"seat{n}_who"],
                "user": self[f"seat{n}_user"],
                "deck": self[f"seat{n}_deck"],
            }
            for n in range(MAX_SEATS)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        variant = data.get("variant")
        seats = [n for n in range(MAX_SEATS) if data.get(f"seat{n}_who", "none") != "none"]
        if seats != list(range(len(seats))):
            raise forms.ValidationError(
                "Fill the seats in order: no empty seat before a taken one."
            )
        if variant in SEATS_FOR:
            low, high = SEATS_FOR[variant]
            if not low <= len(seats) <= high:
                wanted = str(low) if low == high else f"{low} or {high}"
                raise forms.ValidationError(
                    f"A {Match.Variant(variant).label.lower()} needs {wanted} seats, "
                    f"not {len(seats)}."
                )
        if [data.get(f"seat{n}_who") for n in seats].count("me") > 1:
            raise forms.ValidationError("You can take only one seat.")
        for n in seats:
            who = data.get(f"seat{n}_who")
            if who in ("me", "search", "greedy", "random") and not data.get(f"seat{n}_deck"):
                self.add_error(f"seat{n}_deck", "Choose the deck played at this seat.")
            if who == "invite" and not data.get(f"seat{n}_user", "").strip():
                self.add_error(f"seat{n}_user", "Name the player you invite.")
        if data.get("littlefinger") and variant != "melee":
            self.add_error("littlefinger", "The Littlefinger variant is played in melee.")
        data["seats"] = seats
        return data


class JoinForm(forms.Form):
    deck = forms.ChoiceField(choices=(), label="Your deck")

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices, self.decks_missing = deck_choices(user)


class ChatForm(forms.Form):
    text = forms.CharField(
        max_length=500,
        strip=True,
        label="Message",
        error_messages={
            "required": "Type a message first.",
            "max_length": "A message holds at most %(limit_value)d characters "
            "(%(show_value)d typed).",
            "null_characters_not_allowed": "A message cannot hold a NUL character; "
            "type it again without it.",
        },
    )

    def problem(self) -> str:
        """What is wrong with the message, in words (the form is invalid)."""
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


class PassingForm(forms.Form):
    """A person's passing preferences (gameplay/passing.py): in which windows the server
    passes for them, and where it always stops them."""

    windows = forms.ChoiceField(
        choices=passing.WINDOWS,
        widget=forms.RadioSelect,
        label="In action and response windows",
        error_messages={
            "required": "Choose when to pass for you.",
            "invalid_choice": "Choose when to pass for you.",
        },
    )
    stops = forms.MultipleChoiceField(
        choices=passing.STOPS,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Always stop me",
    )

    # Cards asked about only at the stops (passing.passes_now's ``quiet``): the form offers
    # some cards (``quiet_choices``: code, name), and ``shown`` says which it offered, so
    # that saving changes those and keeps the choice made for any other card.
    quiet = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Ask me about these cards only at my stops",
    )
    shown = forms.MultipleChoiceField(choices=(), widget=forms.MultipleHiddenInput, required=False)

    def __init__(self, *args: Any, quiet_choices: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = list(quiet_choices)
        self.fields["quiet"].choices = choices
        self.fields["shown"].choices = choices

    @classmethod
    def of(cls, prefs: Any, quiet_choices: Any = (), **kwargs: Any) -> PassingForm:
        """The form showing the stored (or default) preferences ``prefs``; ``quiet_choices``
        are the cards it offers to ask about only at the stops."""
        choices = list(quiet_choices)
        offered = [code for code, _name in choices]
        initial = {
            "windows": prefs.windows,
            "stops": list(prefs.stops or ()),
            "quiet": [code for code in prefs.quiet_cards or () if code in offered],
            "shown": offered,
        }
        return cls(initial=initial, quiet_choices=choices, **kwargs)

    def problem(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)
