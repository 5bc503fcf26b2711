"""Cheaper writes of a move (issue 31).

- The match's state (about 11 KB of JSON, written with every move and read for every view)
  is compressed with lz4 on PostgreSQL 14 and later when the server was built with it:
  about half the server's time of the default pglz to write it, and less to read it back.
  Other databases, and a PostgreSQL without lz4, keep their default.
- A move's action no longer writes a second index of its match: the unique (match, number)
  index serves every look-up by match.
"""

import django.db.models.deletion
from django.db import migrations, models


def _has_lz4(connection) -> bool:
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
            "AND 'lz4' = ANY(enumvals)"
        )
        return cursor.fetchone() is not None


def _compress_state(method: str):
    def run(apps, schema_editor) -> None:
        if _has_lz4(schema_editor.connection):
            table = schema_editor.quote_name(apps.get_model("gameplay", "Match")._meta.db_table)
            schema_editor.execute(
                f"ALTER TABLE {table} ALTER COLUMN state SET COMPRESSION {method}"
            )

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("gameplay", "0010_play_preferences_quiet_cards"),
    ]

    operations = [
        migrations.AlterField(
            model_name="matchaction",
            name="match",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="actions",
                to="gameplay.match",
            ),
        ),
        # Back to the server's default: "default" is PostgreSQL's word for it.
        migrations.RunPython(_compress_state("lz4"), _compress_state("default")),
    ]
