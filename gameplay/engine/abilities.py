"""The ability vocabulary: how card text talks to the rules without reaching into them.

A card whose text needs code registers a :class:`Script` under its card code
(``register``). A script declares:

- **passives**: functions folded into a *query* (``strength``, ``icons``, ``claim``,
  ``can_defend`` ...). The engine asks :func:`value` for every derived number or permission,
  so a passive never edits the state; it only answers.
- **abilities**: triggered abilities (:class:`Ability`): actions playable in named phases
  ("Challenges:", "Any Phase:"), responses to engine triggers, saves and cancels. Each has
  costs (:class:`Cost`), an optional target rule, a condition and an effect.
- **when_revealed**: the effect of a plot when it is revealed.

Lasting effects ("until the end of the phase, that character gets +2 STR") are data in
``state.effects`` (:func:`add_lasting`), folded into the same queries and dropped when their
duration ends. Effects that must ask a player something push a prompt step whose
continuation is a handler registered by name (:func:`handler`), so a half-resolved
effect serializes like everything else.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gameplay.engine.card_facts import CardFacts, load_cards
from gameplay.engine.state import GameState

Ctx = dict[str, Any]
PassiveFn = Callable[[GameState, str, Any, Any], Any]
Handler = Callable[[GameState, dict[str, Any], list[str]], None]

NUMERIC = frozenset(
    {
        "strength",
        "plot_income",
        "plot_initiative",  # a revealed plot's initiative value (Cersei's Wheelhouse)
        "income_bonus",
        "income",
        "initiative",
        "claim",
        "draw_phase_cards",
        "challenge_gold",
        "event_gold",
        "dominance",
        "challenges_allowed",  # lasting "+1 challenge this phase" (Myrcella, Lions of the Rock)
        # A side's total STR, subject "<seat>:attackers|defenders" ("add 2 to your total STR
        # during any challenge ...": The Shadow Tower)
        "side_strength",
        # Power a character claims for renown, subject the card (lasting: Shireen Baratheon's
        # agenda, btns_26, "claims 1 additional power")
        "renown_power",
        # A seat's draw cap beyond the draw phase (lasting: Podrick Payne, cad_46)
        "draw_cap",
    }
)
# ``houses``: a card's House affiliations after effects ("give attached character the House
# affiliation of your choice": Imposter!, read through :func:`houses`).
# ``naval``: the icons carrying a [Naval] enhancement (vocabulary/naval.py: White Harbor Dromon).
SETS = frozenset({"icons", "keywords", "immune", "traits", "crests", "houses", "naval"})
# Flags: False unless a passive or lasting effect says True (Drogon's lasting "is killed
# if its STR is 0").
FLAGS = frozenset(
    {"dies_at_zero", "actions_before_reveal", "discarded_at_zero", "no_immunity"}
    | {"knelt_can_defend"}  # "knelt characters may be declared as defenders" (Fox's Teeth)
    # "Knelt X can be declared as attackers during Military challenges": subject (ref, type).
    | {"knelt_can_attack"}
    | {"gold_spendable"}  # gold on this card may be spent as if in the pool (Tywin Lannister)
    # "After this character bypasses a character by using Stealth, kneel that character."
    | {"kneels_stealthed"}
    # An action window at the start of the plot phase, before plots are chosen (Moon Boy).
    | {"actions_before_plots"}
    # "X can declare stealth on characters with stealth" (Stonesnake), subject the attacker.
    | {"stealth_on_stealth"}
    # "Cannot lose icons or have its STR reduced" (Stalwart Shield): abilities.UNREDUCIBLE.
    | {"unreducible"}
    # "Cannot have its STR lowered by card effects" (Flaming Sword): STR only, not icons.
    | {"strength_unreducible"}
    # "Cannot have its STR raised or lowered by card effects" (Rhymes with Meek).
    | {"strength_fixed"}
    # A card in a hand may be put into play by Ambush (subject (seat, ref)): Dragon Egg.
    | {"hand_ambush"}
    # "Plays with the top card of his or her deck revealed" (Noyne), subject a seat.
    | {"deck_top_revealed"}
    # "Ignores any effect that would make it 'cannot be killed'" (White Harbor): allowed().
    | {"ignores_cannot_be_killed"}
    # "X can defend [Intrigue] challenges ..." without the icon (Yoren): subject (ref, type).
    | {"defends_without_icon"}
)  # no_immunity: "characters lose all immunities" (Den of the Wolf)
# Anything else is a permission: True unless a passive or lasting effect says otherwise.

DURATIONS = ("challenge", "phase", "round", "play")


@dataclass(frozen=True)
class Cost:
    """A cost paid before an ability resolves.

    ``kneel_self``; ``discard_self`` (from play, cannot be saved); ``gold`` (``amount``);
    ``influence`` (``amount``, by kneeling cards with influence); ``kneel`` (``amount`` of
    your standing characters that ``match``, chosen by the player; ``what`` names them in
    messages: "House Stark character"); ``stand`` (``amount`` of your knelt characters that
    ``match``: "Stand a [Stark] character you control to ..."); ``house_power`` (``amount``
    power discarded from your House card to the pool); ``kneel_house`` (kneel the House card
    the source sits on, "kneel attached House card to ...": the round's mark
    ``house_knelt:<seat>``); ``kill_target`` (the chosen target is
    killed as the cost is paid, cannot be saved: "Choose and kill a character you control
    (cannot be saved) to ...", the targets listing only characters that can be killed). An
    event's own discard is
    not a cost here: playing an event always puts it in the discard pile (or the dead pile,
    Deathbound).
    """

    kind: str
    amount: int = 0
    match: Callable[[GameState, str], bool] | None = None
    what: str = ""
    # ``kneel``: any card type may be knelt, not only characters ("Kneel a Direwolf card");
    # ``stand``: any card type may be stood ("stand 1 influence providing card": w_15).
    any_type: bool = False
    # An amount X known only when the cost is paid, ``count(state, ctx)`` (instead of
    # ``amount``): "Kneel X influence ... X is the number of neutral characters in play".
    count: Callable[[GameState, Ctx], int] | None = None
    # ``kneel``: "Kneel X ... to ..." with X the player's choice: at least ``amount``, as many
    # more of the candidates as the player chooses (the effect reads ``ctx["knelt"]``).
    any_number: bool = False
    # ``kneel`` with ``any_number``: at most this many ("to a maximum of 3": Feed it to the
    # Goats, w_108); None: no maximum.
    most: int | None = None


KNEEL_SELF = Cost("kneel_self")
DISCARD_SELF = Cost("discard_self")
# "Kill X (cannot be saved) to ...": the card goes to the dead pile as the cost is paid;
# the "killed" trigger opens once the ability has resolved.
KILL_SELF = Cost("kill_self")
# "Remove X from the game (cannot be saved) to ...": out of the game as the cost is paid.
REMOVE_SELF = Cost("remove_self")
# "Put X into Shadows to ...": X returns from play to its owner's Shadows as the cost is
# paid (uses.return_to_shadows: cannot be saved; it may not come out again this round).
SHADOW_SELF = Cost("shadow_self")
# "Return X to your hand to ...": X returns from play to its owner's hand as the cost is
# paid (cannot be saved; the permission ``can_return_to_hand`` may forbid it). Cragorn.
RETURN_SELF = Cost("return_self")
# "agenda": the player's agenda card (out of play, public, never blank);
# "opponent_agenda": an opponent's agenda whose text gives you an ability (Alliance).
# "plot": the player's revealed plot card ("Any Phase: Pay 1 gold to give Unconventional
# Warfare the Military Battle ... trait").
# "any_dead": every player's dead pile ("Any player can trigger this response": Rhaegar).
# "any_play": every card in play, whoever controls it ("(Any player may trigger this
# effect.)": Steelshanks Walton).
# "shadows": the player's own Shadows (hidden, like the hand): "Challenges: Pay the rest of
# Guardian Wolf's cost to bring it out of Shadows ... as a participant" (soo_61).
# "deck_top": the top card of the player's deck, for a card put there as it left play
# (Stalwart): "After Ser Kyle Condon is killed or discarded from play, draw 1 card" (atoc_101).
# "title": a card the player holds as a title of the melee pool (Aurane Waters, asots_100:
# "As a Title, Aurane Waters gains: ...").
ZONES = (
    *("play", "hand", "dead", "discard", "agenda", "opponent_agenda", "plot", "any_dead"),
    *("any_play", "shadows", "deck_top", "title"),
)
PERIODS = ("round", "phase", "challenge")


@dataclass(frozen=True)
class Ability:
    """A triggered ability.

    ``kind``: ``action`` (used in ``phases``; "any" for Any Phase), ``response`` (after the
    engine trigger ``trigger``), ``save`` (when a card would leave play) or ``cancel``.
    ``zones``: where the card must be for the ability to be used: ``play`` (default),
    ``hand`` (events; "put X into play from your hand"), ``dead``, ``discard``.
    ``targets(state, ctx)`` lists candidate target refs (one is chosen) or is None;
    ``condition(state, ctx)`` must hold; ``effect(state, ctx)`` resolves it (``ctx`` has
    ``source``, ``seat``, ``target`` and, for responses, ``event``).
    ``limit``: ``(times, period)`` with period ``round``, ``phase`` or ``challenge``
    ("Limit 3 times per round"); counted per card in play, and per player for events.
    ``label``: what the browser shows; by default the card's name and the text line of the
    ability (:func:`ability_label`).
    """

    kind: str
    effect: Callable[[GameState, Ctx], None]
    phases: tuple[str, ...] = ("any",)
    trigger: str | None = None
    costs: tuple[Cost, ...] = ()
    targets: Callable[[GameState, Ctx], list[str]] | None = None
    condition: Callable[[GameState, Ctx], bool] | None = None
    limit: tuple[int, str] | None = None
    limited_response: bool = False
    zones: tuple[str, ...] = ("play",)
    label: str | None = None
    # "(Cannot be canceled.)": no cancel applies to its effect (gameplay.engine.cancels).
    cannot_be_cancelled: bool = False
    # Whether its effect lets a player search a deck (Herald of the King cancels such
    # effects); None: read from its text line (cancels.searches).
    search: bool | None = None

    def __post_init__(self) -> None:
        if not set(self.zones) <= set(ZONES):
            raise ValueError(f"zones must be among {ZONES}")
        if self.limit is not None and self.limit[1] not in PERIODS:
            raise ValueError(f"limit period must be one of {PERIODS}")


@dataclass
class Script:
    """Everything a card's text adds to the rules (see the module docstring)."""

    passives: dict[str, list[PassiveFn]] = field(default_factory=dict)
    abilities: list[Ability] = field(default_factory=list)
    when_revealed: Callable[[GameState, Ctx], None] | None = None
    # Forced effects at engine moments ("standing_begins" ...) and triggers ("killed" ...).
    forced: dict[str, list[Callable[[GameState, Ctx], None]]] = field(default_factory=dict)
    # Attachments: may this card be attached to ``target`` by ``seat`` ("House Stark
    # character only", "Attach to an opponent's character", "Limit 1 per character")?
    attach_rule: Callable[[GameState, str, str, int | None], bool] | None = None
    # Attachments that blank the character they are attached to (Milk of the Poppy).
    blanks_attached: bool = False
    # "You may choose to play X as an attachment to your House card" (the Chambers).
    house_attachment: bool = False
    # Which House cards it may go on: ``rule(state, code, house_seat, seat)`` ("Attach to a
    # player's House card", "Limit 1 per House card"); None: ``seat``'s own (house_card.py).
    house_rule: Callable[[GameState, str, int, int], bool] | None = None
    # Attachments: the card types it may be attached to when not only characters ("Attach
    # to a non-limited location or attachment": Frozen Solid); ``attach_rule`` still applies.
    attach_types: tuple[str, ...] = ("character",)
    # Where its forced effects are active, when not in play ("While X is in your dead pile,
    # he gains: 'At the beginning of ...'": Theon Greyjoy, ("dead",)); see PILE_FORCED.
    forced_zones: tuple[str, ...] = ("play",)


_POOLS: dict[str, Mapping[str, CardFacts]] = {}


def pool(state: GameState) -> Mapping[str, CardFacts]:
    """The card facts the state's cards refer to."""
    found = _POOLS.get(state.card_source)
    if found is None:
        found = _POOLS[state.card_source] = load_cards(state.card_source or None)
    return found


# Card faces in play: code -> fn(state, ref, printed) giving the facts a card of that code
# has while it is in play, when they differ from the printed ones (an event put into play
# "as a character with 3 STR, a Military icon ...": Missing Recruit; a character that is an
# attachment while attached). Every rule reads type, STR, icons, keywords and traits through
# :func:`facts`, so a face changes them all; out of play the printed card is back.
FACES: dict[str, Callable[[GameState, str, CardFacts], CardFacts]] = {}


def facts(state: GameState, ref: str) -> CardFacts:
    """The printed facts of a card instance (its face in play: :data:`FACES`)."""
    found = _POOLS.get(state.card_source)
    if found is None:
        found = pool(state)
    code = state.cards[ref].code
    if code in FACES and ref in state.in_play:
        return FACES[code](state, ref, found[code])
    return found[code]


# --- Gained text ("X gains the printed text of that card": Jaqen H'ghar, soo_35) ---------
# A card whose code is in TEXT_TAKERS may gain another card's printed text: a ``text_of``
# effect on it (``code``: the card whose text it gains, ``card``: that card's ref; until it
# leaves play, :func:`gain_text`). Its script is then its own and that card's together
# (:func:`script_of`): every ability, forced effect and passive of that code works with the
# taker as its source. Only TEXT_TAKERS codes are looked at, so other cards cost nothing.
TEXT_OF = "text_of"
TEXT_TAKERS: set[str] = set()
_MERGED: dict[tuple[int, str, str], Script] = {}


def gained_text(state: GameState, ref: str) -> str | None:
    """The code whose printed text ``ref`` has gained, if any."""
    card = state.cards.get(ref)
    if card is None or card.code not in TEXT_TAKERS:
        return None
    for effect in state.effects:
        if effect["query"] == TEXT_OF and effect["subject"] == ref:
            return str(effect["code"])
    return None


def has_text_of(state: GameState, ref: str, codes: Iterable[str] | None) -> bool:
    """Whether ``ref``'s text is one of ``codes``' (its own, or a text it gained)."""
    if not codes:
        return False
    code = state.cards[ref].code
    if code in codes:
        return True
    if code not in TEXT_TAKERS:
        return False
    gained = gained_text(state, ref)
    return gained is not None and gained in codes


def script_of(state: GameState, ref: str) -> Script | None:
    """The script that plays ``ref``'s text: its code's, with a gained text's added."""
    code = state.cards[ref].code
    if code not in TEXT_TAKERS:
        return SCRIPTS.get(code)
    gained = gained_text(state, ref)
    own = SCRIPTS.get(code)
    other = SCRIPTS.get(gained) if gained is not None else None
    if other is None or own is None:
        return own if other is None else other
    key = (REGISTRY["version"], code, str(gained))
    merged = _MERGED.get(key)
    if merged is None:
        passives = {q: list(fns) for q, fns in own.passives.items()}
        for query, fns in other.passives.items():
            passives.setdefault(query, []).extend(fns)
        forced = {m: list(effects) for m, effects in own.forced.items()}
        for moment, effects in other.forced.items():
            forced.setdefault(moment, []).extend(effects)
        merged = replace(
            own, passives=passives, abilities=[*own.abilities, *other.abilities], forced=forced
        )
        _MERGED[key] = merged
    return merged


def gain_text(state: GameState, ref: str, card: str) -> None:
    """``ref`` (a TEXT_TAKERS card in play) gains ``card``'s printed text until it leaves
    play (its facts: the taker's ``FACES`` reads the effect's ``card``)."""
    state.effects = [
        e for e in state.effects if not (e["query"] == TEXT_OF and e["subject"] == ref)
    ]
    effect = {"query": TEXT_OF, "subject": ref, "until": "play", "source": ref}
    state.effects.append({**effect, "code": state.cards[card].code, "card": card})
    state.emit("text_gained", card=ref, code=state.code(ref), of=card, of_code=state.code(card))


class _Scripts(dict):
    """The registry of scripts by card code; any change (also a test's monkeypatch)
    bumps ``REGISTRY["version"]`` so caches of what scripts answer refresh."""

    def __setitem__(self, key: str, value: Script) -> None:
        REGISTRY["version"] += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        REGISTRY["version"] += 1
        super().__delitem__(key)


# Bumped by every change of SCRIPTS and every register() call.
REGISTRY = {"version": 0}
SCRIPTS: dict[str, Script] = _Scripts()
# query -> codes with a passive for it: most queries have none, so value() skips the scan.
PASSIVE_CODES: dict[str, set[str]] = {}
HANDLERS: dict[str, Handler] = {}
# moment -> codes with a forced effect for it (a rare moment can skip fire_forced).
FORCED_CODES: dict[str, set[str]] = {}
BLANKING_CODES: set[str] = set()
# Codes whose text box "cannot be blanked" (Twist of Fate): is_blank is never True for them.
UNBLANKABLE: set[str] = set()
# Code -> the piles (``dead``, ``discard``) from which its forced effects are active instead
# of play (``register(..., forced_zones=...)``): fire_forced looks there for these codes only.
PILE_FORCED: dict[str, tuple[str, ...]] = {}
# Blanking attachments that blank their host only while it is of these types (Veteran
# Marauder: "Treat that location as if its printed text box were blank").
BLANKING_HOST_TYPES: dict[str, tuple[str, ...]] = {}
# Plot code -> card types whose text is blank while that plot is revealed (Fortified
# Position: "Treat all characters in play as though their printed text boxes were blank").
BLANKING_PLOTS: dict[str, tuple[str, ...]] = {}
# Blanking attachments that blank their host only while ``fn(state, attachment)`` holds
# (Climbing Spikes: "If you control at least 1 Wildling character, treat attached location
# as if its printed text box were blank").
BLANKING_WHEN: dict[str, Callable[[GameState, str], bool]] = {}
EFFECTS: dict[str, Callable[[GameState, Ctx], None]] = {}
# Called with (state, the effect) after each lasting effect is added: a card package may
# open a trigger from it ("after a character's STR is reduced": Killer of the Wounded).
LASTING_HOOKS: list[Callable[[GameState, dict[str, Any]], None]] = []
# Text a card gains for a while ("Until the end of the phase, that character gains: 'While
# this character is attacking, ...'": The Dragon's Fire): a lasting effect with a ``passive``
# key names one of these; :func:`value` calls it like a passive of that card (the effect's
# subject, as ``source``) for every subject of the effect's query, while it is not blank.
LASTING_PASSIVES: dict[str, PassiveFn] = {}

# House cards with text: House name -> the code of that House's card (the first edition's
# only one is Neutral Faction, bwb_18: "Reduce the gold penalty on out of House character
# cards you play from your hand or place during setup by 1", the House "Neutral"). A House
# card is in no zone; the rules ask its passives through :func:`house_card_value`.
HOUSE_CARDS: dict[str, str] = {}


def house_card_value(state: GameState, seat: int, query: str, subject: Any, base: Any) -> Any:
    """``base`` after the passives for ``query`` of ``seat``'s House card (:data:`HOUSE_CARDS`),
    called with the source ``house_<seat>``; ``base`` when its House card has no text."""
    code = HOUSE_CARDS.get(state.players[seat].house)
    script = SCRIPTS.get(code) if code is not None else None
    for fn in script.passives.get(query, ()) if script is not None else ():
        base = fn(state, f"house_{seat}", subject, base)
    return base


def register(
    code: str,
    *abilities: Ability,
    passives: dict[str, PassiveFn | list[PassiveFn]] | None = None,
    when_revealed: Callable[[GameState, Ctx], None] | None = None,
    forced: dict[str, Callable[[GameState, Ctx], None]] | None = None,
    attach_rule: Callable[[GameState, str, str, int | None], bool] | None = None,
    blanks_attached: bool = False,
    house_attachment: bool = False,
    house_rule: Callable[[GameState, str, int, int], bool] | None = None,
    cannot_be_blanked: bool = False,
    forced_zones: tuple[str, ...] | None = None,
) -> Script:
    """Register (or extend) the script of a card code. ``cannot_be_blanked``: "This text
    box cannot be blanked" (:func:`is_blank`). ``forced_zones``: the zones where its forced
    effects are active, e.g. ``("dead",)`` for text active only in its owner's dead pile."""
    script = SCRIPTS.setdefault(code, Script())
    REGISTRY["version"] += 1
    if cannot_be_blanked:
        UNBLANKABLE.add(code)
    if forced_zones is not None:
        script.forced_zones = forced_zones
        PILE_FORCED[code] = forced_zones
    if attach_rule is not None:
        script.attach_rule = attach_rule
    if house_attachment or house_rule is not None:
        script.house_attachment = True
    if house_rule is not None:
        script.house_rule = house_rule
    if blanks_attached:
        script.blanks_attached = True
        BLANKING_CODES.add(code)
    script.abilities.extend(abilities)
    for query, fns in (passives or {}).items():
        fns = fns if isinstance(fns, list) else [fns]
        script.passives.setdefault(query, []).extend(fns)
        PASSIVE_CODES.setdefault(query, set()).add(code)
    if when_revealed is not None:
        script.when_revealed = when_revealed
    for moment, fn in (forced or {}).items():
        script.forced.setdefault(moment, []).append(fn)
        FORCED_CODES.setdefault(moment, set()).add(code)
    return script


def fire_forced(
    state: GameState,
    moment: str,
    event: dict[str, Any] | None = None,
    position: int = 0,
) -> None:
    """Schedule the forced effects of active sources at ``moment`` as steps, in turn order
    of their controllers (the first player orders simultaneous passive effects). As steps,
    an effect that asks a question is answered before the next effect starts.

    For a trigger with an ``event``, the cards the event names (``event["cards"]`` or
    ``event["card"]``) count as sources wherever they are now, so "After X is killed"
    text on X itself is found in the dead pile."""
    codes = FORCED_CODES.get(moment)
    if not codes or not in_game(state, codes):
        return  # no card of this game has a forced effect at this moment
    order = state.turn_order()
    found = []
    involved = _event_cards(event)
    candidates = list(sources(state))
    # (not twice: a revealed plot the event names is a source already)
    candidates += [
        r for r in involved if r in state.cards and r not in state.in_play and r not in candidates
    ]
    if in_game(state, PILE_FORCED):
        piled = pile_sources(state)
        candidates = [r for r in candidates if _forced_here(state, r, piled)]
        candidates += [r for r in piled if r not in candidates]
    cards = state.cards
    for ref in candidates:
        code = cards[ref].code
        if code not in codes and code not in TEXT_TAKERS:
            continue  # its script has no forced effect at this moment (FORCED_CODES)
        script = script_of(state, ref)
        if script is not None and moment in script.forced and not is_blank(state, ref):
            for index in range(len(script.forced[moment])):
                found.append((order.index(controller(state, ref)), ref, index))
    found.sort(key=lambda item: item[0])
    steps = [
        {"name": "forced", "moment": moment, "source": r, "index": i, "event": event or {}}
        for _, r, i in found
    ]
    state.queue[position:position] = steps


def pile_sources(state: GameState) -> list[str]:
    """Cards in a pile whose forced effects are active there (:data:`PILE_FORCED`)."""
    found = []
    for player in state.players:
        for zone, cards in (("dead", player.dead), ("discard", player.discard)):
            found += [r for r in cards if zone in PILE_FORCED.get(state.cards[r].code, ("play",))]
    return found


def _forced_here(state: GameState, ref: str, piled: list[str]) -> bool:
    """Whether ``ref``'s forced effects are active where it is: every card's in play (and,
    named by the event, wherever it is), but a :data:`PILE_FORCED` card's only in its piles
    (``piled``: :func:`pile_sources`)."""
    zones = PILE_FORCED.get(state.cards[ref].code)
    return zones is None or "play" in zones or ref in piled


def _event_cards(event: dict[str, Any] | None) -> list[str]:
    if not event:
        return []
    cards = list(event.get("cards") or ())
    if event.get("card"):
        cards.append(event["card"])
    return cards


def run_forced(state: GameState, step: dict[str, Any]) -> None:
    """The ``forced`` step: one forced effect, if its source is still active (or, for a
    card the triggering event names, still where the event left it)."""
    ref = step["source"]
    if ref not in state.cards:
        return
    event = step.get("event") or {}
    if ref not in set(sources(state)) and ref not in _event_cards(event):
        if not (PILE_FORCED and ref in pile_sources(state)):
            return
    elif PILE_FORCED and not _forced_here(state, ref, pile_sources(state)):
        return
    found = script_of(state, ref)
    fns = found.forced.get(step["moment"], []) if found is not None else []
    if step["index"] >= len(fns):  # a gained text lost since (Jaqen H'ghar)
        return
    fn = fns[step["index"]]
    seat = controller(state, ref)
    as_acting(state, seat, fn, state, {"source": ref, "seat": seat, "event": event})


def acting(state: GameState) -> int | None:
    """The seat whose card effect is resolving now (an ability, a forced effect, a plot's
    "when revealed", a delayed effect, or a prompt's continuation with a ``seat``), else
    None: "cannot be returned to your hand by your card effects" (Aloof and Apart). Kept
    out of the state's data (set and reset around the call)."""
    found = state.__dict__.get("_acting")
    return found if isinstance(found, int) else None


def as_acting(state: GameState, seat: Any, fn: Callable[..., Any], *args: Any) -> Any:
    """Call ``fn(*args)`` with ``seat`` as the :func:`acting` seat."""
    before = state.__dict__.get("_acting")
    state.__dict__["_acting"] = seat
    try:
        return fn(*args)
    finally:
        state.__dict__["_acting"] = before


def handler(name: str) -> Callable[[Handler], Handler]:
    """Register a prompt continuation under ``name`` (the name is what steps store)."""

    def wrap(fn: Handler) -> Handler:
        if name in HANDLERS and HANDLERS[name] is not fn:
            raise ValueError(f"Two handlers are named {name!r}.")
        HANDLERS[name] = fn
        return fn

    return wrap


def controller(state: GameState, ref: str) -> int:
    """Who controls a card in play (a plot: its owner)."""
    record = state.in_play.get(ref)
    return record.controller if record is not None else state.cards[ref].owner


def game_codes(state: GameState) -> frozenset[str]:
    """The codes of every card of the game, wherever it is (a check for a rare card's text
    costs nothing in a game without it). Cached on the state while its cards stay the same
    (a card given a new id keeps its code)."""
    key = len(state.cards)
    cached = state.__dict__.get("_game_codes")
    if cached is not None and cached[0] == key:
        return cached[1]
    found = frozenset(card.code for card in state.cards.values())
    state.__dict__["_game_codes"] = (key, found)
    return found


def in_game(state: GameState, codes: Collection[str] | None) -> bool:
    """Whether some card of the game has one of ``codes``."""
    return bool(codes) and not game_codes(state).isdisjoint(codes or ())


def sources(state: GameState) -> Iterator[str]:
    """Cards whose passive text is active: revealed plots and cards in play."""
    for player in state.players:
        if player.revealed_plot:
            yield player.revealed_plot
        yield from player.in_play
    yield from agenda_cards(state).values()


def agenda_cards(state: GameState) -> dict[int, str]:
    """Seat -> the ref of its agenda card (an instance made at game start, in no zone:
    its text is active all game, like a revealed plot's). Empty when nobody has one."""
    if not any(p.agenda for p in state.players):
        return {}
    # An agenda card is never renewed, a new card bumps next_id; a card made an agenda
    # (``Player.agenda_card``: a character "attached to your House card as your only
    # agenda") is that seat's agenda, whatever other copies of its code the seat owns.
    made = tuple(p.agenda_card for p in state.players)
    key = (state.next_id, made)
    cached = state.__dict__.get("_agenda_cards")
    if cached is not None and cached[0] == key:
        return cached[1]
    wanted = {p.seat: p.agenda for p in state.players if p.agenda and p.agenda_card is None}
    found = {
        card.owner: ref
        for ref, card in state.cards.items()
        if wanted.get(card.owner) == card.code  # agendas are never in a deck
    }
    found.update({seat: ref for seat, ref in enumerate(made) if ref is not None})
    state.__dict__["_agenda_cards"] = (key, found)
    return found


def agenda_of(state: GameState, seat: int) -> str | None:
    """The ref of ``seat``'s agenda card, if it has one."""
    return agenda_cards(state).get(seat)


def agenda_traits(state: GameState, seat: int) -> set[str]:
    """Printed traits of ``seat``'s agenda ("Treaty", "Seasons", "The North")."""
    ref = agenda_of(state, seat)
    return set(facts(state, ref).traits) if ref else set()


def season(state: GameState) -> str | None:
    """ "summer", "winter" or None: Summer while more revealed plots have the Summer
    trait than the Winter trait, Winter while more have Winter (traits after effects),
    then the ``season`` query (A Song of Fire: "it cannot be Winter")."""
    counts = {"Summer": 0, "Winter": 0}
    for player in state.players:
        if player.revealed_plot:
            for word in traits(state, player.revealed_plot) & set(counts):
                counts[word] += 1
    base = None
    if counts["Summer"] > counts["Winter"]:
        base = "summer"
    elif counts["Winter"] > counts["Summer"]:
        base = "winter"
    found = value(state, "season", None, base)
    # "Any effect that would make it Summer or Winter is inactive" (The Raven's Song).
    return None if value(state, "no_season", None, False) else found


def live_queries(state: GameState) -> frozenset[str]:
    """The passive queries some card of the game has a passive for (wherever the card is):
    any other query has no passive source, so :func:`value` reads only the lasting effects.
    Cached on the state while its cards and the registry stay the same."""
    key = (len(state.cards), REGISTRY["version"])
    cached = state.__dict__.get("_live_queries")
    if cached is not None and cached[0] == key:
        return cached[1]
    codes = game_codes(state)
    found = frozenset(q for q, having in PASSIVE_CODES.items() if not codes.isdisjoint(having))
    state.__dict__["_live_queries"] = (key, found)
    return found


def quiet(state: GameState, query: str) -> bool:
    """Whether no card of the game has a passive for ``query`` and no lasting effect is of
    that query: then :func:`value` gives every subject its ``base`` unchanged, and a caller
    may skip asking (and building the subjects it would ask about)."""
    if query in live_queries(state):
        return False
    for effect in state.effects:  # noqa: SIM110 - a loop: no generator on a hot path
        if effect["query"] == query:
            return False
    return True


def _passive_sources(state: GameState, query: str) -> list[tuple[str, list[PassiveFn]]]:
    """The active sources with a passive for ``query`` and their functions. Cached per
    state, log length, effect count and cards in play: cards enter and leave play, plots
    are revealed and texts are blanked by logged moves (a copied state starts afresh)."""
    key = (len(state.log), len(state.effects), len(state.in_play))
    cache: tuple[tuple[int, int, int], dict[str | None, Any]] | None
    cache = state.__dict__.get("_passive_cache")
    if cache is None or cache[0] != key:
        cache = (key, {})
        state.__dict__["_passive_cache"] = cache
    found = cache[1].get(query)
    if found is None:
        codes, cards = PASSIVE_CODES[query], state.cards
        # The sources and their codes, read once for every query (under the key None).
        coded = cache[1].get(None)
        if coded is None:
            coded = cache[1][None] = [
                (ref, code)
                for ref in sources(state)
                if (code := cards[ref].code) not in TEXT_TAKERS
            ]
        found = [
            (ref, SCRIPTS[code].passives[query])
            for ref, code in coded
            if code in codes and not is_blank(state, ref)
        ]
        if TEXT_TAKERS and in_game(state, TEXT_TAKERS):  # a gained text (Jaqen H'ghar)
            for ref in sources(state):
                taker = cards[ref].code in TEXT_TAKERS and has_text_of(state, ref, codes)
                if taker and not is_blank(state, ref):
                    script = script_of(state, ref)
                    if script is not None and query in script.passives:
                        found.append((ref, script.passives[query]))
        cache[1][query] = found
    return found


# Queries whose value a card may forbid to lower: "cannot lose icons, have their STR
# reduced" (Stalwart Shield), the flag ``unreducible`` on the subject (a card in play).
UNREDUCIBLE = ("strength", "icons")
# "Cannot have its STR raised or lowered by card effects" (Rhymes with Meek, btns_103): the
# flag ``strength_fixed`` on a card in play; its STR is the printed one (Melee still counts).
STR_FIXED = "strength_fixed"


def value(state: GameState, query: str, subject: Any, base: Any) -> Any:
    """``base`` after every passive of an active source and every lasting effect."""
    # live_queries and _passive_sources as they are kept on the state, read here without
    # calling them while their keys hold (the engine's most called function).
    kept = state.__dict__
    cached = kept.get("_live_queries")
    if cached is not None and cached[0] == (len(state.cards), REGISTRY["version"]):
        live = cached[1]
    else:
        live = live_queries(state)
    if query == "strength" and STR_FIXED in live and value(state, STR_FIXED, subject, False):
        return base  # "cannot have its STR raised or lowered by card effects" (Rhymes with Meek)
    if query in UNREDUCIBLE and _unreduced(state, query, subject):
        return _value_unreduced(state, query, subject, base)
    if query in live:
        cache = kept.get("_passive_cache")
        found = None
        if cache is not None and cache[0] == (
            len(state.log),
            len(state.effects),
            len(state.in_play),
        ):
            found = cache[1].get(query)
        for ref, fns in _passive_sources(state, query) if found is None else found:
            for fn in fns:
                base = fn(state, ref, subject, base)
    for effect in state.effects:
        if effect["query"] != query:
            continue
        if "passive" in effect:  # gained text (LASTING_PASSIVES): any subject
            if not is_blank(state, effect["subject"]):
                base = LASTING_PASSIVES[effect["passive"]](state, effect["subject"], subject, base)
        elif effect["subject"] == subject:
            if query in NUMERIC:
                base += effect["amount"]
            elif query in SETS:
                base = (base | set(effect.get("add", ()))) - set(effect.get("remove", ()))
            elif query in FLAGS:
                base = base or effect["value"]
            else:
                base = base and effect["value"]
    return base


def _unreduced(state: GameState, query: str, subject: Any) -> bool:
    """Whether no effect may lower ``query`` of ``subject``: the flag ``unreducible`` (STR
    and icons), or ``strength_unreducible`` for STR alone (Flaming Sword)."""
    live = live_queries(state)
    if "unreducible" in live and value(state, "unreducible", subject, False):
        return True
    return (
        query == "strength"
        and "strength_unreducible" in live
        and value(state, "strength_unreducible", subject, False)
    )


def _value_unreduced(state: GameState, query: str, subject: Any, base: Any) -> Any:
    """:func:`value` of ``strength`` or ``icons`` for a card whose STR cannot be reduced
    and which cannot lose icons: every passive and lasting effect may only raise it."""
    if query in PASSIVE_CODES:
        for ref, fns in _passive_sources(state, query):
            for fn in fns:
                found = fn(state, ref, subject, base)
                base = max(base, found) if query == "strength" else base | set(found)
    for effect in state.effects:
        if effect["query"] != query:
            continue
        if "passive" in effect:  # gained text (LASTING_PASSIVES): may only raise it too
            if not is_blank(state, effect["subject"]):
                found = LASTING_PASSIVES[effect["passive"]](state, effect["subject"], subject, base)
                base = max(base, found) if query == "strength" else base | set(found)
        elif effect["subject"] == subject:
            if query == "strength":
                base += max(0, effect["amount"])
            else:
                base = base | set(effect.get("add", ()))
    return base


# A flag (lasting effect or passive, subject a card): the card "ignores any effect that would
# make it 'cannot be killed'" (White Harbor, asots_87): its ``can_be_killed`` is always True.
# "Each character with ... comes into play knelt" (Ser Robert Strong, cad_26): the passive
# ``enters_knelt`` (subject ``(seat, ref)``: the card about to come into play under
# ``seat``'s control, base False), read as a card is marshalled, put into play or comes out
# of Shadows (:func:`enters_knelt`).
ENTERS_KNELT = "enters_knelt"


def enters_knelt(state: GameState, seat: int, ref: str) -> bool:
    """Whether ``ref``, coming into play under ``seat``'s control, comes into play knelt
    by a passive (only while a card of the game has such a passive)."""
    if ENTERS_KNELT not in PASSIVE_CODES:
        return False
    return bool(value(state, ENTERS_KNELT, (seat, ref), False))


IGNORES_CANNOT_BE_KILLED = "ignores_cannot_be_killed"


def allowed(state: GameState, query: str, subject: Any) -> bool:
    """A permission query (``can_defend``, ``can_be_killed`` ...): True unless forbidden."""
    if (
        query == "can_be_killed"
        and (state.effects or IGNORES_CANNOT_BE_KILLED in live_queries(state))
        and value(state, IGNORES_CANNOT_BE_KILLED, subject, False)
    ):
        return True
    return bool(value(state, query, subject, True))


def add_lasting(
    state: GameState, query: str, subject: Any, until: str, source: str | None = None, **data: Any
) -> None:
    """Add a lasting effect (``amount`` for numbers, ``add``/``remove`` lists for sets,
    ``value`` for permissions) lasting ``until`` the end of the challenge, phase or round,
    or while the subject stays in play (``play``)."""
    if until not in DURATIONS:
        raise ValueError(f"until must be one of {DURATIONS}")
    state.effects.append(
        {"query": query, "subject": subject, "until": until, "source": source, **data}
    )
    state.emit("lasting_effect", query=query, subject=subject, until=until, source=source, **data)
    for hook in LASTING_HOOKS:
        hook(state, state.effects[-1])


def effect(name: str) -> Callable[[Callable[[GameState, Ctx], None]], Callable]:
    """Register a named effect a delayed effect can run later (names serialize)."""

    def wrap(fn: Callable[[GameState, Ctx], None]) -> Callable[[GameState, Ctx], None]:
        EFFECTS[name] = fn
        return fn

    return wrap


def add_delayed(
    state: GameState,
    trigger: str,
    seat: int,
    name: str,
    source: str | None,
    until: str = "challenge",
    **data: Any,
) -> None:
    """Run effect ``name`` (registered with :func:`effect`) later: when ``trigger``
    happens to ``seat`` before the challenge ends (``challenge_won``: "if you win the
    challenge, ..."), or at the end of the phase or round (triggers ``phase_ends`` and
    ``round_ends`` with ``until`` "phase"/"round": "at the end of the phase, return Khal
    Drogo to his owner's hand")."""
    state.effects.append(
        {
            "query": f"delayed:{trigger}",
            "subject": seat,
            "until": until,
            "source": source,
            "effect": name,
            "seat": seat,
            **data,
        }
    )


def run_delayed(state: GameState, trigger: str, seat: int | None = None) -> None:
    """Run (once) the delayed effects waiting for ``trigger`` to happen to ``seat`` (every
    seat when None)."""
    query = f"delayed:{trigger}"

    def waiting(e: dict[str, Any]) -> bool:
        return e["query"] == query and (seat is None or e["subject"] == seat)

    due = [e for e in state.effects if waiting(e)]
    state.effects = [e for e in state.effects if not waiting(e)]
    for entry in due:
        as_acting(state, entry.get("seat"), EFFECTS[entry["effect"]], state, entry)


def add_each_time(
    state: GameState,
    trigger: str,
    seat: int,
    name: str,
    source: str | None,
    until: str = "phase",
    **data: Any,
) -> None:
    """Run effect ``name`` (registered with :func:`effect`) each time ``trigger`` happens
    until the end of the challenge, phase or round ("until the end of the phase, each time
    a House Bolton character changes control, ...": In Ramsay's Name). The engine calls
    :func:`run_each_time` where the trigger happens (``control_changed``: moves.take_control);
    the effect gets the entry with the happening's ``event``."""
    state.effects.append(
        {
            "query": f"each_time:{trigger}",
            "subject": seat,
            "until": until,
            "source": source,
            "effect": name,
            "seat": seat,
            **data,
        }
    )


def run_each_time(state: GameState, trigger: str, event: dict[str, Any]) -> None:
    """Run the :func:`add_each_time` effects waiting for ``trigger`` (they stay)."""
    query = f"each_time:{trigger}"
    for entry in [e for e in state.effects if e["query"] == query]:
        as_acting(
            state, entry.get("seat"), EFFECTS[entry["effect"]], state, {**entry, "event": event}
        )


def end_lasting(state: GameState, until: str) -> None:
    """Drop the lasting effects that end with the challenge, the phase or the round."""
    ends = {"challenge": ("challenge",), "phase": ("challenge", "phase")}
    ends["round"] = (*ends["phase"], "round")
    state.effects = [e for e in state.effects if e["until"] not in ends[until]]


def forget_card(state: GameState, ref: str) -> None:
    """Drop the lasting effects on a card that left play (it is a new card if it returns)."""
    state.effects = [e for e in state.effects if e["subject"] != ref]


# The passive of a card in play that blanks other cards' text boxes (:func:`is_blank`).
CARD_BLANKS = "card_blanks"


def is_blank(state: GameState, ref: str) -> bool:
    """Whether a card's text box is treated as blank (except Traits): a lasting ``blank``
    effect on it (Renly's Courtier) or an attachment that blanks (Milk of the Poppy).
    Cached per state, log length and effect count: blanking changes only with those. A
    text box that "cannot be blanked" (:data:`UNBLANKABLE`: Twist of Fate) never is."""
    if UNBLANKABLE and ref in state.cards and state.cards[ref].code in UNBLANKABLE:
        return False
    key = (len(state.log), len(state.effects), len(state.in_play))
    cache = state.__dict__.get("_blank_cache")
    if cache is None or cache[0] != key:
        blanked = {e["subject"] for e in state.effects if e["query"] == "blank"}
        conditional: list[tuple[str, str]] = []
        # Each kind of blanking card is looked for only in a game holding one.
        if BLANKING_CODES and in_game(state, BLANKING_CODES):
            for other, record in state.in_play.items():
                if record.attached_to and state.cards[other].code in BLANKING_CODES:
                    kinds = BLANKING_HOST_TYPES.get(state.cards[other].code)
                    if kinds is None or facts(state, record.attached_to).type in kinds:
                        if state.cards[other].code in BLANKING_WHEN:
                            conditional.append((other, record.attached_to))
                        else:
                            blanked.add(record.attached_to)
        plot_rules = PASSIVE_CODES.get("plot_blanks")
        plots = in_game(state, BLANKING_PLOTS) or in_game(state, plot_rules)
        for player in state.players if plots else ():
            plot = player.revealed_plot
            kinds = BLANKING_PLOTS.get(state.cards[plot].code, ()) if plot else ()
            if kinds:
                blanked |= {r for r in state.in_play if facts(state, r).type in kinds}
            # A revealed plot's ``plot_blanks`` passive, ``fn(state, plot, card, False)``,
            # on printed facts: "Treat all non-unique locations as if ..." (Dry Season).
            if plot and plot_rules:
                script, shown = SCRIPTS.get(state.cards[plot].code), plot
                for fn in script.passives.get("plot_blanks", ()) if script else ():
                    blanked |= {r for r in state.in_play if fn(state, shown, r, False)}
        # A card in play's ``card_blanks`` passive, ``fn(state, source, card, False)``, on
        # printed facts: "During the first challenge initiated against you each round, treat
        # all non-Army characters as if their printed text boxes were blank" (Palisades,
        # w_113). Looked at only in a game holding such a card.
        card_rules = PASSIVE_CODES.get(CARD_BLANKS)
        if card_rules and in_game(state, card_rules):
            for other in list(state.in_play):
                if state.cards[other].code in card_rules:
                    script = SCRIPTS.get(state.cards[other].code)
                    for fn in script.passives.get(CARD_BLANKS, ()) if script else ():
                        blanked |= {r for r in state.in_play if fn(state, other, r, False)}
        cache = (key, blanked)
        state.__dict__["_blank_cache"] = cache
        if conditional:
            # Conditions read the cards' current traits (passives): they see the text boxes
            # blanked so far, then the passives are gathered again with theirs.
            hosts = {h for o, h in conditional if BLANKING_WHEN[state.cards[o].code](state, o)}
            blanked |= hosts
            if hosts:
                state.__dict__.pop("_passive_cache", None)
    return ref in cache[1]


def total_power(state: GameState, seat: int) -> int:
    """A seat's total power (victory, initiative ties, the view) after card effects: the
    ``total_power`` query on :meth:`GameState.total_power` (Melisandre: power on her
    opponents' characters does not count)."""
    return value(state, "total_power", seat, state.total_power(seat))


def gold_spendable(state: GameState, ref: str) -> bool:
    """Whether the gold tokens on ``ref`` (a card in play) may be spent as if they were in
    its controller's gold pool: only where a card says so, by the ``gold_spendable`` flag
    (Tywin Lannister: "You may spend gold tokens on Tywin Lannister as if they are in your
    gold pool"). Other gold on a card is in no gold pool: it is spent or moved only as a
    card says (Coin Mint, Grey Worm, Joffrey Baratheon)."""
    return bool(value(state, "gold_spendable", ref, False))


def spendable_on_cards(state: GameState, seat: int) -> list[str]:
    """The cards ``seat`` controls with gold it may spend as if in its pool, in order."""
    found = state.players[seat].in_play
    return [r for r in found if state.in_play[r].gold and gold_spendable(state, r)]


def power_as_gold(state: GameState, seat: int) -> list[str]:
    """The cards in play with power that ``seat`` may spend as if it were gold in its pool
    (the passive query ``power_as_gold``, subject the seat, base an empty list: Slander and
    Lies soo_104), asked only while a card in the game answers it."""
    if "power_as_gold" not in PASSIVE_CODES or quiet(state, "power_as_gold"):
        return []
    found: list[str] = value(state, "power_as_gold", seat, [])
    return [r for r in dict.fromkeys(found) if r in state.in_play and state.in_play[r].power]


def gold_available(state: GameState, seat: int) -> int:
    """Gold ``seat`` can spend: the gold pool plus the gold tokens on cards it controls
    that a card lets it spend as if in the pool (:func:`gold_spendable`) and the power it may
    spend as gold (:func:`power_as_gold`), after the numeric passive query ``gold_counted``
    (subject the seat: "counts 3 fewer gold", Famished Deckhand soo_107), asked only while a
    card in the game answers it."""
    on_cards = sum(state.in_play[r].gold for r in spendable_on_cards(state, seat))
    total = state.players[seat].gold + on_cards
    total += sum(state.in_play[r].power for r in power_as_gold(state, seat))
    if "gold_counted" in PASSIVE_CODES and not quiet(state, "gold_counted"):
        total = max(0, value(state, "gold_counted", seat, total))
    return total


def attached_to(state: GameState, ref: str) -> str | None:
    """The card an attachment in play is attached to."""
    record = state.in_play.get(ref)
    return record.attached_to if record is not None else None


def attachments(state: GameState, ref: str) -> list[str]:
    """The attachments on a card in play."""
    return [other for other, record in state.in_play.items() if record.attached_to == ref]


def participating(state: GameState, ref: str) -> bool:
    """Whether a character is attacking or defending in the current challenge."""
    challenge = state.challenge
    return challenge is not None and (
        ref in challenge["attackers"] or ref in challenge["defenders"]
    )


def in_play_named(state: GameState, name: str, seat: int | None = None) -> list[str]:
    """Cards in play with this printed name (controlled by ``seat`` if given)."""
    return [
        ref
        for ref, record in state.in_play.items()
        if facts(state, ref).name == name and (seat is None or record.controller == seat)
    ]


TRIGGER_WORDS = (
    "Any Phase:",
    "Plot:",
    "Draw:",
    "Marshalling:",
    "Challenges:",
    "Dominance:",
    "Standing:",
    "Taxation:",
    "Response:",
    "Limited Response:",
)


def ability_label(state: GameState, ref: str, index: int) -> str:
    """What a player reads on the button of ability ``index`` of a card: the card's name
    and its ability text ("Winterfell Kennels: Any Phase: Kneel Winterfell Kennels and pay
    1 gold to search ..."). Abilities are matched to the card's triggered text lines in
    order; :attr:`Ability.label` overrides."""
    card = facts(state, ref)
    script = script_of(state, ref) if ref in state.cards else SCRIPTS.get(card.code)
    ability = script.abilities[index] if script and index < len(script.abilities) else None
    if ability is not None and ability.label:
        return f"{card.name}: {ability.label}"
    lines = [
        line.strip()
        for line in card.text.splitlines()
        if any(line.strip().lower().startswith(w.lower()) for w in TRIGGER_WORDS)
    ]
    if not lines:
        lines = [line.strip() for line in card.text.splitlines() if line.strip()]
    if not lines:
        return card.name
    return f"{card.name}: {lines[min(index, len(lines) - 1)]}"


# --- derived values of cards ---------------------------------------------------------


def is_character(state: GameState, ref: str) -> bool:
    """Whether a card is a character (by printed type)."""
    return facts(state, ref).type == "character"


def characters(state: GameState, seat: int | None = None) -> list[str]:
    """Characters in play (controlled by ``seat`` when given), in seat order."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if is_character(state, r)]


def traits(state: GameState, ref: str) -> set[str]:
    """Current traits of a card: printed, after ``traits`` passives and lasting effects
    (Lordship's Lord, Blood of the Dragon's Dragon). A card for which the passive flag
    ``cannot_gain_traits`` holds keeps only printed ones ("Cards you control cannot gain
    Traits through card effects": Shadow Tower Knight, atoc_17)."""
    printed = set(facts(state, ref).traits)
    found = set(value(state, "traits", ref, set(printed)))
    if in_game(state, PASSIVE_CODES.get("cannot_gain_traits")) and value(
        state, "cannot_gain_traits", ref, False
    ):
        return found & printed
    return found


def crests(state: GameState, ref: str) -> set[str]:
    """Current crests of a card, lower case (``noble``, ``war``, ``holy``, ``learned``,
    ``shadow``): ``[Noble]`` in card text is a crest, not a trait."""
    return set(value(state, "crests", ref, {c.lower() for c in facts(state, ref).crests}))


def strength(state: GameState, ref: str) -> int:
    """Current STR of a character: printed value after all modifiers (Melee's included:
    :func:`melee_bonus`), never below 0."""
    found = value(state, "strength", ref, facts(state, ref).strength or 0)
    challenge = state.challenge
    if challenge is not None and (ref in challenge["attackers"] or ref in challenge["defenders"]):
        found += melee_bonus(state, ref)
    return max(0, found)


def melee_bonus(state: GameState, ref: str) -> int:
    """Melee (A Tale of Champions FAQ): "While participating in a challenge, a character
    with the Melee keyword gets +1 STR for each character participating on the opposing
    side of the challenge controlled by an opponent" (of its controller: a two-on-two
    partner is not one; a character defending for another player, Robert Baratheon's extra
    defenders, counts once). 0 for a character not participating or without the keyword.
    Read inside :func:`strength`, so totals, "STR 0" checks and the board agree."""
    challenge = state.challenge
    if challenge is None or state.__dict__.get("_melee_busy"):
        return 0
    if ref in challenge["attackers"]:
        opposing = challenge["defenders"]
    elif ref in challenge["defenders"]:
        opposing = challenge["attackers"]
    else:
        return 0
    if not opposing or ref not in state.in_play:
        return 0
    state.__dict__["_melee_busy"] = True  # a keywords passive that reads STR: no loop
    try:
        if "melee" not in keywords(state, ref):
            return 0
    finally:
        del state.__dict__["_melee_busy"]
    enemies = set(state.opponents(state.in_play[ref].controller))
    in_play = state.in_play
    return len({r for r in opposing if r in in_play and in_play[r].controller in enemies})


def icons(state: GameState, ref: str) -> set[str]:
    """Current challenge icons of a character."""
    return value(state, "icons", ref, set(facts(state, ref).icons))


def houses(state: GameState, ref: str) -> set[str]:
    """A card's House affiliations: printed, then (in play) the ``houses`` query; a card
    given a House is no longer neutral."""
    printed = set(facts(state, ref).houses)
    if ref not in state.in_play:
        return printed
    found = value(state, "houses", ref, printed)
    return found - {"Neutral"} if found != printed and found - {"Neutral"} else found


def keywords(state: GameState, ref: str) -> set[str]:
    """Current keywords (lower case) of a card (none printed while its text is blank)."""
    printed = set() if is_blank(state, ref) else set(facts(state, ref).keywords)
    return value(state, "keywords", ref, printed)


_IMMUNITY_PARTS = {
    "events": {"event"},
    "character abilities": {"character"},
    "location abilities": {"location"},
    "location effects": {"location"},
    "attachments": {"attachment"},
    "plot card effects": {"plot"},
    "plot effects": {"plot"},
    "triggered effects": {"character", "location", "attachment", "event", "agenda", "plot"},
    "card effects": {"character", "location", "attachment", "event", "agenda", "plot"},
    "non-plot card effects": {"character", "location", "attachment", "event", "agenda"},
}


def immunities(words: set[str]) -> tuple[set[str], set[str]]:
    """Read immunity keywords: (kinds immune to from anyone, kinds immune to from
    opponents). ``"Immune to opponent's events and character abilities"`` gives
    ``(set(), {"event", "character"})``."""
    anyone: set[str] = set()
    theirs: set[str] = set()
    for word in words:
        text = word.lower().replace("\u2019", "'").strip().rstrip(".")
        if not text.startswith("immune to "):
            continue
        text = text[len("immune to ") :]
        bucket = anyone
        for prefix in ("opponent's ", "opponents' "):
            if text.startswith(prefix):
                text, bucket = text[len(prefix) :], theirs
        for part in text.split(" and "):
            bucket |= _IMMUNITY_PARTS.get(part.strip(), set())
    return anyone, theirs


def immune_to(state: GameState, ref: str, kind: str, seat: int, source: str | None = None) -> bool:
    """Whether ``ref`` ignores an effect of a card of type ``kind`` (``character``,
    ``event``, ``location``, ``attachment``, ``plot``, ``agenda``) controlled by ``seat``;
    ``source``: that card, for "Immune to non-Raven cards" (without it: immune)."""
    if "no_immunity" in PASSIVE_CODES and value(state, "no_immunity", ref, False):
        return False  # "Characters lose all immunities" (Den of the Wolf)
    words = keywords(state, ref) | value(state, "immune", ref, set())
    if not words:
        return False  # no keyword: immune to nothing
    anyone, theirs, non = _immunity_words(words)
    if kind in anyone or _immune_to_non(state, non, source):
        return True
    opponent = seat != controller(state, ref) and seat in state.opponents(controller(state, ref))
    return opponent and kind in theirs


# Keywords read for immunity, by the set of them (reading them is string work; the same few
# sets come back all game): (kinds from anyone, kinds from opponents, the traits of "Immune
# to non-<Trait> cards").
_IMMUNITY_WORDS: dict[frozenset[str], tuple[set[str], set[str], tuple[str, ...]]] = {}


def _immunity_words(words: set[str]) -> tuple[set[str], set[str], tuple[str, ...]]:
    key = frozenset(words)
    found = _IMMUNITY_WORDS.get(key)
    if found is None:
        non = []
        for word in words:
            word = word.lower().strip().rstrip(".")
            if word.startswith("immune to non-") and word.endswith(" cards"):
                non.append(word[len("immune to non-") : -len(" cards")])
        found = (*immunities(words), tuple(non))
        if len(_IMMUNITY_WORDS) < 4096:  # a bound, whatever scripts make of keywords
            _IMMUNITY_WORDS[key] = found
    return found


def _immune_to_non(state: GameState, non: tuple[str, ...], source: str | None) -> bool:
    """ "Immune to non-<Trait> cards" (the Ravens, ``non`` their traits): immune unless
    ``source`` has the trait."""
    if not non:
        return False
    if source is None or source not in state.cards:
        return True
    have = {t.lower() for t in traits(state, source)}
    return any(trait not in have for trait in non)


@contextlib.contextmanager
def only_scripts(keep: Callable[[str], bool]) -> Iterator[None]:
    """Within the block, only the card scripts whose code ``keep`` accepts are registered
    (the Core Set's, for a golden replay of Core decks; only the plots', for the engine
    bench's baseline); every registry is as before afterwards. Who is asked in a response
    window depends on every registered card (a card that could answer from a hand asks
    every seat), so a game of Core decks moves as later products are written; with only
    the Core scripts it stays the game the Core rules make."""
    scripts = dict(SCRIPTS)
    passives = {q: set(c) for q, c in PASSIVE_CODES.items()}
    forced = {m: set(c) for m, c in FORCED_CODES.items()}
    blanking = set(BLANKING_CODES)
    plots = dict(BLANKING_PLOTS)
    try:
        for code in [c for c in scripts if not keep(c)]:
            del SCRIPTS[code]
        for codes in (*PASSIVE_CODES.values(), *FORCED_CODES.values()):
            codes.intersection_update({c for c in codes if keep(c)})
        BLANKING_CODES.intersection_update({c for c in blanking if keep(c)})
        for code in [c for c in plots if not keep(c)]:
            del BLANKING_PLOTS[code]
        yield
    finally:
        SCRIPTS.update(scripts)
        for store, saved in ((PASSIVE_CODES, passives), (FORCED_CODES, forced)):
            store.clear()
            store.update(saved)
        BLANKING_CODES.update(blanking)
        BLANKING_PLOTS.update(plots)
        REGISTRY["version"] += 1


def core_only(code: str) -> bool:
    """A Core Set card's code (for :func:`only_scripts`)."""
    return code.startswith("core_")
