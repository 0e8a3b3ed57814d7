"""``aide`` (or ``?``): who may act now and the exact lines each may type; the hint of a refusal."""

from __future__ import annotations

from typing import Any

from games.core import Action, BaseState, Game, PlayerId
from speech import SOURCE, words_of

from .lines import action_words, typed_line, usage, value_text
from .screen import Screen

# Past this many lines for one action, the varying argument's values are listed once instead.
MANY = 12


def _wrap(items: list[str], indent: str = "    ", width: int = 100) -> list[str]:
    """Items joined by `` · `` in rows of at most ``width`` characters, never cut inside an item."""
    rows: list[str] = []
    row = ""
    for item in items:
        if row and len(indent) + len(row) + 3 + len(item) > width:
            rows.append(indent + row)
            row = ""
        row = f"{row} · {item}" if row else item
    if row:
        rows.append(indent + row)
    return rows


def player_lines(game: Game[Any], player: PlayerId, actions: list[Action], numbered: list[int]) -> list[str]:
    """What ``player`` may type, grouped by action word, each with its usage and help."""
    specs = {s.kind: s for s in game.full_vocabulary()}
    out = [f"{player} peut taper :"]
    if numbered:
        out.append("  le numéro d'une destination du plateau :")
        out += _wrap([f"{player} {n}" for n in numbered])
    for kind in dict.fromkeys(a.kind for a in actions):
        spec = specs.get(kind)
        same = [a for a in actions if a.kind == kind]
        helptext = f" — {words_of(game).action_help(spec, SOURCE)}" if spec is not None else ""
        out.append(f"  {usage(spec) if spec is not None else kind}{helptext}")
        varying = [n for n in (spec.args if spec else []) if len({repr(a.args.get(n.name)) for a in same}) > 1]
        if len(same) > MANY and len(varying) == 1:
            name = varying[0].name
            fixed = action_words(game, spec, same[0].model_copy(update={"args": {}}))
            out.append(f"    {player} {fixed} <{name}>, {name} parmi :")
            out += _wrap([value_text(game, name, a.args[name]) for a in same], "      ")
        else:
            out += _wrap([typed_line(game, player, a) for a in same])
    return out


def help_text(
    game: Game[Any],
    state: BaseState,
    legal: dict[PlayerId, list[Action]],
    screen: Screen,
    numbered: list[int],
    waited: list[PlayerId],
) -> str:
    acting = [p for p in state.players if legal.get(p)]
    if state.over:
        return "La partie est terminée."
    lines = []
    if acting:
        head = "Peuvent jouer maintenant : " if len(acting) > 1 else "Peut jouer maintenant : "
        lines.append(head + ", ".join(acting) + (f" (la table attend {', '.join(waited)})" if waited else "") + ".")
    else:
        lines.append("Personne ne peut jouer : tapez « attendre » pour laisser passer le temps.")
    for player in acting:
        if not screen.may_see(player):
            lines.append(f"{player} : ses coups restent cachés (passez-lui le clavier).")
            continue
        lines += player_lines(game, player, legal[player], numbered if player in waited else [])
    deadline = game.deadline(state)
    if deadline is not None:
        lines.append(f"Une fenêtre est ouverte jusqu'à {deadline} ms : « attendre » la ferme.")
    lines.append("Toujours : « <joueur> quitter », « voir » (la position), « aide » ou « ? ».")
    return "\n".join(lines)


def hint(
    game: Game[Any],
    state: BaseState,
    legal: dict[PlayerId, list[Action]],
    screen: Screen,
    player: PlayerId | None,
    numbered: list[int],
    waited: list[PlayerId],
) -> str:
    """One line after a refusal: what is expected instead (the lines that would be accepted)."""
    if state.over:
        return ""
    mine = legal.get(player, []) if player is not None else []
    if player is not None and mine and screen.may_see(player):
        owners = [player]
    else:
        owners = [p for p in waited if legal.get(p)] or [p for p in state.players if legal.get(p)]
    lines: list[str] = []
    hidden: list[PlayerId] = []
    for owner in owners:
        if not screen.may_see(owner):
            hidden.append(owner)
            continue
        lines += [f"{owner} {n}" for n in (numbered if owner in waited else [])]
        lines += [typed_line(game, owner, a) for a in legal.get(owner, [])]
    if lines:
        more = f" … (+{len(lines) - 6} : « aide »)" if len(lines) > 6 else ""
        return "Attendu : " + " · ".join(lines[:6]) + more
    if hidden:
        return "À jouer : " + ", ".join(hidden) + "."
    if game.deadline(state) is not None:
        return "Attendu : « attendre » (personne ne peut jouer avant la fin de la fenêtre)."
    return ""
