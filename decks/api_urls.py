"""The JSON API, mounted at /api/: cards and products (read-only), deck checking, own decks."""

from __future__ import annotations

from django.urls import path

from decks import api, deck_api

app_name = "decks_api"

urlpatterns = [
    path("cards/", api.CardListView.as_view(), name="card-list"),
    path("cards/<str:code>/", api.CardDetailView.as_view(), name="card-detail"),
    path("products/", api.ProductListView.as_view(), name="product-list"),
    path("products/<slug:code>/", api.ProductDetailView.as_view(), name="product-detail"),
    path("decks/", deck_api.DeckListView.as_view(), name="deck-list"),
    path("decks/validate/", deck_api.DeckValidateView.as_view(), name="deck-validate"),
    path("decks/<int:pk>/", deck_api.DeckDetailView.as_view(), name="deck-detail"),
    path("decks/<int:pk>/clone/", deck_api.DeckCloneView.as_view(), name="deck-clone"),
]
