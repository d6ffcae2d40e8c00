"""What every kind of exchange shares: a fighter's tactics, his effective skill, the minimum result to hit,
and a blow landing on its target (stun, pulled punches, called shots, the wound record).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...ladder import level_name, plus_bonus
from ...report import Step, signed, with_article
from ..data import load
from . import levels
from .damage import Blow, wound_level
from .levels import HURT, INCAPACITATED, SCRATCH, VERY_HURT
from .options import Options
from .sheet import Sheet, Weapon
from .wounds import State, Wound, capacity_now, level, method, out_of_fight, penalty, record, status_words, take

_DATA = load("fudge")
SHIELDS = {row["value"]: row for row in _DATA["shields"]["rows"]}
PARTS = {row["value"]: row for row in _DATA["parts"]["rows"]}
PART_NAMES = {SCRATCH: "Scratched", HURT: "Hurt", INCAPACITATED: "Incapacitated"}
STUN = _DATA["stun"]
TACTICS = ("normal", "all_out_offense", "all_out_defense", "defend_only", "unaware")
ALL_OUT = ("all_out_offense", "all_out_defense")
TACTIC_WORDS = {"normal": "fights normally", "all_out_offense": "attacks all-out (+1)",
                "all_out_defense": "defends all-out (+2, cannot hurt the foe)",
                "defend_only": "only defends, with a shield or a parry (cannot hurt the foe)",
                "unaware": "cannot fight this round (unaware, or after a critical result)"}
UNAWARE_RESULT = -3     # one below Poor: an attack on him is unopposed against Poor (seed 4.22)
PULLS = ("none", "scratch", "hurt", "very_hurt", "incapacitated")
PULL_LEVEL = {"none": 0, "scratch": SCRATCH, "hurt": HURT, "very_hurt": VERY_HURT, "incapacitated": INCAPACITATED}
MAX_MODIFIER = 3
FIST = Weapon(size=-1)


@dataclass(frozen=True)
class Tactics:
    """What one side chose for this exchange."""

    tactic: str = "normal"      # all-out offense or defense (seed 4.31, 4.23)
    stance: int = 0             # the offensive modifier of a stance (seed 4.32); the defensive one is its negative
    modifier: int = 0           # the GM's: footing, position, surprise (seed 4.31)
    stun: bool = False          # going for a knockout (seed 4.62)
    pull: str = "none"          # the worst wound a pulled punch allows
    spotted: bool = False       # an all-out defender's Perception or Tactics roll succeeded: the foe is -1 next round

    def to_dict(self, prefix: str, stances: bool) -> dict[str, Any]:
        out: dict[str, Any] = {f"{prefix}tactic": self.tactic, f"{prefix}modifier": self.modifier,
                               f"{prefix}stun": self.stun, f"{prefix}pull": self.pull}
        if stances:
            out[f"{prefix}stance"] = str(self.stance)
        if self.tactic == "all_out_defense":
            out[f"{prefix}spotted"] = self.spotted
        return out


def read_tactics(inputs: Mapping[str, Any], prefix: str, stances: bool) -> Tactics:
    """One side's tactics; ``stances``: the encounter uses stances, which a simultaneous round reads and an attack of
    alternating turns does not."""
    stance = 0
    tactic = fields.choice(inputs, f"{prefix}tactic", f"{prefix}tactic", TACTICS, default="normal")
    if stances:
        if tactic in ALL_OUT:
            raise BadField("with stances, a stance takes the place of all-out offense and defense",
                           field=f"{prefix}tactic")
        stance = int(fields.choice(inputs, f"{prefix}stance", f"{prefix}stance", ("-2", "-1", "0", "1", "2"),
                                   default="0"))
    return Tactics(tactic, stance,
                   fields.integer(inputs, f"{prefix}modifier", f"{prefix}modifier", -MAX_MODIFIER, MAX_MODIFIER,
                                  default=0),
                   fields.flag(inputs, f"{prefix}stun", f"{prefix}stun"),
                   fields.choice(inputs, f"{prefix}pull", f"{prefix}pull", PULLS, default="none"),
                   tactic == "all_out_defense" and fields.flag(inputs, f"{prefix}spotted", f"{prefix}spotted"))


def weapon_of(sheet: Sheet, index: int | None) -> tuple[Weapon, str]:
    """The weapon a fighter uses (by index, else his first), or his fist when he has none."""
    if not sheet.weapons:
        return FIST, "bare hands (size \u22121)"
    entry = sheet.weapons[index or 0]
    return entry.weapon, f"{entry.name} ({entry.notation})"


def read_weapon(inputs: Mapping[str, Any], key: str, sheet: Sheet) -> int:
    if not sheet.weapons:
        return 0
    return fields.integer(inputs, key, key, 0, len(sheet.weapons) - 1, default=0)


def able(sheets: Mapping[str, Sheet], states: Mapping[str, State], who: str, options: Options, role: str) -> None:
    """Refuse a fighter taken out of the fight, by name."""
    if out_of_fight(sheets[who], states[who], options) or states[who].dead:
        raise BadField(f"{sheets[who].name} is out of the fight and cannot take part", field=role)


def skill(sheet: Sheet, state: State, options: Options, base: int, plus: bool, words: str, *, extra: int = 0,
          extra_words: str = "") -> tuple[int, str]:
    """A fighter's effective skill this exchange: the trait, a plus level's +1 on even rounds (seed 4.36), the
    wound penalty (seed 4.31), a Very Stunned \u22122, a Hurt weapon arm, a speed contest's edge, and ``extra``
    (what ``extra_words`` says, each part with its number)."""
    round_number = state.rounds + (0 if state.round_passed else 1)     # of his own rounds, this one counted
    parts = [f"{words} {level_name(base)}" + ("+" if plus else "")]
    value = base
    bonus = plus_bonus(plus, round_number)
    if bonus:
        value += bonus
        parts.append(f"+1 in round {round_number} (a plus level)")
    hurt = penalty(sheet, state, options)
    if hurt:
        value += hurt
        parts.append(f"{signed(hurt)} for {levels.name(level(sheet, state, options))}")
    if state.very_stunned:
        value += STUN["very_stunned_penalty"]
        parts.append(f"{signed(STUN['very_stunned_penalty'])} Very Stunned")
    arm = state.part_level("weapon_arm")
    if arm >= HURT:
        cost = -1 if arm < INCAPACITATED else -3
        value += cost
        parts.append(f"{signed(cost)} for a {'Hurt' if arm < INCAPACITATED else 'useless'} weapon arm")
    if state.edge:
        value += state.edge
        parts.append(f"{signed(state.edge)} {state.edge_why}")
    value += extra
    if extra_words:         # each part says its own number ("\u22121 for Brynhild's shield"), even when they cancel
        parts.append(extra_words)
    return value, ", ".join(parts)


def striker_and_target(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
                        options: Options, striker_role: str, target_role: str) -> tuple[str, str]:
    """Who strikes and whom, as two different fighters, the striker in the fight and able to attack this turn."""
    striker = fields.combatant(inputs, striker_role, sheets, striker_role)
    target = fields.combatant(inputs, target_role, sheets, target_role)
    if striker == target:
        raise BadField(f"the {striker_role} and the {target_role} must be different fighters", field=target_role)
    able(sheets, states, striker, options, striker_role)
    blocked = can_attack(states[striker])
    if blocked:
        raise BadField(f"{sheets[striker].name} is {blocked} this turn", field=striker_role)
    return striker, target


def refuse_all_out_defense(sheet: Sheet, state: State, tactic: str, field: str) -> None:
    """A stunned fighter cannot defend all-out (seed 4.62)."""
    if tactic == "all_out_defense" and (state.stunned or state.very_stunned):
        raise BadField(f"{sheet.name} is {'Very Stunned' if state.very_stunned else 'Stunned'} and cannot defend "
                       "all-out this round", field=field)


def can_attack(state: State) -> str:
    """Why a fighter cannot attack this exchange, or "" (seed 4.62: stunned fighters cannot attack)."""
    if state.very_stunned:
        return "Very Stunned, so cannot attack"
    if state.stunned:
        return "Stunned, so cannot attack"
    return ""


def minimum(attacker: Sheet, target: Sheet, override: str) -> tuple[int, str]:
    """The minimum result that hits (seed 4.22): Poor against an equal, more against a smaller target, Terrible
    against a larger one, or the GM's level."""
    if override != "scale":
        return int(override), f"the GM's minimum, {level_name(int(override))}"
    gap = attacker.scale - target.scale
    for row in _DATA["min_to_hit"]["rows"]:
        if gap >= row["smaller_by"]:
            value = int(row["minimum"])
            break
    else:
        value = -3
    if gap == 0:
        return value, "Poor to hit an equal"
    return value, (f"{level_name(value)} to hit a target {abs(gap)} Scale {'smaller' if gap > 0 else 'larger'}")


