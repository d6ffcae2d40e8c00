"""An SLA operative's sheet (seed 002): the stats the combat rules read, skills by rank, weapons and armour in a
short notation, and the Hits of each body location and the Incap total as the referee enters them (their formulas
are lost, RULES_NOTES 3.2).

A weapon reads as the Firearms Chart's columns: ``skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4, AD 2``, with
``ACC +1`` (Accuracy Factor), ``baffling 1`` (recoil baffling, its table is lost), ``handling 1`` and ``silencer``;
its Rate of Fire as ``single action``, ``semi`` or ``auto`` (full auto, with ``FA 1``, its deviation per bullet),
``burst 3`` (burst fire), ``barrels 6`` (a rotary gun), ``JF 14`` (Jamming Factor), ``shotgun`` and ``scope long``
(the band its scope is made for).  A hand-to-hand weapon has no RNG: ``skill Blade 1h, PEN 2, DAM 4, handling 2``,
with ``vibro``, ``whip -2`` (a flexible weapon and its to-hit modifier) or ``blunt`` (bruising).  A grenade reads
``skill Throwing, RNG 10, grenade frag, zone 8, radius 0.5, DAM 10`` (``frag``, ``blast``, ``smoke`` or ``flash``).
An armour reads ``PV 6, ID 25, DM 1`` and the locations it covers (``head``, ``torso``, ``abdomen``, ``arms``,
``legs``, ``right arm`` ...; none named: all of them).

>>> parse_weapon("skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4, silencer").recoil
2
>>> parse_weapon("skill Auto/Support, RNG 40, RCL 3, PEN 4, DAM 6, auto, FA 1, burst 3").modes
('single', 'semi', 'auto', 'burst', 'suppress')
>>> parse_weapon("skill Blade 1h, PEN 2, DAM 4, handling 2").kind
'melee'
>>> parse_weapon("skill Throwing, RNG 10, grenade frag, zone 8, radius 0.5, DAM 10").radius
Fraction(1, 2)
>>> sorted(parse_armour("PV 6, ID 25, torso, arms").covers)
['left_arm', 'right_arm', 'torso']
>>> parse_skills("Pistol 6, Marksman 3")
(('Pistol', 6), ('Marksman', 3))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ... import fields
from ...errors import BadField, BadNotation
from ...keys import cached_hash
from ..data import load
from ..gear import GearEntry, read_gear, read_weapons

_DATA = load("sla")
LOCATIONS: tuple[str, ...] = tuple(region["value"] for region in _DATA["body"]["regions"])
LOCATION_LABELS: dict[str, str] = {region["value"]: region["label"] for region in _DATA["body"]["regions"]}
VITAL: frozenset[str] = frozenset(region["value"] for region in _DATA["body"]["regions"] if region["vital"])
SPECIES: dict[str, dict[str, Any]] = {row["value"]: row for row in _DATA["species"]["rows"]}
STATS: tuple[tuple[str, str], ...] = (("str", "STR"), ("dex", "DEX"), ("dia", "DIA"), ("conc", "CONC"),
                                      ("cha", "CHA"), ("phys", "PHYS"), ("know", "KNOW"), ("cool", "COOL"))
STAT_RANGE = (1, 30)
SKILL_RANGE = (0, 20)
HITS_RANGE = (1, 200)
INCAP_RANGE = (1, 400)
MAX_WEAPONS = 8
DANCES = ("none", "dance", "ballet")
MAX_ARMOUR = 4
MAX_SKILLS = 16
MAX_NOTATION = 120
MAX_PV = 30
MAX_ID = 999
DEFAULT_HITS = {"head": 9, "torso": 16, "abdomen": 13, "right_arm": 11, "left_arm": 11, "right_leg": 12,
                "left_leg": 12}
DEFAULT_INCAP = 30
_GROUPS = {"arms": ("right_arm", "left_arm"), "legs": ("right_leg", "left_leg"), "all": LOCATIONS}
_NUMBER = r"([+\-\u2212]?\d+)"
_WEAPON_TERM = re.compile(rf"^(rng|rcl|pen|dam|ad|acc|baffling|handling|fa|burst|barrels|jf|whip|zone)\s*{_NUMBER}$"
                          r"|^(silencer|silenced|single action|semi|semi-auto|auto|full auto|shotgun|vibro|blunt)$"
                          r"|^skill\s+(.+)$|^(grenade|scope)\s+(\w+)$|^radius\s+(\d+(?:\.\d+)?)$", re.IGNORECASE)
FLAGS = {"silencer": "silenced", "silenced": "silenced", "single action": "cocked", "semi": "semi",
         "semi-auto": "semi", "auto": "auto", "full auto": "auto", "shotgun": "shotgun", "vibro": "vibro",
         "blunt": "blunt"}
GRENADES = {"frag": "Fragmentation", "blast": "Blast/Concussion", "smoke": "Smoke", "flash": "Flash/Bang"}
BANDS = ("optimum", "medium", "long", "extreme")
KINDS = ("firearm", "melee", "grenade")
_LIMITS = (("rng", 1, 9999), ("rcl", 0, 40), ("pen", -10, 40), ("dam", 0, 99), ("ad", 0, 99), ("acc", -10, 10),
           ("baffling", 0, 20), ("handling", 0, 20), ("fa", 1, 20), ("burst", 2, 20), ("barrels", 2, 12),
           ("jf", 3, 18), ("whip", -10, 0), ("zone", 1, 60))
# Terms that belong to one kind of weapon only, and the kind.
_ONLY = {"rcl": "firearm", "acc": "firearm", "baffling": "firearm", "fa": "firearm", "burst": "firearm",
         "barrels": "firearm", "jf": "firearm", "silenced": "firearm", "cocked": "firearm", "semi": "firearm",
         "auto": "firearm", "shotgun": "firearm", "scope": "firearm", "vibro": "melee", "whip": "melee",
         "blunt": "melee", "zone": "grenade", "radius": "grenade"}
_ARMOUR_TERM = re.compile(rf"^(pv|id|dm)\s*{_NUMBER}$", re.IGNORECASE)
_SKILL = re.compile(r"^(.*?[^\d\s+\-\u2212])\s*([+\-\u2212]?\d+)$")


def _number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


@dataclass(frozen=True)
class Weapon:
    """A weapon's line of its chart (seed: RNG, RCL, PEN, DAM, AD; the Accuracy and Handling Factors; the Rate of
    Fire; a grenade's Blast Zone, Blast Radius and Damage)."""

    __hash__ = cached_hash

    skill: str
    range: int                          # optimum range in metres; 0 for a hand-to-hand weapon
    recoil: int
    pen: int
    dam: int
    armour_damage: int | None = None    # AD; without it the armour loses the hit's damage (D-SL-8)
    accuracy: int = 0
    baffling: int = 0
    handling: int = 0
    silenced: bool = False
    kind: str = "firearm"               # firearm, melee or grenade
    cocked: bool = False                # single action: an action to fire, another to recock
    semi: bool = False
    auto: bool = False
    fa: int = 1                         # hexes each later bullet of a burst deviates
    burst: int = 0                      # burst fire's fixed length; 0 for none
    barrels: int = 1                    # a rotary gun's barrels
    jam: int | None = None              # the Jamming Factor
    shotgun: bool = False
    scope: str = ""                     # the range band the scope is made for; "" without one
    vibro: bool = False
    whip: int | None = None             # a flexible weapon's to-hit modifier
    blunt: bool = False                 # a blunt weapon does bruising damage
    grenade: str = ""                   # frag, blast, smoke or flash
    zone: int = 0                       # the Blast Zone in hexes
    radius: Fraction = Fraction(0)      # the Blast Radius increment in metres

    @property
    def modes(self) -> tuple[str, ...]:
        """How it may be fired: ``single`` (one shot an action), ``semi``, ``auto``, ``burst`` and ``suppress``
        (suppressive fire needs full auto)."""
        if self.kind != "firearm":
            return ()
        return ("single",) + (("semi",) if self.semi or self.auto else ()) + (("auto",) if self.auto else ()) + (
            ("burst",) if self.burst else ()) + (("suppress",) if self.auto else ())


