/*
 * hb_hamming_cli.h — hbsum --hamming (hamming_cli.c): the CRCs' error profiles as the tool prints
 * them.
 */
#ifndef HB_HAMMING_CLI_H
#define HB_HAMMING_CLI_H

#include <stdbool.h>
#include <stdint.h>

/* name NULL: every CRC's stored profile; else name's profile computed now, or with has_data_bits
 * its Hamming distance at data_bits computed now. Returns the exit status (2: name is no CRC). */
int hb_hamming_main(const char *name, bool has_data_bits, uint64_t data_bits);

#endif
