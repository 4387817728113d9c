#pragma once
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; expose it as a value.
static inline sqlite3_destructor_type skillstore_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
