"""Engine hooks Of Snakes and Sand added: the ability zone ``any_play`` ("(Any player may
trigger this effect.)": every card in play, whoever controls it) and forced effects on the
trigger ``control_changed``."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.steps import run
from gameplay.engine.uses import PUBLIC_ZONES, usable
from tests.gameplay.cardtest import HOST, KNIGHT, events, joust, ref, uses

WALTON = "bwb_81"  # Dominance: ... take control of Steelshanks Walton (any player)
WEEPING = "bwb_82"  # After a character changes control, stand The Weeping Water (forced)
MILK = "core_145"  # Milk of the Poppy: blanks its character


def test_an_any_play_ability_is_offered_to_a_player_who_does_not_control_the_card():
    state = joust({"in_play": [HOST]}, {"in_play": [WALTON]}, phase="dominance")
    walton = ref(state, 1, WALTON)
    found = [a for a in usable(state, 0, state.queue[0], PUBLIC_ZONES) if a.kind == "use"]
    assert [a.cards for a in found] == [(walton,)]  # public: every seat can see it


def test_an_any_play_ability_of_a_blank_card_is_not_offered():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": WALTON, "attachments": [MILK]}]},
        phase="dominance",
    )
    assert events(state, "dominance")[-1]["seat"] == 0
    assert uses(state, 0, ref(state, 1, WALTON)) == []


def test_a_forced_control_changed_effect_runs_after_a_card_effect_takes_control():
    state = joust({"in_play": [{"card": WEEPING, "knelt": True}]}, {"in_play": [KNIGHT]})
    weeping, knight = ref(state, 0, WEEPING), ref(state, 1, KNIGHT)
    moves.take_control(state, knight, 0)
    run(state)
    assert not state.in_play[weeping].knelt


def test_the_tables_control_move_does_not_announce_it():
    state = joust({"in_play": [{"card": WEEPING, "knelt": True}]}, {"in_play": [KNIGHT]})
    weeping, knight = ref(state, 0, WEEPING), ref(state, 1, KNIGHT)
    moves.take_control(state, knight, 0, announce=False)
    assert state.in_play[weeping].knelt
