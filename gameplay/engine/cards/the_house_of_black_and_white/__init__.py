"""Card scripts of The House of Black and White (btns_81 to btns_100), a chapter pack of the
Valar Morghulis cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_house_of_black_and_white import (  # noqa: F401 - importing registers
    attachments,
    characters,
    events_plots,
    locations,
)
