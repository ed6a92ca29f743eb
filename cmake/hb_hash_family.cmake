# How c_hashes is assembled from families: one hb_hash_family() line per family of entries, which
# builds the family's sources when this build can (its instruction sets, its library) and records
# either its entries, for the registry, or the reason it was left out, for hb_unbuilt_note(). The
# registry list and the note are generated from those lines (hb_hash_families_generate), so that
# neither can disagree with what was built. docs/architecture.md, "Adding a hash", has the steps.

include(CheckCSourceCompiles)

# ---- instruction sets ------------------------------------------------------------------------
# Each ISA keyword an hb_hash_family() line may name: the CPU architecture it belongs to, the
# HB_WITH_<OPTION> that gates it, the compiler flags its files get (those files only), and a probe
# the compiler must build with them. Several keywords share an option where one switch is what a
# user wants (HB_WITH_AVX512 covers AVX-512 F alone and F+BW+VL). A keyword of another
# architecture than the build's leaves its families out as "not built for this CPU architecture".

# The build's target architecture, as the keywords name it.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(HB_TARGET_ARCH x86_64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(HB_TARGET_ARCH aarch64)
else()
  set(HB_TARGET_ARCH "${CMAKE_SYSTEM_PROCESSOR}")
endif()
set(HB_ARCH_NAME_x86_64 x86-64)
set(HB_ARCH_NAME_aarch64 AArch64)

# x86-64: each keyword's flags are -m options, which add up.
set(HB_ISA_KEYWORDS_x86_64 sse2 sse42 pclmul avx2 avx512f avx512 vpclmul shani aes)
foreach(isa ${HB_ISA_KEYWORDS_x86_64})
  set(HB_ISA_ARCH_${isa} x86_64)
  set(HB_ISA_HEADER_${isa} immintrin.h)
endforeach()

set(HB_ISA_OPTION_sse2 SSE2)
set(HB_ISA_FLAGS_sse2 -msse2)
set(HB_ISA_PROBE_sse2 "__m128i a = _mm_set1_epi64x(1); return _mm_cvtsi128_si32(_mm_add_epi64(a, a));")

set(HB_ISA_OPTION_sse42 SSE42)
set(HB_ISA_FLAGS_sse42 -msse4.2)
set(HB_ISA_PROBE_sse42 "return (int)_mm_crc32_u64(0, 1);")

set(HB_ISA_OPTION_pclmul PCLMULQDQ)
set(HB_ISA_FLAGS_pclmul -mpclmul)
set(HB_ISA_PROBE_pclmul
    "__m128i a = _mm_set1_epi64x(3); return _mm_cvtsi128_si32(_mm_clmulepi64_si128(a, a, 0));")

set(HB_ISA_OPTION_avx2 AVX2)
set(HB_ISA_FLAGS_avx2 -mavx2)
set(HB_ISA_PROBE_avx2
    "__m256i a = _mm256_set1_epi64x(1); return _mm256_extract_epi32(_mm256_add_epi64(a, a), 0);")

set(HB_ISA_OPTION_avx512f AVX512)
set(HB_ISA_FLAGS_avx512f -mavx512f)
set(HB_ISA_PROBE_avx512f
    "__m512i a = _mm512_set1_epi64(1); return (int)_mm512_reduce_add_epi64(_mm512_add_epi64(a, a));")

set(HB_ISA_OPTION_avx512 AVX512)
set(HB_ISA_FLAGS_avx512 -mavx512f -mavx512bw -mavx512vl)
set(HB_ISA_PROBE_avx512
    "__m512i a = _mm512_set1_epi8(1); __m256i b = _mm256_ternarylogic_epi32(_mm256_set1_epi32(1),
     _mm256_set1_epi32(2), _mm256_set1_epi32(4), 0x96);
     return (int)_mm512_reduce_add_epi32(_mm512_add_epi8(a, a)) + _mm256_extract_epi32(b, 0);")

# vpclmulqdq's intrinsics take 256- or 512-bit vectors: its probe needs AVX2 as well (the families
# that use it name avx2 or avx512 too, and get those flags from that keyword).
set(HB_ISA_OPTION_vpclmul VPCLMULQDQ)
set(HB_ISA_FLAGS_vpclmul -mvpclmulqdq)
set(HB_ISA_PROBE_FLAGS_vpclmul -mavx2)
set(HB_ISA_PROBE_vpclmul
    "__m256i a = _mm256_set1_epi64x(3); return _mm256_extract_epi32(_mm256_clmulepi64_epi128(a, a, 0), 0);")

