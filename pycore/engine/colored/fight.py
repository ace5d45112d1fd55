"""A coloured-dice battle, colour by colour and round by round (docs/rules.md §7, seed 001).

Per round, for each colour of the chart from top to bottom: both sides roll
at once, one die per 3 units of a type rolling that colour (at most 6);
boosts are assigned, attacker first; the dice are matched high to high; the
casualties go at once, so "a unit that is killed by an earlier color is not
available to contribute its strength to a later color". After the last
colour the attacker presses on or retreats, as in docs/rules.md §2 step 7.

Decisions (docs/rules.md): no AA fire, bombardment or submarine step —
every unit acts through its colour (the chart puts defending AA guns in
yellow); submarines do not submerge; an amphibious assault is refused (its
bombardment has no colour in seed 001). Defenseless transports left alone
are lost, as in the engine.

Dice and decisions come from a table (seeded dice, or the players'), as in
the engine: when something is missing the battle pauses and says what.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..army import Army
from ..sequence import MAX_ROUNDS, BattleLog, Pause, RoundLog, conclude, guns_alone, lone_guns_end, verdict
from ..table import Table, TableHits
from ..setup import ROLES, BattleSetup
from ...forces import Force
from ...jsontext import JsonObject
from ...rulesets import Ruleset
from ...systems.colored import boosts as b
from ...systems.colored.chart import Chart, Row
from ...systems.colored.commit import Placement, Troops, color_of, unit_of
from ...systems.colored.losses import Loss, capacity, check_choice, has_choice, victim_proposal, winner_proposal
from ...systems.colored.match import Match, dice_count, match


def army(troops: Troops, ruleset: Ruleset) -> Army:
    """The engine's view of a side's troops (units by type), for outcomes, survivors and the calculator."""
    damaged: dict[str, int] = {}
    for key, n in troops.damaged:
        damaged[unit_of(key)] = damaged.get(unit_of(key), 0) + n
    return Army(Force.of(ruleset, troops.units()), Force.of(ruleset, damaged))


def enemy(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


@dataclass(slots=True)
class Roll:
    """One side's dice of one colour."""

    side: str
    units: dict[str, int]            # rolling units by type
    boosters: dict[str, int]         # boosting units by type
    faces: tuple[int, ...]           # high to low
    boosts: list[list[str]] = field(default_factory=list)   # per die, the units boosting it
    chosen: bool = False             # boosts given by the player (else the app's proposal)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(face + len(units) for face, units in zip(self.faces, self.boosts))


@dataclass(slots=True)
class Casualty:
    victim: str
    chooser: str                     # who picked: the victim, or the winner (red)
    loss: Loss
    chosen: bool


@dataclass(slots=True)
class ColorStep:
    row: Row
    rolls: dict[str, Roll] = field(default_factory=dict)
    match: Match | None = None
    casualties: list[Casualty] = field(default_factory=list)


def placement(setup: BattleSetup, role: str) -> Placement:
    """A side's commitment, which every side has under coloured dice (the reading layer reads it)."""
    placed = setup.side(role).colors
    assert placed is not None, role
    return placed


def start(setup: BattleSetup) -> dict[str, Troops]:
    return {role: placement(setup, role).troops() for role in ROLES}


def rollers(row: Row, troops: Troops) -> dict[str, int]:
    return {unit_of(k): n for k, n in troops.posts if color_of(k) == row.color and unit_of(k) in row.rolls}


def kinds(row: Row, troops: Troops) -> b.Kinds:
    """Per kind of boost in this colour: the side's boosting units left (chart order)."""
    here = {unit_of(k): n for k, n in troops.posts if color_of(k) == row.color}
    return tuple(tuple((uid, here[uid]) for uid in kind if here.get(uid)) for kind in row.boosts)


def can_be_lost_any(setup: BattleSetup, troops: Troops) -> bool:
    """Whether a side still has a unit in the fight (a captured-only AA gun does not count)."""
    ruleset = setup.ruleset
    return any(ruleset.rules.aa_is_casualty or "anti_aircraft" not in ruleset.unit(unit_of(k)).abilities
               for k, _ in troops.posts)


