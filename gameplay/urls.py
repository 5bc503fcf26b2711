"""Pages of matches played in the browser, under /play/."""

from __future__ import annotations

from django.urls import path

from gameplay import views

app_name = "play"

urlpatterns = [
    path("", views.lobby_page, name="lobby"),
    path("live/", views.lobby_stream, name="lobby_live"),
    path("new/", views.new_match, name="new"),
    path("preferences/", views.preferences_page, name="preferences"),
    path("invite/<str:token>/", views.invitation, name="invitation"),
    path("<int:pk>/", views.match_page, name="match"),
    path("<int:pk>/join/", views.join, name="join"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/poll/", views.poll, name="poll"),
    path("<int:pk>/live/", views.live_stream, name="live"),
    path("<int:pk>/act/", views.act, name="act"),
    path("<int:pk>/table/", views.table_panel, name="table"),
    path("<int:pk>/chat/", views.chat, name="chat"),
    path("<int:pk>/passing/", views.passing_preferences, name="passing"),
    path("<int:pk>/concede/", views.concede, name="concede"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/rematch/", views.rematch, name="rematch"),
    path("<int:pk>/replay/", views.replay_page, name="replay"),
    path("table/<int:table_id>/", views.table_match, name="table_match"),
]
