"""The exact chain of coloured dice (docs/rules.md §7, §9): pairs of side-states settled once, colour by
colour, within its bound of work (``WORK_BUDGET``); Monte Carlo beyond it."""

from __future__ import annotations

from fractions import Fraction
from ...engine.army import Army
from ...engine.colored.fight import ColoredBattle, army, fight, rollers, start
from ...engine.colored.play import check_setup
from ...engine.sequence import MAX_ROUNDS, BattleLog, RoundLog
from ...engine.table import SeededTable, Table
from ...engine.setup import ROLES, BattleSetup
from ...errors import BadRequest
from ...systems.colored.chart import Row
from .. import cost
from ..law import Ends
from ..montecarlo import bounded
from ..total import total
from .cost import COLORED_UNIT_SECOND
from .laws import LAW_WORK, colour_law, law_work
from .sides import _WIDE, DiceKey, Profile, _Side

Mass = Fraction | float
"""A probability mass: a Fraction in exact arithmetic (``exact``), a float otherwise."""
Moves = list[tuple[int, list[tuple[int, Mass]]]]
"""A colour's rolls as [(hits on the attacker, [(hits on the defender, chance)])]."""
Law = tuple[Moves, dict[int, tuple[Mass, Moves, int]]]
"""A colour's law and what :meth:`_Exact.moving` kept of it per pattern of hits that change nothing."""
Plan = tuple[list[tuple[Mass, Moves | None]], int, bool, Mass]
"""A round's plan for a pair of profiles (:meth:`_Exact.plan`)."""
Masses = list[dict[int, list[Mass]] | None]
"""Attacker's state → {defender's state: its masses by position in the round} (:func:`_first_pair`)."""
End = tuple[str, Army, Army]

EXACT_MAX_UNITS_A_SIDE = 60
WORK_BUDGET = 32_000_000
"""Work (a unit is about 0.2 µs of CPython, :attr:`_Exact.work`) the exact chain may do in floats before it
gives way to Monte Carlo: about 6.5 s in CPython, so that a battle which needs more, tried and then simulated,
still answers within the 30 s of docs/api.md under load. 60 v 60 at sea, 60 infantry a side, 30 infantry +
30 tanks a side and land 60 v 60 of five kinds with artillery boosting fit; 60 v 60 with fighters boosting
white on both sides too does not (bench/README.md, "The coloured-dice chain's bounds")."""
FRACTION_WORK_BUDGET = WORK_BUDGET // 20
"""The same in exact fractions (``exact``): about 2 s (a unit of fractions is several of floats; bench/README.md)."""
PAIR_WORK = 24
"""A pair of states settled (its round's plan, its end of round, its masses) counts as this many landings:
fitted as moves × 0.2 µs + pairs × (2.5–4.9 µs) over the battles of ``WORK_BUDGET`` (land pairs dearest)."""
SIDE_WORK = 900
"""A side-state met (its tables, its proposals for up to 6 hits of each colour, its profile) counts as this
many landings (measured: bench/README.md)."""
FLOOR = 1e-13
SAMPLES = 4000
"""Battles simulated beyond the exact limit (a probability's 95 % interval is then at most ±1.6 %)."""


def small_enough(setup: BattleSetup) -> bool:
    """Whether the exact chain takes this battle: at most ``EXACT_MAX_UNITS_A_SIDE`` units a side."""
    return all(t.size <= EXACT_MAX_UNITS_A_SIDE for t in start(setup).values())


def simulate(setup: BattleSetup, seed: str, rounds: int | None) -> BattleLog:
    """One coloured-dice battle with seeded dice (contexts ``r{n}/{side}/{colour}``) and the app's
    proposals for every decision, as ``resolve`` fights it (for Monte Carlo)."""
    return fight(setup, SeededTable(seed), rounds)


class _TooManyStates(Exception):
    """The battle needs more work than ``WORK_BUDGET``: Monte Carlo answers instead."""


