#pragma once
#include <fcntl.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; expose it as a value.
static inline sqlite3_destructor_type skillstore_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's
// count of the memory it holds (nothing here asks for it): counting takes
// a process-wide mutex around every allocation and free, about 9,000 of
// them in a search. Only before SQLite first initializes; returns
// SQLITE_MISUSE after.
static inline int skillstore_sqlite_stop_counting_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// Gives SQLite `bytes` (a multiple of 2 MB) of memory for its page cache,
// for pages of up to `pageSize` bytes, aligned to 2 MB and marked for the
// kernel's transparent huge pages: SQLite writes into every slot of it as
// it starts, which faults the memory in at once, one 2 MB page (about 0.13
// ms here) where the same pages cost one fault per 4 KB (about 2 us each).
// Every connection of the process takes its pages from it first, and once
// it is nearly full SQLite stops growing any page cache (it counts as
// memory pressure): only for a process whose page cache is this size and
// writes little (a transaction that outgrows it spills to the log), and
// whose store's pages are `pageSize` (larger ones do not fit the slots).
// Returns the number of pages it holds, or 0, changing nothing, when huge
// pages are off ("[never]" in /sys/kernel/mm/transparent_hugepage/enabled,
// or no such file, or turned off for this process with prctl), when the
// memory cannot be had, or when SQLite has started: only before the
// process opens its first connection, while no other thread uses SQLite
// (sqlite3_config is not thread-safe). A huge page is the kernel's to
// give: short of free 2 MB pages it may compact memory first (a stall) or
// fault the memory in 4 KB pages after all, as without this.
static inline int skillstore_transparent_huge_pages_usable(void);
static inline int skillstore_sqlite_huge_page_cache(size_t bytes, int pageSize) {
    const size_t huge = (size_t)2 << 20;
    if (!skillstore_transparent_huge_pages_usable() || bytes == 0 || bytes % huge != 0) return 0;
    char *mapped = mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return 0;
    // Keep only the aligned `bytes`.
    char *start = (char *)(((uintptr_t)mapped + huge - 1) & ~(uintptr_t)(huge - 1));
    if (start > mapped) munmap(mapped, (size_t)(start - mapped));
    if (start + bytes < mapped + bytes + huge) munmap(start + bytes, (size_t)(mapped + bytes + huge - (start + bytes)));
    int header = 0;
    if (madvise(start, bytes, MADV_HUGEPAGE) == 0 && sqlite3_config(SQLITE_CONFIG_PCACHE_HDRSZ, &header) == SQLITE_OK) {
        int slot = (pageSize + header + 7) & ~7;
        int slots = (int)(bytes / (size_t)slot);
        if (sqlite3_config(SQLITE_CONFIG_PAGECACHE, start, slot, slots) == SQLITE_OK) return slots;
    }
    munmap(start, bytes);
    return 0;
}

// 1 when this process may have transparent huge pages for memory it marks
// with madvise: /sys/kernel/mm/transparent_hugepage/enabled is not
// "[never]" and prctl has not turned them off for the process; else 0.
static inline int skillstore_transparent_huge_pages_usable(void) {
    char setting[64] = {0};
    int file = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
    if (file < 0) return 0;
    ssize_t length = read(file, setting, sizeof setting - 1);
    close(file);
    return length > 0 && strstr(setting, "[never]") == NULL && prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0) != 1;
}

