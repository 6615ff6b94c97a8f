"""The game file: one transaction per move, state = fold of the log, undo, override, races, crashes."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from engine_helpers import Damage, DeclareCheck, EndTurn, Gain, ResolveCheck, RollDice, SpendKaos, TurnAction
from referee.errors import CannotApply, GameFileError, NoGame
from referee.records import encode
from referee.store import GameStore, resolve_game_path, set_current_game
from referee.table_settings import make_settings


@pytest.fixture
def store(rules_db, tmp_path):
    settings = make_settings(players=("Mara", "Ivo", "Jun"), health=10, health_cap=None, turn_actions=2,
                             reroll_supply=5, db=rules_db)
    with GameStore.create(tmp_path / "game.sqlite", settings) as s:
        yield s


def test_a_legal_move_is_logged_and_the_state_is_the_fold_of_the_log(store):
    played = store.play(Gain(player="Mara", amount=2, resource="kaos"))
    assert played.applied and played.number == 1
    assert GameStore(store.path).load().player("Mara").kaos == 2
    assert store.settings.rules_hash and store.settings.variables["TURN_ACTION_REFUND"] == "1 Kaos"


def test_a_refused_move_and_a_dry_run_leave_the_log_untouched(store):
    from referee import engine
    from referee.errors import IllegalMove

    with pytest.raises(IllegalMove) as refused:
        store.play(SpendKaos(player="Mara", amount=1))
    assert not refused.value.ruling.legal
    assert engine.check(store.load(), Gain(player="Mara", amount=2, resource="kaos")).legal  # a dry run
    assert store.history() == [] and store.load().player("Mara").kaos == 0


class _CrashOnCommit:
    """A connection that dies right before COMMIT: the insert has happened, the commit never does."""

    def __init__(self, db):
        self._db = db

    def execute(self, sql, *args):
        if sql.strip().lower() == "commit":
            raise OSError("power cut")
        return self._db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._db, name)


def test_a_move_that_fails_midway_leaves_the_game_file_as_it_was(store):
    store.play(Gain(player="Mara", amount=1, resource="kaos"))
    real = store._db
    store._db = _CrashOnCommit(real)
    with pytest.raises(OSError):
        store.play(Gain(player="Mara", amount=5, resource="kaos"))
    store._db = real
    fresh = GameStore(store.path)
    assert [e.number for e in fresh.history()] == [1] and fresh.load().player("Mara").kaos == 1
    assert fresh._db.execute("select max(n) from snapshots").fetchone() == (1,)  # no snapshot of the lost move


def test_two_connections_racing_do_not_lose_updates(store):
    errors = []

    def worker():
        try:
            with GameStore(store.path) as mine:
                for _ in range(15):
                    assert mine.play(Gain(player="Ivo", amount=1, resource="kaos")).applied
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert GameStore(store.path).load().player("Ivo").kaos == 45
    assert [e.number for e in store.history()] == list(range(1, 46))


def test_undo_takes_back_the_last_move_and_keeps_it_in_the_history(store):
    store.play(Gain(player="Mara", amount=1, resource="kaos"))
    store.play(Damage(player="Ivo", amount=3))
    assert store.undo() == [2]
    assert store.load().player("Ivo").health == 10
    assert [(e.number, e.undone) for e in store.history()] == [(1, False), (2, True)]
    played = store.play(Damage(player="Jun", amount=1))
    assert played.number == 3


def test_undo_to_a_move_number_takes_back_it_and_every_later_move(store):
    for _ in range(4):
        store.play(Gain(player="Mara", amount=1, resource="kaos"))
    assert store.undo(2) == [2, 3, 4]
    assert store.load().player("Mara").kaos == 1
    with pytest.raises(GameFileError):
        store.undo(3)  # already undone


def test_undo_restores_the_exact_previous_state(store):
    store.play(DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5))
    before = encode(store.load())
    store.play(RollDice(player="Mara", dice=(20,)))
    store.undo()
    assert encode(store.load()) == before


def test_override_applies_a_refused_move_and_logs_the_reason_and_the_refused_citations(store):
    with pytest.raises(CannotApply):  # nothing to apply: no Check is being rolled
        store.play(SpendKaos(player="Mara", amount=1), override="no Check")
    assert store.history() == []
    store.play(EndTurn(complete=True))
    played = store.play(EndTurn(complete=True))
    assert played.applied
    store.play(DeclareCheck(player="Jun", kind="contested", stat="Brawn", opponents=("Mara",)))
    store.play(RollDice(player="Jun", dice=(5,)))
    store.play(Gain(player="Jun", amount=1, resource="kaos"), override="x")  # refused: Check pending; overridden
    played = store.play(SpendKaos(player="Jun", amount=1), override="the Lucky Charm card allows it")
    assert played.applied and played.override == "the Lucky Charm card allows it"
    entry = store.history()[-1]
    assert entry.override == "the Lucky Charm card allows it"
    assert {c["quote"] for c in entry.ruling["override"]["refused_citations"]} >= {
        "Kaos may not be spent on Contested Checks."}


def test_the_game_is_chosen_by_flag_then_environment_then_current_game(store, monkeypatch, tmp_path):
    with pytest.raises(NoGame):
        resolve_game_path(None)
    set_current_game(store.path)
    assert resolve_game_path(None) == store.path.resolve()
    monkeypatch.setenv("REFEREE_GAME", str(tmp_path / "other.sqlite"))
    assert resolve_game_path(None) == tmp_path / "other.sqlite"
    assert str(resolve_game_path("x.sqlite")) == "x.sqlite"


def test_the_current_game_is_the_path_exactly_as_given_trailing_space_included(store, tmp_path):
    spaced = tmp_path / "game.sqlite "
    set_current_game(spaced)
    assert resolve_game_path(None) == spaced.resolve() != store.path


def test_a_current_game_pointer_naming_a_path_that_is_not_utf8_is_read_as_bytes(tmp_path):
    from referee.store import current_game_path

    current_game_path().parent.mkdir(parents=True, exist_ok=True)
    current_game_path().write_bytes(b"/tmp/g\xff\xfe.sqlite\n")
    assert os.fsencode(resolve_game_path(None)) == b"/tmp/g\xff\xfe.sqlite"
    with pytest.raises(GameFileError, match="no game file"):
        GameStore(resolve_game_path(None))


def test_a_file_that_is_not_a_game_is_refused(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("hello")
    with pytest.raises(GameFileError):
        GameStore(bad)
    with pytest.raises(GameFileError):
        GameStore(tmp_path / "missing.sqlite")


# --- a damaged or busy game file is bad input, never a traceback ------------------------------

import sqlite3  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402


def _referee(*args, env_home):
    import os

    env = dict(os.environ, REFEREE_HOME=str(env_home))
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, env=env)


EVERY_COMMAND = (("status",), ("history",), ("damage", "ben", "1"), ("undo",))
REPLAYING = (("status",), ("damage", "ben", "1"))


@pytest.mark.parametrize(
    "damage, refusing",
    [
        ("update meta set value = '{not json' where key = 'settings'", EVERY_COMMAND),
        ("update meta set value = '{}' where key = 'settings'", EVERY_COMMAND),
        ("update moves set effects = '[{\"op\": \"teleport\"}]'", REPLAYING),
        ("update moves set move = '{\"type\": \"teleport\"}'", (("history",),)),
    ],
)
def test_a_damaged_game_file_is_refused_as_bad_input(tmp_path, referee_home, damage, refusing):
    game = tmp_path / "g.sqlite"
    assert _referee("new", "--players", "Ann, Ben", "--health", "5", "--turn-actions", "2", "--game", str(game),
                    env_home=referee_home).returncode == 0
    assert _referee("damage", "ann", "1", "--game", str(game), env_home=referee_home).returncode == 0
    db = sqlite3.connect(game)
    db.execute(damage)
    db.commit()
    db.close()
    before = game.read_bytes()
    for command in refusing:
        result = _referee(*command, "--game", str(game), env_home=referee_home)
        assert result.returncode == 2, (command, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr
        assert str(game) in result.stderr
    assert game.read_bytes() == before


def test_a_game_locked_by_another_terminal_is_reported_busy(store, monkeypatch):
    from referee import store as store_module
    from referee.errors import GameBusy

    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_S", 0.2)
    waiting = GameStore(store.path)
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("begin immediate")
    try:
        with pytest.raises(GameBusy):
            waiting.play(Damage(player="Ivo", amount=1))
        with pytest.raises(GameBusy):
            waiting.undo()
        waiting.close()
    finally:
        holder.execute("rollback")
        holder.close()


# --- undo checks the log before it marks anything -----------------------------------------------------


def test_undo_of_a_log_that_no_longer_replays_marks_nothing(store):
    store.play(Gain(player="Mara", amount=1, resource="kaos"))
    store.play(Damage(player="Ivo", amount=1))
    # effects this referee cannot replay (a newer one's), checksummed as that referee would have
    from referee.store import _row_checksum

    store._db.execute("""update moves set effects = '[{"op": "teleport"}]' where n = 1""")
    row = store._db.execute("select move, ruling, effects, override, at, undone, undone_at from moves where n = 1").fetchone()
    store._db.execute("update moves set checksum = ? where n = 1", (_row_checksum(*row),))
    for _attempt in range(2):  # each retry used to take back one more move
        with pytest.raises(GameFileError, match="move 1 cannot be replayed"):
            store.undo()
    assert [(e.number, e.undone) for e in store.history()] == [(1, False), (2, False)]


# --- snapshots: a cold command reads the state, never the whole log -------------------------------------


def _count_transitions(monkeypatch) -> list:
    from referee import store as store_module

    calls = []
    real = store_module.transition

    def counting(state, effects):
        calls.append(1)
        return real(state, effects)

    monkeypatch.setattr(store_module, "transition", counting)
    return calls


def _gains(store, count):
    for _ in range(count):
        assert store.play(Gain(player="Mara", amount=1, resource="kaos")).applied


def test_a_move_writes_the_state_after_it_and_a_cold_load_folds_nothing(store, monkeypatch):
    _gains(store, 3)
    store.play(Damage(player="Ivo", amount=2))
    (n, state), = store._db.execute("select n, state from snapshots order by n desc limit 1").fetchall()
    from referee.state import state_from_snapshot

    assert n == 4 and state_from_snapshot(store.settings, json.loads(state)) == _full_fold(store)
    folds = _count_transitions(monkeypatch)
    assert GameStore(store.path).load() == _full_fold(store) and folds == []


@pytest.mark.parametrize("staleness", [
    "another state format", "its undone count changed", "its state damaged", "a digit of its state changed",
])
def test_a_snapshot_that_no_longer_matches_the_log_is_not_read(store, staleness):
    _gains(store, 3)
    db = store._db
    if staleness == "another state format":
        db.execute("update snapshots set format = '0:older', state = '{}'")
    elif staleness == "its undone count changed":
        db.execute("update snapshots set undone = 1")
    elif staleness == "its state damaged":
        db.execute("update snapshots set state = '{\"players\": 1}'")
    else:  # still valid JSON, a believable state: only the checksum tells
        db.execute("""update snapshots set state = replace(state, '"kaos": 3', '"kaos": 9')""")
        assert db.execute("""select count(*) from snapshots where state like '%"kaos": 9%'""").fetchone() == (1,)
    assert GameStore(store.path).load() == _full_fold(store)


def test_a_game_written_before_snapshots_opens_and_gets_them(store, monkeypatch):
    from referee.store import CHECKPOINT_EVERY

    _gains(store, CHECKPOINT_EVERY + 20)
    store._db.execute("drop table snapshots")
    store._db.execute("drop index moves_undone")
    folds = _count_transitions(monkeypatch)
    assert GameStore(store.path).load() == _full_fold(store) and len(folds) == CHECKPOINT_EVERY + 20
    folds.clear()
    assert GameStore(store.path).load() == _full_fold(store) and folds == []  # rewritten by the first load
    assert [n for (n,) in store._db.execute("select n from snapshots")] == [CHECKPOINT_EVERY, CHECKPOINT_EVERY + 20]


def test_undo_of_the_last_move_folds_at_most_one_checkpoints_worth(store, monkeypatch):
    from referee.store import CHECKPOINT_EVERY

    _gains(store, 2 * CHECKPOINT_EVERY + 30)
    folds = _count_transitions(monkeypatch)
    for _ in range(3):
        store.undo()
        assert store.load() == _full_fold(store)
    assert len(folds) <= 3 * CHECKPOINT_EVERY
    store.undo(5)
    assert store.load() == _full_fold(store) and store.load().player("Mara").kaos == 4


def _full_fold(store):
    from referee.effects import effects_from_json, transition
    from referee.state import GameState

    state = GameState.initial(store.settings)
    for (effects,) in store._db.execute("select effects from moves where undone = 0 order by n"):
        transition(state, effects_from_json(json.loads(effects)))
    return state


def test_every_kind_of_effect_a_game_file_has_ever_logged_replays(store):
    """Effects logged as `{"op": ...}` by any referee (the whole stack at once, the top replaced, the stack cleared,
    loot places, cards, Players' and the game's fields) are read back as records and replay to the same state; a
    move's records are written back in that same shape."""
    from referee.effects import effects_from_json, effects_to_json, transition
    from referee.game_structure import DeathProc, EndOfTurnProc
    from referee.state import Card, Death, GameState, LootDeck, PatronMat

    death, end = DeathProc(player="Ivo", cause="damage"), EndOfTurnProc(player="Mara")
    logged = [
        {"op": "player", "name": "Ivo", "field": "statuses", "value": ["goblin"]},
        {"op": "game", "field": "actions_taken", "value": ["Open Chest"]},
        {"op": "game", "field": "deaths", "value": [{"player": "Jun", "outcome": "fallen", "source": "combat"}]},
        {"op": "push", "proc": encode(end)}, {"op": "push", "proc": encode(death)},
        {"op": "top", "proc": encode(DeathProc(player="Jun"))}, {"op": "pop"}, {"op": "clear"},
        {"op": "stack", "procs": [encode(death), encode(end)]},
        {"op": "loot", "key": "Mara/melee", "value": "Iron Axe"},
        {"op": "loot", "key": "Mara/armor", "value": [None, "Helm", None, None, None]},
        {"op": "loot", "key": "Mara/armor-equipped", "value": True},
        {"op": "loot", "key": "Mara/set-aside", "value": ["Coin"]},
        {"op": "loot", "key": "swaps/Mara", "value": 3},
        {"op": "loot", "key": "deck/armor", "value": {"unseen": 4, "known": ["Boots"]}},
        {"op": "loot", "key": "discard/weapon", "value": ["Club"]},
        {"op": "loot", "key": "box", "value": ["Plot Armor (Mara)"]},
        {"op": "loot", "key": "unresolved", "value": ["Feather"]},
        {"op": "mat", "mat": encode(PatronMat("Ivo", ("Plot Armor (Ivo)", None, None, None, None), ranged="Bow",
                                              backpack=(None, "Skull", None)))},
        {"op": "deck", "deck": {"kind": "rare", "unseen": 2, "known": []}},
        {"op": "pile", "pile": {"kind": "common", "cards": ["Skull"]}},
        {"op": "box", "cards": ["Plot Armor (Mara)", "Plot Armor (Ivo)"]},
        {"op": "unresolved", "cards": []},
        {"op": "card", "name": "Iron Axe", "value": {"type": "weapon", "weapon": "melee"}},
        {"op": "card", "name": "Helm", "value": {"type": "armor", "slots": [2], "defense": 0, "stats": {"Brawn": 1},
                                                 "backpack": True}},
    ]
    state = transition(GameState.initial(store.settings), effects_from_json(json.loads(json.dumps(logged))))
    assert state.player("Ivo").statuses == ("goblin",) and state.actions_taken == ("Open Chest",)
    assert state.deaths == (Death("Jun", "fallen", "combat"),)
    assert state.stack == [death, end] and state.mat("Mara") == PatronMat(
        "Mara", (None, "Helm", None, None, None), "Iron Axe", None, (None, None, None), (), ("Coin",), True, 3)
    assert state.mat("Ivo").ranged == "Bow" and state.mat("Ivo").stored == ("Skull",)
    assert state.deck("armor") == LootDeck("armor", 4, ("Boots",)) and state.deck("rare").size == 2
    assert state.pile("weapon") == ("Club",) and state.pile("common") == ("Skull",)
    assert state.box() == ("Plot Armor (Mara)", "Plot Armor (Ivo)") and state.unresolved() == ()
    assert state.cards["Iron Axe"] == Card(type="weapon", weapon="melee")
    assert state.cards["Helm"] == Card(type="armor", slots=(2,), defense=0, stats=(("Brawn", 1),), backpack=True)
    assert effects_to_json(effects_from_json(logged)) == logged
    with pytest.raises(ValueError, match="unknown effect 'teleport'"):
        effects_from_json([{"op": "teleport"}])


