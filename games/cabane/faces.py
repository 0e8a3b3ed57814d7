"""The six faces of a cabin die and their order on ``state.dice.roll(6)``.

The order is the one of the rules' decisions (T, F, G, D, B, C), so a loaded die reads as the face
list: 1 = T, 2 = F, 3 = G, 4 = D, 5 = B, 6 = C. ``dice_values("TF C")`` writes loaded dice in tests,
tutorials and bug reports without looking the numbers up.
"""

from __future__ import annotations

from typing import Literal

Face = Literal["T", "F", "G", "D", "B", "C"]

FACES: tuple[Face, ...] = ("T", "F", "G", "D", "B", "C")

FACE_NAMES: dict[Face, str] = {
    "T": "Toit",
    "F": "Façade",
    "G": "Gauche",
    "D": "Droite",
    "B": "Blanc",
    "C": "Cabane",
}


def face_of(value: int) -> Face:
    """The face shown by a die result from 1 to 6."""
    if not 1 <= value <= len(FACES):
        raise ValueError(f"a cabin die shows 1 to 6, not {value}")
    return FACES[value - 1]


def value_of(face: str) -> int:
    """The die result (1 to 6) that shows ``face``."""
    try:
        return FACES.index(face.upper()) + 1
    except ValueError:
        raise ValueError(f"unknown face {face!r}: one of {', '.join(FACES)}") from None


def dice_values(faces: str) -> list[int]:
    """Loaded dice from letters, in throw order: ``dice_values("TF C")`` is ``[1, 2, 6]``.

    Spaces, commas and semicolons are ignored, so a scenario can group the dice of each throw.
    """
    return [value_of(letter) for letter in faces if letter not in " ,;"]
