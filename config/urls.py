from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic.base import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from accounts.forms import AdminLogInForm
from decks import views as decks_views

# The admin's log-in counts failures like the site's (accounts/ratelimit.py) and says so.
admin.site.login_form = AdminLogInForm

# config/errors.py: pages that render without the database; a database outage says that the
# last action was not saved.
handler400 = "config.errors.bad_request"
handler500 = "config.errors.server_error"

urlpatterns = [
    path("", decks_views.home, name="home"),
    path("", include("decks.urls")),
    path("accounts/", include("accounts.urls")),
    path("decks/", include("decks.deck_urls")),
    path("", include("tournaments.urls")),
    path("play/", include("gameplay.urls")),
    path("api/", include("decks.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("admin/", admin.site.urls),
    # Pages name the icon in <head>; clients that ask for /favicon.ico anyway get it too.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
]
