from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic.base import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from accounts.forms import AdminLogInForm
from cards import api as cards_api
from cards import views as cards_views
from decklists import api as decklists_api
from decks import api as decks_api
from gameplay import api as gameplay_api
from gameplay import viewstream

# The admin's log-in counts failures like the site's (accounts/ratelimit.py) and says so.
admin.site.login_form = AdminLogInForm

# config/errors.py: pages that render without the database; a database outage says that the
# last action was not saved.
handler400 = "config.errors.bad_request"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

# The JSON API under /api/: cards and products (read-only, cards.api), deck checking and one's
# own decks (decks.api), published decklists (read-only, decklists.api), a match's view and
# decisions (gameplay.api) and its views pushed (gameplay.viewstream). Its namespace is the
# one it has had since it began: decks_api.
api_patterns = [
    path("cards/", cards_api.CardListView.as_view(), name="card-list"),
    path("cards/<str:code>/", cards_api.CardDetailView.as_view(), name="card-detail"),
    path("products/", cards_api.ProductListView.as_view(), name="product-list"),
    path("products/<slug:code>/", cards_api.ProductDetailView.as_view(), name="product-detail"),
    path("decks/", decks_api.DeckListView.as_view(), name="deck-list"),
    path("decks/validate/", decks_api.DeckValidateView.as_view(), name="deck-validate"),
    path("decks/<int:pk>/", decks_api.DeckDetailView.as_view(), name="deck-detail"),
    path("decks/<int:pk>/clone/", decks_api.DeckCloneView.as_view(), name="deck-clone"),
    path("decklists/", decklists_api.DecklistListView.as_view(), name="decklist-list"),
    path(
        "decklists/<int:pk>/",
        decklists_api.DecklistDetailView.as_view(),
        name="decklist-detail",
    ),
    path("matches/<int:pk>/", gameplay_api.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/act/", gameplay_api.MatchActView.as_view(), name="match-act"),
    # Its views pushed: a stream, served by the ASGI server as every path ending in /live/.
    path("matches/<int:pk>/live/", viewstream.match_views, name="match-live"),
]


class FaviconRedirect(RedirectView):
    """The icon's address is asked of the static files storage when a client asks, not when the
    URLs load: with DEBUG off the storage reads collectstatic's manifest, and `migrate` (which
    loads the URLs for its checks) must work before collectstatic has ever run."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs):
        return static("favicon.svg")


urlpatterns = [
    path("", cards_views.home, name="home"),
    path("", include("cards.urls")),
    path("accounts/", include("accounts.urls")),
    path("decks/", include("decks.urls")),
    path("decklists/", include("decklists.urls")),
    path("people/", include("people.urls")),
    path("", include("tournaments.urls")),
    path("play/", include("gameplay.urls")),
    path("api/", include((api_patterns, "decks_api"))),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("admin/", admin.site.urls),
    # Pages name the icon in <head>; clients that ask for /favicon.ico anyway get it too.
    path("favicon.ico", FaviconRedirect.as_view(), name="favicon"),
]
