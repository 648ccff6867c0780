// The version of what produces golden values: the project version plus a hash of every ir/ and
// reference/ source and of the harness code that lowers cases (cmake/reference_hash.cmake writes it into
// build/generated/reference_version.cc). The golden cache keys on it and reports record it.
#ifndef HLOCONF_GOLDEN_REFERENCE_VERSION_H_
#define HLOCONF_GOLDEN_REFERENCE_VERSION_H_

extern const char kHloconfReferenceVersion[];
#define HLOCONF_REFERENCE_VERSION (static_cast<const char*>(kHloconfReferenceVersion))

#endif  // HLOCONF_GOLDEN_REFERENCE_VERSION_H_
