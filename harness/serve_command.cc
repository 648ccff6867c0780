// `hloconf serve`: the reference evaluator (or our cpu executor) behind the backend protocol
// (adapters/PROTOCOL.md), so that the protocol, the external-backend driver and adapters built on it can be
// tested end to end against a backend whose answers are known, and so that the cpu executor can run
// crash-isolated in its own process.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "adapters/backend.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/asm_parser.h"
#include "ir/npy.h"
#include "ir/strings.h"
#include "nlohmann/json.hpp"
#include "golden/reference_version.h"

namespace hloconf {

const char kServeUsage[] =
    "usage: hloconf serve [--executor reference|cpu|cuda] [--name NAME]\n\n"
    "Speaks the backend protocol (adapters/PROTOCOL.md, protocol 1) on stdin/stdout and answers every\n"
    "request with the reference evaluator (a backend that is right by definition, for testing the\n"
    "protocol, the harness and adapters end to end) or with hloconf's own cpu executor (the same as\n"
    "`--backend cpu`, but in a process of its own). One JSON object per line in, one per line out;\n"
    "tensors are .npy files named in the requests. A malformed line is answered with an error reply\n"
    "and the server goes on. It exits on {\"type\":\"shutdown\"} or at the end of its input.\n\n"
    "options:\n"
    "  --executor E  reference (default), cpu or cuda (the CUDA executor; UNSUPPORTED without a device)\n"
    "  --name NAME   the backend name its handshake reports (default: the executor's)\n\n"
    "Example: hloconf run --backend-cmd 'hloconf serve --executor cpu' cases/\n";

namespace {

using json = nlohmann::json;

constexpr int kProtocolVersion = 1;

class Server {
 public:
  Server(std::unique_ptr<adapters::Backend> backend, adapters::BackendInfo info, std::string name, int out_fd)
      : backend_(std::move(backend)), info_(std::move(info)), name_(std::move(name)), out_fd_(out_fd) {}

  // Handles one line; false when the server should exit.
  bool handleLine(std::string_view line) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return true;  // blank lines are ignored
    json message = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (message.is_discarded() || !message.is_object()) {
      send(errorReply(nullptr, strCat("malformed line (expected one JSON object): ", clip(line))));
      return true;
    }
    const json id = message.contains("id") ? message["id"] : json(nullptr);
    const json* type = message.contains("type") ? &message["type"] : nullptr;
    if (!type || !type->is_string()) {
      send(errorReply(id, "the message has no \"type\" string"));
      return true;
    }
    const std::string& kind = type->get_ref<const std::string&>();
    if (kind == "hello") {
      send(hello());
    } else if (kind == "run") {
      send(run(message, id));
    } else if (kind == "verify") {
      send(verify(message, id));
    } else if (kind == "shutdown") {
      return false;
    } else {
      send(errorReply(id, strCat("unknown message type '", kind, "' (expected hello, run, verify or shutdown)")));
    }
    return true;
  }

 private:
  static std::string clip(std::string_view text) {
    return text.size() <= 200 ? std::string(text) : strCat(text.substr(0, 200), "...");
  }

  static json errorReply(const json& id, std::string message) {
    return {{"type", "result"}, {"id", id}, {"status", "error"}, {"message", std::move(message)}};
  }

  json hello() const {
    return {{"type", "hello"},
            {"protocol", kProtocolVersion},
            {"name", name_},
            {"version", info_.version},
            // The executor's ops (none listed: every op); it answers "unsupported" for the rest.
            {"capabilities",
             {{"ops", info_.capabilities.ops}, {"element_types", info_.capabilities.element_types}, {"verify", info_.capabilities.verify}}}};
  }

  // {"type": "verify", "mlir": ...}: the executor's answer (hloconf's verifier for every executor).
  json verify(const json& message, const json& id) {
    if (!message.contains("mlir") || !message["mlir"].is_string()) return errorReply(id, "the verify request has no \"mlir\" string");
    adapters::Request request;
    request.mlir = message["mlir"].get<std::string>();
    if (message.contains("case_id") && message["case_id"].is_string()) request.case_id = message["case_id"].get<std::string>();
    const adapters::VerifyReply reply = backend_->verify(request);
    switch (reply.kind) {
      case adapters::VerifyReply::Kind::kAccepted:
        return {{"type", "verify"}, {"id", id}, {"result", "accepted"}, {"message", reply.message}};
      case adapters::VerifyReply::Kind::kRejected:
        return {{"type", "verify"}, {"id", id}, {"result", "rejected"}, {"message", reply.message}};
      case adapters::VerifyReply::Kind::kNotAsked:
        return {{"type", "verify"}, {"id", id}, {"result", "unsupported"}, {"message", reply.message}};
      default:
        return errorReply(id, reply.message);
    }
  }

