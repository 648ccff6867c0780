// Generators for the control family (see generators/gen.h): control flow (if, case, while, call,
// composite), tokens (after_all), process ids, collectives, channels (send, recv), infeed/outfeed, rng,
// rng_bit_generator and uniform (de)quantization.
//
// Every program lowers for `hloconf run`: tokens never reach @main's results (they feed other ops),
// send/recv sit in a `case` on the process id, infeed reads through a single-program
// interpreter.run_parallel with an `infeed` queue, and multi-process programs declare their grid.
// Implementation-defined values (rng, rng_bit_generator DEFAULT) are never returned as such: the programs
// return what the spec guarantees about them (bounds, determinism), as an i1 that leaves an `if` so it is
// a plain value. rng_bit_generator THREE_FRY/PHILOX also return their bits (see kReturnCommittedRngBits).
// Collective bodies are order-independent (no float sums over more than two processes), and control-flow
// bodies use exactly rounded ops only, so an output differs between correct backends only where the spec
// leaves it open (NaN payloads, quantization of NaN).
#include <algorithm>
#include <string>
#include <vector>

#include "generators/builder.h"
#include "generators/gen.h"
#include "generators/program_util.h"
#include "ir/attribute.h"
#include "ir/element_type.h"
#include "ir/tensor.h"
#include "ir/type.h"

namespace hloconf::gen {
namespace {

// rng_bit_generator THREE_FRY and PHILOX: docs/rng.md commits the reference to XLA's bits (not marked
// implementation-defined), so their output and output_state are returned and checked bit for bit. Turn
// this off to return only the determinism check, as for DEFAULT.
constexpr bool kReturnCommittedRngBits = true;

constexpr std::string_view kAllTypes[] = {"f32", "f16",  "bf16", "f64", "i8",          "i32",
                                          "i64", "ui8",  "ui32", "i1",  "complex<f32>"};
constexpr std::string_view kRngTypes[] = {"f32", "f16", "bf16", "f64", "i8", "i32", "i64", "ui8", "ui32", "i1"};
constexpr std::string_view kBitTypes[] = {"f32", "f16", "bf16", "f64", "i8", "i32", "i64", "ui8", "ui32"};
constexpr std::string_view kQuantTypes[] = {"f32", "f16", "bf16", "f64"};
constexpr std::string_view kIdTypes[] = {"ui32"};
constexpr Strategy kStrategies[] = {Strategy::kUniform, Strategy::kSpecial, Strategy::kLogUniform};

// --- Text helpers ------------------------------------------------------------------------------------------

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) strAppend(&s, i ? ", " : "", items[i]);
  return s;
}

// "(a, b) -> (c)" (the generic form's function type).
std::string sig(const std::vector<std::string>& ins, const std::vector<std::string>& outs) {
  return strCat("(", join(ins), ") -> (", join(outs), ")");
}

std::string scalarType(std::string_view e) { return strCat("tensor<", e, ">"); }

std::string tensorOf(const std::vector<int64_t>& shape, std::string_view e) { return GenContext::tensorType(shape, e); }

// The element literal of a small integer `v` in type `t` ("true", "3", "3.0", "(3.0, 0.0)").
std::string smallLiteral(ElementType t, int64_t v) {
  if (isBoolean(t)) return v != 0 ? "true" : "false";
  if (isComplex(t)) return strCat("(", v, ".0, 0.0)");
  if (isFloat(t)) return strCat(v, ".0");
  if (isUnsignedInteger(t) && v < 0) v = -v;
  return strCat(v);
}

// `stablehlo.constant` text of a splat of `v`.
std::string splatConstant(ElementType t, const std::vector<int64_t>& shape, int64_t v) {
  return strCat("stablehlo.constant dense<", smallLiteral(t, v), "> : ", tensorOf(shape, elementTypeName(t)));
}

// `stablehlo.constant` text of a tensor filled by the strategy (for constants inside functions, which the
// lowering keeps as constants: infeed queues).
std::string filledConstant(GenContext& ctx, ElementType t, const std::vector<int64_t>& shape) {
  Tensor value(Type::tensor(shape, Type::element(t)));
  fillTensor(value, ctx.strategy(), ctx.rng());
  return strCat("stablehlo.constant ", denseLiteral(value), " : ", tensorOf(shape, elementTypeName(t)));
}

// `"stablehlo.<name>"(a, b) : (T, T) -> T`.
std::string binaryText(std::string_view name, const std::string& a, const std::string& b, const std::string& type) {
  return strCat("\"stablehlo.", name, "\"(", a, ", ", b, ") : (", type, ", ", type, ") -> ", type);
}

std::string compareText(std::string_view direction, const std::string& a, const std::string& b, const std::string& type,
                        const std::string& result_type) {
  return strCat("\"stablehlo.compare\"(", a, ", ", b, ") {comparison_direction = #stablehlo<comparison_direction ", direction,
                ">} : (", type, ", ", type, ") -> ", result_type);
}

// Binary elementwise ops defined for every value of element type `t`.
std::vector<std::string_view> binaryOps(ElementType t) {
  if (isBoolean(t)) return {"and", "or", "xor", "maximum", "minimum"};
  if (isComplex(t)) return {"add", "subtract"};  // complex multiply leaves the rounding of ac - bd open
  if (isFloat(t)) return {"add", "subtract", "multiply", "maximum", "minimum"};
  return {"add", "subtract", "multiply", "and", "or", "xor", "maximum", "minimum"};
}

// Reduction bodies whose result does not depend on the order the implementation combines `group`
// values in (associative and commutative in the element type; float add and multiply are only
// commutative, which is enough for two values).
std::vector<std::string_view> reductionOps(ElementType t, int64_t group) {
  if (isBoolean(t)) return {"and", "or", "xor", "maximum", "minimum"};
  if (isComplex(t)) return group <= 2 ? std::vector<std::string_view>{"add"} : std::vector<std::string_view>{};
  if (isFloat(t)) {
    if (group <= 2) return {"add", "multiply", "maximum", "minimum"};
    return {"maximum", "minimum"};
  }
  return {"add", "multiply", "and", "or", "xor", "maximum", "minimum"};
}

// The statements of a region's block: values named with ctx.fresh().
class Body {
 public:
  explicit Body(GenContext& ctx) : ctx_(ctx) {}
  std::string op(std::string_view text, int results = 1) {
    std::string name = ctx_.fresh();
    if (results > 1) {
      strAppend(&text_, name, ":", results, " = ", text, "\n");
    } else {
      strAppend(&text_, name, " = ", text, "\n");
    }
    return name;
  }
  void line(std::string_view s) { strAppend(&text_, s, "\n"); }
  void ret(const std::vector<std::string>& values, const std::vector<std::string>& types) {
    strAppend(&text_, "\"stablehlo.return\"(", join(values), ") : (", join(types), ") -> ()\n");
  }
  void funcReturn(const std::vector<std::string>& values, const std::vector<std::string>& types) {
    if (values.empty()) {
      text_ += "func.return\n";
    } else {
      strAppend(&text_, "func.return ", join(values), " : ", join(types), "\n");
    }
  }
  const std::string& text() const { return text_; }

 private:
  GenContext& ctx_;
  std::string text_;
};

// "{\n^bb0(args):\n<body>}" (args may be empty: no block header).
std::string region(const std::vector<std::string>& arg_names, const std::vector<std::string>& arg_types, const Body& body) {
  std::string s = "{\n";
  if (!arg_names.empty()) {
    s += "^bb0(";
    for (size_t i = 0; i < arg_names.size(); ++i) strAppend(&s, i ? ", " : "", arg_names[i], ": ", arg_types[i]);
    s += "):\n";
  }
  strAppend(&s, body.text(), "}");
  return s;
}

// A scalar reduction region `(E, E) -> E` with op `name`.
std::string reductionRegion(GenContext& ctx, std::string_view name, const std::string& scalar) {
  Body body(ctx);
  const std::string a = ctx.fresh(), b = ctx.fresh();
  const std::string r = body.op(binaryText(name, a, b, scalar));
  body.ret({r}, {scalar});
  return region({a, b}, {scalar, scalar}, body);
}

// A small random shape (at most `max_elements` elements).
std::vector<int64_t> smallShape(GenContext& ctx, int min_rank, int max_rank, int64_t max_elements) {
  return ctx.shape(min_rank, max_rank, max_elements, true);
}

// The value `x` transformed by a random binary op with `other` (same type), in @main.
std::string mixMain(GenContext& ctx, const std::string& x, const std::string& other, const std::string& type) {
  return ctx.op(binaryText(ctx.rng().pick(binaryOps(ctx.type())), x, other, type));
}

// --- Processes ---------------------------------------------------------------------------------------------

struct Grid {
  int replicas = 1, partitions = 1;
  int size() const { return replicas * partitions; }
};

// A process grid of at most 8 processes with at least `min_size`.
Grid drawGrid(Rng& rng, int min_size = 1) {
  static const std::pair<int, int> kGrids[] = {{1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 3}, {2, 2}, {4, 1}, {1, 4},
                                               {2, 3}, {3, 2}, {4, 2}, {2, 4}, {8, 1}, {1, 8}, {5, 1}, {1, 6}};
  std::vector<std::pair<int, int>> ok;
  for (auto g : kGrids)
    if (g.first * g.second >= min_size) ok.push_back(g);
  const auto& g = rng.pick(ok);
  return {g.first, g.second};
}

// Flattened process id (replica * num_partitions + partition) as tensor<ui32>.
std::string processId(GenContext& ctx, const Grid& g) {
  if (g.partitions == 1) return ctx.op("\"stablehlo.replica_id\"() : () -> tensor<ui32>");
  if (g.replicas == 1) return ctx.op("\"stablehlo.partition_id\"() : () -> tensor<ui32>");
  const std::string r = ctx.op("\"stablehlo.replica_id\"() : () -> tensor<ui32>");
  const std::string p = ctx.op("\"stablehlo.partition_id\"() : () -> tensor<ui32>");
  const std::string n = ctx.op(strCat("stablehlo.constant dense<", g.partitions, "> : tensor<ui32>"));
  const std::string base = ctx.op(binaryText("multiply", r, n, "tensor<ui32>"));
  return ctx.op(binaryText("add", base, p, "tensor<ui32>"));
}

