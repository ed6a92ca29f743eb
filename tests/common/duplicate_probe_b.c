/* duplicate_probe_b.c — the second definition of hb_duplicate_probe (see duplicate_probe_a.c). */
int hb_duplicate_probe(void);

int hb_duplicate_probe(void)
{
    return 2;
}
