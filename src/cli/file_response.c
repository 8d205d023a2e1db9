/* file_response.c: the responses for a file (see file_response.h). */
#include "file_response.h"

#include <microhttpd.h>
#include <stdlib.h>
#include <unistd.h>

#include "mime.h"
#include "security_headers.h"

void file_validators(const StaticFile *file, FileValidators *v) {
    http_etag_format(file->size, file->mtime_sec, file->mtime_nsec, v->etag);
    http_date_format(file->mtime_sec, v->modified);
}

/* Headers a 304 must repeat from the 200 (RFC 9110 15.4.5) and the rest. */
static struct MHD_Response *with_headers(struct MHD_Response *r, const StaticFile *file, const FileValidators *v) {
    if (!r) return NULL;
    add_security_headers(r);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, mime_type_for(file->name));
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache_control_for(file->name));
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, v->etag);
    MHD_add_response_header(r, MHD_HTTP_HEADER_LAST_MODIFIED, v->modified);
    return r;
}

struct MHD_Response *file_response_from_fd(StaticFile *file, const FileValidators *v) {
    struct MHD_Response *r = MHD_create_response_from_fd64(file->size, file->fd);
    if (!r) close(file->fd);
    file->fd = -1;
    return with_headers(r, file, v);
}

struct MHD_Response *file_response_from_memory(const StaticFile *file, const FileValidators *v, void *data) {
    struct MHD_Response *r = MHD_create_response_from_buffer(file->size, data, MHD_RESPMEM_MUST_FREE);
    if (!r) free(data);
    return with_headers(r, file, v);
}

struct MHD_Response *file_response_not_modified(const StaticFile *file, const FileValidators *v) {
    return with_headers(MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT), file, v);
}
