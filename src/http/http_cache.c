/*
 * http_cache.c: HTTP validators and conditional requests (see http_cache.h).
 *
 * Dates are converted with the civil-calendar arithmetic of H. Hinnant's
 * "chrono-Compatible Low-Level Date Algorithms" rather than gmtime/timegm:
 * no locale, no time zone, no non-standard timegm, and the same result on
 * every platform.
 */
#include "http/http_cache.h"

#include <stdio.h>
#include <string.h>
#include <strings.h> /* strncasecmp */

static const char WEEKDAYS[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
static const char MONTHS[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/* The latest date a four-digit year can write: 9999-12-31 23:59:59. */
static const int64_t LAST_DATE = 253402300799;

/* Days since 1970-01-01 of a proleptic Gregorian date. */
static int64_t days_from_civil(int64_t y, int m, int d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t year_of_era = y - era * 400;
    int64_t day_of_year = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int *m, int *d) {
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t day_of_era = z - era * 146097;
    int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    int64_t mp = (5 * day_of_year + 2) / 153;
    *d = (int)(day_of_year - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = year_of_era + era * 400 + (*m <= 2);
}

void http_date_format(int64_t t, char out[HTTP_DATE_SIZE]) {
    if (t < 0) t = 0;
    if (t > LAST_DATE) t = LAST_DATE;
    int64_t days = t / 86400, seconds = t % 86400, year;
    int month, day;
    civil_from_days(days, &year, &month, &day);
    /* Room for any int, though t is clamped to four-digit years: the compiler cannot see that. */
    char text[64];
    snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d GMT", WEEKDAYS[(days + 4) % 7], day,
             MONTHS[month - 1], (int)year, (int)(seconds / 3600), (int)(seconds / 60 % 60), (int)(seconds % 60));
    memcpy(out, text, HTTP_DATE_SIZE - 1);
    out[HTTP_DATE_SIZE - 1] = '\0';
}

/* Reads exactly n decimal digits. */
static bool read_digits(const char *s, int n, int *value) {
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    *value = v;
    return true;
}

bool http_date_parse(const char *s, int64_t *t) {
    /* "Sun, 06 Nov 1994 08:49:37 GMT" */
    if (strlen(s) != HTTP_DATE_SIZE - 1) return false;
    bool weekday_known = false;
    for (int i = 0; i < 7; i++) weekday_known |= !memcmp(s, WEEKDAYS[i], 3);
    int month = 0;
    for (int i = 0; i < 12; i++)
        if (!memcmp(s + 8, MONTHS[i], 3)) month = i + 1;
    int day, year, hour, minute, second;
    if (!weekday_known || month == 0 || memcmp(s + 3, ", ", 2) || s[7] != ' ' || s[11] != ' ' || s[16] != ' ' ||
        s[19] != ':' || s[22] != ':' || memcmp(s + 25, " GMT", 4))
        return false;
    if (!read_digits(s + 5, 2, &day) || !read_digits(s + 12, 4, &year) || !read_digits(s + 17, 2, &hour) ||
        !read_digits(s + 20, 2, &minute) || !read_digits(s + 23, 2, &second))
        return false;
    if (day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return false;
    *t = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
    return true;
}

void http_etag_format(uint64_t size, int64_t mtime_sec, long mtime_nsec, char out[HTTP_ETAG_SIZE]) {
    snprintf(out, HTTP_ETAG_SIZE, "\"%llx-%llx.%lx\"", (unsigned long long)size, (unsigned long long)mtime_sec,
             (unsigned long)mtime_nsec);
}

static const char *skip_list_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == ',') p++;
    return p;
}

bool http_etag_matches(const char *if_none_match, const char *etag) {
    size_t etag_len = strlen(etag);
    const char *p = skip_list_space(if_none_match);
    if (*p == '*') return *skip_list_space(p + 1) == '\0';
    while (*p) {
        if (p[0] == 'W' && p[1] == '/') p += 2; /* weak comparison: W/"x" matches "x" */
        if (*p != '"') return false;            /* malformed: no match, a full response is always safe */
        const char *close = strchr(p + 1, '"');
        if (!close) return false;
        size_t len = (size_t)(close - p) + 1;
        if (len == etag_len && !memcmp(p, etag, len)) return true;
        p = skip_list_space(close + 1);
    }
    return false;
}

bool http_not_modified(const char *if_none_match, const char *if_modified_since, const char *etag,
                       int64_t mtime_sec) {
    if (if_none_match) return http_etag_matches(if_none_match, etag);
    int64_t since;
    return if_modified_since && http_date_parse(if_modified_since, &since) && mtime_sec <= since;
}

/* Is the weight after a coding ("; q=0.5") zero?  p points after the coding's name. */
static bool weight_is_zero(const char *p) {
    while (*p == ' ' || *p == '\t') p++;
    if (*p != ';') return false;
    p++;
    while (*p == ' ' || *p == '\t') p++;
    if ((*p != 'q' && *p != 'Q') || p[1] != '=') return false;
    p += 2;
    if (*p != '0') return false;
    for (p++, p += *p == '.'; *p >= '0' && *p <= '9'; p++)
        if (*p != '0') return false;
    return true;
}

bool http_accepts_gzip(const char *accept_encoding) {
    if (!accept_encoding) return false;
    int gzip = -1, any = -1; /* -1 not named, 0 refused (q=0), 1 accepted */
    for (const char *p = skip_list_space(accept_encoding); *p; p = skip_list_space(p)) {
        size_t len = strcspn(p, " \t;,");
        int accepted = !weight_is_zero(p + len);
        if ((len == 4 && !strncasecmp(p, "gzip", 4)) || (len == 6 && !strncasecmp(p, "x-gzip", 6))) gzip = accepted;
        else if (len == 1 && *p == '*') any = accepted;
        p += strcspn(p, ",");
    }
    /* A coding named outright overrides the "*" of the rest. */
    return gzip >= 0 ? gzip == 1 : any == 1;
}