class _Exact:
    """The exact chain of coloured dice: pairs of side-states, each settled once, colour by colour.

    A pair's mass is kept per *position* in the round (before each colour that anybody can roll, and
    the end of the round). Hits never come back, so a pair is only reached from pairs with more hit
    points left in all: pairs are settled in decreasing order of both sides' hit points, every mass
    that reaches a pair having arrived before it is settled. A round that changes nothing comes back
    to the same pair: that loop is summed at once (mass ÷ (1 − chance that no colour changes
    anything)), so a pair is worked once whatever the number of rounds (docs/rules.md §7).
    """

    def __init__(self, setup: BattleSetup, exact: bool) -> None:
        self.setup = setup
        self.one: Mass = Fraction(1) if exact else 1.0
        troops = start(setup)
        # The colours anybody can ever roll: dice only go down, so the others never do anything.
        self.rows: list[Row] = [row for row in setup.system.chart.rows
                                if any(rollers(row, troops[role]) for role in ROLES)]
        self.keys: dict[DiceKey, int] = {None: 0}   # (dice, boosters) of a colour → a small number, shared by both sides
        self.sides = (_Side(setup, "attacker", self.rows, self.keys), _Side(setup, "defender", self.rows, self.keys))
        self.first = self.sides[0].number(troops["attacker"]) * _WIDE + self.sides[1].number(troops["defender"])
        self.laws: dict[int, Law] = {}
        self.ended_memo: dict[int, tuple[str | None, int]] = {}   # the pairs whose end of round the engine was asked
        self.pairs = 0                  # pairs whose round was planned (settled once, or carried round by round)
        self.moves = 0          # landings followed
        self.checked = 0        # the work is next compared with the budget after this many landings
        self.budget = FRACTION_WORK_BUDGET if exact else WORK_BUDGET
        self.law_work = 0       # the work of the colours' laws this battle uses (cached or not, :func:`law_work`)
        self.numbers: dict[int, DiceKey] = {}
        self.plans: dict[int, Plan] = {}   # pair of profiles → the round's plan (:meth:`plan`)
        self.a_profiles: list[Profile] = []   # the sides' profiles by number
        self.d_profiles: list[Profile] = []

    @property
    def work(self) -> int:
        """The chain's work so far in units of about one landing followed (the cost budget, docs/api.md):
        counted, not timed, so a request always gets the same method whatever the machine's load."""
        sides = len(self.sides[0].troops) + len(self.sides[1].troops)
        return self.moves + PAIR_WORK * self.pairs + SIDE_WORK * sides + self.law_work

    def law(self, a_key: int, d_key: int) -> Law:
        """The colour's law for these keys of dice: ([(x, [(y, chance)])] grouped by hits on the attacker,
        chances out of 1; {hits that change neither side: (chance of such a roll, the law without them, its
        size)})."""
        got = self.laws.get(a_key << 16 | d_key)
        if got is None:
            if len(self.numbers) != len(self.keys):
                self.numbers = {n: key for key, n in self.keys.items()}
            na, a_counts = self.numbers[a_key] or (0, ())
            nd, d_counts = self.numbers[d_key] or (0, ())
            faces = 6 ** (na + nd)
            self.law_work += LAW_WORK * law_work(na, a_counts, nd, d_counts)
            grouped: dict[int, list[tuple[int, Mass]]] = {}
            for (x, y), ways in colour_law(na, a_counts, nd, d_counts):
                grouped.setdefault(x, []).append((y, self.one * ways / faces))
            got = self.laws[a_key << 16 | d_key] = (list(grouped.items()), {})
        return got

    def moving(self, law: Law, still: int) -> tuple[Mass, Moves, int]:
        """(chance of a roll that changes neither side, the law without those rolls, its size) where
        ``still`` has bit h (attacker: h + 8) set if h hits leave that side as it is (no hit, mostly; more
        where some hits cannot land: an AA gun never lost, hits beyond the ships): once per law and pattern."""
        grouped, stays = law
        got = stays.get(still)
        if got is None:
            sa, sd = still >> 8, still & 255
            stay = 0 * self.one
            moves: Moves = []
            for x, ys in grouped:
                keep = []
                for y, p in ys:
                    if sa >> x & 1 and sd >> y & 1:
                        stay += p
                    else:
                        keep.append((y, p))
                if keep:
                    moves.append((x, keep))
            got = stays[still] = (stay, moves, sum(len(ys) for _, ys in grouped))
        return got

    def plan(self, a_profile: int, d_profile: int) -> Plan:
        """A round's plan for a pair of these profiles: per colour (chance it changes nothing, its moves
        [(x, [(y, chance)])] of the rolls that change something, or None where it cannot do anything);
        and the number of moves (the work, counted each time a pair follows it)."""
        a_alive, a_dice, a_still, a_hurts, a_open, a_lonely = self.a_profiles[a_profile]
        d_alive, d_dice, d_still, d_hurts, d_open, d_lonely = self.d_profiles[d_profile]
        out: list[tuple[Mass, Moves | None]] = []
        size = 0
        for colour in range(len(self.rows)):
            a_key, d_key = a_dice[colour], d_dice[colour]
            if not (a_key or d_key) or not (a_alive and d_alive):
                out.append((self.one, None))
                continue
            stay, moves, n = self.moving(self.law(a_key, d_key), a_still[colour] << 8 | d_still[colour])
            out.append((stay, moves))
            size += n
        # The usual end of round (:meth:`ended`): both in the fight, one able to hurt the other, neither
        # left with only transports: the battle goes on with the pair as it is.
        goes_on = bool(a_alive and d_alive and (a_hurts & d_open or d_hurts & a_open) and not a_lonely
                       and not d_lonely)
        still = self.one
        for stay, _ in out:
            still *= stay               # the chance that no colour changes anything (the round comes back)
        got = self.plans[a_profile << 20 | d_profile] = (out, size, goes_on, still)
        return got

    def profile(self, side: _Side, i: int) -> int:
        """The profile of a side-state met for the first time (:meth:`_Side.profile_of`), kept by number."""
        got = side.profile_of(i)
        if side is self.sides[0]:
            if len(self.a_profiles) < len(side.profiles):
                self.a_profiles = list(side.profiles)
        elif len(self.d_profiles) < len(side.profiles):
            self.d_profiles = list(side.profiles)
        return got

    def steps(self, pair: int) -> tuple[list[tuple[Mass, Moves | None]], list[list[int]], list[list[int]], bool]:
        """(the round's plan from this pair (:meth:`plan`), the attacker's landings, the defender's
        landings: per colour, the state after 0, 1, … 6 hits; whether the round's end is the usual one). The moves are followed where they are
        used (:func:`_settle`, :func:`_by_rounds`): no list of target pairs is built."""
        attacker, defender = self.sides
        a, d = divmod(pair, _WIDE)
        pa = attacker.profile[a]
        if pa is None:
            pa = self.profile(attacker, a)
        pd = defender.profile[d]
        if pd is None:
            pd = self.profile(defender, d)
        plan, size, goes_on, _ = self.plans.get(pa << 20 | pd) or self.plan(pa, pd)
        self.moves += size
        self.pairs += 1
        if self.moves > self.checked:
            self.checked = self.moves + 1_000
            if self.work > self.budget:
                raise _TooManyStates
        return plan, attacker.lands[a], defender.lands[d], goes_on  # type: ignore[return-value]  # profile() has filled every colour's landings

    @staticmethod
    def step_moves(law: Moves | None, a_lands: list[int], d_lands: list[int]) -> list[tuple[int, Mass]]:
        """[(next pair, chance)] of one colour's moves (the pair itself left out)."""
        if law is None:
            return []
        return [(a_lands[x] * _WIDE + d_lands[y], p) for x, ys in law for y, p in ys]

    def ended(self, pair: int) -> tuple[str | None, int]:
        """The outcome after a round (lonely defenseless transports first), or None; and the pair kept.

        The usual case (both sides in the fight, one able to hurt the other, none left with only
        transports) is read off the side-states; any other asks the engine's own end of round."""
        attacker, defender = self.sides
        a, d = divmod(pair, _WIDE)
        if (attacker.alive[a] and defender.alive[d]
                and (attacker.hurts[a] & defender.open[d] or defender.hurts[d] & attacker.open[a])
                and not attacker.lonely[a] and not defender.lonely[d]):
            return None, pair
        got = self.ended_memo.get(pair)
        if got is None:
            state = {"attacker": attacker.troops[a], "defender": defender.troops[d]}
            battle = ColoredBattle(self.setup, Table(), state)      # rolls and decides nothing
            battle.lose_lonely_transports(RoundLog(0))
            got = self.ended_memo[pair] = (battle.decided(), attacker.number(battle.troops["attacker"]) * _WIDE
                                           + defender.number(battle.troops["defender"]))
        return got

    def armies(self, pair: int) -> tuple[Army, Army]:
        a, d = divmod(pair, _WIDE)
        ruleset = self.setup.ruleset
        return army(self.sides[0].troops[a], ruleset), army(self.sides[1].troops[d], ruleset)