  absl::StatusOr<Type> parseTensorType(const std::string& text) {
    auto cached = types_.find(text);
    if (cached != types_.end()) return cached->second;
    AsmParser parser("<type>", text, 0, text.size());
    Type type;
    absl::Status status = parser.parseType(type);
    if (status.ok() && !parser.atEnd()) status = parser.error("unexpected text after the type");
    if (!status.ok()) return absl::InvalidArgumentError(strCat("cannot read the type '", text, "': ", status.message()));
    if (!type.isTensor() || !type.hasStaticShape())
      return absl::InvalidArgumentError(strCat("'", text, "' is not a static-shaped tensor type"));
    if (types_.size() > 4096) types_.clear();
    types_.emplace(text, type);
    return type;
  }

  // The `path` and `type` of one entry of "inputs" / "outputs".
  absl::Status tensorEntry(const json& entry, std::string_view what, std::string& path, Type& type) {
    if (!entry.is_object() || !entry.contains("path") || !entry["path"].is_string() || !entry.contains("type") ||
        !entry["type"].is_string())
      return absl::InvalidArgumentError(strCat(what, ": expected {\"path\": ..., \"type\": ...}"));
    path = entry["path"].get<std::string>();
    auto parsed = parseTensorType(entry["type"].get<std::string>());
    if (!parsed.ok()) return absl::InvalidArgumentError(strCat(what, ": ", parsed.status().message()));
    type = *parsed;
    return absl::OkStatus();
  }

  json run(const json& message, const json& id) {
    if (id.is_null()) return errorReply(id, "a run request needs an \"id\"");
    if (!message.contains("mlir") || !message["mlir"].is_string())
      return errorReply(id, "a run request needs the program as an \"mlir\" string");
    for (const char* key : {"inputs", "outputs"})
      if (!message.contains(key) || !message[key].is_array())
        return errorReply(id, strCat("a run request needs an \"", key, "\" list"));

    adapters::Request request;
    if (auto it = message.find("case_id"); it != message.end() && it->is_string()) request.case_id = it->get<std::string>();
    request.mlir = message["mlir"].get<std::string>();
    auto count = [&](const char* key) -> uint32_t {
      if (!message.contains(key) || !message[key].is_number_unsigned()) return 1;
      return std::max<uint32_t>(1, message[key].get<uint32_t>());
    };
    request.num_replicas = count("num_replicas");
    request.num_partitions = count("num_partitions");
    request.timeout_seconds =
        message.contains("timeout_seconds") && message["timeout_seconds"].is_number() ? message["timeout_seconds"].get<double>() : 0;

    const json& inputs = message["inputs"];
    for (size_t i = 0; i < inputs.size(); ++i) {
      std::string path;
      Type type;
      absl::Status status = tensorEntry(inputs[i], strCat("input ", i), path, type);
      if (!status.ok()) return errorReply(id, std::string(status.message()));
      auto tensor = readNpyFile(path, type);
      if (!tensor.ok()) return errorReply(id, strCat("input ", i, ": ", tensor.status().message()));
      request.inputs.push_back(std::move(*tensor));
    }
    if (auto it = message.find("infeed"); it != message.end() && !it->is_null()) {
      if (!it->is_array()) return errorReply(id, "\"infeed\" must be a list of entries (each a list of tensors)");
      for (size_t e = 0; e < it->size(); ++e) {
        const json& entry = (*it)[e];
        if (!entry.is_array()) return errorReply(id, strCat("infeed entry ", e, ": expected a list of tensors"));
        std::vector<Tensor> payload;
        for (size_t k = 0; k < entry.size(); ++k) {
          std::string path;
          Type type;
          std::string what = strCat("infeed entry ", e, " tensor ", k);
          absl::Status status = tensorEntry(entry[k], what, path, type);
          if (!status.ok()) return errorReply(id, std::string(status.message()));
          auto tensor = readNpyFile(path, type);
          if (!tensor.ok()) return errorReply(id, strCat(what, ": ", tensor.status().message()));
          payload.push_back(std::move(*tensor));
        }
        request.infeed.push_back(std::move(payload));
      }
    }
    const json& outputs = message["outputs"];
    std::vector<std::string> output_paths;
    std::vector<Type> output_types;
    for (size_t i = 0; i < outputs.size(); ++i) {
      std::string path;
      Type type;
      absl::Status status = tensorEntry(outputs[i], strCat("output ", i), path, type);
      if (!status.ok()) return errorReply(id, std::string(status.message()));
      output_paths.push_back(std::move(path));
      output_types.push_back(std::move(type));
    }

    adapters::Reply reply = backend_->run(request);
    switch (reply.kind) {
      case adapters::Reply::Kind::kOutputs:
        break;
      case adapters::Reply::Kind::kUnsupported:
        return {{"type", "result"}, {"id", id}, {"status", "unsupported"}, {"reason", reply.message}};
      case adapters::Reply::Kind::kTimeout:
        return {{"type", "result"}, {"id", id}, {"status", "timeout"}, {"message", reply.message}};
      default:
        return errorReply(id, reply.message);
    }
    if (reply.outputs.size() != output_paths.size())
      return errorReply(id, strCat("the program gives ", reply.outputs.size(), " result tensor(s) (all processes); the request names ",
                                   output_paths.size(), " output file(s)"));
    for (size_t i = 0; i < output_paths.size(); ++i) {
      if (reply.outputs[i].type() != output_types[i])
        return errorReply(id, strCat("output ", i, " has type ", reply.outputs[i].type().toString(),
                                     "; the request expects ", output_types[i].toString()));
      absl::Status written = writeNpyFile(output_paths[i], reply.outputs[i]);
      if (!written.ok()) return errorReply(id, strCat("output ", i, ": ", written.message()));
    }
    return {{"type", "result"}, {"id", id}, {"status", "ok"}, {"seconds", reply.seconds}};
  }

