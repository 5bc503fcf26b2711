"""Table actions tell nobody what they may not see (gameplay/engine/table.py).

A refusal (``table_problem``, the message ``game.apply`` raises and the board shows), a
pending request's problem and a table action's log line name a card only to a reader who
sees it: trying every id must not read an opponent's hand, deck, plot deck, Shadows or
Hold. And the Table menu (and a refusal) is the same whatever another seat's prompt offers.

What a seat may not see is read from ``observe(state, seat)`` (every id and card it shows,
the log left out; a log line may repeat what the log already told), never listed here, so
that a new hidden zone cannot be forgotten. States come
from bot games of several variants and decks (Shadows, Black Sails' Hold), with random
table actions between decisions; the actions tried are of every ``table:`` kind, naming
ids of every zone of every seat and ids that are no card.
"""

from __future__ import annotations

import html
from dataclasses import replace
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameplay.engine.actions import KINDS as ACTION_KINDS
from gameplay.engine.actions import Action
from gameplay.engine.bots import GreedyBot, RandomBot
from gameplay.engine.game import (
    GameConfig,
    IllegalAction,
    apply,
    legal_actions,
    new_game,
    outcome,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.rules import facts, pool
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from gameplay.engine.table import (
    CARD_VERBS,
    DESTINATIONS,
    KINDS,
    requests_view,
    table_actions,
    table_menu,
    table_problem,
    zone_of,
)
from gameplay.engine.uses import has_shadow_crest
from gameplay.eventlog import event_text, ref_codes
from gameplay.services import match_state
from tests.gameplay.test_match_table_actions import _joust, _past_setup, _post
from tests.pages import without_tokens

BLACK_SAILS = "asots_18"  # its Hold: a stack of the deck only its owner sees
# (decks, variant, bots): Shadows in the Queen of Dragons and Kings of the Storm decks.
GAMES = (
    (("core-stark", "core-lannister"), "joust", "random"),
    (("queen-of-dragons-targaryen", "kings-of-the-storm-baratheon"), "joust", "greedy"),
    (("kings-of-the-sea-greyjoy", "chapter-packs-martell"), "joust", "random"),
    (("core-baratheon", "lions-of-the-rock-lannister", "core-targaryen"), "melee", "random"),
)
# What observe shows of a prompt to its deciding seat alone.
PROMPT_PRIVATE = ("candidates", "selected", "min", "max", "options", "need", "weights")
KEEP_EVERY = 7  # a state is kept every this many decisions
DECISIONS = 420  # per game
JUNK = ("c0", "c99999")
CHOICES = (
    *DESTINATIONS,
    "house",
    "house_1",
    "add",
    "remove_3",
    "take",
    "return_2",
    "0",
    "1",
    "3",
    "11",
    *CARD_VERBS,
    "power_0",
    "gold_1_2",
    "2",
    "x",
)


def _config(index: int) -> GameConfig:
    names, variant, _ = GAMES[index]
    decks = [load_deck(name) for name in names]
    if index == 2:  # Black Sails: the left opponent makes the rest of the deck a Hold
        decks[0] = replace(decks[0], agenda=BLACK_SAILS)
    return GameConfig(players=tuple(decks), seed=12 + index, variant=variant, round_limit=4)


def _into_shadows(state: GameState) -> GameState:
    """The same position with a Shadow card of each seat's deck put face down into its
    Shadows (the bots seldom pay for it), so every state has that zone filled."""
    state = state.copy()
    for player in state.players:
        found = next((r for r in player.deck if has_shadow_crest(state, r)), None)
        if found is not None:
            player.deck.remove(found)
            player.shadows.append(found)
    return state


@lru_cache(maxsize=1)
def _states() -> tuple[GameState, ...]:
    """Positions past setup of bot games with random table actions between decisions."""
    kept: list[GameState] = []
    for index, (_, _, bot) in enumerate(GAMES):
        state = new_game(_config(index))
        make = GreedyBot if bot == "greedy" else RandomBot
        bots = [make(index * 10 + s) for s in range(len(state.players))]
        rng = Rng(index + 500)
        while outcome(state) is None and state.decisions < DECISIONS:
            if state.phase != "setup" and rng.below(3) == 0:
                seat = rng.below(len(state.players))
                offered = table_actions(state, seat)
                if offered:
                    state = apply(state, offered[rng.below(len(offered))])
            seat = to_act(state)[0]
            action = bots[seat].choose(observe(state, seat), legal_actions(state, seat))
            state = apply(state, action)
            prompt = bool(state.queue) and state.queue[0]["name"] == "prompt"  # point 7
            if state.phase != "setup" and (prompt or state.decisions % KEEP_EVERY == 0):
                kept.append(_into_shadows(state) if index == 1 else state)
    return tuple(kept)


def _strings(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)  # prompt["cards"]: ref -> code
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)


