// Case generators: random, valid-by-construction StableHLO programs for every op, with inputs drawn by
// a strategy, each reproducible from its case ID alone. docs/design/generators.md describes the design.
//
// A generated case is identified by `gen/<op>/<dtype>/<strategy>/<seed>/<index>`. Everything random in
// it comes from one Rng seeded by a hash of that ID, so the same ID always gives the same text, byte for
// byte, on every machine (the Rng is our own, not <random>'s distributions, whose output differs between
// standard libraries).
//
// Each op has one OpGenerator (a table per op family, like the op registry's tables). Its `build`
// function writes one program through a GenContext: it draws shapes and attributes that satisfy the op's
// constraints, asks the context for inputs (filled by the strategy), and writes the op's text.
#ifndef HLOCONF_GENERATORS_GEN_H_
#define HLOCONF_GENERATORS_GEN_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/element_type.h"
#include "ir/op_id.h"
#include "ir/tensor.h"
#include "ir/type.h"
#include "ir/upstream_check.h"

namespace hloconf::gen {

// xoshiro256** seeded through SplitMix64. Every draw is integer arithmetic, so results are the same on
// every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed);
  uint64_t next();
  // Uniform in [lo, hi] (inclusive), without modulo bias. lo <= hi.
  int64_t range(int64_t lo, int64_t hi);
  // True with probability num/den.
  bool chance(uint64_t num, uint64_t den);
  // A uniformly chosen element of a non-empty list.
  template <typename T>
  const T& pick(std::span<const T> items) {
    return items[static_cast<size_t>(range(0, static_cast<int64_t>(items.size()) - 1))];
  }
  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return pick(std::span<const T>(items));
  }
  template <typename T>
  const T& pick(std::initializer_list<T> items) {
    return pick(std::span<const T>(items.begin(), items.size()));
  }

 private:
  uint64_t s_[4];
};

// 64-bit FNV-1a (the per-case seed is the hash of its ID).
uint64_t fnv1a64(std::string_view text);

// --- Input strategies --------------------------------------------------------------------------------

enum class Strategy : uint8_t {
  kUniform,       // uniform over the format's finite encodings (integers: every value; i1: fair coin)
  kSpecial,       // signed zeros, infinities, NaNs, subnormals, min/max normal, integer extremes, the op's thresholds
  kLogUniform,    // random sign, exponent uniform over the format's range (subnormals included), random mantissa
  kNearTies,      // inputs whose exact results lie near a rounding boundary of the result type (elementwise ops)
  kCancellation,  // large terms that cancel in sums of products (dot, convolution, reductions)
  kNormal,        // typical ML data: N(0, s^2) rounded once (s: ValueHints::normal_scale; a weight operand of a
                  // product has s = 1/sqrt(fan-in)), for dot, convolution and reductions; float and complex only
};
inline constexpr Strategy kAllStrategies[] = {Strategy::kUniform, Strategy::kSpecial, Strategy::kLogUniform,
                                              Strategy::kNearTies, Strategy::kCancellation, Strategy::kNormal};
// "uniform", "special", "log-uniform", "near-ties", "cancellation", "normal"
std::string_view strategyName(Strategy s);
std::optional<Strategy> parseStrategy(std::string_view name);

// What an input must respect beyond its type. Defaults: anything the strategy draws.
struct ValueHints {
  // Integers: keep values in [int_lo, int_hi] (e.g. shift amounts, indices). Ignored for floats.
  std::optional<int64_t> int_lo, int_hi;
  // Floats: `special` adds these values (as doubles, rounded to the format) to its pool: the op's
  // overflow/underflow thresholds and the values next to them.
  std::vector<double> thresholds;
  // Floats: only finite values (e.g. inputs of ops whose result the graph generator keeps finite).
  bool finite_only = false;
  // Floats: magnitudes at most this (finite, > 0) -- e.g. to keep exp or a product finite. 0: no bound.
  double max_magnitude = 0;
  // kNormal: the standard deviation (1: activations; 1/sqrt(fan-in): the weights of a product).
  double normal_scale = 1;
};

// Fills every element of `t` (any element type; quantized tensors get storage integers) by `strategy`.
// kNearTies and kCancellation fall back to kUniform here: the op family that supports them picks values
// itself (see cancellingValues and the elementwise family's near-ties search).
void fillTensor(Tensor& t, Strategy strategy, Rng& rng, const ValueHints& hints = {});

// The bits of one element of float type `t` by strategy (kSpecial draws from the special pool).
uint64_t drawFloat(ElementType t, Strategy strategy, Rng& rng, const ValueHints& hints = {});