# --- a game file on a read-only mount, or with a damaged page -------------------------------------------


def _new_game_with_moves(tmp_path, home, moves=1):
    game = tmp_path / "g.sqlite"
    assert _referee("new", "--players", "Ann, Ben", "--health", "50", "--turn-actions", "2", "--game", str(game),
                    env_home=home).returncode == 0
    for _ in range(moves):
        assert _referee("damage", "ann", "1", "--game", str(game), env_home=home).returncode == 0
    return game


def _read_only_mount_available() -> bool:
    import shutil

    if not shutil.which("unshare"):
        return False
    return subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _read_only_mount_available(), reason="needs `unshare -rm` to mount a folder read-only")
def test_a_game_on_a_read_only_mount_is_read_and_its_moves_refused_saying_why(tmp_path, referee_home):
    import shlex

    game = _new_game_with_moves(tmp_path / "", referee_home)
    mount = tmp_path / "mounted"
    mount.mkdir()
    mounted = mount / game.name
    referee = f"{shlex.quote(sys.executable)} -m referee"
    script = (f"mount --bind -o ro {shlex.quote(str(tmp_path))} {shlex.quote(str(mount))} && "
              f"{referee} status --json --game {shlex.quote(str(mounted))}; echo \"exit $?\" >&2; "
              f"{referee} damage ann 1 --game {shlex.quote(str(mounted))}; echo \"exit $?\" >&2")
    import os

    env = dict(os.environ, REFEREE_HOME=str(referee_home))
    result = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, env=env)
    status, move = result.stderr.split("exit ")[1:3]
    assert status.split()[0] == "0" and json.loads(result.stdout)["players"][0]["health"] == 49, result.stderr
    assert move.split()[0] == "2" and "read-only" in result.stderr and str(mounted) in result.stderr
    assert "Traceback" not in result.stderr and "not a referee game file" not in result.stderr


