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

// An FTS5 auxiliary function, `skillstore_columns(table)`: the columns of
// the current row in which any of the query's phrases matches, as a bit
// mask (bit i for column i; at most 63 columns). Read from each phrase's
// column list, without its positions.
static void skillstore_fts5_columns(
    const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count, sqlite3_value **values
) {
    (void)count;
    (void)values;
    sqlite3_int64 mask = 0;
    int phrases = api->xPhraseCount(fts);
    for (int phrase = 0; phrase < phrases; phrase++) {
        Fts5PhraseIter iterator;
        int column = -1;
        int rc = api->xPhraseFirstColumn(fts, phrase, &iterator, &column);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        while (column >= 0) {
            if (column < 63) mask |= (sqlite3_int64)1 << column;
            api->xPhraseNextColumn(fts, &iterator, &column);
        }
    }
    sqlite3_result_int64(context, mask);
}

// Registers `skillstore_columns` on a connection. SQLITE_OK, or an error
// code (SQLITE_ERROR when the connection has no FTS5).
static inline int skillstore_register_fts5_columns(sqlite3 *db) {
    fts5_api *api = skillstore_fts5_api(db);
    if (api == NULL) return SQLITE_ERROR;
    return api->xCreateFunction(api, "skillstore_columns", NULL, skillstore_fts5_columns, NULL);
}