def shown(state: GameState, seat: int | None) -> tuple[set[str], set[str]]:
    """The ids ``observe(state, seat)`` shows, and the card names it shows (by id or by
    printed code: a pending request names its card by code). Its log is left out: a ref
    the log named may have moved to a hidden zone since."""
    found: set[str] = set()
    _strings({k: v for k, v in observe(state, seat).items() if k != "log"}, found)
    refs, cards = found & set(state.cards), pool(state)
    return refs, _names(state, refs) | {cards[c].name for c in found if c in cards}


def hidden_from(state: GameState, seat: int | None) -> set[str]:
    """The ids ``observe(state, seat)`` does not show."""
    return set(state.cards) - shown(state, seat)[0]


def _names(state: GameState, refs: set[str]) -> set[str]:
    return {facts(state, r).name for r in refs}


def leaked(text: str, state: GameState, unseen: set[str], seen: set[str]) -> list[str]:
    """The names in ``text`` of cards among ``unseen`` that no card ``seen`` names (a name a
    seen card bears too cannot tell them apart: :func:`_hidden_swapped` covers those).
    The seen names are struck out first: "Lannisport Honor Guard" in play does not name
    the location "Lannisport"."""
    for name in sorted(seen, key=len, reverse=True):
        text = text.replace(name, "#")
    return sorted(n for n in _names(state, unseen) - seen if n in text)


def _hidden_swapped(state: GameState, seat: int, rng: Rng) -> GameState:
    """The same position with the cards ``seat`` may not see shuffled among themselves:
    what it knows is the same, so every message to it must be too."""
    other = state.copy()
    other.__dict__.pop("_public_view", None)
    hidden = sorted(hidden_from(state, seat))
    codes = [state.cards[r].code for r in hidden]
    rng.shuffle(codes)
    for ref, printed in zip(hidden, codes, strict=True):
        other.cards[ref] = replace(other.cards[ref], code=printed)
    return other


@st.composite
def table_action(draw: st.DrawFn, state: GameState) -> Action:
    """A table action of any kind, of any seat, naming ids of every zone of every seat
    (and ids that are no card), with a choice of any kind's; or, one time in three, one
    the seat's Table menu offers (taken, so that its log lines are read too)."""
    seat = draw(st.integers(0, len(state.players) - 1))
    if draw(st.integers(0, 2)) == 0:
        offered = table_actions(state, seat)
        if offered:
            return draw(st.sampled_from(offered))
    kind = draw(st.sampled_from(KINDS))
    (low, high), needs_choice = ACTION_KINDS[kind]
    ids = st.sampled_from(sorted(state.cards) + list(JUNK))
    refs = draw(st.lists(ids, min_size=low, max_size=high))
    choice = draw(st.sampled_from(CHOICES)) if needs_choice else ""
    return Action(seat, kind, tuple(refs), choice)


def _refusal(state: GameState, action: Action) -> tuple[str | None, GameState | None]:
    """What the player is told (the message the act view shows), or the state reached."""
    try:
        return None, apply(state, action)
    except IllegalAction as error:
        return str(error), None


