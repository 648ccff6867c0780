// The reference interpreter: evaluates a function of a parsed module on run-time values.
//
// Ops are evaluated in program order. func.call, composite, return and optimization_barrier are handled
// here; every other op (while, if and case included: reference/kernels_control.cc) goes to its kernel in
// the kernel table (reference/kernels.h). An op with no kernel is an "unsupported: <op>" error (absl::StatusCode::kUnimplemented),
// never a crash; malformed operands give an error with the op's file:line:col.
#ifndef HLOCONF_REFERENCE_INTERPRETER_H_
#define HLOCONF_REFERENCE_INTERPRETER_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "ir/operation.h"
#include "reference/value.h"

namespace hloconf::ref {

class ProcessGrid;  // reference/process.h

// The outcome of one check op (check.expect_* or custom_call @check.*).
struct CheckResult {
  std::string op;        // e.g. "check.expect_close"
  std::string location;  // path:line:col of the op
  bool passed = true;
  std::string message;   // for failures: first differing index, both values, ULP distance
  std::string process = {};  // on a process grid of more than one process, which one ran it ("r0p1"); else ""
};

struct EvalOptions {
  // A `while` that runs longer than this is stopped with an error (a hang costs one case, not the run).
  int64_t max_while_iterations = 100'000'000;
  int max_call_depth = 1000;
  // Strict checks: expect_close allows 0 ULPs and expect_almost_eq no difference, whatever the program
  // says (to see where a golden file is not correctly rounded).
  bool strict_checks = false;
  // Parallel runs (reference/process.h): a collective, recv or infeed that waits longer than this for
  // the other processes fails. A backstop: waits that can never end (a deadlock, a process that finished
  // or failed) fail at once.
  int64_t collective_timeout_ms = 120'000;
  // When set, evaluation stops with a kDeadlineExceeded error at the first op that starts after this
  // time (the harness's --timeout for the in-process reference backend).
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// One stablehlo.outfeed: the process that wrote it and its inputs.
struct OutfeedRecord {
  uint32_t replica_id = 0;
  uint32_t partition_id = 0;
  std::vector<RtValue> values;
};

class Interpreter {
 public:
  // `text` is the source the module was parsed from (for file:line:col in messages); it must outlive
  // the interpreter.
  Interpreter(const Module& module, std::string_view text, EvalOptions options = {});
  ~Interpreter();

  // Evaluates function `func` of the module on `args`; returns its results.
  absl::StatusOr<std::vector<RtValue>> callFunction(const Operation& func, std::vector<RtValue> args);
  // Evaluates the single block of `region` with `args` bound to its arguments; returns the operands of
  // its terminator. The region must outlive the interpreter (what it learns about a block, its BlockPlan,
  // is kept by the block's address).
  absl::StatusOr<std::vector<RtValue>> runRegion(const Region& region, std::vector<RtValue> args);

  const std::vector<CheckResult>& checks() const { return checks_; }
  void recordCheck(CheckResult result) { checks_.push_back(std::move(result)); }
  // `interpreter.probe` values, by probe id, one per time the probe ran (upstream writes them to files;
  // `check.expect_serialized_eq` reads them back).
  void recordProbe(const std::string& id, const Tensor& value) { probes_[id].push_back(value); }
  const Tensor* probe(const std::string& id, size_t iteration) const {
    auto it = probes_.find(id);
    return it == probes_.end() || iteration >= it->second.size() ? nullptr : &it->second[iteration];
  }
  int64_t failedChecks() const;

  // `path:line:col` of an op.
  std::string location(const Operation& op) const;
  // An error about `op`: "path:line:col: error: <op name>: message".
  absl::Status opError(const Operation& op, std::string_view message) const;
  // Whether EvalOptions::deadline has passed, and the DeadlineExceeded error that says so at `op`.
  bool pastDeadline() const { return options_.deadline && std::chrono::steady_clock::now() > *options_.deadline; }
  absl::Status deadlineError(const Operation& op) const;
  // An error about `region`, at the location of the op that holds it.
  absl::Status regionError(const Region& region, std::string_view message) const;
  // "unsupported: <op>[: detail]" as a kUnimplemented status with the op's location.
  absl::Status unsupported(const Operation& op, std::string_view detail = "") const;

  const Module& module() const { return module_; }
  std::string_view text() const { return text_; }
  const EvalOptions& options() const { return options_; }

  // The process this interpreter runs as (reference/process.h). By default it is process (0, 0) of a
  // 1x1 grid of its own, created when first needed, so single-process behaviour is unchanged.
  void setProcess(ProcessGrid* grid, uint32_t replica_id, uint32_t partition_id);
  ProcessGrid& grid();
  uint32_t replicaId() const { return replica_id_; }
  uint32_t partitionId() const { return partition_id_; }
  // Whether this interpreter runs one process of a parallel run (setProcess was called).
  bool inParallelRun() const { return grid_ != nullptr && own_grid_ == nullptr; }

  // stablehlo.outfeed writes here (in program order); interpreter.run_parallel appends its processes'.
  const std::vector<OutfeedRecord>& outfeed() const { return outfeed_; }
  void recordOutfeed(OutfeedRecord record) { outfeed_.push_back(std::move(record)); }

  // Called with every value the interpreter binds, in evaluation order: block arguments (function
  // arguments and region arguments, those of regions that kernels run included) and op results. A value
  // that is bound several times (a loop body, a function called twice) is reported each time.
  using Observer = std::function<void(const Value* value, const RtValue& runtime_value)>;
  void setObserver(Observer observer) { observer_ = std::move(observer); }

  // How many values (block arguments and op results) the interpreter's scopes hold: now, and at most since
  // it was created. A value is freed after its last reader, so a chain of ops holds a few at a time.
  size_t liveValues() const { return live_values_; }
  size_t peakLiveValues() const { return peak_live_values_; }

  // Whether ops named `op_name` can be evaluated (structural ops, control flow, or a kernel).
  static bool canEvaluate(OpId op);
  static bool canEvaluate(std::string_view op_name);

 private:
  absl::StatusOr<std::vector<RtValue>> evalOp(const Operation& op, std::vector<RtValue> operands);

  // Where each value defined in a block (an argument or an op result) is used for the last time, worked
  // out once per block, so that runRegion hands an operand to its last user by move instead of a copy and
  // frees a value as soon as nothing can read it again.
  struct BlockPlan;
  const BlockPlan& planOf(const Block& block);

  using Env = absl::flat_hash_map<const Value*, RtValue>;
  const Module& module_;
  std::string_view text_;
  EvalOptions options_;
  int call_depth_ = 0;
  std::vector<CheckResult> checks_;
  absl::flat_hash_map<std::string, std::vector<Tensor>> probes_;
  std::vector<const Env*> scopes_;  // innermost last; reset at each function call
  // Ops already checked against the schema (verifyAgainstSchema), so a loop body is checked once.
  absl::flat_hash_set<const Operation*> verified_;
  // By block address; node-stable, since a plan in use stays referenced while nested regions add theirs.
  absl::flat_hash_map<const Block*, std::unique_ptr<BlockPlan>> plans_;
  ProcessGrid* grid_ = nullptr;     // set by setProcess, else own_grid_ once needed
  std::unique_ptr<ProcessGrid> own_grid_;
  uint32_t replica_id_ = 0;
  uint32_t partition_id_ = 0;
  std::vector<OutfeedRecord> outfeed_;
  Observer observer_;
  size_t live_values_ = 0;
  size_t peak_live_values_ = 0;
};

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_INTERPRETER_H_
