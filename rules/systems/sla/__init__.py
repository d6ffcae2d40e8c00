"""SLA Industries' 3d system (seed 002; RULES_NOTES section 3), being built for issue 25.

Not registered yet: this package holds the pieces as they are written (the roll, aimed fire, armour), each tested
against the notes' vectors; the system joins the registry when it is whole.
"""
