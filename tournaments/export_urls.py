"""Routes of the exports; included in the ``tournaments`` namespace (no app_name here)."""

from django.urls import path

from tournaments import export_views

urlpatterns = [
    path(
        "events/<int:pk>/standings.csv",
        export_views.event_standings_csv,
        name="event_standings_csv",
    ),
    path("events/<int:pk>/export.json", export_views.event_export_json, name="event_export_json"),
    path("events/import/", export_views.event_import_view, name="event_import"),
]
