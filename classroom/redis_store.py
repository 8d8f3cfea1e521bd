"""The class store on Redis (``redis://host:port/db``): for a class whose
server processes run on several machines behind one proxy.  The same
interface as ``classroom.store.SQLiteStore`` and the same tests; the steps
that must be atomic (a room under the cap of rooms, a student under the cap
of students, a rate counter) are Lua scripts, which Redis runs whole.

Keys (prefix ``evallab:class:``): ``rooms`` a sorted set code -> expiry;
``room:<code>`` a hash (secret, expires, state); ``students:<code>`` a set;
``answers:<code>:<vote>`` a hash sid -> value; ``hit:<bucket>:<window>`` a
counter.  Every key of a room expires with it (Redis deletes them: the
room's time to live, measured by Redis's own clock), and
:meth:`RedisStore.purge` drops the room from the sorted set.
"""
from __future__ import annotations

import json

import redis

P = "evallab:class:"

_CREATE = """
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
if redis.call('ZCOUNT', KEYS[1], '(' .. ARGV[1], '+inf') >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[2], 'secret', ARGV[3], 'expires', ARGV[4], 'state', ARGV[5])
redis.call('PEXPIRE', KEYS[2], math.ceil((tonumber(ARGV[4]) - tonumber(ARGV[1])) * 1000) + 1000)
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[6])
return 1
"""
_JOIN = """
local ttl = redis.call('PTTL', KEYS[2])
if ttl < 0 then return 0 end
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
"""
_ANSWER = """
local ttl = redis.call('PTTL', KEYS[2])
if ttl < 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
"""
_HIT = """
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""


class RedisStore:
    """The store on the Redis server at ``url``."""

    errors = (redis.RedisError,)          # what classroom.rooms turns into ClassError("store")

    def __init__(self, url: str):
        self.url = url
        # a session's thread waits for a free connection (at most 10 s) instead of failing
        pool = redis.BlockingConnectionPool.from_url(url, decode_responses=True, socket_timeout=5,
                                                     max_connections=64, timeout=10)
        self.r = redis.Redis(connection_pool=pool)
        self._create = self.r.register_script(_CREATE)
        self._join = self.r.register_script(_JOIN)
        self._hit = self.r.register_script(_HIT)
        self._answer = self.r.register_script(_ANSWER)

    def create_room(self, code: str, record: dict, *, max_rooms: int, now: float) -> bool:
        return bool(self._create(keys=[P + "rooms", P + "room:" + code],
                                 args=[repr(float(now)), max_rooms, record["secret"], repr(float(record["expires"])),
                                       json.dumps(record["state"]), code]))

    def room(self, code: str) -> dict | None:
        h = self.r.hgetall(P + "room:" + code)
        if not h:
            return None
        return {"secret": h["secret"], "expires": float(h["expires"]), "state": json.loads(h["state"])}

    def save_state(self, code: str, state: dict) -> None:
        if self.r.exists(P + "room:" + code):
            self.r.hset(P + "room:" + code, "state", json.dumps(state))

    def delete_room(self, code: str) -> None:
        keys = [P + "room:" + code, P + "students:" + code, *self.r.scan_iter(P + f"answers:{code}:*")]
        self.r.delete(*keys)
        self.r.zrem(P + "rooms", code)

    def purge(self, now: float) -> int:
        codes = self.r.zrangebyscore(P + "rooms", "-inf", now)
        for code in codes:
            self.delete_room(code)
        return len(codes)

    def join(self, code: str, sid: str, *, max_students: int) -> bool:
        return bool(self._join(keys=[P + "students:" + code, P + "room:" + code], args=[sid, max_students]))

    def is_student(self, code: str, sid: str) -> bool:
        return bool(self.r.sismember(P + "students:" + code, sid))

    def students(self, code: str) -> int:
        return int(self.r.scard(P + "students:" + code))

    def answer(self, code: str, vote: int, sid: str, value: str) -> None:
        self._answer(keys=[P + f"answers:{code}:{int(vote)}", P + "room:" + code], args=[sid, value])

    def answers(self, code: str, vote: int) -> dict[str, str]:
        return self.r.hgetall(P + f"answers:{code}:{int(vote)}")

    def answer_of(self, code: str, vote: int, sid: str) -> str | None:
        return self.r.hget(P + f"answers:{code}:{int(vote)}", sid)

    def hit(self, bucket: str, *, limit: int, window: float, now: float) -> bool:
        start = int(now // window)
        return bool(self._hit(keys=[P + f"hit:{bucket}:{start}"], args=[limit, int(window) + 1]))

    def close(self) -> None:
        """Close the client's connections (tests)."""
        self.r.close()
