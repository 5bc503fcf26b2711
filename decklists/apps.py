from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "decklists"
    verbose_name = "Decklists"
