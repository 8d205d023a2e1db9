/*
 * file_response.h: the HTTP responses for a file of the web page, with every
 * header it is served with: type, cache lifetime, validators, security.
 */
#ifndef HALMA_FILE_RESPONSE_H
#define HALMA_FILE_RESPONSE_H

#include "http_cache.h"
#include "static_files.h"

struct MHD_Response;

/* The validators of a file: its ETag and its Last-Modified date. */
typedef struct {
    char etag[HTTP_ETAG_SIZE];
    char modified[HTTP_DATE_SIZE];
} FileValidators;

void file_validators(const StaticFile *file, FileValidators *v);

/* The file's contents, sent from its descriptor (sendfile), which the
 * response takes over, even on failure.  NULL when out of memory. */
struct MHD_Response *file_response_from_fd(StaticFile *file, const FileValidators *v);

/* The file's contents from memory: data (file->size bytes, from malloc)
 * is the response's, even on failure. */
struct MHD_Response *file_response_from_memory(const StaticFile *file, const FileValidators *v, void *data);

/* The bodiless 304 answering a conditional request for the file. */
struct MHD_Response *file_response_not_modified(const StaticFile *file, const FileValidators *v);

#endif
