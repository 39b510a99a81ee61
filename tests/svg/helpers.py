"""Helpers for reading what an SVG drawing shows: parse it and find the drawn cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(document: str) -> ET.Element:
    """Parse a drawing as XML (fails the test if it is not well-formed) and check the root."""
    root = ET.fromstring(document)
    assert root.tag == f"{SVG}svg"
    view_box = root.get("viewBox")
    assert view_box is not None
    x, y, width, height = (float(part) for part in view_box.split())
    assert (x, y) == (0, 0)
    assert width > 0
    assert height > 0
    # the natural size keeps the viewBox proportions, so the picture scales undistorted
    natural_w, natural_h = float(root.get("width", "0")), float(root.get("height", "0"))
    assert abs(natural_w / natural_h - width / height) < 0.01
    return root


def classes(element: ET.Element) -> set[str]:
    """The CSS classes of an element."""
    return set(element.get("class", "").split())


def drawn_cards(root: ET.Element) -> list[str]:
    """The ``data-card`` of every face-up card, in document (painting) order."""
    return [
        g.get("data-card", "")
        for g in root.iter(f"{SVG}g")
        if "card" in classes(g) and "back" not in classes(g)
    ]


def backs(root: ET.Element) -> int:
    """How many face-down cards are drawn."""
    return sum(1 for g in root.iter(f"{SVG}g") if {"card", "back"} <= classes(g))


def find_all(root: ET.Element, css_class: str) -> list[ET.Element]:
    """Every ``<g>`` carrying ``css_class``, in document order."""
    return [g for g in root.iter(f"{SVG}g") if css_class in classes(g)]


def texts(element: ET.Element) -> list[str]:
    """The text of every ``<text>`` element under ``element``."""
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]
