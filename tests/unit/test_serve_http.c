/*
 * test_serve_http.c: the pure parts of `halma serve`: the request target to
 * path decision (the traversal defence), HTTP dates, ETags and conditional
 * requests, MIME types and cache lifetimes.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "http/http_cache.h"
#include "http/http_path.h"
#include "http/mime.h"

static HttpPathResult parse(const char *target, char *out, bool *is_dir) {
    return http_path_from_target(target, out, HTTP_PATH_MAX, is_dir);
}

static void expect_path(const char *target, const char *path, bool dir) {
    char out[HTTP_PATH_MAX];
    bool is_dir;
    cr_assert_eq(parse(target, out, &is_dir), HTTP_PATH_OK, "%s refused", target);
    cr_assert_str_eq(out, path, "%s", target);
    cr_assert_eq(is_dir, dir, "%s: is_dir", target);
}

static void expect_result(const char *target, HttpPathResult expected) {
    char out[HTTP_PATH_MAX];
    bool is_dir;
    cr_assert_eq(parse(target, out, &is_dir), expected, "%s", target);
}

Test(http_path, plain_paths) {
    expect_path("/", "", true);
    expect_path("/index.html", "index.html", false);
    expect_path("/js/main.js", "js/main.js", false);
    expect_path("/sub/", "sub", true);
    expect_path("/sub", "sub", false);
}

Test(http_path, query_cut_and_dots_and_slashes_dropped) {
    expect_path("/style.css?v=2", "style.css", false);
    expect_path("/?a=/../..", "", true);
    expect_path("//js//main.js", "js/main.js", false);
    expect_path("/./js/./main.js", "js/main.js", false);
    expect_path("/js/.", "js", false);
    expect_path("/js/./", "js", true);
}

Test(http_path, decodes_once) {
    expect_path("/a%20b.js", "a b.js", false);
    expect_path("/%41%62", "Ab", false);
    expect_path("/%252e%252e/x", "%2e%2e/x", false);
    expect_path("/%c3%a9.txt", "\xc3\xa9.txt", false);
}

Test(http_path, refuses_parent_segments_however_written) {
    const char *targets[] = {"/..",         "/../x",     "/a/../../x", "/a/..",       "/%2e%2e/x", "/.%2e/x",
                             "/%2E%2E/x",   "/%2e./x",   "/a/%2e%2e",  "/..?x",       "/../"};
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) expect_result(targets[i], HTTP_PATH_BAD);
}

Test(http_path, refuses_ambiguous_bytes) {
    const char *targets[] = {"/a\\b",    "/a%5cb", "/a%5Cb", "/a%2fb", "/a%2Fb", "/a%00b", "/%0d%0aX: y", "/a\tb",
                             "/a%7f",    "/a#b",   "/%",     "/%4",    "/%zz",   "/%g0",   "x",           "",
                             "*",        "http://host/", "../x"};
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) expect_result(targets[i], HTTP_PATH_BAD);
}

Test(http_path, dot_files_are_hidden_but_well_known_is_not) {
    expect_result("/.git/config", HTTP_PATH_HIDDEN);
    expect_result("/.env", HTTP_PATH_HIDDEN);
    expect_result("/a/.secret", HTTP_PATH_HIDDEN);
    expect_result("/%2egit/config", HTTP_PATH_HIDDEN);
    expect_result("/...", HTTP_PATH_HIDDEN);
    expect_path("/.well-known/security.txt", ".well-known/security.txt", false);
}

Test(http_path, too_long) {
    char target[HTTP_PATH_MAX + 10];
    target[0] = '/';
    memset(target + 1, 'a', sizeof target - 2);
    target[sizeof target - 1] = '\0';
    expect_result(target, HTTP_PATH_TOO_LONG);
    target[HTTP_PATH_MAX - 1] = '\0'; /* HTTP_PATH_MAX - 2 letters: fits with its NUL */
    char out[HTTP_PATH_MAX];
    bool is_dir;
    cr_assert_eq(parse(target, out, &is_dir), HTTP_PATH_OK);
    cr_assert_eq(strlen(out), HTTP_PATH_MAX - 2);
}

