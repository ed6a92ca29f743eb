# The official BLAKE3 C implementation, built from the sources Debian's librust-blake3-dev ships
# (/usr/share/cargo/registry/blake3-<version>/c, in the sysroot for a cross build): read from
# there, never copied into the repository. Included by c_hashes/CMakeLists.txt.
#
# One entry per ISA path. The library chooses its path at run time from CPUID and is limited at
# build time by BLAKE3_NO_AVX512, BLAKE3_NO_AVX2, BLAKE3_NO_SSE41, BLAKE3_NO_SSE2 (x86-64) and
# BLAKE3_USE_NEON=0 (AArch64), so each path is a build of the whole library with the wider paths
# compiled out, and its entry requires the CPU features of that path (the library would otherwise
# fall back to a narrower one without saying so).
#
# Several builds of one library in one binary define the same symbols. Each path is therefore
# compiled as its own object library (the library's files and our adapter,
# c_hashes/libraries/blake3_official.c), linked into one relocatable object (`cc -r`), and that
# object's symbols are made local except the entries (`objcopy --keep-global-symbol`): the
# library's calls between its own files are resolved by the partial link, so no list of its
# symbols is kept here, and a symbol added by a later version of the library cannot clash.
#
# Sets HB_HAVE_BLAKE3, HB_BLAKE3_MISSING (for hb_hash_family's LIBRARY BLAKE3) and
# HB_BLAKE3_DIR; hb_blake3_official_path() makes one path's object.

set(HB_WITH_BLAKE3 "AUTO" CACHE STRING "Build the official BLAKE3 C entries (librust-blake3-dev): AUTO, ON or OFF")
set_property(CACHE HB_WITH_BLAKE3 PROPERTY STRINGS AUTO ON OFF)
set(HB_HAVE_BLAKE3 OFF)
set(HB_BLAKE3_LINK "")
set(HB_BLAKE3_DIR "")
set(HB_BLAKE3_MISSING "librust-blake3-dev not found at build time")
if(HB_WITH_BLAKE3 STREQUAL "OFF")
  set(HB_BLAKE3_MISSING "switched off (-DHB_WITH_BLAKE3=OFF)")
else()
  file(GLOB hb_blake3_headers "${CMAKE_SYSROOT}/usr/share/cargo/registry/blake3-*/c/blake3.h")
  if(hb_blake3_headers)
    # the newest version when several are installed
    list(SORT hb_blake3_headers COMPARE NATURAL ORDER DESCENDING)
    list(GET hb_blake3_headers 0 hb_blake3_header)
    get_filename_component(HB_BLAKE3_DIR "${hb_blake3_header}" DIRECTORY)
    if(NOT CMAKE_OBJCOPY)
      set(HB_BLAKE3_MISSING "objcopy not found (binutils)")
    else()
      set(HB_HAVE_BLAKE3 ON)
    endif()
  endif()
  if(NOT HB_HAVE_BLAKE3 AND HB_WITH_BLAKE3 STREQUAL "ON")
    message(FATAL_ERROR "HB_WITH_BLAKE3=ON but the official BLAKE3 C sources were not usable: ${HB_BLAKE3_MISSING} "
                        "(apt-get install librust-blake3-dev)")
  endif()
endif()
message(STATUS "hashbench: official BLAKE3 C ${HB_HAVE_BLAKE3} ${HB_BLAKE3_DIR}")
if(HB_HAVE_BLAKE3 AND HB_TARGET_ARCH STREQUAL "x86_64")
  enable_language(ASM) # the x86-64 paths are the library's assembly (*_x86-64_unix.S)
endif()

