#ifndef USERNOTIFYD_CSQLITECONFIG_SHIM_H
#define USERNOTIFYD_CSQLITECONFIG_SHIM_H

#include <sqlite3.h>

/// Turns off SQLite's allocation statistics, for the whole process (`sqlite3_config` is variadic, which
/// Swift cannot call). With them on, every allocation and free of every connection takes one global
/// mutex, which the writer and the readers contend for. Takes effect only before SQLite's first use in
/// the process (SQLITE_MISUSE after it: nothing changes). Nothing here reads the statistics
/// (`sqlite3_memory_used`, the soft heap limit).
static inline int unfy_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
