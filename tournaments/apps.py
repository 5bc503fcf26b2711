from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        # The features' Celery tasks live in their packages (cut_odds/tasks.py), where the
        # worker's autodiscovery of ``<app>.tasks`` does not look: import them here.
        from django.db.models.signals import post_save

        from tournaments import push
        from tournaments.cut_odds import tasks  # noqa: F401

        # An event's live pages are told of every save that changes what they show.
        for sender in push.SENDERS:
            post_save.connect(push.saved, sender=sender, dispatch_uid=f"push.{sender.__name__}")