# SHA-NI code shuffles with SSSE3 and SSE4.1 instructions; every CPU with SHA-NI has both.
set(HB_ISA_OPTION_shani SHANI)
set(HB_ISA_FLAGS_shani -msha -msse4.1 -mssse3)
set(HB_ISA_PROBE_shani
    "__m128i a = _mm_set1_epi32(1); return _mm_cvtsi128_si32(_mm_sha256rnds2_epu32(a, a, a));")

set(HB_ISA_OPTION_aes AES)
set(HB_ISA_FLAGS_aes -maes -msse2)
set(HB_ISA_PROBE_aes "__m128i a = _mm_set1_epi32(1); return _mm_cvtsi128_si32(_mm_aesenc_si128(a, a));")


# AArch64: an extension is enabled by a -march modifier, and -march options do not add up (the
# last one wins), so each keyword names its base architecture and its modifiers, and a family's
# files get one -march of the highest base and every modifier of its keywords
# (hb_isa_compile_flags). GCC 12's arm_neon.h gives PMULL and the SHA-2 instructions under
# "+crypto" (not "+aes"/"+sha2" alone), and EOR3 under Armv8.2-A with "+sha3"; SHA3 and SVE are
# Armv8.2-A features, so no core that has them lacks the rest of Armv8.2-A. Advanced SIMD is part
# of the base architecture: neon adds no flag.
set(HB_ISA_KEYWORDS_aarch64 neon crc pmull sha2 sha3 sve)
foreach(isa ${HB_ISA_KEYWORDS_aarch64})
  set(HB_ISA_ARCH_${isa} aarch64)
  set(HB_ISA_MARCH_BASE_${isa} armv8-a)
  set(HB_ISA_HEADER_${isa} arm_neon.h)
endforeach()

set(HB_ISA_OPTION_neon NEON)
set(HB_ISA_MARCH_EXT_neon "")
set(HB_ISA_PROBE_neon "uint64x2_t a = vdupq_n_u64(1); return (int)vgetq_lane_u64(veorq_u64(a, vaddq_u64(a, a)), 0);")

set(HB_ISA_OPTION_crc CRC32)
set(HB_ISA_MARCH_EXT_crc +crc)
set(HB_ISA_HEADER_crc arm_acle.h)
set(HB_ISA_PROBE_crc "return (int)(__crc32cd(0, 1) ^ __crc32d(0, 1));")

set(HB_ISA_OPTION_pmull PMULL)
set(HB_ISA_MARCH_EXT_pmull +crypto)
set(HB_ISA_PROBE_pmull "return (int)vgetq_lane_u64(vreinterpretq_u64_p128(vmull_p64(3, 3)), 0);")

