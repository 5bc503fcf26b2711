from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from accounts.ratelimit import LoginRateLimited


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional; used only to reset a password.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class RateLimitedLogInMixin:
    """A log-in form that says so when the backend refuses an attempt for too many
    failures (accounts/ratelimit.py) instead of failing."""

    rate_limited = False

    def clean(self):
        try:
            return super().clean()
        except LoginRateLimited as refused:
            self.rate_limited = True
            raise ValidationError(refused.message, code="rate_limited") from refused


class LogInForm(RateLimitedLogInMixin, AuthenticationForm):
    pass


class AdminLogInForm(RateLimitedLogInMixin, AdminAuthenticationForm):
    pass


class FinishAccountForm(BaseUserCreationForm):
    """A light account (made from an event's join link) chooses its user name and password."""

    email = forms.EmailField(required=False, help_text="Optional; used only to reset a password.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
