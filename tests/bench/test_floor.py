"""What the floor of ``clicks`` copies from Taverne's requests (``bench/floor.py``), and the rates
at which the bare bot makes them (``bench/bare_bot.py``)."""

from __future__ import annotations

from bench.bare_bot import Owed, mimics
from bench.floor import new_files, requests_per_click
from emulator.records import RestCall

CALLBACK = "/api/v10/interactions/{interaction_id}/{token}/callback"
MESSAGES = "/api/v10/channels/{channel_id}/messages"
MESSAGE = "/api/v10/channels/{channel_id}/messages/{message_id}"


def call(method: str, route: str, payload: object = None) -> RestCall:
    """A request as the emulator records it: the route named with its placeholders."""
    return RestCall(method, route, route, 200, 0.0, payload)


def test_only_files_uploaded_by_a_request_count_not_attachments_kept() -> None:
    update = {
        "type": 7,
        "data": {"attachments": [{"id": 0, "filename": "des.png"}, {"id": "1234", "filename": "vieux.png"}]},
    }
    assert new_files(update) == 1
    assert new_files({"content": "x", "attachments": [{"id": 0}, {"id": 1}]}) == 2
    assert new_files({"type": 7, "data": {"content": "sans image"}}) == 0
    assert new_files(None) == 0


def test_requests_per_click_count_the_updates_pictures_the_posts_and_the_edits() -> None:
    picture = {"type": 7, "data": {"attachments": [{"id": 0, "filename": "des.png"}]}}
    private = {"type": 4, "data": {"attachments": [{"id": 0, "filename": "main.png"}]}}
    calls = [
        call("POST", CALLBACK, picture),
        call("POST", CALLBACK, private),
        call("POST", CALLBACK, {"type": 7, "data": {}}),
        call("POST", MESSAGES, {"content": "nouvelles"}),
        call("PATCH", MESSAGE, {"content": "table"}),
        call("GET", MESSAGES),
    ]
    wanted = requests_per_click(calls, interactions=4)
    assert (wanted.pictures, wanted.posts, wanted.edits) == (0.25, 0.25, 0.25)


def test_a_rate_per_click_is_made_that_often_over_many_clicks() -> None:
    posts = Owed(0.3)
    made = [posts.now() for _ in range(20)]
    assert sum(made) == 6 and set(made) == {0, 1}
    assert sum(Owed(2.0).now() for _ in range(3)) == 6
    assert sum(Owed(0.0).now() for _ in range(3)) == 0


def test_the_bare_bots_channels_come_from_the_bench_with_their_picture_size() -> None:
    [(channel, mimic)] = mimics('{"42": [3000, 1.0, 0.5, 0.0]}').items()
    assert channel == 42 and len(mimic.picture) == 3000
    assert [mimic.posts.now() for _ in range(4)] == [0, 1, 0, 1]
    assert mimics("") == {}
