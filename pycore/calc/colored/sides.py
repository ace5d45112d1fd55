"""One side of the coloured-dice chain: its troops numbered as the chain meets them, with what each colour
needs to know of them (docs/rules.md §7)."""

from __future__ import annotations

from ...systems.colored.chart import GUIDELINES, MAX_DICE, Chart, Row
from ...systems.colored.commit import Troops, color_of, unit_of
from ...systems.colored.losses import victim_proposal, winner_proposal
from ...engine.setup import BattleSetup

DiceKey = tuple[int, tuple[int, ...]] | None
"""A side's dice in a colour and its boosters of each kind there, capped at the dice (None: no dice)."""
Post = tuple[int, bool, bool, bool, list[tuple[int, bool, tuple[int, ...]]], frozenset[str]]
"""What a post brings to a state's tables (:meth:`_Side.post`)."""
Profile = tuple[bool, tuple[int, ...], tuple[int, ...], frozenset[str], frozenset[str], bool]
"""What a round asks of a side-state (:meth:`_Side.profile_of`)."""

_WIDE = 1 << 24
"""A pair of states is one integer, attacker's number × _WIDE + defender's (a side meets far fewer than 16 million)."""


class _Side:
    """One side's troops, numbered as the chain meets them, with what each colour needs to know of them.

    Why: the chain meets the same side-state in thousands of pairs, so everything a colour asks of a
    side — its dice and boosters there, whether it is still in the fight, where h hits of that colour
    take it — is worked out once per side-state, from the app's own rules (``victim_proposal``,
    ``winner_proposal``, ``Troops.after``), and a pair of states is two small integers. The victim's
    proposal takes hits one at a time, each from the troops the last one left, so h hits are one hit h
    times (``step``): a side-state's table of landings costs at most one proposal per guideline.
    """

    chart: Chart            # the setup's system's chart: a coloured-dice system's (``LuckSystem.chart`` is Any)

    def __init__(self, setup: BattleSetup, role: str, rows: list[Row], keys: dict[DiceKey, int]) -> None:
        self.setup, self.role, self.rows, self.keys = setup, role, rows, keys
        self.ruleset, self.chart = setup.ruleset, setup.system.chart
        self.order = setup.side(role).order_of_loss
        self.troops: list[Troops] = []
        self.index: dict[Troops, int] = {}
        self.hp: list[int] = []           # hit points left: every landing lowers it (the chain's order)
        self.alive: list[bool] = []       # can_be_lost_any
        self.dice: list[list[int]] = []   # per active colour: the key of (dice, boosters by kind capped at the
                                          # dice) in ``keys`` (shared by both sides; 0: no dice)
        self.lands: list[list[list[int] | None]] = []   # per active colour: [state after 0, 1, … 6 hits], filled when asked
        self.still: list[list[int]] = []  # per active colour: bit h set where h hits leave the state as it is
        self.hurts: list[frozenset[str]] = []   # the guidelines of the colours it rolls in (any colour of the chart)
        self.open: list[frozenset[str]] = []    # the guidelines whose hits it can still take
        self.lonely: list[bool] = []      # only transports left
        self.step: dict[tuple[int, str, str], int] = {}   # (state, guideline, chooser) → state after one hit
        self.profile: list[int | None] = []   # per state: its profile's number (None until asked, :meth:`profile_of`)
        self.posts: dict[str, Post] = {}  # post → what it brings to a state's tables (:meth:`post`)
        self.profiles: dict[Profile, int] = {}   # (in the fight, dice keys, still bits, hurts, open, lonely) → number

    def number(self, troops: Troops) -> int:
        """The state's number, its tables worked when it is first met: from a table per post
        (:meth:`post`), the same values as the app's ``rollers``, ``kinds``, ``capacity`` and
        ``can_be_lost_any`` (tests/core/test_colored_calc.py pins them on random battles)."""
        got = self.index.get(troops)
        if got is None:
            got = self.index[troops] = len(self.troops)
            self.troops.append(troops)
            width = len(self.rows)
            dice = [0] * width
            counts = [[0] * len(row.boosts) for row in self.rows]
            hp = able = sea = 0
            alive, lonely = False, bool(troops)
            hurts: set[str] = set()
            posts = self.posts
            for key, n in troops.posts:
                post = posts.get(key) or self.post(key)
                unit_hp, can_be_lost, naval, transport, places, hurt = post
                hp += n * unit_hp
                if can_be_lost:
                    alive = True
                    left = n * unit_hp - troops.damaged_count(key)
                    able += left
                    if naval:
                        sea += left
                lonely = lonely and transport
                hurts |= hurt
                for colour, rolls, kinds_here in places:
                    if rolls:
                        dice[colour] += -(-n // 3)          # one die per 3 units of a type, rounded up (match.py)
                    for k in kinds_here:
                        counts[colour][k] += n
            self.hp.append(hp - sum(n for _, n in troops.damaged))
            self.alive.append(alive)
            keys = []
            for n, kinds_count in zip(dice, counts):
                n = min(MAX_DICE, n)
                dice_key = (n, tuple(min(c, n) for c in kinds_count)) if n else None
                keys.append(self.keys.setdefault(dice_key, len(self.keys)))
            self.dice.append(keys)
            self.lands.append([None] * width)
            self.still.append([0] * width)
            self.profile.append(None)
            self.hurts.append(frozenset(hurts))
            self.open.append(frozenset(g for g in GUIDELINES if (sea if g == "naval_only" else able)))
            # Only transports left: the engine's end of round may take them (then it is asked, ``_Exact.ended``).
            self.lonely.append(lonely)
        return got

    def post(self, key: str) -> Post:
        """What a post brings to a state's tables: (hit points a unit, can be lost, a ship, a transport,
        [(active colour, rolls there, the kinds of boost it gives there)], the guidelines of the chart's
        colours it rolls in)."""
        ruleset, unit_id, color = self.ruleset, unit_of(key), color_of(key)
        unit = ruleset.unit(unit_id)
        places = [(i, unit_id in row.rolls, tuple(k for k, kind in enumerate(row.boosts) if unit_id in kind))
                  for i, row in enumerate(self.rows) if row.color == color]
        hurt = frozenset(row.casualties for row in self.chart.rows if row.color == color and unit_id in row.rolls)
        got = self.posts[key] = (unit.hit_points, ruleset.rules.aa_is_casualty or "anti_aircraft" not in unit.abilities,
                                 unit.domain == "sea", "transport" in unit.abilities, places, hurt)
        return got

    def landings(self, i: int, colour: int) -> list[int]:
        """The state after 0, 1, … 6 hits of this colour (its guideline, and who chooses)."""
        got = self.lands[i][colour]
        if got is None:
            row = self.rows[colour]
            troops = self.troops[i]
            got = [self.index[troops]]              # the number as handed out (the chain's tables find it by identity)
            if row.choice == "winner" and self.whole(troops):
                for hits in range(1, MAX_DICE + 1):
                    loss = winner_proposal(self.ruleset, self.chart, troops, hits, row.casualties)
                    got.append(self.number(troops.after(loss.lost, loss.damaged)))
            else:
                for _ in range(MAX_DICE):
                    got.append(self.one_hit(got[-1], row))
            self.lands[i][colour] = got
            self.still[i][colour] = sum(1 << hits for hits, j in enumerate(got) if j == i)
        return got

    def profile_of(self, i: int) -> int:
        """The number of what a round asks of this state (in the fight or not, each colour's dice key,
        which hits leave it as it is, what its end of round reads), its landings worked for every colour: states of one profile
        share their round's plan (:meth:`_Exact.plan`), whatever their troops."""
        for colour in range(len(self.rows)):
            self.landings(i, colour)
        key = (self.alive[i], tuple(self.dice[i]), tuple(self.still[i]), self.hurts[i], self.open[i], self.lonely[i])
        got = self.profile[i] = self.profiles.setdefault(key, len(self.profiles))
        return got

    def whole(self, troops: Troops) -> bool:
        """Whether an intact two-hit unit is left: the winner's pick then depends on the hits still to
        place (a unit is worth its cost per hit it needs), so his h hits are worked at once."""
        return any(n > troops.damaged_count(k) and self.ruleset.unit(unit_of(k)).hit_points > 1
                   for k, n in troops.posts)

    def one_hit(self, i: int, row: Row) -> int:

        """The state after one hit of this colour. The victim's proposal places hits one at a time, each on
        the troops the last one left; so does the winner's where every unit needs one hit (``whole``)."""
        key = (i, row.casualties, row.choice)
        got = self.step.get(key)
        if got is None:
            troops = self.troops[i]
            if row.choice == "winner":
                loss = winner_proposal(self.ruleset, self.chart, troops, 1, row.casualties)
            else:
                loss = victim_proposal(self.ruleset, self.chart, troops, 1, row.casualties, self.order)
            got = self.step[key] = self.number(troops.after(loss.lost, loss.damaged)) if loss else i
        return got


