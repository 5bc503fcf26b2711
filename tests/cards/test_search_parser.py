"""The search language parser (pure: no database)."""

from __future__ import annotations

import doctest
import pickle
import re
from pathlib import Path

import pytest

from cards.search import language as search
from cards.search.language import KEYS, SPECS, And, Not, Or, SearchError, Term, parse


def problems_of(query: str) -> list[str]:
    with pytest.raises(SearchError) as info:
        parse(query)
    return info.value.problems


def test_the_module_doctests_pass():
    result = doctest.testmod(search)
    assert result.attempted >= 4
    assert result.failed == 0


# --- empty queries and free text ---------------------------------------------------------


@pytest.mark.parametrize("query", ["", "   ", "\t\n"])
def test_a_blank_query_is_an_empty_and(query):
    assert parse(query) == And(())


def test_a_word_searches_the_name():
    assert parse("Tyrion") == Term("name", ":", "Tyrion")


def test_several_words_are_anded():
    assert parse("red viper") == And((Term("name", ":", "red"), Term("name", ":", "viper")))


@pytest.mark.parametrize("query", ['"the red viper"', "\u201cthe red viper\u201d"])
def test_a_quoted_phrase_is_one_name_term(query):
    assert parse(query) == Term("name", ":", "the red viper")


def test_spaces_inside_a_phrase_are_collapsed():
    assert parse('"  the   red viper "') == Term("name", ":", "the red viper")


def test_a_typographic_apostrophe_becomes_a_straight_one():
    assert parse("Lord\u2019s") == Term("name", ":", "Lord's")
    assert parse("x:king\u2019s") == Term("text", ":", "king's")


@pytest.mark.parametrize("word", ["Guilty!", "Chella,", "You've", "Lord-of"])
def test_punctuation_in_a_name_word_stays_a_word(word):
    assert parse(word) == Term("name", ":", word)


def test_a_quote_right_after_a_word_starts_a_phrase():
    assert parse('Longship"Foamdrinker"') == And(
        (Term("name", ":", "Longship"), Term("name", ":", "Foamdrinker"))
    )


# --- keys and values ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("n:ned", Term("name", ":", "ned")),
        ("name:ned", Term("name", ":", "ned")),
        ("x:draw", Term("text", ":", "draw")),
        ('text:"draw a card"', Term("text", ":", "draw a card")),
        ("f:winter", Term("flavor", ":", "winter")),
        ("flavor:winter", Term("flavor", ":", "winter")),
        ("a:lofgren", Term("illustrator", ":", "lofgren")),
        ('artist:"Eric Lofgren"', Term("illustrator", ":", "Eric Lofgren")),
        ("illustrator:lofgren", Term("illustrator", ":", "lofgren")),
        ("k:Knight", Term("trait", ":", "Knight")),
        ('trait:"House Tully"', Term("trait", ":", "House Tully")),
        ("kw:stealth", Term("keyword", ":", "stealth")),
        ("keyword:Deadly", Term("keyword", ":", "deadly")),
        ("e:core", Term("product", ":", "core")),
        ('set:"Kings of the Sea"', Term("product", ":", "Kings of the Sea")),
        ("product:kotse", Term("product", ":", "kotse")),
    ],
)
def test_text_keys_keep_the_value(query, expected):
    assert parse(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("t:character", Term("type", ":", "character")),
        ("t:char", Term("type", ":", "character")),
        ("type:loc", Term("type", ":", "location")),
        ("t:att", Term("type", ":", "attachment")),
        ("t:agenda", Term("type", ":", "agenda")),
        ("t:ev", Term("type", ":", "event")),
        ("t:plot", Term("type", ":", "plot")),
        ("t:house", Term("type", ":", "house")),
        ("h:stark", Term("house", ":", "Stark")),
        ("h:targ", Term("house", ":", "Targaryen")),
        ("house:GREYJOY", Term("house", ":", "Greyjoy")),
        ("h:neutral", Term("house", ":", "Neutral")),
        ("p:lannister", Term("playable", ":", "Lannister")),
        ("playable:m", Term("playable", ":", "Martell")),
        ("i:military", Term("icon", ":", "military")),
        ("i:m", Term("icon", ":", "military")),
        ("i:i", Term("icon", ":", "intrigue")),
        ("icon:p", Term("icon", ":", "power")),
        ("i:n", Term("icon", ":", "naval")),
        ("i:naval", Term("icon", ":", "naval")),
        ("cr:noble", Term("crest", ":", "noble")),
        ("crest:sh", Term("crest", ":", "shadow")),
        ("u:yes", Term("unique", ":", True)),
        ("u:true", Term("unique", ":", True)),
        ("u:1", Term("unique", ":", True)),
        ("unique:no", Term("unique", ":", False)),
        ("u:false", Term("unique", ":", False)),
        ("u:0", Term("unique", ":", False)),
        ("j:legal", Term("joust", ":", "legal")),
        ("j:r", Term("joust", ":", "restricted")),
        ("joust:b", Term("joust", ":", "banned")),
        ("m:restricted", Term("melee", ":", "restricted")),
        ("melee:banned", Term("melee", ":", "banned")),
    ],
)
def test_enumerated_keys_resolve_names_and_prefixes(query, expected):
    assert parse(query) == expected