def test_a_damaged_page_of_a_game_file_is_reported_naming_the_file(tmp_path, referee_home):
    game = _new_game_with_moves(tmp_path, referee_home, moves=3)
    data = bytearray(game.read_bytes())
    page = data.index(b'"type": "damage"') // 4096 * 4096
    assert page > 0
    data[page:page + 4096] = bytes(4096)
    game.write_bytes(bytes(data))
    result = _referee("history", "--game", str(game), env_home=referee_home)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert str(game) in result.stderr and "damaged" in result.stderr
    assert game.read_bytes() == bytes(data)


def test_redo_keeps_the_snapshot_of_the_move_it_plays_again(store, monkeypatch):
    _gains(store, 3)
    store.undo()
    assert store.redo() == [3]
    folds = _count_transitions(monkeypatch)
    assert GameStore(store.path).load() == _full_fold(store) and folds == []
    assert GameStore(store.path).load().player("Mara").kaos == 3


def test_a_move_on_a_file_whose_snapshot_fails_its_checksum_is_refused_when_the_file_is_damaged(store):
    from referee.store import CHECKPOINT_EVERY

    _gains(store, 2 * CHECKPOINT_EVERY)
    store.close()
    data = bytearray(store.path.read_bytes())
    first_moves = data.index(b'"type": "gain"') // 4096 * 4096  # a page of the first moves: no command reads it
    data[first_moves:first_moves + 4096] = bytes(4096)
    head = data.rindex(b'"kaos": ' + str(2 * CHECKPOINT_EVERY).encode())  # the latest snapshot's state
    data[head + 8] = ord("9")
    store.path.write_bytes(bytes(data))
    with pytest.raises(GameFileError, match="damaged") as refused:
        GameStore(store.path).play(Gain(player="Mara", amount=1, resource="kaos"))
    assert str(store.path) in str(refused.value)
    assert store.path.read_bytes() == bytes(data)


