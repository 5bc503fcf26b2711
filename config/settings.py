"""Settings, read from the environment.

DATABASE_URL      unset: SQLite file db.sqlite3 in the project; set: e.g. postgres://user@host/db
CELERY_BROKER_URL unset: tasks run in-process (eager); set: a real broker such as redis://...
CACHE_URL         unset: a cache per process; set: a shared Redis cache (rate limits, sessions,
                  the live board's version check), redis://...; needed with several processes
PUSH_REDIS_URL    the Redis through which every server process hears of changes to push to
                  live pages (default: CACHE_URL); PUSH "off" leaves every live page polling;
                  PUSH_CHANNEL the prefix of its channels ("maester:live:")
MATCH_HOST        "off": automatic moves go to Celery even when an ASGI server process could
                  make them on its timers (gameplay/host.py)
BOT_DELAY_SECONDS how long a bot waits before it moves when tasks go through a broker (0.6);
                  automatic passes of people wait as long
BOT_JITTER_SECONDS up to this much more, at random, for each bot move and automatic pass (0.4)
BOT_GRACE_SECONDS how late a bot's move may be before it counts as lost and is queued again (10)
BOT_SWEEP_SECONDS how often celery beat looks for lost bot moves (10)
SEARCH_BOT_PLAYOUTS the search bot's playouts per decision (8); SEARCH_BOT_SECONDS its time
                  cap per decision (1.0)
MATCH_STATES_KEPT how many matches' parsed engine states a process keeps for its next move or
                  view of them (500; about 70-150 KB each; 0: none)
CLOCK_SWEEP_SECONDS how often celery beat ends matches whose chess clock ran out (5)
INPROCESS_SCHEDULER "1": run the periodic tasks in a thread of this process (make serve)
SECRET_KEY        required when DEBUG is off; the development key is refused in production
DEBUG             "1"/"true" for development; off by default
ALLOWED_HOSTS     comma-separated host names (production)
CSRF_TRUSTED_ORIGINS comma-separated origins (https://host) that may post forms
SECURE_COOKIES    "0" sends session and CSRF cookies over plain HTTP too (production: HTTPS only)
API_ANON_RATE     requests an address may make to the API without logging in (60/minute)
API_USER_RATE     requests a logged-in user may make to the API (600/minute)
HTTPS             "1" when the site is served over HTTPS: plain HTTP is redirected, and HSTS sent
HSTS_SECONDS      how long browsers keep to HTTPS once told (with HTTPS=1; one year by default)
HSTS_INCLUDE_SUBDOMAINS, HSTS_PRELOAD  "1" to add these to the HSTS header
CLIENT_IP_HEADER  behind a proxy: the header it writes the visitor's address in (e.g.
                  X-Forwarded-For, its last address; X-Real-IP), read by the rate limits;
                  unset: REMOTE_ADDR, which behind a proxy is the proxy's for every visitor.
                  Set it only if clients cannot reach the site except through that proxy
EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, EMAIL_USE_SSL
                  the SMTP server of password-reset mail; EMAIL_HOST set: mail goes by SMTP
EMAIL_BACKEND     overrides the choice above (unset without EMAIL_HOST: mail is printed)
DEFAULT_FROM_EMAIL the sender of the site's mail
LOG_LEVEL         the level of the log on standard error (WARNING)
STATIC_ROOT       where collectstatic writes the static files (staticfiles/ in the project)
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

DEV_SECRET_KEY = "django-insecure-maester-development-key-do-not-use-in-production"


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = env_bool("DEBUG")
SECRET_KEY = os.environ.get("SECRET_KEY") or (DEV_SECRET_KEY if DEBUG else "")
if not DEBUG and SECRET_KEY in {"", DEV_SECRET_KEY}:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a private value when DEBUG is off "
        "(the development key is refused in production)."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS") or (["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "template_partials",
    "django_htmx",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "cards",
    "decks",
    "decklists",
    "tournaments",
    "gameplay",
    "people",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # config/security.py: the Content-Security-Policy of every answer, and a 400 for a NUL
    # byte anywhere in a request, before anything reads the database.
    "config.security.ContentSecurityPolicyMiddleware",
    "config.security.RejectNulBytesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # config/push.py: a request's messages to live pages leave once its view has answered.
    "config.push.AfterResponse",
    # config/errors.py: a page that says why, for an address opened the wrong way (405).
    "config.errors.MethodNotAllowedPage",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.security.csp_nonce",
                "config.push.context",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Django's ModelBackend, reading the logged-in user from the shared cache when there is one
# (accounts/backends.py): every request of a logged-in page loads the user.
AUTHENTICATION_BACKENDS = ["accounts.backends.CachedModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Served over HTTPS (HTTPS=1): plain HTTP is redirected, and browsers are told (HSTS) to use
# nothing else for HSTS_SECONDS. Behind a proxy that terminates TLS, it must pass
# X-Forwarded-Proto (SECURE_PROXY_SSL_HEADER above), or every request would be redirected.
HTTPS = env_bool("HTTPS")
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS") or 365 * 24 * 3600) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD")

# Where the rate limits (accounts/ratelimit.py, config/throttles.py) read the client's
# address: REMOTE_ADDR, or the last address of this header, the one the proxy in front of the
# site wrote (an address before it was sent by the client, who may have made it up). Behind
# a proxy and without it, every visitor has the proxy's address: one stranger's failed
# log-ins close log-in from that address to every account that never logged in from it.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "").strip()

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # Bounded JSON: a body too large or nested too deep is a 400, never a 500 (issue 15).
    "DEFAULT_PARSER_CLASSES": [
        "decks.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Requests a caller may make, counted in the cache (shared with CACHE_URL): anonymous
    # callers by address, logged-in users by account; over the rate, a 429.
    "DEFAULT_THROTTLE_CLASSES": [
        "config.throttles.AnonThrottle",
        "config.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_ANON_RATE") or "60/minute",
        "user": os.environ.get("API_USER_RATE") or "600/minute",
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Maester API",
    "DESCRIPTION": "Cards and products of the A Game of Thrones card game, first edition.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "REDOC_DIST": "SIDECAR",
    # Joust and melee legality share one set of choices: name the enum once.
    "ENUM_NAME_OVERRIDES": {"LegalityEnum": "cards.models.Card.Legality"},
}

# Celery: without a broker, tasks run in-process so that the site needs no service.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or CELERY_BROKER_URL or None
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes the worker's database connections before and after every
# task unless this is set: each bot move and automatic pass would open a new PostgreSQL
# connection (a server process forked for it). Set, it closes them every this many tasks;
# config/celery.py meanwhile treats them as a request does (CONN_MAX_AGE, broken ones).
CELERY_DB_REUSE_MAX = 1000

# The cache holds rate-limit counters (actions, chat), sessions and each match's version for
# the live board: with several server processes it must be shared, so production points
# CACHE_URL at Redis (config/cache.py: Django's backend, one client per pool); unset, each
# process has its own and the live board asks the database instead.
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES = {
    "default": {"BACKEND": "config.cache.RedisCache", "LOCATION": CACHE_URL}
    if CACHE_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

# With a shared cache, the every-second poll of a board reads a match's version from it
# (gameplay/live.py); a cache per process would miss the other processes' moves.
MATCH_LIVE_CACHE = bool(CACHE_URL)

# Live pages are told of a change over a server-sent event stream (config/push.py) when
# served by the ASGI server; the message goes through Redis so that every server process
# hears it: PUSH_REDIS_URL, or the shared cache's Redis. Without either, only this
# process's own streams hear it (one server process: a development server). PUSH=off
# leaves every page polling.
PUSH_REDIS_URL = os.environ.get("PUSH_REDIS_URL") or CACHE_URL
LIVE_PUSH = os.environ.get("PUSH", "on").lower() not in {"off", "0", "false", "no"}
# Redis publish/subscribe channels are shared by every database of a Redis server: the
# prefix of this site's (two sites, or two test runs, on one Redis keep theirs apart).
PUSH_CHANNEL = os.environ.get("PUSH_CHANNEL", "maester:live:")
# The ASGI server's processes make the automatic moves (bots' moves, people's automatic
# passes) on timers of their own, told through the push's Redis (gameplay/host.py), instead
# of a Celery task each; MATCH_HOST=off leaves them all to Celery.
MATCH_HOST = os.environ.get("MATCH_HOST", "on").lower() not in {"off", "0", "false", "no"}

# With a shared cache, the logged-in user is read from it too (accounts/backends.py: dropped
# whenever the user is saved or deleted); a cache per process would miss other processes'
# saves.
AUTH_USER_CACHE = bool(CACHE_URL)

# With a shared cache, sessions are read from it (the database stays the store of record):
# one query less on every request, and the live board asks every second.
if CACHE_URL:
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Mail (password resets) goes through the SMTP server EMAIL_HOST when it is set; without
# one it is printed on standard output (development).
EMAIL_HOST = os.environ.get("EMAIL_HOST") or "localhost"
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")  # TLS from the start (port 465)
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", not EMAIL_USE_SSL)  # STARTTLS (port 587)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or (465 if EMAIL_USE_SSL else 587))
EMAIL_TIMEOUT = 10
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "maester@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Seconds a bot waits before it moves, so that people can follow (with a broker; tasks run
# in-process move at once).
BOT_DELAY_SECONDS = float(os.environ.get("BOT_DELAY_SECONDS", "0.6"))
# Up to this many seconds more, at random, for each bot move and each automatic pass of a
# person (the same for both: neither keeps a regular beat; gameplay/services/play.py).
BOT_JITTER_SECONDS = float(os.environ.get("BOT_JITTER_SECONDS", "0.4"))
# A bot's move this many seconds late was lost (a worker killed, the broker restarted): the
# next page or poll of its match, or the sweep that celery beat runs every BOT_SWEEP_SECONDS
# (config/celery.py), queues it again (gameplay/services/bots.py).
BOT_GRACE_SECONDS = float(os.environ.get("BOT_GRACE_SECONDS", "10"))
BOT_SWEEP_SECONDS = float(os.environ.get("BOT_SWEEP_SECONDS", "10"))
# The search bot's budget per decision (gameplay/engine/search.py): its playouts (they make
# its moves reproducible) and a cap on its time, whichever comes first.
SEARCH_BOT_PLAYOUTS = int(os.environ.get("SEARCH_BOT_PLAYOUTS", "8"))
SEARCH_BOT_SECONDS = float(os.environ.get("SEARCH_BOT_SECONDS", "1.0"))
# The parsed engine states a process keeps, the last matches it read or wrote (LRU): a
# match's next move or view in this process finds its state there instead of parsing the
# stored text again, when that text is the one kept (gameplay/services/play.py).
MATCH_STATES_KEPT = int(os.environ.get("MATCH_STATES_KEPT", "500"))
# How often celery beat ends the matches whose chess clock ran out with no page of them
# open (gameplay/services/clocks.py; an open page's poll ends them within a second).
CLOCK_SWEEP_SECONDS = float(os.environ.get("CLOCK_SWEEP_SECONDS", "5"))
# On, the process runs celery beat's periodic tasks itself, in a background thread
# (gameplay/scheduler.py): for `make serve`, which has no broker and no beat. Off in
# production (run one celery beat) and in tests (a test that wants it starts it).
INPROCESS_SCHEDULER = env_bool("INPROCESS_SCHEDULER")
