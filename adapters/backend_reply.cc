// Bounded reading of a backend's messages and output files (adapters/backend_reply.h).
#include "adapters/backend_reply.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ir/byte_size.h"
#include "ir/npy.h"
#include "ir/strings.h"

namespace hloconf::adapters {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

// The deepest nesting of `[` and `{` outside strings. The parser would recurse this deep (and so would
// the destructor of what it builds), so it is measured before parsing; `limit` stops the scan early.
int nestingDepth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

absl::StatusOr<json> parseBackendMessage(std::string_view line) {
  if (line.size() > kMaxMessageBytes)
    return absl::ResourceExhaustedError(strCat("a message of ", line.size(), " bytes (the limit is ", kMaxMessageBytes, ")"));
  if (nestingDepth(line, kMaxMessageDepth) > kMaxMessageDepth)
    return absl::ResourceExhaustedError(strCat("a message nested more than ", kMaxMessageDepth, " levels deep"));
  json message = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) return absl::InvalidArgumentError("a line that is not JSON");
  return message;
}

std::optional<int64_t> exactInteger(const json& value, int64_t min, int64_t max) {
  // A number too large for 64 bits parses as a float, and get<int>() of 2^32+1 wraps: only integers
  // that fit are read, and compared in their own signedness.
  if (value.is_number_unsigned()) {
    const uint64_t v = value.get<uint64_t>();
    if (max < 0 || v > static_cast<uint64_t>(max)) return std::nullopt;
    return static_cast<int64_t>(v) >= min ? std::optional<int64_t>(static_cast<int64_t>(v)) : std::nullopt;
  }
  if (value.is_number_integer()) {
    const int64_t v = value.get<int64_t>();
    return v >= min && v <= max ? std::optional<int64_t>(v) : std::nullopt;
  }
  return std::nullopt;
}

absl::StatusOr<BackendInfo> parseHello(const json& hello, int protocol, const std::string& name) {
  if (!hello.is_object()) return absl::InvalidArgumentError("its hello is not a JSON object");
  auto field = hello.find("protocol");
  if (field == hello.end() || !field->is_number())
    return absl::InvalidArgumentError("its hello has no \"protocol\" number");
  if (exactInteger(*field, protocol, protocol) != protocol)
    return absl::InvalidArgumentError(strCat("it speaks protocol ", field->dump(), "; this harness speaks protocol ", protocol));
  BackendInfo info;
  field = hello.find("name");
  info.name = field != hello.end() && field->is_string() ? field->get<std::string>() : name;
  if (field = hello.find("version"); field != hello.end())
    info.version = field->is_string() ? field->get<std::string>() : field->dump(-1, ' ', false, json::error_handler_t::replace);
  field = hello.find("capabilities");
  if (field == hello.end() || !field->is_object()) return info;
  const json& caps = *field;
  // "verify": true: it answers verify requests (anything else, or absent: it does not).
  info.capabilities.verify = caps.contains("verify") && caps["verify"].is_boolean() && caps["verify"].get<bool>();
  for (const char* key : {"ops", "element_types"}) {
    if (!caps.contains(key) || caps[key].is_null()) continue;
    if (!caps[key].is_array()) return absl::InvalidArgumentError(strCat("capabilities.", key, " is not a list"));
    auto& list = std::string_view(key) == "ops" ? info.capabilities.ops : info.capabilities.element_types;
    for (const json& entry : caps[key]) {
      if (!entry.is_string())
        return absl::InvalidArgumentError(strCat("capabilities.", key, " has an entry that is not a string"));
      list.push_back(entry.get<std::string>());
    }
  }
  return info;
}

absl::StatusOr<Tensor> readOutputNpy(int dir_fd, const std::string& name, const Type& type, std::string_view what,
                                     std::optional<Clock::time_point> deadline) {
  if (!type.isTensor() || !type.hasStaticShape())
    return absl::InvalidArgumentError(strCat(what, ": the expected type ", type.toString(), " is not a static tensor type"));
  const int fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno == ELOOP) return absl::InvalidArgumentError(strCat(what, ": the backend left a symlink, not a file"));
    return absl::InvalidArgumentError(strCat(what, ": cannot open it: ", std::strerror(errno)));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return absl::InvalidArgumentError(strCat(what, ": fstat: ", std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(strCat(what, ": not a regular file (a FIFO, device or folder is never read)"));
  // A type of more than 2^63 - 1 bytes reads as no limit here: no file is that large.
  const uint64_t most = kMaxNpyHeaderBytes + 12 + static_cast<uint64_t>(dataByteSize(type).value_or(INT64_MAX));
  if (static_cast<uint64_t>(st.st_size) > most)
    return absl::InvalidArgumentError(strCat(what, ": the file has ", st.st_size, " bytes; a .npy of ", type.toString(),
                                             " has at most ", most));
  std::string bytes(static_cast<size_t>(st.st_size), '\0');
  size_t got = 0;
  while (got < bytes.size()) {
    if (deadline && Clock::now() >= *deadline)
      return absl::DeadlineExceededError(strCat(what, ": reading it took past the case's deadline"));
    // At most 16 MiB a read, so that the deadline is looked at between them.
    const ssize_t n = ::read(fd, bytes.data() + got, std::min<size_t>(bytes.size() - got, size_t{16} << 20));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::InvalidArgumentError(strCat(what, ": read: ", std::strerror(errno)));
    if (n == 0) break;  // it shrank since fstat: decodeNpyExact reports what is missing
    got += static_cast<size_t>(n);
  }
  bytes.resize(got);
  // It may have grown since fstat (the backend is still writing it): that is trailing data too.
  char extra;
  if (got == static_cast<size_t>(st.st_size) && ::read(fd, &extra, 1) == 1)
    return absl::InvalidArgumentError(strCat(what, ": the file grew while it was read"));
  return decodeNpyExact(bytes, type, what);
}

}  // namespace hloconf::adapters
