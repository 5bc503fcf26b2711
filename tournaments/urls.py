"""Tournament pages: public pages, organizer pages, exports and cut odds."""

from django.urls import include, path

from tournaments import views
from tournaments.manage import views as manage
from tournaments.rounds import views as rounds

app_name = "tournaments"

E = "events/<int:pk>/"

urlpatterns = [
    path("events/", views.event_list, name="event_list"),
    path("events/new/", manage.event_new, name="event_new"),
    path(E, views.event_detail, name="event_detail"),
    path(E + "join/", views.event_join, name="event_join"),
    path(E + "invitation/accept/", views.invitation_accept, name="invitation_accept"),
    path(E + "invitation/decline/", views.invitation_decline, name="invitation_decline"),
    path(E + "teams/<int:entrant_pk>/accept/", views.partner_accept, name="partner_accept"),
    path(E + "teams/<int:entrant_pk>/decline/", views.partner_decline, name="partner_decline"),
    path(E + "teams/<int:entrant_pk>/ask/", views.partner_ask, name="partner_ask"),
    path(E + "pairings/", views.event_pairings, name="event_pairings"),
    path(E + "live/", views.event_live, name="event_live"),
    path(E + "standings/", views.event_standings, name="event_standings"),
    path(E + "bracket/", views.event_bracket, name="event_bracket"),
    path(E + "results/", views.event_results, name="event_results"),
    path(E + "rounds/<int:number>/slips/", views.match_slips, name="match_slips"),
    path(E + "entrants/<int:entrant_pk>/deck/", views.entrant_deck, name="entrant_deck"),
    path(E + "tables/<int:table_pk>/report/", views.table_report, name="table_report"),
    path(E + "seat/", views.seat_report, name="seat_report"),
    path(E + "join/<str:code>/", views.event_join_link, name="event_join_link"),
    # organizers: the manage tabs
    path(E + "manage/", manage.event_manage, name="event_manage"),
    path(
        E + "manage/players/", manage.event_manage, {"tab": "players"}, name="event_manage_players"
    ),
    path(E + "manage/cut/", manage.event_manage, {"tab": "cut"}, name="event_manage_cut"),
    path(
        E + "manage/settings/",
        manage.event_manage,
        {"tab": "settings"},
        name="event_manage_settings",
    ),
    path(E + "manage/audit/", manage.event_manage, {"tab": "audit"}, name="event_manage_audit"),
    path(E + "delete/", manage.event_delete, name="event_delete"),
    # organizers: actions
    path(E + "settings/", manage.event_settings, name="event_settings"),
    path(E + "register/", manage.event_register, name="event_register"),
    path(E + "invitations/", manage.invitation_create, name="invitation_create"),
    path(
        E + "invitations/<int:invitation_pk>/withdraw/",
        manage.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path(E + "co-organizers/", manage.co_organizer_add, name="co_organizer_add"),
    path(
        E + "entrants/<int:entrant_pk>/<slug:action>/",
        manage.entrant_action,
        name="entrant_action",
    ),
    path(E + "rounds/pair/", rounds.round_pair, name="round_pair"),
    path(E + "rounds/repair/", rounds.round_repair, name="round_repair"),
    path(E + "rounds/timer/", rounds.round_timer, name="round_timer"),
    path(E + "rounds/<int:number>/", rounds.round_tables, name="round_tables"),
    path(E + "tables/<int:table_pk>/result/", rounds.table_result, name="table_result"),
    path(
        E + "tables/<int:table_pk>/reports/<int:report_pk>/accept/",
        rounds.report_accept,
        name="report_accept",
    ),
    path(E + "cut/start/", rounds.cut_start, name="cut_start"),
    path(E + "cut/advance/", rounds.cut_advance, name="cut_advance"),
    path(E + "finish/", rounds.event_finish, name="event_finish"),
    path("", include("tournaments.exports.urls")),
    path("", include("tournaments.cut_odds.urls")),
    path("", include("tournaments.top_decks.urls")),
]