// `n` values of float or complex-part type `t` whose running sum cancels: pairs (x, -x + small) with
// large |x|, in a random order of pairs, so any order of summation sees the cancellation.
std::vector<uint64_t> cancellingValues(ElementType t, int64_t n, Rng& rng);

// --- Programs ----------------------------------------------------------------------------------------

// What a generator writes through. The program is one @main with no arguments: inputs are constants
// (the harness's lowering turns them into @main's arguments), the op under test follows, and @main
// returns the outputs.
class GenContext {
 public:
  GenContext(std::string op, ElementType type, Strategy strategy, uint64_t seed);

  Rng& rng() { return rng_; }
  ElementType type() const { return type_; }  // the element type under test
  Strategy strategy() const { return strategy_; }
  const std::string& op() const { return op_; }
  OpId opId() const { return op_id_; }  // the op under test (OpId::kUnknown for `graph`)
  // The ops a `graph[...]` case may use (short names, "add"), or empty for every op the generator knows.
  const std::vector<std::string>& allowedOps() const { return allowed_ops_; }
  void setAllowedOps(std::vector<std::string> ops) { allowed_ops_ = std::move(ops); }

  // A random shape: rank in [min_rank, max_rank] (at most 6), at most `max_elements` elements (>= 1),
  // and now and then (about 1 in 12) a dimension of size 0 when `allow_empty`.
  std::vector<int64_t> shape(int min_rank = 0, int max_rank = 4, int64_t max_elements = 64, bool allow_empty = true);
  // "tensor<2x3xf32>" for a shape and element type (the element type under test by default).
  std::string tensorType(const std::vector<int64_t>& shape) const;
  static std::string tensorType(const std::vector<int64_t>& shape, std::string_view element_type);

  // A data input of tensor type `type` (MLIR text), filled by the strategy; returns its SSA name.
  std::string input(std::string_view type, const ValueHints& hints = {});
  // An input with exactly these values (indices, shapes): returns its SSA name.
  std::string input(const Tensor& value);
  // An i64/i32 index input of shape `shape` with values in [lo, hi].
  std::string indexInput(std::string_view type, int64_t lo, int64_t hi);
  // A constant that stays a constant (it is not an input): for operands a compiler needs static, e.g.
  // the output shape of dynamic_* ops. Returns its SSA name.
  std::string staticConstant(const Tensor& value);

  // Appends `%vN = <text>` to @main (text is the op in generic or pretty form, with its types) and
  // returns "%vN". `results` > 1 names the results `%vN:k`; refer to them as result(name, i).
  std::string op(std::string_view text, int results = 1);
  static std::string result(const std::string& name, int index) { return name + "#" + std::to_string(index); }
  // A fresh SSA name for a region argument or a value inside a region ("%rN").
  std::string fresh();
  // @main returns these (value, type) pairs, in order.
  void output(const std::string& value, std::string_view type);
  // Another function in the module (for call, composite, ...), full text.
  void function(std::string_view text);
  // The module's process grid (mhlo.num_replicas / mhlo.num_partitions).
  void setGrid(int replicas, int partitions);

  // When a generator cannot build a case for this type and strategy (e.g. no legal shape), it calls
  // skip() with the reason and returns; no case is generated for that index (`gen` counts it apart).
  void skip(std::string reason) { skipped_ = std::move(reason); }
  const std::string& skipped() const { return skipped_; }

  // The module text: `// Case:` line, then the program. Valid once the generator returned.
  std::string moduleText(std::string_view case_id, std::string_view comment) const;
  // The names and values of the data inputs, in order (for `gen --out`'s @inputs function).
  struct Input {
    std::string name;
    Tensor value;
    bool is_static = false;
  };
  const std::vector<Input>& inputs() const { return inputs_; }
  const std::vector<std::string>& body() const { return body_; }
  const std::vector<std::pair<std::string, std::string>>& outputs() const { return outputs_; }
  const std::vector<std::string>& functions() const { return functions_; }
  int replicas() const { return replicas_; }
  int partitions() const { return partitions_; }

 private:
  std::string op_;
  ElementType type_;
  Strategy strategy_;
  Rng rng_;
  int next_value_ = 0, next_region_ = 0;
  std::vector<Input> inputs_;
  std::vector<std::string> body_;
  std::vector<std::pair<std::string, std::string>> outputs_;
  std::vector<std::string> functions_;
  OpId op_id_ = OpId::kUnknown;
  int replicas_ = 1, partitions_ = 1;
  std::string skipped_;
  std::vector<std::string> allowed_ops_;
};