@pytest.mark.parametrize("column", ["move", "ruling", "effects", "at"])
def test_a_logged_move_changed_behind_the_referees_back_is_reported_never_shown(store, column):
    _gains(store, 3)
    before = store.load()
    changed = {"move": "replace(move, 'gain', 'lose')", "ruling": "replace(ruling, 'Kaos', 'Kaoz')",
               "effects": "replace(effects, '2', '9')", "at": "replace(at, '20', '19')"}[column]
    store._db.execute(f"update moves set {column} = {changed} where n = 2")
    assert store._db.execute("select changes()").fetchone() == (1,)
    with pytest.raises(GameFileError, match=f"{store.path}: move 2's record does not match its checksum"):
        GameStore(store.path).history()
    store._db.execute("delete from snapshots")
    with pytest.raises(GameFileError, match="move 2's record"):
        GameStore(store.path).load()
    assert before.player("Mara").kaos == 3


def test_undo_restores_every_field_of_the_state_before_each_move(store):
    moves = [TurnAction(player="Mara", action="Move"), Gain(player="Ivo", amount=2, resource="reroll"),
             DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(12,)),
             ResolveCheck(), EndTurn(complete=True), TurnAction(player="Ivo", action="Search"),
             Damage(player="Jun", amount=3)]
    before = []
    for move in moves:
        before.append(GameStore(store.path).load())
        assert store.play(move).applied
    for expected in reversed(before):
        store.undo()
        assert GameStore(store.path).load() == expected


