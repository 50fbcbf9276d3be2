/* The bare libmicrohttpd baseline for `make bench`: the same mode usernotifyd uses (one epoll thread),
 * the same JSON body as usernotifyd's /healthz, answered in the final access-handler call (answering in
 * the first call would close keep-alive connections in 0.9.75). Prints its port, serves until SIGTERM. */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static const char body[] = "{\"status\":\"ok\"}";

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    static int marker;
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*con_cls == NULL) { *con_cls = &marker; return MHD_YES; }
    if (*upload_data_size != 0) { *upload_data_size = 0; return MHD_YES; }
    struct MHD_Response *response = MHD_create_response_from_buffer(sizeof(body) - 1, (void *)body, MHD_RESPMEM_MUST_COPY);
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    unsigned short port = argc > 1 ? (unsigned short)atoi(argv[1]) : 0;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG, port, NULL, NULL, handle, NULL,
        MHD_OPTION_CONNECTION_TIMEOUT, 60u, MHD_OPTION_CONNECTION_LIMIT, 1000u, MHD_OPTION_END);
    if (daemon == NULL) return 1;
    printf("{\"msg\":\"listening\",\"http.port\":\"%u\"}\n", MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)->port);
    fflush(stdout);
    int signal;
    sigwait(&set, &signal);
    MHD_stop_daemon(daemon);
    return 0;
}
