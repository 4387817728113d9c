#ifndef CCURL_H
#define CCURL_H

// libcurl's easy API, reached through dlopen: skillctl does not link
// libcurl, so local commands never pay for loading it and the thirty
// libraries it depends on; the first request to a server loads it.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call: each argument type used gets its own typed function here.

#include <curl/curl.h>

/// Loads libcurl (once, any thread) and initialises it. Returns NULL when it
/// is usable, else why not (dlerror's text, or the missing symbol's name).
const char *ccurl_load(void);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
void ccurl_easy_reset(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode ccurl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, curl_write_callback value);

CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

#endif
