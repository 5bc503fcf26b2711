"""The shared vocabulary of the card scripts: every helper that more than one product's
scripts use, organised by mechanic, one module each:

- ``events``: event cards played from the hand (an action, a response);
- ``choose_one``: "(choose one)" events, the melee "discard 1 power from your House card" events;
- ``cancels``: cancels that read what the pending effect would do (draw, targets);
- ``challenges``: "after you win (lose) a challenge ..." conditions, "the first challenge";
- ``history``: what happened earlier this round (the log);
- ``targets``: traits, Houses, types, control, the characters in play, whom an effect may
  choose, the opponent chosen;
- ``kneeling``: kneel and stand a card by an effect;
- ``zones``: cards moved between the piles, the hand and the deck;
- ``plots``: "if you reveal a plot card", "choose and reveal a new plot card";
- ``seasons``: Summer and Winter;
- ``passives``: passives on the card itself or its bearer, "no rival <trait>" permissions;
- ``naval``: [Naval] enhancements, "a [Naval] attacker";
- ``north``: "for each The North agenda you are running";
- ``agenda_kinds``: "if you are running a non-character agenda";
- ``attachments``: attachments and Banners; ``house_attachments``: on a House card;
- ``character_agendas``: "instead attach him to your House card as your only agenda";
- ``attached_control``: "take control of attached character" (Enslaved, Ward);
- ``played``: "after you play X"; ``searches``: the Heralds' search, "search the top X";
- ``shadows``: "after X comes out of Shadows" (cards in play, Shadow events);
- ``power``: power moved between cards in play; ``prized``: the printed Prized X keyword;
- ``icon_strength``: "characters with more than 1 icon do not count their STR";
- ``strength``: the ``strength_reduced`` trigger; ``reprints``: a card printed again;
- ``cheaper``: "lower the cost to play X by 1 for each <kind of> character you control";
- ``first_play``: "lower the cost of the first X you play each round", the Free Cities;
- ``command``: "the player with the most cards at his or her command" (The Banners Gather);
- ``rivers``: the River plots ("then, trigger the top River plot card in your used pile").
- ``castles``: Castle plot cards ("after a Castle plot card is placed in your used pile").
- ``withdrawn``: "remove X from the challenge" (Blackfyre).
- ``plot_claim``: "during [X] challenges, the Claim value on your revealed plot card is
  increased by 1" (Vaes Dothrak).
- ``handmaidens``: "if X would be killed, you may instead attach her ... as a Handmaiden".

A product package imports the engine and this vocabulary, never another product
(tests/test_architecture.py); a helper a second product needs moves here first. Its names
are importable from the package (``from gameplay.engine.cards.vocabulary import won``) or
from their module. Handler and effect names registered here keep the names they had in the
product that first defined them: saved games store them.
"""

from gameplay.engine.cards.vocabulary.agenda_kinds import non_character_agenda
from gameplay.engine.cards.vocabulary.attached_control import release_attached, take_attached
from gameplay.engine.cards.vocabulary.attachments import (
    banner_attachments,
    fell_with,
    fell_with_host,
    kneel_host,
    move_attachment,
    opponents_location,
    reattach_after_host,
    stand_bannered,
)
from gameplay.engine.cards.vocabulary.cancels import (
    drawers,
    lets_opponent_draw,
    moves_out_of_pile,
    targets_character,
)
from gameplay.engine.cards.vocabulary.castles import (
    castle_plot,
    castle_revealed,
    castle_to_your_used_pile,
    is_castle,
)
from gameplay.engine.cards.vocabulary.challenges import (
    alone_claim_instead,
    attacked_alone,
    attacking_alone,
    challenges_this_phase,
    challenges_this_round,
    first_challenge,
    first_challenge_this_phase,
    grant_challenge,
    join_as_defender,
    killed_for_military_claim,
    lost,
    lost_to_opponent,
    may_join_as_defender,
    participants,
    win_challenge_instead,
    wins_this_phase,
    won,
    won_unopposed,
    won_with,
    would_win_against_you,
)
from gameplay.engine.cards.vocabulary.character_agendas import agenda_character
from gameplay.engine.cards.vocabulary.cheaper import cheaper_per, cheaper_per_unique
from gameplay.engine.cards.vocabulary.choose_one import (
    choose_one_event,
    melee_power_event,
    more_than_one_opponent,
)
from gameplay.engine.cards.vocabulary.command import (
    cards_at_command,
    fewest_at_command,
    most_at_command,
)
from gameplay.engine.cards.vocabulary.events import event, kill_the_attackers, response
from gameplay.engine.cards.vocabulary.first_play import (
    first_play_reduction,
    free_city,
    out_of_house,
)
from gameplay.engine.cards.vocabulary.handmaidens import handmaiden
from gameplay.engine.cards.vocabulary.history import lost_dominance, this_round
from gameplay.engine.cards.vocabulary.house_attachments import (
    host_won_in_melee,
    long_season,
    never_on_a_card,
    owners_characters_gain,
    played_itself,
    raven,
)
from gameplay.engine.cards.vocabulary.icon_strength import many_icons_do_not_count
from gameplay.engine.cards.vocabulary.kneeling import kneel_card, kneel_or_stand, stand_card
from gameplay.engine.cards.vocabulary.naval import (
    NAVAL,
    declared_naval_attacker,
    naval_attacker,
    naval_icons,
)
from gameplay.engine.cards.vocabulary.north import cheaper_per_north_agenda, north_agendas
from gameplay.engine.cards.vocabulary.passives import (
    attached_passive,
    no_rival,
    on_bearer,
    on_self,
    rival_permissions,
)
from gameplay.engine.cards.vocabulary.played import (
    played_from_hand,
    reinforcements_played,
    scavengers,
    scavengers_of_your_play,
)
from gameplay.engine.cards.vocabulary.plot_claim import claim_during
from gameplay.engine.cards.vocabulary.plots import (
    cancel_when_revealed,
    reveal_new_plot_choice,
    when_revealed_pending,
    you_revealed,
)
from gameplay.engine.cards.vocabulary.power import move_card_power
from gameplay.engine.cards.vocabulary.prized import is_prized, prized_card, prized_value
from gameplay.engine.cards.vocabulary.reprints import reprint
from gameplay.engine.cards.vocabulary.rivers import river_plot, river_plots, trigger_plot
from gameplay.engine.cards.vocabulary.searches import (
    SEARCH_DEPTH,
    discard_then_order,
    herald,
    search_top,
)
from gameplay.engine.cards.vocabulary.seasons import (
    in_season,
    kneel_self_when,
    not_summer,
    not_winter,
    summer,
    winter,
)
from gameplay.engine.cards.vocabulary.shadows import came_out, out_of_shadows, shadow_event
from gameplay.engine.cards.vocabulary.stealth import gain_stealth, stealth_candidates
from gameplay.engine.cards.vocabulary.strength import (
    GAME_LISTENERS,
    STR_LISTENERS,
    STR_REDUCED,
    reduced_by_attachment,
)
from gameplay.engine.cards.vocabulary.targets import (
    AGENDA_AS_IF_TRAITS,
    ROYAL,
    agenda_trait,
    characters_of,
    choosable,
    choose_opponent,
    controls_royal,
    every_trait,
    has_trait,
    in_play_of,
    is_mine,
    is_type,
    of_house,
    of_house_named,
)
from gameplay.engine.cards.vocabulary.withdrawn import withdraw
from gameplay.engine.cards.vocabulary.zones import (
    LEFT_PLAY,
    discard_top,
    first_of_top,
    pile_to_hand,
    searched_to_hand,
)