  void send(const json& reply) {
    std::string line = reply.dump(-1, ' ', false, json::error_handler_t::replace);
    line += '\n';
    std::string_view rest = line;
    while (!rest.empty()) {
      ssize_t n = ::write(out_fd_, rest.data(), rest.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // the harness is gone; the next read sees EOF
      rest.remove_prefix(static_cast<size_t>(n));
    }
  }

  std::unique_ptr<adapters::Backend> backend_;
  adapters::BackendInfo info_;
  std::string name_;
  int out_fd_;
  absl::flat_hash_map<std::string, Type> types_;
};

}  // namespace

int runServeCommand(const std::vector<std::string>& args) {
  std::string name, executor = "reference";
  cli::Options cl("serve");
  cl.app().add_option("--name", name);
  cl.app().add_option("--executor", executor)->check(CLI::IsMember({"reference", "cpu", "cuda"}));
  if (std::optional<int> status = cl.parse(args)) return *status;
  // stdout carries protocol lines only: replies go to a private copy of it, and anything else that
  // writes to fd 1 lands in stderr (the harness's log of this backend).
  int out_fd = ::dup(STDOUT_FILENO);
  if (out_fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("hloconf serve: dup");
    return 2;
  }
  std::unique_ptr<adapters::Backend> backend =
      executor == "cpu"    ? adapters::makeCpuBackend()
      : executor == "cuda" ? adapters::makeCudaBackend()
                           : adapters::makeReferenceBackend();
  absl::StatusOr<adapters::BackendInfo> info = backend->start();
  if (!info.ok()) {
    std::fprintf(stderr, "hloconf serve: the %s executor did not start: %s\n", executor.c_str(),
                 std::string(info.status().message()).c_str());
    return 2;
  }
  if (executor == "reference") info->version = HLOCONF_REFERENCE_VERSION;
  Server server(std::move(backend), *info, name.empty() ? info->name : name, out_fd);
  std::string buffer;
  char chunk[65536];
  size_t scanned = 0;
  while (true) {
    size_t newline = buffer.find('\n', scanned);
    if (newline != std::string::npos) {
      bool go_on = server.handleLine(std::string_view(buffer).substr(0, newline));
      buffer.erase(0, newline + 1);
      scanned = 0;
      if (!go_on) break;
      continue;
    }
    scanned = buffer.size();
    ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (!buffer.empty()) server.handleLine(buffer);  // a last line without its newline
      break;
    }
    buffer.append(chunk, static_cast<size_t>(n));
  }
  ::close(out_fd);
  return 0;
}

}  // namespace hloconf
