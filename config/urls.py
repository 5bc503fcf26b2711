from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

urlpatterns = [
    path("", include("decks.urls")),
    path(
        "",
        __import__("django.views.generic", fromlist=["x"]).TemplateView.as_view(
            template_name="base.html"
        ),
        name="home",
    ),
    path("accounts/", include("accounts.urls")),
    path("api/", include("decks.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
