"""The engine's public game log in words: one short sentence per event, in the present tense.

The engine logs data (``state.log``), never prose, so the wording can change without touching
a stored game. :data:`TEXTS` maps an event kind to a template or a function of :class:`Words`;
a key ``"kind/field=value"`` is a variant for events whose field has that value (``=`` alone:
missing or empty; ``=prefix*``: any text starting so), ``"kind/f=v/g=w"`` one for events that
meet both; the key with the most conditions wins, then the first in the table. In a template
``{seat}``, ``{ref}``, ``{of}`` (possessive), ``{type}`` and ``{title}`` read their own field
or the one after a dot (``{seat.defender}``); ``{card}``/``{cards}`` prefer printed codes to
refs; other names are :class:`Words` methods or the raw field (``{count:card}``: "1 card",
"3 cards"). An event from an older engine may lack a field: it reads "a card", "a player" or
"some"; nothing raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gameplay.engine.table_refusals import REASONS
from gameplay.engine.titles import TITLE

Event = Mapping[str, Any]

# Events (or variants) without a sentence: lasting effects that only mark a card for the
# engine's own later use, and that another sentence already tells.
QUIET: frozenset[str] = frozenset(
    {
        # a location on the House card: "marshalled" tells it
        "lasting_effect/query=on_house",
        # the opponent an Honor Guard went to: "put_into_play" tells it
        "lasting_effect/query=honor_guard_opponent",
        # Elia Sand's limit on the additional challenge: "cad_elia_opponent" tells it
        "lasting_effect/query=can_challenge/passive=cad_elia_only",
        # Royal Favor's text, read off the "soo_tior_favored" mark that tells it
        "lasting_effect/query=kneel_to_*/passive=soo_tior_royal_favor",
        # a card killed: the line of its leaving play says so (with_actors)
        "killed/merged=1",
        # the gold a by-hand marshal pays: its "marshals ... paying N gold" line tells it
        "gold_paid/reason=table_marshal/card=",  # (two conditions: before "gold_paid/card=")
    }
)

_REF = re.compile(r"c\d+")
# A lasting effect's subject that names a seat: "0:event", "1>2:power".
_SEAT_KEY = re.compile(r"\d+(?:>\d+)?:.+")
_SMALL = frozenset({"a", "an", "and", "at", "for", "in", "of", "on", "the", "to"})
_UNTIL = {
    "phase": "until the end of the phase",
    "round": "until the end of the round",
    "challenge": "until the end of the challenge",
    "play": "while it stays in play",
    "game": "for the rest of the game",  # The Reaver's Song (cad_7)
}
_DURING = {"phase": "this phase", "round": "this round", "challenge": "in this challenge"}
# How a gained or lost item reads, by query: (one, several, as printed rather than a slug).
_CHANGES = {
    "icons": ("the {} icon", "the {} icons", False),
    "naval": (
        "a [Naval] enhancement on its {} icon",
        "[Naval] enhancements on its {} icons",
        False,
    ),
    "crests": ("the {} crest", "the {} crests", False),
    "houses": ("the {} House affiliation", "the {} House affiliations", False),
    "traits": ("the {} trait", "the {} traits", True),
    "dotn_bael": ("the {} trait", "the {} traits", True),
    "immune": ("“{}”", "“{}”", True),
}
_AS_IS = ("{}", "{}", False)
# Why power or gold moved; any other reason is the slug of the card that did it.
_WHY = {
    "renown": " for Renown",
    "unopposed": " for an unopposed challenge",
    "dominance": " for winning dominance",
    "opposes": " for winning against an opposed title",
    "claim": " (power claim)",
    "lord_commander": " (Lord Commander of the Kingsguard)",
    "marshal": " to marshal",
    "ability": " for an ability",
    "table": " by hand",
}
# A sentence starting with a placeholder gets a capital; a player's own name never changes.
_PLACEHOLDERS = ("a player", "a card", "no card", "some", "several")


def slug_words(slug: Any) -> str:
    """``"lords_of_the_narrow_sea"`` -> ``"Lords of the Narrow Sea"``."""
    words = str(slug if slug or slug == 0 else "unknown").replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


def join(names: list[str]) -> str:
    """``["A", "B", "C"]`` -> ``"A, B and C"``."""
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)


def count(n: Any, noun: str) -> str:
    """``count(1, "card")`` -> ``"1 card"``, ``count(3, "card")`` -> ``"3 cards"``."""
    if not _is_int(n):
        return f"some {noun}s"
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _call(namer: Callable[[Any], str], value: Any, placeholder: str) -> str:
    try:
        name = namer(value)
    except Exception:  # a namer that cannot name an old ref must not hide the sentence
        return placeholder
    return name if isinstance(name, str) and name else placeholder


class _Value:
    """A raw field: "some" when missing; ``{n:card}`` pluralizes, ``{n:+d}`` signs."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        return "some" if self.value is None else str(self.value)

    def __format__(self, spec: str) -> str:
        if spec.startswith("+"):
            return format(self.value if _is_int(self.value) else 0, spec)
        return count(self.value, spec) if spec else str(self)


class _Field:
    """``{seat}`` names the ``seat`` field; ``{seat.defender}`` the ``defender`` field."""

    def __init__(self, read: Callable[[str], str], key: str) -> None:
        self._read, self._key = read, key

    def __format__(self, spec: str) -> str:
        return format(self._read(self._key), spec)

    def __getattr__(self, key: str) -> str:
        return self._read(key)


_FIELDS = {"seat": "seat", "of": "seat", "ref": "card", "type": "type", "title": "title"}