def _decided_at_once(calc: _Exact, outcome: str, kept: int) -> Ends:
    """A battle whose start is already decided: by nobody able to hurt anybody (a stalemate, no round is
    fought), or by the end of round 1 whatever is rolled (a side of defenseless transports alone, an AA gun
    that is never a casualty alone), which play still fights and logs (``fight``): one round, as there."""
    one, zero = calc.one, 0 * calc.one
    return Ends({(outcome, *calc.armies(kept)): one}, zero if outcome == "stalemate" else one, zero, "exact")


def _settle(calc: _Exact, exact: bool) -> Ends:
    """The battle fought to the end: every pair settled once, in decreasing order of hit points left.

    The hot loop of the chain (a pair's round, colour by colour, then its moves): the moves are written out
    here, with the sides' tables held in locals, and the work counted in locals (written back to ``calc``
    before each look at the budget and at the end); a pair's plan, a round that comes back and the end of a
    round are once per pair (:func:`_round_plan`, :func:`_come_back`, :func:`_end_of_round`)."""
    one, zero = calc.one, 0 * calc.one
    width = len(calc.rows)                        # positions 0 … width − 1 before a colour, width: the round's end
    ends: dict[End, Mass] = {}
    expected = zero
    pruned = zero
    attacker, defender = calc.sides
    first, kept = calc.ended(calc.first)
    if first is not None:
        return _decided_at_once(calc, first, kept)
    top, levels, by_attacker = _first_pair(calc, kept, width)
    empty: list[Mass] = [zero] * (width + 1)
    a_hp, d_hp = attacker.hp, defender.hp
    a_lands_of: list[list[list[int]]]
    d_lands_of: list[list[list[int]]]
    a_lands_of, d_lands_of = attacker.lands, defender.lands  # type: ignore[assignment]  # a pair's landings are filled (_round_plan) before they are read
    moves, planned, checked = calc.moves, calc.pairs, calc.checked
    shift, mask = _WIDE.bit_length() - 1, _WIDE - 1
    colours = range(width)
    for level in range(top, -1, -1):
        pairs = levels[level]
        levels[level] = None  # type: ignore[call-overload]  # let go: hits never come back, so no pair reaches it again
        for pair in pairs:
            a = pair >> shift
            d = pair & mask
            here = by_attacker[a].pop(d)  # type: ignore[union-attr]  # a pair is met after its attacker's table is made
            mass = total(here)
            if not exact and mass < FLOOR:
                pruned += mass              # in floats, pairs reached with less than FLOOR are dropped
                continue
            steps, size, goes_on, still = _round_plan(calc, a, d, by_attacker)
            moves += size
            planned += 1
            if moves > checked:
                checked = _within_budget(calc, moves, planned)
            a_all, d_all = a_lands_of[a], d_lands_of[d]
            outcome, after = (None, pair) if goes_on else calc.ended(pair)
            if outcome is None and after == pair:
                carry = _come_back(here, steps, width, still, one, zero)
                expected += carry
                started = True
            else:
                carry = zero
                expected += here[0]
                started = False
            for colour in colours:
                stay, law = steps[colour]
                if colour or not started:
                    carry += here[colour]
                if carry and law is not None:
                    slot = colour + 1
                    a_lands, d_lands = a_all[colour], d_all[colour]
                    for x, ys in law:
                        ta = a_lands[x]
                        row = by_attacker[ta]
                        if row is None:
                            row = by_attacker[ta] = {}
                        for y, p in ys:
                            td = d_lands[y]
                            got = row.get(td)
                            if got is None:
                                got = row[td] = empty[:]
                                levels[a_hp[ta] + d_hp[td]].append(ta << shift | td)
                            got[slot] += carry * p
                carry *= stay
            if not started:
                _end_of_round(calc, outcome, after, carry + here[width], by_attacker, levels, empty, ends)
    calc.moves, calc.pairs, calc.checked = moves, planned, checked
    return Ends(ends, expected, pruned, "exact")


