"""Cul de chouette robots: shouts timed inside their window, forgetting beginners, Sirop bets."""

from __future__ import annotations

from games.core import SYSTEM, Action, Dice
from games.culdechouette import GAME
from games.culdechouette.state import CulState
from games.robots import Shout, policy, robot_rng, window_length, window_opened
from games.robots.base import Decision

PLAYERS = ["ana", "bob"]
WINDOW = 5000


def table(*dice: int, scores: dict[str, int] | None = None) -> CulState:
    """ana starts (order dice 1, 2), then these dice; scores set if given."""
    state, _ = GAME.start(PLAYERS, {"shout_window_ms": WINDOW}, loaded=[1, 2, *dice])
    assert isinstance(state, CulState)
    if scores:
        state = state.model_copy(update={"scores": scores})
    return state


def act(state: CulState, player: str, kind: str, at: int = 0) -> CulState:
    new, _ = GAME.apply(state, player, Action(kind=kind), at)
    assert isinstance(new, CulState)
    return new


def thrown(*dice: int, at: int = 1000) -> CulState:
    """ana's chouettes and cul, at ``at`` ms: the window (if any) opens then."""
    state = act(table(*dice), "ana", "lancer", at)
    return act(state, "ana", "lancer", at)


def decide(state: CulState, player: str, level: str, step: int) -> Decision:
    legal = GAME.legal_actions(state, player)
    return policy("culdechouette", level)(GAME.view(state, player), player, legal, robot_rng(3, player, step))


def test_a_robot_shout_is_stamped_inside_the_window_it_answers() -> None:
    state = thrown(1, 1, 2)  # a Chouette-Velute: « Pas mou le caillou ! »
    view = GAME.view(state, "bob")
    assert window_opened("culdechouette", view) == 1000
    assert window_length("culdechouette", view) == WINDOW
    for level in ("fort", "debutant"):
        for step in range(40):
            decision = decide(state, "bob", level, step)
            if decision is None:
                continue
            assert isinstance(decision, Shout)
            assert decision.action.kind == "pas_mou_le_caillou"
            assert 0 <= decision.delay_ms < WINDOW
            if level == "fort":
                assert 300 <= decision.delay_ms <= 900


def test_the_quicker_strong_robot_takes_the_chouette_velute_points() -> None:
    state = thrown(2, 2, 4)  # Chouette-Velute de 4: 32 points to the first shouter
    fast = decide(state, "ana", "fort", 1)
    slow = decide(state, "bob", "debutant", 1)
    assert isinstance(fast, Shout) and isinstance(slow, Shout)
    assert fast.delay_ms + GAME.options().model_dump()["tie_tolerance_ms"] < slow.delay_ms
    state = act(state, "ana", fast.action.kind, 1000 + fast.delay_ms)
    state = act(state, "bob", slow.action.kind, 1000 + slow.delay_ms)
    assert state.scores == {"ana": 32, "bob": 0}


def test_a_beginner_sometimes_forgets_to_shout_and_pays_for_it() -> None:
    state = thrown(2, 3, 4)  # a Suite: everyone must shout « Grelotte ça picote ! »
    beginner = [decide(state, "bob", "debutant", step) for step in range(200)]
    strong = [decide(state, "bob", "fort", step) for step in range(200)]
    assert all(isinstance(d, Shout) for d in strong)
    forgotten = [d for d in beginner if d is None]
    assert 0 < len(forgotten) < 100
    assert all(d.delay_ms > 800 for d in beginner if isinstance(d, Shout))
    # When bob forgets, ana shouts and the window closes: bob is silent and loses 10.
    ana = decide(state, "ana", "fort", 0)
    assert isinstance(ana, Shout)
    state = act(state, "ana", ana.action.kind, 1000 + ana.delay_ms)
    deadline = GAME.deadline(state)
    assert deadline == 1000 + WINDOW
    state, _ = GAME.apply(state, SYSTEM, Action(kind="tick"), deadline)
    assert state.scores["bob"] == -10 and state.scores["ana"] == 0


def test_robots_bet_on_the_sirop_without_naming_the_chouettes_own_bird() -> None:
    state = thrown(1, 1, 4)  # a Chouette de 1: the strong robot sirotes it
    assert decide(state, "ana", "fort", 0) == Action(kind="siroter")
    assert decide(state, "ana", "debutant", 0) in (Action(kind="siroter"), Action(kind="garder"))
    state = act(state, "ana", "siroter", 2000)
    own_bird = Action(kind="oiseau", args={"nom": "Linotte"})  # the vocabulary has it: a Bévue
    legal = GAME.legal_actions(state, "bob")
    legal += [] if own_bird in legal else [own_bird]
    view = GAME.view(state, "bob")
    for level in ("fort", "debutant"):
        for step in range(60):
            decision = policy("culdechouette", level)(view, "bob", legal, robot_rng(3, "bob", step))
            if decision is None:
                assert level == "debutant"  # forgot to announce
                continue
            assert isinstance(decision, Shout)
            assert decision.action != own_bird and decision.action in legal
            assert 0 <= decision.delay_ms < WINDOW