class Words:
    """The fields of one event as words, for templates; a missing field is a placeholder."""

    def __init__(
        self,
        event: Event,
        card: Callable[[str], str],
        code: Callable[[str], str],
        seat: Callable[[int], str],
        side: Callable[[int], str] | None = None,
    ) -> None:
        self.e, self._card, self._code, self._seat, self._side = event, card, code, seat, side

    def __getitem__(self, key: str) -> Any:
        if key in _FIELDS:
            return _Field(getattr(self, key), _FIELDS[key])
        method = None if key.startswith("_") else getattr(Words, key, None)
        return method(self) if method else _Value(self.e.get(key))

    def fmt(self, template: str) -> str:
        return template.format_map(self)

    def player(self, value: Any, namer: Callable[[int], str] | None = None) -> str:
        return _call(namer or self._seat, value, "a player") if _is_int(value) else "a player"

    def seat(self, key: str) -> str:
        return self.player(self.e.get(key))

    def of(self, key: str) -> str:
        return f"{self.seat(key)}'s"

    def ref(self, key: str) -> str:
        value = self.e.get(key)
        return _call(self._card, value, "a card") if isinstance(value, str) else "a card"

    def type(self, key: str) -> str:
        value = self.e.get(key)
        return slug_words(value).lower() if value else "unknown"

    def title(self, key: str) -> str:
        name = self.e.get(key)
        title = TITLE.get(name) if isinstance(name, str) else None
        if title is None and isinstance(name, str) and name[1:].isdigit() and name[:1] == "c":
            return self.ref(key)  # a card added to the title pool (Aurane Waters)
        return title.label if title else slug_words(name)

    def card(self) -> str:
        # The printed code outlives the instance ref, which a shuffle renews.
        code = self.e.get("code")
        return _call(self._code, code, "a card") if isinstance(code, str) else self.ref("card")

    def cards(self) -> str:
        refs, codes = self.e.get("cards"), self.e.get("codes")
        if isinstance(codes, list) and codes:
            return join([_call(self._code, c, "a card") for c in codes])
        if isinstance(refs, list) and refs:
            return join([_call(self._card, r, "a card") for r in refs])
        return "no card"

    def s(self) -> str:
        """The verb ending that agrees with ``cards``: "Ned stands", "Ned and Robb stand"."""
        cards = self.e.get("cards")
        return "" if isinstance(cards, list) and len(cards) > 1 else "s"

    def a_type(self) -> str:
        word = self.type("type")
        return f"an {word}" if word[:1] in "aeiou" else f"a {word}"

    def total(self) -> str:
        totals, seat = self.e.get("totals"), self.e.get("seat")
        if isinstance(totals, list) and _is_int(seat) and 0 <= seat < len(totals):
            return str(totals[seat])
        return "the highest total"

    def why(self) -> str:
        reason = self.e.get("reason")
        return _WHY.get(reason, f" ({slug_words(reason)})" if reason else "")

    def returning(self) -> str:
        power = self.e.get("power")
        return f", returning {power} power to the pool" if _is_int(power) and power else ""

    def side(self) -> str:
        return self.player(self.e.get("side"), self._side)

    def sides(self) -> str:
        sides = self.e.get("sides")
        found = [self.player(s, self._side) for s in sides] if isinstance(sides, list) else []
        return join(found) or "several players"

    def subject(self) -> str:
        """A lasting effect's subject: a card ref, a seat, or a key such as "0>1:power"
        (read here as its player and what follows: words of their own say it better)."""
        value = self.e.get("subject")
        if _is_int(value):
            return self.player(value)
        if isinstance(value, str) and _REF.fullmatch(value):
            return _call(self._card, value, "a card")
        if isinstance(value, str) and _SEAT_KEY.fullmatch(value):
            seat, _, rest = value.partition(":")
            return f"{self.player(int(seat.partition('>')[0]))} ({slug_words(rest).lower()})"
        return "a card" if value is None else slug_words(value)

    def until(self) -> str:
        until = self.e.get("until")
        return _UNTIL.get(until, "for now") if isinstance(until, str) else "for now"

    def during(self) -> str:
        """ "this phase" or "this round" where "until the end of" would read heavily."""
        until = self.e.get("until")
        return _DURING.get(until, self.until()) if isinstance(until, str) else self.until()

    def src(self) -> str:
        """ " (Source)", unless the source is the subject the sentence already names."""
        source = self.e.get("source")
        if not isinstance(source, str) or source == self.e.get("subject"):
            return ""
        return f" ({self.ref('source')})"

    def saver(self) -> str:
        # A duplicate saves its own card: "saved by Ned Stark" would say it twice.
        by = self.ref("by")
        return "discarding a duplicate" if by == self.card() != "a card" else by

    def change(self) -> str:
        """What a lasting effect adds and removes: "gains the Military and Power icons"."""
        query = self.e.get("query")
        one, many, printed = _CHANGES.get(query if isinstance(query, str) else "", _AS_IS)
        parts = []
        for verb, key in (("gains", "add"), ("loses", "remove")):
            items = self.e.get(key)
            if isinstance(items, list) and items:
                names = [str(x) if printed else slug_words(x) for x in items]
                parts.append(f"{verb} {(one if len(names) == 1 else many).format(join(names))}")
        return " and ".join(parts) or "changes"

    def declared(self) -> str:
        """ "attack" or "defend", as the query (``kneel_to_defend``, ``can_attack``) says."""
        return "defend" if str(self.e.get("query")).endswith("defend") else "attack"


Render = Callable[[Words], str]


def _resolved(w: Words) -> str:
    attack, defence = [*(w.e.get("strength") or ()), 0, 0][:2]
    score = f"{attack} to {defence}"
    winner, attacker = w.e.get("winner"), w.e.get("attacker")
    if not _is_int(winner) or winner not in (attacker, w.e.get("defender")):
        text = w.fmt("Nobody wins {of.attacker} {type} challenge against {seat.defender}")
        return f"{text} ({score} STR)."
    if winner != attacker:
        head = w.fmt("{seat.defender} wins the {type} challenge defending against {seat.attacker}")
    elif w.e.get("unopposed"):
        return w.fmt("{seat.attacker} wins the {type} challenge against {seat.defender} ") + (
            f"unopposed ({attack} STR)."
        )
    else:
        head = w.fmt("{seat.attacker} wins the {type} challenge against {seat.defender}")
    if not (_is_int(attack) and _is_int(defence)):
        return f"{head} ({score} STR)."
    if attack == defence:
        return f"{head} on tied STR ({score})."
    return f"{head} by {abs(attack - defence)} STR ({score})."


def _power(w: Words, who: str) -> str:
    """Power gained, or lost when an effect discards or takes it (a negative amount)."""
    amount = w.e.get("amount")
    if _is_int(amount) and amount < 0:
        return w.fmt(f"{who} loses ") + f"{-amount} power" + w.why() + "."
    return w.fmt(f"{who} gains {{amount}} power{{why}}.")


def _challenge_rule(template: str) -> Render:
    """Lasting effects on ``"<seat>:<type>"`` or ``"<attacker>><defender>:<type>"``:
    ``{0}`` and ``{1}`` are the seats, ``{2}`` the type and ``{w}`` the words."""

    def render(w: Words) -> str:
        seats, _, kind = str(w.e.get("subject") or "").partition(":")
        first, _, second = seats.partition(">")
        names = [w.player(int(s) if s.isdigit() else None) for s in (first, second)]
        return template.format(*names, kind or "unknown", w=w)

    return render


