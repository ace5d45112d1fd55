"""The battle sequence of docs/rules.md §2, round by round, for land, sea and amphibious battles.

Per round: (1) attacking subs fire, (2) defending subs fire — their casualties go at once unless the victim has a
destroyer; (3–4) everyone else fires; (5) casualties are removed; defenseless transports left alone are lost; (6)
subs may submerge, defender first, where no enemy destroyer is; (7) the attacker presses on or retreats. Before
round 1: AA fire at attacking aircraft, and shore bombardment in an amphibious assault. Under the printed rule
books' reading (``sub_rule: "printed"``, docs/rules.md §2 "The sub step") subs facing a destroyer strike in no step
of their own: ``sub_group`` gives none and ``main_groups`` puts them beside the others, so steps 1–2 and 3–4 here
are the same code for both readings.

Dice and decisions come from a :class:`~pycore.engine.table.Table`: the seeded dice, or the dice and choices the
players made at a real table. When the table has not given something yet (referee mode, or a casualty choice the
victim still has to make) the battle pauses there, and the result says what is needed next. Nothing here draws
random numbers or reads a request.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..errors import BadRequest
from ..forces import Force
from ..jsontext import JsonObject
from ..rulesets import Ruleset
from .army import Army
from .casualties import allocate, check_choice, has_choice
from .firing import (Group, aa_shots, bombard_group, land_units, can_hurt, casualty_types, counted_volley, counts_as_force,
                     dice_for, enemy, fire_group, has_destroyer, has_subs, main_groups, rolls_of, sub_group, subs_join_main)
from .kinds import kinds
from .setup import CARGO_PER_SHIP, CARRIED_FREELY, ROLES, BattleSetup
from .table import Table, TableHits, dealt
from .log import MAX_ROUNDS, OUTCOMES, BattleLog, Fire, Loss, Pause, RoundLog, Step

__all__ = ["MAX_ROUNDS", "OUTCOMES", "Battle", "BattleLog", "Fire", "Loss", "Pause", "RoundLog", "Step", "fight",
           "retreating", "may_submerge", "verdict", "conclude", "cargo_lost", "guns_alone", "lone_guns_end"]

Fires = Callable[[int, list[Group]], list[Fire]]
"""(round, groups of one step) → what each group fired: how a step turns groups into hits."""


class Battle:
    """One battle being fought; :func:`fight` runs it.

    ``fires`` decides how a step's groups score: by default the table's dice
    through the luck system. The calculator passes its own, which reads the
    groups a step would fire or forces their hits, so it runs every step with
    this same code.
    """

    def __init__(self, setup: BattleSetup, table: Table, fires: Fires | None = None):
        self.setup = setup
        self.ruleset = setup.ruleset
        self.table = table
        self.fires: Fires = fires or self._roll
        self.alive = {role: Army(setup.side(role).units) for role in ROLES}
        self.ghosts = {role: Force(()) for role in ROLES}   # marked casualties that still fire this round
        self.away = {role: Force(()) for role in ROLES}
        self.log: RoundLog | None = None             # the round being fought; steps join it as they fire
        # Systems that carry something between steps or assaults (A&A Chess, docs/rules.md §6):
        self.carry = {role: 0 for role in ROLES}     # fraction or deficit carried into the next assault
        self.passed = {role: 0 for role in ROLES}    # power a step hands on to the main fire of the same round
        self.limit: int | None = None                # the last round to be fought (COF+R rolls its leftovers then)

    def _step(self, name: str, fires: list[Fire]) -> Step:
        """A step joins the round's log as soon as it has fired, so a pause for a choice still shows its dice."""
        step = Step(name, fires)
        if self.log is not None:
            self.log.steps.append(step)
        return step

    # -- what fires ---------------------------------------------------------------------------
    def firing(self, role: str) -> Army:
        if not self.ghosts[role]:
            return self.alive[role]
        return Army(self.alive[role].units.plus(self.ghosts[role], self.ruleset), self.alive[role].damaged)

    def _roll(self, number: int, groups: list[Group]) -> list[Fire]:
        """Dice for every group of one step, all asked for at once (their counts do not depend on each other)."""
        system = self.setup.system
        missing, got = [], {}
        for group in groups:
            wanted = dice_for(system, group)
            count, sides = len(wanted), (wanted[0][1] if wanted else 6)
            faces: tuple[int, ...] | TableHits | None = ()
            if count:
                faces = self.table.dice(number, group.shooter, group.name, count) if sides == 6 \
                    else self.table.dice(number, group.shooter, group.name, count, sides=sides)
            if faces is None:
                missing.append(self._dice_needed(number, group, wanted))
                continue
            if isinstance(faces, TableHits):
                self._check_count(number, group, faces)  # at once, as a wrong number of faces is
            got[id(group)] = faces
        if missing:
            raise Pause({"kind": "dice", "dice": missing})
        fires = []
        for group in groups:
            faces = got[id(group)]
            if isinstance(faces, TableHits):
                fires.append(Fire(group, counted_volley(system, group, faces.hits)))
            else:
                fires.append(Fire(group, fire_group(system, group, dealt(faces))))
        return fires

    def _check_count(self, number: int, group: Group, entry: TableHits) -> None:
        """Refuse a count of hits at the table that the group's dice cannot score (docs/rules.md §11)."""
        system = self.setup.system
        least, most = system.hits_range(group)
        if least <= entry.hits <= most:
            return
        wanted = dice_for(system, group)
        sure = fire_group(system, group, lambda n: (1,) * n).sure_hits
        dice = "1 die" if len(wanted) == 1 else f"{len(wanted)} dice"
        span = f"{least} or {most}" if most == least + 1 else f"from {least} to {most}"
        note = f" (its {sure} sure hit{'s are' if sure != 1 else ' is'} counted already)" if sure else ""
        raise BadRequest(entry.field, f"in round {number} the {group.shooter}'s {group.name} group rolls {dice}, "
                                      f"so its count of hits is {span}{note}, got {entry.hits}",
                         {"dice_needed": {"round": number, "side": group.shooter, "group": group.name,
                                          "count": len(wanted), "sides": wanted[0][1]}})

    def _dice_needed(self, number: int, group: Group, wanted: tuple[tuple[int, int], ...]) -> JsonObject:
        """One entry of ``next_dice``: the dice a group rolls, who rolls them at what, and the hits they may
        score (docs/api.md "Referee dice"), so a page can ask for the faces or the count of hits."""
        system = self.setup.system
        role = group.shooter
        victim = self.alive[enemy(role)]
        least, most = system.hits_range(group)
        joins_main = group.name == "subs" and subs_join_main(self.setup, victim)
        return {"round": number, "side": role, "group": group.name, "count": len(wanted),
                "sides": wanted[0][1] if wanted else 6, "at": [at for at, _ in wanted],
                "step": "main" if group.name in ("main", "air") or joins_main else group.name,
                "units": {uid: n for uid, n in group.firing if n},
                "rolls": rolls_of(self.setup, group, self.firing(role), victim),
                "sure_hits": fire_group(system, group, lambda n: (1,) * n).sure_hits,
                "least_hits": least, "most_hits": most}

    def _casualties(self, number: int, step: str, victim: str, fires: list[Fire], at_once: bool) -> Loss:
        hits = [(fire.group, fire.volley.hits) for fire in fires if fire.volley.hits]
        army = self.alive[victim]
        order = self.setup.side(victim).order_of_loss
        proposal = allocate(self.setup, army, hits, order)
        chosen = self.table.casualties(number, step, victim)
        if chosen is not None:
            lost, damaged, where = chosen
            casualties = check_choice(self.setup, army, hits, order, lost, damaged, where)
        elif self.table.ask_casualties() and has_choice(self.setup, army, hits, proposal):
            raise Pause({"kind": "casualties", "round": number, "step": step, "side": victim,
                         "hits": {fire.group.name: fire.volley.hits for fire in fires if fire.volley.hits},
                         "targets": {fire.group.name: sorted(fire.group.targets) for fire in fires if fire.volley.hits},
                         "proposal": proposal.to_json(), "units": army.units.as_dict(),
                         "damaged": army.damaged.as_dict()})
        else:
            casualties = proposal
        if not at_once:
            self.ghosts[victim] = self.ghosts[victim].plus(Force.of(self.ruleset, casualties.lost), self.ruleset)
        self.alive[victim] = army.after(casualties.lost, casualties.damaged)
        return Loss(victim, casualties, at_once, chosen is not None)

    # -- the steps ----------------------------------------------------------------------------
    def aa_step(self, number: int) -> Step | None:
        shots, value = aa_shots(self.setup, self.alive["defender"], self.alive["attacker"])
        if not shots:
            return None
        ruleset = self.ruleset
        attacker = self.alive["attacker"]
        guns = tuple((uid, n) for uid, n in self.alive["defender"].units.counts
                     if "anti_aircraft" in ruleset.unit(uid).abilities)
        # The attacker's order of loss says which aircraft the guns fire at when they cannot reach all.
        targeted: dict[str, int] = {}
        left = shots
        for unit_id in self.setup.attacker.order_of_loss:
            if left and ruleset.has(unit_id) and ruleset.unit(unit_id).is_air and attacker.count(unit_id):
                take = min(left, attacker.count(unit_id))
                targeted[unit_id] = take
                left -= take
        groups: list[Group] = []
        if self.setup.system.aa_in_blocks and 6 % value == 0:
            # TripleA: aircraft are taken by type in blocks of 6 (docs/rules.md §4); the rest are pooled.
            block = 6 // value
            pooled: dict[str, int] = {}
            for unit_id, n in targeted.items():
                if n // block:
                    groups.append(Group("defender", "aa", (), (), frozenset({unit_id}), guns, sure_hits=n // block))
                if n % block:
                    pooled[unit_id] = n % block
            if pooled:
                groups.append(Group("defender", "aa", (value,) * sum(pooled.values()), (), frozenset(pooled), guns))
        else:
            groups.append(Group("defender", "aa", (value,) * shots, (), frozenset(targeted), guns))
        step = self._step("aa", self.fires(number, groups))
        step.losses.append(self._casualties(number, "aa", "attacker", step.fires, True))
        return step

    def bombard_step(self, number: int) -> Step | None:
        group = bombard_group(self.setup, land_units(self.ruleset, self.alive["attacker"].units), self.alive["defender"])
        if group is None:
            return None
        step = self._step("bombard", self.fires(number, [group]))
        at_once = not self.ruleset.rules.bombard_casualties_fire
        step.losses.append(self._casualties(number, "bombard", "defender", step.fires, at_once))
        return step

    def sub_step(self, number: int, role: str) -> Step | None:
        victim = enemy(role)
        group = sub_group(self.setup, role, self.firing(role), self.alive[victim])
        if group is None:
            return None
        step = self._step("subs", self.fires(number, [group]))
        self.passed[role] = sum(fire.volley.passed for fire in step.fires)
        at_once = not has_destroyer(self.ruleset, self.alive[victim])
        step.losses.append(self._casualties(number, "subs", victim, step.fires, at_once))
        return step

    def main_groups(self, number: int) -> list[Group]:
        """Steps 3–4's groups; the first group of a side takes what the side carries or was passed (A&A Chess)."""
        groups: list[Group] = []
        for role in ROLES:
            own = list(main_groups(self.setup, role, self.firing(role), self.alive[enemy(role)]))
            joined, carry = self.passed[role], self.carry[role]
            if joined or carry:
                if not own:
                    # Only subs attacked: their remainder (or a carried fraction) still makes a main attack.
                    own = [Group(role, "main", (), (), casualty_types(self.setup, self.alive[enemy(role)]), ())]
                own[0] = replace(own[0], joined=joined, carry=carry)
            groups.extend(own)
        if self.setup.system.rolls_final:
            final = self.is_final(number, groups)
            groups = [replace(group, final=final) for group in groups]
        return groups

    def is_final(self, number: int, groups: list[Group]) -> bool:
        """COF+R (docs/rules.md §6): the battle's last assault — the last round asked for, a retreat announced
        after it, or one whose certain hits leave a side with nothing (docs/rules.md)."""
        if number == self.limit or self.table.retreat(number):
            return True
        system = self.setup.system
        for victim in ROLES:
            hits = [(g, system.sure_hits(g)) for g in groups if g.shooter == enemy(victim)]
            army = self.alive[victim]
            cas = allocate(self.setup, army, [(g, k) for g, k in hits if k], self.setup.side(victim).order_of_loss)
            if not counts_as_force(self.setup, army.after(cas.lost, cas.damaged)):
                return True
        return False

    def main_step(self, number: int) -> Step:
        groups = self.main_groups(number)
        step = self._step("main", self.fires(number, groups))
        self.passed = {role: 0 for role in ROLES}
        for role in ROLES:
            carried = [fire.volley.carry_out for fire in step.fires
                       if fire.group.shooter == role and fire.volley.carry_out is not None]
            if carried:
                self.carry[role] = sum(carried)
        for victim in ROLES:
            fires = [fire for fire in step.fires if fire.group.shooter == enemy(victim)]
            step.losses.append(self._casualties(number, "main", victim, fires, False))
        return step

    # -- one round ----------------------------------------------------------------------------
    def play(self, number: int, log: RoundLog) -> str | None:
        """Steps (1)–(6) of one round and how the battle ended with it, if it did (before any retreat).

        Raises :class:`Pause` where the table has not given a die or a choice yet. ``fight`` plays
        rounds with it; the A&A Chess calculator plays one round from each state it explores.
        """
        setup = self.setup
        self.log = log
        before = (dict(self.alive), dict(self.carry))
        self.passed = {role: 0 for role in ROLES}
        if number == 1:
            self.aa_step(number)
            self.bombard_step(number)
        # Units already marked as casualties (bombardment, later editions) still fire this round.
        if counts_as_force(setup, self.firing("attacker")) and counts_as_force(setup, self.firing("defender")):
            for role in ROLES:
                self.sub_step(number, role)
            self.main_step(number)
        self.ghosts = {role: Force(()) for role in ROLES}
        self.lose_lonely_transports(log)
        log.complete = True
        ended = self.decided()
        if ended is None:
            self.submerge(number, log)
            ended = self.decided()
        if ended is None and setup.system.deterministic \
                and (dict(self.alive), dict(self.carry)) == before:
            # A diceless round that changed nothing repeats for ever (A&A Chess: 1 infantry against 1).
            ended = "stalemate"
        return ended

    # -- end of round -------------------------------------------------------------------------
    def can_hurt(self, role: str) -> bool:
        """Whether any unit of this side could ever hit a unit the other side has left."""
        return can_hurt(self.setup, role, self.alive[role], self.alive[enemy(role)])

    def lose_lonely_transports(self, log: RoundLog) -> None:
        if not self.ruleset.rules.transports_defenseless:
            return
        transports = kinds(self.ruleset).transports
        for role in ROLES:
            army = self.alive[role]
            if army and _only(army, transports):
                other = self.alive[enemy(role)]
                # "An enemy that can still fire at them" (docs/rules.md §2 Transports): a group with a die
                # that can score (``Group.fires``), best-of-two dice (Heavy Bombers under LHTR) included.
                if any(g.fires for g in main_groups(self.setup, enemy(role), other, army)) \
                        or sub_group(self.setup, enemy(role), other, army) is not None:
                    log.transports_lost[role] = army.units
                    self.alive[role] = Army(Force(()))

    def decided(self) -> str | None:
        return verdict(counts_as_force(self.setup, self.alive["attacker"]),
                       counts_as_force(self.setup, self.alive["defender"]), bool(self.away["attacker"]),
                       lambda: self.can_hurt("attacker") or self.can_hurt("defender"))

    def submerge(self, number: int, log: RoundLog) -> None:
        for role in ("defender", "attacker"):
            if not self.table.submerge(number, role):
                continue
            army = self.alive[role]
            subs = [uid for uid, _ in army.units.counts if "submarine" in self.ruleset.unit(uid).abilities]
            if not may_submerge(self.ruleset, army, self.alive[enemy(role)]):
                if not subs:
                    raise BadRequest("submerge", f"the {role} has no submarine left to submerge in round {number}")
                raise BadRequest("submerge", f"the {role}'s submarines cannot submerge in round {number}: "
                                            f"the enemy has a destroyer")
            log.submerged[role] = army.only(subs)
            self.away[role] = self.away[role].plus(army.only(subs), self.ruleset)
            self.alive[role] = army.without(subs)

    def retreat(self, number: int, log: RoundLog) -> bool:
        """Step 7. In an amphibious assault only air units may leave; the land units fight on."""
        army = self.alive["attacker"]
        leaving = retreating(self.setup, army)
        if not leaving:
            raise BadRequest(f"choices[{number - 1}]", f"round {number}: land units that came from the sea cannot retreat")
        log.retreated = army.only(leaving)
        self.away["attacker"] = self.away["attacker"].plus(log.retreated, self.ruleset)
        self.alive["attacker"] = army.without(leaving)
        return not counts_as_force(self.setup, self.alive["attacker"])


def may_submerge(ruleset: Ruleset, army: Army, enemy_army: Army) -> bool:
    """Step 6 (docs/rules.md §2 "Submerge"): subs may submerge while the enemy has no destroyer; the battle's
    decisions and the calculator's ``submerge`` option (``calc/fleet/submerge.py``) both ask it."""
    return has_subs(ruleset, army) and not has_destroyer(ruleset, enemy_army)


def retreating(setup: BattleSetup, army: Army) -> list[str]:
    """The attacker's unit types that leave on a retreat (step 7): all of them, but in an amphibious assault only
    the aircraft — the land units that came from the sea fight on (docs/rules.md §2 "Amphibious retreat")."""
    if setup.kind == "amphibious":
        return [uid for uid, _ in army.units.counts if setup.ruleset.unit(uid).is_air]
    return [uid for uid, _ in army.units.counts]


def _only(army: Army, unit_ids: frozenset[str]) -> bool:
    """Whether every unit type of the army is one of these (a plain loop: asked at every state's end)."""
    for uid, _ in army.units.counts:
        if uid not in unit_ids:
            return False
    return True


def fight(setup: BattleSetup, table: Table, rounds: int | None = None, start: dict[str, Army] | None = None) -> BattleLog:
    """Fight until a side is gone, the attacker retreats, nobody can hurt anybody, or ``rounds`` are played.

    ``start``: the armies to fight from, by role, where they are not the setup's units (a later wave of a
    plan attacks the defender's survivors, damaged units included: docs/rules.md §9.1)."""
    limit = MAX_ROUNDS if rounds is None else min(rounds, MAX_ROUNDS)
    battle = Battle(setup, table)
    if start:
        battle.alive.update(start)
    if guns_alone(setup, battle.alive["defender"]):
        return lone_guns_end(setup, battle.alive, battle.away)
    battle.limit = limit
    logs: list[RoundLog] = []
    outcome, waiting = "in_progress", None
    for number in range(1, limit + 1):
        opening = number == 1 and (aa_shots(setup, battle.alive["defender"], battle.alive["attacker"])[0]
                                   or bombard_group(setup, 1, battle.alive["defender"]) is not None)
        if not opening and battle.decided() == "stalemate":
            outcome = "stalemate"  # nobody can hurt anybody (aircraft against a lone submarine): no dice
            break
        log = RoundLog(number)
        logs.append(log)
        try:
            ended = battle.play(number, log)
        except Pause as pause:
            waiting = pause.waiting
            log.after = {role: battle.firing(role) for role in ROLES}
            break
        if ended is None:
            wants = table.retreat(number, battle.alive["attacker"].size)
            if wants:
                if battle.retreat(number, log):
                    ended = "retreat"
                log.choice = "retreat"
            elif number < limit:
                log.choice = "press"
        log.after = {role: battle.alive[role] for role in ROLES}
        if ended is not None:
            outcome = ended
            break
    return conclude(setup, BattleLog(logs, outcome, battle.alive, battle.away, waiting, carry=dict(battle.carry)))


def guns_alone(setup: BattleSetup, defender: Army) -> bool:
    """Whether the defender holds AA guns and nothing else where an AA gun can be a casualty (1942-2e, 1940-2e):
    then the guns are destroyed as the attack begins, with no AA fire, no round and no die (docs/rules.md §2
    "AA guns alone"). Where the gun is captured instead it never counts as a force, and nothing changes."""
    ruleset = setup.ruleset
    if not ruleset.rules.aa_is_casualty or not defender:
        return False
    return all("anti_aircraft" in ruleset.unit(uid).abilities for uid, _ in defender.units.counts)


def lone_guns_end(setup: BattleSetup, armies: dict[str, Army], away: dict[str, Force]) -> BattleLog:
    """The end of an attack on AA guns alone (:func:`guns_alone`): won at once, the guns ``destroyed``."""
    destroyed = armies["defender"].units
    armies = {**armies, "defender": Army(Force(()))}
    return conclude(setup, BattleLog([], "attacker_wins", armies, dict(away), None, destroyed=destroyed))


def verdict(attacker_left: bool, defender_left: bool, attacker_away: bool, anyone_can_hurt: Callable[[], bool]) -> str | None:
    """How a battle stands after a round, under every luck system (docs/rules.md §2), or None while it goes on.

    ``attacker_left`` / ``defender_left``: the side still has a unit that counts as a force;
    ``attacker_away``: some of the attacker's units retreated; ``anyone_can_hurt()``: some unit of
    either side could still hit a unit of the other (else nobody can, and it is a stalemate).
    """
    if not attacker_left and not defender_left:
        return "draw" if not attacker_away else "defender_wins"
    if not attacker_left:
        return "defender_wins" if not attacker_away else "retreat"
    if not defender_left:
        return "attacker_wins"
    if not anyone_can_hurt():
        return "stalemate"
    return None


def conclude(setup: BattleSetup, log: BattleLog) -> BattleLog:
    """What the end of a battle decides beyond its outcome, under every luck system (docs/rules.md §2).

    The attacker takes the territory when he wins a land or amphibious battle with a land unit
    left (an AA gun does not take it); AA guns that are never casualties are then captured. Cargo
    beyond what the surviving ships carry goes down with them.
    """
    ruleset = setup.ruleset
    if log.outcome == "attacker_wins" and setup.kind != "sea":
        log.takes_territory = any(ruleset.unit(uid).domain == "land"
                                  and "anti_aircraft" not in ruleset.unit(uid).abilities
                                  for uid, _ in log.armies["attacker"].units.counts)
        if log.takes_territory:
            defender = log.armies["defender"]
            guns = defender.only([uid for uid, _ in defender.units.counts
                                  if "anti_aircraft" in ruleset.unit(uid).abilities])
            log.captured = guns or None
    if log.outcome != "in_progress":
        for role in ROLES:
            if setup.side(role).cargo:
                # Ships that retreated or submerged still carry their cargo.
                afloat = Army(log.armies[role].units.plus(log.away[role], ruleset))
                lost = cargo_lost(setup, role, afloat)
                if lost:
                    log.cargo_lost[role] = lost
    return log


def cargo_lost(setup: BattleSetup, role: str, army: Army) -> Force:
    """Cargo beyond what the surviving ships carry goes down, the fewest units the ships' room allows, taken
    by the owner's order of loss (cheapest first by default).

    Ships carry two each; of a transport's two land units at most one is not infantry (seed 002,
    "Transport"; docs/rules.md §2), so a non-infantry unit beyond one per transport goes down first.
    """
    ruleset = setup.ruleset
    side = setup.side(role)
    lost: dict[str, int] = {}
    for domain, ability in (("land", "transport"), ("air", "carrier")):
        ships = sum(n for uid, n in army.units.counts if ability in ruleset.unit(uid).abilities)
        aboard = {uid: n for uid, n in side.cargo.counts if ruleset.unit(uid).domain == domain}
        limited = domain == "land"
        while True:
            total = sum(aboard.values())
            others = sum(n for uid, n in aboard.items() if uid != CARRIED_FREELY) if limited else 0
            if others > ships:
                pick = [uid for uid in side.order_of_loss if aboard.get(uid) and uid != CARRIED_FREELY]
            elif total > CARGO_PER_SHIP * ships:
                pick = [uid for uid in side.order_of_loss if aboard.get(uid)]
            else:
                break
            unit_id = pick[0]
            aboard[unit_id] -= 1
            lost[unit_id] = lost.get(unit_id, 0) + 1
    return Force.of(ruleset, lost)
