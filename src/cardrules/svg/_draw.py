"""Drawing primitives shared by every picture: the document wrapper, suit shapes, cards.

Everything here works in *card units*: a card is 100 units wide and 140 high (the
2.5 × 3.5 inch proportions of a real card). Public functions turn the fragments into
complete documents whose ``viewBox`` is in these units and whose ``width``/``height``
give the natural display size in pixels.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from cardrules.cards import Card, Colour, Rank, Suit, parse_card

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
    content = "".join(body)
    head = (
        f'<svg xmlns="{SVG_NS}" version="1.1"'
        f"{attrs(viewBox=f'0 0 {num(width)} {num(height)}')}"
        f"{attrs(width=num(width * scale), height=num(height * scale))}"
        f"{attrs(class_=f'cardrules {kind}', role='img')}"
        f"{attrs(aria_label=title)}{data_attrs}>"
        f"<title>{text(title)}</title>"
    )
    return Drawing(head + _STYLE + definitions(content) + content + "</svg>")


_STYLE: Final = (
    "<style>"
    f".cardrules text{{font-family:{SANS}}}"
    f".cr-index{{font-family:{CONDENSED};font-size:18px;font-weight:bold;"
    "text-anchor:middle}"
    f".cr-court{{font-family:{SERIF};font-size:28px;font-weight:bold;"
    "text-anchor:middle}"
    "</style>"
)
"""The type faces of every drawing, stated once: labels in the sans-serif face, corner
indices condensed, court letters in the serif face."""


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


def _centred(cx: float, cy: float, size: float, *, turned: bool = False) -> str:
    """The transform that draws a suit shape (100 units square) ``size`` wide at ``(cx, cy)``."""
    turn = f"rotate(180 {num(cx)} {num(cy)}) " if turned else ""
    half = size / 2
    return f"{turn}translate({num(cx - half)} {num(cy - half)}) scale({num(size / 100)})"


def pip(suit: Suit, cx: float, cy: float, size: float) -> str:
    """A suit symbol of ``size`` units centred on ``(cx, cy)``, drawn as a path (no font)."""
    return use(f"s{suit.letter}", transform=_centred(cx, cy, size))


# --- definitions: every card drawn once per document --------------------------------------
# A document holds each card face (and the card back) once, in its <defs>, and every card
# on the table is a <use> of it; inside the faces the suit shapes, the corner indices and
# the outline are shared the same way. Definitions are found from the references in the
# drawn body, so a drawing carries exactly the ones it uses.

_ID: Final = "cr-"
_REFERENCE: Final = re.compile(r'href="#cr-([A-Za-z0-9]+)"')


def use(name: str, **placement: object) -> str:
    """A reference to the shared definition ``name`` (see :func:`definitions`)."""
    return f'<use href="#{_ID}{name}"{attrs(**placement)}/>'


def _suit_of(letter: str) -> Suit:
    return Suit.parse(letter)


def _definition(name: str) -> str:
    """The markup of the definition called ``name`` (references in it are definitions too).

    Names: ``c<card>`` a card face (``c10H``), ``back`` the card back, ``outline`` the
    card shape, ``t<rank><r|b>`` the two corner ranks in red or black, ``k<suit>`` the two
    corner suit symbols, ``p<suit>``/``q<suit>`` a centre pip upright or upside down,
    ``f<r|b>`` a court card's panel, ``h<rank><suit>`` the upper half of a court card, and
    ``s<suit>`` the bare suit shape.
    """
    kind, rest = name[0], name[1:]
    if name == "back":
        return _card_back_markup()
    if name == "outline":
        return card_outline()
    if kind == "c":
        return _face_markup(parse_card(rest))
    if kind == "s":
        suit = _suit_of(rest)
        return f"<path{attrs(d=_SUIT_PATHS[suit], fill=suit_colour(suit))}/>"
    if kind in "pq":
        return use(f"s{rest}", transform=_centred(0, 0, _PIP_SIZE, turned=kind == "q"))
    if kind == "i":
        return _blank_with_ranks(rest)
    if kind == "g":
        return "".join(
            use(f"{'q' if y > _MID + 1 else 'p'}{rest[1]}", x=num(x), y=num(y))
            for x, y in _PIP_PARTS[rest[0]]
        )
    if kind == "f":
        return _court_frame(Colour.RED if rest == "r" else Colour.BLACK)
    if kind == "h":
        return _court_half(rest[:-1], _suit_of(rest[-1]))
    if kind == "k":
        corner = use(f"s{rest}", transform=_centred(11.5, 31.5, 12.5))
        return (
            f'{corner}<g transform="rotate(180 {num(CARD_W / 2)} {num(CARD_H / 2)})">{corner}</g>'
        )
    raise ValueError(f"no SVG definition called {name!r}")  # pragma: no cover


def definitions(body: str) -> str:
    """The ``<defs>`` element with every definition ``body`` refers to, directly or not.

    >>> from cardrules import parse_card
    >>> markup = definitions(card_group(parse_card("2H"), 0, 0))
    >>> names = ("c2H", "i2", "outline", "kH", "g2H", "pH", "qH", "sH", "cAH")
    >>> [name for name in names if f'id="cr-{name}"' in markup]
    ['c2H', 'i2', 'outline', 'kH', 'g2H', 'pH', 'qH', 'sH']
    """
    wanted = list(dict.fromkeys(_REFERENCE.findall(body)))
    done: dict[str, str] = {}
    while wanted:
        name = wanted.pop(0)
        if name in done:
            continue
        markup = _definition(name)
        done[name] = markup
        wanted += [ref for ref in _REFERENCE.findall(markup) if ref not in done]
    if not done:
        return ""
    return (
        "<defs>"
        + "".join(f'<g id="{_ID}{name}">{markup}</g>' for name, markup in done.items())
        + "</defs>"
    )


# --- card faces -------------------------------------------------------------------------

_XL, _XM, _XR = 31.0, 50.0, 69.0
_TOP, _BOTTOM, _MID = 27.0, 113.0, 70.0
_Q1, _Q3 = 55.7, 84.3  # the inner rows of a four-row layout

_PIP_PARTS: Final[dict[str, tuple[tuple[float, float], ...]]] = {
    "4": ((_XL, _TOP), (_XR, _TOP), (_XL, _BOTTOM), (_XR, _BOTTOM)),  # the four corners
    "2": ((_XM, _TOP), (_XM, _BOTTOM)),  # top and bottom of the middle column
    "c": ((_XM, _MID),),  # the centre
    "m": ((_XL, _MID), (_XR, _MID)),  # the middle row
    "u": ((_XM, 48.5),),  # above the middle row
    "d": ((_XM, 91.5),),  # below it
    "q": ((_XL, _Q1), (_XR, _Q1), (_XL, _Q3), (_XR, _Q3)),  # the inner rows of four
    "t": ((_XM, 41.3), (_XM, 98.7)),  # between the rows of four
}
"""The pip groups that number cards are made of (each drawn once per suit, then reused)."""
_RANK_PARTS: Final[dict[Rank, str]] = {
    Rank.TWO: "2",
    Rank.THREE: "2c",
    Rank.FOUR: "4",
    Rank.FIVE: "4c",
    Rank.SIX: "4m",
    Rank.SEVEN: "4mu",
    Rank.EIGHT: "4mud",
    Rank.NINE: "4qc",
    Rank.TEN: "4qt",
}
_PIP_SIZE: Final = 19.0
_FACE_TINT: Final = {Colour.RED: "#fdeee6", Colour.BLACK: "#eef1f6"}


def _blank_with_ranks(rank: str) -> str:
    """A blank card with its rank in two corners, inked by whatever uses it (``fill``)."""
    squeeze = attrs(textLength="17", lengthAdjust="spacingAndGlyphs") if len(rank) > 1 else ""
    index = f"<text{attrs(x='11.5', y='21', class_='cr-index index')}{squeeze}"
    turned = attrs(transform=f"rotate(180 {num(CARD_W / 2)} {num(CARD_H / 2)})")
    return use("outline") + f"{index}>{rank}</text>{index}{turned}>{rank}</text>"


def _centre(card: Card) -> str:
    rank, letter = card.rank, card.suit.letter
    if rank is Rank.ACE:
        return use(f"s{letter}", transform=_centred(CARD_W / 2, CARD_H / 2, 46))
    if rank in _RANK_PARTS:
        return "".join(use(f"g{part}{letter}") for part in _RANK_PARTS[rank])
    # double-headed, like a real court card: letter and suit, then the same upside down
    colour = "r" if card.suit.colour is Colour.RED else "b"
    half = f"h{rank.symbol}{letter}"
    return use(f"f{colour}") + use(half) + use(half, transform="rotate(180 50 70)")


def _court_frame(colour: Colour) -> str:
    """The tinted panel of a court card, with the line between its two halves."""
    ink = RED if colour is Colour.RED else BLACK
    return (
        f"<rect{attrs(x='22', y='17', width='56', height='106', rx='3')}"
        f"{attrs(fill=_FACE_TINT[colour], stroke=ink, stroke_width='1.5')}/>"
        f"<rect{attrs(x='25', y='20', width='50', height='100', rx='2')}"
        f"{attrs(fill='none', stroke=ink, stroke_width='0.6', stroke_opacity='0.6')}/>"
        f"<rect{attrs(x='25', y='69.6', width='50', height='0.8')}"
        f"{attrs(fill=ink, fill_opacity='0.5')}/>"
    )


def _court_half(rank: str, suit: Suit) -> str:
    """The upper half of a court card: its suit and its letter."""
    return use(f"s{suit.letter}", transform=_centred(50, 29, 13)) + (
        f"<text{attrs(x='50', y='61', class_='cr-court')}"
        f"{attrs(fill=suit_colour(suit))}>{rank}</text>"
    )


def card_outline(*, fill: str = "#ffffff", stroke: str = "#8d8d8d") -> str:
    """The rounded card shape with a soft shadow, at the origin."""
    return (
        f"<rect{attrs(x='1.2', y='2', width=num(CARD_W), height=num(CARD_H), rx=num(CORNER))}"
        f"{attrs(fill='#000000', fill_opacity='0.22')}/>"
        f"<rect{attrs(x='0', y='0', width=num(CARD_W), height=num(CARD_H), rx=num(CORNER))}"
        f"{attrs(fill=fill, stroke=stroke)}/>"
    )


def _face_markup(card: Card) -> str:
    """The face of ``card`` at the origin: white card, corner indices, pips or a face panel."""
    ranks = use(f"i{card.rank.symbol}", fill=suit_colour(card.suit))
    return ranks + use(f"k{card.suit.letter}") + _centre(card)


def _card_back_markup() -> str:
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
    name = "back" if card is None else f"c{card}"
    if not marked:  # the common case, placed by the use itself
        return f"<g{attrs(class_=classes)}{card_attr}{data_attrs}>{use(name, x=x, y=y)}</g>"
    body = use(name) + (
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
        f"<text{attrs(x=num(x), y=num(y), text_anchor=anchor)}"
        f"{attrs(font_size=num(size), font_weight=weight, fill=fill)}{extra}>"
        f"{text(content)}</text>"
    )


def felt(width: float, height: float) -> str:
    """A green card-table background filling the drawing."""
    return (
        f"<rect{attrs(x='0', y='0', width=num(width), height=num(height), rx='12')}"
        f"{attrs(fill=FELT, stroke=FELT_EDGE, stroke_width='3')}/>"
    )
