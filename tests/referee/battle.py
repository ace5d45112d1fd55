"""The referee's battle: an exact Markov chain over both sides' remaining units, fought round by round.

A state is both armies (``casualties`` module: units by type, intact and damaged). One round follows
docs/rules.md §2, steps (1)–(5):

1. the attacker's subs fire (their own group); their casualties go at once unless the victim has a
   destroyer, in which case they stay to fire back and go at the end of the round;
2. the defender's subs (those still there) do the same;
3–4. everyone else fires: aircraft without a friendly destroyer against a side with subs still alive in a
   group of their own where the ruleset says so (they cannot hit subs), the rest in the main group; groups
   are formed against the victim's units still alive, not those already hit that stay to fire back
   (docs/rules.md §2 "Firing groups");
5. casualties go. Then defenseless transports left alone against an enemy that can hit them are lost
   (docs/rules.md "Transports"), and the battle ends when a side has nothing left (an AA gun that is never
   a casualty does not count, docs/rules.md "AA guns") or nobody can hit anything (``stalemate``).

Before round 1 (docs/rules.md §2): the AA guns fire at the attacking aircraft (``opening``), and in an
amphibious assault the ships bombard once (not from ``round`` 2 on: "odds from here"). Subs submerge
only with the ``submerge`` option (:meth:`Battle.ends_with_subs_under`, docs/rules.md §9 "Submerging"). Also refereed: technology and LHTR (docs/rules.md §5), folded
subs (seed 000 §5b), ``damaged`` two-hit units, and the attacker's rules of the ``calc`` op
(``retreat_at_units``, ``retreat_below``, ``keep_land``; docs/rules.md "The attacker's rules").

Fought to the end, every round either changes nothing or takes hit points away, so the chain is a DAG
plus self-loops: states are settled in decreasing order of hit points left, each once, with the
self-loop divided out (mass / (1 − P(nothing happens))). Everything is a ``Fraction``: no pruning.
Written from the rules alone; nothing is imported from ``pycore``.
"""

from __future__ import annotations

import heapq
from fractions import Fraction

from . import laws
from .casualties import (ANY, NOT_AIR, NOT_SUB, allocate, allocate_together, as_army, as_dict, counts,
                         full_order, is_casualty_type)
from .units import AIR, RULESETS

ROLES = ("attacker", "defender")
OUTCOMES = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate", "in_progress")
ONE = Fraction(1)


def _merge(pending: tuple, lost: tuple) -> tuple:
    got = dict(pending)
    for uid, n in lost:
        got[uid] = got.get(uid, 0) + n
    return tuple(sorted(got.items()))


def _add(dist: dict, key, p) -> None:
    dist[key] = dist.get(key, 0) + p


