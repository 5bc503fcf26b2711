"""The site's staff see reported comments here, and remove what breaks the rules."""

from __future__ import annotations

from django.contrib import admin

from decklists import services as svc
from decklists.models import CommentReport, Decklist, DecklistComment


@admin.register(CommentReport)
class CommentReportAdmin(admin.ModelAdmin):
    list_display = ("comment_text", "comment_author", "reporter", "reason", "created", "handled")
    list_filter = ("handled",)
    list_select_related = ("comment__author", "reporter")
    actions = ["remove_comments"]

    @admin.display(description="Comment")
    def comment_text(self, report: CommentReport) -> str:
        return report.comment.body[:120]

    @admin.display(description="Written by")
    def comment_author(self, report: CommentReport) -> str:
        return report.comment.author.username

    @admin.action(description="Remove the reported comments and mark the reports handled")
    def remove_comments(self, request, queryset) -> None:
        for report in queryset.select_related("comment__decklist"):
            svc.comment_remove(comment=report.comment, user=request.user)
        queryset.update(handled=True)


@admin.register(DecklistComment)
class DecklistCommentAdmin(admin.ModelAdmin):
    list_display = ("decklist", "author", "created", "removed")
    list_filter = ("removed",)
    search_fields = ("body", "author__username")


@admin.register(Decklist)
class DecklistAdmin(admin.ModelAdmin):
    list_display = ("title", "author", "house", "published", "unpublished", "like_count")
    search_fields = ("title", "author__username")
    raw_id_fields = ("author", "deck")