TEXTS: dict[str, str | Render] = {
    # setup, rounds and phases
    "first_player": "{seat.chosen_by} chooses the first player: {seat}.",
    "first_player/random=True": "{seat} is chosen at random to be the first player.",
    "setup_placed": "{seat} places {count:card} in setup.",
    "mulligan": "{seat} takes a mulligan: {count:card} shuffled back, a new setup hand.",
    "mulligan_kept": "{seat} keeps their setup hand.",
    "removed_from_hand": "{seat} removes {card} from the game, from their hand.",
    "removed_from_discard": "{seat} removes {card} from the game, from their discard pile.",
    "placed_in_discard": "{seat} places {card} in their discard pile.",
    "setup_revealed": "{seat} attaches {card} to {ref.target} in setup.",
    "setup_revealed/target=": "{seat} reveals {card} in setup.",
    "draw": "{seat} draws {count:card}.",
    "round": "Round {number} begins.",
    "round/number=": "A new round begins.",
    "phase": "The {type.phase} phase begins.",
    "phase/phase=setup": "Setup begins.",
    "turn_over/point=marshal": "{seat} is done marshalling.",
    "turn_over/point=before_challenge": "{seat} initiates no more challenges.",
    "turn_over": "{seat}'s turn is over.",
    # plots
    "plot_chosen": "{seat} chooses a plot.",
    "plot_revealed": "{seat} reveals {card}.",
    "plot_revealed/new=True": "{seat} reveals a new plot: {card}.",
    "initiative": "{seat} wins initiative with {total}.",
    "initiative/random=True": "{seat} wins initiative with {total} after a random tie-break.",
    "initiative_taken": "{seat} wins initiative instead of {seat.was} ({ref.source}).",
    "when_revealed": "{of} {card} takes effect.",
    "plot_copied": "{seat} copies the “When revealed” effect of {card}.",
    "plots_returned": "{seat} returns {count:used plot} to their plot deck.",
    "plots_switched": "{seat} switches plot decks with {seat.other} ({ref}).",
    "plots_switched_back": "The plot decks {seat} switched go back to their owners.",
    "rule_by_decree": "Nobody has to discard for Rule by Decree.",
    # the epic phase (Epic Battle plot-events)
    "epic_battle": "{seat} plays {card}: there is an epic phase after dominance this round.",
    "epic_phase": lambda w: _epic_phase(w),
    "epic_battle_over": "{card} goes from beside {of} plot deck to their discard pile.",
    "epic_battle_over/pile=dead": "{card} goes from beside {of} plot deck to their dead pile.",
    "turn_over/point=epic": "{seat}'s epic turn is over.",
    "phase_skipped": "The {type.phase} phase is skipped this round.",
    "random_plot_next": "{seat} must select their next plot at random ({card}).",
    "plot_chosen/random=True": "A plot is chosen at random for {seat}.",
    # marshalling and gold
    "income": "{seat} collects {gold} gold income.",
    "marshalled": "{seat} marshals {card} onto {ref.target} for {gold} gold.",
    "marshalled/target=": "{seat} marshals {card} for {gold} gold.",
    "marshalled/target=house": "{seat} marshals {card} onto their House card for {gold} gold.",
    "marshalled/target=other_house": (
        "{seat} marshals {card} onto {of.house_of} House card for {gold} gold."
    ),
    "season_changed": lambda w: _season_changed(w),
    "duplicate": "{seat} places a duplicate on {ref.target}.",
    "text_gained": "{card} gains the printed text of {ref.of}.",
    "face_down_duplicate": "{seat} places the top card of their deck face down on {ref.target}.",
    "attached_facedown": "{seat} attaches a character face down to {ref.target}.",
    "facedown_to_hand": "{seat} returns a face-down card from {ref.source} to their hand.",
    "facedown_discarded": "{seat} discards {cards}, attached face down to a card that left play.",
    "reduction": "The next matching card {seat} plays this phase costs {amount} gold less{src}.",
    # "reduce ... to 0" (Dragon Lore, soo_52: a reduction of 99)
    "reduction/amount=99": "The next matching card {seat} plays this phase costs 0 gold{src}.",
    "gold_paid/reason=table": lambda w: _table_gold(w, gained=False),
    "gold_paid": "{seat} pays {gold} gold from {ref}{why}.",
    "gold_paid/reason=left_play": "{gold} gold on a card of {seat} returns to the treasury.",
    "gold_paid/card=": "{seat} pays {gold} gold{why}.",
    "gold_gained/reason=table": lambda w: _table_gold(w, gained=True),
    "gold_gained": "{seat} places {gold} gold on {ref}.",
    "gold_gained/card=": "{seat} gains {gold} gold{why}.",
    "gold_given": "{seat} gives {gold} gold to {seat.to}.",
    "taxed": "{seat} returns {gold} unspent gold to the treasury.",
    # challenges
    "challenge": "{seat} initiates {a_type} challenge against {seat.defender}.",
    "attackers": "{seat} attacks with {cards}.",
    "attackers/cards=": "{seat} declares no attackers.",
    "defenders": "{seat} defends with {cards}.",
    "defenders/cards=": "{seat} declares no defenders.",
    "stealth": "{ref} uses Stealth to bypass {ref.target}.",
    "joined_challenge": "{ref} joins the challenge as an attacker.",
    "joined_challenge/side=defenders": "{ref} joins the challenge as a defender.",
    "removed_from_challenge": "{cards} are removed from the challenge ({ref}).",
    "challenge_resolved": _resolved,
    "challenge_winner_changed": "The challenge's winner is not determined: {seat} wins it.",
    "challenge_winner_changed/seat=": "The challenge's winner is not determined: no one wins it.",
    "claim": lambda w: _claim(w, "Power", "must give {seat} {amount} power"),
    "claim/amount=0": "{of} claim is 0: {seat.target} loses nothing.",
    "claim/type=military": lambda w: _claim(w, "Military", "must kill {amount:character}"),
    "claim/type=intrigue": lambda w: _claim(w, "Intrigue", "discards {amount:card} at random"),
    "additional_challenge": "{ref} gives {seat} an additional {type} challenge.",
    "claim_each_opponent": "Each opponent of {seat} must satisfy the claim of the challenge.",
    # power, dominance, standing
    "power/reason=table": lambda w: _table_power(w),
    "power": lambda w: _power(w, "{ref}"),
    "power/card=": lambda w: _power(w, "{seat}"),
    "power_moved": "{seat} takes {amount} power from {seat.source}{why}.",
    "power_placed": "{seat} moves {amount} power onto {ref} (Infamy).",
    "power_to_card": "{seat} moves {amount} power from their House onto {card}.",
    "dominance": "{seat} wins dominance with {total}.",
    "dominance_taken": "{seat} cancels the determination of dominance and wins it instead.",
    "dominance/seat=": "Nobody wins dominance: the totals are tied.",
    "stood_all": "{cards} stand{s}.",
    "stood": "{ref} stands.",
    "knelt": "{card} kneels.",
    # abilities and effects
    "ability": "{seat} uses {card}, targeting {ref.target}.",
    "ability/target=": "{seat} uses {card}.",
    "knelt_for_cost": "{seat} kneels {cards} to pay a cost.",
    "stood_for_cost": "{seat} stands {cards} to pay a cost.",
    "influence": "{seat} kneels {cards} for influence.",
    "influence/cards=": "{seat} pays influence without kneeling a card.",
    "cancelled": "{card} is cancelled.",
    "deathbound": "{card} goes to {of} dead pile (Deathbound).",
    "put_into_play": lambda w: _put_into_play(w),
    "ambush": "{seat} ambushes with {card}.",
    "into_shadows": "{seat} puts a card into Shadows face down ({count:card} there now).",
    "attached_in_shadows": "{seat} attaches {card} to the card just put into Shadows.",
    "shadow_attachment_discarded": "{card} becomes unattached and goes to {of} discard pile.",
    "shadows_to_hand": "{seat} returns a card from Shadows to their hand ({ref.source}).",
    "out_of_shadows": "{seat} brings {card} out of Shadows.",
    "shadow_discarded": "{card} is discarded from {of} Shadows.",
    "plot_skipped_next_round": "{seat} reveals no new plot next round ({card}).",
    "claim_redirected": "{seat} cancels the claim: {seat.target} satisfies it instead.",
    "claim_cancelled": "{seat} cancels the claim effect of the challenge with {card}.",
    "control": "{seat} takes control of {card} from {seat.source}.",
    "attachment_moved": "{card} moves from {ref.source} to {ref.target}.",
    "ability_copied": "{seat} copies the ability of {card} with {ref.source}.",
    "attached_as_attachment": "{seat} attaches {card} to {ref.target} as an attachment.",
    "unattached": "{seat} unattaches {card} from {ref.source} and puts it into play.",
    "not_attached": "{card} stays in the discard pile: no character can take it.",
    "card_named": "{seat} names {card} ({ref.source}).",
    "card_type_named": "{seat} names the card type {named} ({ref.source}).",
    "trait_named": "{seat} names the Trait {named} ({ref.source}).",
    "challenge_type_named": "{seat} names the challenge type {named} ({ref.source}).",
    "city_watch": "{seat.player} must bring a random card of their Shadows out or discard it "
    "at the beginning of the next phase.",
    # lasting effects, by query; "Lasting effect" marks one without words of its own
    "lasting_effect": "Lasting effect ({type.query}) on {subject} {until}{src}.",
    # text a card gains (abilities.LASTING_PASSIVES), before the words by query
    "lasting_effect/passive=dotn_dragons_fire_str": "{subject} gains: while it attacks, "
    "defending characters get -1 STR, {until}{src}.",
    "lasting_effect/passive=dotn_dragons_fire_zero": "{subject} gains: while it attacks, "
    "defending characters are killed at 0 STR, {until}{src}.",
    "lasting_effect/passive=w_green_fork_melee": "During the epic phase of {subject}, each "
    "unique Clansman and Mercenary character gains melee.",
    "lasting_effect/passive=w_stag_and_rose": "{subject} gets +1 STR for each power on it"
    " {until}{src}.",
    "lasting_effect/passive=kr_banner_str_*": lambda w: _banner_strength(w),
    "lasting_effect/passive=soo82_*": lambda w: _lonely_hills(w),
    "lasting_effect/passive=hts_litany": "{ref.source}: during the dominance phase this round,"
    " all locations count as characters with 3 STR and no icons.",
    "lasting_effect/passive=asots_dorans_scheme_*": "{ref.source}: opponents cannot play event"
    " cards during the {type.phase} phase this round.",
    "lasting_effect/passive=btns_snowed_in": "{ref.source}: character abilities cannot be"
    " triggered {until}.",
    "lasting_effect/passive=soo_tior_raven_penalty": "{ref.source}: the next Maester character"
    " or Chain attachment its player marshals this phase ignores gold penalties.",
    "lasting_effect/passive=cad_khal_no_kneel": "{subject} does not kneel to {declared} during"
    " power challenges {until}{src}.",
    "lasting_effect/passive=cad_no_men_like_me": "{ref.target} does not kneel to {declared}"
    " during military challenges {until} ({ref.source}).",
    "lasting_effect/passive=soo96_*": lambda w: _light_the_way(w),
    "lasting_effect/passive=mom_mountain_clans": "{ref.source}: knelt Clansman characters of its"
    " player can be declared as attackers during military challenges {until}.",
    "lasting_effect/passive=asots_shield_islands_attack": "During the epic phase of"
    " {ref.source}, characters with a [Naval] enhancement can be declared as attackers while"
    " kneeling.",
    "lasting_effect/passive=asots_shield_islands_defend": "During the epic phase of"
    " {ref.source}, characters with a [Naval] enhancement can be declared as defenders while"
    " kneeling.",
    # STR, claim, icons, keywords and other printed values
    "lasting_effect/query=side_strength": _challenge_rule(
        "The {2} of {0} get {w[amount]:+d} total STR {w[until]}{w[src]}."
    ),
    "lasting_effect/query=claim_plot_of": "All players use the base claim of {of.value}"
    " revealed plot {until}{src}.",
    "lasting_effect/query=strength": "{subject} gets {amount:+d} STR {until}{src}.",
    "lasting_effect/query=claim": "{subject} gets {amount:+d} claim {until}{src}.",
    "lasting_effect/query=claim_set": "The claim value on {subject}'s revealed plot card is set"
    " to {value} {until}{src}.",
    "lasting_effect/query=icons": "{subject} {change} {until}{src}.",
    "lasting_effect/query=keywords": "{subject} {change} {until}{src}.",
    "lasting_effect/query=naval": "{subject} {change} {until}{src}.",
    "lasting_effect/query=crests": "{subject} {change} {until}{src}.",
    "lasting_effect/query=houses": "{subject} {change} {until}{src}.",
    "lasting_effect/query=immune": "{subject} {change} {until}{src}.",
    "lasting_effect/query=asots_naval_win": "{subject} won a challenge with a [Naval] attacker"
    " this round{src}.",
    "lasting_effect/query=traits": "{subject} {change} {until}{src}.",
    "lasting_effect/query=dotn_bael": "{subject} {change} while {ref.source} is the revealed plot.",
    "lasting_effect/query=blank": "{subject} has a blank text box {until}{src}.",
    "lasting_effect/query=counts_strength": "{subject} does not count its STR {until}{src}.",
    "lasting_effect/query=dies_at_zero": "{subject} is killed at 0 STR {until}{src}.",
    "lasting_effect/query=renown_power": "{subject} claims {amount} additional power for Renown"
    " {until}{src}.",
    "lasting_effect/query=dominance": "{subject} changes the STR counted for dominance"
    " {until}{src}.",
    # cards that become characters, and marks that link two cards
    "lasting_effect/query=cad_marines": "{subject} becomes an Army character with 3 STR,"
    " deadly and Military and Power icons {until}{src}.",
    "lasting_effect/query=asots_scout_character": "{subject} becomes a character with 2 STR and"
    " Military and Power icons, each with a [Naval] enhancement, {until}{src}.",
    "lasting_effect/query=asots_we_do_not_sow": "{subject} becomes a character with STR equal to"
    " its cost and Military and Power icons {until}{src}.",
    "lasting_effect/query=kr_bane_character": "{subject} takes part in the challenge as a"
    " character with “cannot be killed” {until}{src}.",
    "lasting_effect/query=asots_blood_ritual": "If {ref.card} leaves play, {subject} is killed.",
    "lasting_effect/query=btns_enslaved": "{subject} returns to {of.to} control when"
    " {ref.source} leaves play.",
    "lasting_effect/query=soo93_marked": "If {ref.target} dies before the end of the next"
    " challenges phase while {subject} is in play, {subject} claims 3 power.",
    "lasting_effect/query=agenda_named": lambda w: _agenda_named(w),
    "lasting_effect/query=cad_isles_cancel": "{subject} gains “Response: Kneel attached House"
    " card to cancel a triggered effect.” {until}{src}.",
    "lasting_effect/query=kneels_stealthed": "{subject} gains “After this character bypasses a"
    " character by using Stealth, kneel that character.” {until}{src}.",
    "lasting_effect/query=lannister_bronn": (
        "{ref.source} stands instead if {subject} would be killed while he kneels, {until}."
    ),
    "lasting_effect/query=baratheon_port_named": "{ref.source} names the plot {named}.",
    "lasting_effect/query=kr_coldhands": (
        "{ref.source} returns the characters it removed to play when it leaves play."
    ),
    # what a card may do or have done to it
    "lasting_effect/query=can_stand": "{subject} cannot stand {until}{src}.",
    "lasting_effect/query=can_kneel": "{subject} cannot kneel {until}{src}.",
    "lasting_effect/query=can_kneel_for_cost": "{subject} cannot be knelt to pay a cost"
    " {until}{src}.",
    "lasting_effect/query=can_attack": "{subject} cannot be declared as an attacker {until}{src}.",
    "lasting_effect/query=can_defend": "{subject} cannot be declared as a defender {until}{src}.",
    "lasting_effect/query=can_be_killed": "{subject} cannot be killed {until}{src}.",
    "lasting_effect/query=ignores_cannot_be_killed": "{subject} ignores any effect that would"
    " make it “cannot be killed” {until}{src}.",
    "lasting_effect/query=can_be_saved": "{subject} cannot be saved {until}{src}.",
    "lasting_effect/query=can_be_claimed": "{subject} cannot be chosen to be killed for"
    " military claim {until}{src}.",
    "lasting_effect/query=can_claim_card_power": "{subject} cannot claim power {until}{src}.",
    "lasting_effect/query=can_trigger": "{subject} cannot trigger its abilities {until}{src}.",
    "lasting_effect/query=kneel_to_attack": "{subject} does not kneel to attack {until}{src}.",
    "lasting_effect/query=kneel_to_defend": "{subject} does not kneel to defend {until}{src}.",
    "lasting_effect/query=soo_tior_favored": "{subject} does not kneel to attack or defend"
    " during power challenges {until}{src}.",
    "lasting_effect/query=knelt_can_attack": "{subject} can be declared as an attacker while"
    " kneeling {until}{src}.",
    "lasting_effect/query=knelt_can_defend": "{subject} can be declared as a defender while"
    " kneeling {until}{src}.",
    "lasting_effect/query=kraznys_free": "{ref.source} cannot take control of {subject} again"
    " {during}.",
    # what a player may do
    "lasting_effect/query=can_challenge": _challenge_rule(
        "{0} cannot initiate {2} challenges against {1} {w[until]}{w[src]}."
    ),
    "lasting_effect/query=challenges_allowed": lambda w: _challenges_allowed(w),
    "lasting_effect/query=granted_challenge": "{subject} may initiate {a_type} challenge against"
    " an opponent of their choice this phase{src}.",
    "lasting_effect/query=granted_challenge/next_action=True": "{subject} may initiate {a_type}"
    " challenge against an opponent of their choice as their next action this phase{src}.",
    "lasting_effect/query=cad_elia_opponent": "{subject} may initiate the additional intrigue"
    " challenge only against {seat.opponent} {during}{src}.",
    "lasting_effect/query=can_defend_type": _challenge_rule(
        "The characters of {0} cannot defend during {2} challenges {w[until]}{w[src]}."
    ),
    "lasting_effect/query=challenge_toll": _challenge_rule(
        "{0} must pay {w[seat].to} {w[amount]} gold for each {2} challenge {w[until]}{w[src]}."
    ),
    "lasting_effect/query=declare_all": "To declare attackers or defenders in {type}"
    " challenges, a player must declare all of their eligible characters {until}{src}.",
    "lasting_effect/query=kotst_won_power": "{subject} has won a power challenge this phase and"
    " may initiate military challenges{src}.",
    "lasting_effect/query=lotr_won_intrigue": "{subject} has won an intrigue challenge this"
    " phase and may initiate military and power challenges{src}.",
    "lasting_effect/query=can_play": lambda w: _can_play(w),
    "lasting_effect/query=can_play_responses": "{subject} cannot play responses from their hand"
    " {during}{src}.",
    "lasting_effect/query=cancel_next_effect": lambda w: _pending_cancel(w),
    "lasting_effect/query=can_draw": "{subject} cannot draw cards {until}{src}.",
    "lasting_effect/query=draw_cap": "The draw cap of {subject} gets {amount:+d} {until}{src}.",
    "lasting_effect/query=kr_command_leader": "{subject} has the most cards at their command and"
    " draws 1 card less in this draw phase{src}.",
    "lasting_effect/query=draw_from_bottom": "Players draw from the bottoms of their decks"
    " {until}{src}.",
    "lasting_effect/query=income": "The income of {subject} gets {amount:+d} gold {until}{src}.",
    "lasting_effect/query=reduction": "The next matching card {subject} plays this phase costs"
    " {amount} gold less{src}.",
    "lasting_effect/query=reduction/no_penalty=True": "{subject} ignores all gold penalties on"
    " the next card they play this phase{src}.",
    "lasting_effect/query=pots_trait_cost": "{subject} pays 1 gold less to marshal each"
    " {trait} card {until}{src}.",
    "lasting_effect/query=gold_penalty": "Gold penalties change {until}{src}.",
    "lasting_effect/query=asots_balerion": "The next character {subject} puts into play using"
    " ambush this phase claims 1 power and gains a [Naval] enhancement on its Power icon{src}.",
    "lasting_effect/query=random_plot": "{subject} must choose their next plot at random"
    " {until}{src}.",
    "lasting_effect/query=plot_from_used": "{subject} must choose their next plot this phase"
    " from their used pile{src}.",
    "lasting_effect/query=lotr_edict_of_the_rock": "All players skip the standing phase this"
    " round{src}.",
    # leaving play
    # killed, in one line (with_actors marks the pair): "is killed" said once
    "left_play/killed=1": "{card} is killed and goes to {of} discard pile{returning}.",
    "left_play/to=dead/killed=1": "{card} is killed{returning}.",
    "left_play/to=deck_top/killed=1": "{card} is killed and goes on top of {of} deck{returning}.",
    "left_play": "{card} leaves play for {of} discard pile{returning}.",
    "left_play/to=dead": "{card} leaves play for {of} dead pile{returning}.",
    "left_play/to=hand": "{card} returns to {of} hand{returning}.",
    "left_play/to=deck_top": "{card} goes on top of {of} deck{returning}.",
    "left_play/to=deck_bottom": "{card} goes to the bottom of {of} deck{returning}.",
    "left_play/to=deck_shuffle": "{card} is shuffled into {of} deck{returning}.",
    "left_play/to=removed": "{card} is removed from the game{returning}.",
    "left_play/to=agenda": "{card} leaves play{returning}.",
    "left_play/to=title_pool": "{card} leaves play and is added to the title pool{returning}.",
    "became_agenda": "{seat} attaches {card} to their House card as their only agenda.",
    "agenda_replaced": "{seat}'s agenda {card} is removed from the game.",
    "agenda_returned": "{seat} unattaches {card} from their House card and returns it to play.",
    "agenda_discarded": "{seat}'s agenda {card} is discarded from their House card.",
    "plot_reveal_cancelled": "The revealing of {seat}'s plot {card} is canceled.",
    "house_card_knelt": "{seat}'s House card is knelt.",
    "killed": "{card} is killed.",
    "discarded_from_play": "{card} is discarded from play.",
    "zero_strength": "{cards} drop{s} to 0 STR and must be killed.",
    "saved": "{card} is saved by {saver}.",
    "saved/by=": "{card} is saved.",
    "save_cancelled": "The save of {card} is cancelled.",
    "placed_in_dead_pile": "{card} is placed in {of} dead pile.",
    "shuffled_into_deck": "{seat} shuffles {cards} into their deck.",
    "plots_looked_at": "{seat} looks at the plot deck of {seat.of} ({count:card}).",
    "plot_moved_to_used": "{card} goes from {of} plot deck to their used pile.",
    "when_revealed_cancelled": "The “when revealed” effect of {card} is cancelled.",
    "not_killed": "{card} cannot be killed.",
    "kill_replaced": "{card} would be killed, and leaves play another way instead.",
    "discard_replaced": "{card} would be discarded, and leaves play another way instead.",
    "not_discarded": "{card} cannot be discarded.",
    # hands, decks and piles
    "discarded": "{seat} discards {card} from hand.",
    "discarded/zone=deck": "{seat} discards {card} from the top of their deck.",
    "discarded/zone=duplicate": "{seat}'s duplicate {card} is discarded from play.",
    "discarded/random=True": "{seat} discards {card} at random from hand.",
    "revealed": "{seat} reveals {cards}{why}.",
    "revealed/reason=search": "{seat} searches their deck and reveals {cards}.",
    "revealed/reason=call_their_bluff": "{seat} reveals an opponent's hand: {cards}.",
    "searched": "{seat} searches their deck and takes {card} into hand.",
    "shuffled": "{seat} shuffles their deck.",
    "cards_switched": "{seat} switches a card of their hand with one of the top of their deck.",
    "deck_shuffled": "{seat} shuffles their deck.",
    "pile_shuffled": "{seat} shuffles {count:card} from their {pile} pile into their deck ({ref}).",
    "pile_shuffled/count=0": "{seat} has no card in their {pile} pile to shuffle into their deck"
    " ({ref}).",
    "returned_to_hand": "{seat} returns {card} from their {source} pile to hand.",
    "returned_to_hand/source=": "{seat} returns {card} to hand.",
    "discard_to_deck": "{card} goes from {of} discard pile to the top of their deck.",
    "dead_to_deck": "{card} goes from {of} dead pile to the top of their deck.",
    "discard_to_deck_bottom": "{cards} go from {of} discard pile to the bottom of their deck.",
    "discard_pile_top": "{card} goes back on top of {of} discard pile.",
    "looked_at_deck/count=0": "{seat} stops looking at the top of their deck.",
    "looked_at_deck": "{seat} looks at the top {count:card} of {of.deck} deck.",
    "looked_at_deck/count=1": "{seat} looks at the top card of {of.deck} deck.",
    "deck_card_placed": "{seat} puts that card back on top of {of.deck} deck.",
    # cards of the House expansions
    "discarded_from_deck": "{seat} discards {cards} from the top of their deck.",
    "to_deck_bottom": "{card} goes to the bottom of {of.seat} deck.",
    "unopposed_margin": "{card}: the challenge counts as unopposed if won by {margin} STR.",
    # rounds and phases changed by cards (engine/phase_flow.py)
    "phase_ended": "{card} ends the {type.phase} phase.",
    "round_ended": "{card} ends the round.",
    "phase_repeat": "{card}: the {type.phase} phase will be played again once it ends.",
    "cyvasse_tie": "Several players knelt a character of {strength} STR: nobody returns one.",
    "not_cancelled": "{seat} plays {card}: its effects cannot be cancelled.",
    "looked_at_hand": "{seat} looks at {of.other} hand ({count:card}).",
    "hand_card_to_deck": "{seat} puts a card from {of.other} hand on the {where} of their deck.",
    "looked_at_shadows": "{seat} looks at a card in {of.other} Shadows.",
    "hand_replaced": "{seat} shuffles their hand into their deck and draws {count:card}.",
    "moved_to_discard": "{card} goes from {of.seat} dead pile to their discard pile.",
    "moved_to_dead_pile": "{card} goes from {of.seat} discard pile to their dead pile.",
    "deck_card_placed/where=bottom": "{seat} puts that card on the bottom of {of.deck} deck.",
    # playing from a discard pile, replacements, the last agendas (issue 18)
    "played_from_pile": "{seat} plays {card} from {of.owner} discard pile ({ref.source}).",
    "pile_grant": "{ref.source}: {seat} may play {card} from their discard pile.",
    "played_from_pile/zone=house": "{seat} plays {card} from their House card ({ref.source}).",
    "pile_grant/zone=house": "{ref.source}: {seat} may play {card} from their House card.",
    "played_from_pile/zone=deck": "{seat} plays {card} from the top of their deck ({ref.source}).",
    "pile_grant/zone=deck": "{ref.source}: {seat} may play {card} from the top of their deck.",
    "played_from_pile/zone=attached": (
        "{seat} plays {card} from {ref.source}, placing it on the bottom of {of.owner} deck."
    ),
    "to_deck": "{card} is shuffled into {of.seat} deck.",
    "replaced": "{card} would be discarded and is put into play instead.",
    "not_returned": "{card} cannot be returned to hand.",
    "house_knelt": "{seat} kneels their House card for influence.",
    "placed_on_agenda": "{seat} places {cards} on their agenda.",
    "deck_cut": "{seat} cuts their deck into two stacks ({top} on top, {bottom} below).",
    "hold_chosen": "The {stack} stack ({count:card}) becomes The Hold of {seat}.",
    "hold_to_hand": "{seat} adds a card from The Hold to their hand.",
    "deck_top_to_hand": "{seat} puts the top {count:card} of their deck into their hand.",
    "hand_to_deck": "{seat} shuffles {count:card} from their hand into their deck.",
    "revealed_to_hand": "{seat} adds the revealed {card} to their hand.",
    # table actions and requests, by hand (gameplay/engine/table.py)
    "table/verb=kneel": "{seat} kneels {card} by hand.",
    "table/verb=stand": "{seat} stands {card} by hand.",
    "table/verb=move": lambda w: _table_move(w),
    "table": "{seat} acts by hand on {card}.",
    "table_request": lambda w: _table_request(w),
    "table_answer": lambda w: _table_answer(w),
    # melee titles
    "title": "{seat} chooses the {title} title.",
    "title/second=True": "{seat} chooses the {title} title as a second title for this round.",
    "title_used": "{seat} uses the {title} title for {influence} influence.",
    "title_used/influence=": "{seat} uses the {title} title.",
    "redirected": "{of} challenge is redirected from {seat.old} to {seat.new} by the {title}.",
    "redirected/title=lord_commander": (
        "{seat.new} takes over {of} challenge against {seat.old} as Lord Commander."
    ),
    "redirect_failed": "{of} challenge cannot be redirected and stays against {seat.target}.",
    "support": "{seat} defends for {seat.target}, whom their {title} title supports.",
    "titles_returned": "The titles return to the pool.",
    "second_titles_returned": "The second titles return to the pool.",
    "titles_exchanged": "{seat} exchanges titles with {seat.target} (Myrcella Lannister).",
    # the end
    "simultaneous_win": "{sides} reach the winning total at once: the first player chooses.",
    "game_over": "{side} wins the game.",
    "game_over/reason=round_limit": "The round limit is reached: the game ends without a winner.",
}


