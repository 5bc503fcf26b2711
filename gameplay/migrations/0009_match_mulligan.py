from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("gameplay", "0008_matchseat_search_bot"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="mulligan",
            field=models.BooleanField(default=False),
        ),
    ]
