from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("gameplay", "0006_play_preferences_and_automatic_passes"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="table_actions",
            field=models.BooleanField(default=True),
        ),
    ]
