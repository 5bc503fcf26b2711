# The join link of an event: people at the store register (or claim the entry the organizer
# typed in) from their phones, with a light account bound to the event.

from django.db import migrations, models

import tournaments.models


def give_every_event_its_own_code(apps, schema_editor):
    """The new column's default was computed once for the rows already there."""
    Event = apps.get_model("tournaments", "Event")
    events = list(Event.objects.only("pk"))
    for event in events:
        event.join_code = tournaments.models.new_join_code()
    Event.objects.bulk_update(events, ["join_code"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_seat_code")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="join_code",
            field=models.CharField(
                default=tournaments.models.new_join_code,
                help_text="The secret of the event's join link (shown to its organizers, as a QR code).",
                max_length=32,
            ),
        ),
        migrations.RunPython(give_every_event_its_own_code, migrations.RunPython.noop),
    ]
