from django.urls import include, path

from accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("finish/", views.account_finish, name="account_finish"),
    # Django's own account pages, three of them with the site's limits (accounts/ratelimit.py).
    path("login/", views.LogInView.as_view(), name="login"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("", include("django.contrib.auth.urls")),
]
