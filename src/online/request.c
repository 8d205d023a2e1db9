/* request.c: the answers of online play (see request.h). */
#include "online/request.h"

void online_error(OnlineAnswer *answer, unsigned status, const char *code, const char *message) {
    answer->status = status;
    answer->retry_after = 0;
    answer->body = json_pack("{s:s, s:s}", "error", code, "message", message);
}