// One op's generator.
struct OpGenerator {
  std::string_view op;  // the op's short name, as the folders of cases/ spell it ("add", "dot_general")
  // The element types it is generated for (MLIR spellings: "f32", "i8", "ui16", "i1", "complex<f32>").
  std::span<const std::string_view> types;
  // The strategies that make sense for the op, the default set for `gen:<op>`. Every generator supports
  // kUniform and kSpecial.
  std::span<const Strategy> strategies;
  void (*build)(GenContext& ctx);
};

// Each family's table, defined in its own file (generators/programs_<family>.cc).
std::span<const OpGenerator> elementwiseGenerators();  // unary, binary, compare, select, clamp, convert, ...
std::span<const OpGenerator> movementGenerators();     // shapes and data movement, gather/scatter, sort, dynamic_*
std::span<const OpGenerator> reductionGenerators();    // reduce*, dot_general, convolution, fft, linalg, batch_norm
std::span<const OpGenerator> controlGenerators();      // control flow, collectives, channels, rng, quantization
std::span<const OpGenerator> graphGenerators();        // `graph`: random multi-op programs with finite intermediates
std::span<const OpGenerator> chloGenerators();         // `chlo.<op>`: the chlo special functions, mulhi, next_after (programs_chlo.cc)

// Every generator, in a fixed order; and one by op name (nullptr when there is none).
const std::vector<OpGenerator>& allGenerators();
const OpGenerator* findGenerator(std::string_view op);

// --- Cases -------------------------------------------------------------------------------------------

struct CaseKey {
  std::string op;
  std::string dtype;  // MLIR spelling of the element type
  Strategy strategy = Strategy::kUniform;
  uint64_t seed = 1;
  uint64_t index = 0;
  std::string id() const;  // "gen/<op>/<dtype>/<strategy>/<seed>/<index>"
};
// Parses a case ID (with or without the leading "gen/").
absl::StatusOr<CaseKey> parseCaseId(std::string_view id);

struct GeneratedCase {
  std::string id;
  std::string text;     // the module: `// Case: <id>`, a comment saying how to reproduce it, the program
  std::string skipped;  // non-empty: no case (the generator's reason); `text` is empty
  std::shared_ptr<const GenContext> context;  // what the generator wrote (for upstreamFormat)
};
// Builds one case. Fails for an unknown op or an element type the op's generator does not list.
absl::StatusOr<GeneratedCase> generateCase(const CaseKey& key);

// The case in the upstream testdata format: @main calls @inputs() for its data inputs and @expected() for
// `expected` (one tensor per output, e.g. the reference's results), checks each output as `checks` says
// (one per output, ir/upstream_check.h: NaN-aware for floats, implementation-defined elements masked),
// and returns the outputs. `notes` become comment lines on top (why the upstream interpreter cannot pass
// the file, where it cannot).
std::string upstreamFormat(const GeneratedCase& c, const std::vector<Tensor>& expected, const std::vector<UpstreamCheck>& checks,
                           const std::vector<std::string>& notes);

// A suite spec as `run` and `gen` accept it: `gen:<op>[/<dtype>[/<strategy>]]`, `gen:all`, or a full case
// ID `gen/<op>/<dtype>/<strategy>/<seed>/<index>`. Expands to case keys, `count` per (op, dtype,
// strategy), indices 0..count-1, filtered by `dtypes` and `strategies` (comma-separated, empty = all).
// `graph_ops` (comma-separated op names, with or without `stablehlo.`; empty = no restriction) limits
// gen:graph to those ops: its cases are then `graph[<ops>]` (the sorted ops the graph generator uses among
// them), so that an ID still names its program alone (issue 18, item 14: graphs from a backend's ops).
absl::StatusOr<std::vector<CaseKey>> expandSuite(std::string_view spec, uint64_t seed, uint64_t count,
                                                 std::string_view dtypes, std::string_view strategies,
                                                 std::string_view graph_ops = {});

// The ops the graph generator can use (short names, sorted).
std::span<const std::string_view> graphOps();
// The op part of a graph ID for `graph_ops`: "graph" when they allow every op of graphOps(), else
// "graph[<sorted allowed ops>]"; an error when they leave no op that always applies (see
// programs_graph.cc).
absl::StatusOr<std::string> graphVariant(std::string_view graph_ops);

}  // namespace hloconf::gen

#endif  // HLOCONF_GENERATORS_GEN_H_
