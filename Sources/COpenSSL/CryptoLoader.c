// libcrypto, loaded with dlopen on the first digest rather than linked:
// linked, its loading and relocation cost every command a millisecond at
// start-up, commands that never hash included (--help, ls, versions).
//
// Each function the code uses is defined here under its own name and
// forwards to the library's, so the Swift code calls libcrypto as if it were
// linked. A function it starts to use must be added here (the link fails
// until it is).

#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
    __typeof__(&EVP_Digest) digest;
    __typeof__(&EVP_sha256) sha256;
} crypto;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static const char *load_failure;

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_failure = dlerror();
        return;
    }
    *(void **)&crypto.digest = dlsym(library, "EVP_Digest");
    *(void **)&crypto.sha256 = dlsym(library, "EVP_sha256");
    if (crypto.digest == NULL || crypto.sha256 == NULL) load_failure = "libcrypto lacks EVP_Digest or EVP_sha256";
}

/// Loads the library once. Without it no blob can be named, as a linked
/// library that is missing would have stopped the program at start.
static void loaded_or_exit(void) {
    pthread_once(&loaded, load);
    if (load_failure != NULL) {
        fprintf(stderr, "skillctl: libcrypto, which hashing blobs needs, cannot be loaded (%s)\n", load_failure);
        abort();
    }
}

int EVP_Digest(const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type,
               ENGINE *impl) {
    loaded_or_exit();
    return crypto.digest(data, count, md, size, type, impl);
}

const EVP_MD *EVP_sha256(void) {
    loaded_or_exit();
    return crypto.sha256();
}