def test_a_load_reads_one_version_of_the_file_while_another_terminal_moves(store, monkeypatch):
    # Found by bench/stress/concurrency.py (4 x 250): the snapshot a load had listed was dropped by another
    # terminal's move before it was read, and the command ended in a traceback.
    _gains(store, 3)
    reader = GameStore(store.path)
    real, moved = reader._read, []

    def another_terminal_moves_midway(sql, params=()):
        rows = real(sql, params)
        if sql.startswith("select n, format") and not moved:
            moved.append(store.play(Gain(player="Mara", amount=1, resource="kaos")))  # drops snapshot 3
        return rows

    monkeypatch.setattr(reader, "_read", another_terminal_moves_midway)
    assert reader.load().player("Mara").kaos == 3 and moved  # the version it began to read
    assert GameStore(store.path).load().player("Mara").kaos == 4


# --- every byte that decides a ruling is checksummed (issue 25) --------------------------------------------------


def _sql(path, statement: str) -> None:
    db = sqlite3.connect(path)
    db.execute(statement)
    db.commit()
    db.close()


def test_a_rules_variable_edited_in_the_game_file_is_damage_never_obeyed(tmp_path, referee_home):
    """`"TURN_ACTION_REFUND": "1 Kaos"` edited to "2 Kaos" made `end-turn` grant 2 Kaos: now every command reports
    the damage naming the file, and nothing is written."""
    game = tmp_path / "g.sqlite"
    assert _referee("new", "--players", "Ann, Ben", "--health", "5", "--turn-actions", "2", "--game", str(game),
                    env_home=referee_home).returncode == 0
    _sql(game, "update meta set value = replace(value, '\"TURN_ACTION_REFUND\": \"1 Kaos\"', "
               "'\"TURN_ACTION_REFUND\": \"2 Kaos\"') where key = 'settings'")
    assert '"2 Kaos"' in sqlite3.connect(game).execute("select value from meta where key = 'settings'").fetchone()[0]
    before = game.read_bytes()
    for command in (("end-turn",), ("status",), ("end-turn", "--dry-run")):
        result = _referee(*command, "--game", str(game), env_home=referee_home)
        assert result.returncode == 2 and str(game) in result.stderr and "damaged" in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert game.read_bytes() == before


