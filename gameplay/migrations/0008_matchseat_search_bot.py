from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("gameplay", "0007_match_table_actions"),
    ]

    operations = [
        migrations.AlterField(
            model_name="matchseat",
            name="bot",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "Player"),
                    ("random", "Random bot"),
                    ("greedy", "Greedy bot"),
                    ("search", "Search bot"),
                ],
                default="",
                max_length=8,
            ),
        ),
    ]
