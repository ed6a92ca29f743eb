/* history_noise.c — the shared-VM noise model of history_noise.h. Its constants are the model: a
 * test's expectations were written against them, so change them only with those tests. */
#include "history_noise.h"

#include "hb_splitmix64.h"

enum { IRWIN_HALL_TERMS = 12 };

static const double machine_sd = 0.01, drift_keep = 0.8, drift_step = 0.003;
static const double slow_run_share = 0.02, slow_run_least = 0.10, slow_run_most = 0.30;
static const double benchmark_sd = 0.02;
static const double outlier_share = 0.02, outlier_least = 0.15, outlier_most = 0.60;

double hb_vm_noise_uniform(struct hb_vm_noise *noise)
{
    return (double)(hb_splitmix64_next(&noise->rng) >> 11) * 0x1.0p-53;
}

double hb_vm_noise_gaussian(struct hb_vm_noise *noise, double sd)
{
    /* Twelve uniforms have variance 1 around 6. */
    double sum = 0;
    for (int i = 0; i < IRWIN_HALL_TERMS; i++)
        sum += hb_vm_noise_uniform(noise);
    return (sum - 6) * sd;
}

void hb_vm_noise_init(struct hb_vm_noise *noise, uint64_t seed)
{
    *noise = (struct hb_vm_noise){.rng = seed};
}

double hb_vm_noise_next_run(struct hb_vm_noise *noise)
{
    noise->drift = drift_keep * noise->drift + hb_vm_noise_gaussian(noise, drift_step);
    noise->slow = 0;
    if (hb_vm_noise_uniform(noise) < slow_run_share)
        noise->slow = slow_run_least + (slow_run_most - slow_run_least) * hb_vm_noise_uniform(noise);
    return hb_vm_noise_gaussian(noise, machine_sd) + noise->drift + noise->slow;
}

double hb_vm_noise_benchmark(struct hb_vm_noise *noise)
{
    double x = hb_vm_noise_gaussian(noise, benchmark_sd);
    if (hb_vm_noise_uniform(noise) < outlier_share)
        x += outlier_least + (outlier_most - outlier_least) * hb_vm_noise_uniform(noise);
    return x;
}
