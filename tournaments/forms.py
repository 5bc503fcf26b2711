"""Forms that parse organizer input; the services do the writes and the rule checks."""

from __future__ import annotations

from django import forms

from tournaments.models import Event

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


class RegisterForm(forms.Form):
    """An organizer registers a player: an account or a walk-in name, and a deck."""

    username = forms.CharField(required=False, max_length=150, label="Account (username)")
    name = forms.CharField(required=False, max_length=128, label="Or a walk-in name")
    decklist = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="Paste the decklist (text as exported by a deck builder, or JSON).",
    )
    deck = forms.IntegerField(required=False, widget=forms.HiddenInput)
    partner_username = forms.CharField(required=False, max_length=150, label="Partner (two-on-two)")
    partner_decklist = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        label="Partner's decklist (two-on-two)",
    )
