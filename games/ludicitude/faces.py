"""The seven special dice, read on ordinary dice as the text's convention says."""

from __future__ import annotations

DICE = 7

LAPIN = 1  # single rabbit
DOUBLE = 2  # double rabbit, or clapier pour 2, as the player chooses
CAROTTE = 6
CLAPIERS = (2, 3, 4, 5)
RABBIT_FACES = (LAPIN, DOUBLE)

FACE_NAMES: dict[int, tuple[str, str]] = {
    1: ("lapin", "lapins"),
    2: ("double lapin/clapier pour 2", "doubles lapins/clapiers pour 2"),
    3: ("clapier pour 3", "clapiers pour 3"),
    4: ("clapier pour 4", "clapiers pour 4"),
    5: ("clapier pour 5", "clapiers pour 5"),
    6: ("carotte", "carottes"),
}


def plural(count: int, singular: str, plural_form: str) -> str:
    """French agreement: 0 and 1 take the singular."""
    return f"{count} {singular if abs(count) <= 1 else plural_form}"


def faces_text(faces: list[int]) -> str:
    """The dice by meaning, grouped: « 2 lapins, 1 clapier pour 3, 1 carotte »."""
    if not faces:
        return "aucun dé"
    parts = [plural(faces.count(f), *FACE_NAMES[f]) for f in sorted(set(faces))]
    return ", ".join(parts)
