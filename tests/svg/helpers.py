"""Helpers for reading what an SVG drawing shows: parse it and find the drawn cards.

A drawing defines each card once (in ``<defs>``) and places it with ``<use>``; the
helpers read the drawing as a viewer sees it, every ``<use>`` replaced by a copy of what
it refers to (:func:`expand`).
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def expand(root: ET.Element) -> ET.Element:
    """Return ``root`` with every ``<use>`` replaced by a ``<g>`` holding a copy of its target.

    The copy is placed as the renderer places it (``translate(x y)`` then the use's own
    transform) and carries the use's ``fill``, which the target's unfilled shapes inherit.
    The ``<defs>`` are dropped: what remains is what is drawn. Fails on a dangling reference.
    """
    root = copy.deepcopy(root)
    targets = {element.get("id"): element for element in root.iter() if element.get("id")}

    def replace(parent: ET.Element) -> None:
        for index, child in enumerate(list(parent)):
            if child.tag == f"{SVG}defs":
                parent.remove(child)
                continue
            if child.tag == f"{SVG}use":
                href = child.get("href", "")
                target = targets.get(href.removeprefix("#"))
                assert href.startswith("#"), f"not a reference into the drawing: {href}"
                assert target is not None, f"dangling reference {href}"
                placed = ET.Element(f"{SVG}g")
                moves = [f"translate({child.get('x', '0')} {child.get('y', '0')})"]
                moves += [child.get("transform", "")]
                placed.set("transform", " ".join(move for move in moves if move))
                for name, value in child.attrib.items():
                    if name not in ("href", "x", "y", "transform"):
                        placed.set(name, value)
                placed.extend(copy.deepcopy(list(target)))
                parent.remove(child)
                parent.insert(index, placed)
                replace(placed)
            else:
                replace(child)

    replace(root)
    return root


def parse(document: str) -> ET.Element:
    """Parse a drawing as XML (fails the test if it is not well-formed) and check the root.

    Returns the drawing as drawn: see :func:`expand`.
    """
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
    return expand(root)


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
    """Every element under ``root`` carrying ``css_class``, in document order."""
    return [
        element for element in root.iter() if element is not root and css_class in classes(element)
    ]


def offset(group: ET.Element) -> tuple[float, float]:
    """Where a card group places its card: its own ``translate``, or that of its placement."""
    for element in (group, *group):
        transform = element.get("transform", "")
        if transform.startswith("translate("):
            x, y = transform[len("translate(") :].split(")")[0].split()
            return float(x), float(y)
    raise AssertionError("the card is not placed by a translation")


def texts(element: ET.Element) -> list[str]:
    """The text of every ``<text>`` element under ``element``."""
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]