@dataclass(frozen=True)
class Armour:
    """One armour: its PV, its Impact Damage in each location it covers, and its Dodge Modifier."""

    __hash__ = cached_hash

    pv: int
    impact: int
    dodge: int = 0
    covers: frozenset[str] = frozenset(LOCATIONS)


def _terms(text: str, field: str) -> list[str]:
    terms = [term.strip() for term in text.replace(";", ",").split(",")]
    if not text.strip() or any(not term for term in terms):
        raise BadNotation(f"{fields.shown(text)} has an empty term; write the terms with commas between them",
                          field=field)
    return terms


def parse_weapon(text: str, field: str = "weapon") -> Weapon:
    """A weapon written as its chart's columns: a firearm needs the skill, RNG, RCL, PEN and DAM; a hand-to-hand
    weapon (no RNG) the skill, PEN and DAM; a grenade the skill, RNG, its kind, zone, radius and (but for smoke and
    flash-bangs) DAM."""
    found: dict[str, Any] = {}
    for term in _terms(text, field):
        match = _WEAPON_TERM.match(term)
        if not match:
            raise BadNotation(f"{fields.shown(term)} is not a weapon term; write skill <name>, RNG, RCL, PEN, DAM, AD, "
                              "ACC, baffling, handling, FA, burst, barrels, JF, whip or zone with a number, grenade or "
                              "scope with a word, radius in metres, or silencer, single action, semi, auto, shotgun, "
                              "vibro or blunt", field=field)
        value: Any
        if match.group(1):
            key, value = match.group(1).lower(), _number(match.group(2))
        elif match.group(3):
            key = FLAGS[match.group(3).lower()]
            value = True
        elif match.group(4):
            key, value = "skill", match.group(4).strip()
        elif match.group(5):
            key, value = match.group(5).lower(), match.group(6).lower()
        else:
            key, value = "radius", Fraction(match.group(7))
        if key in found:
            raise BadNotation(f"{fields.shown(text)} gives {key.upper()} twice", field=field)
        found[key] = value
    kind = "grenade" if "grenade" in found else "firearm" if "rng" in found else "melee"
    needed = {"firearm": ("skill", "rng", "rcl", "pen", "dam"), "melee": ("skill", "pen", "dam"),
              "grenade": ("skill", "rng", "zone", "radius")}[kind]
    missing = [name for name in needed if name not in found]
    if kind == "grenade" and found.get("grenade") in ("frag", "blast") and "dam" not in found:
        missing.append("dam")
    if missing:
        lacking = ", ".join(name.upper() if name != "skill" else "the skill" for name in missing)
        what = {"firearm": "a firearm needs skill <name>, RNG, RCL, PEN and DAM (a hand-to-hand weapon has no RNG)",
                "melee": "a hand-to-hand weapon needs skill <name>, PEN and DAM",
                "grenade": "a grenade needs skill <name>, RNG, zone, radius and, to hurt, DAM"}[kind]
        raise BadNotation(f"{fields.shown(text)} lacks {lacking}; {what}", field=field)
    for key in found:
        if _ONLY.get(key, kind) != kind:
            raise BadNotation(f"{key.upper()} belongs to a {_ONLY[key]}, not a "
                              f"{'hand-to-hand weapon' if kind == 'melee' else kind}", field=field)
    for key, low, high in _LIMITS:
        if key in found and not low <= found[key] <= high:
            raise BadNotation(f"{key.upper()} {found[key]} is out of range: between {low} and {high}", field=field)
    if "grenade" in found and found["grenade"] not in GRENADES:
        raise BadNotation(f"a grenade is frag, blast, smoke or flash, not {fields.shown(found['grenade'])}",
                          field=field)
    if "scope" in found and found["scope"] not in BANDS:
        raise BadNotation("a scope is made for optimum, medium, long or extreme range, not "
                          f"{fields.shown(found['scope'])}", field=field)
    if "radius" in found and not Fraction(1, 10) <= found["radius"] <= 100:
        raise BadNotation(f"radius {float(found['radius']):g} m is out of range: between 0.1 and 100", field=field)
    if found.get("cocked") and (found.get("semi") or found.get("auto")):
        raise BadNotation("a single-action gun is cocked by hand for every shot; it cannot be semi or auto too",
                          field=field)
    if "fa" in found and not found.get("auto"):
        raise BadNotation("FA is the deviation of full-auto fire; add auto, or leave FA out", field=field)
    return Weapon(found["skill"][:30], found.get("rng", 0), found.get("rcl", 0), found.get("pen", 0),
                  found.get("dam", 0), found.get("ad"), found.get("acc", 0), found.get("baffling", 0),
                  found.get("handling", 0), found.get("silenced", False), kind, found.get("cocked", False),
                  found.get("semi", False), found.get("auto", False), found.get("fa", 1), found.get("burst", 0),
                  found.get("barrels", 1), found.get("jf"), found.get("shotgun", False), found.get("scope", ""),
                  found.get("vibro", False), found.get("whip"), found.get("blunt", False), found.get("grenade", ""),
                  found.get("zone", 0), found.get("radius", Fraction(0)))


