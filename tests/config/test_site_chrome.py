"""The parts of every page: the icon and the header."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_every_page_names_its_icon_and_favicon_ico_leads_to_it(client):
    page = client.get("/")
    assert b'rel="icon"' in page.content and b"favicon.svg" in page.content
    icon = client.get("/favicon.ico")
    assert icon.status_code == 301 and icon["Location"].endswith("favicon.svg")
    svg = client.get(icon["Location"])
    assert svg.status_code == 200 and b"<svg" in b"".join(svg.streaming_content)
