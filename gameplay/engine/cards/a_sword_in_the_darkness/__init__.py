"""Card scripts of A Sword in the Darkness (dotn_41 to dotn_60), a chapter pack of the
Defenders of the North cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it. The agenda (dotn_59 The Builders) is in the agendas
package."""

from gameplay.engine.cards.a_sword_in_the_darkness import (  # noqa: F401 - importing registers
    cards,
    characters,
    others,
)
