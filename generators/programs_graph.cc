// The graph generator (`gen:graph`): random well-typed programs of several ops for differential testing.
// Each case is a small DAG over values of one shape: elementwise math, reverse, transpose (when the shape
// has equal dimensions), reduce-then-broadcast and dot_general (square rank-2 shapes). Every value carries
// a bound on its magnitude; an op is applied only when its result's bound stays far below the type's
// largest finite value, so every intermediate value is finite and a difference at the output points at a
// wrong op, not at an overflow. Every op is one body line in generic form (`hloconf minimize` re-uses the
// lines one by one).
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <vector>

#include "generators/gen.h"
#include "generators/program_util.h"
#include "ir/element_type.h"

namespace hloconf::gen {
namespace {

using S = Strategy;

constexpr std::string_view kTypes[] = {"f32", "f16", "bf16", "f64"};
constexpr Strategy kStrategies[] = {S::kUniform, S::kLogUniform};

constexpr double kInputBound = 4;  // inputs are drawn with |x| <= this

// The ops a graph may use, sorted (graphOps(); `graph(<ops>)` cases use only some of them).
constexpr std::string_view kGraphOps[] = {"abs", "add", "broadcast_in_dim", "cosine", "divide", "dot_general", "exponential",
                                          "logistic", "maximum", "minimum", "multiply", "negate", "reduce", "reverse",
                                          "sine", "sqrt", "subtract", "tanh", "transpose"};

double maxFinite(ElementType t) {
  switch (t) {
    case ElementType::kF16: return 65504.0;
    case ElementType::kBF16: return 3.3895313892515355e38;
    case ElementType::kF32: return 3.4028234663852886e38;
    default: return std::numeric_limits<double>::max();
  }
}

struct Val {
  std::string name;
  double bound;  // |value| <= bound, every element
  int uses = 0;
};

class GraphBuilder {
 public:
  explicit GraphBuilder(GenContext& ctx) : ctx_(ctx), rng_(ctx.rng()) {
    limit_ = maxFinite(ctx.type()) / 4;
    elem_ = std::string(elementTypeName(ctx.type()));
  }

  void build() {
    // One shape for every value: now and then a square matrix (dot_general needs one).
    if (rng_.chance(1, 4)) {
      const int64_t n = rng_.range(2, 4);
      shape_ = {n, n};
    } else {
      shape_ = ctx_.shape(0, 3, 16, /*allow_empty=*/false);
    }
    type_ = ctx_.tensorType(shape_);
    scalar_ = GenContext::tensorType({}, elem_);
    const int64_t inputs = rng_.range(1, 3);
    for (int64_t i = 0; i < inputs; ++i) vals_.push_back({dataInput(), kInputBound});
    const size_t target = static_cast<size_t>(rng_.range(3, 10));
    while (ctx_.body().size() < target) step();
    Val& last = vals_.back();
    ctx_.output(last.name, type_);
    // Sometimes a second output: an earlier value nothing else used.
    std::vector<size_t> unused;
    for (size_t i = 0; i + 1 < vals_.size(); ++i)
      if (vals_[i].uses == 0 && vals_[i].name.rfind("%v", 0) == 0) unused.push_back(i);
    if (!unused.empty() && rng_.chance(1, 2)) ctx_.output(vals_[rng_.pick(unused)].name, type_);
  }

 private:
  // An operand: mostly the newest value (deep chains), else an unused one, else any.
  size_t pickOperand() {
    const uint64_t r = static_cast<uint64_t>(rng_.range(0, 3));
    if (r <= 1) return vals_.size() - 1;
    if (r == 2) {
      std::vector<size_t> unused;
      for (size_t i = 0; i < vals_.size(); ++i)
        if (vals_[i].uses == 0) unused.push_back(i);
      if (!unused.empty()) return rng_.pick(unused);
    }
    return static_cast<size_t>(rng_.range(0, static_cast<int64_t>(vals_.size()) - 1));
  }

