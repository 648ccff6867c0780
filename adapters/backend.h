// A backend under test, as the runner sees it: a handshake that says what it can run, then one request
// per case. Built-in backends run in-process; external ones are long-lived subprocesses spoken to in
// JSON lines (adapters/PROTOCOL.md, adapters/external_backend.h).
#ifndef HLOCONF_ADAPTERS_BACKEND_H_
#define HLOCONF_ADAPTERS_BACKEND_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/tensor.h"
#include "ir/type.h"
#include "nlohmann/json.hpp"

namespace hloconf::adapters {

// What the backend says it can run. An empty list means "everything" (the backend decides per case).
struct Capabilities {
  std::vector<std::string> ops;            // full op names, e.g. "stablehlo.add"
  std::vector<std::string> element_types;  // MLIR spellings, e.g. "f32", "bf16", "complex<f32>", "i1"
  // Whether the backend answers verify requests (Backend::verify; the handshake's `capabilities.verify`).
  // A backend that does not is never sent one: its negative cases are "not asked".
  bool verify = false;
  bool supportsOp(std::string_view op) const;
  bool supportsElementType(std::string_view element_type) const;
};

struct BackendInfo {
  std::string name;
  std::string version;
  Capabilities capabilities;
};

// One case for a backend: a program whose @main takes the inputs and returns the outputs.
struct Request {
  std::string case_id;
  std::string mlir;          // the whole module in MLIR's generic op form
  nlohmann::json ir;         // the same module rendered as JSON (ir/ir_json.h)
  std::vector<Tensor> inputs;
  std::vector<Type> result_types;  // one per output: @main's results for process 0, then process 1, ... (flattened ids)
  uint32_t num_replicas = 1;
  uint32_t num_partitions = 1;
  double timeout_seconds = 60;
  // The infeed queue: entries in queue order, shared by the processes (each stablehlo.infeed takes the
  // oldest entry); an entry is the payload tensors of one infeed. Empty: the program reads no infeed.
  std::vector<std::vector<Tensor>> infeed;
};

struct Reply {
  enum class Kind { kOutputs, kUnsupported, kError, kCrash, kTimeout };
  Kind kind = Kind::kError;
  std::vector<Tensor> outputs;  // kOutputs: one per result type
  std::string message;          // the reason (unsupported), the error text, or what happened to the process
  double seconds = 0;           // wall time of the request as the harness saw it
  std::string log;              // external backends: what the process wrote to stderr during this request
};

// The answer to a verify request (adapters/PROTOCOL.md, "Verify a program"): whether the backend accepts a
// program, without running it. The request is a Request with case_id, mlir, ir and timeout_seconds set (no
// inputs or outputs).
struct VerifyReply {
  enum class Kind {
    kAccepted,  // the backend would compile and run the program
    kRejected,  // the backend refuses the program (message: its reason)
    kNotAsked,  // the backend does not implement verify (message: how we know)
    kError,     // the backend could not answer (message)
    kCrash,     // as for run()
    kTimeout,
  };
  Kind kind = Kind::kNotAsked;
  std::string message;
  double seconds = 0;
  std::string log;  // external backends: what the process wrote to stderr during this request
};

class Backend {
 public:
  virtual ~Backend() = default;
  // Starts the backend (for external ones: spawns the process and reads the handshake).
  virtual absl::StatusOr<BackendInfo> start() = 0;
  // Runs one case. Never throws; a crash or hang of an external backend is a kCrash/kTimeout reply,
  // after which the backend restarts itself before the next request.
  virtual Reply run(const Request& request) = 0;
  // Asks whether the backend accepts request.mlir (a program that is never run). The default: not asked.
  virtual VerifyReply verify(const Request& request);
  // Stops the backend (external: asks it to exit, then kills it). Idempotent.
  virtual void stop() {}
};

// How to start an external backend.
struct ExternalSpec {
  std::string name;                       // as the user named it (--backend NAME)
  std::vector<std::string> argv;          // command and arguments
  std::string working_directory;          // empty: the current directory
  std::vector<std::pair<std::string, std::string>> environment;  // extra variables
  std::string work_dir;                   // the per-run folder for .npy files (created if missing)
  std::string log_dir;                    // where its stderr log goes (kept: --report-dir's backend-logs/);
                                          // empty: beside the .npy files, removed with them
  double handshake_seconds = 120;         // how long it may take to answer the hello (importing a framework
                                          // can take a while); 0: forever
  std::string adapter_json;               // --backend NAME: the adapter.json it came from (reports name it)
};

// The built-in reference backend (the reference evaluator in-process; outputs without marks).
std::unique_ptr<Backend> makeReferenceBackend();

// A verify request answered with hloconf's own static verifier (ir/verifier.h): rejected with the first
// diagnostic, else accepted. The built-in backends (`reference`, `cpu`, `cuda`) and `hloconf serve` answer so.
VerifyReply verifyWithHloconf(const Request& request);

// The built-in cpu backend: our own CPU executor (executors/, docs/design/executors.md), in-process.
std::unique_ptr<Backend> makeCpuBackend();

// The built-in cuda backend: our own CUDA executor (executors/cuda/), in-process. Without the CUDA toolkit
// at build time, or a CUDA device at run time, every case is UNSUPPORTED with the reason.
std::unique_ptr<Backend> makeCudaBackend();

// An external backend process (adapters/external_backend.cc).
std::unique_ptr<Backend> makeExternalBackend(ExternalSpec spec);

// Finds `adapters/<name>/adapter.json` under each of `search_dirs` (the first that has it) and turns it
// into an ExternalSpec: {"command": ["python3", "adapter.py"], "env": {...}}; relative paths in the
// command are resolved against the adapter's folder.
absl::StatusOr<ExternalSpec> findAdapter(const std::string& name, const std::vector<std::string>& search_dirs);

// `--backend-cmd 'CMD'`: a shell-like command line split into argv (quotes and backslashes honoured).
absl::StatusOr<ExternalSpec> specFromCommand(const std::string& name, const std::string& command_line);

}  // namespace hloconf::adapters

#endif  // HLOCONF_ADAPTERS_BACKEND_H_
