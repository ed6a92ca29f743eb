/* regex_guard.h — refuses -filter regular expressions that would make glibc's regcomp take
 * exponential time or memory, before they reach it. Go's regexp (benchstat's) rejects the same
 * forms or runs them in linear time; glibc builds an automaton that grows with every stacked or
 * nested repetition (a+++++++++++++++++++++ takes gigabytes). */
#ifndef HB_REGEX_GUARD_H
#define HB_REGEX_GUARD_H

/* NULL when the POSIX extended regexp re is safe to compile, else why not: a repetition applied
 * to a repetition ("a++", as Go rejects), a repeat count above 1000 (Go's limit), repeat counts
 * multiplying past 1000 through nested groups, or groups nested more than 8 deep. */
const char *hb_regex_guard(const char *re);

#endif
