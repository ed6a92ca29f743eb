// countable.cpp — the instruction sets valgrind cannot decode, as a table. valgrind 3.19 (Debian
// 12) decodes no EVEX (AVX-512) encoding, no SHA-NI, and VPCLMULQDQ only in its 128-bit VEX form,
// which is plain PCLMULQDQ's: an entry that needs the vpclmulqdq feature uses the 256- or 512-bit
// forms. On AArch64 it has no SVE and no SHA-3 instructions (EOR3 among them).
#include "countable.h"

namespace hb {

namespace {

const std::uint32_t uncountable[] = {
    HB_CPU_AVX512F, HB_CPU_AVX512BW, HB_CPU_AVX512VL, HB_CPU_VPCLMULQDQ, HB_CPU_SHA_NI, HB_CPU_SVE, HB_CPU_SHA3,
};

} // namespace

std::string count_refusal(const hb_hash *h)
{
    std::string needs;
    for (std::uint32_t bit : uncountable)
        if ((h->cpu_req & bit) != 0)
            needs += std::string(needs.empty() ? "" : " ") + hb_cpu_feature_name(bit);
    return needs.empty() ? "" : "needs " + needs;
}

std::string uncountable_features_text()
{
    std::string text;
    for (std::uint32_t bit : uncountable)
        text += std::string(text.empty() ? "" : ", ") + hb_cpu_feature_name(bit);
    return text;
}

} // namespace hb