def _first_pair(calc: _Exact, kept: int, width: int) -> tuple[int, list[list[int]], Masses]:
    """(hit points left in all at the start, the pairs met by hit points left, the masses) with the battle's
    first pair in them.

    Masses: attacker's state → {defender's state: its masses by position}. Split so, a move looks in the small
    table of its attacker's state, with the defender's number itself as key (the very object the side handed
    out, so the table finds it without comparing values): one big table of pairs made each move a cache miss
    or two (half the chain's time at 60 a side)."""
    attacker, defender = calc.sides
    a, d = divmod(kept, _WIDE)
    top = attacker.hp[a] + defender.hp[d]
    levels: list[list[int]] = [[] for _ in range(top + 1)]   # hit points left in all → the pairs met with that many
    by_attacker: Masses = [None] * len(attacker.troops)   # grown as the attacker meets states (:meth:`_Exact.profile`)
    by_attacker[a] = {d: [calc.one] + [0 * calc.one] * width}
    levels[top].append(kept)
    return top, levels, by_attacker


def _within_budget(calc: _Exact, moves: int, planned: int) -> int:
    """The work so far written back to ``calc`` and compared with its bound; the next look after 1,000 moves."""
    checked = calc.checked = moves + 1_000
    calc.moves, calc.pairs = moves, planned
    if calc.work > calc.budget:
        raise _TooManyStates
    return checked