  // An input with |x| <= kInputBound, finite. The strategy draws the encodings; under `uniform` about half
  // the elements are instead uniform reals in [-kInputBound, kInputBound] (uniform encodings are mostly
  // tiny numbers, on which tanh, sine, exponential, ... are nearly linear or constant).
  std::string dataInput() {
    ValueHints hints;
    hints.finite_only = true;
    hints.max_magnitude = kInputBound;
    Tensor t(Type::tensor(shape_, Type::element(ctx_.type())));
    fillTensor(t, ctx_.strategy(), rng_, hints);
    if (ctx_.strategy() == S::kUniform) {
      mpfr_t x;
      mpfr_init2(x, 64);
      for (int64_t i = 0; i < t.numElements(); ++i) {
        if (!rng_.chance(1, 2)) continue;
        // (k / 2^52 - 1) * bound, k uniform in [0, 2^53]: exact in a double, then rounded to the type.
        const double k = static_cast<double>(rng_.range(0, int64_t{1} << 53));
        mpfr_set_d(x, (std::ldexp(k, -52) - 1) * kInputBound, MPFR_RNDN);
        t.setBits(i, encodeFloat(ctx_.type(), x));
      }
      mpfr_clear(x);
    }
    return ctx_.input(t);
  }

  bool ok(double bound) const { return std::isfinite(bound) && bound < limit_; }

  // Whether the case may use `op` (every op, unless it is a `graph(<ops>)` case).
  bool allows(std::string_view op) const {
    const std::vector<std::string>& allowed = ctx_.allowedOps();
    return allowed.empty() || std::find(allowed.begin(), allowed.end(), op) != allowed.end();
  }
  bool allowsAll(std::initializer_list<std::string_view> ops) const {
    for (std::string_view op : ops)
      if (!allows(op)) return false;
    return true;
  }
  // One of `ops` the case may use, drawn as an unrestricted graph draws it (so that `graph` cases keep
  // their programs), or "" when none is allowed.
  std::string_view pickAllowed(std::initializer_list<std::string_view> ops) {
    if (ctx_.allowedOps().empty()) return ops.size() == 2 ? *(ops.begin() + (rng_.chance(1, 2) ? 0 : 1)) : rng_.pick(ops);
    std::vector<std::string_view> allowed;
    for (std::string_view op : ops)
      if (allows(op)) allowed.push_back(op);
    if (allowed.empty()) return "";
    return allowed[static_cast<size_t>(rng_.range(0, static_cast<int64_t>(allowed.size()) - 1))];
  }

  std::string unary(std::string_view op, const std::string& x) {
    return ctx_.op(strCat("\"stablehlo.", op, "\"(", x, ") : (", type_, ") -> ", type_));
  }
  std::string binary(std::string_view op, const std::string& a, const std::string& b) {
    return ctx_.op(strCat("\"stablehlo.", op, "\"(", a, ", ", b, ") : (", type_, ", ", type_, ") -> ", type_));
  }
  void push(const std::string& name, double bound) { vals_.push_back({name, bound * 1.01 + 1e-30}); }

  std::string ones() {
    if (ones_.empty()) {
      Tensor t(Type::tensor(shape_, Type::element(ctx_.type())));
      mpfr_t one;
      mpfr_init2(one, 64);
      mpfr_set_ui(one, 1, MPFR_RNDN);
      const uint64_t bits = encodeFloat(ctx_.type(), one);
      mpfr_clear(one);
      for (int64_t i = 0; i < t.numElements(); ++i) t.setBits(i, bits);
      ones_ = ctx_.input(t);
    }
    return ones_;
  }

