"""The one place that registers the card scripts.

Importing this module imports every product package under ``gameplay/engine/cards/`` (each
module registers its cards' scripts in :data:`~gameplay.engine.abilities.SCRIPTS` as it is
imported), then gives every reprint its original's script (a product never imports another,
so a reprint of another product's card waits until that card is registered). No other engine
module imports the card scripts (tests/test_architecture.py): the rules read the scripts
through the registry, and the entry points (``game.py``) import this module.
"""

from __future__ import annotations

from gameplay.engine.cards import (  # noqa: F401 - importing registers their card scripts
    a_change_of_seasons,
    a_king_in_the_north,
    a_poisoned_spear,
    a_song_of_silence,
    a_song_of_summer,
    a_sword_in_the_darkness,
    a_time_of_trials,
    agendas,
    ancient_enemies,
    battle_of_ruby_ford,
    beyond_the_wall,
    called_by_the_conclave,
    calling_the_banners,
    city_of_secrets,
    core,
    dreadfort_betrayal,
    epic_battles,
    forging_the_chain,
    gates_of_the_citadel,
    here_to_serve,
    illyrios_gift,
    kings_of_the_sea,
    kings_of_the_storm,
    lions_of_the_rock,
    lords_of_winter,
    mask_of_the_archmaester,
    mountains_of_the_moon,
    of_snakes_and_sand,
    on_dangerous_grounds,
    princes_of_the_sun,
    queen_of_dragons,
    refugees_of_war,
    return_of_the_others,
    rituals_of_rhllor,
    sacred_bonds,
    scattered_armies,
    secrets_and_spies,
    tales_from_the_red_keep,
    the_battle_of_blackwater_bay,
    the_grand_melee,
    the_isle_of_ravens,
    the_ravens_song,
    the_tourney_for_the_hand,
    the_tower_of_the_hand,
    the_war_of_five_kings,
    the_wildling_horde,
    the_winds_of_winter,
    trial_by_combat,
    where_loyalty_lies,
    wolves_of_the_north,
)
from gameplay.engine.cards.vocabulary import reprints

reprints.finish()
