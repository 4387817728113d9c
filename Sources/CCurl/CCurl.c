#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static const char *load_failure;

static void load(void) {
    // The name the Debian runtime package (libcurl4) installs first; the
    // others serve systems that ship only the GnuTLS build or the dev link.
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        load_failure = dlerror();
        return;
    }
#define SYMBOL(field, name)                          \
    *(void **)&curl.field = dlsym(library, name);    \
    if (curl.field == NULL) {                        \
        load_failure = "libcurl lacks " name;        \
        return;                                      \
    }
    SYMBOL(global_init, "curl_global_init")
    SYMBOL(easy_init, "curl_easy_init")
    SYMBOL(easy_cleanup, "curl_easy_cleanup")
    SYMBOL(easy_reset, "curl_easy_reset")
    SYMBOL(easy_perform, "curl_easy_perform")
    SYMBOL(easy_strerror, "curl_easy_strerror")
    SYMBOL(easy_setopt, "curl_easy_setopt")
    SYMBOL(easy_getinfo, "curl_easy_getinfo")
    SYMBOL(slist_append, "curl_slist_append")
    SYMBOL(slist_free_all, "curl_slist_free_all")
#undef SYMBOL
    // curl_easy_init would do it too, but not safely from several threads.
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        load_failure = "curl_global_init failed";
    }
}

const char *ccurl_load(void) {
    pthread_once(&loaded, load);
    return load_failure;
}

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
void ccurl_easy_reset(CURL *handle) { curl.easy_reset(handle); }
CURLcode ccurl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