@pytest.mark.parametrize(
    ("key", "field"),
    [
        ("c", "cost"),
        ("cost", "cost"),
        ("s", "strength"),
        ("str", "strength"),
        ("inc", "income"),
        ("gold", "income"),
        ("ini", "initiative"),
        ("cl", "claim"),
        ("inf", "influence"),
    ],
)
@pytest.mark.parametrize(
    ("op", "normal"),
    [(":", "="), ("=", "="), ("<", "<"), (">", ">"), ("<=", "<="), (">=", ">="), ("!=", "!=")],
)
def test_number_keys_take_every_operator(key, field, op, normal):
    assert parse(f"{key}{op}3") == Term(field, normal, 3)


def test_bang_alone_means_not_equal_for_numbers():
    assert parse("c!2") == Term("cost", "!=", 2)


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("-1", -1), ("+4", 4), ("12", 12)])
def test_number_values_may_be_signed(text, number):
    assert parse(f"ini>={text}") == Term("initiative", ">=", number)


def test_keys_are_case_insensitive():
    assert parse("H:Stark C>3") == And((Term("house", ":", "Stark"), Term("cost", ">", 3)))


def test_keyword_aliases_and_values():
    assert parse("kw:immunity") == Term("keyword", ":", "immune")
    assert parse("kw:prized") == Term("keyword", ":", "prized")
    assert parse('kw:"prized 2"') == Term("keyword", ":", "prized 2")
    assert parse('kw:"No  attachments"') == Term("keyword", ":", "no attachments")
    assert parse('kw:"immune to events"') == Term("keyword", ":", "immune to events")


def test_equals_means_exact_for_text_and_keywords():
    assert parse('kw="no attachments"') == Term("keyword", "=", "no attachments")
    assert parse("n=Ice") == Term("name", "=", "Ice")
    assert parse("x=draw") == Term("text", "=", "draw")


def test_equals_is_the_same_as_colon_for_choices_and_traits():
    assert parse("h=stark") == parse("h:stark")
    assert parse("k=knight") == parse("k:knight")


def test_every_key_spelling_is_listed_once():
    spellings = [s for spec in SPECS for s in spec.spellings]
    assert len(spellings) == len(set(spellings)) == len(KEYS)


# --- or within a key, negation, or between terms, parentheses -------------------------------


@pytest.mark.parametrize("query", ["h:stark|lannister", "h:stark,lannister"])
def test_several_values_of_one_key_are_ored(query):
    assert parse(query) == Or((Term("house", ":", "Stark"), Term("house", ":", "Lannister")))


def test_quoted_values_can_be_ored_and_keep_their_commas():
    assert parse('k:"Ally, Qartheen"|knight') == Or(
        (Term("trait", ":", "Ally, Qartheen"), Term("trait", ":", "knight"))
    )


def test_several_numbers_with_equals_are_ored():
    assert parse("c:2|3") == Or((Term("cost", "=", 2), Term("cost", "=", 3)))


def test_several_numbers_with_not_equal_must_all_differ():
    assert parse("c!2|3") == And((Term("cost", "!=", 2), Term("cost", "!=", 3)))


def test_a_dash_negates_a_term():
    assert parse("-kw:stealth") == Not(Term("keyword", ":", "stealth"))
    assert parse('-"lord of"') == Not(Term("name", ":", "lord of"))
    assert parse("-ice") == Not(Term("name", ":", "ice"))


