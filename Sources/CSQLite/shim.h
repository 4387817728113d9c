#pragma once
#include <stddef.h>
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; expose it as a value.
static inline sqlite3_destructor_type skillstore_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// The FTS5 API of a connection (NULL when FTS5 is missing), fetched the way
// the FTS5 documentation gives: `SELECT fts5(?1)` with a pointer bound.
static inline fts5_api *skillstore_fts5_api(sqlite3 *db) {
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL) != SQLITE_OK) return NULL;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    return api;
}
