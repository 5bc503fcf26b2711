"""Table actions and requests (gameplay/engine/table.py): every table action on a seat's own
cards and totals, every request accepted and refused, the invariants they keep (attachments
leave with their card, unique cards, power and gold by the log, winning at 15 at once),
hidden information (looking at the deck), the log in words, and replays."""

from __future__ import annotations

import json

import pytest

from gameplay.board import log_lines
from gameplay.engine.actions import Action
from gameplay.engine.game import (
    GameConfig,
    IllegalAction,
    PlayerConfig,
    apply,
    legal_actions,
    new_game,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.replay import replay
from gameplay.engine.rules import facts
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from gameplay.engine.table import table_actions, table_menu
from gameplay.engine.table_bots import answer_request
from tests.gameplay.manual_example import MANUAL
from tests.gameplay.test_invariants import check, conserved

NAME = __import__("gameplay.engine.card_facts", fromlist=["load_cards"]).load_cards()[MANUAL].name
NAMES = ["Ann", "Bob"]


def _config(table_actions: bool = True) -> GameConfig:
    stark, lannister = load_deck("core-stark"), load_deck("core-lannister")
    stark = PlayerConfig(stark.house, (*stark.deck, MANUAL), stark.agenda)
    return GameConfig(players=(stark, lannister), seed=5, table_actions=table_actions)


def _past_setup(config: GameConfig | None = None) -> tuple[GameState, list[str]]:
    """A joust at its first plot choice: no setup cards placed (every card in hand)."""
    state = new_game(config or _config())
    log = []
    while state.phase == "setup":
        seat = to_act(state)[0]
        action = Action(seat, "setup:place")
        state = apply(state, action)
        log.append(str(action))
    return state, log


def _act(state: GameState, log: list[str], text: str) -> GameState:
    new = apply(state, text)
    log.append(text)
    check(new, full=False)
    return new


def _ref(state: GameState, seat: int, code: str | None = None, kind: str | None = None) -> str:
    player = state.players[seat]
    for ref in [*player.hand, *player.deck]:
        card = facts(state, ref)
        if (code is None or card.code == code) and (kind is None or card.type == kind):
            return ref
    raise AssertionError(f"no {code or kind} for seat {seat}")


def _lines(state: GameState) -> list[str]:
    return [line["text"] for line in log_lines(state, state.log, NAMES)]


def _to_hand(state: GameState, seat: int, ref: str) -> None:
    """Test set-up: a card of the deck into the hand (as a draw would)."""
    player = state.players[seat]
    if ref in player.deck:
        player.deck.remove(ref)
        player.hand.append(ref)


def _in_play(state, log, seat, code=None, kind="character"):
    ref = _ref(state, seat, code, kind)
    _to_hand(state, seat, ref)
    return ref, _act(state, log, f"p{seat}:table:move:{ref}=play")


def test_table_actions_parse_label_and_are_not_legal_actions():
    action = Action.parse("p0:table:move:c12,c40=attach")
    assert (action.kind, action.cards, action.choice) == ("table:move", ("c12", "c40"), "attach")
    assert str(action) == "p0:table:move:c12,c40=attach"
    assert action.label({"c12": "Ice", "c40": "Ned"}) == "Player 1 attaches Ice to Ned (table)"
    assert Action.parse("p1:table:house_power=add").kind == "table:house_power"
    state, _ = _past_setup()
    assert not any(a.kind.startswith("table:") for s in (0, 1) for a in legal_actions(state, s))


def test_a_card_moves_from_hand_to_play_by_hand_and_is_logged_in_words():
    state, log = _past_setup()
    waiting = to_act(state)
    ref, state = _in_play(state, log, 0, MANUAL)
    assert ref in state.in_play and state.in_play[ref].controller == 0
    assert to_act(state) == waiting  # the decision at hand is untouched
    assert f"Ann moves {NAME} from their hand to play by hand." in _lines(state)


def test_kneel_stand_power_and_gold_on_own_cards():
    state, log = _past_setup()
    ref, state = _in_play(state, log, 0, MANUAL)
    state = _act(state, log, f"p0:table:kneel:{ref}")
    assert state.in_play[ref].knelt
    with pytest.raises(IllegalAction, match="already knelt"):
        apply(state, f"p0:table:kneel:{ref}")
    state = _act(state, log, f"p0:table:stand:{ref}")
    assert not state.in_play[ref].knelt
    state = _act(state, log, f"p0:table:power:{ref}=add_2")
    state = _act(state, log, f"p0:table:power:{ref}=remove")
    assert state.in_play[ref].power == 1
    with pytest.raises(IllegalAction, match="has 1 power"):
        apply(state, f"p0:table:power:{ref}=remove_2")
    state = _act(state, log, f"p0:table:card_gold:{ref}=add_3")
    state = _act(state, log, f"p0:table:card_gold:{ref}=remove")
    assert state.in_play[ref].gold == 2
    with pytest.raises(IllegalAction, match="You do not control"):
        apply(state, f"p1:table:kneel:{ref}")
    lines = _lines(state)
    assert any(f"kneels {NAME} by hand" in x for x in lines)
    assert any(f"puts 2 power on {NAME} by hand" in x for x in lines)
    assert any(f"puts 3 gold from the treasury on {NAME} by hand" in x for x in lines)


def test_house_power_gold_draw_shuffle_and_reveal():
    state, log = _past_setup()
    hand, deck = len(state.players[0].hand), len(state.players[0].deck)
    state = _act(state, log, "p0:table:draw=2")
    assert len(state.players[0].hand) == hand + 2 and len(state.players[0].deck) == deck - 2
    state = _act(state, log, "p0:table:gold=take_3")
    state = _act(state, log, "p0:table:gold=return")
    assert state.players[0].gold == 2
    with pytest.raises(IllegalAction, match="You have 2 gold"):
        apply(state, "p0:table:gold=return_3")
    state = _act(state, log, "p0:table:house_power=add_2")
    state = _act(state, log, "p0:table:house_power=remove")
    assert state.players[0].power == 1
    with pytest.raises(IllegalAction, match="has 1 power"):
        apply(state, "p0:table:house_power=remove_2")
    before = list(state.players[0].deck)
    state = _act(state, log, "p0:table:shuffle")
    assert len(state.players[0].deck) == len(before)
    assert not set(before) & set(state.players[0].deck)  # fresh ids after a shuffle
    card = state.players[0].hand[0]
    state = _act(state, log, f"p0:table:reveal:{card}")
    name = facts(state, card).name
    assert f"Ann reveals {name} by hand." in _lines(state)
    assert any(x == "Ann takes 3 gold from the treasury by hand." for x in _lines(state))


def test_looking_at_the_deck_is_private_and_moves_from_it_are_hidden():
    state, log = _past_setup()
    state = _act(state, log, "p0:table:look=3")
    top = state.players[0].deck[:3]
    mine, theirs = observe(state, 0), observe(state, 1)
    assert [c["id"] for c in mine["players"][0]["looked"]] == top
    assert "looked" not in theirs["players"][0]
    text = json.dumps(theirs)
    assert not any(f'"{r}"' in text for r in top)
    state = _act(state, log, f"p0:table:move:{top[1]}=hand")
    assert top[1] in state.players[0].hand
    assert "Ann moves a card from their deck to their hand by hand." in _lines(state)
    assert top[1] not in json.dumps(observe(state, 1))
    state = _act(state, log, f"p0:table:move:{top[0]}=deck_bottom")
    assert state.players[0].deck[-1] == top[0]
    with pytest.raises(IllegalAction, match="looked at"):
        apply(state, f"p0:table:move:{state.players[0].deck[5]}=hand")
    state = _act(state, log, "p0:table:look=0")
    assert observe(state, 0)["players"][0]["looked"] == []


@pytest.mark.parametrize("to", ["hand", "deck_top", "deck_bottom", "discard", "dead"])
def test_a_card_in_play_moves_to_each_zone_with_its_attachments_and_power(to):
    state, log = _past_setup()
    ref, state = _in_play(state, log, 0, MANUAL)
    attachment = _ref(state, 0, kind="attachment")
    _to_hand(state, 0, attachment)
    state = _act(state, log, f"p0:table:move:{attachment},{ref}=attach")
    assert state.in_play[attachment].attached_to == ref
    state = _act(state, log, f"p0:table:power:{ref}=add_2")
    state = _act(state, log, f"p0:table:move:{ref}={to}")
    player = state.players[0]
    zone = {"hand": player.hand, "discard": player.discard, "dead": player.dead}
    if to in zone:
        assert ref in zone[to]
    else:
        assert player.deck[0 if to == "deck_top" else -1] == ref
    assert ref not in state.in_play and attachment not in state.in_play
    assert attachment in player.discard  # attachments leave with their card
    conserved(state)


def test_moves_between_piles_and_from_a_pile_into_play():
    state, log = _past_setup()
    ref = _ref(state, 0, MANUAL)
    _to_hand(state, 0, ref)
    state = _act(state, log, f"p0:table:move:{ref}=discard")
    state = _act(state, log, f"p0:table:move:{ref}=dead")
    assert ref in state.players[0].dead
    state = _act(state, log, f"p0:table:move:{ref}=hand")
    state = _act(state, log, f"p0:table:move:{ref}=play")
    assert ref in state.in_play
    event = _ref(state, 0, kind="event")
    _to_hand(state, 0, event)
    with pytest.raises(IllegalAction, match="cannot be put into play"):
        apply(state, f"p0:table:move:{event}=play")
    with pytest.raises(IllegalAction, match="already there"):
        apply(state, f"p0:table:move:{event}=hand")
    with pytest.raises(IllegalAction, match="is not yours"):
        apply(state, f"p1:table:move:{event}=discard")


def test_a_unique_card_cannot_be_put_into_play_twice():
    state, log = _past_setup()
    player = state.players[0]
    uniques = {}
    for ref in player.hand + player.deck:
        card = facts(state, ref)
        if card.unique and card.type == "character":
            uniques.setdefault(card.name, []).append(ref)
    first, second = next(refs for refs in uniques.values() if len(refs) > 1)[:2]
    _to_hand(state, 0, first)
    _to_hand(state, 0, second)
    state = _act(state, log, f"p0:table:move:{first}=play")
    with pytest.raises(IllegalAction, match="unique"):
        apply(state, f"p0:table:move:{second}=play")


def test_reaching_fifteen_power_by_hand_wins_at_once():
    state, log = _past_setup()
    state = _act(state, log, "p0:table:house_power=add_10")
    state = _act(state, log, "p0:table:house_power=add_5")
    assert state.result == {"winner": 0, "reason": "power"}
    assert to_act(state) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        apply(state, "p1:table:draw=1")


def test_table_actions_can_be_turned_off_and_wait_for_setup_to_end():
    state = new_game(_config())
    with pytest.raises(IllegalAction, match="once setup is over"):
        apply(state, "p0:table:draw=1")
    state, _ = _past_setup(_config(table_actions=False))
    with pytest.raises(IllegalAction, match="turned off"):
        apply(state, "p0:table:draw=1")
    assert table_menu(state, 0) == {"cards": {}, "player": [], "requests": {}, "answers": []}
    assert observe(state, 0)["table_actions"] is False


def test_bad_choices_are_refused_with_a_sentence():
    state, _ = _past_setup()
    for text, words in [
        ("p0:table:draw=0", "how many cards"),
        ("p0:table:draw=99", "how many cards"),
        ("p0:table:gold=steal", "take or return"),
        ("p0:table:house_power=add_0", "add or remove"),
        ("p0:table:move:c1=nowhere", "not a place"),
        ("p0:table:kneel:c99999", "No card"),
        ("p0:table:request=gold_0", "your own total"),
        ("p0:table:request=gold_7", "is not a request"),
        ("p0:table:accept=42", "no pending request"),
        ("p5:table:draw=1", "no seat"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            apply(state, text)


CARD_REQUESTS = ["kill", "discard", "hand", "kneel", "stand", "control", "power"]


@pytest.mark.parametrize("verb", CARD_REQUESTS)
@pytest.mark.parametrize("answer", ["accept", "refuse"])
def test_requests_on_another_players_card(verb, answer):
    state, log = _past_setup()
    target, state = _in_play(state, log, 1, kind="character")
    if verb == "stand":
        state = _act(state, log, f"p1:table:kneel:{target}")
    if verb == "power":
        state = _act(state, log, f"p1:table:power:{target}=add")
    source, state = _in_play(state, log, 0, MANUAL)
    state = _act(state, log, f"p0:table:request:{target},{source}={verb}")
    (request,) = observe(state, 1)["requests"]
    assert request["to"] == 1 and request["verb"] == verb and request["source_code"] == MANUAL
    waiting = to_act(state)
    with pytest.raises(IllegalAction, match="Only the player asked"):
        apply(state, f"p0:table:accept={request['id']}")
    before = state.copy()
    state = _act(state, log, f"p1:table:{answer}={request['id']}")
    assert observe(state, 0)["requests"] == [] and to_act(state) == waiting
    lines = _lines(state)
    if answer == "refuse":
        assert any("refuses Ann's request" in x for x in lines)
        assert state.in_play.keys() == before.in_play.keys()
        assert state.in_play[target] == before.in_play[target]
        return
    assert any("accepts Ann's request" in x for x in lines)
    owner = state.players[1]
    if verb == "kill":
        assert target in owner.dead
    elif verb == "discard":
        assert target in owner.discard
    elif verb == "hand":
        assert target in owner.hand
    elif verb == "kneel":
        assert state.in_play[target].knelt
    elif verb == "stand":
        assert not state.in_play[target].knelt
    elif verb == "control":
        assert state.in_play[target].controller == 0 and target in state.players[0].in_play
    else:
        assert state.in_play[target].power == 0 and state.players[0].power == 1
    conserved(state)


@pytest.mark.parametrize("what", ["power", "gold"])
@pytest.mark.parametrize("answer", ["accept", "refuse", "withdraw"])
def test_requests_on_another_players_totals(what, answer):
    state, log = _past_setup()
    key = "house_power=add_2" if what == "power" else "gold=take_2"
    state = _act(state, log, f"p1:table:{key}")
    state = _act(state, log, f"p0:table:request={what}_1_2")
    with pytest.raises(IllegalAction, match="has 2"):
        apply(state, f"p0:table:request={what}_1_3")
    number = observe(state, 0)["requests"][0]["id"]
    seat = 0 if answer == "withdraw" else 1
    kind = "accept" if answer == "accept" else "refuse"
    state = _act(state, log, f"p{seat}:table:{kind}={number}")
    have = [state.players[s].power if what == "power" else state.players[s].gold for s in (0, 1)]
    assert have == ([2, 0] if answer == "accept" else [0, 2])
    word = {"accept": "accepts", "refuse": "refuses", "withdraw": "withdraws"}[answer]
    assert any(word in x for x in _lines(state))


def test_a_request_that_can_no_longer_be_carried_out_can_only_be_refused():
    state, log = _past_setup()
    target, state = _in_play(state, log, 1, kind="character")
    state = _act(state, log, f"p0:table:request:{target}=kill")
    number = observe(state, 1)["requests"][0]["id"]
    state = _act(state, log, f"p1:table:move:{target}=hand")
    assert observe(state, 1)["requests"][0]["problem"]
    with pytest.raises(IllegalAction, match="no longer in play"):
        apply(state, f"p1:table:accept={number}")
    refusal = Action(1, "table:refuse", choice=f"{number}_cannot")  # with its reason
    assert answer_request(observe(state, 1)) == refusal


def test_bots_refuse_a_request_whose_cause_the_engine_plays():
    """The bots' whole rule (a cause that asks for it): tests/gameplay/test_bot_requests.py."""
    state, log = _past_setup()
    target, state = _in_play(state, log, 1, kind="character")
    automated, state = _in_play(state, log, 0, kind="character")
    state = _act(state, log, f"p0:table:request:{target},{automated}=kneel")
    number = observe(state, 1)["requests"][0]["id"]
    assert answer_request(observe(state, 0)) is None  # nothing asked of seat 0
    refusal = Action(1, "table:refuse", choice=f"{number}_automated")
    assert answer_request(observe(state, 1)) == refusal


def _hand_character(state: GameState, seat: int) -> str:
    return next(r for r in state.players[seat].hand if facts(state, r).type == "character")


def test_the_menu_offers_only_what_is_allowed_and_the_replay_reproduces_it():
    state, log = _past_setup()  # only actions from here on: the log replays
    target, ref = _hand_character(state, 1), _hand_character(state, 0)
    state = _act(state, log, f"p1:table:move:{target}=play")
    state = _act(state, log, f"p0:table:move:{ref}=play")
    state = _act(state, log, f"p0:table:request:{target}=kneel")
    menu = table_menu(state, 0)
    assert Action(0, "table:kneel", (ref,)) in menu["cards"][ref]
    assert Action(0, "table:stand", (ref,)) not in menu["cards"][ref]
    assert Action(0, "table:request", (target,), "kill") in menu["requests"][target]
    assert [a.kind for a in menu["answers"]] == ["table:refuse"]  # withdraw its own
    assert [a.kind for a in table_menu(state, 1)["answers"]] == ["table:accept", "table:refuse"]
    for action in table_actions(state, 0) + table_actions(state, 1):
        apply(state, action)  # every offered action applies
    state = _act(state, log, "p1:table:accept=1")
    again = replay(_config(), log)
    assert again.digest() == state.digest()
