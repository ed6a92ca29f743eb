# hb_embed_text.cmake — run with cmake -P: writes OUTPUT, a C file defining `const char NAME[]`,
# the bytes of INPUT followed by a NUL, so that a tool carries a file it writes into its output
# (hbreport's style and script) instead of reading it from the source tree.
file(READ ${INPUT} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE ${OUTPUT} "/* Generated from ${INPUT} by cmake/hb_embed_text.cmake: do not edit. */\n"
                     "const char ${NAME}[] = {${bytes}0x00};\n")