def stance_words(stance: int) -> str:
    if not stance:
        return "a normal stance"
    kind = "an offensive" if stance > 0 else "a defensive"
    return f"{kind} stance (offense {signed(stance)}, defense {signed(-stance)})"


@dataclass(frozen=True)
class Landing:
    """A blow's target choices: a called shot, and what the struck one may spend."""

    aim: str = "none"
    need: int = 2
    fudge_point: bool = False


def strike(blow: Blow, tactics: Tactics, landing: Landing, target: str, state: State, began: int,
           options: Options, dice: DiceSource, by: str, offense_result: int) -> tuple[State, list[Step], str]:
    """A hit lands: the wound it does (``damage``), then what the landing makes of it (``land``).
    Returns the target's new state, the steps, and what it did to the target in a few words ("Hurt (\u22121)",
    "Stunned", "no damage"), for a headline such as "Snorri hits Brynhild: Hurt (\u22121)"."""
    wound, steps = wound_level(blow, options, dice)
    new, landing_steps, headline = land(blow, wound, tactics, landing, state, began, options, by, offense_result)
    return new, landing_steps[:1] + steps + landing_steps[1:] if landing.aim != "none" else steps + landing_steps, \
        headline


def land(blow: Blow, wound: int | None, tactics: Tactics, landing: Landing, state: State, began: int,
         options: Options, by: str, offense_result: int, *, aimed: bool = True) -> tuple[State, list[Step], str]:
    """What a wound level does to the one struck: a called shot (its step first), a pulled punch, a stun, the
    PC-death options and the record.  It needs no dice, so the odds use it for every wound level."""
    defender = blow.defender
    called = landing.aim != "none" and blow.degree >= landing.need
    steps: list[Step] = []
    if landing.aim != "none" and aimed:
        part = PARTS[landing.aim]["label"].lower()
        steps.append(Step(
            f"The blow was aimed at {part}, which needs a relative degree of {landing.need}: " +
            (f"{signed(blow.degree)} reaches it." if called else
             f"{signed(blow.degree)} does not, so {defender.name} chooses where it lands (the body, or a shield)."),
            "FUDGE 4.35"))
    if wound is None:
        return state, steps, "the GM assesses the wound"
    pull = PULL_LEVEL[tactics.pull]
    if pull and wound > pull:
        steps.append(Step(f"The punch is pulled: {levels.name(wound)} becomes {levels.name(pull)}.", "FUDGE 4.62"))
        wound = pull
    if tactics.stun:
        if options.knockout_head == "on" and called and landing.aim == "head" and offense_result >= 1:
            steps.append(Step(f"A {level_name(offense_result)} blow to the head knocks {defender.name} out.",
                              "FUDGE 4.62"))
            return replace(state, knocked_out=True), steps, "knocked out"
        return _stun(defender, state, wound, steps)
    if called and wound:
        state, part_steps, effect = _part(blow, landing, state, wound, [])
        steps += part_steps
        if not PARTS[landing.aim]["vital"]:
            return state, steps, effect
    new, notes = take(defender, state, Wound(wound, by), options, began=began, fudge_point=landing.fudge_point)
    steps += [Step(text, rule) for text, rule in notes]
    if new.dead and not state.dead:
        return new, steps + [Step(f"{defender.name} is dead.", "FUDGE 4.63")], "Dead"
    if new == state:
        return new, steps, f"{with_article(levels.name(wound))}, not recorded" if wound else "no damage"
    after = level(defender, new, options)
    landed = new.wounds[-1].level if new.wounds and len(new.wounds) > len(state.wounds) else wound
    steps.append(Step(_recorded(defender, state, new, landed, after, options), "FUDGE 4.57, D-FU-4"))
    return new, steps, _effect(defender, new, landed, options)


