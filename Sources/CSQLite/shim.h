#pragma once
#include <math.h>
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

// An FTS5 auxiliary function, `skillstore_bm25(table, weights..., counts...)`:
// FTS5's own bm25 (k1 1.2, b 0.75, the same sums in the same order, so the
// same value), with the number of rows holding each phrase given rather
// than counted. The first values, one per column, are the columns'
// weights; the next, one per phrase of the query in the order the
// expression writes them, how many rows hold that phrase (all of them or
// none: counts for another number of phrases are ignored). A count that is
// missing, NULL or negative is counted as bm25 does, by a walk along the
// phrase's whole list of rows (`xQueryPhrase`) on the first row scored:
// for a word the caller has already listed that walk is wasted, and for a
// word most rows hold it is most of the query. Each row's frequencies are
// read phrase by phrase (`xPhraseFirst`), not from the sorted array of
// every match that `xInstCount` builds. The counts are read on the first
// row scored and kept with the query (FTS5 keeps one such datum per
// function and query): two calls in one statement would share them.
typedef struct {
    int phrases;
    double averageSize;
    double *idf;
    double *frequency;
} skillstore_bm25_data;

static int skillstore_bm25_count(const Fts5ExtensionApi *api, Fts5Context *fts, void *context) {
    (void)api;
    (void)fts;
    (*(sqlite3_int64 *)context)++;
    return SQLITE_OK;
}

static int skillstore_bm25_prepare(
    const Fts5ExtensionApi *api, Fts5Context *fts, int count, sqlite3_value **values, skillstore_bm25_data **out
) {
    skillstore_bm25_data *data = api->xGetAuxdata(fts, 0);
    if (data != NULL) {
        *out = data;
        return SQLITE_OK;
    }
    int phrases = api->xPhraseCount(fts);
    data = sqlite3_malloc64(sizeof(skillstore_bm25_data) + sizeof(double) * 2 * (phrases > 0 ? phrases : 1));
    if (data == NULL) return SQLITE_NOMEM;
    data->phrases = phrases;
    data->idf = (double *)&data[1];
    data->frequency = &data->idf[phrases];
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    data->averageSize = rows > 0 ? (double)tokens / (double)rows : 0;
    // Counts for another number of phrases than the query has were made
    // for another expression: none of them is used.
    int columns = api->xColumnCount(fts);
    int counted = count - columns == phrases;
    for (int phrase = 0; rc == SQLITE_OK && phrase < phrases; phrase++) {
        sqlite3_int64 hits = -1;
        sqlite3_value *given = counted ? values[columns + phrase] : NULL;
        if (given != NULL && sqlite3_value_type(given) != SQLITE_NULL) hits = sqlite3_value_int64(given);
        if (hits < 0) {
            hits = 0;
            rc = api->xQueryPhrase(fts, phrase, &hits, skillstore_bm25_count);
        }
        // A count is an estimate (a common word's) or a bound, and may be
        // above the table's rows: the logarithm is then NaN, which the
        // floor below (written so that NaN fails it) takes as bm25 takes
        // a word in most rows.
        double idf = log(((double)rows - (double)hits + 0.5) / ((double)hits + 0.5));
        data->idf[phrase] = idf > 0.0 ? idf : 1e-6;
    }
    if (rc != SQLITE_OK) {
        sqlite3_free(data);
        return rc;
    }
    // On failure FTS5 has freed the data itself (its destructor is called).
    rc = api->xSetAuxdata(fts, data, sqlite3_free);
    if (rc != SQLITE_OK) return rc;
    *out = data;
    return SQLITE_OK;
}

static void skillstore_fts5_bm25(
    const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count, sqlite3_value **values
) {
    const double k1 = 1.2;
    const double b = 0.75;
    skillstore_bm25_data *data = NULL;
    int rc = skillstore_bm25_prepare(api, fts, count, values, &data);
    int columns = api->xColumnCount(fts);
    for (int phrase = 0; rc == SQLITE_OK && phrase < data->phrases; phrase++) {
        double frequency = 0;
        Fts5PhraseIter iterator;
        int column = -1, offset = -1;
        rc = api->xPhraseFirst(fts, phrase, &iterator, &column, &offset);
        while (rc == SQLITE_OK && column >= 0) {
            frequency += (column < count && column < columns) ? sqlite3_value_double(values[column]) : 1.0;
            api->xPhraseNext(fts, &iterator, &column, &offset);
        }
        data->frequency[phrase] = frequency;
    }
    int size = 0;
    if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &size);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    double score = 0;
    for (int phrase = 0; phrase < data->phrases; phrase++) {
        double frequency = data->frequency[phrase];
        score += data->idf[phrase] * ((frequency * (k1 + 1.0))
            / (frequency + k1 * (1 - b + b * (double)size / data->averageSize)));
    }
    sqlite3_result_double(context, -1.0 * score);
}

// Registers `skillstore_columns` and `skillstore_bm25` on a connection.
// SQLITE_OK, or an error code (SQLITE_ERROR when the connection has no FTS5).
static inline int skillstore_register_fts5_functions(sqlite3 *db) {
    fts5_api *api = skillstore_fts5_api(db);
    if (api == NULL) return SQLITE_ERROR;
    int rc = api->xCreateFunction(api, "skillstore_columns", NULL, skillstore_fts5_columns, NULL);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "skillstore_bm25", NULL, skillstore_fts5_bm25, NULL);
}