def _passive_parts(w: Words, prefix: str) -> list[str]:
    """The parts of a passive's name after ``prefix``: "soo82_1_power_0" -> ["1", "power",
    "0"] (the seat, the challenge type and a count the name was made of)."""
    name = w.e.get("passive")
    return name[len(prefix) :].split("_") if isinstance(name, str) else []


def _seat_part(w: Words, part: str) -> str:
    return w.player(int(part)) if part.isdigit() else "a player"


def _banner_strength(w: Words) -> str:
    """Alester Florent, Damon Marbrand, Mors Umber: "kr_banner_str_<per>_<type>_<seat>"."""
    per, kind, seat = [*_passive_parts(w, "kr_banner_str_"), "", "", ""][:3]
    during = "" if kind in ("any", "") else f" during {slug_words(kind).lower()} challenges"
    return w.fmt(f"{{subject}} gets +{per or 'some'} STR{during} for each Bannerman character ") + (
        f"{_seat_part(w, seat)} controls " + w.fmt("{until}{src}.")
    )


def _lonely_hills(w: Words) -> str:
    """Lonely Hills: "soo82_<seat>_<type>_<challenges before>"."""
    seat, kind = [*_passive_parts(w, "soo82_"), "", ""][:2]
    return (
        f"{_seat_part(w, seat)} raises the claim on their revealed plot card by 1 for their "
        f"next {slug_words(kind or 'unknown').lower()} challenge this phase"
    ) + w.fmt(" ({ref.source}).")


