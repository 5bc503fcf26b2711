"""Card scripts of Reach of the Kraken (asots_1 to asots_20), a chapter pack of the Reach of
the Kraken cycle: ``fleets`` (the Fleets and Lady Nym's Guard), ``characters`` (the other
characters), ``plots`` (the plots; Black Sails is with the agendas). Importing this package
registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.reach_of_the_kraken import (  # noqa: F401 - importing registers
    characters,
    fleets,
    plots,
)
