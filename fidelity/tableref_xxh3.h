// tableref_xxh3.h — XXH3_64bits of a uint64_t key's 8 bytes (as the machine stores them), inlined
// from the xxHash header, as a C++ table's hasher (its call operator noexcept, as C++ references
// write one: libstdc++ then caches no hash in its nodes) and as a plain function.
#ifndef HB_TABLEREF_XXH3_H
#define HB_TABLEREF_XXH3_H

#include <cstddef>
#include <cstdint>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace tref {

inline std::uint64_t xxh3_of(std::uint64_t key)
{
    return XXH3_64bits(&key, sizeof key);
}

struct xxh3_hasher {
    std::size_t operator()(std::uint64_t key) const noexcept
    {
        return std::size_t(xxh3_of(key));
    }
};

} // namespace tref

#endif // HB_TABLEREF_XXH3_H
