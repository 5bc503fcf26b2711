"""Card scripts of The Prize of the North (cad_81 to cad_100), a chapter pack of the Spoils
of War cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_prize_of_the_north import (
    attachments,
    characters,
    eggs,
    elia,
    events,
    locations,
    plots,
    qohorik,
)

__all__ = ["attachments", "characters", "eggs", "elia", "events", "locations", "plots", "qohorik"]