def _told(state: GameState, events: list[dict[str, Any]]) -> set[str]:
    """The names the log before ``events`` gave the refs they name."""
    cards, logged = pool(state), ref_codes(state.log)
    refs: set[str] = set()
    _strings(events, refs)
    return {cards[logged[r]].name for r in refs if logged.get(r) in cards}


def _log_lines(state: GameState, events: list[dict[str, Any]]) -> list[str]:
    """The events in words as the board writes them, by a namer that knows every card:
    whatever a line names, the event told it."""
    cards, logged = pool(state), ref_codes(state.log)

    def card(ref: str) -> str:
        printed = state.code(ref) if ref in state.cards else logged.get(ref)
        return cards[printed].name if printed in cards else "a card"

    def code(value: str) -> str:
        return cards[value].name if value in cards else value

    texts = [event_text(e, card=card, code=code, seat=lambda n: f"seat {n}") for e in events]
    return [t for t in texts if t]


STATES = st.integers(min_value=0)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), STATES)
def test_no_refusal_or_log_line_names_a_card_its_reader_may_not_see(data, number):
    states = _states()
    state = states[number % len(states)]
    action = data.draw(table_action(state))
    seat = action.seat
    text, after = _refusal(state, action)
    assert text == table_problem(state, action)
    if text is not None:
        refs, names = shown(state, seat)
        assert not leaked(text, state, set(state.cards) - refs, names), (action, text)
        # Nothing it may not see changes the message: not a name shared with a card it
        # sees, not a type ("is not an attachment"), not whether it is refused.
        twin = _hidden_swapped(state, seat, Rng(number))
        assert table_problem(twin, action) == text, action
        return
    assert after is not None
    # Allowed: its log lines name only what each reader saw before or sees now, or what
    # the log already said a ref was (a request names a card in play; answered after the
    # card left, it still does). A card revealed from hand is shown to everyone: that is
    # what revealing is.
    if action.kind != "table:reveal":
        events = after.log[len(state.log) :]
        told = _told(state, events)
        for reader in [None, *range(len(state.players))]:
            (before, names), (now, names_now) = shown(state, reader), shown(after, reader)
            unseen = set(after.cards) - before - now
            seen = names | names_now | told
            for line in _log_lines(after, events):
                assert not leaked(line, after, unseen, seen), (action, reader, line)
    # Pending requests (every view shows them, with why one cannot be accepted now).
    refs, names = shown(after, None)
    for request in requests_view(after):
        if request["problem"]:
            assert not leaked(request["problem"], after, set(after.cards) - refs, names)
    # A card the action moved left the prompts that offered it: the game goes on.
    if outcome(after) is None:
        waiting = to_act(after)
        assert waiting and legal_actions(after, waiting[0])


def _with_prompt(state: GameState, private: dict[str, Any]) -> GameState:
    """The same position with the prompt at hand offering something else (the parts only
    its seat sees)."""
    other = state.copy()
    head = other.queue[0]
    for key in PROMPT_PRIVATE:
        head.pop(key, None)
    head.update(private)
    return other


def _prompt_states() -> list[GameState]:
    return [s for s in _states() if s.queue and s.queue[0]["name"] == "prompt"]


def test_the_states_cover_every_hidden_zone():
    """The positions tried hold cards in every hidden zone and prompts of several seats."""
    states = _states()
    for zone in ("hand", "deck", "plot_deck", "shadows", "hold"):
        assert any(getattr(p, zone) for s in states for p in s.players), zone
    assert any(s.table.get("looks") for s in states)
    assert any(s.table.get("requests") for s in states)
    assert len({s.queue[0]["seat"] for s in _prompt_states()}) > 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), STATES)
