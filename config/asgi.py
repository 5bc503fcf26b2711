import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

# Imported once Django is set up: answers the live board's "nothing new" polls from the cache
# (the pages whose push is open poll only now and then; those that fall back, every 2 s),
# and runs the process's match host from the server's start to its end (gameplay/host.py).
from gameplay.host import with_host  # noqa: E402
from gameplay.live import nothing_new_asgi  # noqa: E402
from gameplay.matchsocket import with_sockets  # noqa: E402

# ... and serves the matches' sockets (gameplay/matchsocket.py): views out, decisions in.
application = with_host(with_sockets(nothing_new_asgi(django_application)))