// How many pages of the memory given by skillstore_sqlite_huge_page_cache
// hold a page now.
static inline int skillstore_sqlite_page_cache_slots_in_use(void) {
    int current = 0, highest = 0;
    sqlite3_status(SQLITE_STATUS_PAGECACHE_USED, &current, &highest, 0);
    return current;
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

// The number of tokens in each row of the per-skill indexes, kept beside
// FTS5's own `%_docsize` tables in `search_sizes`
// (migrations/0013_search_sizes.sql): FTS5 reads a row's size with a
// statement per row, about 3,500 instructions, and the sizes of the rows a
// query scores lie on nearly every page of its docsize table (129 of 134
// pages for 961 names and descriptions among 100,000). Here one row holds
// the sizes of `SKILLSTORE_SIZES_CHUNK` consecutive versions, each in
// `skillstore_sizes_width(index)` bytes, little-endian: 0 is not known,
// the widest value means at least that many; either way bm25 asks FTS5.
// `index` 0 is `skill_text`, 1 is `skill_lead`. 4,000 sizes of 2 bytes
// fill one 8 KB page (a row of more would spill onto a second).
enum { SKILLSTORE_SIZES_CHUNK = 4000 };

static inline int skillstore_sizes_width(int index) { return index == 0 ? 2 : 1; }

// The `search_sizes` row holding the size of `version`'s row of `index`.
static inline sqlite3_int64 skillstore_sizes_row(int index, sqlite3_int64 version) {
    return ((sqlite3_int64)index << 32) | (version / SKILLSTORE_SIZES_CHUNK);
}

// The widest size `index` records: it stands for "at least", and is read
// from FTS5.
static inline int skillstore_sizes_widest(int index) { return (1 << (8 * skillstore_sizes_width(index))) - 1; }

// The size recorded for `version` in its row of `index` (`sizes`, `bytes`
// long): 0 when the row does not reach it. The one reading of the layout,
// for bm25 here and for SkillStore (`SearchSizesLayout`).
static inline int skillstore_sizes_get(const unsigned char *sizes, int bytes, int index, sqlite3_int64 version) {
    int width = skillstore_sizes_width(index);
    if (version < 0) return 0;
    sqlite3_int64 offset = (version % SKILLSTORE_SIZES_CHUNK) * width;
    if (offset + width > bytes) return 0;
    int size = sizes[offset];
    if (width == 2) size |= sizes[offset + 1] << 8;
    return size;
}

// Writes `size` for `version` into its row of `index` (`sizes`, `bytes`
// long, when it reaches it), as the widest value when it is larger.
static inline void skillstore_sizes_set(unsigned char *sizes, int bytes, int index, sqlite3_int64 version, sqlite3_int64 size) {
    int width = skillstore_sizes_width(index);
    if (version < 0) return;
    sqlite3_int64 offset = (version % SKILLSTORE_SIZES_CHUNK) * width;
    if (offset + width > bytes) return;
    sqlite3_int64 widest = skillstore_sizes_widest(index);
    sqlite3_int64 value = size < 0 ? 0 : size > widest ? widest : size;
    sizes[offset] = (unsigned char)(value & 0xff);
    if (width == 2) sizes[offset + 1] = (unsigned char)(value >> 8);
}

// Reads the varint at `*offset` of `blob` (`bytes` long), as SQLite and
// FTS5 write them, into `*value` and moves past it; 0 when it runs off the
// end.
static inline int skillstore_varint(const unsigned char *blob, int bytes, int *offset, sqlite3_uint64 *value) {
    sqlite3_uint64 read = 0;
    int length = 0;
    while (1) {
        if (*offset + length >= bytes) return 0;
        unsigned char byte = blob[*offset + length];
        length++;
        if (length == 9) {
            read = (read << 8) | byte;
            break;
        }
        read = (read << 7) | (byte & 0x7f);
        if ((byte & 0x80) == 0) break;
    }
    *offset += length;
    *value = read;
    return 1;
}

// The sum of the column sizes in an FTS5 `%_docsize` blob (a varint per
// column, as SQLite writes varints), or -1 when the blob is not one.
static inline sqlite3_int64 skillstore_docsize_total(const unsigned char *blob, int bytes) {
    sqlite3_int64 total = 0;
    int offset = 0;
    while (offset < bytes) {
        sqlite3_uint64 value = 0;
        if (!skillstore_varint(blob, bytes, &offset, &value)) return -1;
        if (value > 0x7fffffff) return -1;
        total += (sqlite3_int64)value;
    }
    return total;
}

// The number of rows an FTS5 index holds, as its averages record (the
// `%_data` row with id 1: the row count, then each column's token count)
// says and bm25 counts them (`xRowCount`); 0 for an empty record, -1 when
// the blob is not one.
static inline sqlite3_int64 skillstore_averages_rows(const unsigned char *blob, int bytes) {
    if (bytes == 0) return 0;
    int offset = 0;
    sqlite3_uint64 rows = 0;
    if (!skillstore_varint(blob, bytes, &offset, &rows) || rows > 0x7fffffffffffffffULL) return -1;
    return (sqlite3_int64)rows;
}

// The idf bm25 gives a phrase `hits` of an index's `rows` hold. A count is
// an estimate (a common word's) or a bound, and may be above the table's
// rows: the logarithm is then NaN, which the floor (written so that NaN
// fails it) takes as bm25 takes a word in most rows. The one computation,
// for `skillstore_bm25` and SkillStore (`SearchBM25`).
static inline double skillstore_bm25_idf(sqlite3_int64 rows, sqlite3_int64 hits) {
    double idf = log(((double)rows - (double)hits + 0.5) / ((double)hits + 0.5));
    return idf > 0.0 ? idf : 1e-6;
}

// A count given to `skillstore_bm25` for a phrase whose idf is to be 1: a
// row's score is then the phrase's frequency part alone, which the caller
// multiplies by the idf once it knows how many rows hold the phrase.
enum { SKILLSTORE_BM25_IDF_ONE = -2 };

// An FTS5 auxiliary function, `skillstore_bm25(table, weights..., counts...)`:
// FTS5's own bm25 (k1 1.2, b 0.75, the same sums in the same order, so the
// same value), with the number of rows holding each phrase given rather
// than counted. The first values, one per column, are the columns'
// weights; the next, one per phrase of the query in the order the
// expression writes them, how many rows hold that phrase (all of them or
// none: counts for another number of phrases are ignored), or
// `SKILLSTORE_BM25_IDF_ONE` for an idf of 1. A count that is
// missing, NULL or otherwise negative is counted as bm25 does, by a walk along the
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
    // The row sizes read from `search_sizes` (see above): the chunk of
    // them last read, the open handle it was read through, and whether a
    // chunk was missing (the sizes are then FTS5's for the whole query).
    sqlite3_blob *sizesBlob;
    sqlite3_int64 sizesRow;
    int sizesBytes;
    int sizesMissing;
    unsigned char sizes[SKILLSTORE_SIZES_CHUNK * 2];
} skillstore_bm25_data;