def _effect(sheet: Sheet, state: State, wound: int, options: Options) -> str:
    """A recorded wound in a headline: where the fighter now stands, and the wound when it is not that level."""
    now = status_words(sheet, state, options)
    return now if now.startswith(levels.name(wound)) else f"{levels.name(wound)}; {now}"


def _recorded(sheet: Sheet, before: State, after: State, wound: int, now: int, options: Options) -> str:
    kind = method(sheet, options)
    if kind == "pawn":
        return f"{sheet.name} is {'out of the battle' if now >= INCAPACITATED else 'Hurt'} (an NPC pawn)."
    if kind == "capacity":
        return (f"{sheet.name}'s Damage Capacity is now {capacity_now(sheet, after, options)}: "
                f"{levels.name(now) if now > SCRATCH else 'wounded, no penalty'}.")
    old, new = record(before, options), record(after, options)
    if len(new.beyond) > len(old.beyond):
        return (f"No box is open at {levels.name(wound)} or above: the wound goes past Near Death. {sheet.name} is "
                "Near Death; death is the GM's call, never automatic.")
    box = next(index + 1 for index, (was, held) in enumerate(zip(old.boxes, new.boxes)) if was != held)
    where = f"{'an' if levels.name(box)[0] in 'AEIOU' else 'a'} {levels.name(box)} box" if box == wound else \
        f"the next open box, under {levels.name(box)}, marked \u201c{levels.LETTERS[wound]}\u201d"
    standing = "has a Scratch" if now == SCRATCH else f"is {levels.name(now)}"
    return f"{levels.name(wound)} goes in {where}: {sheet.name} {standing}" + (
        f" ({signed(levels.penalty(now, sheet.pain))})" if levels.penalty(now, sheet.pain) else "") + "."


