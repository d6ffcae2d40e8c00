"""The one family of errors the rule engine raises.

Every failure a user can cause (a malformed notation, an impossible stat, a
broken share link, too few dice typed in) is a :class:`RulesError`.  Its
message quotes the bad input with ``!r``, names the field, and says what would
be accepted, so the page can show it beside the field that caused it.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: something the caller sent cannot be used.

    ``field`` names the input at fault (``"sheet.weapons[0].notation"``) when
    there is one, so the page can put the message next to it.
    """

    kind = "rules_error"

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def to_dict(self) -> dict[str, str | None]:
        return {"kind": self.kind, "message": self.message, "field": self.field}


class BadField(RulesError):
    """A value is missing, of the wrong type, or out of range."""

    kind = "bad_field"


class BadNotation(BadField):
    """A weapon or armour notation does not parse."""

    kind = "bad_notation"


class UnknownSystem(RulesError):
    """The system id is not in the registry."""

    kind = "unknown_system"


class UnknownMethod(RulesError):
    """The API was asked for a method it does not have."""

    kind = "unknown_method"


class UnknownCombatant(BadField):
    """An id names no combatant in the encounter."""

    kind = "unknown_combatant"


class BadDice(RulesError):
    """Dice faces are malformed, too few, or too many for the roll."""

    kind = "bad_dice"


class BadLink(RulesError):
    """A share link is malformed, too large, or of an unknown version."""

    kind = "bad_link"


class TooLarge(RulesError):
    """The encounter has grown as large as a share link can carry."""

    kind = "too_large"


class BadEncounter(RulesError):
    """An encounter document does not describe a valid encounter."""

    kind = "bad_encounter"


class UnknownEncounterKey(RulesError):
    """A request named its encounter by a key the engine no longer holds (or never gave): send the document itself."""

    kind = "unknown_encounter_key"


class NothingToUndo(RulesError):
    """Undo or redo was asked for with nothing left to undo or redo."""

    kind = "nothing_to_undo"
