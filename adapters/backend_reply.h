// Reading what an external backend sends back: its JSON lines and the `.npy` files it writes. A backend
// under test is buggy by definition (docs/security.md, "Hostile backends"), so everything here is
// bounded before it is trusted: the size and nesting of a message, the exact type and range of every
// number, and the kind, size and read time of every output file. A bad message or file is an error
// value for the case it belongs to; none of these functions throws or aborts on any input.
#ifndef HLOCONF_ADAPTERS_BACKEND_REPLY_H_
#define HLOCONF_ADAPTERS_BACKEND_REPLY_H_

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "adapters/backend.h"
#include "ir/tensor.h"
#include "ir/type.h"
#include "nlohmann/json.hpp"

namespace hloconf::adapters {

// The longest line a backend may write on stdout. A reply carries paths and messages, never tensors,
// and a hello at most a few thousand op names: 16 MiB is far above any real one.
inline constexpr size_t kMaxMessageBytes = size_t{16} << 20;
// The deepest nesting of arrays and objects in a message. Replies are a few levels deep; the limit keeps
// the parser and the destructor of the parsed value (both recursive) far from the end of the stack.
inline constexpr int kMaxMessageDepth = 64;
// The largest `.npy` header a backend's output file may have (NumPy writes 64 to 128 bytes).
inline constexpr size_t kMaxNpyHeaderBytes = 65536;

// One line of the protocol parsed into a JSON value. Errors: kResourceExhausted for a line longer than
// kMaxMessageBytes or nested deeper than kMaxMessageDepth, kInvalidArgument for one that is not JSON.
absl::StatusOr<nlohmann::json> parseBackendMessage(std::string_view line);

// `value` as an integer in [min, max] when it is a JSON integer (not a float, string or bool) there.
std::optional<int64_t> exactInteger(const nlohmann::json& value, int64_t min, int64_t max);

// The backend's hello answer (adapters/PROTOCOL.md, "Handshake"), checked against `protocol`; `name` is
// taken when the hello names none.
absl::StatusOr<BackendInfo> parseHello(const nlohmann::json& hello, int protocol, const std::string& name);

// Reads `name` in the folder `dir_fd` as a tensor of `type` (static shape): a `.npy` file whose size is
// exactly its header plus the data `type` needs (decodeNpyExact: trailing bytes are an error). Nothing
// there is trusted: it is opened with O_NOFOLLOW | O_NONBLOCK (a symlink or a FIFO never blocks or redirects the read), only a regular
// file is read, its size is checked against `type` before any byte is, and the read stops at `deadline`.
absl::StatusOr<Tensor> readOutputNpy(int dir_fd, const std::string& name, const Type& type, std::string_view what,
                                     std::optional<std::chrono::steady_clock::time_point> deadline);

}  // namespace hloconf::adapters

#endif  // HLOCONF_ADAPTERS_BACKEND_REPLY_H_
