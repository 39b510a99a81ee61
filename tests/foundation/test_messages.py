"""cardrules.messages: the catalogue, its translations, the renderer and the JSON form."""

from __future__ import annotations

import gettext
import io
import json
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from cardrules.cards import Suit, parse_card, parse_cards
from cardrules.errors import RecordError
from cardrules.messages import (
    LANGUAGES,
    PARAM_KINDS,
    Message,
    catalogue,
    message,
    message_from_json,
    message_to_json,
    noun_forms,
    render,
)

LOCALE = Path(__file__).resolve().parents[2] / "src" / "cardrules" / "locale"
OTHER_LANGUAGES = LANGUAGES[1:]


def _po(language: str) -> object:
    with (LOCALE / language / "LC_MESSAGES" / "cardrules.po").open("rb") as file:
        return read_po(file, locale=language, domain="cardrules")


def _expected() -> dict[str, str | tuple[str, str]]:
    """Every context the code says, with its English: entries, their variants, the nouns."""
    found: dict[str, str | tuple[str, str]] = {}
    for item in catalogue().values():
        found[item.id] = item.text
        for variant, text in item.you:
            found[f"{item.id}@{variant}"] = text
    for noun, forms in noun_forms().items():
        found[f"noun.{noun}"] = forms
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _format_fields(text: str) -> set[tuple[str, str]]:
    return {(name, form or "") for _, name, form, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    """A missing, empty or fuzzy translation fails; so does one for a message never said."""
    po = _po(language)
    translated = {m.context: m for m in po if m.id}  # type: ignore[attr-defined]
    expected = _expected()
    missing = sorted(set(expected) - set(translated))
    unused = sorted(set(translated) - set(expected))
    assert not missing, f"untranslated in {language}: {missing}"
    assert not unused, f"{language} translates messages the code never says: {unused}"
    for context, english in expected.items():
        entry = translated[context]
        assert entry.id == english, f"{context}: the .po translates an older English"
        assert not entry.fuzzy, context
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"{context}: empty translation"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_placeholders_match_the_english(language: str) -> None:
    """Each translation takes exactly the English's parameters, in forms their kinds know."""
    for entry in _po(language):  # type: ignore[attr-defined]
        if not entry.id:
            continue
        english = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        names = _fields(english[0])
        for text in strings:
            assert _fields(text) == names, f"{entry.context}: {text!r} against {english[0]!r}"
            for name, form in _format_fields(text):
                if entry.context.startswith("noun."):
                    continue
                assert form in FORMS[PARAM_KINDS[name]], f"{entry.context}: {{{name}:{form}}}"


FORMS = {
    "seat": {""},
    "seats": {""},
    "card": {""},
    "cards": {"", "list"},
    "suit": {"", "plural", "one", "a", "symbol"},
    "suits": {"", "a", "plural", "one"},
    "count": {"", "word", *noun_forms()},
    "place": {""},
    "message": {""},
    "seat_counts": {"", "signed"},
    "text": {""},
}


def test_the_english_uses_known_parameters_in_known_forms() -> None:
    """Every placeholder is a parameter of the documented kinds, and every kind is used."""
    used = set()
    for item in catalogue().values():
        for text in (item.text, item.code or "", *(text for _, text in item.you)):
            for name, form in _format_fields(text):
                assert name in PARAM_KINDS, f"{item.id}: unknown parameter {name}"
                assert form in FORMS[PARAM_KINDS[name]], f"{item.id}: {{{name}:{form}}}"
                used.add(name)
        for variant, _ in item.you:
            assert PARAM_KINDS[variant] in ("seat", "seats"), f"{item.id}@{variant}"
            assert variant in item.params
    assert set(PARAM_KINDS) == used, f"parameter names no message uses: {set(PARAM_KINDS) - used}"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_shipped_mo_is_the_compiled_po(language: str) -> None:
    """The package reads the .mo with gettext alone: it must be the .po's compilation."""
    compiled = io.BytesIO()
    write_mo(compiled, _po(language), use_fuzzy=False)  # type: ignore[arg-type]
    shipped = (LOCALE / language / "LC_MESSAGES" / "cardrules.mo").read_bytes()
    ours = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
    theirs = gettext.GNUTranslations(io.BytesIO(shipped))
    assert theirs._catalog == ours._catalog  # type: ignore[attr-defined]
    assert shipped == compiled.getvalue()


def test_the_template_lists_what_the_code_says() -> None:
    with (LOCALE / "cardrules.pot").open("rb") as file:
        pot = read_po(file, domain="cardrules")
    listed = {m.context: m.id for m in pot if m.id}
    assert listed == _expected()


def test_str_is_the_programmers_english_and_render_the_players() -> None:
    takes = message("spoil-five.settlement.takes-pool", "SF-19", winner=2, count=1)
    assert str(takes) == "Seat 2 takes the pool: 1 counter"
    assert render(takes, reader=2) == "You take the pool: 1 counter."
    assert render(takes, reader=0, names=("Ann", "Bob", "Cy")) == "Cy takes the pool: 1 counter."
    assert render(takes) == "Player 3 takes the pool: 1 counter."
    assert render(takes, reader=2, language="fr") == "Vous remportez la cagnotte : 1 jeton."
    assert render(takes, names=("A", "B", "Cy"), language="fr") == (
        "Cy remporte la cagnotte : 1 jeton."
    )


def test_cards_and_suits_are_written_as_asked_and_localised() -> None:
    said = message(
        "spoil-five.trick.trump-above",
        ("SF-17", "SF-3"),
        card=parse_card("JH"),
        trump=Suit.HEARTS,
        place=1,
        beaten=parse_cards("2H QH"),
    )
    assert (
        str(said) == "JH wins: hearts are trumps and JH is the second-best trump, above 2H and QH"
    )
    assert render(said) == (
        "J♥ wins: hearts are trumps and J♥ is the second-best trump, above 2♥ and Q♥."
    )
    assert render(said, suits="letters", language="fr") == (
        "VH gagne : l'atout est cœur et VH est le deuxième meilleur atout, au-dessus de 2H et DH."
    )


def test_a_refusal_nests_the_action_and_the_reason() -> None:
    from cardrules import spoil_five

    state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    refusal = spoil_five.explain_action(spoil_five.view(state, state.to_act or 0), "play 5C")
    assert refusal is not None
    assert refusal.message.id == "common.refusal"
    assert refusal.message.rules == ("C-7",)
    assert render(refusal.message, reader=1) == "You cannot play 5♣: you do not hold 5♣."
    assert render(refusal.message, language="fr") == (
        "Vous ne pouvez pas jouer 5♣ : vous n'avez pas la carte 5♣."
    )
    assert "C-7" not in render(refusal.message)


def test_json_round_trip_and_form() -> None:
    inner = message("common.refusal.not-held", "C-7", card=parse_card("10C"))
    said = message(
        "my-bird-sings.hint.four-suits", "MBS-4", missing=(Suit.HEARTS, Suit.CLUBS), percent=54
    )
    shares = message("spoil-five.settlement.partners-share", "SF-19", shares=((0, 3), (2, 3)))
    whole = message("common.refusal", "C-7", action=message("common.action.text", text="x"),
                    reason=inner)  # fmt: skip
    for value in (inner, said, shares, whole):
        data = message_to_json(value)
        assert message_from_json(data) == value
        assert message_from_json(json.loads(json.dumps(data))) == value
    assert message_to_json(inner) == {
        "id": "common.refusal.not-held",
        "params": {"card": "10C"},
        "rules": ["C-7"],
    }
    assert message_to_json(said)["params"] == {"missing": ["H", "C"], "percent": 54}
    assert message_to_json(shares)["params"] == {"shares": [[0, 3], [2, 3]]}


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"id": "nope", "params": {}, "rules": []}, "message.id"),
        ({"id": "common.refusal.not-held", "params": {}, "rules": []}, "message.params"),
        ({"id": "common.refusal.not-held", "params": {"card": "1Z"}, "rules": []}, "card"),
        ({"id": "common.refusal.not-held", "params": {"card": 5}, "rules": []}, "card"),
        ({"id": "common.refusal.not-held", "params": {"card": "5C"}, "rules": [1]}, "rules"),
        ({"id": "common.player", "params": {"number": True}, "rules": []}, "number"),
        ({"id": "common.refusal.not-held", "params": {"card": "5C"}}, "message"),
        ("text", "message"),
    ],
)
def test_hostile_json_is_a_record_error(data: object, where: str) -> None:
    with pytest.raises(RecordError, match=where):
        message_from_json(data)


def test_render_refuses_what_it_cannot_write() -> None:
    said = message("common.refusal.game-over", "SF-24")
    with pytest.raises(ValueError, match="language"):
        render(said, language="xx")
    with pytest.raises(ValueError, match="suits"):
        render(said, suits="pictures")
    with pytest.raises(ValueError, match="unknown message id"):
        render(Message("no.such.id"))
    with pytest.raises(ValueError, match=r"takes the parameters \['card'\], not \[\]"):
        render(message("common.refusal.not-held", "C-7"))


def test_getitem_reads_a_parameter() -> None:
    said = message("common.refusal.not-held", "C-7", card=parse_card("5C"))
    assert said["card"] == parse_card("5C")
    with pytest.raises(KeyError):
        said["seat"]


def test_the_messages_page_lists_every_message() -> None:
    """docs/messages.md is what tools/catalogues.py writes from the catalogue."""
    import importlib.util

    path = LOCALE.parents[2] / "tools" / "catalogues.py"
    spec = importlib.util.spec_from_file_location("catalogues", path)
    assert spec is not None
    assert spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = (LOCALE.parents[2] / "docs" / "messages.md").read_text("utf-8")
    assert page == tool.reference(), "run: python tools/catalogues.py reference"