@pytest.mark.parametrize("flip", [
    "the last move marked undone", "a move in the middle marked undone", "an undone move marked live",
    "the undos waiting to be redone",
])
def test_an_undone_mark_changed_behind_the_referees_back_is_damage_never_obeyed(store, flip):
    """Flipping a move's `undone` flag took the move back (or played it again) silently: the marks and the redo list
    are covered by checksums, so reading the game, moving or redoing reports the damage."""
    _gains(store, 5)
    store.undo()  # move 5 undone, waiting to be redone
    statement = {
        "the last move marked undone": "update moves set undone = 1 where n = 4",
        "a move in the middle marked undone": "update moves set undone = 1 where n = 2",
        "an undone move marked live": "update moves set undone = 0, undone_at = null where n = 5",
        "the undos waiting to be redone": "update meta set value = '[[3]]' where key = 'redo'",
    }[flip]
    _sql(store.path, statement)
    for attempt in (lambda s: s.load(), lambda s: s.play(Gain(player="Mara", amount=1, resource="kaos")),
                    lambda s: s.redo(), lambda s: s.history()):
        with pytest.raises(GameFileError, match="damaged"):
            attempt(GameStore(store.path))


def test_a_game_written_by_an_earlier_referee_is_sealed_on_its_first_move(store):
    """A game whose moves were checksummed without their undone mark (and whose meta table had no checksum) reads
    as before, and its first move under this referee gives every move and the meta table their checksums."""
    from referee.store import _row_checksum

    _gains(store, 3)
    store.undo()
    db = store._db
    db.execute("delete from meta where key = 'checksum'")
    for n, *record in db.execute("select n, move, ruling, effects, override, at from moves").fetchall():
        db.execute("update moves set checksum = ? where n = ?", (_row_checksum(*record), n))
    db.execute("update moves set checksum = null where n = 1")  # logged before moves had checksums
    earlier = GameStore(store.path)
    assert earlier.load() == _full_fold(store) and not earlier._sealed
    earlier.play(Damage(player="Ivo", amount=1))
    _sql(store.path, "update moves set undone = 1 where n = 2")
    with pytest.raises(GameFileError, match="move 2's record does not match"):
        GameStore(store.path).load()


