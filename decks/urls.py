"""Pages of stored decks, mounted at ``decks/`` in config.urls."""

from __future__ import annotations

from django.urls import path

from decks import views
from decks.builder import views as builder

app_name = "deckbuilder"

urlpatterns = [
    path("", views.deck_list, name="deck_list"),
    path("new/", views.deck_new, name="deck_new"),
    path("import/", views.deck_import, name="deck_import"),
    path("shared/<str:token>/", views.deck_shared, name="deck_shared"),
    path("<int:deck_id>/", views.deck_detail, name="deck_detail"),
    path("<int:deck_id>/export.txt", views.deck_export_text, name="deck_export_text"),
    path("<int:deck_id>/export.json", views.deck_export_json, name="deck_export_json"),
    path("<int:deck_id>/print/", views.deck_print, name="deck_print"),
    path("<int:deck_id>/clone/", views.deck_clone, name="deck_clone"),
    path("<int:deck_id>/delete/", views.deck_delete, name="deck_delete"),
    path("<int:deck_id>/edit/", builder.deck_edit, name="deck_edit"),
    path("<int:deck_id>/cards/", builder.deck_cards, name="deck_cards"),
    path("<int:deck_id>/settings/", builder.deck_settings, name="deck_settings"),
    path("<int:deck_id>/import/", builder.deck_import_into, name="deck_import_into"),
    path("<int:deck_id>/versions/", views.deck_versions, name="deck_versions"),
    path(
        "<int:deck_id>/versions/compare/",
        views.deck_versions_compare,
        name="deck_versions_compare",
    ),
    path("<int:deck_id>/versions/<int:number>/restore/", views.deck_restore, name="deck_restore"),
]