def test_the_strong_robot_keeps_a_big_chouette_and_claims_a_won_sirop() -> None:
    state = thrown(5, 5, 2)
    assert decide(state, "ana", "fort", 0) == Action(kind="garder")
    # bob bet on ana's sirotage of a Chouette de 2, which succeeds: bob says « Sirop Gagnant ! ».
    state = thrown(2, 2, 5, 2)
    state = act(state, "ana", "siroter", 2000)
    bet = decide(state, "bob", "fort", 0)
    assert isinstance(bet, Shout) and bet.action.kind == "beau_sirop"
    state = act(state, "bob", "beau_sirop", 2000 + bet.delay_ms)
    state = act(state, "ana", "lancer", 3000)
    assert decide(state, "bob", "fort", state.turn_no) == Action(kind="sirop_gagnant")
    state = act(state, "bob", "sirop_gagnant", 3100)
    assert state.scores["bob"] == 25


def challenged(stake: int) -> CulState:
    """bob challenges ana on a Velute for ``stake``; ana's first throw is 1-3-6 (no Velute)."""
    state = table(scores={"ana": 200, "bob": 200})
    state = state.model_copy(update={"grelottines": ["ana", "bob"]})
    state, _ = GAME.apply(state, "bob", Action(kind="grelottine", args={"cible": "ana"}), 0)
    state, _ = GAME.apply(state, SYSTEM, Action(kind="tick"), 1000)
    miser = Action(kind="miser", args={"combinaison": "velute", "mise": stake})
    state, _ = GAME.apply(state, "bob", miser, 1000)
    assert isinstance(state, CulState) and state.phase == "defi"
    state = state.model_copy(update={"dice": Dice(loaded=[1, 3, 6])})
    return act(state, "ana", "lancer", 1100)


def test_the_strong_robot_keeps_the_dice_that_meet_a_big_challenge() -> None:
    # For 50 points, keeping 1 and 3 (a 2 or a 4 makes a Velute: one chance in three) is best.
    assert decide(challenged(50), "ana", "fort", 0) == Action(kind="relancer", args={"garder": [1, 2]})
    # For 1 point, the throw's own points matter more: keep the 6, hoping for a Velute de 6 (72).
    assert decide(challenged(1), "ana", "fort", 0) == Action(kind="relancer", args={"garder": [3]})


def test_the_strong_grelottin_asks_what_is_hardest_to_meet() -> None:
    state = table(scores={"ana": 300, "bob": 300})
    state = state.model_copy(update={"grelottines": ["ana", "bob"]})
    call = decide(state, "bob", "fort", 0)
    assert call == Action(kind="grelottine", args={"cible": "ana"})
    state, _ = GAME.apply(state, "bob", call, 0)
    state, _ = GAME.apply(state, SYSTEM, Action(kind="tick"), 1000)
    assert isinstance(state, CulState)
    stake = decide(state, "bob", "fort", 0)
    assert stake == Action(kind="max", args={"combinaison": "cul_de_chouette"})


def test_without_negatives_the_strong_robot_never_sirotes_into_a_bevue() -> None:
    state, _ = GAME.start(PLAYERS, {"negatives": False}, loaded=[1, 2, 2, 2, 5])
    assert isinstance(state, CulState)
    state = act(act(state, "ana", "lancer"), "ana", "lancer")  # a Chouette de 2 (4 points) with 0
    assert decide(state, "ana", "fort", 0) == Action(kind="garder")
    rich = state.model_copy(update={"scores": {"ana": 10, "bob": 0}})
    assert decide(rich, "ana", "fort", 0) == Action(kind="siroter")


def test_the_benchs_random_player_shouts_at_a_random_moment_of_the_window() -> None:
    from games.robots.match import uniform

    state = thrown(2, 3, 4)  # a Suite
    legal = GAME.legal_actions(state, "bob")
    delays = set()
    for step in range(50):
        decision = uniform(GAME, state, "bob", legal, robot_rng(1, "bob", step))
        assert isinstance(decision, Shout) and decision.action in legal
        assert 0 <= decision.delay_ms < WINDOW
        delays.add(decision.delay_ms // 1000)
    assert len(delays) >= 4  # spread over the window, not bunched at its opening
