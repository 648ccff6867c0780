# Writes ${OUT}: the version of the reference evaluator as a C string macro, HLOCONF_REFERENCE_VERSION =
# "<project version>+<first 16 hex digits of the SHA-256 of every ir/ and reference/ source>". The
# golden cache of `hloconf run` keys on it, so any change to the evaluator invalidates cached goldens.
file(GLOB sources ${SRC}/ir/*.cc ${SRC}/ir/*.h ${SRC}/reference/*.cc ${SRC}/reference/*.h)
list(SORT sources)
set(all "")
foreach(f IN LISTS sources)
  file(SHA256 ${f} h)
  string(APPEND all "${h}")
endforeach()
string(SHA256 digest "${all}")
string(SUBSTRING "${digest}" 0 16 short)
set(content "#define HLOCONF_REFERENCE_VERSION \"${VERSION}+${short}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${content}")
  file(WRITE ${OUT} "${content}")
endif()
