"""Test settings: production-like (DEBUG off) with a throwaway key and fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "maester-test-only-secret-key")

from config.settings import *  # noqa: F403

ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
# Tests do not run collectstatic: let WhiteNoise find files where they are.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# No periodic thread in tests, whatever the environment says: a test that wants the
# in-process scheduler starts it (tests/gameplay/test_match_clock_sweep.py).
INPROCESS_SCHEDULER = False