# --- damage found once: no move is recorded until the game is repaired or restored (issue 25) ----------------------


def _page_variants(path) -> list:
    """Every page of the game file zeroed, and every page with bytes flipped: the corruption campaign's damage
    (bench/stress/corruption.py), one page at a time."""
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "stress"))
    import corruption

    pages = path.stat().st_size // 4096
    rng = random.Random(25)

    def flip(page):
        def damage(p):
            data = bytearray(p.read_bytes())
            for _ in range(8):
                data[page * 4096 + rng.randrange(100 if page == 0 else 0, 4096)] ^= 1 << rng.randrange(8)
            p.write_bytes(bytes(data))
        return damage

    return [(f"page {page} zeroed", lambda p, page=page: corruption._zero(p, page * 4096)) for page in range(pages)] \
        + [(f"page {page} bytes flipped", flip(page)) for page in range(pages)]


def test_once_damage_is_reported_no_move_is_recorded_until_the_game_is_repaired(store, tmp_path):
    """For every page damaged (zeroed, bytes flipped): when a reading command reports the damage, every later move
    is refused (in another terminal too) and the file is left as it is; `repair` rebuilds the game from its log as
    far as it is intact, and moves are recorded again."""
    for _ in range(40):
        store.play(Gain(player="Mara", amount=1, resource="kaos"))
    store.close()
    reported = refused = 0
    for name, damage in _page_variants(store.path):
        game = tmp_path / name.replace(" ", "-") / "g.sqlite"
        game.parent.mkdir()
        game.write_bytes(store.path.read_bytes())
        damage(game)
        try:
            with GameStore(game) as reading:
                reading.history()
                reading.load()
            continue  # damage no reading command sees (free pages, the parts of a page SQLite does not use)
        except GameFileError as error:
            assert str(game) in str(error), name
        reported += 1
        before = game.read_bytes()
        try:
            with GameStore(game) as moving:
                moving.play(Damage(player="Ivo", amount=1))
        except GameFileError as error:
            refused += 1
            if "not a referee game file" in str(error):  # its header is gone: no game to record in, nor to repair
                assert game.read_bytes() == before, name
                continue
            assert "referee games check --repair" in str(error), (name, str(error))
        assert game.read_bytes() == before, name
        from referee.store import damage_mark, repair

        try:
            report = repair(game)
        except GameFileError as error:  # the settings themselves are lost: only a copy can help
            assert "restore a copy" in str(error), (name, str(error))
            continue
        assert report["repaired"] and Path(report["kept_as"]).is_file() and not damage_mark(game).exists(), name
        with GameStore(game) as repaired:
            assert len(repaired.history()) == report["kept"] and repaired.check()["moves"] == report["kept"]
            repaired.play(Damage(player="Ivo", amount=1))
    assert reported > 10 and refused == reported