// A data value of `shape` and element type `e` that differs per process: row `id` of an input table.
std::string perProcess(GenContext& ctx, const Grid& g, const std::string& id, const std::vector<int64_t>& shape,
                       std::string_view e, const ValueHints& hints = {}) {
  const std::string type = tensorOf(shape, e);
  if (g.size() == 1) return ctx.input(type, hints);
  std::vector<int64_t> table_shape = {g.size()};
  table_shape.insert(table_shape.end(), shape.begin(), shape.end());
  const std::string table_type = tensorOf(table_shape, e);
  const std::string table = ctx.input(table_type, hints);
  const std::string zero = shape.empty() ? "" : ctx.op("stablehlo.constant dense<0> : tensor<ui32>");
  std::vector<int64_t> sizes = {1};
  sizes.insert(sizes.end(), shape.begin(), shape.end());
  std::string operands = strCat(table, ", ", id), types = strCat(table_type, ", tensor<ui32>");
  for (size_t i = 0; i < shape.size(); ++i) {
    strAppend(&operands, ", ", zero);
    types += ", tensor<ui32>";
  }
  const std::string row_type = tensorOf(sizes, e);
  const std::string row = ctx.op(strCat("\"stablehlo.dynamic_slice\"(", operands, ") {slice_sizes = ", i64Array(sizes), "} : (",
                                        types, ") -> ", row_type));
  return ctx.op(strCat("stablehlo.reshape ", row, " : (", row_type, ") -> ", type));
}

std::vector<int64_t> divisors(int64_t n) {
  std::vector<int64_t> d;
  for (int64_t k = 1; k <= n; ++k)
    if (n % k == 0) d.push_back(k);
  return d;
}

// 0..n-1 in a random order, split into groups of `k` (rows in a random order, members unsorted).
std::vector<std::vector<int64_t>> drawGroups(Rng& rng, int64_t n, int64_t k) {
  const std::vector<int64_t> order = permutation(rng, n);
  std::vector<std::vector<int64_t>> groups;
  for (int64_t i = 0; i < n; i += k) groups.emplace_back(order.begin() + i, order.begin() + i + k);
  return groups;
}

// `dense<[[..], ..]> : tensor<GxKxi64>` (`cols` for an empty list).
std::string groupsAttr(const std::vector<std::vector<int64_t>>& groups, int64_t cols = 0) {
  if (groups.empty()) return strCat("dense<> : tensor<0x", cols, "xi64>");
  std::string s = "dense<[";
  for (size_t i = 0; i < groups.size(); ++i) strAppend(&s, i ? ", " : "", intList(groups[i]));
  return strCat(s, "]> : tensor<", groups.size(), "x", groups[0].size(), "xi64>");
}

enum class Groups { kCrossReplica, kCrossPartition, kCrossReplicaAndPartition, kFlattenedIds };

// How a collective splits the grid: its grid, strategy, groups (as the attribute names them) and the
// attribute text (replica_groups / channel_handle / use_global_device_ids).
struct Collective {
  Grid grid;
  Groups strategy = Groups::kCrossReplica;
  std::vector<std::vector<int64_t>> groups;
  int64_t group_size = 1;  // processes per process group
  std::string attrs;
};

std::string crossReplicaChannel(Rng& rng) {
  // channel_id <= 0: no channel_handle, or handle 0.
  return rng.chance(1, 2) ? "" : ", channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>";
}

std::string positiveChannel(Rng& rng) {
  return strCat(", channel_handle = #stablehlo.channel_handle<handle = ", rng.range(1, 9), ", type = 1>");
}

// all_gather, all_reduce, reduce_scatter: cross_replica, cross_replica_and_partition or flattened_ids,
// with process groups of at most `max_group` processes.
Collective drawReplicaGroups(Rng& rng, int64_t max_group, int min_size = 1) {
  Collective c;
  c.grid = drawGrid(rng, min_size);
  c.strategy = rng.pick({Groups::kCrossReplica, Groups::kCrossReplicaAndPartition, Groups::kFlattenedIds});
  if (c.strategy == Groups::kCrossReplicaAndPartition && c.grid.partitions > max_group) {
    c.strategy = rng.chance(1, 2) ? Groups::kCrossReplica : Groups::kFlattenedIds;
  }
  const int64_t n = c.strategy == Groups::kFlattenedIds ? c.grid.size() : c.grid.replicas;
  const int64_t per = c.strategy == Groups::kCrossReplicaAndPartition ? c.grid.partitions : 1;
  std::vector<int64_t> ks;
  for (int64_t k : divisors(n))
    if (k * per <= max_group) ks.push_back(k);
  const int64_t k = rng.pick(ks);
  c.groups = drawGroups(rng, n, k);
  c.group_size = k * per;
  c.attrs = strCat("replica_groups = ", groupsAttr(c.groups));
  switch (c.strategy) {
    case Groups::kCrossReplica: c.attrs += crossReplicaChannel(rng); break;
    case Groups::kCrossReplicaAndPartition: c.attrs += positiveChannel(rng); break;
    default:
      c.attrs += positiveChannel(rng);
      c.attrs += ", use_global_device_ids";
      break;
  }
  return c;
}

// all_to_all, collective_broadcast, collective_permute: cross_replica or cross_partition. Returns the
// grid and strategy; `n` is the number of ids the groups name (replicas or partitions).
Collective drawReplicaOrPartition(Rng& rng, int min_size = 1) {
  Collective c;
  c.grid = drawGrid(rng, min_size);
  c.strategy = rng.chance(1, 2) ? Groups::kCrossReplica : Groups::kCrossPartition;
  // Prefer the axis that has more than one process.
  if (c.grid.replicas == 1 && c.grid.partitions > 1 && rng.chance(3, 4)) c.strategy = Groups::kCrossPartition;
  if (c.grid.partitions == 1 && c.grid.replicas > 1 && rng.chance(3, 4)) c.strategy = Groups::kCrossReplica;
  return c;
}

int64_t axisSize(const Collective& c) {
  return c.strategy == Groups::kCrossPartition ? c.grid.partitions : c.grid.replicas;
}

std::string axisChannel(Rng& rng, const Collective& c) {
  return c.strategy == Groups::kCrossPartition ? positiveChannel(rng) : crossReplicaChannel(rng);
}

void declareGrid(GenContext& ctx, const Grid& g) {
  if (g.size() > 1) ctx.setGrid(g.replicas, g.partitions);
}

// --- Control flow ------------------------------------------------------------------------------------------

// if: a predicate (input or computed), 1-3 results per branch computed from captured values; sometimes
// a nested if.
void buildIf(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  std::string pred;
  if (rng.chance(1, 2)) {
    pred = ctx.input(integerTensor(ElementType::kI1, {}, {rng.chance(1, 2) ? 1 : 0}));
  } else {
    const std::string a = ctx.indexInput("tensor<i32>", -3, 3), b = ctx.indexInput("tensor<i32>", -3, 3);
    pred = ctx.op(compareText(rng.pick({"LT", "LE", "EQ", "NE", "GT", "GE"}), a, b, "tensor<i32>", "tensor<i1>"));
  }
  const int n = static_cast<int>(rng.range(1, 3));
  std::vector<std::string> types, xs, ys;
  for (int i = 0; i < n; ++i) {
    types.push_back(ctx.tensorType(smallShape(ctx, 0, 3, 16)));
    xs.push_back(ctx.input(types.back()));
    ys.push_back(ctx.input(types.back()));
  }
  auto branch = [&](bool then_branch, int depth, auto& self) -> std::string {
    Body body(ctx);
    std::vector<std::string> values;
    if (depth == 0 && rng.chance(1, 4)) {  // a nested if on the captured predicate's negation
      const std::string inner_pred = body.op(strCat("\"stablehlo.not\"(", pred, ") : (tensor<i1>) -> tensor<i1>"));
      const std::string inner_then = self(!then_branch, depth + 1, self), inner_else = self(then_branch, depth + 1, self);
      const std::string r = body.op(strCat("\"stablehlo.if\"(", inner_pred, ") (", inner_then, ", ", inner_else, ") : (tensor<i1>) -> (",
                                           join(types), ")"),
                                    n);
      for (int i = 0; i < n; ++i) values.push_back(n > 1 ? GenContext::result(r, i) : r);
    } else {
      for (int i = 0; i < n; ++i) {
        switch (rng.range(0, 2)) {
          case 0: values.push_back(then_branch ? xs[i] : ys[i]); break;  // a captured value as is
          case 1: values.push_back(body.op(binaryText(rng.pick(binaryOps(t)), xs[i], ys[i], types[i]))); break;
          default: {
            // A constant of the result's shape.
            const std::string c = body.op(splatConstant(t, {}, rng.range(0, 3)));
            values.push_back(body.op(strCat("\"stablehlo.broadcast_in_dim\"(", c, ") {broadcast_dimensions = array<i64>} : (",
                                            scalarType(e), ") -> ", types[i])));
          }
        }
      }
    }
    body.ret(values, types);
    return region({}, {}, body);
  };
  const std::string then_region = branch(true, 0, branch), else_region = branch(false, 0, branch);
  const std::string r = ctx.op(strCat("\"stablehlo.if\"(", pred, ") (", then_region, ", ", else_region, ") : (tensor<i1>) -> (",
                                      join(types), ")"),
                               n);
  for (int i = 0; i < n; ++i) ctx.output(n > 1 ? GenContext::result(r, i) : r, types[i]);
}

