/* hwcap_mask.c — a CPU with fewer features than the emulator's, for running the fallback paths
 * under qemu-user, whose AArch64 models all have the Cryptographic Extension and CRC32
 * (scripts/test.sh --arch aarch64). Preloaded into a program (LD_PRELOAD), it answers
 * getauxval(AT_HWCAP) and getauxval(AT_HWCAP2) with the bits of $HB_HWCAP_CLEAR and
 * $HB_HWCAP2_CLEAR (numbers, e.g. 0x2e00f8) cleared, so that every feature check made through
 * getauxval (our dispatch, OpenSSL's, ISA-L's) sees a CPU without them. Code that uses an
 * instruction without asking is not caught: the emulator still executes it. */
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/auxv.h>

unsigned long getauxval(unsigned long type)
{
    static unsigned long (*real)(unsigned long);
    if (real == NULL)
        real = (unsigned long (*)(unsigned long))dlsym(RTLD_NEXT, "getauxval");
    unsigned long value = real != NULL ? real(type) : 0;
    const char *clear = type == AT_HWCAP    ? getenv("HB_HWCAP_CLEAR")
                        : type == AT_HWCAP2 ? getenv("HB_HWCAP2_CLEAR")
                                            : NULL;
    if (clear != NULL && *clear != '\0')
        value &= ~strtoul(clear, NULL, 0);
    return value;
}
