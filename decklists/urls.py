"""Pages of published decklists, mounted at ``decklists/`` in config.urls."""

from __future__ import annotations

from django.urls import path

from decklists import views

app_name = "decklists"

urlpatterns = [
    path("", views.decklist_browse, name="browse"),
    path("favourites/", views.decklist_favourites, name="favourites"),
    path("publish/<int:deck_id>/", views.decklist_publish, name="publish"),
    path("<int:decklist_id>/", views.decklist_detail, name="detail"),
    path("<int:decklist_id>/export.txt", views.decklist_export_text, name="export_text"),
    path("<int:decklist_id>/export.json", views.decklist_export_json, name="export_json"),
    path("<int:decklist_id>/edit/", views.decklist_edit, name="edit"),
    path("<int:decklist_id>/unpublish/", views.decklist_unpublish, name="unpublish"),
    path("<int:decklist_id>/like/", views.decklist_like, name="like"),
    path("<int:decklist_id>/favourite/", views.decklist_favourite, name="favourite"),
    path("<int:decklist_id>/copy/", views.decklist_copy, name="copy"),
    path("<int:decklist_id>/comments/", views.comment_add, name="comment_add"),
    path("comments/<int:comment_id>/remove/", views.comment_remove, name="comment_remove"),
    path("comments/<int:comment_id>/report/", views.comment_report, name="comment_report"),
]