def can_hurt(setup: BattleSetup, chart: Chart, mine: Troops, theirs: Troops) -> bool:
    return any(rollers(row, mine) and capacity(setup.ruleset, theirs, row.casualties) for row in chart.rows)


class ColoredBattle:
    def __init__(self, setup: BattleSetup, table: Table, troops: dict[str, Troops] | None = None):
        self.setup = setup
        self.ruleset = setup.ruleset
        self.chart: Chart = setup.system.chart
        self.table = table
        self.troops = dict(troops) if troops is not None else start(setup)
        self.away = {role: Troops(()) for role in ROLES}

    # -- one colour -------------------------------------------------------------------------
    def color(self, number: int, row: Row, log: RoundLog) -> None:
        counts = {role: dice_count(rollers(row, self.troops[role])) for role in ROLES}
        if not any(counts.values()):
            return
        step = ColorStep(row)
        missing: list[JsonObject] = []
        faces: dict[str, tuple[int, ...]] = {}
        for role in ROLES:
            got = self.table.dice(number, role, row.color, counts[role]) if counts[role] else ()
            assert not isinstance(got, TableHits)  # coloured dice are read as faces, never as a count (read/dice.py)
            if got is None:
                missing.append({"round": number, "side": role, "color": row.color, "group": row.color,
                                "count": counts[role], "sides": 6})
            faces[role] = tuple(sorted(got or (), reverse=True))
        for role in ROLES:
            troops = self.troops[role]
            step.rolls[role] = Roll(role, rollers(row, troops),
                                    {uid: n for kind in kinds(row, troops) for uid, n in kind}, faces[role])
        log.steps.append(step)
        if missing:
            raise Pause({"kind": "dice", "dice": missing})
        self.assign_boosts(number, row, step)
        step.match = match(step.rolls["attacker"].totals, step.rolls["defender"].totals)
        for victim in ROLES:
            step.casualties.append(self.casualties(number, row, victim, step.match.hits(enemy(victim))))
        for casualty in step.casualties:
            self.troops[casualty.victim] = self.troops[casualty.victim].after(casualty.loss.lost, casualty.loss.damaged)

    def assign_boosts(self, number: int, row: Row, step: ColorStep) -> None:
        a, d = step.rolls["attacker"], step.rolls["defender"]
        a_kinds, d_kinds = kinds(row, self.troops["attacker"]), kinds(row, self.troops["defender"])
        a_counts, d_counts = b.counts_of(a_kinds), b.counts_of(d_kinds)
        for roll, mine, counts in ((a, a_kinds, a_counts), (d, d_kinds, d_counts)):
            roll.boosts = [[] for _ in roll.faces]
            if not roll.faces or not any(counts):
                continue
            if roll.side == "attacker":
                proposal = b.propose(a.faces, a_counts, d.faces, d_counts)
            else:
                proposal = b.respond(d.faces, d_counts, a.totals)
            given = self.table.boosts(number, row.color, roll.side)
            if given is not None:
                value, where = given
                b.check(value, where, roll.faces, mine)
                roll.boosts = [list(units) for units in value]
                roll.chosen = True
            elif self.table.ask_boosts() and b.has_choice(roll.faces, counts):
                roll.boosts = b.to_units(proposal, mine)
                raise Pause({"kind": "boosts", "round": number, "color": row.color, "side": roll.side,
                             "dice": {r.side: list(r.faces) for r in (a, d)},
                             "boosters": dict(roll.boosters),
                             "kinds": [[uid for uid, _ in kind] for kind in mine],
                             "against": list(a.totals) if roll.side == "defender" else None,
                             "proposal": roll.boosts})
            else:
                roll.boosts = b.to_units(proposal, mine)

    def casualties(self, number: int, row: Row, victim: str, hits: int) -> Casualty:
        troops = self.troops[victim]
        chooser = enemy(victim) if row.choice == "winner" else victim
        if chooser == victim:
            proposal = victim_proposal(self.ruleset, self.chart, troops, hits, row.casualties,
                                       self.setup.side(victim).order_of_loss)
        else:
            proposal = winner_proposal(self.ruleset, self.chart, troops, hits, row.casualties)
        given = self.table.casualties(number, row.color, victim) if hits else None
        if given is not None:
            lost, damaged, where = given
            loss = check_choice(self.ruleset, troops, hits, row, proposal, lost, damaged, where)
            return Casualty(victim, chooser, loss, True)
        if self.table.ask_casualties() and has_choice(self.ruleset, troops, hits, row.casualties):
            raise Pause({"kind": "casualties", "round": number, "color": row.color, "step": row.color,
                         "side": victim, "chooser": chooser, "hits": {row.color: hits},
                         "guideline": row.casualties, "proposal": proposal.to_json(),
                         "units": troops.units(), "posts": troops.to_json(),
                         "damaged": dict(troops.damaged)})
        return Casualty(victim, chooser, proposal, False)

    # -- end of round -------------------------------------------------------------------------
    def lose_lonely_transports(self, log: RoundLog) -> None:
        ruleset = self.ruleset
        if not ruleset.rules.transports_defenseless:
            return
        for role in ROLES:
            troops = self.troops[role]
            if troops and all("transport" in ruleset.unit(unit_of(k)).abilities for k, _ in troops.posts) \
                    and any(rollers(row, self.troops[enemy(role)]) for row in self.chart.rows):
                log.transports_lost[role] = troops
                self.troops[role] = Troops(())

    def decided(self) -> str | None:
        a, d = self.troops["attacker"], self.troops["defender"]
        return verdict(can_be_lost_any(self.setup, a), can_be_lost_any(self.setup, d), bool(self.away["attacker"]),
                       lambda: can_hurt(self.setup, self.chart, a, d) or can_hurt(self.setup, self.chart, d, a))


