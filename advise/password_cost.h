/* password_cost.h — hbadvise --time-password. */
#ifndef HB_ADVICE_PASSWORD_COST_H
#define HB_ADVICE_PASSWORD_COST_H

/* Times Argon2id at OWASP's minimum parameters and prints one HB_PASSWORD_COST_FORMAT line;
 * returns the exit status (2 when libargon2 fails). */
int hb_advice_time_password(void);

#endif