def parse_armour(text: str, field: str = "armour") -> Armour:
    """An armour: PV and ID are needed, DM is optional, and the locations it covers follow (none: all)."""
    found: dict[str, int] = {}
    covers: set[str] = set()
    for term in _terms(text, field):
        match = _ARMOUR_TERM.match(term)
        if match:
            key = match.group(1).lower()
            if key in found:
                raise BadNotation(f"{fields.shown(text)} gives {key.upper()} twice", field=field)
            found[key] = _number(match.group(2))
            continue
        words = term.lower().replace(" ", "_")
        if words in LOCATIONS or words in _GROUPS:
            covers.update(_GROUPS.get(words, (words,)))
            continue
        raise BadNotation(f"{fields.shown(term)} is not an armour term; write PV, ID or DM with a number, or a "
                          "location it covers (head, torso, abdomen, arms, legs, right arm ...)", field=field)
    if "pv" not in found or "id" not in found:
        raise BadNotation(f"{fields.shown(text)} needs a PV and an ID", field=field)
    for key, low, high in (("pv", 0, MAX_PV), ("id", 0, MAX_ID), ("dm", 0, 20)):
        if key in found and not low <= found[key] <= high:
            raise BadNotation(f"{key.upper()} {found[key]} is out of range: between {low} and {high}", field=field)
    return Armour(found["pv"], found["id"], found.get("dm", 0), frozenset(covers or LOCATIONS))