def fight(setup: BattleSetup, table: Table, rounds: int | None = None,
          troops: dict[str, Troops] | None = None) -> BattleLog:
    """Fight until a side is gone, the attacker retreats, nobody can hurt anybody, or ``rounds`` are played."""
    limit = MAX_ROUNDS if rounds is None else min(rounds, MAX_ROUNDS)
    battle = ColoredBattle(setup, table, troops)
    ruleset = setup.ruleset
    armies = {role: army(battle.troops[role], ruleset) for role in ROLES}
    if guns_alone(setup, armies["defender"]):
        # AA guns alone are destroyed before any colour rolls, as in the engine (docs/rules.md §2 "AA guns alone").
        won = lone_guns_end(setup, armies, {role: Force(()) for role in ROLES})
        won.posts = {**battle.troops, "defender": Troops(())}
        won.posts_away = battle.away
        return won
    logs: list[RoundLog] = []
    outcome, waiting = "in_progress", None
    for number in range(1, limit + 1):
        if battle.decided() == "stalemate":
            outcome = "stalemate"
            break
        log = RoundLog(number)
        logs.append(log)
        try:
            for row in battle.chart.rows:
                if not (can_be_lost_any(setup, battle.troops["attacker"])
                        and can_be_lost_any(setup, battle.troops["defender"])):
                    break
                battle.color(number, row, log)
        except Pause as pause:
            waiting = pause.waiting
            log.after = dict(battle.troops)
            break
        battle.lose_lonely_transports(log)
        log.complete = True
        ended = battle.decided()
        if ended is None:
            if table.retreat(number, battle.troops["attacker"].size):
                log.retreated = battle.troops["attacker"]
                battle.away["attacker"] = battle.troops["attacker"]
                battle.troops["attacker"] = Troops(())
                log.choice = "retreat"
                ended = "retreat"
            elif number < limit:
                log.choice = "press"
        log.after = dict(battle.troops)
        if ended is not None:
            outcome = ended
            break
    return conclude(setup, BattleLog(logs, outcome, armies={role: army(battle.troops[role], ruleset) for role in ROLES},
                                     away={role: Force.of(ruleset, battle.away[role].units()) for role in ROLES},
                                     waiting=waiting, posts=battle.troops, posts_away=battle.away))
