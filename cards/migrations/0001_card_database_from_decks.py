# Product and Card move from the decks app to the cards app. Only Django's state changes: the
# tables keep their names (decks_product, decks_card) and their rows, so nothing is copied and
# an existing database migrates without touching a card. decks/migrations/0003 then points
# DeckCard at cards.Card and drops the old models from the decks state.

import cards.fields
import django.db.models.deletion
from django.db import migrations, models


def move_content_types(apps, schema_editor):
    """Keep the content types (and so the permissions) of the moved models."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in ("product", "card"):
        if ContentType.objects.using(db).filter(app_label="cards", model=model).exists():
            continue
        ContentType.objects.using(db).filter(app_label="decks", model=model).update(
            app_label="cards"
        )


def restore_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    ContentType.objects.using(db).filter(app_label="cards", model__in=["product", "card"]).update(
        app_label="decks"
    )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("decks", "0002_decks_and_versions"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Product',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('code', models.SlugField(max_length=64, unique=True)),
                        ('name', models.CharField(max_length=128, unique=True)),
                        ('order', models.PositiveIntegerField(help_text='Position in the community card list.')),
                        ('kind', models.CharField(choices=[('core', 'Core Set'), ('deluxe', 'Deluxe expansion'), ('chapter_pack', 'Chapter pack')], max_length=16)),
                        ('cycle_code', models.CharField(help_text='Prefix of its card ids, shared by the packs of one cycle.', max_length=16)),
                        ('card_count', models.PositiveIntegerField(default=0)),
                    ],
                    options={
                        'db_table': 'decks_product',
                        'ordering': ['order'],
                    },
                ),
                migrations.CreateModel(
                    name='Card',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('code', models.CharField(help_text='e.g. core_1', max_length=32, unique=True)),
                        ('number', models.PositiveIntegerField()),
                        ('position', models.PositiveIntegerField(help_text='Order in the card pool.')),
                        ('quantity', models.PositiveIntegerField(help_text='Copies of this entry in its product.')),
                        ('name', models.CharField(max_length=128)),
                        ('name_key', models.CharField(db_index=True, help_text='Name folded for matching: case, accents, quotes.', max_length=128)),
                        ('card_type', models.CharField(choices=[('character', 'Character'), ('location', 'Location'), ('attachment', 'Attachment'), ('event', 'Event'), ('plot', 'Plot'), ('agenda', 'Agenda'), ('house', 'House')], max_length=16)),
                        ('houses', cards.fields.DelimitedListField(blank=True, default=list, help_text='Printed houses; Neutral for neutral cards.')),
                        ('legal_houses', cards.fields.DelimitedListField(blank=True, default=list, help_text='Houses whose decks may hold it.')),
                        ('unique', models.BooleanField(default=False)),
                        ('cost', models.IntegerField(blank=True, null=True)),
                        ('strength', models.IntegerField(blank=True, null=True)),
                        ('icons', cards.fields.DelimitedListField(blank=True, default=list, help_text='military, intrigue, power')),
                        ('naval_icons', cards.fields.DelimitedListField(blank=True, default=list, help_text='Icons that carry the naval marker.')),
                        ('crests', cards.fields.DelimitedListField(blank=True, default=list)),
                        ('traits', cards.fields.DelimitedListField(blank=True, default=list)),
                        ('keywords', cards.fields.DelimitedListField(blank=True, default=list, help_text='Keywords parsed from the first line, lowercase.')),
                        ('rules_text', models.TextField(blank=True)),
                        ('flavor_text', models.TextField(blank=True)),
                        ('illustrator', models.CharField(blank=True, max_length=128)),
                        ('income', models.IntegerField(blank=True, null=True)),
                        ('initiative', models.IntegerField(blank=True, null=True)),
                        ('claim', models.IntegerField(blank=True, null=True)),
                        ('influence', models.IntegerField(blank=True, null=True)),
                        ('deck_limit', models.PositiveSmallIntegerField(default=3)),
                        ('legality_joust', models.CharField(choices=[('legal', 'Legal'), ('restricted', 'Restricted'), ('banned', 'Banned')], default='legal', max_length=16)),
                        ('legality_melee', models.CharField(choices=[('legal', 'Legal'), ('restricted', 'Restricted'), ('banned', 'Banned')], default='legal', max_length=16)),
                        ('errata', models.JSONField(blank=True, default=list, help_text='Ranges of the text changed by errata.')),
                        ('rulings', models.JSONField(blank=True, default=list, help_text='FAQ rulings, as text.')),
                        ('printing_of', models.CharField(blank=True, help_text='Code of the first printing of this exact card (copies and reprints).', max_length=32)),
                        ('product', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='cards', to='cards.product')),
                    ],
                    options={
                        'db_table': 'decks_card',
                        'ordering': ['position'],
                        'indexes': [models.Index(fields=['card_type'], name='decks_card_card_ty_0a4d40_idx'), models.Index(fields=['product', 'number'], name='decks_card_product_e5840f_idx')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