def _round_plan(calc: _Exact, a: int, d: int, by_attacker: Masses) -> Plan:
    """A pair's round (:meth:`_Exact.steps`, without building the pair): its sides' profiles, met once each
    (the attacker's table of masses grown to its states), and the plan of the two profiles."""
    attacker, defender = calc.sides
    pa = attacker.profile[a]
    if pa is None:
        pa = calc.profile(attacker, a)
        by_attacker += [None] * (len(attacker.troops) - len(by_attacker))
    pd = defender.profile[d]
    if pd is None:
        pd = calc.profile(defender, d)
    got = calc.plans.get(pa << 20 | pd)
    if got is None:
        got = calc.plan(pa, pd)
    return got


def _come_back(here: list[Mass], steps: list[tuple[Mass, Moves | None]], width: int, still: Mass, one: Mass,
               zero: Mass) -> Mass:
    """The mass a pair starts its rounds with when a round that changes nothing comes back to it: summed at once
    (mass ÷ (1 − chance that no colour changes anything))."""
    back, carry = here[width], zero
    for colour in range(1, width):
        carry = (carry + here[colour]) * steps[colour][0]
    back += carry
    if still >= one:
        raise AssertionError("a pair that goes on but can change nothing")  # decided() says stalemate
    return (here[0] + back) / (one - still)