def test_a_game_found_damaged_refuses_moves_in_every_terminal_until_checked_whole(tmp_path, referee_home):
    """Through the command line: `history` finds a flipped byte in an old move; `damage` in another process is then
    refused (it reads only the snapshot, so it used to be recorded beside the damage); a copy restored and
    `referee games check` let moves be recorded again."""
    game = tmp_path / "g.sqlite"
    assert _referee("new", "--players", "Ann, Ben", "--health", "5", "--turn-actions", "2", "--game", str(game),
                    env_home=referee_home).returncode == 0
    for _ in range(3):
        assert _referee("gain", "ann", "1", "kaos", "--game", str(game), env_home=referee_home).returncode == 0
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(game.read_bytes())
    _sql(game, "update moves set ruling = replace(ruling, 'Kaos', 'Kaoz') where n = 1")
    assert _referee("damage", "ben", "1", "--dry-run", "--game", str(game), env_home=referee_home).returncode == 0
    found = _referee("history", "--game", str(game), env_home=referee_home)
    assert found.returncode == 2 and "move 1's record" in found.stderr
    before = game.read_bytes()
    refused = _referee("damage", "ben", "1", "--game", str(game), env_home=referee_home)
    assert refused.returncode == 2 and "was found damaged" in refused.stderr and "games check --repair" in refused.stderr
    assert game.read_bytes() == before
    checked = _referee("games", "check", "--game", str(game), env_home=referee_home)
    assert checked.returncode == 2 and "move 1's record" in checked.stderr
    game.write_bytes(copy.read_bytes())  # a copy restored
    assert _referee("damage", "ben", "1", "--game", str(game), env_home=referee_home).returncode == 2
    assert _referee("games", "check", "--game", str(game), env_home=referee_home).returncode == 0
    assert _referee("damage", "ben", "1", "--game", str(game), env_home=referee_home).returncode == 0


def test_a_game_found_damaged_gets_no_snapshot_written_by_a_reading_command(store):
    """A long fold makes a reading command write the snapshots again (best effort): never into a game found
    damaged."""
    from referee.store import CHECKPOINT_EVERY, damage_mark

    _gains(store, CHECKPOINT_EVERY)
    store._db.execute("delete from snapshots")
    damage_mark(store.path).write_text("found damaged by an earlier command\n")
    before = store.path.read_bytes()
    GameStore(store.path).load()
    assert store.path.read_bytes() == before and not store._db.execute("select count(*) from snapshots").fetchone()[0]
