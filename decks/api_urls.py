"""Read-only JSON API of the card database, mounted at /api/."""

from __future__ import annotations

from django.urls import path

from decks import api

app_name = "decks_api"

urlpatterns = [
    path("cards/", api.CardListView.as_view(), name="card-list"),
    path("cards/<str:code>/", api.CardDetailView.as_view(), name="card-detail"),
    path("products/", api.ProductListView.as_view(), name="product-list"),
    path("products/<slug:code>/", api.ProductDetailView.as_view(), name="product-detail"),
]
