// The burst's ceiling: how fast any implementation of today's firing could record a burst on SQLite, however
// little it spent around the database. It runs the statements a firing ran (the center read, the pending
// row's delete, the delivered row's upsert, the `presented` event, the receipt, the center's write-back;
// since schema v25 the delivered row is the `presented` event too, and a firing writes its center's row only
// for a badge; since v26 the delivered row holds the receipt's `fired` step too: today's firing is "without
// those and the write-back"),
// one row at a time through the SQLite C API with prepared statements and nothing else, in transactions of
// 1,024 committed with fsync, on the schema and page size of a database usernotifyd made; beside it, in the
// same run, the raw baseline `scheduler-bench` compares the burst with (a pending and a delivered table,
// rows moved 500 a transaction by two set-wise statements). Variants leave rows out, to show what each
// costs. Then the same for a broadcast's fan-out (#45's recording): per member the same rows but no
// pending row, and an outbox message for its browser, against the recording's raw baseline in
// `webhook-bench` (a delivered and an outbox row per center, 1,024 a transaction). The set-wise variants
// write the same rows with one statement per kind of row and SET rows (multi-row VALUES, `IN` lists,
// `UPDATE … FROM (VALUES …)`), to show what the statements' own cost is beside the b-trees' work.
//
//   burst-ceiling SCHEMA.sqlite WORKDIR [FIRINGS] [ROUNDS]
//
// SCHEMA.sqlite: any database usernotifyd made (its schema is copied; its rows are not read). A statement
// that no longer matches the schema fails loudly: change it here as the firing changed.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { BATCH = 1024, RAW_BATCH = 500 };
enum { NO_EVENT = 1, NO_RECEIPT = 2, NO_WRITE_BACK = 4, NO_FOREIGN_KEYS = 8, FAN_OUT = 16, SET_WISE = 32 };
/// Rows per statement when the firing's rows are written set-wise (multi-row VALUES, `IN` lists, `UPDATE …
/// FROM (VALUES …)`): at most 4 parameters a row, well under SQLite's 32,766.
enum { SET = 256 };

static const char *workdir;
static char filler[600];

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "burst-ceiling: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static void run(sqlite3 *db, const char *sql) {
    if (sqlite3_exec(db, sql, 0, 0, 0) != SQLITE_OK) fail(db, sql);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, 0) != SQLITE_OK) fail(db, sql);
    return statement;
}

static void step(sqlite3_stmt *statement) {
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {}
    if (code != SQLITE_DONE) fail(sqlite3_db_handle(statement), sqlite3_sql(statement));
    sqlite3_reset(statement);
}

static void text(sqlite3_stmt *statement, int index, const char *value) {
    sqlite3_bind_text(statement, index, value, -1, SQLITE_TRANSIENT);
}

static void bytes(sqlite3_stmt *statement, int index, int count) {
    sqlite3_bind_blob(statement, index, filler, count, SQLITE_STATIC);
}

/// A fresh database in WAL mode as usernotifyd opens its own (GRDB turns foreign keys on), with pages of
/// `pageSize` bytes (0: SQLite's default).
static sqlite3 *fresh(const char *name, int foreignKeys, int pageSize) {
    char path[512];
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s%s", workdir, name, suffixes[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/%s", workdir, name);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK) fail(db, path);
    if (pageSize) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA page_size = %d", pageSize);
        run(db, pragma);
    }
    run(db, "PRAGMA journal_mode = WAL");
    run(db, "PRAGMA temp_store = MEMORY");
    run(db, foreignKeys ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF");
    return db;
}

/// The page size of the database usernotifyd made: the ceiling's database gets the same.
static int pageSizeOf(const char *source) {
    sqlite3 *from;
    if (sqlite3_open_v2(source, &from, SQLITE_OPEN_READONLY, 0) != SQLITE_OK) fail(from, source);
    sqlite3_stmt *pragma = prepare(from, "PRAGMA page_size");
    int size = sqlite3_step(pragma) == SQLITE_ROW ? sqlite3_column_int(pragma, 0) : 0;
    sqlite3_finalize(pragma);
    sqlite3_close(from);
    return size;
}

