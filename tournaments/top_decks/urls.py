"""The top decks' actions; included by ``tournaments.urls`` (namespace ``tournaments``)."""

from __future__ import annotations

from django.urls import path

from tournaments.top_decks import views

urlpatterns = [
    path("events/<int:pk>/top-decks/publish/", views.top_decks_publish, name="top_decks_publish"),
    path("events/<int:pk>/entry/consent/", views.entrant_consent, name="entrant_consent"),
]