def test_not_negates_a_term_and_double_negation_cancels():
    assert parse("not h:stark") == Not(Term("house", ":", "Stark"))
    assert parse("NOT -h:stark") == Term("house", ":", "Stark")


def test_bang_on_a_choice_key_negates_all_its_values():
    assert parse("h!stark|lannister") == Not(
        Or((Term("house", ":", "Stark"), Term("house", ":", "Lannister")))
    )
    assert parse("t!=plot") == Not(Term("type", ":", "plot"))


def test_or_between_terms_binds_looser_than_and():
    assert parse("h:stark c:2 or t:plot") == Or(
        (
            And((Term("house", ":", "Stark"), Term("cost", "=", 2))),
            Term("type", ":", "plot"),
        )
    )


def test_or_and_and_are_case_insensitive_words():
    assert parse("h:stark OR h:lannister") == parse("h:stark or h:lannister")
    assert parse("h:stark AND t:char") == parse("h:stark t:char")


def test_parentheses_group():
    assert parse("(h:stark or h:lannister) -t:plot") == And(
        (
            Or((Term("house", ":", "Stark"), Term("house", ":", "Lannister"))),
            Not(Term("type", ":", "plot")),
        )
    )


def test_a_dash_negates_a_group():
    assert parse("-(t:plot or t:agenda)") == Not(
        Or((Term("type", ":", "plot"), Term("type", ":", "agenda")))
    )


def test_a_closing_parenthesis_ends_a_key_value():
    assert parse("(h:stark)") == Term("house", ":", "Stark")


def test_nested_ands_and_ors_are_flattened():
    assert parse("(ice needle) wolf") == And(
        (Term("name", ":", "ice"), Term("name", ":", "needle"), Term("name", ":", "wolf"))
    )
    assert parse("ice or (needle or wolf)") == Or(
        (Term("name", ":", "ice"), Term("name", ":", "needle"), Term("name", ":", "wolf"))
    )


def test_the_tree_is_frozen():
    term = parse("h:stark")
    with pytest.raises(AttributeError):
        term.value = "Lannister"  # type: ignore[misc]


# --- bad input ------------------------------------------------------------------------------


def test_an_unknown_key_is_named_with_the_known_keys():
    (problem,) = problems_of("foo:bar")
    assert problem.startswith('Unknown key "foo" in "foo:bar".')
    assert "Known keys: a, c, cl, cr, e, f, h, i, inc, inf, ini, j, k, kw, m, n, p, s" in problem


def test_an_unknown_key_close_to_a_known_one_gets_a_suggestion():
    (problem,) = problems_of("cots>3")
    assert 'Did you mean "cost"?' in problem


def test_an_unknown_key_with_a_value_after_any_operator_is_an_error():
    assert problems_of("foo<3")[0].startswith('Unknown key "foo" in "foo<3".')


def test_a_malformed_number_is_named():
    assert problems_of("c>x") == ['"c>x": cost needs a whole number, e.g. c>3.']
    assert "strength needs a whole number" in problems_of("s:3.5")[0]


@pytest.mark.parametrize("query", ["h>stark", "t<=plot", "x>draw", "u>=yes"])
def test_a_comparison_on_a_key_that_is_not_a_number_is_refused(query):
    (problem,) = problems_of(query)
    assert problem.startswith(f'"{query}":')
    assert "only works with number keys" in problem


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("t:foo", ['Unknown card type "foo" in "t:foo"', "character, location"]),
        ("h:foo", ['Unknown house "foo" in "h:foo"', "stark, lannister"]),
        ("p:foo", ['Unknown house "foo" in "p:foo"']),
        ("i:foo", ['Unknown icon "foo" in "i:foo"', "naval"]),
        ("cr:foo", ['Unknown crest "foo" in "cr:foo"', "holy"]),
        ("u:maybe", ['Unknown value "maybe" in "u:maybe"', "yes, no"]),
        ("j:foo", ['Unknown joust legality "foo" in "j:foo"', "restricted"]),
        ("m:foo", ['Unknown melee legality "foo" in "m:foo"']),
        ("kw:foo", ['Unknown keyword "foo" in "kw:foo"', "stealth"]),
    ],
)
def test_an_unknown_value_of_an_enumerated_key_is_named(query, words):
    (problem,) = problems_of(query)
    for word in words:
        assert word in problem


def test_an_ambiguous_prefix_is_refused():
    (problem,) = problems_of("t:a")
    assert problem == '"t:a" is ambiguous: "a" could be attachment or agenda; type more letters.'


