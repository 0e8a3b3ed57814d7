"""``aide`` (or ``?``): who may act now and the exact lines each may type; the hint of a refusal."""

from __future__ import annotations

from typing import Any

from games.core import Action, BaseState, Game, PlayerId
from speech import SOURCE, t, tn, words_of

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


def player_lines(
    game: Game[Any], player: PlayerId, actions: list[Action], numbered: list[int], lang: str = SOURCE
) -> list[str]:
    """What ``player`` may type, grouped by action word, each with its usage and help (in ``lang``)."""
    specs = {s.kind: s for s in game.full_vocabulary()}
    out = [t(lang, "terminal.help.may_type", player=player)]
    if numbered:
        out.append(t(lang, "terminal.help.destination"))
        out += _wrap([f"{player} {n}" for n in numbered])
    for kind in dict.fromkeys(a.kind for a in actions):
        spec = specs.get(kind)
        same = [a for a in actions if a.kind == kind]
        helptext = f" — {words_of(game).action_help(spec, lang)}" if spec is not None else ""
        out.append(f"  {usage(spec) if spec is not None else kind}{helptext}")
        varying = [n for n in (spec.args if spec else []) if len({repr(a.args.get(n.name)) for a in same}) > 1]
        if len(same) > MANY and len(varying) == 1:
            name = varying[0].name
            fixed = action_words(game, spec, same[0].model_copy(update={"args": {}}))
            out.append(t(lang, "terminal.help.among", player=player, action=fixed, name=name))
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
    lang: str = SOURCE,
) -> str:
    acting = [p for p in state.players if legal.get(p)]
    if state.over:
        return t(lang, "terminal.help.over")
    lines = []
    if acting:
        who = ", ".join(acting)
        if waited:
            who = t(lang, "terminal.help.waiting_for", players=who, waited=", ".join(waited))
        lines.append(tn(lang, "terminal.help.may_play", len(acting), players=who))
    else:
        lines.append(t(lang, "terminal.help.nobody"))
    for player in acting:
        if not screen.may_see(player):
            lines.append(t(lang, "terminal.help.hidden", player=player))
            continue
        lines += player_lines(game, player, legal[player], numbered if player in waited else [], lang)
    deadline = game.deadline(state)
    if deadline is not None:
        lines.append(t(lang, "terminal.help.window", deadline=deadline))
    lines.append(t(lang, "terminal.help.always"))
    return "\n".join(lines)


def hint(
    game: Game[Any],
    state: BaseState,
    legal: dict[PlayerId, list[Action]],
    screen: Screen,
    player: PlayerId | None,
    numbered: list[int],
    waited: list[PlayerId],
    lang: str = SOURCE,
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
        more = t(lang, "terminal.hint.more", n=len(lines) - 6) if len(lines) > 6 else ""
        return t(lang, "terminal.hint.expected", lines=" · ".join(lines[:6]) + more)
    if hidden:
        return t(lang, "terminal.hint.to_play", players=", ".join(hidden))
    if game.deadline(state) is not None:
        return t(lang, "terminal.hint.wait")
    return ""