def parse_skills(text: str, field: str = "skills") -> tuple[tuple[str, int], ...]:
    """Skills as the sheet lists them: ``Pistol 6, Marksman 3, Dodge 2``."""
    if not text.strip():
        return ()
    out: dict[str, int] = {}
    for term in _terms(text, field):
        match = _SKILL.match(term)
        if not match:
            raise BadNotation(f"{fields.shown(term)} is not a skill and its rank; write e.g. Pistol 6", field=field)
        name, rank = match.group(1).strip(), _number(match.group(2))
        if not SKILL_RANGE[0] <= rank <= SKILL_RANGE[1]:
            raise BadNotation(f"{name} {rank}: a rank is between {SKILL_RANGE[0]} and {SKILL_RANGE[1]}", field=field)
        if name.lower() in (known.lower() for known in out):
            raise BadNotation(f"{name} is listed twice", field=field)
        out[name[:30]] = rank
    if len(out) > MAX_SKILLS:
        raise BadNotation(f"at most {MAX_SKILLS} skills", field=field)
    return tuple(out.items())


@dataclass(frozen=True)
class Sheet:
    """What the combat rules read of an operative."""

    __hash__ = cached_hash

    name: str
    species: str
    stats: tuple[tuple[str, int], ...]
    skills_text: str
    skills: tuple[tuple[str, int], ...]
    hits: tuple[tuple[str, int], ...]
    incap: int
    weapons: tuple[GearEntry[Weapon], ...]
    armour: tuple[GearEntry[Armour], ...]
    vevaphon_pv: int = 0
    extra_actions: int = 0
    rapid_fire: bool = False
    quick_draw: bool = False
    ambidextrous: bool = False
    dance: str = "none"                 # "dance" or "ballet": the Dance or Ballet of Death advantage

    # The stats and each location's Hits as lookups, made once a sheet: a card reads them some fifty times.
    @cached_property
    def _stat_of(self) -> dict[str, int]:
        return dict(self.stats)

    @cached_property
    def _hits_of(self) -> dict[str, int]:
        return dict(self.hits)

    def stat(self, name: str) -> int:
        return self._stat_of[name]

    def rank(self, skill: str) -> int:
        """A skill's rank, 0 when the sheet does not list it (the name matched without case)."""
        for name, rank in self.skills:
            if name.lower() == skill.lower():
                return rank
        return 0

    def location_hits(self, location: str) -> int:
        return self._hits_of[location]

    @property
    def actions(self) -> int:
        """(DIA + PHYS + COOL) / 10, rounded down (D-SL-13), plus the extra actions of advantages; at least 1."""
        return max(1, (self.stat("dia") + self.stat("phys") + self.stat("cool")) // 10) + self.extra_actions

    @property
    def phase_actions(self) -> int:
        """The actions that set the phases he acts in: not the extra actions of advantages, which "do not count
        towards establishing in what phase a character can perform his Actions" (seed, Structure of Combat)."""
        return self.actions - self.extra_actions

    @property
    def initiative(self) -> int:
        """INI = (DIA + COOL + PHYS + DEX) / 2, rounded down (D-SL-13)."""
        return (self.stat("dia") + self.stat("cool") + self.stat("phys") + self.stat("dex")) // 2

    @property
    def free_parries(self) -> int:
        return self.actions // 2

    @property
    def skin(self) -> str | None:
        return SPECIES[self.species].get("skin")

    @property
    def regenerates(self) -> bool:
        return bool(SPECIES[self.species].get("regenerates"))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "species": self.species}
        out.update(self.stats)
        out["skills"] = self.skills_text
        out.update({f"hits_{location}": hits for location, hits in self.hits})
        out["incap"] = self.incap
        out["weapons"] = [entry.to_dict() for entry in self.weapons]
        out["armour"] = [entry.to_dict() for entry in self.armour]
        out.update(vevaphon_pv=self.vevaphon_pv, extra_actions=self.extra_actions, rapid_fire=self.rapid_fire,
                   quick_draw=self.quick_draw, ambidextrous=self.ambidextrous, dance=self.dance)
        return out

    @classmethod
    def from_dict(cls, data: Any, field: str = "sheet") -> Sheet:
        data = fields.mapping(data, field)
        species = fields.choice(data, "species", f"{field}.species", tuple(SPECIES), default="human")
        stats = tuple((key, fields.integer(data, key, f"{field}.{key}", *STAT_RANGE, default=8)) for key, _ in STATS)
        skills_text = fields.text(data, "skills", f"{field}.skills", max_length=300, default="", allow_empty=True)
        hits = tuple((location, fields.integer(data, f"hits_{location}", f"{field}.hits_{location}", *HITS_RANGE,
                                               default=DEFAULT_HITS[location])) for location in LOCATIONS)
        armour = read_gear(data, "armour", field, parse_armour, maximum=MAX_ARMOUR, max_notation=MAX_NOTATION)
        vevaphon_pv = fields.integer(data, "vevaphon_pv", f"{field}.vevaphon_pv", 0, MAX_PV, default=0)
        if vevaphon_pv and species != "vevaphon":
            raise BadField("only a Vevaphon hardens its cells into armour; set the PV to 0 or the species to Vevaphon",
                           field=f"{field}.vevaphon_pv")
        return cls(fields.text(data, "name", f"{field}.name"), species, stats, skills_text,
                   parse_skills(skills_text, f"{field}.skills"), hits,
                   fields.integer(data, "incap", f"{field}.incap", *INCAP_RANGE, default=DEFAULT_INCAP),
                   read_weapons(data, field, parse_weapon, maximum=MAX_WEAPONS, max_notation=MAX_NOTATION),
                   armour, vevaphon_pv,
                   fields.integer(data, "extra_actions", f"{field}.extra_actions", 0, 3, default=0),
                   fields.flag(data, "rapid_fire", f"{field}.rapid_fire"),
                   fields.flag(data, "quick_draw", f"{field}.quick_draw"),
                   fields.flag(data, "ambidextrous", f"{field}.ambidextrous"),
                   fields.choice(data, "dance", f"{field}.dance", DANCES, default="none"))
