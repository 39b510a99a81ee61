"""Keep the message catalogues in step with the code (a maintainer's tool; needs Babel).

The English sentences are the ``wording`` modules (:func:`cardrules.messages.catalogue`);
each other language is a gettext catalogue ``src/cardrules/locale/<lang>/LC_MESSAGES/
cardrules.po``, compiled to the ``cardrules.mo`` beside it, which the package ships and
reads with the standard library alone. After changing a sentence::

    python tools/catalogues.py update    # the template, then each .po (new ids untranslated)
    # translate the new or changed entries of each .po (they are marked fuzzy or empty)
    python tools/catalogues.py compile   # each .mo from its .po
    python tools/catalogues.py reference # docs/messages.md, the list of every message

``tests/foundation/test_messages_catalogues.py`` fails while a catalogue lacks a
translation, keeps an entry the code no longer says, mismatches a placeholder, or while a
``.mo`` is not the compilation of its ``.po``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from cardrules.messages import LANGUAGES, catalogue, noun_forms

LOCALE = Path(__file__).resolve().parent.parent / "src" / "cardrules" / "locale"


def template() -> Catalog:
    """The catalogue template: every sentence of the code, English, untranslated."""
    found = Catalog(project="cardrules", domain="cardrules")
    for item in catalogue().values():
        found.add(item.text, context=item.id)
        for variant, text in item.you:
            found.add(text, context=f"{item.id}@{variant}")
    for noun, (one, other) in noun_forms().items():
        found.add((one, other), context=f"noun.{noun}")
    return found


def po_path(language: str) -> Path:
    """Where the catalogue of ``language`` is kept."""
    return LOCALE / language / "LC_MESSAGES" / "cardrules.po"


def read(language: str) -> Catalog:
    """The catalogue of ``language`` as Babel reads it."""
    with po_path(language).open("rb") as file:
        return read_po(file, locale=language, domain="cardrules")


def compiled(language: str) -> bytes:
    """The .mo that the .po of ``language`` compiles to."""
    out = io.BytesIO()
    write_mo(out, read(language), use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    """Write the template, then bring each language's catalogue in step with it."""
    pot = template()
    with (LOCALE / "cardrules.pot").open("wb") as file:
        write_po(file, pot, omit_header=False, sort_output=True, width=100)
    for language in LANGUAGES[1:]:
        po = read(language)
        po.update(pot, no_fuzzy_matching=True)
        with po_path(language).open("wb") as file:
            write_po(file, po, sort_output=True, width=100, ignore_obsolete=True)


def reference() -> str:
    """The page ``docs/messages.md``: every message id with its parameters and its English."""
    from cardrules.messages import PARAM_KINDS

    lines = [
        "# Messages",
        "",
        "Every message the library says, by id: its parameters (name: kind, see",
        "[building a front-end](front-end.md#messages) for the kinds and their JSON) and its",
        "English for a player (`render`); where the programmers' English (`str`) differs, it",
        "follows, and so does the sentence used when a seat parameter is the reader. Generated",
        "by `python tools/catalogues.py reference`; a test keeps it in step with the code.",
        "",
        "| id | parameters | English |",
        "|---|---|---|",
    ]
    for item in catalogue().values():
        params = ", ".join(f"`{name}`: {PARAM_KINDS[name]}" for name in item.params)
        text = _cell(item.text)
        if item.code is not None:
            text += f"<br>*str*: {_cell(item.code)}"
        for variant, said in item.you:
            text += f"<br>*{variant} is the reader*: {_cell(said)}"
        lines.append(f"| `{item.id}` | {params} | {text} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return "`" + text.replace("|", "\\|") + "`" if text.strip() else "(nothing)"


def write_reference() -> None:
    """Write ``docs/messages.md``."""
    (LOCALE.parent.parent.parent / "docs" / "messages.md").write_text(reference(), "utf-8")


def compile_all() -> None:
    """Compile each language's catalogue to the .mo the package ships."""
    for language in LANGUAGES[1:]:
        po_path(language).with_suffix(".mo").write_bytes(compiled(language))


if __name__ == "__main__":
    command = sys.argv[1:] or ["update"]
    {"update": update, "compile": compile_all, "reference": write_reference}[command[0]]()
