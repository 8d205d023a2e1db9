/*
 * security_headers.c: the security headers (see security_headers.h).
 *
 * The page is static files from this one origin: its scripts are modules
 * loaded from files, its engine is WebAssembly compiled by the page
 * ('wasm-unsafe-eval', which allows WebAssembly compilation and nothing of
 * JavaScript's eval), it may register a service worker, and it talks to no
 * other server.  So everything is 'self', and nothing inline: no inline
 * <script>, no inline style="" attributes or <style> elements (setting
 * element.style from a script stays allowed), no eval.  Images may also be
 * data: URLs, for icons drawn by a script.
 *
 * Cross-origin isolation (COOP + COEP) costs a same-origin page nothing and
 * makes SharedArrayBuffer available, should the engine ever search with
 * threads.
 */
#include "http/security_headers.h"

#include <microhttpd.h>

const SecurityHeader SECURITY_HEADERS[] = {
    {"Content-Security-Policy",
     "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
     "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
     "form-action 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "no-referrer"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
    {"Cross-Origin-Embedder-Policy", "require-corp"},
    {"Cross-Origin-Resource-Policy", "same-origin"},
    {"Permissions-Policy",
     "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), "
     "payment=(), usb=(), fullscreen=(self)"},
    {NULL, NULL},
};

void add_security_headers(struct MHD_Response *response) {
    for (const SecurityHeader *h = SECURITY_HEADERS; h->name; h++) MHD_add_response_header(response, h->name, h->value);
}