set(HB_ISA_OPTION_sha2 SHA2)
set(HB_ISA_MARCH_EXT_sha2 +crypto)
set(HB_ISA_PROBE_sha2 "uint32x4_t a = vdupq_n_u32(1);
     return (int)vgetq_lane_u32(vsha256hq_u32(a, a, vsha256su1q_u32(vsha256su0q_u32(a, a), a, a)), 0);")

set(HB_ISA_OPTION_sha3 SHA3)
set(HB_ISA_MARCH_BASE_sha3 armv8.2-a)
set(HB_ISA_MARCH_EXT_sha3 +sha3)
set(HB_ISA_PROBE_sha3 "uint64x2_t a = vdupq_n_u64(1); return (int)vgetq_lane_u64(veor3q_u64(a, a, a), 0);")

set(HB_ISA_OPTION_sve SVE)
set(HB_ISA_MARCH_BASE_sve armv8.2-a)
set(HB_ISA_MARCH_EXT_sve +sve)
set(HB_ISA_HEADER_sve arm_sve.h)
set(HB_ISA_PROBE_sve "svuint64_t a = svdup_n_u64(1); return (int)svaddv_u64(svptrue_b64(), sveor_u64_x(svptrue_b64(), a, a));")

set(HB_ISA_KEYWORDS ${HB_ISA_KEYWORDS_x86_64} ${HB_ISA_KEYWORDS_aarch64})

# hb_isa_compile_flags(OUT_FLAGS isa...): the flags for files that need every ISA given (of one
# architecture): the -m options of x86-64 keywords, one -march for AArch64 ones.
function(hb_isa_compile_flags out_flags)
  set(flags "")
  set(base "")
  set(modifiers "")
  foreach(isa ${ARGN})
    list(APPEND flags ${HB_ISA_FLAGS_${isa}})
    if(DEFINED HB_ISA_MARCH_BASE_${isa})
      # "armv8.2-a" against "armv8-a": compared by their version numbers
      string(REGEX REPLACE "^armv([0-9.]+)-a$" "\\1" version "${HB_ISA_MARCH_BASE_${isa}}")
      string(REGEX REPLACE "^armv([0-9.]+)-a$" "\\1" base_version "${base}")
      if(base STREQUAL "" OR version VERSION_GREATER base_version)
        set(base ${HB_ISA_MARCH_BASE_${isa}})
      endif()
      string(APPEND modifiers "${HB_ISA_MARCH_EXT_${isa}}")
    endif()
  endforeach()
  if(NOT base STREQUAL "" AND NOT modifiers STREQUAL "")
    string(REGEX MATCHALL "\\+[a-z0-9]+" mods "${modifiers}")
    list(REMOVE_DUPLICATES mods)
    list(JOIN mods "" modifiers)
    list(APPEND flags "-march=${base}${modifiers}")
  elseif(NOT base STREQUAL "" AND NOT base STREQUAL "armv8-a")
    list(APPEND flags "-march=${base}")
  endif()
  list(REMOVE_DUPLICATES flags)
  set(${out_flags} "${flags}" PARENT_SCOPE)
endfunction()

set(HB_ISA_OPTIONS "")
foreach(isa ${HB_ISA_KEYWORDS})
  list(APPEND HB_ISA_OPTIONS ${HB_ISA_OPTION_${isa}})
endforeach()
list(REMOVE_DUPLICATES HB_ISA_OPTIONS)
foreach(option ${HB_ISA_OPTIONS})
  set(HB_WITH_${option} "AUTO" CACHE STRING
      "Build the hash variants that need ${option}: AUTO (when the compiler can), ON (fail when it cannot) or OFF")
  set_property(CACHE HB_WITH_${option} PROPERTY STRINGS AUTO ON OFF)
endforeach()

# hb_isa_usable(ISA OUT_USABLE OUT_REASON): whether files for ISA are built here, and why not.
function(hb_isa_usable isa out_usable out_reason)
  if(NOT DEFINED HB_ISA_OPTION_${isa})
    message(FATAL_ERROR "hb_hash_family: unknown ISA '${isa}' (known: ${HB_ISA_KEYWORDS})")
  endif()
  set(option ${HB_ISA_OPTION_${isa}})
  set(arch ${HB_ISA_ARCH_${isa}})
  if(NOT arch STREQUAL HB_TARGET_ARCH)
    if(HB_WITH_${option} STREQUAL "ON")
      message(FATAL_ERROR "HB_WITH_${option}=ON but ${isa} is ${HB_ARCH_NAME_${arch}} code and this build "
                          "targets ${CMAKE_SYSTEM_PROCESSOR}")
    endif()
    set(${out_usable} OFF PARENT_SCOPE)
    set(${out_reason} "not built for this CPU architecture (${HB_ARCH_NAME_${arch}} code)" PARENT_SCOPE)
    return()
  endif()
  if(HB_WITH_${option} STREQUAL "OFF")
    set(${out_usable} OFF PARENT_SCOPE)
    set(${out_reason} "switched off (-DHB_WITH_${option}=OFF)" PARENT_SCOPE)
    return()
  endif()
  hb_isa_compile_flags(isa_flags ${isa})
  set(flags ${HB_ISA_PROBE_FLAGS_${isa}} ${isa_flags})
  list(JOIN flags " " CMAKE_REQUIRED_FLAGS)
  set(CMAKE_REQUIRED_QUIET ON)
  check_c_source_compiles("#include <${HB_ISA_HEADER_${isa}}>\nint main(void) { ${HB_ISA_PROBE_${isa}} }"
                          HB_COMPILER_BUILDS_${isa})
  if(NOT HB_COMPILER_BUILDS_${isa})
    if(HB_WITH_${option} STREQUAL "ON")
      message(FATAL_ERROR "HB_WITH_${option}=ON but the compiler cannot build ${isa} code (${CMAKE_REQUIRED_FLAGS})")
    endif()
    set(${out_usable} OFF PARENT_SCOPE)
    set(${out_reason} "the compiler cannot build ${isa} code (${CMAKE_REQUIRED_FLAGS})" PARENT_SCOPE)
    return()
  endif()
  set(${out_usable} ON PARENT_SCOPE)
  set(${out_reason} "" PARENT_SCOPE)
endfunction()

# ---- packaged hash libraries -------------------------------------------------------------------
# Each optional like a vector path: HB_WITH_<NAME> = AUTO (use it when found), ON (fail when
# missing) or OFF. Sets HB_HAVE_<NAME>, HB_<NAME>_LINK (what the adapter links),
# HB_<NAME>_MISSING (why it is absent) and HB_<NAME>_PACKAGE_VERSION (the installed Debian
# package, recorded in the entry's version text; these libraries have no version query).
# CXX_RUNTIME: the library is C++ behind a C interface, so a C-only link needs the C++ runtime.
function(hb_optional_hash_library name)
  cmake_parse_arguments(arg "CXX_RUNTIME" "HEADER;LIBRARY;PACKAGE" "" ${ARGN})
  set(HB_WITH_${name} "AUTO" CACHE STRING "Build the ${arg_PACKAGE} adapter: AUTO, ON or OFF")
  set_property(CACHE HB_WITH_${name} PROPERTY STRINGS AUTO ON OFF)
  set(have OFF)
  set(version "")
  set(link "")
  if(NOT HB_WITH_${name} STREQUAL "OFF")
    find_path(HB_${name}_INCLUDE_DIR ${arg_HEADER})
    set(have ON)
    if(NOT HB_${name}_INCLUDE_DIR)
      set(have OFF)
    endif()
    if(arg_LIBRARY)
      find_library(HB_${name}_LIBRARY NAMES ${arg_LIBRARY})
      if(NOT HB_${name}_LIBRARY)
        set(have OFF)
      endif()
      list(APPEND link ${HB_${name}_LIBRARY})
    endif()
    if(NOT have AND HB_WITH_${name} STREQUAL "ON")
      message(FATAL_ERROR "HB_WITH_${name}=ON but ${arg_HEADER} or ${arg_LIBRARY} was not found "
                          "(apt-get install ${arg_PACKAGE})")
    endif()
    find_program(HB_DPKG_QUERY dpkg-query)
    # a cross build asks its sysroot's package database, not the host's
    set(admindir "")
    if(CMAKE_SYSROOT AND EXISTS "${CMAKE_SYSROOT}/var/lib/dpkg/status")
      set(admindir "--admindir=${CMAKE_SYSROOT}/var/lib/dpkg")
    endif()
    if(have AND HB_DPKG_QUERY)
      execute_process(COMMAND ${HB_DPKG_QUERY} ${admindir} -W -f=\${Version} ${arg_PACKAGE}
                      OUTPUT_VARIABLE version ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    endif()
  endif()
  if(version STREQUAL "")
    set(version "version unknown")
  endif()
  if(arg_CXX_RUNTIME)
    list(APPEND link stdc++)
  endif()
  if(HB_WITH_${name} STREQUAL "OFF")
    set(missing "switched off (-DHB_WITH_${name}=OFF)")
  else()
    set(missing "${arg_PACKAGE} not found at build time")
  endif()
  set(HB_HAVE_${name} ${have} PARENT_SCOPE)
  set(HB_${name}_LINK "${link}" PARENT_SCOPE)
  set(HB_${name}_MISSING "${missing}" PARENT_SCOPE)
  set(HB_${name}_PACKAGE_VERSION "${version}" PARENT_SCOPE)
  message(STATUS "hashbench: ${arg_PACKAGE} adapter ${have} (${version})")
endfunction()

# ---- families ----------------------------------------------------------------------------------
# hb_hash_family(NAME SOURCES file... ENTRIES name/impl...
#                [ISA keyword...] [LIBRARY NAME] [RESOLVER function] [PREPARE function])
#   SOURCES   the family's files, added to hb_hashes when the family is built;
#   ENTRIES   the entries its files define, as name/impl: entry crc32c/sse42 is the
#             `const struct hb_hash hb_crc32c_sse42` (hb_ + name/impl with - and / as _);
#   ISA       instruction sets its files need: built only when every one is usable
#             (hb_isa_usable), and its files compiled with their flags, no other file;
#   LIBRARY   a packaged library (hb_optional_hash_library): built only when it was found;
#   RESOLVER  void f(uint32_t features): chooses the family's run-time dispatch targets, called at
#             start-up and whenever a test restricts the CPU features (hb_cpu_restrict);
#   PREPARE   bool f(char *err, size_t errlen): one-time start-up work of an adapter, run by hb_init.
# A built family defines HB_BUILT_<NAME> (upper case) for every file of hb_hashes and of the targets
# that link it (c_hashes/hb_direct.h lists an entry of an optional family only where it was built).
# Order: the lines' order is the preference order (see hb_hash_families_generate).
function(hb_hash_family name)
  cmake_parse_arguments(arg "" "LIBRARY;RESOLVER;PREPARE" "SOURCES;ENTRIES;ISA" ${ARGN})
  if(NOT arg_SOURCES OR NOT arg_ENTRIES OR arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hb_hash_family(${name}): needs SOURCES and ENTRIES (unparsed: ${arg_UNPARSED_ARGUMENTS})")
  endif()
  set(built ON)
  set(reason "")
  set(flags "")
  foreach(isa ${arg_ISA})
    hb_isa_usable(${isa} usable why)
    if(NOT usable)
      set(built OFF)
      set(reason "${why}")
      break()
    endif()
  endforeach()
  if(built)
    hb_isa_compile_flags(flags ${arg_ISA})
  endif()
  if(built AND arg_LIBRARY AND NOT HB_HAVE_${arg_LIBRARY})
    set(built OFF)
    set(reason "${HB_${arg_LIBRARY}_MISSING}")
  endif()
  list(JOIN arg_ENTRIES ", " entry_text)
  if(NOT built)
    set_property(GLOBAL APPEND PROPERTY HB_UNBUILT_ENTRIES "${entry_text}")
    set_property(GLOBAL APPEND PROPERTY HB_UNBUILT_REASONS "${reason}")
    message(STATUS "hashbench: ${name} not built: ${reason}")
    return()
  endif()
  target_sources(hb_hashes PRIVATE ${arg_SOURCES})
  if(flags)
    list(REMOVE_DUPLICATES flags)
    set_source_files_properties(${arg_SOURCES} PROPERTIES COMPILE_OPTIONS "${flags}")
  endif()
  if(arg_LIBRARY)
    target_link_libraries(hb_hashes PRIVATE ${HB_${arg_LIBRARY}_LINK})
  endif()
  string(TOUPPER "HB_BUILT_${name}" built_macro)
  target_compile_definitions(hb_hashes PUBLIC ${built_macro})
  set(needs_isa 0)
  if(arg_ISA)
    set(needs_isa 1)
  endif()
  foreach(entry ${arg_ENTRIES})
    set_property(GLOBAL APPEND PROPERTY HB_BUILT_ENTRIES "${entry}")
    set_property(GLOBAL APPEND PROPERTY HB_BUILT_ENTRY_NEEDS_ISA ${needs_isa})
  endforeach()
  if(arg_RESOLVER)
    set_property(GLOBAL APPEND PROPERTY HB_RESOLVERS ${arg_RESOLVER})
  endif()
  if(arg_PREPARE)
    set_property(GLOBAL APPEND PROPERTY HB_PREPARERS ${arg_PREPARE})
  endif()
endfunction()

# hb_hash_families_generate(OUTPUT): writes the C file that defines hb_registry, the resolver and
# preparer tables, and the parts left out with their reasons, from the hb_hash_family() lines.
#
# Registry order: entries are grouped by name. A name sits where its first entry from a family
# without ISA is (a portable or library implementation), or, when only ISA families have it, where
# its first entry is; within a name, entries follow the lines. So a vector variant is listed just
# before the implementation it accelerates and becomes the name's default where the CPU runs it,
# without moving the name in `hbsum --list`.
function(hb_hash_families_generate output)
  get_property(entries GLOBAL PROPERTY HB_BUILT_ENTRIES)
  get_property(needs_isa GLOBAL PROPERTY HB_BUILT_ENTRY_NEEDS_ISA)
  get_property(resolvers GLOBAL PROPERTY HB_RESOLVERS)
  get_property(preparers GLOBAL PROPERTY HB_PREPARERS)
  get_property(unbuilt_entries GLOBAL PROPERTY HB_UNBUILT_ENTRIES)
  get_property(unbuilt_reasons GLOBAL PROPERTY HB_UNBUILT_REASONS)

  set(entry_names "")
  foreach(entry ${entries})
    string(REGEX REPLACE "/.*" "" entry_name "${entry}")
    list(APPEND entry_names "${entry_name}")
  endforeach()
  set(names ${entry_names})
  list(REMOVE_DUPLICATES names)
  list(LENGTH entries count)
  math(EXPR last "${count} - 1")
  set(keyed "")
  foreach(name ${names})
    set(first "")
    set(first_portable "")
    foreach(i RANGE ${last})
      list(GET entry_names ${i} entry_name)
      list(GET needs_isa ${i} isa)
      if(entry_name STREQUAL name)
        if(first STREQUAL "")
          set(first ${i})
        endif()
        if(first_portable STREQUAL "" AND isa EQUAL 0)
          set(first_portable ${i})
        endif()
      endif()
    endforeach()
    if(NOT first_portable STREQUAL "")
      set(first ${first_portable})
    endif()
    # keys padded to 4 digits, so that they sort as numbers
    string(LENGTH "${first}" digits)
    math(EXPR pad "4 - ${digits}")
    string(REPEAT "0" ${pad} zeros)
    list(APPEND keyed "${zeros}${first}|${name}")
  endforeach()
  list(SORT keyed)

  set(declarations "")
  set(rows "")
  foreach(key ${keyed})
    string(REGEX REPLACE "^[0-9]+\\|" "" name "${key}")
    foreach(i RANGE ${last})
      list(GET entry_names ${i} entry_name)
      if(entry_name STREQUAL name)
        list(GET entries ${i} entry)
        string(MAKE_C_IDENTIFIER "hb_${entry}" symbol)
        string(APPEND declarations "extern const struct hb_hash ${symbol};\n")
        string(APPEND rows "    &${symbol},\n")
      endif()
    endforeach()
  endforeach()

  set(resolver_rows "")
  foreach(fn ${resolvers})
    string(APPEND declarations "void ${fn}(uint32_t features);\n")
    string(APPEND resolver_rows "    ${fn},\n")
  endforeach()
  set(preparer_rows "")
  foreach(fn ${preparers})
    string(APPEND declarations "bool ${fn}(char *err, size_t errlen);\n")
    string(APPEND preparer_rows "    ${fn},\n")
  endforeach()

  # One row per reason, with every entry left out for it, in line order.
  set(reasons ${unbuilt_reasons})
  list(REMOVE_DUPLICATES reasons)
  set(unbuilt_rows "")
  list(LENGTH unbuilt_reasons unbuilt_count)
  foreach(reason ${reasons})
    set(text "")
    math(EXPR unbuilt_last "${unbuilt_count} - 1")
    foreach(i RANGE ${unbuilt_last})
      list(GET unbuilt_reasons ${i} r)
      if(r STREQUAL reason)
        list(GET unbuilt_entries ${i} e)
        if(text STREQUAL "")
          set(text "${e}")
        else()
          string(APPEND text ", ${e}")
        endif()
      endif()
    endforeach()
    string(APPEND unbuilt_rows "    {\"${text}\", \"${reason}\"},\n")
  endforeach()

  file(CONFIGURE OUTPUT ${output} CONTENT [[
/* Generated from the hb_hash_family() lines of c_hashes/CMakeLists.txt by
 * cmake/hb_hash_family.cmake: the entries this build holds, in preference order, the families'
 * start-up functions, and what the build left out with the reason. Do not edit. */
#include "hb_internal.h"

@declarations@
const struct hb_hash *const hb_registry[] = {
@rows@};

const size_t hb_registry_len = sizeof hb_registry / sizeof hb_registry[0];

const hb_resolve_fn hb_dispatch_resolvers[] = {
@resolver_rows@    NULL,
};

const hb_prepare_fn hb_family_preparers[] = {
@preparer_rows@    NULL,
};

const struct hb_unbuilt_part hb_unbuilt_parts[] = {
@unbuilt_rows@    {NULL, NULL},
};
]] @ONLY)
endfunction()