// case: 1-4 branches, an index in range, negative or too large (both give the last branch), 1-2 results.
void buildCase(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const int branches = static_cast<int>(rng.range(1, 4));
  int64_t index;
  switch (rng.range(0, 5)) {
    case 0: index = -1; break;
    case 1: index = rng.pick<int64_t>({-2147483648LL, 2147483647LL, -7}); break;
    case 2: index = branches + rng.range(0, 3); break;
    default: index = rng.range(0, branches - 1);
  }
  const std::string idx = ctx.input(integerTensor(ElementType::kSI32, {}, {index}));
  const int n = static_cast<int>(rng.range(1, 2));
  std::vector<std::string> types, xs, ys;
  for (int i = 0; i < n; ++i) {
    types.push_back(ctx.tensorType(smallShape(ctx, 0, 3, 16)));
    xs.push_back(ctx.input(types.back()));
    ys.push_back(ctx.input(types.back()));
  }
  std::string regions;
  for (int b = 0; b < branches; ++b) {
    Body body(ctx);
    std::vector<std::string> values;
    for (int i = 0; i < n; ++i) {
      // Branch b computes something of its own: a different op (or operand order) per branch.
      const std::vector<std::string_view> ops = binaryOps(t);
      const std::string_view name = ops[static_cast<size_t>(b) % ops.size()];
      if (rng.chance(1, 4)) {
        values.push_back(b % 2 ? ys[i] : xs[i]);
      } else {
        values.push_back(body.op(binaryText(name, b % 2 ? ys[i] : xs[i], b % 2 ? xs[i] : ys[i], types[i])));
      }
    }
    body.ret(values, types);
    strAppend(&regions, b ? ", " : "", region({}, {}, body));
  }
  const std::string r = ctx.op(strCat("\"stablehlo.case\"(", idx, ") (", regions, ") : (tensor<i32>) -> (", join(types), ")"), n);
  for (int i = 0; i < n; ++i) ctx.output(n > 1 ? GenContext::result(r, i) : r, types[i]);
}

// while: 1-3 carried values and a counter (i32, i64 or ui32; carried last, so the values of the type
// under test come first); 0-5 iterations; sometimes a nested loop.
void buildWhile(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string counter_e = rng.pick<std::string>({"i32", "i64", "ui32"});
  const std::string ct = scalarType(counter_e);
  const ElementType counter_t = *parseElementTypeName(counter_e);
  const int64_t limit = rng.range(0, 5), start = rng.range(0, 1);
  const std::string init = ctx.input(integerTensor(counter_t, {}, {start}));
  // The limit: an input (a run-time trip count) or a constant in the condition.
  const bool limit_input = rng.chance(1, 2);
  const std::string limit_value = limit_input ? ctx.input(integerTensor(counter_t, {}, {limit})) : "";
  const int n = static_cast<int>(rng.range(1, 3));
  std::vector<std::string> types, operands;
  for (int i = 0; i < n; ++i) {
    types.push_back(ctx.tensorType(smallShape(ctx, 0, 3, 12)));
    operands.push_back(ctx.input(types.back()));
  }
  types.push_back(ct);
  operands.push_back(init);
  const size_t c = static_cast<size_t>(n);  // the counter's position
  const std::string step_type = types[0];
  const std::string step = ctx.input(step_type);  // captured by the body
  const bool nested = rng.chance(1, 4);

  std::vector<std::string> cond_args, body_args;
  for (size_t i = 0; i < types.size(); ++i) cond_args.push_back(ctx.fresh());
  Body cond(ctx);
  const std::string lim = limit_input ? limit_value : cond.op(strCat("stablehlo.constant dense<", limit, "> : ", ct));
  cond.ret({cond.op(compareText("LT", cond_args[c], lim, ct, "tensor<i1>"))}, {"tensor<i1>"});

  for (size_t i = 0; i < types.size(); ++i) body_args.push_back(ctx.fresh());
  Body body(ctx);
  const std::string one = body.op(strCat("stablehlo.constant dense<1> : ", ct));
  const std::string next_counter = body.op(binaryText("add", body_args[c], one, ct));
  std::vector<std::string> next;
  for (int i = 0; i < n; ++i) {
    const std::string& v = body_args[static_cast<size_t>(i)];
    const std::string& type = types[static_cast<size_t>(i)];
    if (i == 0) {
      next.push_back(body.op(binaryText(rng.pick(binaryOps(t)), v, step, type)));
    } else if (types[0] == type && rng.chance(1, 2)) {
      next.push_back(body.op(binaryText(rng.pick(binaryOps(t)), v, body_args[0], type)));  // depends on another carried value
    } else if (rng.chance(1, 3)) {
      next.push_back(v);  // carried unchanged
    } else {
      next.push_back(body.op(binaryText(rng.pick(binaryOps(t)), v, v, type)));
    }
  }
  if (nested) {
    // An inner loop that runs twice and applies an op with the step to the first carried value each time.
    const std::string ia = ctx.fresh(), ib = ctx.fresh(), ic = ctx.fresh(), id = ctx.fresh();
    Body icond(ctx);
    const std::string two = icond.op(strCat("stablehlo.constant dense<2> : ", ct));
    icond.ret({icond.op(compareText("LT", ib, two, ct, "tensor<i1>"))}, {"tensor<i1>"});
    Body ibody(ctx);
    const std::string ione = ibody.op(strCat("stablehlo.constant dense<1> : ", ct));
    const std::string inext = ibody.op(binaryText("add", id, ione, ct));
    const std::string ival = ibody.op(binaryText(rng.pick(binaryOps(t)), ic, step, step_type));
    ibody.ret({ival, inext}, {step_type, ct});
    const std::string zero = body.op(strCat("stablehlo.constant dense<0> : ", ct));
    const std::string inner = body.op(strCat("\"stablehlo.while\"(", next[0], ", ", zero, ") (", region({ia, ib}, {step_type, ct}, icond),
                                             ", ", region({ic, id}, {step_type, ct}, ibody), ") : ", sig({step_type, ct}, {step_type, ct})),
                                      2);
    next[0] = GenContext::result(inner, 0);
  }
  next.push_back(next_counter);
  body.ret(next, types);
  const std::string r = ctx.op(strCat("\"stablehlo.while\"(", join(operands), ") (", region(cond_args, types, cond), ", ",
                                      region(body_args, types, body), ") : ", sig(types, types)),
                               static_cast<int>(types.size()));
  for (size_t i = 0; i < types.size(); ++i) ctx.output(GenContext::result(r, static_cast<int>(i)), types[i]);
}

// A private function @name(xs...) -> results: each result an op of two arguments (or an argument as is,
// in another order). Returns the result types.
std::vector<std::string> privateFunction(GenContext& ctx, const std::string& name, const std::vector<std::string>& arg_types,
                                         int results, const std::string& callee = "", bool in_order = false) {
  Rng& rng = ctx.rng();
  std::vector<std::string> args;
  std::string header = strCat("func.func private @", name, "(");
  for (size_t i = 0; i < arg_types.size(); ++i) {
    args.push_back(strCat("%arg", i));
    strAppend(&header, i ? ", " : "", args.back(), ": ", arg_types[i]);
  }
  Body body(ctx);
  std::vector<std::string> values, types;
  std::vector<std::string> sources = args;
  if (!callee.empty()) {  // a nested call of another private function with the same signature
    const std::string r = body.op(strCat("func.call @", callee, "(", join(args), ") : ", sig(arg_types, arg_types)),
                                  static_cast<int>(args.size()));
    for (size_t i = 0; i < args.size(); ++i) sources[i] = args.size() > 1 ? GenContext::result(r, static_cast<int>(i)) : r;
  }
  for (int k = 0; k < results; ++k) {
    const size_t i = in_order ? static_cast<size_t>(k) : static_cast<size_t>(rng.range(0, static_cast<int64_t>(sources.size()) - 1));
    types.push_back(arg_types[i]);
    std::vector<size_t> same;
    for (size_t j = 0; j < sources.size(); ++j)
      if (arg_types[j] == arg_types[i]) same.push_back(j);
    const size_t j = rng.pick(same);
    if (rng.chance(1, 4)) {
      values.push_back(sources[i]);
    } else {
      values.push_back(body.op(binaryText(rng.pick(binaryOps(ctx.type())), sources[i], sources[j], arg_types[i])));
    }
  }
  body.funcReturn(values, types);
  ctx.function(strCat(header, ") -> (", join(types), ") {\n", body.text(), "}"));
  return types;
}

// Arguments for call/composite: 1-3 values, some sharing a type.
std::vector<std::string> drawArgTypes(GenContext& ctx) {
  std::vector<std::string> types;
  const int n = static_cast<int>(ctx.rng().range(1, 3));
  for (int i = 0; i < n; ++i) {
    if (i > 0 && ctx.rng().chance(1, 2)) {
      types.push_back(types[0]);
    } else {
      types.push_back(ctx.tensorType(smallShape(ctx, 0, 3, 16)));
    }
  }
  return types;
}

// call: func.call of a private function (sometimes nested, sometimes called twice).
void buildCall(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::vector<std::string> arg_types = drawArgTypes(ctx);
  std::string inner;
  if (rng.chance(1, 3)) {
    inner = "callee_inner";
    privateFunction(ctx, inner, arg_types, static_cast<int>(arg_types.size()), "", /*in_order=*/true);
  }
  std::vector<std::string> args;
  for (const std::string& type : arg_types) args.push_back(ctx.input(type));
  const int results = static_cast<int>(rng.range(1, 3));
  const std::vector<std::string> result_types = privateFunction(ctx, "callee", arg_types, results, inner);
  const std::string r = ctx.op(strCat("func.call @callee(", join(args), ") : ", sig(arg_types, result_types)), results);
  for (int i = 0; i < results; ++i) ctx.output(results > 1 ? GenContext::result(r, i) : r, result_types[static_cast<size_t>(i)]);
  if (rng.chance(1, 4)) {  // the same function again, on other values
    std::vector<std::string> more;
    for (const std::string& type : arg_types) more.push_back(ctx.input(type));
    const std::string r2 = ctx.op(strCat("func.call @callee(", join(more), ") : ", sig(arg_types, result_types)), results);
    ctx.output(results > 1 ? GenContext::result(r2, 0) : r2, result_types[0]);
  }
}

