"""Op ``resolve``: read a battle request, fight it with seeded or table dice, report every round.

One path for every luck system. The request is read once (:mod:`pycore.read.resolve`) into a
:class:`~pycore.read.resolve.Request` and its canonical form (``normalize``), which is also what a share
link holds, so a link and a typed request are checked by the same code. The dice and decisions
come from one table (:mod:`pycore.engine.table`). What depends on how the
system fights — the decisions a request may carry, the referee dice, the
fight itself and a round of the log — is asked of the system's *play*
(:func:`pycore.engine.play.play_of`: the engine's steps, or coloured
dice's colours). See docs/api.md for the fields.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..jsontext import JsonObject
from ..engine.sequence import MAX_ROUNDS, BattleLog, retreating
from ..engine.play import Play, play_of
from ..engine.setup import ROLES, BattleSetup
from ..engine.table import Decisions, RefereeTable, SeededTable, StagedTable, Table
from ..errors import BadRequest
from ..luck.battle import luck_of
from ..read.resolve import Request, read_resolve
from ..fair import origin as origin_of
from .report import report
from .report_words import names_of as summary_names
from ..share import link_for
from ..systems import spec_of

def normalize(request: Mapping[str, Any]) -> JsonObject:
    return read_resolve(request).canonical


def _check_unused(req: Request, table: Table, battle: BattleLog, by_colour: bool) -> None:
    """Refuse decisions and dice the battle never used: they would make a link say more than it shows.

    When the battle paused, decisions of the paused round and later are kept
    for when the missing dice or choice are given.
    """
    decisions = req.decisions
    paused_at = battle.rounds[-1].number if battle.waiting is not None and battle.rounds else None
    for key, (_, _, where) in decisions.casualties.items():
        if ("casualties", key) not in table.used and (paused_at is None or key[0] < paused_at):
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]} has no casualties to choose there")
    for key, (_, where) in decisions.boosts.items():
        if ("boosts", key) not in table.used and (paused_at is None or key[0] < paused_at):
            raise BadRequest(where.rsplit(".", 1)[0], f"round {key[0]}, {key[1]}: the {key[2]} has no boosts "
                                                      f"to assign there")
    for number, role in sorted(decisions.submerge):
        if ("submerge", (number, role)) not in table.used and (paused_at is None or number < paused_at):
            raise BadRequest("submerge", f"round {number} is not fought to its end: the {role} cannot submerge then")
    if isinstance(table, RefereeTable) and battle.waiting is None:
        played = len(battle.rounds)
        for i, entry in enumerate(table.rounds):
            for role, groups in entry.items():
                named = {"main": groups} if isinstance(groups, tuple) else groups
                for g, faces in named.items():
                    if faces and ("dice", (i + 1, role, g)) not in table.used:
                        where = f"dice[{i}].{role}" + ("" if isinstance(groups, tuple) else f".{g}")
                        if i >= played:
                            why = (f"only {played} round{'s' if played != 1 else ''} asked for (rounds: {played})"
                                   if battle.outcome == "in_progress" else f"the battle ended after round {played}"
                                   if played else "the battle ended before round 1" + (
                                       ": the AA guns were alone (docs/rules.md §2)" if battle.destroyed else ""))
                            raise BadRequest(f"dice[{i}]" if i == played or by_colour else where,
                                             f"{why}; these dice are not used")
                        what = f"no {g} dice" if by_colour else f"no dice for {g}"
                        raise BadRequest(where, f"the {role} rolls {what} in round {i + 1}; these dice are not used")


def _wait_for_draw(req: Request, table: StagedTable, battle: BattleLog) -> JsonObject | None:
    """Where a staged battle stands when it needs its next draw (docs/links.md "Fair dice, round by round").

    At the start of a round whose previous round the attacker has not decided (no choice, no condition that
    retreated): the battle is stopped after that round like ``rounds``, and the attacker decides (returned:
    ``next_draw``, what pressing on will need). Otherwise it waits for the draw (``waiting``: kind ``draw``),
    declared or not. A round that had not begun (no step fired) is left out of the log either way.
    """
    for draw, after in enumerate(table.after_round, start=1):
        if after and _undecided(req, battle, after):
            _refuse_undecided(req, draw, after)
    if battle.waiting is None or table.wanted is None:
        return None
    wanted = dict(table.wanted)
    number = wanted["round"]
    if battle.rounds and battle.rounds[-1].number == number and not battle.rounds[-1].steps:
        battle.rounds.pop()
        if number > 1 and _undecided(req, battle, number - 1):
            if origin_of.draw_state(req.origin.canonical, wanted["draw"])["needs"] not in ("declare", "phrase"):
                _refuse_undecided(req, wanted["draw"], number - 1)
            battle.waiting = None
            return wanted
    battle.waiting = {"kind": "draw", **wanted, **origin_of.draw_state(req.origin.canonical, wanted["draw"])}
    return None


def _undecided(req: Request, battle: BattleLog, number: int) -> bool:
    """Whether the attacker had a choice to make after round ``number`` and the request does not give it: he had
    not retreated yet, and someone could leave (in an amphibious assault, only aircraft may)."""
    choices = req.decisions.choices
    if len(choices) >= number or "retreat" in choices:
        return False
    army = battle.rounds[number - 1].after.get("attacker") if len(battle.rounds) >= number else None
    return army is None or req.setup.kind != "amphibious" or bool(retreating(req.setup, army))


def _refuse_undecided(req: Request, draw: int, after: int) -> None:
    """Refuse a draw given before the attacker's choice it follows: a draw is declared (or the defender's phrase
    posted) with the decisions before it, else the attacker could decide knowing the next dice."""
    what = "its beacon round was declared" if req.origin.kind == "beacon" else "the defender's phrase was posted"
    raise BadRequest(f"choices[{after - 1}]", f"draw {draw} follows round {after}, but the attacker's choice after "
                     f"round {after} (press on or retreat) is not given: {what} before the attacker decided. Give "
                     f"the choice, posted before the draw")


def _may_retreat(setup: BattleSetup, battle: BattleLog, decisions: Decisions) -> dict[str, int]:
    """Who would leave if the attacker retreated now (the engine's step 7): everyone, the aircraft alone in an
    amphibious assault, nobody once he has retreated (the page's Retreat says so, or is not offered)."""
    if "retreat" in decisions.choices or not battle.rounds or not battle.rounds[-1].complete:
        return {}
    army = battle.armies["attacker"]
    return {uid: army.count(uid) for uid in retreating(setup, army)}


def _system_words(setup: BattleSetup) -> str:
    """"A&A Chess Orthodox": the system as the page names it, with its variant."""
    return summary_names(setup).split(" · ")[1]


def _table(req: Request, play: Play) -> tuple[Table, int | None]:
    """The battle's table (its dice and decisions) and the rounds it may fight."""
    if req.table_dice is not None:
        if not req.table_dice:
            raise BadRequest("dice", "give the dice of at least one round")
        table = RefereeTable(req.table_dice, req.decisions, by_colour=play.by_colour)
        return table, min(req.rounds or MAX_ROUNDS, len(req.table_dice))
    if req.origin.seeds is not None:
        return StagedTable(req.origin.seeds, req.decisions), req.rounds
    assert req.seed is not None  # origin.ready refused a battle with no dice, no draws and no seed
    return SeededTable(req.seed, req.decisions), req.rounds


def _luck(req: Request, play: Play, battle: BattleLog) -> JsonObject:
    """``luck`` (docs/rules.md §14), and ``luck_reason`` where it is null."""
    luck, reason = luck_of(req.setup, battle, lambda rounds: play.fight(req.setup, _table(req, play)[0], rounds))
    return {"luck": luck} if luck is not None else {"luck": None, "luck_reason": reason}


def run(request: Mapping[str, Any]) -> JsonObject:
    req = read_resolve(request)
    canonical, options = req.canonical, req.report
    origin_of.ready(req.origin)
    setup = req.setup
    play = play_of(setup.system)
    table, limit = _table(req, play)
    battle = play.fight(setup, table, limit)
    _check_unused(req, table, battle, play.by_colour)
    next_draw = _wait_for_draw(req, table, battle) if isinstance(table, StagedTable) else None
    result: JsonObject = {
        "ruleset": setup.ruleset.id,
        "system": spec_of(setup.system),
        "kind": setup.kind,
        **play.head(setup),
        "rounds": [play.round_json(r) for r in battle.rounds],
        "outcome": battle.outcome,
        "takes_territory": battle.takes_territory,
        "survivors": play.survivors(setup, battle),
        "link": link_for(canonical),
    }
    away = play.away(battle)
    if away:
        result["away"] = away
    if battle.outcome != "in_progress":
        repaired = {role: battle.armies[role].damaged.as_dict() for role in ROLES if battle.armies[role].damaged}
        if repaired:
            result["repaired"] = repaired
    if battle.captured:
        result["captured"] = battle.captured.as_dict()
    if battle.destroyed:
        result["destroyed"] = battle.destroyed.as_dict()
    if battle.cargo_lost:
        result["cargo_lost"] = {role: f.as_dict() for role, f in battle.cargo_lost.items()}
    if setup.system.carries:
        result["carry"] = {role: battle.carry.get(role, 0) for role in ROLES}
    if req.seed is not None:
        result["seed"] = req.seed
    if battle.waiting is not None:
        result["waiting"] = battle.waiting
        if battle.waiting["kind"] == "dice":
            result["next_dice"] = battle.waiting["dice"]
    elif battle.outcome == "in_progress":
        if next_draw is not None:
            result["next_draw"] = next_draw
        else:
            result["next_dice"] = play.next_dice(setup, battle)
        leaving = _may_retreat(setup, battle, req.decisions)
        if leaving:
            result["may_retreat"] = leaving
    result.update(_luck(req, play, battle))
    verified = options.get("beacon_verified", False)
    diceless = _system_words(setup) if setup.system.deterministic else None
    result["dice_source"] = origin_of.label(canonical, verified, diceless)
    if isinstance(table, StagedTable):
        result["dice_source"]["draws"] = [
            {"draw": i + 1, "from": start, "words": f"Dice from here on: {origin_of.draw_words(canonical, i + 1)}"}
            for i, start in enumerate(table.starts)]
    result["report"] = report(result, setup, options.get("page"), origin_of.label_parts(canonical, verified, diceless))
    return result