Test(http_path, tiny_output_buffers) {
    char out[4];
    bool is_dir;
    cr_assert_eq(http_path_from_target("/abc", out, sizeof out, &is_dir), HTTP_PATH_OK);
    cr_assert_str_eq(out, "abc");
    cr_assert_eq(http_path_from_target("/abcd", out, sizeof out, &is_dir), HTTP_PATH_TOO_LONG);
    cr_assert_eq(http_path_from_target("/a/b/c", out, sizeof out, &is_dir), HTTP_PATH_TOO_LONG);
    cr_assert_eq(http_path_from_target("/", out, 0, &is_dir), HTTP_PATH_TOO_LONG);
}

Test(http_date, formats_known_dates) {
    char out[HTTP_DATE_SIZE];
    http_date_format(0, out);
    cr_assert_str_eq(out, "Thu, 01 Jan 1970 00:00:00 GMT");
    http_date_format(784111777, out);
    cr_assert_str_eq(out, "Sun, 06 Nov 1994 08:49:37 GMT");
    http_date_format(951782400, out); /* a leap day in a year divisible by 400 */
    cr_assert_str_eq(out, "Tue, 29 Feb 2000 00:00:00 GMT");
    http_date_format(-5, out); /* clamped */
    cr_assert_str_eq(out, "Thu, 01 Jan 1970 00:00:00 GMT");
    http_date_format(INT64_MAX, out);
    cr_assert_str_eq(out, "Fri, 31 Dec 9999 23:59:59 GMT");
}

Test(http_date, round_trips) {
    for (int64_t t = 0; t < 253402300799; t += 86399 * 37 + 12345) {
        char out[HTTP_DATE_SIZE];
        int64_t back = -1;
        http_date_format(t, out);
        cr_assert(http_date_parse(out, &back), "%s", out);
        cr_assert_eq(back, t, "%s", out);
    }
}

Test(http_date, refuses_other_forms) {
    const char *dates[] = {"Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
                           "Sun, 06 Nov 1994 08:49:37 GMT ", "Sun, 06 Xyz 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
                           "Sun, 06 Nov 1994 24:49:37 GMT",  "Abc, 06 Nov 1994 08:49:37 GMT", "Sun, 0x Nov 1994 08:49:37 GMT",
                           "",                                "yesterday"};
    for (size_t i = 0; i < sizeof dates / sizeof *dates; i++) {
        int64_t t;
        cr_assert_not(http_date_parse(dates[i], &t), "%s", dates[i]);
    }
}

Test(http_etag, format_and_match) {
    char etag[HTTP_ETAG_SIZE];
    http_etag_format(308, 0x6b0c9dad, 0x5ba51ea, etag);
    cr_assert_str_eq(etag, "\"134-6b0c9dad.5ba51ea\"");
    cr_assert(http_etag_matches(etag, etag));
    cr_assert(http_etag_matches("W/\"134-6b0c9dad.5ba51ea\"", etag));
    cr_assert(http_etag_matches("\"x\", \"134-6b0c9dad.5ba51ea\"", etag));
    cr_assert(http_etag_matches("\"x\",W/\"134-6b0c9dad.5ba51ea\" , \"y\"", etag));
    cr_assert(http_etag_matches("*", etag));
    cr_assert(http_etag_matches(" * ", etag));
    cr_assert_not(http_etag_matches("\"134-6b0c9dad.5ba51eb\"", etag));
    cr_assert_not(http_etag_matches("134-6b0c9dad.5ba51ea", etag)); /* unquoted */
    cr_assert_not(http_etag_matches("\"134-6b0c9dad.5ba51ea", etag)); /* unterminated */
    cr_assert_not(http_etag_matches("\"x\" garbage \"134-6b0c9dad.5ba51ea\"", etag));
    cr_assert_not(http_etag_matches("*, \"x\"", etag));
    cr_assert_not(http_etag_matches("", etag));
}

