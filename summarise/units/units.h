/* units.h — benchmark units: tidying pre-scaled units to base units (ns -> sec, MB -> B), the
 * prefix class of a unit, and which direction is better. */
#ifndef HB_UNITS_H
#define HB_UNITS_H

#include <stdbool.h>
#include <stddef.h>

enum hb_unit_class { HB_UNIT_DECIMAL, HB_UNIT_BINARY };

/* Tidies unit (len bytes) as benchunit.Tidy does: "ns/op" -> "sec/op" (x1e-9), "MB/s" -> "B/s"
 * (x1e6), and "ns"/"MB" tokens elsewhere in the numerator. Writes the tidied unit (NUL-terminated,
 * at most out_size bytes) and returns the factor the value must be multiplied by. */
double hb_unit_tidy(const char *unit, size_t len, char *out, size_t out_size);

/* Binary when B, MB or bytes is a numerator token of unit; decimal otherwise. */
enum hb_unit_class hb_unit_class_of(const char *unit);

/* True for units where a larger value is better: those ending in "/s" (throughputs). */
bool hb_unit_higher_is_better(const char *unit);

/* Whether a change of delta percent (new against old) goes unit's worse way by more than pct:
 * up for lower-is-better units, down for units ending in "/s". */
bool hb_worse_beyond(const char *unit, double delta, double pct);

/* True for the units a counted run (context hashbench_measure: instructions) reports as exact
 * values: instructions/op, instructions/B and estimated-cycles/op. Every other value of such a run
 * (its time under valgrind, and what is derived from time) is left out. */
bool hb_unit_exact_count(const char *unit);

#endif
