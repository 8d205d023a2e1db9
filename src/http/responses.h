/*
 * responses.h: every response `halma serve` sends, each with its headers:
 * the security headers on all of them, and type, cache lifetime and
 * validators on files.
 */
#ifndef HALMA_RESPONSES_H
#define HALMA_RESPONSES_H

#include <stdbool.h>
#include <stddef.h>

#include "http/http_cache.h"
#include "http/static_files.h"

struct MHD_Response;

/* The validators of a file: its ETag and its Last-Modified date. */
typedef struct {
    char etag[HTTP_ETAG_SIZE];
    char modified[HTTP_DATE_SIZE];
} FileValidators;

void file_validators(const StaticFile *file, FileValidators *v);

/* The file's contents, sent from its descriptor (sendfile), which the
 * response takes over, even on failure.  NULL when out of memory. */
struct MHD_Response *response_file_from_fd(StaticFile *file, const FileValidators *v);

/* The file's contents from memory: data (file->size bytes, from malloc)
 * is the response's, even on failure. */
struct MHD_Response *response_file_from_memory(const StaticFile *file, const FileValidators *v, void *data);

/* The bodiless 304 answering a conditional request for the file. */
struct MHD_Response *response_not_modified(const StaticFile *file, const FileValidators *v);

/* A bodiless redirect to location (for a 301). */
struct MHD_Response *response_redirect(const char *location);

/* The error responses (400, 403, 404, 405, 414, 500) are built once, shared
 * by every request, and freed at the end. */
bool responses_init(void);
void responses_free(void);

/* The shared response for an error status, and its body's size; NULL for a
 * status without one. */
struct MHD_Response *response_error(unsigned status, size_t *body_size);

#endif
