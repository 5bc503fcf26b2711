from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from decks import views as decks_views

urlpatterns = [
    path("", decks_views.home, name="home"),
    path("", include("decks.urls")),
    path("accounts/", include("accounts.urls")),
    path("decks/", include("decks.deck_urls")),
    path("", include("tournaments.urls")),
    path("play/", include("gameplay.urls")),
    path("api/", include("decks.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
