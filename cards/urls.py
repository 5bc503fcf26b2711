"""Pages of the card database. The home page is mounted at the site root in config.urls."""

from __future__ import annotations

from django.urls import path

from cards import views

# The namespace the card pages had in the decks app, kept so that every {% url "decks:..." %},
# reverse() and bookmark still works.
app_name = "decks"

urlpatterns = [
    path("cards/", views.card_search_page, name="card_search"),
    path("cards/help/", views.search_help, name="search_help"),
    path("cards/collection/", views.collection_page, name="collection"),
    path("cards/<str:code>/", views.card_detail, name="card_detail"),
    path("cards/<str:code>/preview/", views.card_preview, name="card_preview"),
    path("products/", views.product_list_page, name="product_list"),
    path("products/<slug:code>/", views.product_detail, name="product_detail"),
]