/// usernotifyd's schema, copied from a database it made.
static void copySchema(sqlite3 *db, const char *source) {
    sqlite3 *from;
    if (sqlite3_open_v2(source, &from, SQLITE_OPEN_READONLY, 0) != SQLITE_OK) fail(from, source);
    sqlite3_stmt *schema = prepare(
        from, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
              "ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'view' THEN 1 WHEN 'trigger' THEN 2 ELSE 3 END, rowid");
    run(db, "BEGIN");
    int tables = 0;
    while (sqlite3_step(schema) == SQLITE_ROW) {
        run(db, (const char *)sqlite3_column_text(schema, 0));
        tables++;
    }
    run(db, "COMMIT");
    sqlite3_finalize(schema);
    sqlite3_close(from);
    if (tables == 0) {
        fprintf(stderr, "burst-ceiling: %s has no schema\n", source);
        exit(1);
    }
}

/// The campaign's centers, each with its two events so far and (unless a broadcast's fan-out reaches them)
/// one request due at one instant, with the sizes `scheduler-bench`'s campaign stores (settings 476 bytes,
/// state 85, request 174).
static void fill(sqlite3 *db, int count, int pendingRows) {
    sqlite3_stmt *center = prepare(
        db, "INSERT INTO centers(app_id, id, settings, state, created_at, push_token, pending_count, event_seq) "
            "VALUES ('app', ?1, ?2, ?3, 1, ?4, 1, 2)");
    sqlite3_stmt *event = prepare(db, "INSERT INTO events(app_id, center_id, seq, name, data, created_at) VALUES ('app', ?1, ?2, ?3, ?4, 1)");
    sqlite3_stmt *pending = prepare(
        db, "INSERT INTO pending(app_id, center_id, identifier, request, trigger_kind, added_at, next_fire, revision) "
            "VALUES ('app', ?1, 'campaign', ?2, 'timeInterval', 1, 2, 1)");
    run(db, "INSERT INTO apps(id, name, authorization_policy, created_at) VALUES ('app', 'ceiling', 'prompt', 1)");
    run(db, "BEGIN");
    char id[32], token[48];
    for (int index = 0; index < count; index++) {
        snprintf(id, sizeof id, "user-%d", index);
        snprintf(token, sizeof token, "ctr_%032d", index);
        text(center, 1, id), bytes(center, 2, 476), bytes(center, 3, 85), text(center, 4, token);
        step(center);
        for (int sequence = 1; sequence <= 2; sequence++) {
            text(event, 1, id), sqlite3_bind_int(event, 2, sequence);
            text(event, 3, sequence == 1 ? "authorizationPrompt" : "settingsChanged"), bytes(event, 4, sequence == 1 ? 118 : 476);
            step(event);
        }
        if (!pendingRows) continue;
        text(pending, 1, id), bytes(pending, 2, 174);
        step(pending);
    }
    run(db, "COMMIT");
    run(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    sqlite3_finalize(center), sqlite3_finalize(event), sqlite3_finalize(pending);
}

/// `row` `rows` times, joined by commas (the caller frees it).
static char *repeated(const char *row, int rows) {
    size_t size = (strlen(row) + 1) * rows + 1, length = 0;
    char *list = malloc(size);
    list[0] = 0;
    for (int i = 0; i < rows; i++) length += (size_t)snprintf(list + length, size - length, "%s%s", i ? "," : "", row);
    return list;
}

/// One statement for `rows` rows: `head`, then `row` `rows` times joined by commas, then `tail`; its
/// parameters are anonymous, bound in order.
static sqlite3_stmt *multiRow(sqlite3 *db, const char *head, const char *row, int rows, const char *tail) {
    char *list = repeated(row, rows);
    size_t size = strlen(head) + strlen(list) + strlen(tail) + 1;
    char *sql = malloc(size);
    snprintf(sql, size, "%s%s%s", head, list, tail);
    sqlite3_stmt *statement = prepare(db, sql);
    free(list), free(sql);
    return statement;
}

/// The statements of a set-wise firing, for sets of one size.
struct SetStatements {
    int rows;
    sqlite3_stmt *centers, *unpend, *deliver, *presented, *receipt, *push, *writeBack;
};

static struct SetStatements setStatements(sqlite3 *db, int rows) {
    struct SetStatements s = {.rows = rows};
    s.centers = multiRow(db, "SELECT id, event_seq FROM centers WHERE app_id = 'app' AND id IN (", "?", rows, ")");
    // The ids' list lets SQLite search the primary key; the pairs then match each row's revision.
    char *ids = repeated("?", rows), head[160 + 2 * SET];
    snprintf(head, sizeof head, "DELETE FROM pending WHERE app_id = 'app' AND identifier = 'campaign' AND center_id IN (%s) "
                                "AND (center_id, revision) IN (VALUES ", ids);
    s.unpend = multiRow(db, head, "(?, ?)", rows, ")");
    free(ids);
    s.deliver = multiRow(
        db, "INSERT INTO delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq, held_until) VALUES ",
        "('app', ?, 'campaign', 2, ?, ?, ?, NULL)", rows,
        " ON CONFLICT(app_id, center_id, identifier) DO UPDATE SET delivered_at = excluded.delivered_at, request = excluded.request, "
        "presentation = excluded.presentation, seq = excluded.seq, held_until = excluded.held_until");
    s.presented = multiRow(db, "INSERT INTO events(app_id, center_id, seq, name, data, created_at) VALUES ", "('app', ?, ?, 'presented', ?, 2)",
                           rows, "");
    s.receipt = multiRow(
        db, "INSERT INTO receipts(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail, scheduled_at) VALUES ",
        "('app', ?, 'campaign', 2, NULL, NULL, 'fired', 2, 'presented', 1)", rows, "");
    s.push = multiRow(
        db, "INSERT INTO deliveries(id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, subscription_id, "
            "destination, broadcast_id) VALUES ",
        "(?, 'app', 'https://push.example/', 'notification.delivered', ?, 'pending', 0, 0, 2, 2, ?, 'browser', 'bc_1')", rows, "");
    s.writeBack = multiRow(
        db, "UPDATE centers SET event_seq = v.column2, pending_count = pending_count + v.column3 FROM (VALUES ", "(?, ?, ?)", rows,
        ") AS v WHERE centers.app_id = 'app' AND centers.id = v.column1");
    return s;
}

static void finalizeSet(struct SetStatements s) {
    sqlite3_stmt *all[] = {s.centers, s.unpend, s.deliver, s.presented, s.receipt, s.push, s.writeBack};
    for (int i = 0; i < 7; i++) sqlite3_finalize(all[i]);
}

/// Records `rows` firings from `first` on with one statement per kind of row. Each member's sequence comes
/// from the centers' read (ids are `user-N`: `sequences` is indexed by N).
static void recordSet(struct SetStatements *s, char ids[][32], char requests[][256], int *lengths, int *revisions, int first, int leftOut,
                      int *sequences) {
    int fanOut = leftOut & FAN_OUT, rows = s->rows;
    for (int i = 0; i < rows; i++) text(s->centers, i + 1, ids[first + i]);
    while (sqlite3_step(s->centers) == SQLITE_ROW) {
        sequences[atoi((const char *)sqlite3_column_text(s->centers, 0) + 5)] = sqlite3_column_int(s->centers, 1);
    }
    sqlite3_reset(s->centers);
    if (!fanOut) {
        for (int i = 0; i < rows; i++) {
            text(s->unpend, i + 1, ids[first + i]);
            text(s->unpend, rows + 2 * i + 1, ids[first + i]), sqlite3_bind_int(s->unpend, rows + 2 * i + 2, revisions[first + i]);
        }
        step(s->unpend);
        if (sqlite3_changes(sqlite3_db_handle(s->unpend)) != rows) {
            fprintf(stderr, "burst-ceiling: a set-wise delete removed %d of %d pending rows\n", sqlite3_changes(sqlite3_db_handle(s->unpend)), rows);
            exit(1);
        }
    }
    for (int i = 0; i < rows; i++) {
        int sequence = sequences[atoi(ids[first + i] + 5)] + 1;
        text(s->deliver, 4 * i + 1, ids[first + i]);
        sqlite3_bind_blob(s->deliver, 4 * i + 2, requests[first + i], lengths[first + i], SQLITE_STATIC), bytes(s->deliver, 4 * i + 3, 87);
        sqlite3_bind_int(s->deliver, 4 * i + 4, sequence);
        if (!(leftOut & NO_EVENT)) {
            text(s->presented, 3 * i + 1, ids[first + i]), sqlite3_bind_int(s->presented, 3 * i + 2, sequence), bytes(s->presented, 3 * i + 3, 323);
        }
        if (!(leftOut & NO_RECEIPT)) text(s->receipt, i + 1, ids[first + i]);
        if (fanOut) {
            char message[48];
            snprintf(message, sizeof message, "msg_%s", ids[first + i]);
            text(s->push, 3 * i + 1, message), bytes(s->push, 3 * i + 2, 500), text(s->push, 3 * i + 3, ids[first + i]);
        }
        if (!(leftOut & NO_WRITE_BACK)) {
            text(s->writeBack, 3 * i + 1, ids[first + i]), sqlite3_bind_int(s->writeBack, 3 * i + 2, sequence);
            sqlite3_bind_int(s->writeBack, 3 * i + 3, fanOut ? 0 : -1);
        }
    }
    step(s->deliver);
    if (!(leftOut & NO_EVENT)) step(s->presented);
    if (!(leftOut & NO_RECEIPT)) step(s->receipt);
    if (fanOut) step(s->push);
    if (!(leftOut & NO_WRITE_BACK)) step(s->writeBack);
}

/// Firings per second: the due rows read a batch at a time, then each batch recorded in one transaction.
/// A fan-out's members have no pending row; each gets an outbox message for its browser.
static double fire(const char *schema, int count, int leftOut) {
    int fanOut = leftOut & FAN_OUT;
    sqlite3 *db = fresh("ceiling.sqlite", !(leftOut & NO_FOREIGN_KEYS), pageSizeOf(schema));
    copySchema(db, schema);
    fill(db, count, !fanOut);
    run(db, "PRAGMA synchronous = FULL");
    sqlite3_stmt *due = prepare(
        db, "SELECT center_id, identifier, request, revision FROM pending "
            "WHERE next_fire <= 2 AND claimed_until IS NULL ORDER BY next_fire LIMIT 1024");
    sqlite3_stmt *center = prepare(db, "SELECT event_seq, pending_count, badge, settings, state FROM centers WHERE app_id = 'app' AND id = ?1");
    sqlite3_stmt *unpend = prepare(db, "DELETE FROM pending WHERE app_id = 'app' AND center_id = ?1 AND identifier = ?2 AND revision = ?3");
    sqlite3_stmt *deliver = prepare(
        db, "INSERT INTO delivered(app_id, center_id, identifier, delivered_at, request, presentation, seq, held_until) "
            "VALUES ('app', ?1, ?2, 2, ?3, ?4, ?5, NULL) ON CONFLICT(app_id, center_id, identifier) DO UPDATE SET "
            "delivered_at = excluded.delivered_at, request = excluded.request, presentation = excluded.presentation, "
            "seq = excluded.seq, held_until = excluded.held_until");
    sqlite3_stmt *presented = prepare(
        db, "INSERT INTO events(app_id, center_id, seq, name, data, created_at) VALUES ('app', ?1, ?2, 'presented', ?3, 2)");
    sqlite3_stmt *receipt = prepare(
        db, "INSERT INTO receipts(app_id, center_id, identifier, delivered_at, destination, channel, stage, at, detail, scheduled_at) "
            "VALUES ('app', ?1, ?2, 2, NULL, NULL, 'fired', 2, 'presented', 1)");
    sqlite3_stmt *writeBack = prepare(
        db, "UPDATE centers SET event_seq = ?1, pending_count = pending_count + ?2, badge = COALESCE(?3, badge) "
            "WHERE app_id = 'app' AND id = ?4");
    sqlite3_stmt *push = prepare(
        db, "INSERT INTO deliveries(id, app_id, url, type, payload, status, attempts, failures, next_attempt, created_at, "
            "subscription_id, destination, broadcast_id) "
            "VALUES (?1, 'app', 'https://push.example/', 'notification.delivered', ?2, 'pending', 0, 0, 2, 2, ?3, 'browser', 'bc_1')");
    static char ids[BATCH][32], requests[BATCH][256];
    static int lengths[BATCH], revisions[BATCH];
    int *sequences = calloc((size_t)count, sizeof(int));
    struct SetStatements full = {0};
    if (leftOut & SET_WISE) full = setStatements(db, SET);
    double start = seconds();
    int fired = 0;
    while (fired < count) {
        int claimed = 0;
        if (fanOut) {
            // A chunk of the audience: the members' ids, the broadcast's request the same for each.
            for (; claimed < BATCH && fired + claimed < count; claimed++) {
                snprintf(ids[claimed], 32, "user-%d", fired + claimed);
                lengths[claimed] = 174;
                memcpy(requests[claimed], filler, 174);
            }
        } else {
            while (sqlite3_step(due) == SQLITE_ROW && claimed < BATCH) {
                snprintf(ids[claimed], 32, "%s", (const char *)sqlite3_column_text(due, 0));
                lengths[claimed] = sqlite3_column_bytes(due, 2);
                memcpy(requests[claimed], sqlite3_column_blob(due, 2), lengths[claimed]);
                revisions[claimed] = sqlite3_column_int(due, 3);
                claimed++;
            }
            sqlite3_reset(due);
        }
        if (claimed == 0) break;
        run(db, "BEGIN IMMEDIATE");
        if (leftOut & SET_WISE) {
            for (int first = 0; first < claimed; first += SET) {
                int rows = claimed - first < SET ? claimed - first : SET;
                if (rows == SET) {
                    recordSet(&full, ids, requests, lengths, revisions, first, leftOut, sequences);
                } else {
                    struct SetStatements rest = setStatements(db, rows);
                    recordSet(&rest, ids, requests, lengths, revisions, first, leftOut, sequences);
                    finalizeSet(rest);
                }
            }
            run(db, "COMMIT");
            fired += claimed;
            continue;
        }
        for (int i = 0; i < claimed; i++) {
            text(center, 1, ids[i]);
            int sequence = sqlite3_step(center) == SQLITE_ROW ? sqlite3_column_int(center, 0) : 0;
            sqlite3_reset(center);
            if (!fanOut) {
                text(unpend, 1, ids[i]), text(unpend, 2, "campaign"), sqlite3_bind_int(unpend, 3, revisions[i]);
                step(unpend);
            }
            text(deliver, 1, ids[i]), text(deliver, 2, "campaign");
            sqlite3_bind_blob(deliver, 3, requests[i], lengths[i], SQLITE_STATIC), bytes(deliver, 4, 87);
            sqlite3_bind_int(deliver, 5, sequence + 1);
            step(deliver);
            if (!(leftOut & NO_EVENT)) {
                text(presented, 1, ids[i]), sqlite3_bind_int(presented, 2, sequence + 1), bytes(presented, 3, 323);
                step(presented);
            }
            if (!(leftOut & NO_RECEIPT)) {
                text(receipt, 1, ids[i]), text(receipt, 2, "campaign");
                step(receipt);
            }
            if (fanOut) {
                char message[48];
                snprintf(message, sizeof message, "msg_%s", ids[i]);
                text(push, 1, message), bytes(push, 2, 500), text(push, 3, ids[i]);
                step(push);
            }
            if (!(leftOut & NO_WRITE_BACK)) {
                sqlite3_bind_int(writeBack, 1, sequence + 1), sqlite3_bind_int(writeBack, 2, -1), sqlite3_bind_null(writeBack, 3);
                text(writeBack, 4, ids[i]);
                step(writeBack);
            }
        }
        run(db, "COMMIT");
        fired += claimed;
    }
    double rate = fired / (seconds() - start);
    if (fired != count) {
        fprintf(stderr, "burst-ceiling: fired %d of %d\n", fired, count);
        exit(1);
    }
    sqlite3_stmt *statements[] = {due, center, unpend, deliver, presented, receipt, writeBack, push};
    for (int i = 0; i < 8; i++) sqlite3_finalize(statements[i]);
    if (leftOut & SET_WISE) finalizeSet(full);
    free(sequences);
    sqlite3_close(db);
    return rate;
}

/// The raw baselines' database: commits with fsync, and the delivered table both baselines fill.
static sqlite3 *rawDatabase(void) {
    sqlite3 *db = fresh("raw.sqlite", 0, 0);
    run(db, "PRAGMA synchronous = FULL");
    run(db, "CREATE TABLE delivered(center TEXT, identifier TEXT, body BLOB, date INTEGER, PRIMARY KEY (center, identifier))");
    return db;
}

/// `scheduler-bench`'s raw baseline for the burst: rows of the same size moved from a pending to a
/// delivered table, 500 a transaction, by two set-wise statements, each committed with fsync.
static double raw(int count) {
    sqlite3 *db = rawDatabase();
    run(db, "CREATE TABLE pending(center TEXT, identifier TEXT, body BLOB, fire INTEGER, PRIMARY KEY (center, identifier))");
    run(db, "CREATE INDEX pending_due ON pending(fire)");
    sqlite3_stmt *insert = prepare(db, "INSERT INTO pending VALUES (?1, 'campaign', ?2, 1)");
    run(db, "BEGIN");
    char id[32];
    for (int index = 0; index < count; index++) {
        snprintf(id, sizeof id, "user-%d", index);
        text(insert, 1, id), bytes(insert, 2, 160);
        step(insert);
    }
    run(db, "COMMIT");
    sqlite3_finalize(insert);
    sqlite3_stmt *batch = prepare(db, "SELECT rowid FROM pending ORDER BY fire LIMIT 500");
    static char list[RAW_BATCH * 21 + 1], sql[RAW_BATCH * 21 + 128];
    double start = seconds();
    int moved = 0;
    while (moved < count) {
        run(db, "BEGIN");
        int length = 0, rows = 0;
        while (sqlite3_step(batch) == SQLITE_ROW) {
            length += snprintf(list + length, sizeof list - length, "%s%lld", rows++ ? "," : "", sqlite3_column_int64(batch, 0));
        }
        sqlite3_reset(batch);
        snprintf(sql, sizeof sql, "INSERT INTO delivered SELECT center, identifier, body, 2 FROM pending WHERE rowid IN (%s)", list);
        run(db, sql);
        snprintf(sql, sizeof sql, "DELETE FROM pending WHERE rowid IN (%s)", list);
        run(db, sql);
        run(db, "COMMIT");
        moved += rows;
    }
    double rate = count / (seconds() - start);
    sqlite3_finalize(batch);
    sqlite3_close(db);
    return rate;
}

/// `webhook-bench`'s raw baseline for a fan-out's recording: a delivered and an outbox row per center, one
/// row at a time, 1,024 centers a transaction committed with fsync.
static double rawRecording(int count) {
    sqlite3 *db = rawDatabase();
    run(db, "CREATE TABLE outbox(seq INTEGER PRIMARY KEY, id TEXT UNIQUE, center TEXT, body BLOB, due INTEGER)");
    sqlite3_stmt *row = prepare(db, "INSERT INTO delivered VALUES (?1, 'episode', ?2, 1)");
    sqlite3_stmt *outbox = prepare(db, "INSERT INTO outbox(id, center, body, due) VALUES (?1, ?2, ?3, 1)");
    char id[32], message[48];
    double start = seconds();
    for (int batch = 0; batch < count; batch += BATCH) {
        run(db, "BEGIN");
        for (int index = batch; index < count && index < batch + BATCH; index++) {
            snprintf(id, sizeof id, "c%d", index);
            snprintf(message, sizeof message, "msg_%d", index);
            text(row, 1, id), bytes(row, 2, 300);
            step(row);
            text(outbox, 1, message), text(outbox, 2, id), bytes(outbox, 3, 500);
            step(outbox);
        }
        run(db, "COMMIT");
    }
    double rate = count / (seconds() - start);
    sqlite3_finalize(row), sqlite3_finalize(outbox);
    sqlite3_close(db);
    return rate;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: burst-ceiling SCHEMA.sqlite WORKDIR [FIRINGS] [ROUNDS]\n");
        return 2;
    }
    workdir = argv[2];
    int count = argc > 3 ? atoi(argv[3]) : 20000, rounds = argc > 4 ? atoi(argv[4]) : 3;
    memset(filler, 'a', sizeof filler);
    struct { int leftOut; const char *name; } variants[] = {
        {0, "every row, as the firing wrote them"},
        {NO_EVENT, "without the presented event"},
        {NO_EVENT | NO_WRITE_BACK, "without the event and the write-back"},
        {NO_RECEIPT, "without the receipt"},
        {NO_WRITE_BACK, "without the center's write-back"},
        {NO_EVENT | NO_RECEIPT, "without the event and the receipt"},
        {NO_EVENT | NO_RECEIPT | NO_WRITE_BACK, "without those and the write-back (today's)"},
        {NO_EVENT | NO_RECEIPT | NO_WRITE_BACK | NO_FOREIGN_KEYS, "and without foreign key checks"},
        {SET_WISE, "every row, written set-wise"},
        {SET_WISE | NO_EVENT | NO_RECEIPT, "set-wise, without the event and the receipt"},
        {SET_WISE | NO_EVENT | NO_RECEIPT | NO_WRITE_BACK, "set-wise, without those and the write-back"},
    };
    int kinds = sizeof variants / sizeof variants[0];
    printf("burst ceiling: %d firings, the C API with prepared statements, %d a transaction; ratio to the raw baseline run "
           "just before each (%d rounds)\n", count, BATCH, rounds);
    for (int round = 1; round <= rounds; round++) {
        for (int kind = 0; kind < kinds; kind++) {
            double baseline = raw(count), rate = fire(argv[1], count, variants[kind].leftOut);
            printf("  round %d  %-40s %7.0f firings/s  raw %7.0f rows/s  ratio %.2f\n", round, variants[kind].name, rate, baseline,
                   rate / baseline);
            fflush(stdout);
        }
    }
    printf("fan-out ceiling: %d members with a browser each; ratio to the recording's raw baseline run just before each\n", count);
    struct { int leftOut; const char *name; } fanOuts[] = {
        {FAN_OUT, "every row, as the fan-out writes them"},
        {FAN_OUT | NO_EVENT | NO_RECEIPT | NO_WRITE_BACK, "without the event, receipt and write-back (today's)"},
        {FAN_OUT | SET_WISE, "every row, written set-wise"},
        {FAN_OUT | SET_WISE | NO_EVENT | NO_RECEIPT | NO_WRITE_BACK, "set-wise, without event, receipt and write-back"},
    };
    int fanOutKinds = sizeof fanOuts / sizeof fanOuts[0];
    for (int round = 1; round <= rounds; round++) {
        for (int kind = 0; kind < fanOutKinds; kind++) {
            double baseline = rawRecording(count), rate = fire(argv[1], count, fanOuts[kind].leftOut);
            printf("  round %d  %-42s %7.0f members/s  raw %7.0f centers/s  ratio %.2f\n", round, fanOuts[kind].name, rate, baseline,
                   rate / baseline);
            fflush(stdout);
        }
    }
    return 0;
}