  // One op (or a short fixed pattern of ops); false when the chosen op would not keep values finite.
  bool tryStep(int kind) {
    const size_t ia = pickOperand(), ib = pickOperand();
    const Val a = vals_[ia], b = vals_[ib];
    auto use = [&](std::initializer_list<size_t> which) {
      for (size_t i : which) ++vals_[i].uses;
    };
    switch (kind) {
      case 0:
      case 1: {  // add, subtract
        if (!allows(kind == 0 ? "add" : "subtract")) return false;
        if (!ok(a.bound + b.bound)) return false;
        use({ia, ib});
        push(binary(kind == 0 ? "add" : "subtract", a.name, b.name), a.bound + b.bound);
        return true;
      }
      case 2: {  // multiply
        if (!allows("multiply")) return false;
        if (!ok(a.bound * b.bound)) return false;
        use({ia, ib});
        push(binary("multiply", a.name, b.name), a.bound * b.bound);
        return true;
      }
      case 3: {  // maximum, minimum
        const std::string_view op = pickAllowed({"maximum", "minimum"});
        if (op.empty()) return false;
        use({ia, ib});
        push(binary(op, a.name, b.name), std::max(a.bound, b.bound));
        return true;
      }
      case 4: {  // negate, abs
        const std::string_view op = pickAllowed({"negate", "abs"});
        if (op.empty()) return false;
        use({ia});
        push(unary(op, a.name), a.bound);
        return true;
      }
      case 5: {  // bounded by 1
        const std::string_view op = pickAllowed({"tanh", "sine", "cosine", "logistic"});
        if (op.empty()) return false;
        use({ia});
        push(unary(op, a.name), 1);
        return true;
      }
      case 6: {  // exponential
        if (!allows("exponential")) return false;
        if (!(a.bound < 700) || !ok(std::exp(a.bound))) return false;
        use({ia});
        push(unary("exponential", a.name), std::exp(a.bound));
        return true;
      }
      case 7: {  // sqrt(abs(x))
        if (!allowsAll({"abs", "sqrt"})) return false;
        use({ia});
        const std::string m = unary("abs", a.name);
        push(unary("sqrt", m), std::sqrt(a.bound));
        return true;
      }
      case 8: {  // a / (1 + b*b)
        if (!allowsAll({"multiply", "add", "divide"})) return false;
        if (!ok(b.bound * b.bound + 1)) return false;
        use({ia, ib});
        const std::string sq = binary("multiply", b.name, b.name);
        const std::string den = binary("add", sq, ones());
        push(binary("divide", a.name, den), a.bound);
        return true;
      }
      case 9: {  // reverse
        if (!allows("reverse") || shape_.empty()) return false;
        std::vector<int64_t> dims;
        for (int64_t d = 0; d < static_cast<int64_t>(shape_.size()); ++d)
          if (rng_.chance(1, 2)) dims.push_back(d);
        if (dims.empty()) dims.push_back(rng_.range(0, static_cast<int64_t>(shape_.size()) - 1));
        use({ia});
        push(ctx_.op(strCat("\"stablehlo.reverse\"(", a.name, ") {dimensions = ", i64Array(dims), "} : (", type_, ") -> ", type_)),
             a.bound);
        return true;
      }
      case 10: {  // transpose that keeps the shape
        if (!allows("transpose")) return false;
        std::vector<std::vector<int64_t>> perms;
        std::vector<int64_t> p(shape_.size());
        for (size_t i = 0; i < p.size(); ++i) p[i] = static_cast<int64_t>(i);
        if (p.size() < 2) return false;
        std::vector<int64_t> identity = p;
        do {
          bool same = p != identity;
          for (size_t i = 0; i < p.size() && same; ++i) same = shape_[static_cast<size_t>(p[i])] == shape_[i];
          if (same) perms.push_back(p);
        } while (std::next_permutation(p.begin(), p.end()));
        if (perms.empty()) return false;
        use({ia});
        push(ctx_.op(strCat("\"stablehlo.transpose\"(", a.name, ") {permutation = ", i64Array(rng_.pick(perms)), "} : (", type_,
                            ") -> ", type_)),
             a.bound);
        return true;
      }
      case 11: {  // reduce (add or max) over some dimensions, broadcast back
        if (!allowsAll({"reduce", "broadcast_in_dim"}) || !(allows("add") || allows("maximum")) || shape_.empty()) return false;
        std::vector<int64_t> dims, kept, kept_shape;
        int64_t reduced = 1;
        for (int64_t d = 0; d < static_cast<int64_t>(shape_.size()); ++d) {
          if (rng_.chance(1, 2)) {
            dims.push_back(d);
            reduced *= shape_[static_cast<size_t>(d)];
          } else {
            kept.push_back(d);
            kept_shape.push_back(shape_[static_cast<size_t>(d)]);
          }
        }
        if (dims.empty()) {
          dims.push_back(kept.back());
          reduced = kept_shape.back();
          kept.pop_back();
          kept_shape.pop_back();
        }
        const bool sum = ctx_.allowedOps().empty() ? rng_.chance(1, 2) : pickAllowed({"add", "maximum"}) == "add";
        const double bound = sum ? a.bound * static_cast<double>(reduced) : a.bound;
        if (!ok(bound)) return false;
        use({ia});
        Tensor init(Type::tensor({}, Type::element(ctx_.type())));
        if (sum) {
          init.setBits(0, 0);
        } else {
          init.setBits(0, largestFinite(ctx_.type(), /*negative=*/true));
        }
        const std::string init_name = ctx_.input(init);
        const std::string reduced_type = ctx_.tensorType(kept_shape);
        const std::string r0 = ctx_.fresh(), r1 = ctx_.fresh(), r2 = ctx_.fresh();
        const std::string body_op = sum ? "add" : "maximum";
        const std::string r = ctx_.op(strCat("\"stablehlo.reduce\"(", a.name, ", ", init_name, ") ({\n  ^bb0(", r0, ": ", scalar_, ", ", r1,
                                             ": ", scalar_, "):\n    ", r2, " = \"stablehlo.", body_op, "\"(", r0, ", ", r1, ") : (",
                                             scalar_, ", ", scalar_, ") -> ", scalar_, "\n    \"stablehlo.return\"(", r2, ") : (",
                                             scalar_, ") -> ()\n}) {dimensions = ", i64Array(dims), "} : (", type_, ", ", scalar_,
                                             ") -> ", reduced_type));
        push(ctx_.op(strCat("\"stablehlo.broadcast_in_dim\"(", r, ") {broadcast_dimensions = ", i64Array(kept), "} : (", reduced_type,
                            ") -> ", type_)),
             bound);
        return true;
      }
      case 12: {  // dot_general of square matrices
        if (!allows("dot_general") || shape_.size() != 2 || shape_[0] != shape_[1]) return false;
        const double bound = static_cast<double>(shape_[0]) * a.bound * b.bound;
        if (!ok(bound)) return false;
        use({ia, ib});
        push(ctx_.op(strCat("\"stablehlo.dot_general\"(", a.name, ", ", b.name,
                            ") {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], "
                            "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (",
                            type_, ", ", type_, ") -> ", type_)),
             bound);
        return true;
      }
    }
    return false;
  }

