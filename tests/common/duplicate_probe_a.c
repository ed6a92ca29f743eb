/* duplicate_probe_a.c — with duplicate_probe_b.c, one global function defined twice on purpose, so
 * that a test can show no_duplicate_symbols.sh catches it. Never linked into anything. */
int hb_duplicate_probe(void);

int hb_duplicate_probe(void)
{
    return 1;
}
