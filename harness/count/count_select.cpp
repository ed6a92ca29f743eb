// count_select.cpp — resolving --algo for counting, and the entries that dispatch at run time.
#include "count_select.h"

#include <cstring>

#include "countable.h"
#include "hb_hash_cli.h"
#include "usage_error.h"

namespace hb {

namespace {

// Entries whose own code chooses among kernels by the CPU's features (a library's dispatch, or
// our resolver families): "name/impl" or "*/impl" for every name of a library, and how it chooses.
const struct {
    const char *spec;
    const char *how;
} dispatching[] = {
    {"xxh3-64/inline", "the widest variant the CPU runs"},
    {"xxh3-128/inline", "the widest variant the CPU runs"},
    {"sha1/openssl", "OpenSSL's OPENSSL_ia32cap, from CPUID"},
    {"sha224/openssl", "OpenSSL's OPENSSL_ia32cap, from CPUID"},
    {"sha256/openssl", "OpenSSL's OPENSSL_ia32cap, from CPUID"},
    {"sha384/openssl", "OpenSSL's OPENSSL_ia32cap, from CPUID"},
    {"sha512/openssl", "OpenSSL's OPENSSL_ia32cap, from CPUID"},
    {"hmac-sha256/openssl", "OpenSSL's OPENSSL_ia32cap, from CPUID"},
    {"*/isal", "ISA-L's multibinary dispatch, from CPUID"},
    {"*/libhighwayhash", "HighwayHash's dispatch, from CPUID"},
    {"blake3/official", "the library's dispatch, from CPUID"},
};

const char *dispatch_reason(const hb_hash *h)
{
    for (const auto &d : dispatching) {
        const char *slash = std::strchr(d.spec, '/');
        bool any_name = std::strncmp(d.spec, "*/", 2) == 0;
        if ((any_name || std::strncmp(d.spec, h->name, std::size_t(slash - d.spec)) == 0) &&
            (any_name || std::strlen(h->name) == std::size_t(slash - d.spec)) && std::strcmp(slash + 1, h->impl) == 0)
            return d.how;
    }
    return nullptr;
}

bool is_hash(const hb_hash *h)
{
    return h->kind != HB_KIND_BASELINE;
}

} // namespace

count_selection select_countable(const std::vector<std::string> &specs)
{
    count_selection sel;
    std::vector<int> chosen(hb_registry_len, 0); // 0 no, 1 by a bare name or by default, 2 named
    std::string left_out;
    if (specs.empty())
        for (std::size_t i = 0; i < hb_registry_len; i++)
            chosen[i] = is_hash(hb_registry[i]) ? 1 : 0;
    for (const auto &spec : specs) {
        bool found = false, exact = spec.find('/') != std::string::npos;
        std::string counted, skipped;
        for (std::size_t i = 0; i < hb_registry_len; i++) {
            const hb_hash *h = hb_registry[i];
            if (!hb_spec_matches(h, spec.c_str()))
                continue;
            found = true;
            std::string id = std::string(h->name) + "/" + h->impl;
            if (!is_hash(h))
                throw usage_error("--algo: " + id + " is a baseline, not a hash: hbcount counts the throughput " +
                                  "suite's rows, which have none");
            std::string why = count_refusal(h);
            if (exact && !why.empty())
                throw usage_error(id + ": not countable under valgrind: " + why);
            if (!why.empty()) {
                skipped += (skipped.empty() ? "" : ", ") + id + " (" + why + ")";
                continue;
            }
            chosen[i] = exact ? 2 : std::max(chosen[i], 1);
            counted += (counted.empty() ? "" : " ") + id;
        }
        if (!found) {
            char message[1024];
            hb_describe_unusable(spec.c_str(), nullptr, "hbcount --list shows what it would count", message,
                                 sizeof message);
            throw usage_error(std::string("--algo: ") + message);
        }
        if (!exact && !skipped.empty() && counted.empty())
            throw usage_error(spec + ": not countable under valgrind: every implementation " +
                              "needs what valgrind cannot decode: " + skipped);
        if (!exact && !skipped.empty())
            sel.notes.push_back(spec + ": counting " + counted + "; not countable under valgrind: " + skipped);
    }
    for (std::size_t i = 0; i < hb_registry_len; i++) {
        const hb_hash *h = hb_registry[i];
        if (specs.empty() && chosen[i] != 0 && !count_refusal(h).empty()) {
            left_out +=
                (left_out.empty() ? "" : ", ") + std::string(h->name) + "/" + h->impl + " (" + count_refusal(h) + ")";
            continue;
        }
        if (chosen[i] == 0)
            continue;
        sel.entries.push_back(h);
        sel.named.push_back(chosen[i] == 2);
    }
    if (!left_out.empty())
        sel.notes.push_back("not countable under valgrind, left out: " + left_out);
    return sel;
}

std::string dispatching_entries(const std::vector<const hb_hash *> &entries)
{
    std::string text;
    for (const hb_hash *h : entries) {
        const char *how = dispatch_reason(h);
        if (how != nullptr)
            text += (text.empty() ? "" : ", ") + std::string(h->name) + "/" + h->impl + " (" + how + ")";
    }
    return text;
}

} // namespace hb