// composite: a namespaced name, attributes, a version, and a decomposition (a private function).
void buildComposite(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::vector<std::string> arg_types = drawArgTypes(ctx);
  std::vector<std::string> args;
  for (const std::string& type : arg_types) args.push_back(ctx.input(type));
  const int results = static_cast<int>(rng.range(1, 2));
  const std::string fn = strCat("decomposition_", rng.range(0, 99));
  const std::vector<std::string> result_types = privateFunction(ctx, fn, arg_types, results);
  std::string attrs;
  std::vector<std::string> entries;
  if (rng.chance(2, 3)) entries.push_back(strCat("variant = \"v", rng.range(0, 9), "\""));
  if (rng.chance(1, 2)) entries.push_back(strCat("level = ", rng.range(-5, 5), " : i64"));
  if (rng.chance(1, 3)) entries.push_back("scale = 5.000000e-01 : f32");
  if (rng.chance(1, 3)) entries.push_back(strCat("dims = ", i64Array({rng.range(0, 3), rng.range(0, 3)})));
  if (rng.chance(1, 4)) entries.push_back("flag = true");
  std::sort(entries.begin(), entries.end());  // dictionary attributes are sorted by name
  const std::string name_space = rng.pick<std::string>({"hloconf", "my_namespace", "mhlo.test"});
  const std::string name = strCat(name_space, ".op_", rng.range(0, 9));
  std::string version;
  if (rng.chance(2, 3)) version = strCat(", version = ", rng.range(0, 3), " : i32");
  const std::string r = ctx.op(strCat("\"stablehlo.composite\"(", join(args), ") {composite_attributes = {", join(entries),
                                      "}, decomposition = @", fn, ", name = \"", name, "\"", version, "} : ",
                                      sig(arg_types, result_types)),
                               results);
  for (int i = 0; i < results; ++i) ctx.output(results > 1 ? GenContext::result(r, i) : r, result_types[static_cast<size_t>(i)]);
}

// --- Tokens, infeed, outfeed -------------------------------------------------------------------------------

// after_all: joins 0-3 tokens (from after_all, outfeed or a loop); the final token feeds a while loop
// (with a counter and a data value), an if, or an outfeed. @main returns tensors only.
void buildAfterAll(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string type = ctx.tensorType(smallShape(ctx, 0, 3, 16));
  const std::string x = ctx.input(type), y = ctx.input(type);
  std::vector<std::string> tokens;
  const int roots = static_cast<int>(rng.range(1, 3));
  for (int i = 0; i < roots; ++i) tokens.push_back(ctx.op("stablehlo.after_all : !stablehlo.token"));
  if (rng.chance(1, 3)) {  // a token from an outfeed
    tokens.push_back(ctx.op(strCat("\"stablehlo.outfeed\"(", x, ", ", tokens[0], ") {outfeed_config = \"\"} : (", type,
                                   ", !stablehlo.token) -> !stablehlo.token")));
  }
  // Joins: each takes 0-3 of the tokens so far (repeats allowed).
  const int joins = static_cast<int>(rng.range(1, 3));
  for (int j = 0; j < joins; ++j) {
    const int k = static_cast<int>(rng.range(j + 1 == joins ? 1 : 0, 3));
    std::vector<std::string> ins, in_types;
    for (int i = 0; i < k; ++i) {
      ins.push_back(rng.pick(tokens));
      in_types.push_back("!stablehlo.token");
    }
    tokens.push_back(ctx.op(strCat("\"stablehlo.after_all\"(", join(ins), ") : ", sig(in_types, {"!stablehlo.token"}))));
  }
  const std::string token = tokens.back();
  switch (rng.range(0, 2)) {
    case 0: {  // a while loop carrying the token, a counter and a value
      const int64_t trips = rng.range(0, 3);
      const std::string zero = ctx.input(integerTensor(ElementType::kSI32, {}, {0}));
      const std::vector<std::string> types = {"!stablehlo.token", "tensor<i32>", type};
      const std::string ca = ctx.fresh(), cb = ctx.fresh(), cc = ctx.fresh();
      Body cond(ctx);
      const std::string lim = cond.op(strCat("stablehlo.constant dense<", trips, "> : tensor<i32>"));
      cond.ret({cond.op(compareText("LT", cb, lim, "tensor<i32>", "tensor<i1>"))}, {"tensor<i1>"});
      const std::string ba = ctx.fresh(), bb = ctx.fresh(), bc = ctx.fresh();
      Body body(ctx);
      const std::string t2 = body.op(strCat("\"stablehlo.after_all\"(", ba, ", ", ba, ") : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token"));
      const std::string one = body.op("stablehlo.constant dense<1> : tensor<i32>");
      const std::string i2 = body.op(binaryText("add", bb, one, "tensor<i32>"));
      const std::string v2 = body.op(binaryText(rng.pick(binaryOps(t)), bc, y, type));
      body.ret({t2, i2, v2}, types);
      const std::string r = ctx.op(strCat("\"stablehlo.while\"(", token, ", ", zero, ", ", x, ") (", region({ca, cb, cc}, types, cond), ", ",
                                          region({ba, bb, bc}, types, body), ") : ", sig(types, types)),
                                   3);
      ctx.output(GenContext::result(r, 1), "tensor<i32>");
      ctx.output(GenContext::result(r, 2), type);
      break;
    }
    case 1: {  // an if that returns the token and a value
      const std::string pred = ctx.input(integerTensor(ElementType::kI1, {}, {rng.chance(1, 2) ? 1 : 0}));
      Body then_body(ctx), else_body(ctx);
      then_body.ret({token, x}, {"!stablehlo.token", type});
      const std::string v = else_body.op(binaryText(rng.pick(binaryOps(t)), x, y, type));
      const std::string t2 = else_body.op(strCat("\"stablehlo.after_all\"(", token, ") : (!stablehlo.token) -> !stablehlo.token"));
      else_body.ret({t2, v}, {"!stablehlo.token", type});
      const std::string r = ctx.op(strCat("\"stablehlo.if\"(", pred, ") (", region({}, {}, then_body), ", ", region({}, {}, else_body),
                                          ") : (tensor<i1>) -> (!stablehlo.token, ", type, ")"),
                                   2);
      const std::string done = ctx.op(strCat("\"stablehlo.outfeed\"(", GenContext::result(r, 1), ", ", GenContext::result(r, 0),
                                             ") {outfeed_config = \"\"} : (", type, ", !stablehlo.token) -> !stablehlo.token"));
      (void)done;
      ctx.output(GenContext::result(r, 1), type);
      break;
    }
    default: {  // an outfeed ordered after the joined token; @main returns a value computed alongside
      const std::string v = mixMain(ctx, x, y, type);
      const std::string done = ctx.op(strCat("\"stablehlo.outfeed\"(", v, ", ", token, ") {outfeed_config = \"\"} : (", type,
                                             ", !stablehlo.token) -> !stablehlo.token"));
      (void)done;
      ctx.output(v, type);
    }
  }
}

// outfeed: 0-3 inputs, chained outfeeds, outfeed in a loop body, or per-process values on a grid. The
// token is consumed (by another outfeed, an after_all or a loop); @main returns the values written.
void buildOutfeed(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const std::string config = rng.chance(1, 4) ? strCat("config_", rng.range(0, 9)) : "";
  switch (rng.range(0, 2)) {
    case 0: {  // chained outfeeds with 0-3 inputs each
      std::string token = ctx.op("stablehlo.after_all : !stablehlo.token");
      const int count = static_cast<int>(rng.range(1, 3));
      for (int c = 0; c < count; ++c) {
        const int k = static_cast<int>(rng.range(c == 0 ? 1 : 0, 3));
        std::vector<std::string> values, types;
        for (int i = 0; i < k; ++i) {
          types.push_back(ctx.tensorType(smallShape(ctx, 0, 3, 16)));
          values.push_back(ctx.input(types.back()));
        }
        std::vector<std::string> ins = values, in_types = types;
        ins.push_back(token);
        in_types.push_back("!stablehlo.token");
        token = ctx.op(strCat("\"stablehlo.outfeed\"(", join(ins), ") {outfeed_config = \"", config, "\"} : ", sig(in_types, {"!stablehlo.token"})));
        for (int i = 0; i < k; ++i) {
          // Return a value derived from what was written (the program goes on after the outfeed).
          const std::string v = rng.chance(1, 2) ? values[static_cast<size_t>(i)] : mixMain(ctx, values[static_cast<size_t>(i)], values[static_cast<size_t>(i)], types[static_cast<size_t>(i)]);
          ctx.output(v, types[static_cast<size_t>(i)]);
        }
      }
      const std::string end = ctx.op(strCat("\"stablehlo.after_all\"(", token, ") : (!stablehlo.token) -> !stablehlo.token"));
      (void)end;
      break;
    }
    case 1: {  // an outfeed in a loop body: one write per iteration, the token carried
      const std::string type = ctx.tensorType(smallShape(ctx, 0, 3, 16));
      const std::string x = ctx.input(type), step = ctx.input(type);
      const std::string token = ctx.op("stablehlo.after_all : !stablehlo.token");
      const std::string zero = ctx.input(integerTensor(ElementType::kSI32, {}, {0}));
      const int64_t trips = rng.range(0, 3);
      const std::vector<std::string> types = {"!stablehlo.token", "tensor<i32>", type};
      const std::string ca = ctx.fresh(), cb = ctx.fresh(), cc = ctx.fresh();
      Body cond(ctx);
      const std::string lim = cond.op(strCat("stablehlo.constant dense<", trips, "> : tensor<i32>"));
      cond.ret({cond.op(compareText("LT", cb, lim, "tensor<i32>", "tensor<i1>"))}, {"tensor<i1>"});
      const std::string ba = ctx.fresh(), bb = ctx.fresh(), bc = ctx.fresh();
      Body body(ctx);
      const std::string t2 = body.op(strCat("\"stablehlo.outfeed\"(", bc, ", ", ba, ") {outfeed_config = \"", config, "\"} : (", type,
                                            ", !stablehlo.token) -> !stablehlo.token"));
      const std::string one = body.op("stablehlo.constant dense<1> : tensor<i32>");
      const std::string i2 = body.op(binaryText("add", bb, one, "tensor<i32>"));
      const std::string v2 = body.op(binaryText(rng.pick(binaryOps(t)), bc, step, type));
      body.ret({t2, i2, v2}, types);
      const std::string r = ctx.op(strCat("\"stablehlo.while\"(", token, ", ", zero, ", ", x, ") (", region({ca, cb, cc}, types, cond), ", ",
                                          region({ba, bb, bc}, types, body), ") : ", sig(types, types)),
                                   3);
      ctx.output(GenContext::result(r, 1), "tensor<i32>");
      ctx.output(GenContext::result(r, 2), type);
      break;
    }
    default: {  // every process of a grid writes its own value
      const Grid g = drawGrid(rng, 2);
      declareGrid(ctx, g);
      const std::string id = processId(ctx, g);
      const std::vector<int64_t> shape = smallShape(ctx, 0, 2, 8);
      const std::string type = tensorOf(shape, e);
      const std::string v = perProcess(ctx, g, id, shape, e);
      const std::string token = ctx.op("stablehlo.after_all : !stablehlo.token");
      const std::string t2 = ctx.op(strCat("\"stablehlo.outfeed\"(", v, ", ", token, ") {outfeed_config = \"", config, "\"} : (", type,
                                           ", !stablehlo.token) -> !stablehlo.token"));
      const std::string end = ctx.op(strCat("\"stablehlo.after_all\"(", t2, ", ", token, ") : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token"));
      (void)end;
      ctx.output(v, type);
    }
  }
}

