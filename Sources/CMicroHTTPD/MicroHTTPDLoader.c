// libmicrohttpd, loaded with dlopen when the server first calls it: linked,
// it and GnuTLS (which it depends on, with seven more libraries, and whose
// constructor parses ASN.1 tables) loaded at every start of skillctl, local
// commands included, and cost more start-up time than the rest of the loader.
//
// Each function the server uses is defined here under its own name and
// forwards to the library's, so the Swift code calls libmicrohttpd as if it
// were linked. A function the server starts to use must be added here (the
// link fails until it is).

#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
    __typeof__(&MHD_start_daemon_va) start_daemon_va;
    __typeof__(&MHD_quiesce_daemon) quiesce_daemon;
    __typeof__(&MHD_stop_daemon) stop_daemon;
    __typeof__(&MHD_get_daemon_info) get_daemon_info;
    __typeof__(&MHD_get_connection_info) get_connection_info;
    __typeof__(&MHD_get_connection_values) get_connection_values;
    __typeof__(&MHD_queue_response) queue_response;
    __typeof__(&MHD_suspend_connection) suspend_connection;
    __typeof__(&MHD_resume_connection) resume_connection;
    __typeof__(&MHD_create_response_from_buffer_with_free_callback_cls) create_response_from_buffer_with_free_callback_cls;
    __typeof__(&MHD_create_response_from_fd_at_offset64) create_response_from_fd_at_offset64;
    __typeof__(&MHD_destroy_response) destroy_response;
    __typeof__(&MHD_add_response_header) add_response_header;
} mhd;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static const char *load_failure;

static void load(void) {
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libmicrohttpd.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_failure = dlerror();
        return;
    }
#define SYMBOL(field)                                       \
    *(void **)&mhd.field = dlsym(library, "MHD_" #field);   \
    if (mhd.field == NULL) {                                \
        load_failure = "libmicrohttpd lacks MHD_" #field;   \
        return;                                             \
    }
    SYMBOL(start_daemon_va)
    SYMBOL(quiesce_daemon)
    SYMBOL(stop_daemon)
    SYMBOL(get_daemon_info)
    SYMBOL(get_connection_info)
    SYMBOL(get_connection_values)
    SYMBOL(queue_response)
    SYMBOL(suspend_connection)
    SYMBOL(resume_connection)
    SYMBOL(create_response_from_buffer_with_free_callback_cls)
    SYMBOL(create_response_from_fd_at_offset64)
    SYMBOL(destroy_response)
    SYMBOL(add_response_header)
#undef SYMBOL
}

/// Loads the library once; false (having said why) when it cannot be used.
static int available(void) {
    pthread_once(&loaded, load);
    if (load_failure != NULL) {
        fprintf(stderr, "skillctl: libmicrohttpd, which serving needs, cannot be loaded (%s)\n", load_failure);
        return 0;
    }
    return 1;
}

/// For the functions that only run on a daemon, which cannot exist unless
/// the library loaded.
static void loaded_already(void) {
    if (!available()) abort();
}

// The daemon cannot start without the library: NULL, as for any failure to start.
struct MHD_Daemon *MHD_start_daemon(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,
                                    MHD_AccessHandlerCallback dh, void *dh_cls, ...) {
    if (!available()) return NULL;
    va_list options;
    va_start(options, dh_cls);
    struct MHD_Daemon *daemon = mhd.start_daemon_va(flags, port, apc, apc_cls, dh, dh_cls, options);
    va_end(options);
    return daemon;
}

MHD_socket MHD_quiesce_daemon(struct MHD_Daemon *daemon) {
    loaded_already();
    return mhd.quiesce_daemon(daemon);
}

void MHD_stop_daemon(struct MHD_Daemon *daemon) {
    loaded_already();
    mhd.stop_daemon(daemon);
}

// The server asks only for information that takes no further argument.
const union MHD_DaemonInfo *MHD_get_daemon_info(struct MHD_Daemon *daemon, enum MHD_DaemonInfoType info_type, ...) {
    loaded_already();
    return mhd.get_daemon_info(daemon, info_type);
}

const union MHD_ConnectionInfo *MHD_get_connection_info(struct MHD_Connection *connection,
                                                        enum MHD_ConnectionInfoType info_type, ...) {
    loaded_already();
    return mhd.get_connection_info(connection, info_type);
}

int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                              MHD_KeyValueIterator iterator, void *iterator_cls) {
    loaded_already();
    return mhd.get_connection_values(connection, kind, iterator, iterator_cls);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response) {
    loaded_already();
    return mhd.queue_response(connection, status_code, response);
}

void MHD_suspend_connection(struct MHD_Connection *connection) {
    loaded_already();
    mhd.suspend_connection(connection);
}

void MHD_resume_connection(struct MHD_Connection *connection) {
    loaded_already();
    mhd.resume_connection(connection);
}

struct MHD_Response *MHD_create_response_from_buffer_with_free_callback_cls(size_t size, void *buffer,
                                                                            MHD_ContentReaderFreeCallback crfc,
                                                                            void *crfc_cls) {
    loaded_already();
    return mhd.create_response_from_buffer_with_free_callback_cls(size, buffer, crfc, crfc_cls);
}

struct MHD_Response *MHD_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset) {
    loaded_already();
    return mhd.create_response_from_fd_at_offset64(size, fd, offset);
}

void MHD_destroy_response(struct MHD_Response *response) {
    loaded_already();
    mhd.destroy_response(response);
}

enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    loaded_already();
    return mhd.add_response_header(response, header, content);
}
