/* responses.c: the responses of `halma serve` (see responses.h). */
#include "http/responses.h"

#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/mime.h"
#include "http/security_headers.h"

void file_validators(const StaticFile *file, FileValidators *v) {
    http_etag_format(file->size, file->mtime_sec, file->mtime_nsec, v->etag);
    http_date_format(file->mtime_sec, v->modified);
}

/* A 304 repeats the headers of the 200 it stands for (RFC 9110 15.4.5). */
static struct MHD_Response *with_file_headers(struct MHD_Response *r, const StaticFile *file, const FileValidators *v) {
    if (!r) return NULL;
    add_security_headers(r);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, mime_type_for(file->name));
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache_control_for(file->name));
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, v->etag);
    MHD_add_response_header(r, MHD_HTTP_HEADER_LAST_MODIFIED, v->modified);
    /* The same path answers gzip or not by the request's Accept-Encoding:
     * caches must keep the two apart. */
    MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    if (file->gzip) MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    return r;
}

static struct MHD_Response *empty(void) { return MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT); }

struct MHD_Response *response_file_from_fd(StaticFile *file, const FileValidators *v) {
    struct MHD_Response *r = MHD_create_response_from_fd64(file->size, file->fd);
    if (!r) close(file->fd);
    file->fd = -1;
    return with_file_headers(r, file, v);
}

struct MHD_Response *response_file_from_memory(const StaticFile *file, const FileValidators *v, void *data) {
    struct MHD_Response *r = MHD_create_response_from_buffer(file->size, data, MHD_RESPMEM_MUST_FREE);
    if (!r) free(data);
    return with_file_headers(r, file, v);
}

struct MHD_Response *response_not_modified(const StaticFile *file, const FileValidators *v) {
    return with_file_headers(empty(), file, v);
}

struct MHD_Response *response_redirect(const char *location) {
    struct MHD_Response *r = empty();
    if (!r) return NULL;
    add_security_headers(r);
    MHD_add_response_header(r, MHD_HTTP_HEADER_LOCATION, location);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    return r;
}

typedef struct {
    unsigned status;
    const char *body;
    struct MHD_Response *response;
} ErrorResponse;

static ErrorResponse ERRORS[] = {
    {MHD_HTTP_BAD_REQUEST, "400 Bad Request\n", NULL},
    {MHD_HTTP_FORBIDDEN, "403 Forbidden\n", NULL},
    {MHD_HTTP_NOT_FOUND, "404 Not Found\n", NULL},
    {MHD_HTTP_METHOD_NOT_ALLOWED, "405 Method Not Allowed: only GET and HEAD\n", NULL},
    {MHD_HTTP_URI_TOO_LONG, "414 URI Too Long\n", NULL},
    {MHD_HTTP_INTERNAL_SERVER_ERROR, "500 Internal Server Error\n", NULL},
};

enum { ERROR_COUNT = sizeof ERRORS / sizeof *ERRORS };

bool responses_init(void) {
    for (size_t i = 0; i < ERROR_COUNT; i++) {
        ErrorResponse *e = &ERRORS[i];
        e->response = MHD_create_response_from_buffer(strlen(e->body), (void *)e->body, MHD_RESPMEM_PERSISTENT);
        if (!e->response) return false;
        add_security_headers(e->response);
        MHD_add_response_header(e->response, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
        MHD_add_response_header(e->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
        if (e->status == MHD_HTTP_METHOD_NOT_ALLOWED)
            MHD_add_response_header(e->response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
        /* A client that sent a malformed target is not trusted with another request. */
        if (e->status == MHD_HTTP_BAD_REQUEST || e->status == MHD_HTTP_URI_TOO_LONG)
            MHD_add_response_header(e->response, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    return true;
}

void responses_free(void) {
    for (size_t i = 0; i < ERROR_COUNT; i++) {
        if (ERRORS[i].response) MHD_destroy_response(ERRORS[i].response);
        ERRORS[i].response = NULL;
    }
}

struct MHD_Response *response_error(unsigned status, size_t *body_size) {
    for (size_t i = 0; i < ERROR_COUNT; i++) {
        if (ERRORS[i].status != status) continue;
        *body_size = strlen(ERRORS[i].body);
        return ERRORS[i].response;
    }
    return NULL;
}