// A tensor's shape and element type, with its type text.
struct Value {
  std::vector<int64_t> shape;
  ElementType et = ElementType::kF32;
  std::string type;
};

Value valueOf(const std::vector<int64_t>& shape, ElementType et) { return {shape, et, tensorOf(shape, elementTypeName(et))}; }

std::vector<std::string> typesOf(const std::vector<Value>& values) {
  std::vector<std::string> types;
  for (const Value& v : values) types.push_back(v.type);
  return types;
}

// infeed: a single-program interpreter.run_parallel with an `infeed` queue of 1-3 entries (each one
// infeed op's payload: 0-3 tensors, size-0 and rank-0 ones included; the entries after the first may be
// token-only); the program returns what it read, sometimes combined with an argument from @main.
void buildInfeed(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const int entries = static_cast<int>(rng.range(1, 3));
  std::vector<std::vector<Value>> payload(static_cast<size_t>(entries));
  for (int k = 0; k < entries; ++k) {
    const int n = static_cast<int>(rng.range(k > 0 ? 0 : 1, 3));
    for (int i = 0; i < n; ++i) {
      // Mostly the type under test; now and then another type in the same entry.
      const ElementType et = i > 0 && rng.chance(1, 4) ? rng.pick({ElementType::kSI32, ElementType::kI1, ElementType::kF32}) : t;
      payload[static_cast<size_t>(k)].push_back(valueOf(smallShape(ctx, 0, 3, 16), et));
    }
  }
  // The queue functions: one per entry, constants filled by the strategy.
  std::string queue;
  for (int k = 0; k < entries; ++k) {
    const std::vector<Value>& values = payload[static_cast<size_t>(k)];
    Body body(ctx);
    std::vector<std::string> names;
    for (const Value& v : values) names.push_back(body.op(filledConstant(ctx, v.et, v.shape)));
    body.funcReturn(names, typesOf(values));
    ctx.function(strCat("func.func private @infeed_queue", k, "() -> (", join(typesOf(values)), ") {\n", body.text(), "}"));
    strAppend(&queue, k ? ", " : "", "@infeed_queue", k);
  }
  // The program: one infeed op per entry, the tokens chained.
  const std::string config = rng.chance(1, 4) ? "queue" : "";
  Body body(ctx);
  std::string token = "%token";
  std::vector<std::string> outs, out_types;
  for (int k = 0; k < entries; ++k) {
    std::vector<std::string> result_types = typesOf(payload[static_cast<size_t>(k)]);
    result_types.push_back("!stablehlo.token");
    const int n = static_cast<int>(result_types.size());
    const std::string r = body.op(strCat("\"stablehlo.infeed\"(", token, ") {infeed_config = \"", config, "\"} : ",
                                         sig({"!stablehlo.token"}, result_types)),
                                  n);
    for (int i = 0; i + 1 < n; ++i) {
      outs.push_back(GenContext::result(r, i));
      out_types.push_back(result_types[static_cast<size_t>(i)]);
    }
    token = n > 1 ? GenContext::result(r, n - 1) : r;
  }
  std::string params = "%token: !stablehlo.token";
  std::vector<std::string> operand_types = {"!stablehlo.token"};
  std::vector<std::string> main_operands = {ctx.op("stablehlo.after_all : !stablehlo.token")};
  if (rng.chance(1, 3)) {  // an argument from @main, combined with the first value read
    params += strCat(", %data: ", out_types[0]);
    operand_types.push_back(out_types[0]);
    main_operands.push_back(ctx.input(out_types[0]));
    outs[0] = body.op(binaryText(rng.pick(binaryOps(t)), outs[0], "%data", out_types[0]));
  }
  body.funcReturn(outs, out_types);
  ctx.function(strCat("func.func private @infeed_program(", params, ") -> (", join(out_types), ") {\n", body.text(), "}"));
  const int n = static_cast<int>(outs.size());
  const std::string r = ctx.op(strCat("\"interpreter.run_parallel\"(", join(main_operands), ") {infeed = [", queue,
                                      "], programs = [[@infeed_program]]} : ", sig(operand_types, out_types)),
                               n);
  for (int i = 0; i < n; ++i) ctx.output(n > 1 ? GenContext::result(r, i) : r, out_types[static_cast<size_t>(i)]);
}

// --- Process ids -------------------------------------------------------------------------------------------

// replica_id / partition_id on grids of 1-8 processes: the id itself, and a per-process row picked by it.
void buildProcessIdOp(GenContext& ctx, bool replica) {
  Rng& rng = ctx.rng();
  const Grid g = drawGrid(rng);
  declareGrid(ctx, g);
  const std::string id = ctx.op(replica ? "\"stablehlo.replica_id\"() : () -> tensor<ui32>" : "\"stablehlo.partition_id\"() : () -> tensor<ui32>");
  ctx.output(id, "tensor<ui32>");
  const int64_t rows = replica ? g.replicas : g.partitions;
  if (rng.chance(1, 2)) {  // a row of a table picked by the id
    const std::vector<int64_t> shape = smallShape(ctx, 0, 2, 6);
    std::vector<int64_t> table_shape = {rows};
    table_shape.insert(table_shape.end(), shape.begin(), shape.end());
    std::vector<int64_t> sizes = {1};
    sizes.insert(sizes.end(), shape.begin(), shape.end());
    const std::string table_type = ctx.tensorType(table_shape);
    const std::string table = ctx.input(table_type);
    const std::string zero = ctx.op("stablehlo.constant dense<0> : tensor<ui32>");
    std::string operands = strCat(table, ", ", id), types = strCat(table_type, ", tensor<ui32>");
    for (size_t i = 0; i < shape.size(); ++i) {
      strAppend(&operands, ", ", zero);
      types += ", tensor<ui32>";
    }
    const std::string row = ctx.op(strCat("\"stablehlo.dynamic_slice\"(", operands, ") {slice_sizes = ", i64Array(sizes), "} : (", types,
                                          ") -> ", ctx.tensorType(sizes)));
    ctx.output(row, ctx.tensorType(sizes));
  } else {  // the id in arithmetic: id * k + c
    const std::string k = ctx.input(integerTensor(ElementType::kUI32, {}, {rng.range(1, 1000)}));
    const std::string scaled = ctx.op(binaryText("multiply", id, k, "tensor<ui32>"));
    ctx.output(scaled, "tensor<ui32>");
  }
}

void buildReplicaId(GenContext& ctx) { buildProcessIdOp(ctx, true); }
void buildPartitionId(GenContext& ctx) { buildProcessIdOp(ctx, false); }

// --- Collectives -------------------------------------------------------------------------------------------

// all_reduce: 1-2 operands of the type under test, an order-independent body, every strategy.
void buildAllReduce(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const Collective c = drawReplicaGroups(rng, isComplex(t) ? 2 : 8);
  declareGrid(ctx, c.grid);
  const std::string id = processId(ctx, c.grid);
  const int n = static_cast<int>(rng.range(1, 2));
  OpBuilder builder(OpId::kAllReduce);
  for (int i = 0; i < n; ++i) {
    const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 8);
    builder.operand(perProcess(ctx, c.grid, id, shape, e), tensorOf(shape, e));
  }
  const std::string body = reductionRegion(ctx, rng.pick(reductionOps(t, c.group_size)), scalarType(e));
  // all_reduce (C6, C7): the results have the operands' shapes and the body's element type.
  builder.regions(strCat("(", body, ")"), {{scalarType(e), scalarType(e)}}).attributes(c.attrs).resultsInParentheses().emitOutputs(ctx);
}

// reduce_scatter: scatter_dimension of size (group size) x m, every strategy, an order-independent body.
void buildReduceScatter(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const Collective c = drawReplicaGroups(rng, isComplex(t) ? 2 : 8);
  declareGrid(ctx, c.grid);
  const std::string id = processId(ctx, c.grid);
  const int rank = static_cast<int>(rng.range(1, 3));
  const int dim = static_cast<int>(rng.range(0, rank - 1));
  std::vector<int64_t> shape(static_cast<size_t>(rank));
  for (int d = 0; d < rank; ++d) shape[static_cast<size_t>(d)] = rng.range(1, 2);
  // A size-0 dimension now and then, never the scatter dimension: the spec allows it (C1), but the
  // StableHLO verifier rejects a zero scatter dimension, so the case would not reach a backend.
  if (rank > 1 && rng.chance(1, 8)) shape[static_cast<size_t>((dim + 1) % rank)] = 0;
  shape[static_cast<size_t>(dim)] = c.group_size * rng.range(1, 2);
  std::vector<int64_t> out_shape = shape;
  out_shape[static_cast<size_t>(dim)] /= c.group_size;
  const std::string type = tensorOf(shape, e), out_type = tensorOf(out_shape, e);
  const std::string operand = perProcess(ctx, c.grid, id, shape, e);
  const std::string body = reductionRegion(ctx, rng.pick(reductionOps(t, c.group_size)), scalarType(e));
  const std::string r = ctx.op(strCat("\"stablehlo.reduce_scatter\"(", operand, ") (", body, ") {", c.attrs, ", scatter_dimension = ", dim,
                                      " : i64} : (", type, ") -> ", out_type));
  ctx.output(r, out_type);
}

