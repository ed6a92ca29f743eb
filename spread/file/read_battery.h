/* read_battery.h — one algorithm's structure battery (hbspread --battery) from its JSON, fed value
 * by value by read_spread.c's streaming reader. */
#ifndef HB_ADVICE_READ_BATTERY_H
#define HB_ADVICE_READ_BATTERY_H

#include <stdbool.h>
#include <stddef.h>

#include "spread_battery.h"

#define HB_BATTERY_ELEMENT "[]" /* an array's element in a path */

/* A map or array opens at path (the keys below "battery"; n = 0 is the battery itself, which
 * allocates *b). Returns 0, or -1 with *why (too many designs). */
int hb_read_battery_open(struct hb_spread_battery **b, const char *const *path, int n, char **why);
/* A scalar at path below "battery" (ignored when b is NULL or the member unknown). Returns 0, or -1
 * with *why naming the member whose value is not what the contract says. */
int hb_read_battery_scalar(struct hb_spread_battery *b, const char *const *path, int n, bool is_string,
                           const char *text, size_t len, char **why);

#endif
