from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import ratelimit
from accounts.forms import FinishAccountForm, LogInForm, SignUpForm
from accounts.services import is_light, light_account_finish, user_sign_up

TOO_MANY_REQUESTS = 429


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if not ratelimit.signup_allowed(request):
            form.add_error(None, ratelimit.SIGNUP_LIMITED)
            context = {"form": form}
            return render(request, "registration/signup.html", context, status=TOO_MANY_REQUESTS)
        if form.is_valid():
            user = user_sign_up(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email") or "",
            )
            ratelimit.signed_up(request)
            ratelimit.remember_address(request, user)
            login(request, user, backend="accounts.backends.CachedModelBackend")
            return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@require_http_methods(["GET", "POST"])
@login_required
def account_finish(request):
    """A light account (made from an event's join link, no password) chooses its user name
    and a password, to log in anywhere later; a full account changes its password instead."""
    if not is_light(request.user):
        return redirect("password_change")
    form = FinishAccountForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = light_account_finish(
            user=request.user,
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data.get("email") or "",
        )
        update_session_auth_hash(request, user)  # still logged in on this phone
        ratelimit.remember_address(request, user)
        return redirect("home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/account_finish.html", {"form": form}, status=status)


class LogInView(auth_views.LoginView):
    """Django's log-in page; a refusal for too many failures answers 429."""

    authentication_form = LogInForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.rate_limited:
            response.status_code = TOO_MANY_REQUESTS
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's "mail me a reset link" page, limited per address (each request sends mail
    to someone)."""

    def form_valid(self, form):
        if not ratelimit.password_reset_allowed(self.request):
            form.add_error(None, ratelimit.PASSWORD_RESET_LIMITED)
            response = self.form_invalid(form)
            response.status_code = TOO_MANY_REQUESTS
            return response
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's "choose a new password" page; the owner proved who they are, so failed
    log-ins no longer hold their account, and the address they did it from is known."""

    def form_valid(self, form):
        response = super().form_valid(form)
        ratelimit.forget_login_failures(self.request, self.user)
        return response
