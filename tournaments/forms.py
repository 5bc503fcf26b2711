"""Forms that parse organizer input; the services do the writes and the rule checks."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.db.models import IntegerField

from config.numbers import WholeNumberField
from decks.models import Deck
from tournaments.models import Event
from tournaments.selectors import saved_decks_of
from tournaments.services import DECK_NOT_YOURS, PARTNER_NAMED_AND_PASTED

SETTINGS = [
    "name", "date", "location", "format", "deck_format", "rounds", "cut_size", "round_minutes",
    "points_win", "points_modified_win", "points_draw", "points_modified_loss", "points_loss",
    "head_to_head", "late_entry_losses", "player_reports", "publish_decklists", "play_online",
]  # fmt: skip
NUMBER_SETTINGS = [n for n in SETTINGS if isinstance(Event._meta.get_field(n), IntegerField)]


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = SETTINGS
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        # The numbers read by the one reader of a request's numbers (ASCII digits only).
        field_classes = dict.fromkeys(NUMBER_SETTINGS, WholeNumberField)
        help_texts = {
            "rounds": "Leave empty for the recommended number for the players registered.",
            "cut_size": "0 for no cut; empty for the recommended cut.",
            "round_minutes": "Length of a round, for the clock on the pairings page.",
        }

    def settings(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items() if k in SETTINGS}


def _account(username: str, what: str) -> User | None:
    username = (username or "").strip()
    if not username:
        return None
    found = User.objects.filter(username=username).first()
    if found is None:
        raise forms.ValidationError(f"No account is named {username!r} ({what}).")
    return found


DECKLIST_ATTRS = {"rows": 8, "spellcheck": "false", "autocapitalize": "off", "autocorrect": "off"}
# Every paste box takes a link too (tournaments.decklinks).
DECKLIST_HELP = (
    "Paste the decklist (text or JSON) or the link of a published decklist or a deck's share link."
)
CONSENT_LABEL = "If I finish in the top decks, the organizer may publish my decklist."


class RegisterForm(forms.Form):
    """An organizer registers a player: an account or a walk-in name, and a pasted deck.

    There is no saved-deck field: a saved deck is registered by its owner only (invite the
    account for that).
    """

    username = forms.CharField(
        required=False,
        max_length=150,
        label="Account (username)",
        help_text="Optional: links the entry to the player's account. Their saved decks stay "
        "private: paste their list here, or invite the account below.",
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    name = forms.CharField(required=False, max_length=128, label="Or a walk-in name")
    decklist = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs=DECKLIST_ATTRS),
        help_text=DECKLIST_HELP,
    )
    partner_username = forms.CharField(
        required=False,
        max_length=150,
        label="Partner's account (two-on-two)",
        help_text="With the partner's list pasted below, the account is linked to the team at "
        "once; without it, the account is asked and chooses its own deck when it accepts.",
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    partner_decklist = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs=DECKLIST_ATTRS),
        label="Partner's decklist (two-on-two)",
        help_text=DECKLIST_HELP,
    )

    def clean_username(self) -> User | None:
        return _account(self.cleaned_data["username"], "player")

    def clean_partner_username(self) -> User | None:
        return _account(self.cleaned_data["partner_username"], "partner")


class InviteForm(forms.Form):
    """An organizer invites an account, which answers with one of its own decks."""

    prefix = "invite"

    username = forms.CharField(
        max_length=150,
        label="Account (username)",
        error_messages={"required": "Give the username of the account to invite."},
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )


class DeckForm(forms.Form):
    """A player's own deck for an event: one of their saved decks or a pasted list.

    The deck choice only ever holds the player's own decks; any other id, whether it exists or
    not, gets the same message. A two-on-two partner accepts a team's request with this form.
    """

    deck = forms.ModelChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        label="One of your decks",
        empty_label="– choose a deck –",
        error_messages={"invalid_choice": DECK_NOT_YOURS},
    )
    decklist = forms.CharField(
        required=False,
        label="Or paste a decklist",
        widget=forms.Textarea(attrs=DECKLIST_ATTRS),
        help_text=DECKLIST_HELP,
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].queryset = saved_decks_of(user)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "deck" in self.errors:
            return data
        deck, pasted = data.get("deck"), (data.get("decklist") or "").strip()
        if deck is None and not pasted:
            raise forms.ValidationError("Choose one of your decks or paste a decklist.")
        if deck is not None and pasted:
            raise forms.ValidationError(
                "Choose one of your decks or paste a decklist, not both: clear one of them."
            )
        return data

    def chosen_deck(self) -> Any:
        return self.cleaned_data["deck"] or self.cleaned_data["decklist"]


class JoinForm(DeckForm):
    """A player registers themselves, or accepts an invitation, with a deck of their own;
    in two-on-two also the partner: their account (asked; they choose their own deck when
    they accept) or, for a partner without an account, their pasted list.
    """

    partner_username = forms.CharField(
        required=False,
        max_length=150,
        label="Your partner's account",
        help_text="They are asked to join your team and choose their own deck when they accept.",
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    partner_decklist = forms.CharField(
        required=False,
        label="Or, for a partner without an account, their decklist",
        widget=forms.Textarea(attrs=DECKLIST_ATTRS),
        help_text="Only for a partner without an account on this site: their decklist (text "
        "or JSON) or the link of a published decklist or a deck's share link.",
    )
    publish_consent = forms.BooleanField(
        required=False,
        label=CONSENT_LABEL,
        help_text="Your list then appears among the event's top decks, under your name. You "
        "can change your mind from your entry on this page until it is published.",
    )

    def __init__(self, *args: Any, user: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        self.teams = event.format == Event.Format.TEAMS
        if not self.teams:
            del self.fields["partner_username"]
            del self.fields["partner_decklist"]

    def clean_partner_username(self) -> User | None:
        return _account(self.cleaned_data["partner_username"], "partner")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.teams or "partner_username" in self.errors:
            return data
        named = data.get("partner_username") is not None
        pasted = bool((data.get("partner_decklist") or "").strip())
        if not named and not pasted:
            raise forms.ValidationError(
                "A two-on-two team registers two decks: name your partner's account (they "
                "choose their own deck when they accept), or paste the decklist of a partner "
                "without an account."
            )
        if named and pasted:
            raise forms.ValidationError(PARTNER_NAMED_AND_PASTED)
        return data

    def registration(self) -> dict[str, Any]:
        """The keyword arguments of the registration services."""
        data = self.cleaned_data
        return {
            "deck": self.chosen_deck(),
            "partner": data.get("partner_username"),
            "partner_deck": data.get("partner_decklist") or None,
            "publish_consent": bool(data.get("publish_consent")),
        }


class PartnerAskForm(forms.Form):
    """A team still without a partner asks another account."""

    username = forms.CharField(
        max_length=150,
        label="Your partner's account (username)",
        error_messages={"required": "Give the username of your partner's account."},
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )


class CoOrganizerForm(forms.Form):
    """Give another account the right to run the event."""

    prefix = "co"

    username = forms.CharField(
        max_length=150,
        label="Account (username)",
        error_messages={"required": "Give the username of the account to add."},
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )


class DeleteForm(forms.Form):
    """The organizer confirms a deletion by typing the event's name."""

    name = forms.CharField(
        max_length=200,
        label="The event's name",
        error_messages={"required": "Type the event's name to delete it."},
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
