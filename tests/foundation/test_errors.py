"""The exception hierarchy: one root, the right builtin bases, readable messages."""

from __future__ import annotations

import pickle

import pytest

import cardrules
from cardrules import errors


@pytest.mark.parametrize(
    "cls",
    [
        errors.IllegalActionError,
        errors.OptionsError,
        errors.NotationError,
        errors.RecordError,
    ],
)
def test_every_error_is_a_cardrules_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, cardrules.CardrulesError)
    assert issubclass(cls, ValueError)
    assert cls.__doc__


def test_illegal_action_error_carries_action_rule_and_reason() -> None:
    err = errors.IllegalActionError("play 7C", "SF-16", "you hold a diamond")
    assert (err.action, err.rule, err.reason) == ("play 7C", "SF-16", "you hold a diamond")
    assert str(err) == "cannot play 7C: you hold a diamond (SF-16)"
    again = pickle.loads(pickle.dumps(err))
    assert (again.action, again.rule, again.reason) == (err.action, err.rule, err.reason)
