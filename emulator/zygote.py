"""``python -m emulator.zygote MODULE...``: imports the modules once, then forks a process for each
request, in which ``python -m <module>`` runs as it would in a new interpreter.

A start of ``python -m bot`` is a second of CPU before its first line of Taverne runs (discord.py,
aiohttp, pydantic and the five games' models imported), and the crash and shard tests start the bot
some forty times. Forked from here, a start skips that: the child still gets its own environment,
working folder, log, database and gateway session, is a real process that SIGKILL ends, and reads
its settings only once it runs, as ``python -m bot`` does. What no fork can say is how long a cold
start takes: the tests that are about that, and the bench, start real interpreters.

The protocol is one JSON line each way, on stdin and stdout:
- in: ``{"asked": K, "module": "bot", "env": {...}, "cwd": "...", "log": "..."}``; out:
  ``{"asked": K, "pid": N}`` (K numbers the requests: starts may be asked together);
- out, whenever a child ends: ``{"exit": N, "code": C}`` (C negative for a signal, as subprocess).
When stdin closes, the children still running are killed and the zygote ends.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import json
import os
import runpy
import selectors
import signal
import sys
import traceback
from typing import Any, NoReturn


def _child(request: dict[str, Any]) -> NoReturn:
    """In the forked process: becomes ``python -m <module>`` with the request's environment."""
    code = 1
    try:
        # What a new interpreter starts with: Ctrl-C raises KeyboardInterrupt, the others default.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for number in (signal.SIGTERM, signal.SIGCHLD):
            signal.signal(number, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDONLY)
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.closerange(3, 1 << 16)  # the zygote's pipes and the other children's pidfds
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        # As a new interpreter's ``-m`` would: the working folder first, then PYTHONPATH's folders.
        extra = [p for p in request["env"].get("PYTHONPATH", "").split(os.pathsep) if p]
        sys.path[:] = [os.getcwd(), *extra, *(p for p in sys.path[1:] if p not in extra)]
        module = request["module"]
        # Imported by the zygote as a module, run here as __main__ afresh (runpy warns otherwise).
        sys.modules.pop(f"{module}.__main__", None)
        sys.argv = [module]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            code = stop.code or 0
        else:
            print(stop.code, file=sys.stderr)
    except KeyboardInterrupt:
        # A new interpreter shows the traceback, then dies of the SIGINT itself (code -2).
        traceback.print_exc()
        code = -signal.SIGINT
    except BaseException:
        traceback.print_exc()
    finally:
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        if code == -signal.SIGINT:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        os._exit(code)


def _say(line: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def serve(modules: list[str]) -> None:
    # A Ctrl-C in the terminal reaches the whole process group: the tests' process ends the
    # zygote (stdin closed), which kills what it forked; a dying parent closes stdin too.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for module in modules:
        importlib.import_module(module)
    gc.collect()
    gc.freeze()  # what every child shares is never walked by their collectors
    children: dict[int, int] = {}  # pidfd -> pid
    selector = selectors.DefaultSelector()
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ)
    _say({"ready": True})
    pending = b""
    try:
        while True:
            for key, _ in selector.select():
                if key.fd == sys.stdin.fileno():
                    data = os.read(key.fd, 1 << 16)
                    if not data:
                        return
                    pending += data
                    while b"\n" in pending:
                        line, pending = pending.split(b"\n", 1)
                        sys.stdout.flush()
                        request = json.loads(line)
                        pid = os.fork()
                        if pid == 0:
                            _child(request)
                        pidfd = os.pidfd_open(pid)
                        children[pidfd] = pid
                        selector.register(pidfd, selectors.EVENT_READ)
                        _say({"asked": request["asked"], "pid": pid})
                else:
                    pid = children.pop(key.fd)
                    selector.unregister(key.fd)
                    os.close(key.fd)
                    _, status = os.waitpid(pid, 0)
                    _say({"exit": pid, "code": os.waitstatus_to_exitcode(status)})
    finally:
        for pid in children.values():
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


if __name__ == "__main__":
    serve(sys.argv[1:])
