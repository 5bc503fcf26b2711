from __future__ import annotations

from django.urls import path

from people import views

app_name = "people"

urlpatterns = [
    path("settings/", views.person_settings, name="settings"),
    path("<str:username>/", views.person, name="person"),
]
