# The card database now lives in the cards app (cards/migrations/0001): DeckCard points at
# cards.Card, whose table is the same decks_card, and the old models leave the decks state.
# No SQL runs: the foreign key and the rows stay as they are.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0001_card_database_from_decks"),
        ("decks", "0002_decks_and_versions"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="deckcard",
                    name="card",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="cards.card",
                    ),
                ),
                migrations.DeleteModel(name="Card"),
                migrations.DeleteModel(name="Product"),
            ],
            database_operations=[],
        ),
    ]
