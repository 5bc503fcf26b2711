"""The cut odds pages; included by ``tournaments.urls`` (namespace ``tournaments``)."""

from __future__ import annotations

from django.urls import path

from tournaments.cut_odds import views

urlpatterns = [
    path("events/<int:pk>/cut-odds/", views.cut_odds_page, name="cut_odds"),
    path("events/<int:pk>/cut-odds/run/", views.cut_odds_start, name="cut_odds_run"),
]