__all__ = [
    "AGENDA_AS_IF_TRAITS",
    "GAME_LISTENERS",
    "LEFT_PLAY",
    "NAVAL",
    "ROYAL",
    "SEARCH_DEPTH",
    "STR_LISTENERS",
    "STR_REDUCED",
    "agenda_character",
    "agenda_trait",
    "alone_claim_instead",
    "attached_passive",
    "attacked_alone",
    "attacking_alone",
    "banner_attachments",
    "came_out",
    "cancel_when_revealed",
    "cards_at_command",
    "castle_plot",
    "castle_revealed",
    "castle_to_your_used_pile",
    "challenges_this_phase",
    "challenges_this_round",
    "characters_of",
    "cheaper_per",
    "cheaper_per_north_agenda",
    "cheaper_per_unique",
    "choosable",
    "choose_one_event",
    "choose_opponent",
    "claim_during",
    "controls_royal",
    "declared_naval_attacker",
    "discard_then_order",
    "discard_top",
    "drawers",
    "event",
    "every_trait",
    "fell_with",
    "fell_with_host",
    "fewest_at_command",
    "first_challenge",
    "first_challenge_this_phase",
    "first_of_top",
    "first_play_reduction",
    "free_city",
    "gain_stealth",
    "grant_challenge",
    "handmaiden",
    "has_trait",
    "herald",
    "host_won_in_melee",
    "in_play_of",
    "in_season",
    "is_castle",
    "is_mine",
    "is_prized",
    "is_type",
    "join_as_defender",
    "kill_the_attackers",
    "killed_for_military_claim",
    "kneel_card",
    "kneel_host",
    "kneel_or_stand",
    "kneel_self_when",
    "lets_opponent_draw",
    "long_season",
    "lost",
    "lost_dominance",
    "lost_to_opponent",
    "many_icons_do_not_count",
    "may_join_as_defender",
    "melee_power_event",
    "more_than_one_opponent",
    "most_at_command",
    "move_attachment",
    "move_card_power",
    "moves_out_of_pile",
    "naval_attacker",
    "naval_icons",
    "never_on_a_card",
    "no_rival",
    "non_character_agenda",
    "north_agendas",
    "not_summer",
    "not_winter",
    "of_house",
    "of_house_named",
    "on_bearer",
    "on_self",
    "opponents_location",
    "out_of_house",
    "out_of_shadows",
    "owners_characters_gain",
    "participants",
    "pile_to_hand",
    "played_from_hand",
    "played_itself",
    "prized_card",
    "prized_value",
    "raven",
    "reattach_after_host",
    "reduced_by_attachment",
    "reinforcements_played",
    "release_attached",
    "reprint",
    "response",
    "reveal_new_plot_choice",
    "rival_permissions",
    "river_plot",
    "river_plots",
    "scavengers",
    "scavengers_of_your_play",
    "search_top",
    "searched_to_hand",
    "shadow_event",
    "stand_bannered",
    "stand_card",
    "stealth_candidates",
    "summer",
    "take_attached",
    "targets_character",
    "this_round",
    "trigger_plot",
    "when_revealed_pending",
    "win_challenge_instead",
    "wins_this_phase",
    "winter",
    "withdraw",
    "won",
    "won_unopposed",
    "won_with",
    "would_win_against_you",
    "you_revealed",
]
