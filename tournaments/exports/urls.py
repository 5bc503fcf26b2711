"""Routes of the exports; included in the ``tournaments`` namespace (no app_name here)."""

from django.urls import path

from tournaments.exports import views

urlpatterns = [
    path(
        "events/<int:pk>/standings.csv",
        views.event_standings_csv,
        name="event_standings_csv",
    ),
    path("events/<int:pk>/export.json", views.event_export_json, name="event_export_json"),
    path("events/import/", views.event_import_view, name="event_import"),
]
