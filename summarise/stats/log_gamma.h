/* log_gamma.h — log-gamma at the positive integers with fdlibm's arithmetic (e_lgamma_r.c and
 * e_log.c, the code of Go's math.Lgamma and math.Log that benchstat runs), in plain double
 * operations so that every IEEE-754 machine gets the same bits. The C library's lgamma differs in
 * the last bit from one architecture to the next (glibc's log is written for fused multiply-adds
 * on AArch64), and those bits decide benchstat's median intervals (median_ci.c). */
#ifndef HB_LOG_GAMMA_H
#define HB_LOG_GAMMA_H

/* log((x - 1)!) as fdlibm's lgamma(x) computes it, for 1 <= x < 2^31. */
double hb_log_gamma_integer(int x);

/* The natural logarithm as fdlibm's log computes it (Go's math.Log), for finite x > 0. */
double hb_fdlibm_log(double x);

#endif /* HB_LOG_GAMMA_H */