def test_one_bad_value_among_several_is_named():
    (problem,) = problems_of("h:stark|starks")
    assert 'Unknown house "starks" in "h:stark|starks"' in problem


@pytest.mark.parametrize("query", ['x:"draw a card', '"the red viper', 'h:stark "lord'])
def test_an_unclosed_quote_is_reported(query):
    (problem,) = problems_of(query)
    assert problem.startswith("Unclosed quote in ")
    assert query.split(" ")[-1] in problem


@pytest.mark.parametrize("query", ["h:", "x: draw", "c>"])
def test_a_key_without_a_value_is_reported(query):
    problem = problems_of(query)[0]
    assert f'"{query.split()[0]}" needs a value' in problem


def test_an_empty_alternative_is_reported():
    assert problems_of("h:stark|") == ['"h:stark|" has an empty value between its separators.']


def test_empty_quotes_are_reported():
    assert problems_of('ice ""')[0].startswith('Empty quotes ""')


@pytest.mark.parametrize(
    ("query", "start"),
    [
        ("- h:stark", 'A lone "-"'),
        ("ice -", 'A lone "-"'),
        ("not", '"not" must be followed'),
        ("or", '"or" needs a term on each side'),
        ("ice or", '"or" needs a term on each side'),
        ("or ice", '"or" needs a term on each side'),
        ("ice and", '"and" needs a term on each side'),
        ("(ice", 'Unclosed "("'),
        ("ice)", 'Unmatched ")"'),
        ("()", "Empty parentheses"),
    ],
)
def test_misplaced_operators_and_parentheses_are_reported(query, start):
    assert problems_of(query)[0].startswith(start)


def test_every_problem_of_a_query_is_reported_in_order():
    problems = problems_of('foo:bar c>x ice h:nope t:a x:"open')
    assert len(problems) == 5
    assert problems[0].startswith('Unknown key "foo"')
    assert problems[1].startswith('"c>x"')
    assert problems[2].startswith('Unknown house "nope"')
    assert problems[3].startswith('"t:a" is ambiguous')
    assert problems[4].startswith("Unclosed quote")


def test_a_bad_term_next_to_or_reports_only_itself():
    assert len(problems_of("foo:bar or h:stark")) == 1


def test_the_error_message_joins_the_problems():
    with pytest.raises(SearchError) as info:
        parse("foo:1 bar:2")
    error = info.value
    assert len(error.problems) == 2
    assert str(error) == " ".join(error.problems)
    assert isinstance(error, ValueError)


def test_the_error_survives_pickling():
    with pytest.raises(SearchError) as info:
        parse("foo:1 bar:2")
    error = info.value
    copy = pickle.loads(pickle.dumps(error))
    assert copy.problems == error.problems


# --- the user documentation ----------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "SEARCH.md"


def test_the_docs_key_table_lists_every_key_and_spelling():
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \|", DOCS.read_text(encoding="utf-8"), re.M)
    documented = {short: tuple(re.findall(r"`(\w+)`", longs)) for short, longs in rows}
    assert documented == {spec.short: spec.spellings[1:] for spec in SPECS}


def test_the_docs_list_every_keyword():
    text = DOCS.read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith("| `kw` |")]
    assert re.findall(r"`\"?([a-z ]+)\"?`", row.split("|")[4]) == list(search.KEYWORDS)


def test_every_example_in_the_docs_parses():
    text = DOCS.read_text(encoding="utf-8").replace("\\|", "|")
    snippets = re.findall(r"`([^`]+)`", text.split("## Mistakes")[0])
    examples = re.findall(r"^- `(.+?)` — ", text.split("## Examples")[1], re.M)
    assert len(examples) >= 20
    not_queries = {"h:", "p:", "e:", "or", "and", "not", "-", "( )"}
    bad = []
    for snippet in [*snippets, *examples]:
        if snippet in not_queries:
            continue
        try:
            parse(snippet)
        except SearchError:
            bad.append(snippet)
    # The only refused snippets are the ones the text shows as refused.
    assert sorted(bad) == ["- h:stark", "t:a"]


def test_an_overlong_query_is_refused_with_its_length():
    with pytest.raises(SearchError) as caught:
        parse("stark " * 100)
    assert "600 characters" in str(caught.value)
    assert parse("stark " * 80)  # 480 characters are fine
