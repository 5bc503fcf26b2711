"""Rounds of an event: pairing, results and reports, the cut and finishing (``services``), the
round tab of the manage page (``tables``) and the organizer's round actions (``views``)."""