def test_another_seats_prompt_changes_no_menu_and_no_refusal(data, number):
    """The Table menu and every refusal of a seat are the same whatever another seat's
    prompt offers or has picked so far: they would tell which of its cards it is."""
    prompts = _prompt_states()
    state = prompts[number % len(prompts)]
    decider = state.queue[0]["seat"]
    seat = data.draw(st.sampled_from([s for s in range(len(state.players)) if s != decider]))
    mine = [*state.players[seat].in_play, *state.players[seat].hand, *state.in_play]
    offered = data.draw(st.lists(st.sampled_from(sorted(set(mine))), min_size=1, unique=True))
    picked = data.draw(st.lists(st.sampled_from(offered), unique=True))
    empty = _with_prompt(state, {"candidates": [], "selected": [], "min": 0, "max": 0})
    offering = _with_prompt(
        state, {"candidates": offered, "selected": picked, "min": 0, "max": len(offered)}
    )
    assert table_menu(offering, seat) == table_menu(empty, seat)
    action = data.draw(table_action(state))
    action = Action(seat, action.kind, action.cards, action.choice)
    assert table_problem(offering, action) == table_problem(empty, action)
    assert requests_view(offering) == requests_view(empty)


def test_a_card_moved_by_hand_leaves_the_prompt_that_offered_it():
    """Taken anyway, a move of a card another seat's prompt offers (a Stealth or a kill
    choosing among its characters) takes the card out of that prompt, and the game plays
    on from there."""
    tried = 0
    for state in _prompt_states():
        head = state.queue[0]
        offered = [
            r
            for r in head.get("candidates", ())
            if r in state.in_play and state.in_play[r].controller != head["seat"]
        ]
        if not offered:
            continue
        ref = offered[0]
        seat = state.in_play[ref].controller
        after = apply(state, Action(seat, "table:move", (ref,), "hand"))
        assert ref not in after.cards or zone_of(after, ref) != "play"
        for step in after.queue:
            assert ref not in step.get("candidates", ()) and ref not in step.get("selected", ())
        bots = [RandomBot(tried * 5 + s) for s in range(len(after.players))]
        for _ in range(40):  # the prompt is answered and the game goes on
            if outcome(after) is not None:
                break
            waiting = to_act(after)[0]
            actions = legal_actions(after, waiting)
            after = apply(after, bots[waiting].choose(observe(after, waiting), actions))
        tried += 1
    assert tried >= 3


@pytest.mark.django_db
def test_the_act_view_refuses_without_naming_an_opponents_hidden_card(client, django_user_model):
    """The refusal reaches the player as the board's message (views.act, through the
    service and game.apply): trying the ids of the opponent's hand, deck and plot deck
    shows the id, never the card."""
    people = [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]
    match = _past_setup(_joust(people), people)
    client.force_login(people[0])
    state = match_state(match)
    refs, seen = shown(state, 0)
    unseen = set(state.cards) - refs
    other = state.players[1]
    tried = [*other.hand[:3], *other.deck[:2], *other.plot_deck[:2]]  # 28 posts: the limit is 30
    for ref in tried:
        assert ref in unseen
        for action in (
            f"p0:table:reveal:{ref}",
            f"p0:table:request:{ref}=kill",
            f"p0:table:move:{ref}=hand",
            f"p0:table:kneel:{ref}",
        ):
            answer = _post(client, match, {"action": action, "version": match.version})
            assert answer.status_code == 200
            page = without_tokens(html.unescape(answer.content.decode()))
            assert ref in page, action  # the refusal is there, with the id
            found = leaked(page, state, unseen, seen)
            # Where each name stands, so that a failure says what on the page named it.
            assert not found, (action, [page[max(0, page.find(n) - 300) :][:500] for n in found])


def test_the_page_check_reads_past_random_tokens_but_not_past_names():
    """A response's CSRF token is 64 random letters and digits: it spelled "Ice" once in
    CI, which the act-view check above took for a leak. Cut, it names nothing; a hidden
    name anywhere else on the page is still found."""
    token = 'name="csrfmiddlewaretoken" value="q9IceZ"'
    nonce = 'nonce="xIcey"'
    assert "Ice" in token and "Ice" not in without_tokens(f"<input {token}><script {nonce}>")
    assert "Ice" in without_tokens(f"<input {token}><p>Ice</p>")
