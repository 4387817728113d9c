#ifndef SKILLSTORE_CMICROHTTPD_SHIM_H
#define SKILLSTORE_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot
// call; these wrappers take fixed arguments instead.

/// Starts a daemon with the given access handler, completion notifier,
/// listening address (NULL: every address) and MHD_OPTION_END-terminated
/// integer options.
static inline struct MHD_Daemon *skillstore_mhd_start(
    unsigned int flags, uint16_t port,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    const struct sockaddr *address,
    const struct MHD_OptionItem *options)
{
    if (address != NULL) {
        return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                                MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                                MHD_OPTION_SOCK_ADDR, address,
                                MHD_OPTION_ARRAY, options,
                                MHD_OPTION_END);
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0.
static inline uint16_t skillstore_mhd_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Connections open right now.
static inline unsigned int skillstore_mhd_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The client's address, or NULL.
static inline const struct sockaddr *skillstore_mhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

#endif
