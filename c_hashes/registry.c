/*
 * registry.c — the start-up that every tool runs, and the note on what this build left out. The
 * registry itself, every entry in preference order (for each name, the first entry the CPU can run
 * is its default implementation), is generated from the hb_hash_family() lines of
 * c_hashes/CMakeLists.txt: adding a hash is its file(s) and one line there
 * (docs/architecture.md, "Adding a hash").
 */
#include "hb_internal.h"

#include <stdio.h>

#include "hb_version.h"
#include "hb_hash_cli.h"

/* hb_registry and hb_registry_len are generated from the hb_hash_family() lines, with the start-up
 * tables and the parts this build left out (hb_registry_list.c in the build directory). */

const char *hb_unbuilt_note(void)
{
    static char note[2048];
    if (note[0] == '\0') {
        size_t used = 0;
        for (const struct hb_unbuilt_part *part = hb_unbuilt_parts; part->entries != NULL; part++) {
            int n = snprintf(note + used, sizeof note - used, "%s%s: %s", used > 0 ? "; " : "", part->entries,
                             part->reason);
            if (n > 0)
                used += (size_t)n < sizeof note - used ? (size_t)n : sizeof note - used - 1;
        }
    }
    return note[0] != '\0' ? note : NULL;
}

const char *hb_builtin_version(void)
{
    return "hashbench " HB_VERSION;
}

bool hb_init(char *err, size_t errlen)
{
    static int done;
    static bool ok;
    static char saved[256];
    if (!done) {
        done = 1;
        hb_cpu_restrict(UINT32_MAX); /* detects features and resolves dispatch */
        ok = true;
        for (const hb_prepare_fn *prepare = hb_family_preparers; ok && *prepare != NULL; prepare++)
            ok = (*prepare)(saved, sizeof saved);
        ok = ok && hb_registry_check(hb_registry, hb_registry_len, saved, sizeof saved);
        /* the value entries made now, before any tool's threads ask for them (hb_value_entry) */
        for (size_t i = 0; ok && i < hb_registry_len; i++)
            for (int w = 0; w < HB_VALUE_WIDTHS; w++)
                (void)hb_value_entry(hb_registry[i], hb_value_width(w));
    }
    if (!ok && err != NULL && errlen > 0)
        snprintf(err, errlen, "%s", saved);
    return ok;
}
