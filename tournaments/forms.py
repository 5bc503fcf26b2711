"""Forms that parse organizer input; the services do the writes and the rule checks."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User

from decks.models import Deck
from tournaments.models import Event
from tournaments.selectors import saved_decks_of
from tournaments.services import DECK_NOT_YOURS

SETTINGS = [
    "name", "date", "location", "format", "deck_format", "rounds", "cut_size", "round_minutes",
    "points_win", "points_modified_win", "points_draw", "points_modified_loss", "points_loss",
    "head_to_head", "late_entry_losses", "player_reports", "publish_decklists", "play_online",
]  # fmt: skip


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = SETTINGS
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
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
        help_text="Paste the decklist (text as exported by a deck builder, or JSON).",
    )
    partner_username = forms.CharField(required=False, max_length=150, label="Partner (two-on-two)")
    partner_decklist = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs=DECKLIST_ATTRS),
        label="Partner's decklist (two-on-two)",
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


class JoinForm(forms.Form):
    """A player registers themselves, or accepts an invitation: one of their own saved decks
    or a pasted list (and, in two-on-two, the partner and the partner's pasted list).

    The deck choice only ever holds the player's own decks; any other id, whether it exists or
    not, gets the same message.
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
        help_text="Text as exported by a deck builder, or JSON.",
    )
    partner_username = forms.CharField(
        required=False,
        max_length=150,
        label="Your partner's account (optional)",
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    partner_decklist = forms.CharField(
        required=False,
        label="Your partner's decklist",
        widget=forms.Textarea(attrs=DECKLIST_ATTRS),
        help_text="Paste it: a partner's saved decks stay private to them.",
    )

    def __init__(self, *args: Any, user: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].queryset = saved_decks_of(user)
        if event.format != Event.Format.TEAMS:
            del self.fields["partner_username"]
            del self.fields["partner_decklist"]
        else:
            self.fields["partner_decklist"].required = True
            self.fields["partner_decklist"].error_messages["required"] = (
                "A two-on-two team registers two decks: paste your partner's decklist."
            )

    def clean_partner_username(self) -> User | None:
        return _account(self.cleaned_data["partner_username"], "partner")

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

    def registration(self) -> dict[str, Any]:
        """The keyword arguments of the registration services."""
        data = self.cleaned_data
        return {
            "deck": data["deck"] or data["decklist"],
            "partner": data.get("partner_username"),
            "partner_deck": data.get("partner_decklist") or None,
        }


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