class Battle:
    """One ``calc`` request (dice or Low Luck; land, sea or amphibious), refereed exactly."""

    def __init__(self, request: dict, aa_casualties: str = "fired_at"):
        self.aa_casualties = aa_casualties
        self.rs = rs = RULESETS[request["ruleset"]]
        self.system = request["system"]["name"]
        if self.system not in ("dice", "lowluck", "biased"):
            raise ValueError(f"the referee knows dice, Low Luck and biased dice, not {self.system}")
        self.kind = request.get("kind", "land")
        self.rounds = request.get("rounds")
        self.lhtr = bool(request.get("lhtr", False))
        # docs/rules.md §2 "The sub step": "printed" — subs facing a destroyer fire with the other units, and
        # the victim places all of a step's hits at once; otherwise seed 002's steps 1–2.
        self.printed = request.get("sub_rule", "subs_first") == "printed"
        self.first_round = request.get("round", 1)  # from 2 on: no opening fire ("odds from here")
        self.tech = {role: frozenset(request[role].get("tech", ())) for role in ROLES}
        self.fold = request["attacker"].get("fold_subs", 0)
        # The attacker's rules (docs/rules.md "The attacker's rules"; land and amphibious battles).
        self.retreat_at = request.get("retreat_at_units")
        self.retreat_below = request.get("retreat_below")
        # "0.3 = 30 %" (docs/api.md): the decimal the player typed, not the binary float nearest to it,
        # so that a chance of exactly 1/5 is not "below 0.2".
        self.threshold = Fraction(str(self.retreat_below)) if self.retreat_below is not None else None
        self.keep_land = int(request.get("keep_land", False))   # true is 1: keep this many land units
        # docs/rules.md §9 "Submerging": these sides send their subs under at the first end of a round that
        # finds no enemy destroyer (step 6 of docs/rules.md §2); a battle with it is fought to the end.
        self.submerge = frozenset(role for role, on in request.get("submerge", {}).items() if on)
        # docs/rules.md §9 "Destroyers kept last": the side's last destroyer goes after any other unit a hit may take.
        self.keep_destroyer = {role: bool(request.get("destroyer_last", {}).get(role)) for role in ROLES}
        self._wins: dict = {}
        self.ships: list = []  # bombarding ships' attack values (amphibious)
        self.start, self.order = {}, {}
        for role in ROLES:
            side = request[role]
            units = {uid: n for uid, n in side["units"].items() if n}
            allowed = rs.battle_units[self.kind][role]
            for uid in units:
                if uid not in allowed:
                    raise ValueError(f"{role}: {uid} may not fight in a {self.kind} battle of {rs.id}")
            if self.kind == "amphibious" and role == "attacker":
                for uid in [u for u in units if rs.unit(u).domain == "sea"]:
                    self.ships += [rs.unit(uid).attack] * units.pop(uid)
            self.order[role] = full_order(rs, role, side.get("order_of_loss"))
            damaged = side.get("damaged", {})
            self.start[role] = as_army({uid: [n - damaged.get(uid, 0), damaged.get(uid, 0)] for uid, n in units.items()}, rs)

    # ---- values and groups ---------------------------------------------------------------------

    def values(self, role: str, alive: dict) -> list:
        """(unit id, value) per unit. Attacking only: each artillery gives +1 to one infantry (1940-2e: or
        mech infantry), not cumulative, two with Advanced Artillery; a tactical bomber paired one-to-one
        with a fighter or tank attacks at 4 (docs/rules.md §1, §5, docs/rules.md). Technology (docs/rules.md §5):
        Jet Power +1 to defending fighters, Super Subs +1 to attacking subs."""
        rs = self.rs
        tech = self.tech[role]
        support = alive.get("artillery", 0) * (2 if "advanced_artillery" in tech else 1) if role == "attacker" else 0
        partners = alive.get("fighter", 0) + alive.get("tank", 0) if role == "attacker" else 0
        got = []
        for uid in rs.units:
            n = alive.get(uid, 0)
            base = rs.unit(uid).value(role)
            if uid == "fighter" and role == "defender" and "jet_power" in tech:
                base += 1
            if uid == "submarine" and role == "attacker" and "super_subs" in tech:
                base += 1
            if n and uid in rs.support_receivers and support:
                k = min(support, n)
                support -= k
                got += [(uid, base + 1)] * k + [(uid, base)] * (n - k)
            elif n and uid == "tactical_bomber" and partners:
                k = min(partners, n)
                got += [(uid, 4)] * k + [(uid, base)] * (n - k)
            else:
                got += [(uid, base)] * n
        return got

    def shot(self, role: str, uid: str, value: int) -> tuple:
        """One unit's fire as (chances of its dice, Low Luck power). Heavy Bombers attacking roll two
        dice, or keep the better of two with LHTR: chance 1 − (1 − v/6)², Low Luck power 6 × that
        (docs/rules.md §5)."""
        p = laws.hit_chance(self.system, value)
        if uid == "bomber" and role == "attacker" and "heavy_bombers" in self.tech[role] and value > 0:
            if self.lhtr:
                best = 1 - (1 - p) ** 2
                return (best,), 6 * best
            return (p, p), Fraction(2 * value)
        return (p,), Fraction(value)

    def main_groups(self, role: str, alive: dict, enemy: dict) -> tuple:
        """The non-sub fire of a side: (target kind, shots) groups, the narrower first.

        Aircraft without a friendly destroyer cannot hit subs where the ruleset says so (docs/rules.md §2); they
        fire apart from the rest so that Low Luck pools them separately (docs/rules.md §4: units that cannot hit
        the same targets are pooled apart). Folded subs (Low Luck, seed 000 §5b) fire in the main group, and
        since subs never hit aircraft (docs/rules.md §2) that pooled group may hit anything but aircraft
        (docs/rules.md §4 "Folding subs")."""
        folded = min(self.fold, alive.get("submarine", 0)) if role == "attacker" else 0
        rest, subs_seen = [], 0
        for uid, v in self.values(role, alive):
            if uid == "submarine":
                subs_seen += 1
                if subs_seen > folded:
                    continue
            rest.append((uid, self.shot(role, uid, v)))
        main = NOT_AIR if folded else ANY
        # The printed reading: subs facing a destroyer fire here, their hits still never on aircraft.
        waiting = self.sub_strike(role, alive) if self.subs_wait(enemy) else []
        subs = ((NOT_AIR, waiting),) if waiting else ()
        if self.rs.aircraft_need_destroyer and not alive.get("destroyer") and enemy.get("submarine"):
            air = [s for uid, s in rest if self.rs.unit(uid).domain == AIR]
            other = [s for uid, s in rest if self.rs.unit(uid).domain != AIR]
            return subs + ((NOT_SUB, air), (main, other))
        return subs + ((main, [s for _, s in rest]),)

    def subs_wait(self, enemy: dict) -> bool:
        """The printed reading (docs/rules.md §2 "The sub step"): facing a destroyer, subs have no strike of
        their own and fire in steps 3–4."""
        return self.printed and bool(enemy.get("destroyer"))

    def sub_strike(self, role: str, alive: dict) -> list:
        """The shots of a side's sub strike (steps 1–2): its subs less those folded into the main group."""
        folded = min(self.fold, alive.get("submarine", 0)) if role == "attacker" else 0
        subs = [self.shot(role, uid, v) for uid, v in self.values(role, alive) if uid == "submarine"]
        return subs[folded:]

    def can_hit(self, role: str, army: tuple, enemy: tuple) -> bool:
        """Whether a side has a unit with a value that some enemy unit may be hit by (docs/rules.md §2)."""
        rs = self.rs
        mine, theirs = counts(army), counts(enemy)
        folding = role == "attacker" and min(self.fold, mine.get("submarine", 0)) > 0
        for uid in mine:
            if rs.unit(uid).value(role) <= 0:
                continue
            blind = (rs.unit(uid).domain == AIR and rs.aircraft_need_destroyer and not mine.get("destroyer")
                     and theirs.get("submarine"))
            for target in theirs:
                if not is_casualty_type(rs, target):
                    continue
                if rs.unit(target).domain == AIR and (uid == "submarine" or (folding and not blind)):
                    continue  # subs never hit aircraft, nor does a main group they are folded into
                if blind and target == "submarine":
                    continue
                return True
        return False

    def present(self, army: tuple) -> bool:
        """A side is still in the battle while it has a unit that can be a casualty (an AA gun that never
        is one does not keep the battle going, docs/rules.md)."""
        return any(is_casualty_type(self.rs, uid) for uid, _, _ in army)

    def guns_alone(self) -> bool:
        """docs/rules.md §2 "AA guns alone": where an AA gun can be a casualty (1942-2e, 1940-2e), a defender
        holding AA guns and no other unit, attacked, loses them at once — no AA fire, no round (the 1942
        Second Edition rule book: "If a territory containing AAA units and no combat units is attacked, the AAA
        units are automatically destroyed"). Only when the battle (or a wave) begins, never from round 2."""
        d0 = self.start["defender"]
        return (self.rs.aa_is_casualty and self.first_round == 1 and bool(d0)
                and all(uid == "aa_gun" for uid, _, _ in d0))

    # ---- the steps ---------------------------------------------------------------------------

    def opening(self) -> dict:
        """Before round 1: AA fire, then shore bombardment. → {(A, D, defender's pending): p}."""
        a0, d0 = self.start["attacker"], self.start["defender"]
        dist = {(a0, d0, ()): ONE}
        if self.first_round > 1:
            return dist
        if self.kind != "sea" and counts(d0).get("aa_gun") and any(
                self.rs.unit(uid).domain == AIR for uid, _, _ in a0):
            dist = {(a, d0, ()): p for a, p in self.aa(a0, counts(d0)["aa_gun"]).items()}
        if self.kind == "amphibious" and self.ships:
            dist = self.bombard(dist)
        return dist

    def aa(self, army: tuple, guns: int) -> dict:
        """AA fire before round 1 (docs/rules.md §2, §4; docs/rules.md "AA guns").

        One shot at 1 per attacking aircraft, or at most 3 per gun from anniversary on, the aircraft fired
        at being the first ones of the attacker's order of loss. Dice: each aircraft fired at is lost on a
        1 (seed 002: "Any air that is hit immediately dies"). Low Luck: per type, every block of 6 aircraft
        fired at loses one; the rest of all types are pooled (each adds 1) into one Low Luck roll, whose
        hits the attacker takes from the pooled aircraft by his order of loss. Removed at once.
        Radar (docs/rules.md §5): AA at 2, so blocks of 3 under Low Luck (docs/rules.md)."""
        rs = self.rs
        value = 2 if "radar" in self.tech["defender"] else 1
        block = 6 // value
        alive = counts(army)
        shots = None if rs.aa_shots_per_gun is None else rs.aa_shots_per_gun * guns
        targeted: dict = {}
        for uid in self.order["attacker"]:
            if rs.unit(uid).domain == AIR and alive.get(uid):
                n = alive[uid] if shots is None else min(alive[uid], shots - sum(targeted.values()))
                if n > 0:
                    targeted[uid] = n
        outcomes = {(): ONE}  # lost per type (tuple of (uid, n)) -> p
        shot = laws.hit_chance(self.system, value)
        if self.system != "lowluck" and self.aa_casualties == "fired_at":
            for uid, n in targeted.items():
                law = laws.binomial(n, shot)
                outcomes = {lost + ((uid, k),): p * q for lost, p in outcomes.items() for k, q in law}
        elif self.system != "lowluck":  # "chosen": the attacker takes the hits by his order of loss
            outcomes = {}
            for hits, q in laws.binomial(sum(targeted.values()), shot):
                lost = {}
                for uid, n in targeted.items():
                    lost[uid] = min(n, hits)
                    hits -= lost[uid]
                _add(outcomes, tuple(lost.items()), q)
        else:
            sure = tuple((uid, n // block) for uid, n in targeted.items())
            pool = [(uid, n % block) for uid, n in targeted.items() if n % block]
            outcomes = {}
            for hits, q in laws.lowluck(value * sum(n for _, n in pool)):
                lost = dict(sure)
                for uid, n in pool:  # the pool in the attacker's order of loss
                    k = min(n, hits)
                    lost[uid] += k
                    hits -= k
                _add(outcomes, tuple(lost.items()), q)
        got: dict = {}
        for lost, p in outcomes.items():
            rows = {uid: [i, d] for uid, i, d in army}
            for uid, k in lost:
                rows[uid][0] -= k
            _add(got, as_army(rows, rs), p)
        return got

    def bombard(self, dist: dict) -> dict:
        """Shore bombardment (docs/rules.md §2; docs/rules.md): the ships fire once at their attack, their own
        group. Revised and later: no more ships than land units that land, strongest first, and the
        casualties fire back in round 1; classic and Big World: removed at once."""
        rs = self.rs
        got: dict = {}
        for (a, d, pending), p in dist.items():
            ships = sorted(self.ships, reverse=True)
            if rs.bombard_limited:
                land = sum(n for uid, n in counts(a).items() if rs.unit(uid).domain == "land")
                ships = ships[:land]
            for hits, q in laws.group(self.system, ships):
                after, lost = allocate(rs, self.order["defender"], d, ((ANY, hits),))
                _add(got, (a, after, _merge(pending, lost) if rs.bombard_fires_back else pending), p * q)
        return got

    def round(self, a: tuple, d: tuple, pend_a: tuple = (), pend_d: tuple = ()) -> dict:
        """One round, steps (1)–(5) of docs/rules.md §2. → {(A, D): p} after casualties are removed.

        ``pend_*``: units already chosen as casualties that still fire this round (bombardment casualties
        in round 1, sub strike casualties of a side with a destroyer)."""
        rs = self.rs
        dist = {(a, d, pend_a, pend_d): ONE}

        def fight(army, pending):
            alive = counts(army)
            for uid, n in pending:
                alive[uid] = alive.get(uid, 0) + n
            return alive

        # (1) attacking subs, (2) defending subs: casualties at once unless the victim has a destroyer.
        for shooter in ROLES:
            new: dict = {}
            for (a, d, pa, pd), p in dist.items():
                mine = fight(a, pa) if shooter == "attacker" else fight(d, pd)
                subs = self.sub_strike(shooter, mine)
                if subs and self.subs_wait(fight(d, pd) if shooter == "attacker" else fight(a, pa)):
                    subs = []  # they fire in steps 3–4 (printed reading)
                if not subs:
                    _add(new, (a, d, pa, pd), p)
                    continue
                victim, pending = (d, pd) if shooter == "attacker" else (a, pa)
                foe = fight(victim, pending)
                role = "defender" if shooter == "attacker" else "attacker"
                for hits, q in laws.fire(self.system, subs):
                    after, lost = allocate(rs, self.order[role], victim, ((NOT_AIR, hits),), self.keep_destroyer[role])
                    if foe.get("destroyer"):
                        pending2 = _merge(pending, lost)
                    else:
                        pending2 = pending
                    key = (a, after, pa, pending2) if shooter == "attacker" else (after, d, pending2, pd)
                    _add(new, key, p * q)
            dist = new

        # (3–4) everyone else fires; (5) casualties removed.
        got: dict = {}
        for (a, d, pa, pd), p in dist.items():
            fa, fd = fight(a, pa), fight(d, pd)
            after = {}
            for shooter, victim_role, victim, mine in (("attacker", "defender", d, fa), ("defender", "attacker", a, fd)):
                combos = {(): ONE}
                # Groups are formed against the units still alive (docs/rules.md §2 "Firing groups"): a sub
                # already hit in steps 1–2 that stays to fire back no longer keeps aircraft apart.
                for target, shots in self.main_groups(shooter, mine, counts(victim)):
                    law = laws.fire(self.system, shots)
                    combos = {c + ((target, h),): q * r for c, q in combos.items() for h, r in law}
                outcome: dict = {}
                for hits, q in combos.items():
                    _add(outcome, self.take(victim_role, victim, hits), q)
                after[victim_role] = outcome
            for a2, q in after["attacker"].items():
                for d2, r in after["defender"].items():
                    _add(got, (a2, d2), p * q * r)
        return got

    def take(self, role: str, army: tuple, hits: tuple) -> tuple:
        """The victim's army after a step's hits. With ``keep_land`` the attacker, about to lose his last
        land unit while an aircraft is left, loses the aircraft instead (docs/rules.md: his casualty
        choice, to take the territory); ``keep_land`` n keeps n land units so (true is 1): several hits at once
        spare as many land units as they would take below n, while aircraft are left."""
        place = allocate_together if self.printed else allocate
        after = place(self.rs, self.order[role], army, hits, self.keep_destroyer[role])[0]
        if not (self.keep_land and role == "attacker"):
            return after
        rs = self.rs

        def land(rows):
            return [uid for uid in self.order[role] if rs.unit(uid).domain == "land" and uid != "aa_gun"
                    and rows.get(uid, 0)]

        before, left = counts(army), counts(after)
        swapped = False
        # Below min(n, his land units) after the hits, each aircraft left (first in his order of loss) is lost in
        # place of a land unit lost, the one his order would lose last spared first.
        while sum(left.get(uid, 0) for uid in land(before)) < min(self.keep_land, sum(before[u] for u in land(before))):
            air = [uid for uid in self.order[role] if rs.unit(uid).domain == AIR and left.get(uid, 0)]
            if not air:
                break
            kept = [uid for uid in land(before) if left.get(uid, 0) < before[uid]][-1]
            left[kept] = left.get(kept, 0) + 1
            left[air[0]] -= 1
            swapped = True
        return as_army({uid: [n, 0] for uid, n in left.items()}, rs) if swapped else after

    def win_chance(self, a: tuple, d: tuple) -> Fraction:
        """P(the attacker wins) from armies after a round, both sides fighting on to the end: no round
        limit, no retreat (what "odds from here" shows; docs/rules.md "Retreat below X")."""
        key = (a, d)
        if key not in self._wins:
            step: dict = {}
            for (a2, d2), q in self.round(a, d).items():
                _add(step, self.settle(a2, d2), q)
            stay = step.pop((None, a, d), 0)
            total = Fraction(0)
            for (outcome, a3, d3), q in step.items():
                if outcome is None:
                    total += q * self.win_chance(a3, d3)
                elif outcome == "attacker_wins":
                    total += q
            self._wins[key] = total / (1 - stay)
        return self._wins[key]

    def after_round(self, a: tuple, d: tuple):
        """What is decided after a round: ``settle``, then the attacker's retreat rule (docs/rules.md:
        a stalemate first, then the retreat rule; a round limit after that)."""
        outcome, a, d = self.settle(a, d)
        if outcome:
            return outcome, a, d
        if self.retreat_at is not None and sum(n for _, n in counts(a).items()) <= self.retreat_at:
            return "retreat", a, d
        if self.retreat_below is not None and self.win_chance(a, d) < self.threshold:
            return "retreat", a, d
        return None, a, d

    def settle(self, a: tuple, d: tuple):
        """After a round (or the opening fire): (outcome or None, A, D).

        Defenseless transports alone against an enemy that can hit them are all lost (docs/rules.md);
        a side with nothing left loses (both: ``draw``); nobody able to hit anything: ``stalemate``."""
        if self.rs.transports_defenseless:
            lone_a = a and all(uid == "transport" for uid, _, _ in a) and self.can_hit("defender", d, a)
            lone_d = d and all(uid == "transport" for uid, _, _ in d) and self.can_hit("attacker", a, d)
            a, d = (() if lone_a else a), (() if lone_d else d)
        alive_a, alive_d = self.present(a), self.present(d)
        if not alive_a and not alive_d:
            return "draw", a, d
        if not alive_a:
            return "defender_wins", a, d
        if not alive_d:
            return "attacker_wins", a, d
        if not self.can_hit("attacker", a, d) and not self.can_hit("defender", d, a):
            return "stalemate", a, d
        return None, a, d

    # ---- the whole battle --------------------------------------------------------------------

    def hit_points(self, a: tuple, d: tuple) -> int:
        return sum(i * self.rs.unit(uid).hit_points + dmg * (self.rs.unit(uid).hit_points - 1)
                   for army in (a, d) for uid, i, dmg in army)

    def ends(self) -> dict:
        """{(outcome, A, D): p} over the battle's ends; ``self.expected_rounds`` is set on the way.

        Counting rounds follows the project's convention (docs/api.md only says "expected"): each round
        begun counts one; a battle decided before round 1's main fire (by the AA gun, the bombardment, or
        lone transports) still counts round 1, as its opening fire belongs to round 1 (docs/api.md,
        ``resolve``: "``aa`` and ``bombard`` (round 1)"); one where nobody can ever hit anybody counts 0."""
        self.expected_rounds = Fraction(0)
        if self.submerge:
            return self.ends_with_subs_under()
        if self.guns_alone():
            # Nothing fights, so nothing is rolled and no round begins: the guns are simply gone.
            return {("attacker_wins", self.start["attacker"], ()): ONE}
        ends: dict = {}
        live: dict = {}  # (A, D, pending A, pending D) -> p, at the start of a round
        for (a, d, pd), p in self.opening().items():
            if pd:  # bombardment casualties still fire in round 1
                _add(live, (a, d, (), pd), p)
                continue
            outcome, a, d = self.settle(a, d)
            if outcome and outcome != "stalemate":
                self.expected_rounds += p  # the project's count: decided by the opening fire is round 1
            _add(ends if outcome else live, (outcome, a, d) if outcome else (a, d, (), ()), p)
        if self.rounds is not None:
            for _ in range(self.rounds):
                after: dict = {}
                self.expected_rounds += sum(live.values(), Fraction(0))
                for (a, d, pa, pd), p in live.items():
                    for (a2, d2), q in self.round(a, d, pa, pd).items():
                        outcome, a3, d3 = self.after_round(a2, d2)
                        _add(ends if outcome else after, (outcome, a3, d3) if outcome else (a3, d3, (), ()), p * q)
                live = after
            for (a, d, _, _), p in live.items():
                _add(ends, ("in_progress", a, d), p)
            return ends
        mass: dict = {}
        for (a, d, pa, pd), p in live.items():
            if pa or pd:  # round 1 with pending casualties is fought once, outside the chain
                self.expected_rounds += p
                for (a2, d2), q in self.round(a, d, pa, pd).items():
                    outcome, a3, d3 = self.after_round(a2, d2)
                    _add(ends if outcome else mass, (outcome, a3, d3) if outcome else (a3, d3), p * q)
            else:
                _add(mass, (a, d), p)
        heap = [(-self.hit_points(a, d), a, d) for a, d in mass]
        heapq.heapify(heap)
        while heap:
            _, a, d = heapq.heappop(heap)
            m = mass.pop((a, d))
            step: dict = {}
            for (a2, d2), q in self.round(a, d).items():
                outcome, a3, d3 = self.after_round(a2, d2)
                _add(step, (outcome, a3, d3), q)
            stay = step.pop((None, a, d), 0)
            scale = m / (1 - stay)
            self.expected_rounds += scale  # rounds begun in this state: m + m·stay + m·stay² + …
            for (outcome, a3, d3), q in step.items():
                if outcome:
                    _add(ends, (outcome, a3, d3), scale * q)
                else:
                    if (a3, d3) not in mass:
                        heapq.heappush(heap, (-self.hit_points(a3, d3), a3, d3))
                    _add(mass, (a3, d3), scale * q)
        return ends


    # ---- fighters that crash (docs/rules.md §9 "Fighters that crash") ----------------------------

    def after_landing(self, army: tuple) -> tuple:
        """The defender's army once the sea battle is over and his aircraft have landed: each carrier he has left
        takes two, the aircraft he would lose last boarding first; those with no room go down."""
        room = 2 * counts(army).get("carrier", 0)
        rows = as_dict(army)
        for uid in reversed(self.order["defender"]):
            if self.rs.unit(uid).domain == AIR and uid in rows:
                rows[uid] = [min(room, sum(rows[uid])), 0]
                room -= rows[uid][0]
        return as_army(rows, self.rs)

    # ---- subs that submerge (docs/rules.md §9 "Submerging") -------------------------------------

    def ends_with_subs_under(self) -> dict:
        """The ends of a sea battle whose subs go under when they may, fought to the end.

        A state is (A, D, subs A has under, subs D has under): the subs under are out of the fight for good but
        alive, so every end lists them among the survivors. Every round either changes nothing or takes hit points
        out of the fight (a hit, or subs going under), so states are settled in decreasing order of hit points
        still fighting, the self-loop divided out, as in :meth:`ends`."""
        a, d = self.start["attacker"], self.start["defender"]
        outcome, a, d = self.settle(a, d)
        if outcome:
            # As in :meth:`ends`: decided before round 1's fire (lone transports) still counts round 1.
            self.expected_rounds = ONE if outcome != "stalemate" else Fraction(0)
            return {(outcome, a, d): ONE}
        ends: dict = {}
        mass = {(a, d, 0, 0): ONE}
        heap = [(-self.hit_points(a, d), a, d, 0, 0)]
        while heap:
            _, a, d, wa, wd = heapq.heappop(heap)
            m = mass.pop((a, d, wa, wd))
            step: dict = {}
            for (a2, d2), q in self.round(a, d).items():
                _add(step, self.end_with_subs_under(a2, d2, wa, wd), q)
            stay = step.pop((None, a, d, wa, wd), 0)
            scale = m / (1 - stay)
            self.expected_rounds += scale
            for (outcome, a3, d3, wa3, wd3), q in step.items():
                if outcome:
                    _add(ends, (outcome, self.surfaced(a3, wa3), self.surfaced(d3, wd3)), scale * q)
                    continue
                if (a3, d3, wa3, wd3) not in mass:
                    heapq.heappush(heap, (-self.hit_points(a3, d3), a3, d3, wa3, wd3))
                _add(mass, (a3, d3, wa3, wd3), scale * q)
        return ends

    def end_with_subs_under(self, a: tuple, d: tuple, wa: int, wd: int) -> tuple:
        """The end of a round (step 5, then step 6: the defender's subs go under first, then the attacker's, each
        only while the other side has no destroyer) → (outcome or None, A, D, subs A has under, subs D has
        under)."""
        outcome, a, d = self.settle(a, d)
        if outcome:
            return self.left_the_fight(outcome, wa), a, d, wa, wd
        if "defender" in self.submerge and counts(d).get("submarine") and not counts(a).get("destroyer"):
            wd += counts(d)["submarine"]
            d = tuple(row for row in d if row[0] != "submarine")
        if "attacker" in self.submerge and counts(a).get("submarine") and not counts(d).get("destroyer"):
            wa += counts(a)["submarine"]
            a = tuple(row for row in a if row[0] != "submarine")
        # Step 6 ends the round: nothing else goes (defenseless transports were looked at in step 5).
        if not self.present(a) or not self.present(d):
            outcome = "draw" if not self.present(a) and not self.present(d) else \
                "defender_wins" if not self.present(a) else "attacker_wins"
        elif not self.can_hit("attacker", a, d) and not self.can_hit("defender", d, a):
            outcome = "stalemate"
        return self.left_the_fight(outcome, wa), a, d, wa, wd

    @staticmethod
    def left_the_fight(outcome, subs_under: int):
        """docs/rules.md §9 "Submerging": an attacker with subs under has not been destroyed when nothing of his is
        left in the fight: he left it, as after a retreat (``retreat``; ``defender_wins`` where the defender has
        nothing left either, as where an attack's retreating aircraft leave its lost land units behind)."""
        if subs_under and outcome == "defender_wins":
            return "retreat"
        if subs_under and outcome == "draw":
            return "defender_wins"
        return outcome

    def surfaced(self, army: tuple, subs_under: int) -> tuple:
        """An army's survivors: those in the fight and its subs under."""
        if not subs_under:
            return army
        rows = as_dict(army)
        rows["submarine"] = [rows.get("submarine", [0, 0])[0] + subs_under, 0]
        return as_army(rows, self.rs)


def calc(request: dict, aa_casualties: str = "fired_at") -> dict:
    """The referee's answer to a ``calc`` request (same dict as the op takes; ``op`` is ignored).

    Returns Fractions: ``outcome`` (every name of OUTCOMES), ``losses`` per side (units lost → p),
    ``survivors`` per side and unit type (expected count; bombarding ships are not in the army; an AA gun
    captured with the territory is lost to the defender, not left to him),
    ``cost_lost`` per side (expected), ``takes_territory`` (the attacker wins with a land unit left, not
    at sea: seed 002, docs/rules.md "The territory"), ``rounds`` (expected rounds fought) and ``swing`` (the law
    of IPCs the defender lost − IPCs the attacker lost, docs/rules.md §14)."""
    battle = Battle(request, aa_casualties)
    ends = battle.ends()
    size = {role: sum(i + d for _, i, d in battle.start[role]) for role in ROLES}
    outcome = {name: Fraction(0) for name in OUTCOMES}
    losses = {role: {} for role in ROLES}
    survivors = {role: {uid: Fraction(0) for uid, _, _ in battle.start[role]} for role in ROLES}
    cost = {role: Fraction(0) for role in ROLES}
    takes = Fraction(0)
    swing: dict = {}  # IPCs the defender lost − IPCs the attacker lost → p (the luck of a battle, issue 33)
    rs = battle.rs
    crash = bool(request.get("crash_fighters"))
    for (name, a, d), p in ends.items():
        if crash and name != "in_progress":
            d = battle.after_landing(d)
        spent = {}
        outcome[name] += p
        taken = name == "attacker_wins" and battle.kind != "sea" and any(
            rs.unit(uid).domain == "land" and uid != "aa_gun" for uid, _, _ in a)
        if taken:
            takes += p
        for role, army in (("attacker", a), ("defender", d)):
            left = counts(army)
            if taken and role == "defender":
                # The territory changes hands and its AA guns with it (seed 002, "When a player conquers a
                # territory containing a Factory or AA Gun, those units will be captured"): none is left to
                # the defender (docs/rules.md §9).
                left.pop("aa_gun", None)
            _add(losses[role], size[role] - sum(left.values()), p)
            for uid, n in left.items():
                survivors[role][uid] += p * n
            spent[role] = sum(rs.unit(uid).cost * (i + dmg - left.get(uid, 0)) for uid, i, dmg in battle.start[role])
            cost[role] += p * spent[role]
        _add(swing, spent["defender"] - spent["attacker"], p)
    return {"outcome": outcome, "losses": losses, "survivors": survivors, "cost_lost": cost,
            "takes_territory": takes, "rounds": battle.expected_rounds, "swing": swing}
