# Placeholder: the pages helper replaces this file.
from django.http import HttpResponse
from django.urls import path

app_name = "decks"


def _todo(request, *args, **kwargs):
    return HttpResponse("todo")


urlpatterns = [
    path("", _todo, name="home_placeholder"),
    path("cards/", _todo, name="card_search"),
    path("cards/help/", _todo, name="search_help"),
    path("cards/<str:code>/", _todo, name="card_detail"),
    path("products/", _todo, name="product_list"),
    path("products/<slug:code>/", _todo, name="product_detail"),
]
