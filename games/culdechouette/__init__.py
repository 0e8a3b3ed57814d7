"""Cul de chouette, niveau débutant: three dice, shouts, Sirop, Grelottine, Civet and Chante-Sloubi."""

from .game import GAME, CulDeChouette

__all__ = ["GAME", "CulDeChouette"]
