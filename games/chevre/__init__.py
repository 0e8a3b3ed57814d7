"""Dominos « Chèvre » (see docs/rules/chevre.md): ``GAME`` for the registry."""

from .deal import deal_dice, dice_for_deal, position
from .game import Chevre
from .state import ChevreOptions, ChevreState

GAME = Chevre()

__all__ = ["GAME", "Chevre", "ChevreOptions", "ChevreState", "deal_dice", "dice_for_deal", "position"]
