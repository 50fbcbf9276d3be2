#ifndef USERNOTIFYD_CMICROHTTPD_SHIM_H
#define USERNOTIFYD_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Receives one formatted libmicrohttpd log message.
typedef void (*unfy_log_sink)(void *context, const char *message);

/// Where libmicrohttpd's messages go: a sink and its context, owned by the Swift daemon.
struct unfy_logger {
    unfy_log_sink sink;
    void *context;
};

static inline void unfy_format_log(void *cls, const char *format, va_list ap) {
    struct unfy_logger *logger = (struct unfy_logger *)cls;
    char message[512];
    vsnprintf(message, sizeof(message), format, ap);
    logger->sink(logger->context, message);
}

/// Leaves the URL and query arguments as the client sent them: libmicrohttpd would decode them in place
/// into C strings, where a `%00` ends the text early. Swift decodes them (HTTPCore's RequestTarget).
static inline size_t unfy_keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

/// The client's network as text into `out` (at least INET6_ADDRSTRLEN bytes): an IPv4 address, or an
/// IPv6 address's /64 (one host's share: a client changes the rest at will). Empty when unknown.
static inline void unfy_client_network(struct MHD_Connection *connection, char *out, socklen_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, size);
    } else if (address->sa_family == AF_INET6) {
        struct in6_addr network = ((const struct sockaddr_in6 *)address)->sin6_addr;
        if (!IN6_IS_ADDR_V4MAPPED(&network)) memset(&network.s6_addr[8], 0, 8);
        inet_ntop(AF_INET6, &network, out, size);
    }
}

/// Everything `MHD_start_daemon` needs, so Swift never calls the variadic function.
struct unfy_daemon_options {
    unsigned int flags;
    const struct sockaddr *address;
    MHD_AcceptPolicyCallback accept_policy;
    MHD_AccessHandlerCallback access_handler;
    MHD_RequestCompletedCallback request_completed;
    MHD_NotifyConnectionCallback connection_notify;
    void *context;
    struct unfy_logger *logger;
    unsigned int connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    unsigned int listen_backlog;
    unsigned int thread_pool_size;
};

static inline struct MHD_Daemon *unfy_start_daemon(const struct unfy_daemon_options *o) {
    return MHD_start_daemon(
        o->flags, 0, o->accept_policy, o->context, o->access_handler, o->context,
        MHD_OPTION_EXTERNAL_LOGGER, unfy_format_log, (void *)o->logger,
        MHD_OPTION_SOCK_ADDR, o->address,
        MHD_OPTION_NOTIFY_COMPLETED, o->request_completed, o->context,
        MHD_OPTION_NOTIFY_CONNECTION, o->connection_notify, o->context,
        MHD_OPTION_CONNECTION_LIMIT, o->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, o->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, o->connection_memory_limit,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, o->listen_backlog,
        MHD_OPTION_UNESCAPE_CALLBACK, unfy_keep_escaped, NULL,
        /* A pool of one is refused with a warning: end the list there instead. */
        o->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, o->thread_pool_size,
        MHD_OPTION_END);
}

/// The bound port, or 0.
static inline uint16_t unfy_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The connection's socket, or -1.
static inline int unfy_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The `socket_context` stored for the connection at MHD_CONNECTION_NOTIFY_STARTED.
static inline void *unfy_connection_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// `MHD_SIZE_UNKNOWN` as a value Swift can import.
static const uint64_t unfy_size_unknown = MHD_SIZE_UNKNOWN;

/// The content reader's end markers, as values Swift can import.
static const ssize_t unfy_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t unfy_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;

#endif
