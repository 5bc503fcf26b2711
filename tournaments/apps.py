from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        # The features' Celery tasks live in their packages (cut_odds/tasks.py), where the
        # worker's autodiscovery of ``<app>.tasks`` does not look: import them here.
        from tournaments.cut_odds import tasks  # noqa: F401
