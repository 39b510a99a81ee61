"""Tables under load: many tables, four sockets each, on the loopback, moves at full speed.

Starts ``python -m cardrules serve`` as a separate process (its database in a temporary
folder, bots without delay, caps raised for one client address), creates ``--tables``
tables of four-handed Spoil Five with four people's seats, and opens one WebSocket per
seat from this process (``asyncio``, the ``websockets`` client). Each socket plays its
seat: when its payload says it is its turn, it sends a random legal action at once; when
a deal is over, seat 0 asks for the next one. After ``--warmup`` seconds it measures for
``--seconds``:

* accepted moves per second (counter steps seen by the sockets, over all tables);
* the time from sending a move to the moment the last of the table's four sockets has
  the table frame of that move (p50 and p99): it contains the server's whole work for a
  move (check, the store's commit, four payloads, four pushes) and the client's reading;
* the server's resident memory (psutil), before any table and at the end, per table;
* the server's CPU time over the window: its share of a core, and per accepted move (the
  server is one process with one event loop: a core is its ceiling), and the machine's
  load average (on a shared machine the server gets only its share of the cores).

The sockets' process stands in for a thousand browsers, which never stop together; one
process's garbage collector does stop all of them at once (a full collection over the
1,000 sockets' objects took 50 to 120 ms, and every move in flight then looked that much
slower). So this process leaves its collector off while it measures (its memory grows by
the frames' garbage for a minute, no more); ``--client-gc`` leaves it on, to see that.

Run: ``python benchmarks/tables.py --tables 250`` (needs the ``web`` extra, and psutil, which the
``dask`` extra brings). ``--profile FILE`` runs the server under :mod:`cProfile` and leaves
its statistics in ``FILE`` (``python -m pstats FILE``) to see where a move's time goes.
``--in-process MOVES`` times a move and its four payloads at one table in this process
instead (no server, no sockets: the CPU the tables library spends on a move).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]  # brought by distributed (the dask extra)
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _post(base: str, path: str, body: object) -> Any:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}, method="POST",
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


class Table:
    """One table's four sockets and the moves in flight."""

    def __init__(self, created: dict[str, Any]) -> None:
        self.id = created["table"]
        self.keys = [seat["key"] for seat in created["seats"]]
        self.sent: dict[int, float] = {}  # counter after the move -> when it was sent
        self.seen: dict[int, int] = {}  # counter -> sockets that have its frame


class Load:
    """What the sockets measured, and the server's CPU time over the same window."""

    def __init__(self) -> None:
        self.measuring = False
        self.moves = 0
        self.latencies: list[float] = []
        self.cpu = 0.0
        self.client_cpu = 0.0


async def _seat(
    base: str, table: Table, seat: int, load: Load, rng: random.Random, think: float
) -> None:
    url = base.replace("http", "ws", 1) + f"/ws/{table.id}"
    async with connect(url, max_size=2**24, ping_interval=None) as websocket:
        hello = {"type": "hello", "protocol": 1, "seat": seat, "key": table.keys[seat],
                 "name": f"P{seat}"}  # fmt: skip
        await websocket.send(json.dumps(hello))
        last = -1
        async for text in websocket:
            frame = json.loads(text)
            if frame["type"] != "table" or frame["counter"] <= last:
                continue
            counter = frame["counter"]
            for step in range(last + 1, counter + 1):
                seen = table.seen[step] = table.seen.get(step, 0) + 1
                if seen == 4:
                    del table.seen[step]
                    sent = table.sent.pop(step, None)
                    if sent is not None and load.measuring:
                        load.moves += 1
                        load.latencies.append(time.perf_counter() - sent)
            last = counter
            payload = frame["payload"]
            if payload["deal_over"]:
                if seat == 0:
                    move = {"type": "rematch" if payload["game_over"] else "next-deal"}
                    table.sent[counter + 1] = time.perf_counter()
                    await websocket.send(json.dumps({**move, "counter": counter}))
            elif payload["your_turn"]:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                action = rng.choice(payload["legal"])["action"]
                table.sent[counter + 1] = time.perf_counter()
                await websocket.send(
                    json.dumps({"type": "act", "counter": counter, "action": action})
                )


def _start_server(
    folder: Path, port: int, tables: int, flags: list[str], profile: str | None
) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    command = [
        sys.executable, *profiler, "-m", "cardrules", "serve", "--port", str(port),
        "--database", str(folder / "tables.db"), "--bot-delay", "0", "--log-level", "warning",
        "--max-tables", str(tables + 10), "--tables-per-client", str(tables + 10),
        "--creations-per-minute", str(tables + 10), "--sockets-per-client", str(4 * tables + 10),
        "--frames-per-second", "10000", "--idle-timeout", "600",
        *flags,
    ]  # fmt: skip
    return subprocess.Popen(command, env=env)


def _cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


async def _run(
    base: str,
    count: int,
    warmup: float,
    seconds: float,
    seed: int,
    think: float,
    server: psutil.Process,
) -> Load:
    created = [
        Table(_post(base, "/api/tables", {"game": "spoil-five", "players": 4, "seed": seed + n}))
        for n in range(count)
    ]
    load = Load()
    rng = random.Random(seed)
    tasks = [
        asyncio.create_task(_seat(base, table, seat, load, random.Random(rng.random()), think))
        for table in created
        for seat in range(4)
    ]
    await asyncio.sleep(warmup)
    load.measuring = True
    cpu, client_cpu = _cpu(server), time.process_time()
    await asyncio.sleep(seconds)
    load.measuring = False
    load.cpu = _cpu(server) - cpu
    load.client_cpu = time.process_time() - client_cpu
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return load


