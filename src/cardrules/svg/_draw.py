"""Drawing primitives shared by every picture: the document wrapper, suit shapes, cards.

Everything here works in *card units*: a card is 100 units wide and 140 high (the
2.5 × 3.5 inch proportions of a real card). Public functions turn the fragments into
complete documents whose ``viewBox`` is in these units and whose ``width``/``height``
give the natural display size in pixels.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from cardrules.cards import Card, Colour, Rank, Suit

CARD_W: Final = 100.0
"""Width of a card in drawing units."""
CARD_H: Final = 140.0
"""Height of a card in drawing units."""
CORNER: Final = 7.0

RED: Final = "#c8102e"
BLACK: Final = "#1b1b1b"
FELT: Final = "#1f6f43"
FELT_EDGE: Final = "#17573a"
GOLD: Final = "#f5b301"
INK_ON_FELT: Final = "#f4f1e6"
SANS: Final = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"
SERIF: Final = "'DejaVu Serif', Georgia, 'Times New Roman', serif"
CONDENSED: Final = "'DejaVu Sans Condensed', 'Arial Narrow', 'DejaVu Sans', Arial, sans-serif"

SVG_NS: Final = "http://www.w3.org/2000/svg"


class Drawing(str):
    """A complete SVG document: a ``str`` that Jupyter and IPython show as a picture.

    Every drawing function of :mod:`cardrules.svg` returns one. It is an ordinary string
    (write it to a ``.svg`` file, embed it in HTML) with a ``_repr_svg_`` method, so a
    notebook cell that evaluates to a drawing shows the picture.

    >>> from cardrules import parse_card
    >>> from cardrules.svg import card
    >>> picture = card(parse_card("10C"))
    >>> isinstance(picture, str), picture.startswith("<svg"), picture._repr_svg_() == picture
    (True, True, True)
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def num(value: float) -> str:
    """Write a coordinate compactly: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**items: object) -> str:
    """Write XML attributes; ``None`` values are left out and ``_`` in names becomes ``-``.

    A trailing underscore is dropped (``class_`` gives ``class``).
    """
    parts = []
    for key, value in items.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, float) else str(value)
        parts.append(f" {name}={quoteattr(text)}")
    return "".join(parts)


def text(content: str) -> str:
    """Escape character data for an XML element."""
    return escape(content)


def document(
    body: Iterable[str],
    *,
    width: float,
    height: float,
    scale: float,
    kind: str,
    title: str,
    data: dict[str, str] | None = None,
) -> Drawing:
    """Wrap fragments into a standalone, scalable SVG document.

    Args:
        body: the fragments, in painting order.
        width: the drawing's width in units (the ``viewBox`` width).
        height: the drawing's height in units.
        scale: pixels per unit for the natural size (``width``/``height`` attributes).
        kind: a CSS class naming what is drawn (``card``, ``hand``, ``trick`` ...).
        title: a short text description, shown as a tooltip and read by screen readers.
        data: extra ``data-*`` attributes for the root element.

    """
    data_attrs = "".join(f" data-{key}={quoteattr(value)}" for key, value in (data or {}).items())
    head = (
        f'<svg xmlns="{SVG_NS}" version="1.1"'
        f"{attrs(viewBox=f'0 0 {num(width)} {num(height)}')}"
        f"{attrs(width=num(width * scale), height=num(height * scale))}"
        f"{attrs(class_=f'cardrules {kind}', role='img')}"
        f"{attrs(aria_label=title)}{data_attrs}>"
        f"<title>{text(title)}</title>"
    )
    return Drawing(head + "".join(body) + "</svg>")


# --- suit shapes ------------------------------------------------------------------------
# Each shape fills the box (0, 0)-(100, 100), centred on (50, 50).

_SUIT_PATHS: Final[dict[Suit, str]] = {
    Suit.HEARTS: (
        "M50 94C44 86 4 60 4 32C4 15 16 5 29 5C39 5 46 11 50 20"
        "C54 11 61 5 71 5C84 5 96 15 96 32C96 60 56 86 50 94Z"
    ),
    Suit.DIAMONDS: "M50 2C60 20 74 37 90 50C74 63 60 80 50 98C40 80 26 63 10 50C26 37 40 20 50 2Z",
    Suit.SPADES: (
        "M50 3C56 14 96 38 96 62C96 77 85 85 73 85C63 85 57 80 53 74"
        "C54 84 58 92 66 97L34 97C42 92 46 84 47 74C43 80 37 85 27 85"
        "C15 85 4 77 4 62C4 38 44 14 50 3Z"
    ),
    Suit.CLUBS: (
        "M50 5A21 21 0 0 1 67.5 37.7A21 21 0 1 1 56 76C57 86 60 92 67 97L33 97"
        "C40 92 43 86 44 76A21 21 0 1 1 32.5 37.7A21 21 0 0 1 50 5Z"
    ),
}


def suit_colour(suit: Suit) -> str:
    """The ink for a suit: red for hearts and diamonds, near-black for spades and clubs."""
    return RED if suit.colour is Colour.RED else BLACK


def pip(suit: Suit, cx: float, cy: float, size: float, *, upside_down: bool = False) -> str:
    """A suit symbol of ``size`` units centred on ``(cx, cy)``, drawn as a path (no font)."""
    turn = " rotate(180)" if upside_down else ""
    transform = f"translate({num(cx)} {num(cy)}){turn} scale({num(size / 100)}) translate(-50 -50)"
    return f"<path{attrs(d=_SUIT_PATHS[suit], fill=suit_colour(suit), transform=transform)}/>"


# --- card faces -------------------------------------------------------------------------

_XL, _XM, _XR = 31.0, 50.0, 69.0
_TOP, _BOTTOM, _MID = 27.0, 113.0, 70.0
_Q1, _Q3 = 55.7, 84.3  # the inner rows of a four-row layout

_PIP_LAYOUTS: Final[dict[Rank, tuple[tuple[float, float], ...]]] = {
    Rank.TWO: ((_XM, _TOP), (_XM, _BOTTOM)),
    Rank.THREE: ((_XM, _TOP), (_XM, _MID), (_XM, _BOTTOM)),
    Rank.FOUR: ((_XL, _TOP), (_XR, _TOP), (_XL, _BOTTOM), (_XR, _BOTTOM)),
    Rank.FIVE: ((_XL, _TOP), (_XR, _TOP), (_XM, _MID), (_XL, _BOTTOM), (_XR, _BOTTOM)),
    Rank.SIX: ((_XL, _TOP), (_XR, _TOP), (_XL, _MID), (_XR, _MID), (_XL, _BOTTOM), (_XR, _BOTTOM)),
    Rank.SEVEN: (
        *((_XL, _TOP), (_XR, _TOP), (_XL, _MID), (_XR, _MID), (_XL, _BOTTOM), (_XR, _BOTTOM)),
        (_XM, 48.5),
    ),
    Rank.EIGHT: (
        *((_XL, _TOP), (_XR, _TOP), (_XL, _MID), (_XR, _MID), (_XL, _BOTTOM), (_XR, _BOTTOM)),
        (_XM, 48.5),
        (_XM, 91.5),
    ),
    Rank.NINE: (
        *((_XL, _TOP), (_XR, _TOP), (_XL, _Q1), (_XR, _Q1)),
        *((_XL, _Q3), (_XR, _Q3), (_XL, _BOTTOM), (_XR, _BOTTOM)),
        (_XM, _MID),
    ),
    Rank.TEN: (
        *((_XL, _TOP), (_XR, _TOP), (_XL, _Q1), (_XR, _Q1)),
        *((_XL, _Q3), (_XR, _Q3), (_XL, _BOTTOM), (_XR, _BOTTOM)),
        (_XM, 41.3),
        (_XM, 98.7),
    ),
}
_PIP_SIZE: Final = 19.0
_FACE_TINT: Final = {Colour.RED: "#fdeee6", Colour.BLACK: "#eef1f6"}


def _corner_index(card: Card) -> str:
    colour = suit_colour(card.suit)
    rank = card.rank.symbol
    squeeze = attrs(textLength="17", lengthAdjust="spacingAndGlyphs") if len(rank) > 1 else ""
    index = (
        f"<text{attrs(x='11.5', y='21', text_anchor='middle', font_family=CONDENSED)}"
        f"{attrs(font_size='18', font_weight='bold', fill=colour)}{squeeze}>{rank}</text>"
        + pip(card.suit, 11.5, 31.5, 12.5)
    )
    return (
        f'<g class="index">{index}</g>'
        f'<g class="index" transform="rotate(180 {num(CARD_W / 2)} {num(CARD_H / 2)})">'
        f"{index}</g>"
    )


def _centre(card: Card) -> str:
    rank, suit = card.rank, card.suit
    if rank is Rank.ACE:
        return pip(suit, CARD_W / 2, CARD_H / 2, 46)
    if rank in _PIP_LAYOUTS:
        return "".join(
            pip(suit, x, y, _PIP_SIZE, upside_down=y > _MID + 1) for x, y in _PIP_LAYOUTS[rank]
        )
    colour = suit_colour(suit)
    frame = (
        f"<rect{attrs(x='22', y='17', width='56', height='106', rx='3')}"
        f"{attrs(fill=_FACE_TINT[suit.colour], stroke=colour, stroke_width='1.5')}/>"
        f"<rect{attrs(x='25', y='20', width='50', height='100', rx='2')}"
        f"{attrs(fill='none', stroke=colour, stroke_width='0.6', stroke_opacity='0.6')}/>"
    )
    # double-headed, like a real court card: letter and suit, then the same upside down
    half = (
        pip(suit, 50, 29, 13)
        + f"<text{attrs(x='50', y='61', text_anchor='middle', font_family=SERIF)}"
        + f"{attrs(font_size='28', font_weight='bold', fill=colour)}>{rank.symbol}</text>"
    )
    divider = (
        f"<rect{attrs(x='25', y='69.6', width='50', height='0.8')}"
        f"{attrs(fill=colour, fill_opacity='0.5')}/>"
    )
    return (
        frame
        + half
        + f'<g transform="rotate(180 {num(CARD_W / 2)} {num(CARD_H / 2)})">{half}</g>'
        + divider
    )


def card_outline(*, fill: str = "#ffffff", stroke: str = "#8d8d8d") -> str:
    """The rounded card shape with a soft shadow, at the origin."""
    return (
        f"<rect{attrs(x='1.2', y='2', width=num(CARD_W), height=num(CARD_H), rx=num(CORNER))}"
        f"{attrs(fill='#000000', fill_opacity='0.22')}/>"
        f"<rect{attrs(x='0', y='0', width=num(CARD_W), height=num(CARD_H), rx=num(CORNER))}"
        f"{attrs(fill=fill, stroke=stroke, stroke_width='1')}/>"
    )


def card_face(card: Card) -> str:
    """The face of ``card`` at the origin: white card, corner indices, pips or a face panel."""
    return card_outline() + _corner_index(card) + _centre(card)


def card_back() -> str:
    """The back of a card at the origin: a blue lattice inside a white border."""
    lattice = []
    step_x, step_y = 11.0, 11.0
    y = 13.0
    row = 0
    while y <= CARD_H - 13:
        x = 13.0 + (step_x / 2 if row % 2 else 0.0)
        while x <= CARD_W - 13:
            lattice.append(
                f"M{num(x)} {num(y - 4)}L{num(x + 3.2)} {num(y)}L{num(x)} {num(y + 4)}"
                f"L{num(x - 3.2)} {num(y)}Z"
            )
            x += step_x
        y += step_y / 2
        row += 1
    return (
        card_outline()
        + f"<rect{attrs(x='6', y='6', width=num(CARD_W - 12), height=num(CARD_H - 12))}"
        + f"{attrs(rx='4', fill='#1f4e8c')}/>"
        + f"<path{attrs(d=''.join(lattice), fill='#6f9bd6', fill_opacity='0.75')}/>"
        + f"<rect{attrs(x='9', y='9', width=num(CARD_W - 18), height=num(CARD_H - 18))}"
        + f"{attrs(rx='3', fill='none', stroke='#dbe6f5', stroke_width='1.2')}/>"
    )


def card_group(
    card: Card | None,
    x: float,
    y: float,
    *,
    extra_class: str = "",
    marked: bool = False,
    data: dict[str, str] | None = None,
) -> str:
    """One card placed at ``(x, y)``, wrapped in a ``<g class="card">`` tests can find.

    A face-up card carries ``data-card="10C"``; ``None`` draws a card back (class
    ``card back``, no ``data-card``). ``marked`` adds a gold outline.
    """
    classes = "card back" if card is None else "card"
    if extra_class:
        classes += " " + extra_class
    data_attrs = "".join(f" data-{key}={quoteattr(value)}" for key, value in (data or {}).items())
    card_attr = "" if card is None else attrs(data_card=str(card))
    body = card_back() if card is None else card_face(card)
    if marked:
        body += (
            f"<rect{attrs(x='-3.5', y='-3.5', width=num(CARD_W + 7), height=num(CARD_H + 7))}"
            f"{attrs(rx=num(CORNER + 3), fill='none', stroke=GOLD, stroke_width='5')}/>"
        )
    translate = f"translate({num(x)} {num(y)})"
    return (
        f"<g{attrs(class_=classes)}{card_attr}{data_attrs}{attrs(transform=translate)}>{body}</g>"
    )


def empty_slot(x: float, y: float) -> str:
    """A dashed outline where a card would lie (an empty hand or an unplayed trick seat)."""
    return (
        f"<rect{attrs(x=num(x), y=num(y), width=num(CARD_W), height=num(CARD_H))}"
        f"{attrs(rx=num(CORNER), fill='none', stroke='#9a9a9a', stroke_width='1.5')}"
        f"{attrs(stroke_dasharray='6 5')}/>"
    )


def label(
    content: str,
    x: float,
    y: float,
    *,
    size: float = 14,
    fill: str = INK_ON_FELT,
    anchor: str = "middle",
    weight: str = "normal",
    extra: str = "",
) -> str:
    """A line of text in the drawing's sans-serif face."""
    return (
        f"<text{attrs(x=num(x), y=num(y), text_anchor=anchor, font_family=SANS)}"
        f"{attrs(font_size=num(size), font_weight=weight, fill=fill)}{extra}>"
        f"{text(content)}</text>"
    )


def felt(width: float, height: float) -> str:
    """A green card-table background filling the drawing."""
    return (
        f"<rect{attrs(x='0', y='0', width=num(width), height=num(height), rx='12')}"
        f"{attrs(fill=FELT, stroke=FELT_EDGE, stroke_width='3')}/>"
    )