def _light_the_way(w: Words) -> str:
    """We Light the Way: "soo96_<type>"."""
    kind = slug_words("_".join(_passive_parts(w, "soo96_")) or "unknown").lower()
    return w.fmt("{ref.source}: the Maester characters of its player do not kneel to ") + (
        f"{w.declared()} during {kind} challenges " + w.fmt("{until}.")
    )


def _challenges_allowed(w: Words) -> str:
    """ "<seat>:<type>" may initiate ``amount`` more challenges of that type."""
    amount = w.e.get("amount")
    if _is_int(amount) and amount < 0:
        more = f"{count(-amount, '{2} challenge')} fewer"
    elif amount == 1:
        more = "an additional {2} challenge"
    else:
        more = "{w[amount]} additional {2} challenges"
    return _challenge_rule(f"{{0}} may initiate {more} {{w[during]}}{{w[src]}}.")(w)


# What ``<seat>:<kind>`` may not play (rules.play_problem).
_PLAYS = {
    "event": "event cards",
    "from_hand": "cards from their hand",
    "location": "location cards",
}


def _can_play(w: Words) -> str:
    """``can_play`` of ``"<seat>:<kind>"`` (a player) or ``"name:<name>"`` (a card's name,
    as printed, for every player)."""
    subject = w.e.get("subject")
    who, _, what = subject.partition(":") if isinstance(subject, str) else ("", "", "")
    verb = "can" if w.e.get("value") is True else "cannot"
    tail = w.fmt(" {until}{src}.")
    if who == "name":
        return (
            f"No player can play {what}{tail}"
            if verb == "cannot"
            else f"{what} may be played{tail}"
        )
    cards = _PLAYS.get(what, f"{slug_words(what or 'some').lower()} cards")
    return f"{_seat_part(w, who)} {verb} play {cards}{tail}"


