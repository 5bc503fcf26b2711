"""The site's URLs with only the export routes of ``tournaments`` (plus two stand-in pages).

The export views are tested on their own: the event list and page that ``base.html`` and the
import's redirect point to are stand-ins here, so these tests do not depend on the other
tournament pages.
"""

from django.http import HttpResponse
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from decks import views as decks_views
from tournaments.export_urls import urlpatterns as export_patterns


def stand_in(request, pk=None):
    return HttpResponse(f"stand-in page {pk}")


tournament_patterns = [
    *export_patterns,
    path("events/", stand_in, name="event_list"),
    path("events/<int:pk>/", stand_in, name="event_detail"),
]

urlpatterns = [
    path("", decks_views.home, name="home"),
    path("", include("decks.urls")),
    path("accounts/", include("accounts.urls")),
    path("decks/", include("decks.deck_urls")),
    path("", include((tournament_patterns, "tournaments"))),
    path("play/", include("gameplay.urls")),
    path("api/", include("decks.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
]
