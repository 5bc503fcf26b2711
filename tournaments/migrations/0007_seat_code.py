# Seat codes: a walk-in (no account) reports their seat's result with the code on the slip.

from django.db import migrations, models

import tournaments.models


def give_every_seat_its_own_code(apps, schema_editor):
    """The new column's default was computed once for the rows already there: one code
    each instead."""
    Seat = apps.get_model("tournaments", "Seat")
    seats = list(Seat.objects.only("pk"))
    for seat in seats:
        seat.code = tournaments.models.new_seat_code()
    Seat.objects.bulk_update(seats, ["code"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_entrant_partner_requests")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="code",
            field=models.CharField(
                db_index=True,
                default=tournaments.models.new_seat_code,
                help_text="The seat code: whoever holds it may report this seat's result in its round.",
                max_length=8,
            ),
        ),
        migrations.RunPython(give_every_seat_its_own_code, migrations.RunPython.noop),
    ]