// all_gather: 1-2 operands, all_gather_dim of each, every strategy.
void buildAllGather(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  const Collective c = drawReplicaGroups(rng, 8);
  declareGrid(ctx, c.grid);
  const std::string id = processId(ctx, c.grid);
  const int n = static_cast<int>(rng.range(1, 2));
  const int dim = static_cast<int>(rng.range(0, 2));
  std::vector<std::string> operands, types, out_types;
  for (int i = 0; i < n; ++i) {
    std::vector<int64_t> shape = smallShape(ctx, dim + 1, 3, 6);
    // Size-0 dimensions only outside all_gather_dim (the StableHLO verifier rejects a zero gather
    // dimension, though the spec allows it).
    if (shape[static_cast<size_t>(dim)] == 0) shape[static_cast<size_t>(dim)] = 1;
    types.push_back(tensorOf(shape, e));
    operands.push_back(perProcess(ctx, c.grid, id, shape, e));
    shape[static_cast<size_t>(dim)] *= c.group_size;
    out_types.push_back(tensorOf(shape, e));
  }
  const std::string r = ctx.op(strCat("\"stablehlo.all_gather\"(", join(operands), ") {all_gather_dim = ", dim, " : i64, ", c.attrs, "} : ",
                                      sig(types, out_types)),
                               n);
  for (int i = 0; i < n; ++i) ctx.output(n > 1 ? GenContext::result(r, i) : r, out_types[static_cast<size_t>(i)]);
}

// all_to_all: cross_replica or cross_partition groups of split_count; split and concat dimensions equal
// or not.
void buildAllToAll(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  Collective c = drawReplicaOrPartition(rng);
  declareGrid(ctx, c.grid);
  const std::string id = processId(ctx, c.grid);
  const int64_t ids = axisSize(c);
  const int64_t k = rng.pick(divisors(ids));
  const std::vector<std::vector<int64_t>> groups = drawGroups(rng, ids, k);
  const int rank = static_cast<int>(rng.range(1, 3));
  const int split = static_cast<int>(rng.range(0, rank - 1)), concat = static_cast<int>(rng.range(0, rank - 1));
  const int n = static_cast<int>(rng.range(1, 2));
  OpBuilder builder(OpId::kAllToAll);
  for (int i = 0; i < n; ++i) {
    std::vector<int64_t> shape(static_cast<size_t>(rank));
    for (int d = 0; d < rank; ++d) shape[static_cast<size_t>(d)] = rng.range(1, 2);
    shape[static_cast<size_t>(split)] = k * (rng.chance(1, 12) ? 0 : rng.range(1, 2));
    builder.operand(perProcess(ctx, c.grid, id, shape, e), tensorOf(shape, e));
  }
  // all_to_all (C9): the split dimension divided by split_count, the concat dimension multiplied by it.
  builder
      .attributes(strCat("concat_dimension = ", concat, " : i64, replica_groups = ", groupsAttr(groups), axisChannel(rng, c), ", split_count = ", k,
                         " : i64, split_dimension = ", split, " : i64"))
      .resultsInParentheses()
      .emitOutputs(ctx);
}

// collective_broadcast: groups that may leave processes out (they get zeros), rarely no groups at all.
void buildCollectiveBroadcast(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  const Collective c = drawReplicaOrPartition(rng);
  declareGrid(ctx, c.grid);
  const std::string id = processId(ctx, c.grid);
  const int64_t ids = axisSize(c);
  std::vector<std::vector<int64_t>> groups;
  if (!rng.chance(1, 15)) {
    const int64_t k = rng.range(1, ids);
    groups = drawGroups(rng, ids - ids % k, k);
    // Relabel with a random permutation of all ids so the left-out ones vary, and drop some groups.
    const std::vector<int64_t> label = permutation(rng, ids);
    for (auto& g : groups)
      for (int64_t& v : g) v = label[static_cast<size_t>(v)];
    while (groups.size() > 1 && rng.chance(1, 3)) groups.pop_back();
  }
  const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 16);
  const std::string operand = perProcess(ctx, c.grid, id, shape, e);
  const std::string channel = axisChannel(rng, c);
  // collective_broadcast (C3): the result has the operand's type.
  OpBuilder(OpId::kCollectiveBroadcast)
      .operand(operand, tensorOf(shape, e))
      .attributes(strCat(channel.empty() ? "" : channel.substr(2), channel.empty() ? "" : ", ", "replica_groups = ", groupsAttr(groups, 0)))
      .emitOutputs(ctx);
}

// collective_permute: partial pairs (a random partial permutation, self pairs included), rarely none.
void buildCollectivePermute(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  const Collective c = drawReplicaOrPartition(rng);
  declareGrid(ctx, c.grid);
  const std::string id = processId(ctx, c.grid);
  const int64_t ids = axisSize(c);
  std::vector<std::vector<int64_t>> pairs;
  if (!rng.chance(1, 15)) {
    const std::vector<int64_t> sources = permutation(rng, ids), targets = permutation(rng, ids);
    const int64_t count = rng.range(1, ids);
    for (int64_t i = 0; i < count; ++i) pairs.push_back({sources[static_cast<size_t>(i)], targets[static_cast<size_t>(i)]});
  }
  const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 16);
  const std::string operand = perProcess(ctx, c.grid, id, shape, e);
  const std::string channel = axisChannel(rng, c);
  // collective_permute (C5): the result has the operand's type.
  OpBuilder(OpId::kCollectivePermute)
      .operand(operand, tensorOf(shape, e))
      .attributes(strCat(channel.empty() ? "" : channel.substr(2), channel.empty() ? "" : ", ", "source_target_pairs = ", groupsAttr(pairs, 2)))
      .emitOutputs(ctx);
}

// --- send, recv --------------------------------------------------------------------------------------------

// One transfer: `from` sends its messages on `channel` to `to`.
struct Transfer {
  int from = 0, to = 0;
  int64_t channel = 1;
};

// send/recv: a `case` with one branch per process that takes part and a last branch for the idle ones;
// each process finds its branch in an index table (idle processes: the last index, or one out of range,
// which also selects the last branch). Transfers are the pairs of a partial matching or, for recv now and
// then, a ring whose first member sends before it receives (so no schedule can deadlock). A sender returns
// its own values, a receiver what it got, an idle process its own values. Each message carries 0-2
// tensors (0: token only, the branches then return a marker); a transfer sends 1-2 messages on its
// channel, received in order. The tokens stay inside the branches.
void buildChannel(GenContext& ctx, bool recv_flavour) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const Grid g = drawGrid(rng, 2);
  declareGrid(ctx, g);
  const std::string id = processId(ctx, g);
  const int n = g.size();
  std::vector<Transfer> transfers;
  std::vector<int64_t> channels = permutation(rng, 20);  // distinct handles 1..20
  for (int64_t& ch : channels) ++ch;
  const bool ring = recv_flavour && n >= 3 && rng.chance(1, 2);
  const std::vector<int64_t> order = permutation(rng, n);
  if (ring) {
    const int64_t len = rng.range(3, n);
    for (int64_t i = 0; i < len; ++i) {
      transfers.push_back({static_cast<int>(order[static_cast<size_t>(i)]), static_cast<int>(order[static_cast<size_t>((i + 1) % len)]),
                           channels[static_cast<size_t>(i)]});
    }
  } else {
    const int64_t pairs = rng.range(1, n / 2);
    for (int64_t i = 0; i < pairs; ++i) {
      transfers.push_back({static_cast<int>(order[static_cast<size_t>(2 * i)]), static_cast<int>(order[static_cast<size_t>(2 * i + 1)]),
                           channels[static_cast<size_t>(i)]});
    }
  }
  // The payload: 0-2 tensors (the first of the type under test), values per process.
  const int64_t parts = rng.chance(1, 10) ? 0 : rng.range(1, 2);
  const int64_t messages = rng.chance(1, 4) ? 2 : 1;
  std::vector<Value> layout;
  for (int64_t i = 0; i < parts; ++i) {
    const ElementType et = i == 0 ? t : rng.pick({ElementType::kI1, ElementType::kSI32, ElementType::kF32, t});
    layout.push_back(valueOf(smallShape(ctx, 0, 3, 8), et));
  }
  const std::vector<std::string> types = typesOf(layout);
  std::vector<std::vector<std::string>> payload(static_cast<size_t>(messages));
  for (auto& message : payload)
    for (const Value& v : layout) message.push_back(perProcess(ctx, g, id, v.shape, elementTypeName(v.et)));
  std::vector<std::string> result_types;
  for (int64_t m = 0; m < messages; ++m) result_types.insert(result_types.end(), types.begin(), types.end());
  if (parts == 0) result_types.push_back("tensor<i32>");

  // Branches: the processes that take part, in a random order, then the idle branch.
  std::vector<int> active;
  for (int64_t p : permutation(rng, n)) {
    for (const Transfer& tr : transfers) {
      if (tr.from == p || tr.to == p) {
        active.push_back(static_cast<int>(p));
        break;
      }
    }
  }
  const int64_t idle_branch = static_cast<int64_t>(active.size());
  std::vector<int64_t> table(static_cast<size_t>(n));
  for (int p = 0; p < n; ++p) {
    const auto it = std::find(active.begin(), active.end(), p);
    if (it != active.end()) {
      table[static_cast<size_t>(p)] = it - active.begin();
    } else {
      table[static_cast<size_t>(p)] = rng.pick<int64_t>({idle_branch, idle_branch, -1, idle_branch + rng.range(1, 5), 2147483647});
    }
  }
  const std::string table_value = ctx.input(integerTensor(ElementType::kSI32, {n}, table));
  const std::string row = ctx.op(strCat("\"stablehlo.dynamic_slice\"(", table_value, ", ", id, ") {slice_sizes = array<i64: 1>} : (tensor<", n,
                                        "xi32>, tensor<ui32>) -> tensor<1xi32>"));
  const std::string index = ctx.op(strCat("stablehlo.reshape ", row, " : (tensor<1xi32>) -> tensor<i32>"));
  const std::string token = ctx.op("stablehlo.after_all : !stablehlo.token");

  std::string regions;
  for (size_t b = 0; b <= active.size(); ++b) {
    Body body(ctx);
    std::vector<std::string> values;
    for (const auto& message : payload) values.insert(values.end(), message.begin(), message.end());
    std::string marker = "0";
    if (b < active.size()) {
      const int p = active[b];
      std::string tok = token;
      auto doSends = [&]() {
        for (const Transfer& tr : transfers) {
          if (tr.from != p) continue;
          for (const auto& message : payload) {
            std::vector<std::string> ins = message, in_types = types;
            ins.push_back(tok);
            in_types.push_back("!stablehlo.token");
            tok = body.op(strCat("\"stablehlo.send\"(", join(ins), ") {channel_handle = #stablehlo.channel_handle<handle = ", tr.channel,
                                 ", type = 1>, is_host_transfer = false} : ", sig(in_types, {"!stablehlo.token"})));
          }
          if (marker == "0") marker = "1";
        }
      };
      auto doRecvs = [&]() {
        for (const Transfer& tr : transfers) {
          if (tr.to != p) continue;
          size_t slot = 0;
          for (int64_t m = 0; m < messages; ++m) {
            std::vector<std::string> out_types = types;
            out_types.push_back("!stablehlo.token");
            const int k = static_cast<int>(out_types.size());
            const std::string r = body.op(strCat("\"stablehlo.recv\"(", tok, ") {channel_handle = #stablehlo.channel_handle<handle = ", tr.channel,
                                                 ", type = 1>, is_host_transfer = false} : ", sig({"!stablehlo.token"}, out_types)),
                                          k);
            for (int i = 0; i + 1 < k; ++i) values[slot++] = GenContext::result(r, i);
            tok = k > 1 ? GenContext::result(r, k - 1) : r;
          }
          marker = "2";
        }
      };
      // Pair senders send (there is nothing to receive); in a ring the first member sends first and
      // every other member receives first.
      if (ring && transfers[0].from != p) {
        doRecvs();
        doSends();
      } else {
        doSends();
        doRecvs();
      }
    }
    if (parts == 0) values.push_back(body.op(strCat("stablehlo.constant dense<", marker, "> : tensor<i32>")));
    body.ret(values, result_types);
    strAppend(&regions, b ? ", " : "", region({}, {}, body));
  }
  const int k = static_cast<int>(result_types.size());
  const std::string r = ctx.op(strCat("\"stablehlo.case\"(", index, ") (", regions, ") : (tensor<i32>) -> (", join(result_types), ")"), k);
  for (int i = 0; i < k; ++i) ctx.output(k > 1 ? GenContext::result(r, i) : r, result_types[static_cast<size_t>(i)]);
}

