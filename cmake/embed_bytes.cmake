# Shared by the cmake/embed_*.cmake scripts (included): a file's bytes as a C array.
# embed_c_array(NAME HEX TAIL OUT) appends `static const unsigned char NAME[] = {...};`
# to the variable OUT: the bytes of HEX (the text file(READ ... HEX) gives), 24 a line,
# then TAIL ("0x00" for a terminating NUL, or nothing).
function(embed_c_array name hex tail out)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x..,){24})" "\\1\n" bytes "${bytes}")
  set(${out} "${${out}}static const unsigned char ${name}[] = {\n${bytes}${tail}};\n" PARENT_SCOPE)
endfunction()
