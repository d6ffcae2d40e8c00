"""How much a suit of armour stops against one attack mode (RULES_NOTES 5.2 steps 2-4).

>>> from .notation import parse_armour, parse_weapon
>>> mode = parse_weapon("3B").modes[0]
>>> protection(parse_armour("-*"), mode, Options()).count       # TD-05: min(*=1, +=0)
0
>>> protection(parse_armour("BBBB*"), mode, Options()).floor    # TD-06: ballistic armour may reach 0
0
"""

from __future__ import annotations

from dataclasses import dataclass

from .notation import REGULAR_SYMBOLS, Armour, WeaponMode, category_symbol


ALLOWANCE_RULE = "Energy Damage (GM option)"


@dataclass(frozen=True)
class Options:
    """The Typed Damage options; each default is the decision the notes take."""

    track: str = "A"                  # D-TD-7
    ballistic_regular: str = "*+"     # D-TD-1: regular armour vs B counts min(*, +); "-*" is the rule text's reading
    universal_floor: int = 1          # D-TD-4: X armour leaves at least one die; 0 lets it reach zero


@dataclass(frozen=True)
class Protection:
    """What an armour does against one attack mode."""

    count: int                        # dice it removes (or successes, when hardened)
    floor: int                        # the smallest pool it may leave: 1 for regular armour, 0 for B and E
    hardened: bool                    # removes successes after the roll instead of dice before it
    wear_order: tuple[tuple[tuple[str, ...], int], ...]  # (symbols worn together, up to how many), in order
    reasons: tuple[tuple[str, str], ...]                 # (sentence, rule) explaining the count


def protection(armour: Armour, mode: WeaponMode, options: Options, *,
               ignore_universal: bool = False, energy_allowance: int = 0) -> Protection:
    """The armour that applies to ``mode`` and how it applies."""
    reasons: list[tuple[str, str]] = []
    special = 0                        # from B or E symbols, which may take the pool to 0
    regular = 0
    wear: list[tuple[tuple[str, ...], int]] = []
    if mode.symbol in ("-", "*", "+"):
        regular = armour.count(mode.symbol)
        wear.append(((mode.symbol,), regular))
        reasons.append((f"The armour has {regular} {mode.symbol} against {mode.type_name}.", "Armor and Damage"))
    elif mode.symbol == "B":
        if armour.count("B"):
            special = armour.count("B")
            wear.append((("B",), special))
            reasons.append((f"Ballistic armour: its {special} B stop bullets, and its other symbols do not count.",
                            "Ballistic Damage"))
        else:
            first, second = options.ballistic_regular[0], options.ballistic_regular[1]
            regular = min(armour.count(first), armour.count(second))
            wear.append(((first, second), regular))
            reasons.append((f"Regular armour against bullets counts the lesser of its {first} "
                            f"({armour.count(first)}) and {second} ({armour.count(second)}): {regular}.",
                            "D-TD-1" if options.ballistic_regular == "*+" else "Ballistic Damage (rule text reading)"))
    else:
        kind_matches = armour.energy_kind is None or not mode.tags or mode.has_tag(armour.energy_kind)
        if armour.count("E") and kind_matches:
            special = armour.count("E")
            wear.append((("E",), special))
            kind = f" {armour.energy_kind}" if armour.energy_kind else ""
            reasons.append((f"Energy armour: {special} E against{kind} energy.", "Energy Damage"))
        elif armour.count("E"):
            reasons.append((f"The armour's E protect against {armour.energy_kind}, not {', '.join(mode.tags)}.",
                            "Energy Damage"))
        else:
            reasons.append(("Regular armour is useless against energy.", "Energy Damage"))
        if energy_allowance:
            # The GM's point or two comes from regular armour actually worn (Thick Furs -*+ against Cold), so
            # it is capped by the armour's -, * and + symbols: with none, it gives nothing.
            regular = min(energy_allowance, armour.regular)
            reasons.append((_allowance_reason(energy_allowance, armour.regular), ALLOWANCE_RULE))
            # Ablative armour: the symbols that gave the allowance wear like any regular armour, one level per
            # die stopped, after the E armour (the armour made for energy takes the brunt), and among
            # themselves - first, then *, then + (the order the notation writes them), so the same hit
            # always wears the same symbols and a replayed log rebuilds the same armour.
            left = regular
            for symbol in REGULAR_SYMBOLS:
                take = min(left, armour.count(symbol))
                if take:
                    wear.append(((symbol,), take))
                    left -= take
    universal = 0 if ignore_universal else armour.count("X")
    if armour.count("X"):
        if ignore_universal:
            reasons.append((f"The slow strike passes through the {armour.count('X')} X of universal armour.",
                            "Universal Armor example"))
        else:
            wear.append((("X",), universal))
            reasons.append((f"Universal armour adds {universal} X against every type.", "Universal Armor"))
    count = special + regular + universal
    if special:
        floor = 0
    elif universal and not regular:
        floor = options.universal_floor
    else:
        floor = 1
    hardened = False
    if armour.hardened and count and hardened_against(armour, mode):
        if mode.armour_piercing:
            reasons.append(("The attack is armour piercing: the hardened armour counts as regular armour.",
                            "Armor Piercing Damage"))
        else:
            hardened = True
            against = f" against {' or '.join(armour.hardened_vs)}" if armour.hardened_vs else ""
            reasons.append((f"The armour is hardened{against}: it removes {count} successes after the roll "
                            "instead of dice before it, and can reduce the damage to 0.", "Hardened Armor"))
    return Protection(count, floor, hardened, tuple(wear), tuple(reasons))


def hardened_against(armour: Armour, mode: WeaponMode) -> bool:
    """Whether the armour's hardening covers this mode: all modes, or any of its categories (a type or a tag)."""
    if not armour.hardened_vs:
        return True
    return any(_covers(category, mode) for category in armour.hardened_vs)


def _covers(category: str, mode: WeaponMode) -> bool:
    named_symbol = category_symbol(category)
    if named_symbol is not None:
        return named_symbol == mode.symbol
    return mode.has_tag(category)


def _allowance_reason(allowance: int, worn: int) -> str:
    """Why the GM's allowance of regular armour against energy gives what it gives."""
    allowed = f"The GM allows {allowance} point{'s' if allowance > 1 else ''} of regular armour against this energy"
    if not worn:
        return f"{allowed}, but there is no regular armour (-, * or +) to give it, so it adds nothing."
    if worn < allowance:
        return (f"{allowed}, but the armour has only {worn} regular symbol{'s' if worn > 1 else ''} (-, * or +), "
                f"so it gives {worn}.")
    return f"{allowed}."


def pool_after_armour(base: int, shield: Protection) -> int:
    """D-TD-2: armour never takes a positive pool below its floor; a pool of 0 or less rolls nothing."""
    if base <= 0:
        return 0
    if shield.hardened or not shield.count:
        return base
    return max(shield.floor, base - shield.count)


def wear(armour: Armour, shield: Protection, amount: int) -> Armour:
    """Ablative wear: take ``amount`` levels off the symbols that gave the protection, in order.

    ``wear_order`` lists them as :func:`protection` applied them: the armour
    made for the attack first (B or E), then regular symbols (for the GM's
    allowance against energy: -, then *, then +), then universal X.
    """
    removed: dict[str, int] = {}
    left = amount
    for symbols, available in shield.wear_order:
        take = min(left, available)
        for symbol in symbols:
            if take:
                removed[symbol] = removed.get(symbol, 0) + take
        left -= take
    return armour.worn(removed)