void buildSend(GenContext& ctx) { buildChannel(ctx, false); }
void buildRecv(GenContext& ctx) { buildChannel(ctx, true); }

// --- rng, rng_bit_generator --------------------------------------------------------------------------------

// `%ok` (tensor<i1>, every element of `flags` true) turned into an i1 result through an `if`, so that the
// result is the guaranteed property itself (not a value computed from implementation-defined bits).
std::string allTrue(GenContext& ctx, Body& body, const std::string& flags, const std::vector<int64_t>& shape) {
  const std::string flags_type = tensorOf(shape, "i1");
  const std::string init = body.op("stablehlo.constant dense<true> : tensor<i1>");
  std::vector<int64_t> dims;
  for (size_t d = 0; d < shape.size(); ++d) dims.push_back(static_cast<int64_t>(d));
  const std::string a = ctx.fresh(), b = ctx.fresh();
  Body reducer(ctx);
  reducer.ret({reducer.op(binaryText("and", a, b, "tensor<i1>"))}, {"tensor<i1>"});
  const std::string all = body.op(strCat("\"stablehlo.reduce\"(", flags, ", ", init, ") (", region({a, b}, {"tensor<i1>", "tensor<i1>"}, reducer),
                                         ") {dimensions = ", i64Array(dims), "} : (", flags_type, ", tensor<i1>) -> tensor<i1>"));
  Body yes(ctx), no(ctx);
  yes.ret({yes.op("stablehlo.constant dense<true> : tensor<i1>")}, {"tensor<i1>"});
  no.ret({no.op("stablehlo.constant dense<false> : tensor<i1>")}, {"tensor<i1>"});
  return body.op(strCat("\"stablehlo.if\"(", all, ") (", region({}, {}, yes), ", ", region({}, {}, no), ") : (tensor<i1>) -> tensor<i1>"));
}

uint64_t floatBits(ElementType t, std::string_view text) { return *parseFloatLiteral(t, text); }

Tensor floatScalar(ElementType t, uint64_t bits) {
  Tensor s(Type::tensor({}, Type::element(t)));
  s.setBits(0, bits);
  return s;
}

// rng: UNIFORM (every type) or NORMAL (floats) with a and b from @main; the shape stays a constant
// inside @rng_check (the lowering turns @main's constants into arguments). @rng_check returns whether
// every element obeys what the spec guarantees: a <= x < b for UNIFORM; x finite for NORMAL, x = a when
// b = 0. The numbers themselves are implementation-defined and are not returned.
void buildRng(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t)), st = scalarType(e);
  const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 32);
  const std::string type = tensorOf(shape, e);
  const bool normal = isFloat(t) && rng.chance(1, 2);
  std::string a, b;
  bool point = false;  // NORMAL with b = 0: every element is a
  if (isBoolean(t)) {
    a = ctx.input(integerTensor(t, {}, {0}));
    b = ctx.input(integerTensor(t, {}, {1}));
  } else if (isInteger(t)) {
    const bool is_unsigned = isUnsignedInteger(t);
    const int64_t lo_min = is_unsigned ? 0 : minSignedValue(t);
    const int64_t hi_max = static_cast<int64_t>(std::min<uint64_t>(maxUnsignedValue(t), static_cast<uint64_t>(INT64_MAX)));
    int64_t lo, hi;
    switch (rng.range(0, 3)) {
      case 0: lo = rng.range(is_unsigned ? 0 : -10, 10); hi = lo + 1; break;  // one value
      case 1: lo = lo_min; hi = hi_max; break;                                // (almost) the full range
      case 2: lo = rng.range(is_unsigned ? 0 : -100, 50); hi = std::min<int64_t>(hi_max, lo + rng.range(1, 100)); break;
      default: lo = rng.range(lo_min / 2, 0); hi = rng.range(1, hi_max / 2); break;
    }
    a = ctx.input(integerTensor(t, {}, {lo}));
    b = ctx.input(integerTensor(t, {}, {hi}));
  } else if (normal) {
    const std::string mean = rng.pick<std::string>({"0.0", "1.5", "-3.0", "10.0"});
    const std::string sd = rng.pick<std::string>({"1.0", "0.5", "2.0", "0.0", "0.0"});
    point = sd == "0.0";
    a = ctx.input(floatScalar(t, floatBits(t, mean)));
    b = ctx.input(floatScalar(t, floatBits(t, sd)));
  } else {
    uint64_t lo, hi;
    switch (rng.range(0, 3)) {
      case 0: lo = floatBits(t, "1.0"); hi = lo + 1; break;  // [1, next float): only 1.0
      case 1: lo = floatBits(t, "0.0"); hi = floatBits(t, "1.0"); break;
      case 2: lo = floatBits(t, "-100.0"); hi = floatBits(t, "100.0"); break;
      default: lo = floatBits(t, "-0.5"); hi = floatBits(t, "0.25"); break;
    }
    a = ctx.input(floatScalar(t, lo));
    b = ctx.input(floatScalar(t, hi));
  }
  std::vector<int64_t> shape_values = shape;
  Body body(ctx);
  const std::string shape_const = body.op(strCat("stablehlo.constant ", i64Dense(shape_values)));
  const std::string x = body.op(strCat("\"stablehlo.rng\"(%a, %b, ", shape_const, ") {rng_distribution = #stablehlo<rng_distribution ",
                                       normal ? "NORMAL" : "UNIFORM", ">} : (", st, ", ", st, ", tensor<", shape.size(), "xi64>) -> ", type));
  const std::string flags_type = tensorOf(shape, "i1");
  std::string flags;
  auto broadcast = [&](const std::string& s) {
    return body.op(strCat("\"stablehlo.broadcast_in_dim\"(", s, ") {broadcast_dimensions = array<i64>} : (", st, ") -> ", type));
  };
  if (normal && point) {
    flags = body.op(compareText("EQ", x, broadcast("%a"), type, flags_type));
  } else if (normal) {
    flags = body.op(strCat("\"stablehlo.is_finite\"(", x, ") : (", type, ") -> ", flags_type));
  } else {
    const std::string ge = body.op(compareText("GE", x, broadcast("%a"), type, flags_type));
    const std::string lt = body.op(compareText("LT", x, broadcast("%b"), type, flags_type));
    flags = body.op(binaryText("and", ge, lt, flags_type));
  }
  const std::string ok = allTrue(ctx, body, flags, shape);
  body.funcReturn({ok}, {"tensor<i1>"});
  ctx.function(strCat("func.func private @rng_check(%a: ", st, ", %b: ", st, ") -> tensor<i1> {\n", body.text(), "}"));
  const std::string r = ctx.op(strCat("func.call @rng_check(", a, ", ", b, ") : (", st, ", ", st, ") -> tensor<i1>"));
  ctx.output(r, "tensor<i1>");
}