def _pending_cancel(w: Words) -> str:
    """Cancels waiting for the next effects (cancels.add_pending_cancel): ``left`` of them,
    triggered by the seat ``by`` (anyone when missing)."""
    left = w.e.get("left")
    count = left if _is_int(left) and left > 1 else 1
    head = "The next effect" if count == 1 else f"The next {count} effects"
    by = f" triggered by {w.player(w.e.get('by'))}" if _is_int(w.e.get("by")) else " triggered"
    when = {"phase": "this phase", "round": "this round"}.get(w.e.get("until"), w.until())
    verb = "is" if count == 1 else "are"
    return f"{head}{by} {when} {verb} cancelled" + w.fmt("{src}.")


_CHALLENGE_TYPES = ("military", "intrigue", "power")


def _agenda_named(w: Words) -> str:
    """What an agenda's owner named at setup: a challenge type or a card."""
    choice = w.e.get("choice")
    if isinstance(choice, str) and _REF.fullmatch(choice):
        named = w.ref("choice")
    elif choice in _CHALLENGE_TYPES:
        named = f"the {choice} challenge type"
    else:
        named = slug_words(choice)
    return w.fmt("{subject} names ") + f"{named}."


def _put_into_play(w: Words) -> str:
    """Who put the card into play and, when it is another seat, who controls it: "ann
    (Baratheon) puts Highgarden Honor Guard into play under ned (Stark)'s control"."""
    if _is_int(w.e.get("by")):
        text = w.fmt("{seat.by} puts {card} into play under {of.seat} control")
    else:
        text = w.fmt("{seat} puts {card} into play")
    if w.e.get("target"):
        text += w.fmt(" attached to {ref.target}")
    return text + "."


