"""An event's top decks, published with their players' consent.

A player ticks, when they register themselves (or later, from their entry on the event page),
that the organizer may publish their decklist if it finishes in the top decks; once the event
is finished, an organizer publishes the top N of the final standings as decklists
(``decklists``), one per consenting entrant, and the event page links them. ``services``
writes, ``selectors`` reads, ``views`` and ``urls`` serve them."""