static void skillstore_bm25_free(void *pointer) {
    skillstore_bm25_data *data = pointer;
    if (data->sizesBlob != NULL) sqlite3_blob_close(data->sizesBlob);
    sqlite3_free(data);
}

// The size of the current row of `index` as `search_sizes` holds it, or 0
// when it does not: a chunk of sizes is read once for the rows in it (FTS5
// gives a query's rows in order of row id).
static int skillstore_bm25_size(
    const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, skillstore_bm25_data *data, int index
) {
    if (data->sizesMissing) return 0;
    sqlite3_int64 version = api->xRowid(fts);
    // Versions are numbered from 1; a row id outside what the layout can
    // hold (a crafted store) is FTS5's to size.
    if (version < 0 || version / SKILLSTORE_SIZES_CHUNK > 0xffffffff) return 0;
    sqlite3_int64 row = skillstore_sizes_row(index, version);
    if (row != data->sizesRow) {
        data->sizesRow = row;
        data->sizesBytes = 0;
        int rc;
        if (data->sizesBlob == NULL) {
            rc = sqlite3_blob_open(sqlite3_context_db_handle(context), "main", "search_sizes", "sizes", row, 0, &data->sizesBlob);
        } else {
            rc = sqlite3_blob_reopen(data->sizesBlob, row);
        }
        if (rc != SQLITE_OK) {
            // A missing chunk: a store whose sizes were not all recorded
            // (each try compiles a statement, so none is made again).
            if (data->sizesBlob != NULL) sqlite3_blob_close(data->sizesBlob);
            data->sizesBlob = NULL;
            data->sizesMissing = 1;
            return 0;
        }
        int bytes = sqlite3_blob_bytes(data->sizesBlob);
        if (bytes > (int)sizeof(data->sizes)) bytes = (int)sizeof(data->sizes);
        if (sqlite3_blob_read(data->sizesBlob, data->sizes, bytes, 0) != SQLITE_OK) return 0;
        data->sizesBytes = bytes;
    }
    int size = skillstore_sizes_get(data->sizes, data->sizesBytes, index, version);
    return size == skillstore_sizes_widest(index) ? 0 : size;
}

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
    data->sizesBlob = NULL;
    data->sizesRow = -1;
    data->sizesBytes = 0;
    data->sizesMissing = 0;
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
        if (hits == SKILLSTORE_BM25_IDF_ONE) {
            data->idf[phrase] = 1.0;
            continue;
        }
        if (hits < 0) {
            hits = 0;
            rc = api->xQueryPhrase(fts, phrase, &hits, skillstore_bm25_count);
        }
        data->idf[phrase] = skillstore_bm25_idf(rows, hits);
    }
    if (rc != SQLITE_OK) {
        sqlite3_free(data);
        return rc;
    }
    // On failure FTS5 has freed the data itself (its destructor is called).
    rc = api->xSetAuxdata(fts, data, skillstore_bm25_free);
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
    // Registered for an index of `search_sizes` (its number the user
    // data), sizes are read from there; else, or when not recorded, FTS5's.
    const int *sizesIndex = api->xUserData(fts);
    int size = (rc == SQLITE_OK && sizesIndex != NULL) ? skillstore_bm25_size(api, fts, context, data, *sizesIndex) : 0;
    if (rc == SQLITE_OK && size == 0) rc = api->xColumnSize(fts, -1, &size);
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

// Registers `skillstore_columns`, `skillstore_bm25`, `skillstore_text_bm25`
// and `skillstore_lead_bm25` on a connection.
// SQLITE_OK, or an error code (SQLITE_ERROR when the connection has no FTS5).
static inline int skillstore_register_fts5_functions(sqlite3 *db) {
    fts5_api *api = skillstore_fts5_api(db);
    if (api == NULL) return SQLITE_ERROR;
    static const int text = 0, lead = 1;
    int rc = api->xCreateFunction(api, "skillstore_columns", NULL, skillstore_fts5_columns, NULL);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "skillstore_bm25", NULL, skillstore_fts5_bm25, NULL);
    // The same, reading row sizes from `search_sizes`: for skill_text and skill_lead.
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "skillstore_text_bm25", (void *)&text, skillstore_fts5_bm25, NULL);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "skillstore_lead_bm25", (void *)&lead, skillstore_fts5_bm25, NULL);
}
