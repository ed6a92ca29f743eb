# hb_layered_library(PREFIX NAME SOURCES src... [DEPENDS name...] [LIBS lib...]): the static library
# PREFIX_NAME of one folder of a component built in layers (advise/, ab/): its include path is its
# own folder and it links PREFIX_DEP for each DEPENDS and the LIBS, so that an include against the
# component's arrows fails to compile (the header is not on the path).
function(hb_layered_library prefix name)
  cmake_parse_arguments(arg "" "" "SOURCES;DEPENDS;LIBS" ${ARGN})
  list(TRANSFORM arg_DEPENDS PREPEND ${prefix}_ OUTPUT_VARIABLE deps)
  add_library(${prefix}_${name} STATIC ${arg_SOURCES})
  target_include_directories(${prefix}_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${prefix}_${name} PUBLIC ${deps} ${arg_LIBS})
endfunction()
