# Two-on-two partners join by accepting; an account sits on one entry per event.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def unlink_second_seats(apps, schema_editor):
    """Before the constraint: an account that is the partner of a team while it plays on
    another entry of the same event (its own, or an earlier team as partner) keeps its first
    place only. The later team keeps both its decks; only the link to the account goes, and
    an audit entry tells the organizer."""
    Entrant = apps.get_model("tournaments", "Entrant")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    players: dict[int, set[int]] = {}
    for event_id, user_id in Entrant.objects.filter(user__isnull=False).values_list(
        "event_id", "user_id"
    ):
        players.setdefault(event_id, set()).add(user_id)
    partners: dict[int, set[int]] = {}
    teams = Entrant.objects.filter(partner__isnull=False).select_related("partner")
    for team in teams.order_by("event_id", "pk"):
        taken = players.get(team.event_id, set()) | partners.get(team.event_id, set())
        if team.partner_id not in taken:
            partners.setdefault(team.event_id, set()).add(team.partner_id)
            continue
        AuditEntry.objects.create(
            event_id=team.event_id,
            user=None,
            action="partner_unlinked",
            detail={"entrant": team.pk, "name": team.name, "username": team.partner.username},
        )
        team.partner = None
        team.save(update_fields=["partner"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0005_audit_entry_outlives_a_deleted_event'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='entrant',
            name='partner_invited',
            field=models.ForeignKey(blank=True, help_text='Two-on-two: the account asked to be the partner, until it accepts.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='tournament_partner_requests', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='entrant',
            name='partner_request',
            field=models.CharField(blank=True, choices=[('pending', "Waiting for the partner's answer"), ('declined', 'The partner did not accept')], default='', max_length=8),
        ),
        migrations.AlterField(
            model_name='entrant',
            name='partner',
            field=models.ForeignKey(blank=True, help_text='Two-on-two: the second player of the team, once they accepted.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='tournament_team_entries', to=settings.AUTH_USER_MODEL),
        ),
        migrations.RunPython(unlink_second_seats, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='entrant',
            constraint=models.UniqueConstraint(condition=models.Q(('partner__isnull', False)), fields=('event', 'partner'), name='entrant_unique_partner'),
        ),
    ]
