from tests.tournaments.conftest import event, organizer  # noqa: F401  (shared fixtures)
