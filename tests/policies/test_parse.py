"""``--policy``'s names (regelwerk/policies): what is accepted, and one clear line, in either
language, for anything else."""

from __future__ import annotations

import pytest

from regelwerk.policies import (
    DEPTH,
    MOST_DEPTH,
    MOST_SIMULATIONS,
    RANDOM,
    PolicyError,
    named,
    parse,
    parse_seats,
)
from regelwerk.policies.greedy import Greedy
from regelwerk.policies.mcts import SIMULATIONS, Mcts


def test_the_names_give_their_policies() -> None:
    assert parse("random") is RANDOM
    assert isinstance(parse("greedy"), Greedy)
    default = parse("mcts")
    assert isinstance(default, Mcts) and default.simulations == SIMULATIONS
    assert default.name == "mcts"
    searched = parse("mcts:7")
    assert isinstance(searched, Mcts) and searched.simulations == 7
    assert searched.name == "mcts:7"
    assert parse(f"mcts:{MOST_SIMULATIONS}").name == f"mcts:{MOST_SIMULATIONS}"
    deeper = parse("mcts:7:40")
    assert isinstance(deeper, Mcts) and (deeper.simulations, deeper.depth) == (7, 40)
    assert deeper.name == "mcts:7:40" and parse(deeper.name).name == deeper.name
    assert parse(f"mcts:7:{DEPTH}").name == "mcts:7"       # the default depth is not written
    assert parse(f"mcts:{SIMULATIONS}:{DEPTH}").name == "mcts"


@pytest.mark.parametrize("text", ["", "Random", "greedy:3", "mcts:", "mcts:0", "mcts:-5",
                                  "mcts:1.5", "mcts:x", f"mcts:{MOST_SIMULATIONS + 1}",
                                  "mcts:٣", "alphazero", "mcts:5:", "mcts:5:0", "mcts:5:x",
                                  f"mcts:5:{MOST_DEPTH + 1}", "mcts:5:3:1", "mcts::3"])
def test_anything_else_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(PolicyError) as refused:
        parse(text)
    for lang in ("en", "de"):
        message = refused.value.message_in(lang)
        assert "\n" not in message and 0 < len(message) <= 500


def test_the_refusal_is_german_for_a_german_reader() -> None:
    """Needs the German entries of /tmp/tr/policies.po merged into regelwerk.po."""
    for text in ("alphazero", "mcts:0"):
        with pytest.raises(PolicyError) as refused:
            parse(text)
        assert refused.value.message_in("de") != refused.value.message_in("en")


def test_one_policy_plays_every_seat_or_one_each() -> None:
    assert [p.name for p in parse_seats("greedy", 3)] == ["greedy"] * 3
    seats = parse_seats("greedy, random,mcts:9", 3)
    assert [p.name for p in seats] == ["greedy", "random", "mcts:9"]
    assert named(seats) == "greedy,random,mcts:9"
    assert named(parse_seats("random", 4)) == "random"


@pytest.mark.parametrize(("text", "seats"), [("greedy,random", 3), ("greedy,random,random", 2),
                                             ("random,,greedy", 3)])
def test_a_list_must_name_one_policy_per_seat(text: str, seats: int) -> None:
    with pytest.raises(PolicyError):
        parse_seats(text, seats)
