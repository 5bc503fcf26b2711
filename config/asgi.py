import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

# Imported once Django is set up: answers the live board's "nothing new" polls from the cache
# (the pages whose push is open poll only now and then; those that fall back, every 2 s).
from gameplay.live import nothing_new_asgi  # noqa: E402

application = nothing_new_asgi(application)
