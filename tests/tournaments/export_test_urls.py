"""The site's URLs with only the export routes of ``tournaments`` (plus two stand-in pages).

The export views are tested on their own: the event list and page that ``base.html`` and the
import's redirect point to are stand-ins here, so these tests do not depend on the other
tournament pages.
"""

from django.http import HttpResponse
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from cards import views as cards_views
from config.urls import api_patterns
from tournaments.exports.urls import urlpatterns as export_patterns


def stand_in(request, pk=None):
    return HttpResponse(f"stand-in page {pk}")


tournament_patterns = [
    *export_patterns,
    path("events/", stand_in, name="event_list"),
    path("events/<int:pk>/", stand_in, name="event_detail"),
]

urlpatterns = [
    path("", cards_views.home, name="home"),
    path("", include("cards.urls")),
    path("accounts/", include("accounts.urls")),
    path("decks/", include("decks.urls")),
    path("decklists/", include("decklists.urls")),  # base.html links them
    path("people/", include("people.urls")),
    path("", include((tournament_patterns, "tournaments"))),
    path("play/", include("gameplay.urls")),
    path("api/", include((api_patterns, "decks_api"))),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
]
