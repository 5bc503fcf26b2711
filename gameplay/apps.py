from django.apps import AppConfig
from django.conf import settings


class GameplayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "gameplay"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from gameplay import live, tasks  # noqa: F401  (the tasks: known by name, see queue.py)
        from gameplay.models import Match

        # Every save of a match publishes its live row (the models do not import live).
        post_save.connect(live.match_saved, sender=Match, dispatch_uid="gameplay.live")
        # Without celery beat (`make serve`: no broker), the periodic tasks (the sweeps of
        # lost bot moves and of clocks that ran out) run in a thread of this process.
        if getattr(settings, "INPROCESS_SCHEDULER", False):
            from gameplay import scheduler

            if not scheduler.reloader_parent():
                scheduler.start_once()