# Zones in a table move's words: (from, to).
_TABLE_ZONES = {
    "hand": ("their hand", "their hand"),
    "deck": ("their deck", "their deck"),
    "deck_top": ("the top of their deck", "the top of their deck"),
    "deck_bottom": ("the bottom of their deck", "the bottom of their deck"),
    "discard": ("their discard pile", "their discard pile"),
    "dead": ("their dead pile", "their dead pile"),
    "play": ("play", "play"),
}
# What a request asks, by verb: (about a card, about a player's total).
_REQUEST_WORDS = {
    "kill": "to kill {card}",
    "discard": "to discard {card} from play",
    "hand": "to return {card} to hand",
    "kneel": "to kneel {card}",
    "stand": "to stand {card}",
    "control": "to take control of {card}",
    "power": "to take 1 power from {card}",
}


# What a claim's target has none of (the claim event's ``able``: 0), by type.
_CLAIM_NOTHING = {
    "Power": "has no power on their House card to give {seat}",
    "Military": "has no character that can be killed",
    "Intrigue": "has no card in hand to discard",
}
# When they have less than the claim: all of it goes.
_CLAIM_ALL = {
    "Power": "gives {seat} all {able} power on their House card",
    "Military": "must kill {able:character}, all that can be killed",
    "Intrigue": "discards {able:card}, their whole hand",
}


def _claim(w: Words, kind: str, words: str) -> str:
    """ "Military claim: bob must kill 2 characters.", or what the target really has to
    satisfy it with (``able``, from engines since 2026-11-29): none, or less than the
    claim. An older event without ``able`` keeps the first words."""
    able = w.e.get("able")
    amount = w.e.get("amount")
    if _is_int(able) and _is_int(amount) and able < amount:  # the claim, then what there is
        words = _CLAIM_NOTHING[kind] if able <= 0 else _CLAIM_ALL[kind]
        return w.fmt(f"{kind} claim of {{amount}}: {{seat.target}} {words}.")
    return w.fmt(f"{kind} claim: {{seat.target}} {words}.")


def _table_move(w: Words) -> str:
    """ "ann (Stark) moves Ser Jorah Mormont from their hand to play by hand"; a card that
    stays hidden (hand and deck) is "a card"."""
    source = _TABLE_ZONES.get(w.e.get("source"), ("somewhere", ""))[0]
    to = w.e.get("to")
    what = w.card() if w.e.get("code") or w.e.get("card") else "a card"
    if to == "attach":
        return (
            w.fmt("{seat} attaches ")
            + f"{what} from {source} to "
            + w.ref("target")
            + (" by hand.")
        )
    if to == "house":  # onto a House card (house_of: whose)
        return (
            w.fmt("{seat} attaches ")
            + f"{what} from {source} to "
            + w.fmt("{of.house_of} House card by hand.")
        )
    if to == "marshal":  # from the hand, paying its cost (the gold_paid that follows is quiet)
        onto = (" onto " + w.ref("target")) if w.e.get("target") else ""
        return (
            w.fmt("{seat} marshals ") + f"{what}{onto} by hand, paying {w.e.get('gold', 0)} gold."
        )
    where = _TABLE_ZONES.get(to, ("", "somewhere"))[1]
    return w.fmt("{seat} moves ") + f"{what} from {source} to {where} by hand."


def _season_changed(w: Words) -> str:
    now = w.e.get("season")
    return f"It is now {now.capitalize()}." if isinstance(now, str) else "It is no season now."


def _table_power(w: Words) -> str:
    amount = w.e.get("amount")
    amount = amount if _is_int(amount) else 0
    if isinstance(w.e.get("card"), str):
        verb = "puts" if amount >= 0 else "takes"
        where = "on" if amount >= 0 else "off"
        return (
            w.fmt("{seat} ")
            + f"{verb} {abs(amount)} power {where} "
            + (w.ref("card") + " by hand.")
        )
    verb = "gains" if amount >= 0 else "loses"
    return w.fmt("{seat} ") + f"{verb} {abs(amount)} power on their House card by hand."


def _epic_phase(w: Words) -> str:
    """ "The epic phase of X: each player may initiate a single Military challenge"."""
    types = w.e.get("types")
    kinds = [str(t).capitalize() for t in types] if isinstance(types, list) else []
    kind = f"{' or '.join(kinds)} challenge" if 0 < len(kinds) < 3 else "challenge of any type"
    return w.fmt(f"The epic phase of {{card}}: each player may initiate a single {kind}.")


def _table_gold(w: Words, gained: bool) -> str:
    gold = w.e.get("gold")
    if isinstance(w.e.get("card"), str):
        if gained:
            return w.fmt("{seat} puts {gold} gold from the treasury on {ref} by hand.")
        return w.fmt("{seat} returns {gold} gold on {ref} to the treasury by hand.")
    if gained:
        return w.fmt("{seat} takes {gold} gold from the treasury by hand.")
    return w.fmt("{seat} returns {gold} gold to the treasury by hand.") if gold else ""