def _in_process(moves: int, seed: int) -> None:
    """One four-handed table in this process, through a :class:`TableHost` on SQLite: the
    CPU of each move (its checks and the store's commit) and of its four payloads (built
    and written as JSON text by the server's writer, ``cardrules.web.rooms.dumps``),
    without sockets or an event loop."""
    from cardrules.tables import Key, SeatPlan, SQLiteTableStore, TableHost, seat_payload
    from cardrules.web.rooms import dumps  # the server's JSON writer

    rng = random.Random(seed)
    with (
        tempfile.TemporaryDirectory() as folder,
        SQLiteTableStore(Path(folder) / "tables.db", durable=False) as store,
    ):
        host = TableHost(store)
        new = host.create("spoil-five", [SeatPlan.person(f"P{n}") for n in range(4)],
                          name="T", now=0.0, seed=seed)  # fmt: skip
        table_id, boss = new.table.id, Key.for_creator(new.creator_credential)
        keys = [Key.for_seat(seat, key) for seat, key in enumerate(new.seat_credentials)]
        spent = [0.0, 0.0]
        for number in range(moves + 50):  # the first 50 warm the caches up, unmeasured
            table = host.get(table_id)
            start = time.process_time()
            if table.to_act is None:
                again = host.rematch if table.is_game_over else host.next_deal
                again(table_id, boss, counter=table.counter, now=1.0)
            else:
                action = rng.choice(table.module.legal_actions(table.state))
                host.act(table_id, keys[table.to_act], action, counter=table.counter, now=1.0)
            middle = time.process_time()
            table = host.get(table_id)
            for seat in range(4):
                dumps(seat_payload(table, seat, since=table.counter - 1))
            if number >= 50:
                spent[0] += middle - start
                spent[1] += time.process_time() - middle
    print(f"in process, {moves} moves: {sum(spent) / moves * 1000:.2f} ms of CPU a move: "
          f"{spent[0] / moves * 1000:.2f} the move and its commit, "
          f"{spent[1] / moves * 1000:.2f} its four payloads; "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a seat waits before its move (0: at once)",
    )
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="leave the sockets' process's garbage collector on (its pauses stop every socket)",
    )
    parser.add_argument("--power-safe", action="store_true", help="serve with --power-safe")
    parser.add_argument("--no-compression", action="store_true", help="serve with --no-compression")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile, its statistics written to FILE when it stops "
        "(read them with python -m pstats FILE; the CPU figures then include the profiler's)",
    )
    parser.add_argument(
        "--in-process",
        type=int,
        metavar="MOVES",
        help="instead: time MOVES moves at one table in this process (no server, no sockets)",
    )
    arguments = parser.parse_args()
    if arguments.in_process:
        _in_process(arguments.in_process, arguments.seed)
        return
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        flags = [
            *(["--power-safe"] if arguments.power_safe else []),
            *(["--no-compression"] if arguments.no_compression else []),
        ]
        server = _start_server(Path(folder), port, arguments.tables, flags, arguments.profile)
        try:
            for _ in range(300):
                try:
                    _post(base, "/api/tables/none/view", {})
                except urllib.error.HTTPError:
                    break
                except OSError:
                    time.sleep(0.1)
            process = psutil.Process(server.pid)
            idle_rss = process.memory_info().rss
            if not arguments.client_gc:
                gc.disable()  # see the module's documentation
            load = asyncio.run(
                _run(
                    base,
                    arguments.tables,
                    arguments.warmup,
                    arguments.seconds,
                    arguments.seed,
                    arguments.think,
                    process,
                )
            )
            rss = process.memory_info().rss
        finally:
            # uvicorn stops on either; after SIGTERM it kills itself with the signal again,
            # before cProfile could write its statistics, after SIGINT it raises
            # KeyboardInterrupt, and cProfile writes them on the way out
            server.send_signal(signal.SIGINT if arguments.profile else signal.SIGTERM)
            server.wait(30)
    latencies = sorted(load.latencies)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    slowest = latencies[-1] * 1000 if latencies else float("nan")
    print(f"tables: {arguments.tables}, sockets: {4 * arguments.tables}, think "
          f"{arguments.think:g} s, measured {arguments.seconds:g} s after {arguments.warmup:g} s"
          f"{', power-safe' if arguments.power_safe else ''}"
          f"{', no compression' if arguments.no_compression else ''}"
          f"{', the sockets collect garbage' if arguments.client_gc else ''}")  # fmt: skip
    print(f"accepted moves/s: {load.moves / arguments.seconds:,.0f}")
    print(f"move -> last push: p50 {p50:.1f} ms, p99 {p99:.1f} ms, slowest {slowest:.1f} ms "
          f"({len(latencies):,} moves)")  # fmt: skip
    per_move = load.cpu / load.moves * 1000 if load.moves else float("nan")
    print(
        f"server CPU: {load.cpu / arguments.seconds:.0%} of a core, "
        f"{per_move:.1f} ms per accepted move; the sockets' process "
        f"{load.client_cpu / arguments.seconds:.0%}; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"server RSS: {idle_rss / 2**20:.0f} MiB idle, {rss / 2**20:.0f} MiB with the tables, "
          f"{(rss - idle_rss) / arguments.tables / 1024:.0f} KiB per table")  # fmt: skip


if __name__ == "__main__":
    main()