Test(http_conditional, if_none_match_decides_when_present) {
    const char *etag = "\"1-2.3\"";
    cr_assert(http_not_modified("\"1-2.3\"", NULL, etag, 100));
    cr_assert_not(http_not_modified("\"9\"", "Thu, 01 Jan 1970 00:01:40 GMT", etag, 100));
    cr_assert(http_not_modified(NULL, "Thu, 01 Jan 1970 00:01:40 GMT", etag, 100));  /* same second */
    cr_assert(http_not_modified(NULL, "Thu, 01 Jan 1970 00:01:41 GMT", etag, 100));  /* later */
    cr_assert_not(http_not_modified(NULL, "Thu, 01 Jan 1970 00:01:39 GMT", etag, 100));
    cr_assert_not(http_not_modified(NULL, "garbage", etag, 100));
    cr_assert_not(http_not_modified(NULL, NULL, etag, 100));
}

Test(mime, types) {
    cr_assert_str_eq(mime_type_for("index.html"), "text/html; charset=utf-8");
    cr_assert_str_eq(mime_type_for("js/main.js"), "text/javascript; charset=utf-8");
    cr_assert_str_eq(mime_type_for("a.MJS"), "text/javascript; charset=utf-8");
    cr_assert_str_eq(mime_type_for("halma.wasm"), "application/wasm");
    cr_assert_str_eq(mime_type_for("manifest.webmanifest"), "application/manifest+json");
    cr_assert_str_eq(mime_type_for("icons/icon.svg"), "image/svg+xml");
    cr_assert_str_eq(mime_type_for("puzzles/puzzles.jsonl"), "application/jsonl; charset=utf-8");
    cr_assert_str_eq(mime_type_for("css/app.css"), "text/css; charset=utf-8");
    cr_assert_str_eq(mime_type_for("README"), "application/octet-stream");
    cr_assert_str_eq(mime_type_for("dir.js/file"), "application/octet-stream");
    cr_assert_str_eq(mime_type_for("x.exe"), "application/octet-stream");
}

Test(mime, cache_lifetimes) {
    cr_assert_str_eq(cache_control_for("index.html"), "no-cache");
    cr_assert_str_eq(cache_control_for("sw.js"), "no-cache");
    cr_assert_str_eq(cache_control_for("halma.wasm"), "no-cache");
    cr_assert_str_eq(cache_control_for("puzzles/puzzles.jsonl"), "no-cache");
    cr_assert_str_eq(cache_control_for("icons/icon.svg"), "public, max-age=86400");
    cr_assert_str_eq(cache_control_for("js/app.3f9a0c1d.js"), "public, max-age=31536000, immutable");
    cr_assert_str_eq(cache_control_for("engine.3F9A0C1D.wasm"), "public, max-age=31536000, immutable");
    cr_assert_str_eq(cache_control_for("app.3f9a0c1.js"), "no-cache");       /* 7 digits: no hash */
    cr_assert_str_eq(cache_control_for("3f9a0c1d3f.js"), "no-cache");        /* the first part is the name */
    cr_assert_str_eq(cache_control_for("deadbeef00/app.js"), "no-cache");    /* folders do not count */
}

Test(http_accept_encoding, gzip_by_name_weight_or_wildcard) {
    cr_assert(http_accepts_gzip("gzip"));
    cr_assert(http_accepts_gzip("gzip, deflate, br, zstd")); /* Chromium's */
    cr_assert(http_accepts_gzip("br;q=1.0, GZIP;q=0.5"));
    cr_assert(http_accepts_gzip("x-gzip"));
    cr_assert(http_accepts_gzip("*"));
    cr_assert(http_accepts_gzip("gzip;q=0.001"));
    cr_assert(http_accepts_gzip("identity, * ; q=1"));
    cr_assert_not(http_accepts_gzip(NULL));
    cr_assert_not(http_accepts_gzip(""));
    cr_assert_not(http_accepts_gzip("identity"));
    cr_assert_not(http_accepts_gzip("deflate, br"));
    cr_assert_not(http_accepts_gzip("gzip;q=0"));
    cr_assert_not(http_accepts_gzip("gzip; q=0.000"));
    cr_assert_not(http_accepts_gzip("gzip;q=0, *")); /* named outright: refused despite "*" */
    cr_assert_not(http_accepts_gzip("*;q=0"));
    cr_assert_not(http_accepts_gzip("gzipx, xgzip"));
}