def _end_of_round(calc: _Exact, outcome: str | None, after: int, carry: Mass, by_attacker: Masses,
                  levels: list[list[int]], empty: list[Mass], ends: dict[End, Mass]) -> None:
    """The mass that reaches a pair's end of round: on to the pair it leaves (its next round), or an end."""
    if outcome is None:
        attacker, defender = calc.sides
        a, d = divmod(after, _WIDE)
        by_attacker += [None] * (len(attacker.troops) - len(by_attacker))
        row = by_attacker[a]
        if row is None:
            row = by_attacker[a] = {}
        got = row.get(d)
        if got is None:
            got = row[d] = empty[:]
            levels[attacker.hp[a] + defender.hp[d]].append(after)
        got[0] += carry
    elif carry:
        key = (outcome, *calc.armies(after))
        ends[key] = ends.get(key, 0 * calc.one) + carry


def _by_rounds(calc: _Exact, rounds: int, exact: bool) -> Ends:
    """At most ``rounds`` rounds, round by round, colour by colour; what still fights is ``in_progress``."""
    one, zero = calc.one, 0 * calc.one
    ends: dict[End, Mass] = {}
    expected = pruned = zero
    first, kept = calc.ended(calc.first)
    if first is not None:
        return _decided_at_once(calc, first, kept)
    live = {kept: one}
    memo: dict[tuple[int, int], tuple[Mass, list[tuple[int, Mass]]]] = {}
    for _ in range(min(rounds, MAX_ROUNDS)):
        if not live:
            break
        expected += total(live.values())
        for colour in range(len(calc.rows)):
            nxt: dict[int, Mass] = {}

            for pair, p in live.items():
                got = memo.get((pair, colour))
                if got is None:
                    plan, a_all, d_all, _ = calc.steps(pair)
                    for c, (stay, law) in enumerate(plan):
                        memo[(pair, c)] = (stay, calc.step_moves(law, a_all[c], d_all[c]))
                    got = memo[(pair, colour)]
                stay, moves = got
                if stay:
                    nxt[pair] = nxt.get(pair, zero) + p * stay
                for target, q in moves:
                    nxt[target] = nxt.get(target, zero) + p * q
            live = nxt
        nxt = {}
        for pair, p in live.items():
            outcome, after = calc.ended(pair)
            if outcome is None:
                nxt[after] = nxt.get(after, zero) + p
            else:
                key = (outcome, *calc.armies(after))
                ends[key] = ends.get(key, zero) + p
        if not exact:
            # In floats, pairs reached with less than FLOOR are dropped; what is dropped is reported.
            for pair in [pair for pair, p in nxt.items() if p < FLOOR]:
                pruned += nxt.pop(pair)
        live = nxt
    for pair, p in live.items():
        key = ("in_progress", *calc.armies(pair))
        ends[key] = ends.get(key, zero) + p
    return Ends(ends, expected, pruned, "exact")


def exact_ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    calc = _Exact(setup, exact)
    if rounds is None:
        return _settle(calc, exact)
    return _by_rounds(calc, rounds, exact)


def ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    """The law of the battle's end: exact enumeration within the size limit, Monte Carlo beyond."""
    check_setup(setup)
    if setup.attacker.cargo or setup.defender.cargo:
        raise BadRequest("attacker.cargo" if setup.attacker.cargo else "defender.cargo",
                         "the calculator does not carry cargo yet; leave it out")
    biggest = max(t.size for t in start(setup).values())
    why = f"a side has {biggest} units, more than the {EXACT_MAX_UNITS_A_SIDE} a side of the exact chain"
    if small_enough(setup):
        try:
            return exact_ends(setup, rounds, exact)
        except _TooManyStates:
            budget = FRACTION_WORK_BUDGET if exact else WORK_BUDGET
            why = (f"needs more than the exact chain's {budget:,} units of work (about "
                   f"{cost.duration(budget * COLORED_UNIT_SECOND)}: its states grow with the units and with the ways "
                   "each colour's hits are chosen, the victim's and the winner's)")
    if exact:
        raise BadRequest("exact", f"exact fractions for coloured dice are given up to {EXACT_MAX_UNITS_A_SIDE} units "
                                  f"a side and {FRACTION_WORK_BUDGET:,} units of work; this battle {why}: leave exact "
                                  "out for floats or a Monte Carlo estimate")
    return bounded(setup, rounds, SAMPLES, f"Monte Carlo: this coloured-dice battle {why}", True, simulate)