def _request_what(w: Words) -> str:
    verb = w.e.get("verb")
    if isinstance(w.e.get("card"), str):
        words = _REQUEST_WORDS.get(verb, "to act on {card}")
        return words.format(card=w.card() if w.e.get("code") else w.ref("card"))
    amount = w.e.get("amount", 1)
    what = "power from their House card" if verb == "power" else "gold"
    return f"to take {amount if _is_int(amount) else 'some'} {what}"


def _request_for(w: Words) -> str:
    code = w.e.get("source_code")
    return f" (for {_call(w._code, code, 'a card')})" if isinstance(code, str) else ""


def _table_request(w: Words) -> str:
    return w.fmt("{seat} asks {seat.to} ") + f"{_request_what(w)}{_request_for(w)}."


def _table_answer(w: Words) -> str:
    answer = w.e.get("answer")
    if answer == "withdrawn":
        return w.fmt("{seat} withdraws their request ") + f"{_request_what(w)}."
    verb = "accepts" if answer == "accepted" else "refuses"
    why = REASONS.get(str(w.e.get("reason")))  # a bot's refusal says why (table_bots.py)
    text = w.fmt("{seat.to} ") + f"{verb} " + w.fmt("{of} request ") + f"{_request_what(w)}"
    return f"{text}: {why}." if why else f"{text}."


Condition = tuple[str, str]


def _variants() -> dict[str, list[tuple[tuple[Condition, ...], str]]]:
    """kind -> [((field, value), ...), key)]: the keys with more conditions first, then
    in table order (TEXTS, then QUIET)."""
    found: dict[str, list[tuple[tuple[Condition, ...], str]]] = {}
    for key in [k for k in (*TEXTS, *sorted(QUIET)) if "/" in k]:
        kind, *conditions = key.split("/")
        pairs = tuple((field, value) for field, _, value in (c.partition("=") for c in conditions))
        found.setdefault(kind, []).append((pairs, key))
    for entries in found.values():
        entries.sort(key=lambda entry: -len(entry[0]))
    return found


_VARIANTS = _variants()


def _matches(value: Any, wanted: str) -> bool:
    """Whether a field's value is the one a key names: ``""`` for a missing or empty one,
    ``"x*"`` for any text that starts with ``x`` (a family of passives)."""
    if value is None or value is False or value == "" or value == []:
        return wanted == ""
    if wanted.endswith("*"):
        return isinstance(value, str) and value.startswith(wanted[:-1])
    return isinstance(value, str | int) and str(value) == wanted


def text_key(event: Event) -> str | None:
    """The key of :data:`TEXTS` (or :data:`QUIET`) that words ``event``, if any: the first
    variant whose every condition ``field=value`` holds, else the kind itself."""
    kind = event.get("event")
    if not isinstance(kind, str):
        return None
    for conditions, key in _VARIANTS.get(kind, ()):
        if all(_matches(event.get(field), value) for field, value in conditions):
            return key
    return kind if kind in TEXTS or kind in QUIET else None


def generic_text(event: Event, *, seat: Callable[[int], str] | None = None) -> str:
    """The sentence for an event kind without words of its own: its name, as words."""
    words = str(event.get("event") or "something happens").replace("_", " ")
    if seat is not None and _is_int(event.get("seat")):
        return f"{_call(seat, event['seat'], 'a player')}: {words}."
    return f"{words[:1].upper()}{words[1:]}."


def event_text(
    event: Event,
    *,
    card: Callable[[str], str],
    code: Callable[[str], str],
    seat: Callable[[int], str],
    side: Callable[[int], str] | None = None,
) -> str | None:
    """One sentence for one log event (None for a :data:`QUIET` one), naming cards with
    ``card(ref)`` (``"c12"``) or ``code(code)`` (``"core_5"``) and players with ``seat(n)``.
    ``side(n)`` names the winner of ``game_over`` and ``simultaneous_win``: a team
    (``seat % 2``) in two-on-two; a seat (the default) otherwise."""
    if not isinstance(event, Mapping):
        return generic_text({})
    key = text_key(event)
    if key in QUIET:
        return None
    render = TEXTS.get(key) if key else None
    if render is None:
        return generic_text(event, seat=seat)
    words = Words(event, card, code, seat, side)
    try:
        text = words.fmt(render) if isinstance(render, str) else render(words)
    except (LookupError, TypeError, ValueError, AttributeError):
        return generic_text(event, seat=seat)  # a field of another shape (older engine)
    return text[:1].upper() + text[1:] if text.startswith(_PLACEHOLDERS) else text


def with_actors(events: Iterable[Event]) -> list[Event]:
    """The events, where a card an ability of one seat put into play under another's
    control (Honor Guard) gains ``by``: the seat that used it, so that its line names
    both; and a card's leaving play and its being killed, next to each other, are marked
    (``killed`` and ``merged``) to read as one line. The engine's events are left as they
    are (replays digest them)."""
    used: dict[str, int] = {}  # card ref -> the seat that last used its ability
    found: list[Event] = []
    leaving: dict[str, int] = {}  # card ref -> index in found of its left_play, this run
    for event in events:
        kind, ref, seat = event.get("event"), event.get("card"), event.get("seat")
        if kind == "ability" and isinstance(ref, str) and _is_int(seat):
            used[ref] = seat
        elif kind == "put_into_play" and isinstance(ref, str) and "by" not in event:
            by = used.pop(ref, None)
            if by is not None and _is_int(seat) and by != seat:
                event = {**event, "by": by}
        # A card killed leaves play, then is killed: one line says both ("Lady is killed.",
        # not "Lady leaves play for ann's dead pile." and "Lady is killed.").
        if kind == "killed" and isinstance(ref, str) and ref in leaving:
            at = leaving.pop(ref)
            found[at] = {**found[at], "killed": 1}
            event = {**event, "merged": 1}
        if kind == "left_play" and isinstance(ref, str):
            leaving[ref] = len(found)
        elif kind != "killed":
            leaving.clear()  # only the kills of the same run of events
        found.append(event)
    return found


def acting_seats(event: Event) -> list[int]:
    """The seats whose doing ``event`` is, for the log's "Mine" filter, read off the event
    alone: an answered table request is the answering seat's (``to``; a withdrawn one its
    asker's), a card put into play by another seat's ability that seat's (``by``), any
    other event its ``seat``'s, else a challenge's ``attacker``'s, else the player a
    lasting effect is on (``subject``: a seat, or a key such as ``"1>2:power"``). Empty
    for an event of nobody (a phase begins; a card's event without a seat, which the board
    gives the card's owner)."""
    kind, seat = event.get("event"), event.get("seat")
    if kind == "table_answer" and event.get("answer") != "withdrawn":
        seat = event.get("to")
    elif kind == "put_into_play" and _is_int(event.get("by")):
        seat = event["by"]
    if not _is_int(seat):
        seat = event.get("attacker")
    if not _is_int(seat):
        subject = event.get("subject")
        if isinstance(subject, str) and _SEAT_KEY.fullmatch(subject):
            subject = int(re.split("[>:]", subject, maxsplit=1)[0])
        seat = subject
    return [seat] if _is_int(seat) else []


def ref_codes(log: Iterable[Event]) -> dict[str, str]:
    """Ref -> code for every ref the log names with its code. A shuffle renews refs and
    ``state.cards`` forgets the old ones; the log still names them (pair it with this)."""
    found: dict[str, str] = {}
    for event in log:
        ref, printed = event.get("card"), event.get("code")
        if isinstance(ref, str) and isinstance(printed, str):
            found[ref] = printed
        refs, codes = event.get("cards"), event.get("codes")
        if isinstance(refs, list) and isinstance(codes, list):
            found.update((r, c) for r, c in zip(refs, codes, strict=False) if isinstance(r, str))
    return found
