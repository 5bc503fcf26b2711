import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Imported once Django is set up: answers the live board's "nothing new" polls from the cache.
from gameplay.live import nothing_new_shortcut  # noqa: E402

application = nothing_new_shortcut(application)
