"""What an event's live pages are told (config/push.py): the save of an event, a round, a
table or a result report publishes "look again" on the event's topic once its transaction
commits. Receivers of ``post_save`` (connected by ``TournamentsConfig.ready``: the models
do not import this module), so that no service can forget one; a bulk write sends no
signal, and every service that writes seats in bulk also saves their table or round."""

from __future__ import annotations

from typing import Any

from config import push
from tournaments.models import Event, ResultReport, Round, Table


def _event_id(instance: Any) -> int | None:
    if isinstance(instance, Event):
        return instance.pk
    if isinstance(instance, Round):
        return instance.event_id
    if isinstance(instance, Table):
        return instance.round.event_id  # a query when the table came without its round
    if isinstance(instance, ResultReport):
        return instance.table.round.event_id
    return None


def saved(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    event_id = None if raw else _event_id(instance)
    if event_id is not None:
        push.publish_on_commit(push.event_topic(event_id))


SENDERS = (Event, Round, Table, ResultReport)