  void step() {
    for (int attempt = 0; attempt < 20; ++attempt) {
      if (tryStep(static_cast<int>(rng_.range(0, 12)))) return;
    }
    // Always possible: a bounded unary op, else negate/abs, else maximum/minimum (graphVariant makes sure
    // a `graph(<ops>)` case has one of them).
    for (int kind : {5, 4, 3})
      if (tryStep(kind)) return;
  }

  GenContext& ctx_;
  Rng& rng_;
  double limit_ = 0;
  std::string elem_, type_, scalar_, ones_;
  std::vector<int64_t> shape_;
  std::vector<Val> vals_;
};

void buildGraph(GenContext& ctx) { GraphBuilder(ctx).build(); }

constexpr OpGenerator kGenerators[] = {
    {"graph", kTypes, kStrategies, buildGraph},
};

}  // namespace

std::span<const OpGenerator> graphGenerators() { return kGenerators; }

std::span<const std::string_view> graphOps() { return kGraphOps; }

namespace {
// The non-empty pieces of `text` between any of the characters of `separators`.
std::vector<std::string_view> piecesOf(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> pieces;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find_first_of(separators, start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) pieces.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return pieces;
}
}  // namespace

absl::StatusOr<std::string> graphVariant(std::string_view graph_ops) {
  std::vector<std::string_view> allowed;
  for (std::string_view op : piecesOf(graph_ops, ",+ ")) {
    if (op.starts_with("stablehlo.")) op.remove_prefix(10);
    if (std::find(std::begin(kGraphOps), std::end(kGraphOps), op) != std::end(kGraphOps) &&
        std::find(allowed.begin(), allowed.end(), op) == allowed.end())
      allowed.push_back(op);
  }
  std::sort(allowed.begin(), allowed.end());
  if (allowed.size() == std::size(kGraphOps)) return std::string("graph");
  auto has = [&](std::string_view op) { return std::find(allowed.begin(), allowed.end(), op) != allowed.end(); };
  bool always = false;
  for (std::string_view op : {"tanh", "sine", "cosine", "logistic", "negate", "abs", "maximum", "minimum"}) always = always || has(op);
  if (!always)
    return absl::InvalidArgumentError(strCat("gen:graph with the ops `", graph_ops, "`: a graph needs one of tanh, sine, cosine, logistic, "
                                             "negate, abs, maximum or minimum (an op that applies to any value)"));
  std::string variant = "graph(";
  for (size_t i = 0; i < allowed.size(); ++i) strAppend(&variant, i ? "+" : "", allowed[i]);
  return variant + ")";
}

}  // namespace hloconf::gen
