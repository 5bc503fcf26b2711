"""Which name words a search ranks by, and the nicknames players use for cards.

Pure Python (no Django), like ``cards.search.language``: ``cards.search.sql`` turns what is here
into the database's expressions. A plain word (``ned``) or ``n:`` term matches every card whose name
contains it, so a short word finds many names that merely hold its letters ("Abandoned Forge"). The
results are therefore ranked, for each word, by how well the name matches it:

0. the whole name is the word, or the word is a nickname of the card (``ned``: Eddard Stark);
1. the name starts with the word;
2. a word of the name starts with the word ("Lord Eddard's Chambers" for ``eddard``);
3. the word is elsewhere in the name.

A card's rank is the sum over the words, lowest first.

>>> from cards.search.language import parse
>>> ranked_words(parse("ned h:stark -n:chambers"))
['ned']
>>> nickname_targets("Ned")
('Eddard Stark',)
>>> nickname_targets("eddard")
()
"""

from __future__ import annotations

from cards.search.language import And, Node, Or, Term

# A nickname (lowercase; several words only match a quoted phrase, "red woman") and the card
# names it stands for. Only names the words do not find at the start of a word already: "jon"
# finds Jon Snow, "cat" Catelyn Stark. ``tests/cards/test_search_rank.py`` checks that every
# name is a card's. Documented in docs/SEARCH.md.
NICKNAMES: dict[str, tuple[str, ...]] = {
    "ned": ("Eddard Stark",),
    "dany": ("Daenerys Targaryen",),
    "khaleesi": ("Daenerys Targaryen",),
    "kingslayer": ("Ser Jaime Lannister",),
    "littlefinger": ("Petyr Baelish",),
    "imp": ("Tyrion Lannister",),
    "halfman": ("Tyrion Lannister",),
    "sandor": ("The Hound",),
    "mountain": ("Ser Gregor Clegane",),
    "loras": ("Knight of Flowers",),
    "olenna": ("The Queen of Thorns",),
    "oberyn": ("The Red Viper",),
    "brynden": ("The Blackfish",),
    "spider": ("Varys",),
    "red woman": ("Melisandre",),
    "onion knight": ("Ser Davos Seaworth",),
    "young wolf": ("Robb Stark",),
    "lightning lord": ("Beric Dondarrion",),
}

# At most this many words are ranked (each adds one expression to the query's ordering).
MAX_RANKED_WORDS = 6
# What may precede the start of a word inside a name: "Tarle the Thrice-Drowned", "(Core)".
WORD_STARTS = (" ", "-", "(", '"', "'")


def nickname_targets(word: str) -> tuple[str, ...]:
    """The card names ``word`` is a nickname of (case and spacing do not matter)."""
    return NICKNAMES.get(" ".join(word.lower().split()), ())


def ranked_words(node: Node) -> list[str]:
    """The name words of a query to rank the results by: the positive ``name ... :`` terms.

    A negated word (``-n:chambers``) and an exact name (``n=ice``: every match is exact) rank
    nothing; words repeated count once; at most :data:`MAX_RANKED_WORDS`.
    """
    words: list[str] = []

    def walk(current: Node) -> None:
        if isinstance(current, (And, Or)):
            for child in current.children:
                walk(child)
        elif isinstance(current, Term) and current.key == "name" and current.op == ":":
            word = str(current.value)
            if word not in words:
                words.append(word)

    walk(node)  # a Not is not walked into
    return words[:MAX_RANKED_WORDS]
