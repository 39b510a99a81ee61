"""Hypothesis strategies shared by the whole suite: valid option sets of both games."""

from __future__ import annotations

import attrs
from hypothesis import assume
from hypothesis import strategies as st

from cardrules import my_bird_sings as mbs
from cardrules import spoil_five as sf
from cardrules.errors import OptionsError


def _teams(players: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """Partners sitting alternately: seat i belongs to side i % sides."""
    return tuple(tuple(range(side, players, sides)) for side in range(sides))


@st.composite
def spoil_five_options(draw: st.DrawFn, preset: str | None = None) -> sf.Options:
    """Any valid Spoil Five Options: a preset (or ``preset``), a player count, and a few
    other flags varied."""
    if preset is None:
        preset = draw(st.sampled_from(sorted(sf.PRESETS)))
    base = sf.PRESETS[preset]
    players = draw(st.integers(2, 10))
    teams = None
    if base.teams is not None or draw(st.integers(0, 4)) == 0:
        divisors = [k for k in (2, 3, 5) if players % k == 0 and players // k >= 2]
        if divisors:
            teams = _teams(players, draw(st.sampled_from(divisors)))
    changes: dict[str, object] = {"players": players, "teams": teams}
    if base.fiving and not (players == 2 or (teams is not None and len(teams) == 2)):
        changes["fiving"] = False
    changes["robbing"] = draw(st.sampled_from(["compulsory", "compulsory", "optional", "off"]))
    if changes["robbing"] == "compulsory":
        changes["rob_enforcement"] = draw(st.sampled_from(["enforce", "penalize"]))
    changes["dealer_ace_available"] = draw(st.sampled_from(["own_turn_trick1", "after_trick1"]))
    changes["plain_lead_rule"] = draw(st.sampled_from(["follow_or_trump", "must_follow"]))
    changes["deal_batches"] = draw(st.sampled_from([(2, 3), (3, 2)]))
    changes["split_remainder"] = draw(st.sampled_from(["carry", "first_from_eldest", "dealer"]))
    if base.scoring == "pool":
        changes["spoil_payers"] = draw(st.sampled_from(["all", "dealer_only"]))
        if not base.jinking:
            changes["stop_when_spoil_certain"] = draw(st.booleans())
    if base.ranking == "peel":
        changes["ranking"] = draw(st.sampled_from(["peel", "peel", "ordinary"]))
    try:
        return attrs.evolve(base, **changes)
    except OptionsError:
        assume(False)
        raise


@st.composite
def my_bird_sings_options(draw: st.DrawFn, preset: str | None = None) -> mbs.Options:
    """Any valid My Bird Sings Options: a preset (or ``preset``), a player count,
    sometimes extra flags."""
    base = mbs.PRESETS[draw(st.sampled_from(sorted(mbs.PRESETS))) if preset is None else preset]
    most = 13 if base.pack == 52 else 8
    players = draw(st.integers(2, most))
    extra: dict[str, object] = {"players": players, "round_limit": draw(st.integers(3, 12))}
    if draw(st.booleans()):
        extra["exchange_after_rounds"] = draw(st.integers(0, 2))
        extra["exchange_by"] = draw(st.sampled_from(["leader", "everyone"]))
        extra["exchange_discard_to"] = draw(st.sampled_from(["dead", "stock_bottom"]))
        extra["rejects_to"] = draw(st.sampled_from(["dead", "stock_bottom"]))
        extra["rejects_visible"] = draw(st.booleans())
        extra["exchange_on_exhaustion"] = draw(st.sampled_from(["keep_last", "take_back_discard"]))
    if draw(st.booleans()):
        extra["auto_sing"] = draw(st.booleans())
        extra["sing_timing"] = draw(st.sampled_from(["own_turn", "any_after_deal"]))
        extra["exhaustion_end"] = draw(st.sampled_from(["cannot_replenish", "take_remaining"]))
        extra["split_remainder"] = draw(st.sampled_from(["carry", "first_from_eldest", "dealer"]))
    return attrs.evolve(base, **extra)
