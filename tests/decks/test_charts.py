"""Server-rendered SVG charts (pure): well-formed, accessible, faithful to the data, escaped."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import pytest

import decks.charts
from decks.charts import Palette, bar_chart_svg, deck_charts, describe, plot_table_svg
from decks.stats import deck_stats

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(\"x\")</script> & 'Ser' <b>"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def bars(root: ET.Element) -> list[ET.Element]:
    return [r for r in root.iter(f"{SVG}rect") if "bar" in r.get("class", "").split()]


def texts(root: ET.Element, css: str) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == css]


def test_the_module_doctests_pass():
    result = doctest.testmod(decks.charts)
    assert result.attempted > 0
    assert result.failed == 0


def test_a_bar_chart_is_an_accessible_image():
    root = parse(bar_chart_svg("Crests", ["War", "Noble", "Holy"], [3, 0, 6]))
    assert root.get("role") == "img"
    title, desc = root.find("svg:title", NS), root.find("svg:desc", NS)
    assert title.text == "Crests"
    assert desc.text == "Crests. War: 3, Noble: 0, Holy: 6."
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.get("id") == "chart-crests-title"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "300",
        "160",
        "0 0 300 160",
    )


def test_each_bar_carries_its_value_and_a_visible_number():
    root = parse(bar_chart_svg("Crests", ["War", "Noble", "Holy"], [3, 0, 6]))
    found = bars(root)
    assert [(b.get("data-label"), b.get("data-value")) for b in found] == [
        ("War", "3"),
        ("Noble", "0"),
        ("Holy", "6"),
    ]
    assert texts(root, "value") == ["3", "0", "6"]
    assert texts(root, "label") == ["War", "Noble", "Holy"]
    assert [b.find("svg:title", NS).text for b in found] == ["War: 3", "Noble: 0", "Holy: 6"]


def test_bar_heights_are_proportional_and_stand_on_one_baseline():
    found = bars(parse(bar_chart_svg("Strength", ["1", "2", "3"], [2, 0, 4])))
    heights = [float(b.get("height")) for b in found]
    assert heights[1] == 0
    assert heights[2] == pytest.approx(2 * heights[0], abs=0.2)
    assert heights[2] > 100  # the tallest bar fills the plot area
    bottoms = {round(float(b.get("y")) + float(b.get("height")), 1) for b in found}
    assert len(bottoms) == 1


def test_all_zero_values_draw_flat_bars():
    found = bars(parse(bar_chart_svg("Empty", ["a", "b"], [0, 0])))
    assert [float(b.get("height")) for b in found] == [0, 0]


def test_fractional_values_are_shown_with_one_decimal():
    root = parse(bar_chart_svg("Averages", ["Gold", "Claim"], [4.25, 1.0]))
    assert texts(root, "value") == ["4.2", "1"]


def test_two_series_are_grouped_with_a_legend():
    svg = bar_chart_svg("Cost curve", ["0", "1"], {"Printed": [2, 5], "Effective": [1, 6]})
    root = parse(svg)
    found = bars(root)
    assert [(b.get("data-series"), b.get("data-label"), b.get("data-value")) for b in found] == [
        ("Printed", "0", "2"),
        ("Effective", "0", "1"),
        ("Printed", "1", "5"),
        ("Effective", "1", "6"),
    ]
    assert [b.get("class") for b in found[:2]] == ["bar series-0", "bar series-1"]
    assert texts(root, "legend-name") == ["Printed", "Effective"]
    assert float(found[0].get("x")) < float(found[1].get("x")) < float(found[2].get("x"))
    assert (
        root.find("svg:desc", NS).text == "Cost curve. Printed: 0: 2, 1: 5; Effective: 0: 1, 1: 6."
    )


def test_colors_come_from_the_palette():
    palette = Palette(series=("#111111", "#222222"), text="#333333")
    root = parse(bar_chart_svg("X", ["a"], {"s": [1], "t": [2]}, palette=palette))
    assert [b.get("fill") for b in bars(root)] == ["#111111", "#222222"]
    assert {t.get("fill") for t in root.iter(f"{SVG}text") if t.get("class") == "value"} == {
        "#333333"
    }


def test_malicious_labels_titles_and_colors_are_escaped():
    palette = Palette(series=('red" onload="alert(1)',))
    svg = bar_chart_svg(EVIL, [EVIL, "A&B"], {EVIL: [1, 2]}, palette=palette, description=EVIL)
    assert "<script" not in svg and "<b>" not in svg
    assert "&lt;script&gt;" in svg
    root = parse(svg)
    assert root.find("svg:title", NS).text == EVIL
    assert root.find("svg:desc", NS).text == EVIL
    assert texts(root, "label") == [EVIL, "A&B"]
    assert bars(root)[0].get("data-series") == EVIL
    assert bars(root)[0].get("fill") == 'red" onload="alert(1)'
    assert all(el.get("onload") is None for el in root.iter())
    assert not list(root.iter(f"{SVG}script")) and not list(root.iter("script"))


def test_the_id_is_derived_from_the_title_or_given():
    assert parse(bar_chart_svg(EVIL, ["a"], [1])).get("id") == "chart-script-alert-x-script-ser-b"
    assert parse(bar_chart_svg("X", ["a"], [1], chart_id="deck-7.cost")).get("id") == "deck-7.cost"
    with pytest.raises(ValueError, match="not a valid id"):
        bar_chart_svg("X", ["a"], [1], chart_id='x" onload="y')


@pytest.mark.parametrize(
    ("labels", "values", "message"),
    [
        (["a", "b"], [1], "values has 1 numbers for 2 labels"),
        (["a"], {"Printed": [1], "Effective": [1, 2]}, "series 'Effective' has 2 numbers"),
        (["a"], [-1], "not negative"),
        (["a"], [float("nan")], "finite"),
        (["a"], ["3"], "must be numbers"),
        (["a"], {}, "at least one series"),
    ],
)
def test_bad_values_are_refused(labels, values, message):
    with pytest.raises(ValueError, match=message):
        bar_chart_svg("X", labels, values)


def test_a_chart_without_labels_says_so():
    root = parse(bar_chart_svg("Strength", [], []))
    assert bars(root) == []
    assert texts(root, "empty") == ["No data"]
    assert describe("Strength", [], [("", [])]) == "Strength. No data."


def test_the_size_is_configurable():
    root = parse(bar_chart_svg("X", ["a"], [1], width=400, height=200))
    assert root.get("viewBox") == "0 0 400 200"
    assert all(float(b.get("x")) + float(b.get("width")) <= 400 for b in bars(root))


def plot(code: str, name: str, income: int | None, initiative: int, claim: int) -> dict:
    return {
        "code": code,
        "name": name,
        "card_type": "plot",
        "income": income,
        "initiative": initiative,
        "claim": claim,
    }


LONG_NAME = EVIL + " and a very long plot name indeed"
PLOTS = [
    (plot("p1", "A Noble Cause", 5, 0, 1), 1),
    (plot("p2", "Wildfire Assault", 2, 6, 2), 2),
    (plot("p3", LONG_NAME, None, 3, 1), 1),
]


def rows(root: ET.Element, css: str) -> list[list[str]]:
    return [
        [t.text for t in g.iter(f"{SVG}text")]
        for g in root.iter(f"{SVG}g")
        if g.get("class") == css
    ]


def test_the_plot_table_lists_each_plot_and_the_averages():
    stats = deck_stats("Stark", PLOTS)
    svg = plot_table_svg(stats.plots)
    root = parse(svg)
    assert root.get("role") == "img"
    assert rows(root, "plot-head") == [["Plot", "Gold", "Init.", "Claim"]]
    table = rows(root, "plot-row")
    # Sorted by name: "<script>..." comes first.
    assert table[1] == ["A Noble Cause", "5", "0", "1"]
    assert table[2] == ["Wildfire Assault ×2", "2", "6", "2"]
    assert table[0][1:] == ["-", "3", "1"]
    # Gold 9 over 3 copies; initiative 15 over 4; claim 6 over 4.
    assert rows(root, "plot-average") == [["Average", "3", "3.8", "1.5"]]
    assert "No plots" not in svg


def test_long_plot_names_are_shortened_but_given_in_full_and_escaped():
    root = parse(plot_table_svg(deck_stats("Stark", PLOTS).plots))
    name = LONG_NAME
    shown = rows(root, "plot-row")[0][0]
    assert shown.endswith("…") and len(shown) < len(name)
    assert name.startswith(shown[:-1])
    titles = [
        g.find("svg:title", NS).text for g in root.iter(f"{SVG}g") if g.get("class") == "plot-row"
    ]
    assert titles[0] == f"{name}: gold -, init 3, claim 1"
    assert name in root.find("svg:desc", NS).text


def test_the_plot_table_grows_with_its_rows():
    one = parse(plot_table_svg(deck_stats("Stark", PLOTS[:1]).plots))
    three = parse(plot_table_svg(deck_stats("Stark", PLOTS).plots))
    assert int(three.get("height")) - int(one.get("height")) == 2 * 14


def test_an_empty_plot_table_says_so():
    root = parse(plot_table_svg(deck_stats("Stark", []).plots))
    assert texts(root, "empty") == ["No plots"]
    assert root.find("svg:desc", NS).text == "Plots. No plots."


def character(code: str, name: str, house: str, cost: int, strength: int, **lists) -> dict:
    return {
        "code": code,
        "name": name,
        "card_type": "character",
        "houses": [house],
        "cost": cost,
        "strength": strength,
        **lists,
    }


DECK = [
    (
        character(
            "c1",
            "Bran <the Broken>",
            "Stark",
            2,
            1,
            icons=["power"],
            naval_icons=["power"],
            crests=["noble"],
        ),
        3,
    ),
    (character("c2", "Ser Jaime", "Lannister", 3, 4, icons=["military"], crests=["war"]), 1),
    ({"code": "e1", "name": "Event", "card_type": "event", "houses": ["Neutral"], "cost": None}, 2),
    *PLOTS,
]


def test_deck_charts_draw_every_chart_from_the_stats():
    stats = deck_stats("Stark", DECK)
    charts = deck_charts(stats)
    assert set(charts) == {"cost_curve", "types", "icons", "strength", "crests", "plots"}
    roots = {key: parse(svg) for key, svg in charts.items()}
    cost = [
        (b.get("data-series"), b.get("data-label"), b.get("data-value"))
        for b in bars(roots["cost_curve"])
    ]
    # Printed: 2 (3 copies), 3 (1); effective: Ser Jaime 3 -> 5; the event has no cost.
    assert [c for c in cost if c[2] != "0"] == [
        ("Printed", "2", "3"),
        ("Effective", "2", "3"),
        ("Printed", "3", "1"),
        ("Effective", "5", "1"),
        ("Printed", "none", "2"),
        ("Effective", "none", "2"),
    ]
    assert texts(roots["types"], "value") == ["4", "0", "0", "2"]
    assert texts(roots["types"], "label") == ["Char.", "Loc.", "Att.", "Event"]
    icons = {
        (b.get("data-series"), b.get("data-label")): b.get("data-value")
        for b in bars(roots["icons"])
    }
    assert icons[("Characters", "Power")] == "3" and icons[("Naval", "Power")] == "3"
    assert icons[("Characters", "Military")] == "1" and icons[("Naval", "Military")] == "0"
    assert texts(roots["strength"], "value") == ["0", "3", "0", "0", "1"]
    assert dict(
        zip(texts(roots["crests"], "label"), texts(roots["crests"], "value"), strict=True)
    ) == {
        "War": "1",
        "Noble": "3",
        "Learned": "0",
        "Holy": "0",
        "Shadow": "0",
    }
    assert len(rows(roots["plots"], "plot-row")) == 3


def test_deck_chart_ids_are_unique_on_one_page():
    charts = deck_charts(deck_stats("Stark", DECK), id_prefix="deck-12")
    page = ET.fromstring(f"<div>{''.join(charts.values())}</div>")
    ids = [el.get("id") for el in page.iter() if el.get("id")]
    assert len(ids) == len(set(ids)) == 3 * len(charts)
    assert all(i.startswith("deck-12-") for i in ids)
    assert page.find("svg:svg", NS).get("id") == "deck-12-cost-curve"


def test_deck_charts_of_an_empty_deck_are_well_formed():
    charts = deck_charts(deck_stats("", []))
    for svg in charts.values():
        parse(svg)
    assert texts(parse(charts["cost_curve"]), "empty") == ["No data"]
    assert texts(parse(charts["crests"]), "value") == ["0"] * 5