# hb_blake3_official_path(PATH OUT_OBJECT ENTRIES symbol... FILES file... [DEFINES def...]):
# builds the library's FILES (names in its c/ folder) with DEFINES and the adapter compiled for
# PATH (HB_B3_PATH_<PATH> selects the entry in blake3_official.c), links them into one object
# whose only global symbols are ENTRIES, and returns that object's path in OUT_OBJECT.
function(hb_blake3_official_path path out_object)
  cmake_parse_arguments(arg "" "" "ENTRIES;FILES;DEFINES" ${ARGN})
  string(TOUPPER "${path}" upper)
  set(target hb_blake3_official_${path})
  list(TRANSFORM arg_FILES PREPEND "${HB_BLAKE3_DIR}/" OUTPUT_VARIABLE files)
  add_library(${target} OBJECT ${files} ${CMAKE_CURRENT_SOURCE_DIR}/libraries/blake3_official.c)
  target_compile_definitions(${target} PRIVATE ${arg_DEFINES} HB_B3_PATH_${upper})
  target_include_directories(${target} PRIVATE ${HB_BLAKE3_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  # The library's own files are built as its authors build them: our warnings are not theirs.
  set_source_files_properties(${files} TARGET_DIRECTORY ${target} PROPERTIES COMPILE_OPTIONS "-w")
  set(object ${CMAKE_CURRENT_BINARY_DIR}/blake3_official_${path}.o)
  set(keep "")
  foreach(entry ${arg_ENTRIES})
    list(APPEND keep --keep-global-symbol=${entry})
  endforeach()
  add_custom_command(OUTPUT ${object}
    COMMAND ${CMAKE_C_COMPILER} -r -nostdlib -o ${object}.partial $<TARGET_OBJECTS:${target}>
    COMMAND ${CMAKE_OBJCOPY} ${keep} ${object}.partial ${object}
    DEPENDS ${target} $<TARGET_OBJECTS:${target}>
    COMMAND_EXPAND_LISTS
    COMMENT "BLAKE3 official C, ${path} path: one object, its library symbols local")
  set_source_files_properties(${object} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  set(${out_object} ${object} PARENT_SCOPE)
endfunction()

# hb_blake3_official_family(PATH ENTRIES name/impl... FILES file... [ISA keyword...] [DEFINES def...]):
# one path as an hb_hash_family() line (family blake3_official_<PATH>, LIBRARY BLAKE3), its
# object built only when the family can be (the library found, its ISA usable here), so that a
# path of another architecture is listed as not built, with the reason, like any other family.
function(hb_blake3_official_family path)
  cmake_parse_arguments(arg "" "" "ENTRIES;FILES;ISA;DEFINES" ${ARGN})
  set(object ${CMAKE_CURRENT_BINARY_DIR}/blake3_official_${path}.o)
  set(buildable ${HB_HAVE_BLAKE3})
  foreach(isa ${arg_ISA})
    hb_isa_usable(${isa} usable why)
    if(NOT usable)
      set(buildable OFF)
    endif()
  endforeach()
  if(buildable)
    set(symbols "")
    foreach(entry ${arg_ENTRIES})
      string(MAKE_C_IDENTIFIER "hb_${entry}" symbol)
      list(APPEND symbols ${symbol})
    endforeach()
    hb_blake3_official_path(${path} object ENTRIES ${symbols} FILES ${arg_FILES} DEFINES ${arg_DEFINES})
  endif()
  set(isa_args "")
  if(arg_ISA)
    set(isa_args ISA ${arg_ISA})
  endif()
  hb_hash_family(blake3_official_${path} SOURCES ${object} ${isa_args} LIBRARY BLAKE3 ENTRIES ${arg_ENTRIES})
endfunction()

# The library's files every path builds, and the x86-64 paths' assembly (as the library's own
# build uses on Unix).
set(HB_BLAKE3_BASE_FILES blake3.c blake3_dispatch.c blake3_portable.c)
set(HB_BLAKE3_X86_FILES blake3_sse2_x86-64_unix.S blake3_sse41_x86-64_unix.S blake3_avx2_x86-64_unix.S
    blake3_avx512_x86-64_unix.S)
# The library as its users build it, on this architecture: every path it has, its own dispatch.
if(HB_TARGET_ARCH STREQUAL "x86_64")
  set(HB_BLAKE3_DISPATCH_FILES ${HB_BLAKE3_BASE_FILES} ${HB_BLAKE3_X86_FILES})
elseif(HB_TARGET_ARCH STREQUAL "aarch64")
  set(HB_BLAKE3_DISPATCH_FILES ${HB_BLAKE3_BASE_FILES} blake3_neon.c)
else()
  set(HB_BLAKE3_DISPATCH_FILES ${HB_BLAKE3_BASE_FILES})
endif()

# That build once more, unrenamed, as a library for a program that calls the official C directly
# and does not link hb_hashes (hbfidelity, which compares blake3/official with it).
if(HB_HAVE_BLAKE3)
  list(TRANSFORM HB_BLAKE3_DISPATCH_FILES PREPEND "${HB_BLAKE3_DIR}/" OUTPUT_VARIABLE hb_blake3_c_files)
  add_library(hb_blake3_c STATIC ${hb_blake3_c_files})
  target_include_directories(hb_blake3_c PUBLIC ${HB_BLAKE3_DIR})
  set_source_files_properties(${hb_blake3_c_files} TARGET_DIRECTORY hb_blake3_c PROPERTIES COMPILE_OPTIONS "-w")
endif()