def _stun(defender: Sheet, state: State, wound: int, steps: list[Step]) -> tuple[State, list[Step], str]:
    """A stunning blow (seed 4.62): Hurt stuns, Very Hurt (or a second Stun) leaves one Very Stunned, Incapacitated
    or worse knocks out."""
    name = defender.name
    if wound <= SCRATCH:
        steps.append(Step(f"Going for a knockout: {levels.name(wound) if wound else 'no damage'} does nothing to "
                          f"{name}.", "FUDGE 4.62"))
        return state, steps, "no effect"
    if wound >= INCAPACITATED:
        steps.append(Step(f"Going for a knockout: {levels.name(wound)} knocks {name} out. Time, not healing, "
                          "brings him round.", "FUDGE 4.62"))
        return replace(state, knocked_out=True), steps, "knocked out"
    if wound == VERY_HURT or state.stuns:
        why = "a second Stun" if wound == HURT else "Very Hurt"
        steps.append(Step(f"Going for a knockout: {why} leaves {name} Very Stunned: no attacks and "
                          f"{signed(STUN['very_stunned_penalty'])} to all actions for {STUN['very_stunned_rounds']} "
                          "rounds.", "FUDGE 4.62"))
        return (replace(state, stuns=state.stuns + 1, very_stunned=STUN["very_stunned_rounds"], stunned=0), steps,
                "Very Stunned")
    steps.append(Step(f"Going for a knockout: Hurt is a Stun. {name} cannot attack, nor defend all-out, and is "
                      f"{signed(STUN['stun_defense'])} to defend, for one turn; the Stun stays on the sheet.",
                      "FUDGE 4.62"))
    return replace(state, stuns=state.stuns + 1, stunned=STUN["stun_rounds"]), steps, "Stunned"


def part_words(part: str, part_level: int) -> str:
    """A body part's state as a referee says it: "weapon arm Hurt"."""
    return f"{PARTS[part]['label'].lower()} {PART_NAMES[part_level]}"


def _part(blow: Blow, landing: Landing, state: State, wound: int, steps: list[Step]) -> tuple[State, list[Step], str]:
    """A called shot that reached its part (seed 4.35): the part is Scratched, Hurt or Incapacitated; a blow that
    only just reaches it does not Incapacitate unless the attacker is of a larger Scale.  A limb's wound is the
    limb's alone; the head's or an eye's is the body's too (``land`` records it)."""
    row = PARTS[landing.aim]
    part_level = SCRATCH if wound == SCRATCH else HURT if wound == HURT else INCAPACITATED
    if part_level == INCAPACITATED and blow.degree == landing.need and blow.attacker.scale <= blow.defender.scale:
        part_level = HURT
        steps.append(Step("It only just reached the part, so the part is Hurt, not Incapacitated.", "FUDGE 4.35"))
    worst = max(part_level, state.part_level(landing.aim))
    parts = tuple((part, lvl) for part, lvl in state.parts if part != landing.aim) + ((landing.aim, worst),)
    effect = {SCRATCH: "no real effect", HURT: f"\u22121 to {row['use']}",
              INCAPACITATED: "useless until healed, if it can be"}[worst]
    whose = f"{blow.defender.name}'s {row['label'].lower()}"
    body = " The wound is the body's too." if row["vital"] else " The wound is the limb's alone."
    steps.append(Step(f"{whose} is {PART_NAMES[worst]}: {effect}.{body}", "FUDGE 4.35"))
    return replace(state, parts=parts), steps, part_words(landing.aim, worst)

