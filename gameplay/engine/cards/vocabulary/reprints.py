"""Reprints: a card printed again under a new code, with the same text, shares its
original's script.

A product never imports another product, so a reprint of another product's card may be
declared before that card's script is registered: it waits, and the registration module
(gameplay/engine/scripts.py) calls :func:`finish` once every product is imported. A reprint
whose original is already registered copies it at once, as it always did."""

from __future__ import annotations

from gameplay.engine.abilities import SCRIPTS, register

# original code -> the reprints waiting for its script
_WAITING: dict[str, list[str]] = {}


def reprint(code: str, of: str) -> None:
    """Register ``code`` with the same script as ``of`` (a reprint with the same text)."""
    if of not in SCRIPTS:
        _WAITING.setdefault(of, []).append(code)
        return
    script = SCRIPTS[of]
    register(
        code,
        *script.abilities,
        passives={q: list(fns) for q, fns in script.passives.items()},
        when_revealed=script.when_revealed,
        attach_rule=script.attach_rule,
        blanks_attached=script.blanks_attached,
        house_attachment=script.house_attachment,
    )
    for moment, fns in script.forced.items():
        for fn in fns:
            register(code, forced={moment: fn})


def finish() -> None:
    """Copy the scripts the waiting reprints wait for; fails on an original no product
    registered (a wrong code would otherwise leave the reprint without its text)."""
    missing = sorted(of for of in _WAITING if of not in SCRIPTS)
    if missing:
        raise LookupError(f"Reprints of cards without a script: {', '.join(missing)}.")
    while _WAITING:
        of, codes = _WAITING.popitem()
        for code in codes:
            reprint(code, of)