// rng_bit_generator with DEFAULT, THREE_FRY and PHILOX (2- and 3-word states). Two calls on the same
// state must agree (the spec: the output is a deterministic function of initial_state): that check is
// returned for every algorithm. THREE_FRY and PHILOX also return their bits (float outputs as their bit
// patterns) and the new state, which docs/rng.md commits the reference to; sometimes a second call
// chained on the new state.
void buildRngBitGenerator(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const std::string algorithm = rng.pick<std::string>({"DEFAULT", "THREE_FRY", "PHILOX"});
  const int64_t words = algorithm == "THREE_FRY" ? 2 : rng.range(2, 3);
  const std::string state_type = strCat("tensor<", words, "xui64>");
  const std::string state = ctx.input(state_type);
  const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 32);
  const std::string type = tensorOf(shape, e);
  const std::string bits_e = isFloat(t) ? strCat("ui", bitWidth(t)) : e;
  const std::string bits_type = tensorOf(shape, bits_e);
  auto call = [&](const std::string& from) {
    return ctx.op(strCat("\"stablehlo.rng_bit_generator\"(", from, ") {rng_algorithm = #stablehlo<rng_algorithm ", algorithm, ">} : (",
                         state_type, ") -> (", state_type, ", ", type, ")"),
                  2);
  };
  auto asBits = [&](const std::string& v) {
    return isFloat(t) ? ctx.op(strCat("\"stablehlo.bitcast_convert\"(", v, ") : (", type, ") -> ", bits_type)) : v;
  };
  const std::string first = call(state), again = call(state);
  const std::string bits1 = asBits(GenContext::result(first, 1)), bits2 = asBits(GenContext::result(again, 1));
  // The determinism check, in @main: compare, and-reduce, through an if.
  const std::string flags_type = tensorOf(shape, "i1");
  const std::string same_bits = ctx.op(compareText("EQ", bits1, bits2, bits_type, flags_type));
  const std::string same_state = ctx.op(compareText("EQ", GenContext::result(first, 0), GenContext::result(again, 0), state_type,
                                                    strCat("tensor<", words, "xi1>")));
  Body checks(ctx);
  // allTrue writes into a Body; put it in a one-branch case so it sits in @main's flow.
  const std::string ok_bits = allTrue(ctx, checks, same_bits, shape);
  const std::string ok_state = allTrue(ctx, checks, same_state, {words});
  checks.ret({checks.op(binaryText("and", ok_bits, ok_state, "tensor<i1>"))}, {"tensor<i1>"});
  const std::string zero = ctx.input(integerTensor(ElementType::kSI32, {}, {0}));
  const std::string ok = ctx.op(strCat("\"stablehlo.case\"(", zero, ") (", region({}, {}, checks), ") : (tensor<i32>) -> tensor<i1>"));
  ctx.output(ok, "tensor<i1>");
  if (kReturnCommittedRngBits && algorithm != "DEFAULT") {
    ctx.output(GenContext::result(first, 0), state_type);
    ctx.output(bits1, bits_type);
    if (rng.chance(1, 3)) {  // a second call from the new state
      const std::string second = call(GenContext::result(first, 0));
      ctx.output(GenContext::result(second, 0), state_type);
      ctx.output(asBits(GenContext::result(second, 1)), bits_type);
    }
  }
}

// --- uniform_quantize, uniform_dequantize ------------------------------------------------------------------

struct Quant {
  std::string storage;   // "i8", "i4", "ui8", "i16"
  int64_t min = 0, max = 0;  // storage range
  bool narrowed = false;
  std::string text;      // "!quant.uniform<...>"
};

std::string scaleText(Rng& rng) {
  return rng.pick<std::string>({"5.000000e-01", "2.500000e-01", "1.000000e+00", "2.000000e+00", "1.250000e-01", "3.750000e-01",
                                "1.500000e+00", "3.000000e+00", "1.000000e-01", "3.125000e-02", "7.000000e+00"});
}

// A quantized element type with expressed type `e`: per-tensor, or per-axis along a dimension of `shape`.
Quant drawQuant(Rng& rng, std::string_view e, const std::vector<int64_t>& shape, bool allow_per_axis = true) {
  Quant q;
  q.storage = rng.pick<std::string>({"i8", "i4", "ui8", "i16"});
  if (q.storage == "i8") { q.min = -128; q.max = 127; }
  if (q.storage == "i4") { q.min = -8; q.max = 7; }
  if (q.storage == "ui8") { q.min = 0; q.max = 255; }
  if (q.storage == "i16") { q.min = -32768; q.max = 32767; }
  std::string storage = q.storage;
  if (rng.chance(1, 5)) {  // a narrowed storage range
    const int64_t span = q.max - q.min;
    const int64_t lo = q.min + rng.range(0, span / 4), hi = q.max - rng.range(0, span / 4);
    q.min = lo;
    q.max = hi;
    q.narrowed = true;
    storage = strCat(q.storage, "<", lo, ":", hi, ">");
  }
  auto zeroPoint = [&]() { return rng.chance(1, 3) ? std::max<int64_t>(q.min, std::min<int64_t>(q.max, 0)) : rng.range(q.min, q.max); };
  const int64_t axis = shape.empty() ? 0 : rng.range(0, static_cast<int64_t>(shape.size()) - 1);
  if (allow_per_axis && !shape.empty() && shape[static_cast<size_t>(axis)] > 0 && rng.chance(1, 2)) {
    std::string params;
    for (int64_t i = 0; i < shape[static_cast<size_t>(axis)]; ++i) {
      const std::string scale = scaleText(rng);
      strAppend(&params, i ? "," : "", scale, ":", zeroPoint());
    }
    q.text = strCat("!quant.uniform<", storage, ":", e, ":", axis, ", {", params, "}>");
  } else {
    const std::string scale = scaleText(rng);
    q.text = strCat("!quant.uniform<", storage, ":", e, ", ", scale, ":", zeroPoint(), ">");
  }
  return q;
}

// A quantized value: storage integers in the storage range, bitcast to the quantized type.
std::string quantizedInput(GenContext& ctx, const Quant& q, const std::vector<int64_t>& shape) {
  const std::string storage_type = tensorOf(shape, q.storage);
  const std::string storage = ctx.indexInput(storage_type, q.min, q.max);
  return ctx.op(strCat("\"stablehlo.bitcast_convert\"(", storage, ") : (", storage_type, ") -> ", tensorOf(shape, q.text)));
}

// uniform_quantize from floats (any values: NaN and infinities saturate) or requantization from another
// quantized type; per-tensor and per-axis results. Returns the storage integers.
void buildUniformQuantize(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 24);
  const Quant out = drawQuant(rng, e, shape);
  std::string operand, operand_type;
  if (rng.chance(1, 3)) {
    // Requantization; the spec's dequantize of a per-axis operand is fine, but keep one of the two
    // per-tensor now and then.
    const Quant in = drawQuant(rng, e, shape);
    operand = quantizedInput(ctx, in, shape);
    operand_type = tensorOf(shape, in.text);
  } else {
    operand_type = tensorOf(shape, e);
    // Mostly values around the storage range (scale x storage values); now and then anything the
    // strategy draws (most of it saturates).
    ValueHints hints;
    if (rng.chance(3, 4)) hints.max_magnitude = rng.pick({4.0, 64.0, 1000.0});
    operand = ctx.input(operand_type, hints);
  }
  const std::string result_type = tensorOf(shape, out.text);
  const std::string r = ctx.op(strCat("\"stablehlo.uniform_quantize\"(", operand, ") : (", operand_type, ") -> ", result_type));
  const std::string storage_type = tensorOf(shape, out.storage);
  ctx.output(ctx.op(strCat("\"stablehlo.bitcast_convert\"(", r, ") : (", result_type, ") -> ", storage_type)), storage_type);
}

// uniform_dequantize of per-tensor and per-axis types, storage values over the whole storage range.
void buildUniformDequantize(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  const std::vector<int64_t> shape = smallShape(ctx, 0, 3, 24);
  const Quant q = drawQuant(rng, e, shape);
  const std::string operand = quantizedInput(ctx, q, shape);
  // uniform_dequantize (C1, C2): the operand's shape, its expressed type.
  OpBuilder(OpId::kUniformDequantize).operand(operand, tensorOf(shape, q.text)).emitOutputs(ctx);
}

constexpr OpGenerator kGenerators[] = {
    {"if", kAllTypes, kStrategies, buildIf},
    {"case", kAllTypes, kStrategies, buildCase},
    {"while", kAllTypes, kStrategies, buildWhile},
    {"call", kAllTypes, kStrategies, buildCall},
    {"composite", kAllTypes, kStrategies, buildComposite},
    {"after_all", kAllTypes, kStrategies, buildAfterAll},
    {"all_gather", kAllTypes, kStrategies, buildAllGather},
    {"all_reduce", kAllTypes, kStrategies, buildAllReduce},
    {"all_to_all", kAllTypes, kStrategies, buildAllToAll},
    {"collective_broadcast", kAllTypes, kStrategies, buildCollectiveBroadcast},
    {"collective_permute", kAllTypes, kStrategies, buildCollectivePermute},
    {"reduce_scatter", kAllTypes, kStrategies, buildReduceScatter},
    {"replica_id", kIdTypes, kStrategies, buildReplicaId},
    {"partition_id", kIdTypes, kStrategies, buildPartitionId},
    {"send", kAllTypes, kStrategies, buildSend},
    {"recv", kAllTypes, kStrategies, buildRecv},
    {"infeed", kAllTypes, kStrategies, buildInfeed},
    {"outfeed", kAllTypes, kStrategies, buildOutfeed},
    {"rng", kRngTypes, kStrategies, buildRng},
    {"rng_bit_generator", kBitTypes, kStrategies, buildRngBitGenerator},
    {"uniform_quantize", kQuantTypes, kStrategies, buildUniformQuantize},
    {"uniform_dequantize", kQuantTypes, kStrategies, buildUniformDequantize},
};

}  // namespace

std::span<const OpGenerator> controlGenerators() { return kGenerators; }

}  // namespace hloconf::gen
