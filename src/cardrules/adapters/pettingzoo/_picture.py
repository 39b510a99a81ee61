"""Seat views as RGB arrays, for ``render_mode="rgb_array"``: SVG drawn, then rasterised.

:func:`cardrules.svg.view` draws the view; CairoSVG (with the system's Cairo library)
rasterises it to PNG, and Pillow reads that into an array. They are imported on the first
picture, so the environments work without them in every other render mode.
"""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt

from cardrules.errors import CardrulesError
from cardrules.protocol import SeatView

__all__ = ["rgb_array"]


def rgb_array(view: SeatView, *, width: int = 980) -> npt.NDArray[np.uint8]:
    """The picture of ``view`` as a ``(height, width, 3)`` array of ``uint8``.

    Raises:
        CardrulesError: if CairoSVG or Pillow cannot be imported (the ``pettingzoo``
            extra installs both; CairoSVG also needs the system's Cairo library).

    """
    try:
        import cairosvg
        from PIL import Image
    except (ImportError, OSError) as error:  # OSError: no Cairo library on the system
        raise CardrulesError(
            "render_mode='rgb_array' needs CairoSVG and Pillow: "
            f"pip install 'cardrules[pettingzoo]' ({error})"
        ) from None
    from cardrules import svg

    drawing = svg.view(view)  # type: ignore[arg-type]
    png = cairosvg.svg2png(bytestring=drawing.encode("utf-8"), output_width=width)
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)
