// Generators for the movement family (see generators/gen.h): shapes and data movement, gather/scatter,
// sort, tuples, constants and the dynamic_* ops. Every op is written in generic form.
#include <algorithm>
#include <map>

#include "generators/builder.h"
#include "generators/gen.h"
#include "generators/program_util.h"
#include "ir/attribute.h"

namespace hloconf::gen {
namespace {

using Shape = std::vector<int64_t>;

constexpr std::string_view kData[] = {"f32", "f16", "bf16", "f64",  "i1",           "i8",
                                      "i32", "i64", "ui8",  "ui32", "complex<f32>", "f8E4M3FN"};
// Ops whose result must be integer, float or complex (iota, dynamic_iota).
constexpr std::string_view kNumeric[] = {"f32", "f16", "bf16", "f64",          "i8",      "i32",
                                         "i64", "ui8", "ui32", "complex<f32>", "f8E4M3FN"};
// bitcast_convert: i1 has no defined bit layout.
constexpr std::string_view kBitcast[] = {"f32", "f16", "bf16", "f64",          "i8",      "i32",
                                         "i64", "ui8", "ui32", "complex<f32>", "f8E4M3FN"};
constexpr Strategy kStrategies[] = {Strategy::kUniform, Strategy::kSpecial, Strategy::kLogUniform};
// Element types of the extra operands of variadic ops (sort, scatter, tuple, optimization_barrier).
constexpr std::string_view kOther[] = {"f32", "i32", "i1", "bf16", "ui8", "i64", "f16"};

// --- Text helpers -------------------------------------------------------------------------------------

std::string join(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) strAppend(&s, i ? sep : "", items[i]);
  return s;
}

// "(a, b) -> c" or "(a, b) -> (c, d)".
std::string fnType(const std::vector<std::string>& ins, const std::vector<std::string>& outs) {
  std::string s = strCat("(", join(ins), ") -> ");
  if (outs.size() == 1) return s + outs[0];
  return strCat(s, "(", join(outs), ")");
}

std::string tt(const Shape& shape, std::string_view element) { return GenContext::tensorType(shape, element); }

// The result type the rule of `id` gives operands of `types` with attributes `attributes` (for the dynamic ops,
// whose results are their static counterparts' on the same values); "" with the case skipped when it fails.
std::string inferredType(GenContext& ctx, OpId id, const std::vector<std::string>& types, const std::string& attributes) {
  OpBuilder builder(id);
  for (const std::string& t : types) builder.operand("%x", t);
  const absl::StatusOr<std::vector<std::string>> results = builder.attributes(attributes).resultTypes();
  if (results.ok() && results->size() == 1) return (*results)[0];
  ctx.skip(strCat("the builder could not infer ", opName(id), "'s result type: ", results.status().message()));
  return "";
}
std::string scalarType(std::string_view element) { return tt({}, element); }

// The values of a multi-result op named `name` with `n` results.
std::vector<std::string> results(const std::string& name, int n) {
  if (n == 1) return {name};
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.push_back(GenContext::result(name, i));
  return v;
}

std::string pickOther(Rng& rng) { return std::string(rng.pick(std::span<const std::string_view>(kOther))); }

// --- Shape helpers ------------------------------------------------------------------------------------

// A random sorted subset of `items`, each kept with probability num/den.
std::vector<int64_t> subset(Rng& rng, const std::vector<int64_t>& items, uint64_t num, uint64_t den) {
  std::vector<int64_t> out;
  for (int64_t x : items)
    if (rng.chance(num, den)) out.push_back(x);
  return out;
}

// `k` distinct elements of 0..n-1 in random order.
std::vector<int64_t> distinct(Rng& rng, int64_t n, int64_t k) {
  std::vector<int64_t> p = permutation(rng, n);
  p.resize(static_cast<size_t>(k));
  return p;
}

bool contains(const std::vector<int64_t>& v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// A shape of `n` elements (n = 0 gives a shape with a zero dimension) of rank at most `max_rank`.
Shape shapeWithElements(Rng& rng, int64_t n, int max_rank) {
  if (n == 0) {
    Shape s(static_cast<size_t>(rng.range(1, max_rank)));
    for (int64_t& d : s) d = rng.range(0, 3);
    s[static_cast<size_t>(rng.range(0, static_cast<int64_t>(s.size()) - 1))] = 0;
    return s;
  }
  std::vector<int64_t> primes;
  int64_t m = n;
  for (int64_t p = 2; p * p <= m; ++p)
    while (m % p == 0) {
      primes.push_back(p);
      m /= p;
    }
  if (m > 1) primes.push_back(m);
  int rank = static_cast<int>(rng.range(0, max_rank));
  if (rank == 0 && n > 1) rank = 1;
  Shape s(static_cast<size_t>(rank), 1);
  for (int64_t p : primes) s[static_cast<size_t>(rng.range(0, rank - 1))] *= p;
  return s;
}

// An index element type (start indices, scatter indices).
ElementType indexType(Rng& rng) {
  static constexpr ElementType kTypes[] = {ElementType::kSI64, ElementType::kSI64, ElementType::kSI32, ElementType::kSI8,
                                           ElementType::kUI32, ElementType::kUI8,  ElementType::kSI16};
  return rng.pick(std::span<const ElementType>(kTypes));
}

// A start index for a clamped access whose in-range starts are [0, max_start]: mostly in range,
// sometimes out of bounds by a little, now and then the index type's extremes.
int64_t clampedStart(Rng& rng, int64_t max_start, ElementType t) {
  const int64_t hi_ok = std::max<int64_t>(max_start, 0);
  const bool is_signed = isSignedInteger(t);
  if (rng.chance(7, 10)) return rng.range(0, hi_ok);
  if (rng.chance(4, 5)) return rng.range(is_signed ? -4 : 0, hi_ok + 4);
  if (is_signed && rng.chance(1, 2)) return minSignedValue(t);
  return static_cast<int64_t>(std::min<uint64_t>(maxUnsignedValue(t), INT64_MAX));
}

// The shape-giving 1-D integer tensor of a dynamic_* op (a static constant).
std::string shapeConstant(GenContext& ctx, const std::vector<int64_t>& values, ElementType t) {
  return ctx.staticConstant(integerTensor(t, {static_cast<int64_t>(values.size())}, values));
}

ElementType shapeType(Rng& rng) { return rng.chance(2, 3) ? ElementType::kSI64 : ElementType::kSI32; }

// --- broadcast_in_dim, dynamic_broadcast_in_dim --------------------------------------------------------

struct Broadcast {
  Shape operand, result, dims;
};

Broadcast drawBroadcast(GenContext& ctx) {
  Rng& rng = ctx.rng();
  Broadcast b;
  b.result = ctx.shape(0, 6, 64);
  const int64_t R = static_cast<int64_t>(b.result.size());
  const int64_t r = rng.range(0, R);
  b.dims = distinct(rng, R, r);
  if (rng.chance(1, 2)) std::sort(b.dims.begin(), b.dims.end());  // the common, ordered form
  for (int64_t d : b.dims) b.operand.push_back(rng.chance(1, 3) ? 1 : b.result[static_cast<size_t>(d)]);
  return b;
}

void buildBroadcastInDim(GenContext& ctx) {
  const Broadcast b = drawBroadcast(ctx);
  const std::string ot = ctx.tensorType(b.operand), rt = ctx.tensorType(b.result);
  const std::string x = ctx.input(ot);
  const std::string r = ctx.op(
      strCat("\"stablehlo.broadcast_in_dim\"(", x, ") {broadcast_dimensions = ", i64Array(b.dims), "} : ", fnType({ot}, {rt})));
  ctx.output(r, rt);
}

void buildDynamicBroadcastInDim(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const Broadcast b = drawBroadcast(ctx);
  const std::string ot = ctx.tensorType(b.operand), rt = ctx.tensorType(b.result);
  const std::string x = ctx.input(ot);
  const ElementType st = shapeType(rng);
  const std::string dims = shapeConstant(ctx, b.result, st);
  // The known (non)expanding dimensions, when given, tell the truth.
  std::vector<int64_t> expanding, nonexpanding;
  for (size_t d = 0; d < b.operand.size(); ++d) {
    if (!rng.chance(1, 2)) continue;
    if (b.operand[d] == b.result[static_cast<size_t>(b.dims[d])]) {
      nonexpanding.push_back(static_cast<int64_t>(d));
    } else {
      expanding.push_back(static_cast<int64_t>(d));
    }
  }
  std::string attrs = strCat("broadcast_dimensions = ", i64Array(b.dims));
  if (!expanding.empty() || rng.chance(1, 4)) strAppend(&attrs, ", known_expanding_dimensions = ", i64Array(expanding));
  if (!nonexpanding.empty() || rng.chance(1, 4)) strAppend(&attrs, ", known_nonexpanding_dimensions = ", i64Array(nonexpanding));
  const std::string r = ctx.op(strCat("\"stablehlo.dynamic_broadcast_in_dim\"(", x, ", ", dims, ") {", attrs,
                                      "} : ", fnType({ot, tt({static_cast<int64_t>(b.result.size())}, elementTypeName(st))}, {rt})));
  ctx.output(r, rt);
}

// --- reshape, dynamic_reshape, transpose, reverse, slice ------------------------------------------------

void buildReshape(GenContext& ctx) {
  const Shape in = ctx.shape(0, 6, 64);
  const Shape out = shapeWithElements(ctx.rng(), numElements(in), 6);
  const std::string it = ctx.tensorType(in), rt = ctx.tensorType(out);
  const std::string x = ctx.input(it);
  const std::string r = ctx.op(strCat("\"stablehlo.reshape\"(", x, ") : ", fnType({it}, {rt})));
  ctx.output(r, rt);
}

void buildDynamicReshape(GenContext& ctx) {
  const Shape in = ctx.shape(0, 6, 64);
  const Shape out = shapeWithElements(ctx.rng(), numElements(in), 6);
  const std::string it = ctx.tensorType(in), rt = ctx.tensorType(out);
  const std::string x = ctx.input(it);
  const ElementType st = shapeType(ctx.rng());
  const std::string s = shapeConstant(ctx, out, st);
  const std::string r = ctx.op(strCat("\"stablehlo.dynamic_reshape\"(", x, ", ", s,
                                      ") : ", fnType({it, tt({static_cast<int64_t>(out.size())}, elementTypeName(st))}, {rt})));
  ctx.output(r, rt);
}

void buildTranspose(GenContext& ctx) {
  const Shape in = ctx.shape(0, 6, 64);
  const std::vector<int64_t> perm = permutation(ctx.rng(), static_cast<int64_t>(in.size()));
  const std::string it = ctx.tensorType(in);
  const std::string x = ctx.input(it);
  OpBuilder(OpId::kTranspose).operand(x, it).attributes(strCat("permutation = ", i64Array(perm))).emitOutputs(ctx);
}

void buildReverse(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const Shape in = ctx.shape(0, 6, 64);
  const int64_t R = static_cast<int64_t>(in.size());
  const std::vector<int64_t> dims = distinct(rng, R, rng.range(0, R));  // any order, possibly none
  const std::string it = ctx.tensorType(in);
  const std::string x = ctx.input(it);
  const std::string r =
      ctx.op(strCat("\"stablehlo.reverse\"(", x, ") {dimensions = ", i64Array(dims), "} : ", fnType({it}, {it})));
  ctx.output(r, it);
}

void buildSlice(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const Shape in = ctx.shape(0, 6, 64);
  std::vector<int64_t> start, limit, strides;
  for (int64_t d : in) {
    int64_t s = rng.range(0, d), l = rng.range(s, d);
    if (rng.chance(1, 10)) l = s;  // an empty slice
    const int64_t stride = rng.chance(1, 8) ? rng.range(1, d + 2) : rng.range(1, 3);
    start.push_back(s);
    limit.push_back(l);
    strides.push_back(stride);
  }
  const std::string it = ctx.tensorType(in);
  const std::string x = ctx.input(it);
  OpBuilder(OpId::kSlice).operand(x, it).attributes(strCat("start_indices = ", i64Array(start), ", limit_indices = ",
                                                                          i64Array(limit), ", strides = ", i64Array(strides))).emitOutputs(ctx);
}

// --- pad, dynamic_pad --------------------------------------------------------------------------------------

struct Padding {
  Shape operand, low, high, interior;
  Shape result;  // only to keep the result small: the op's result type is pad (C4)'s, inferred
};

Padding drawPadding(GenContext& ctx) {
  Rng& rng = ctx.rng();
  Padding p;
  p.operand = ctx.shape(0, 6, 24);
  for (int attempt = 0;; ++attempt) {
    p.low.clear(), p.high.clear(), p.interior.clear(), p.result.clear();
    for (int64_t d : p.operand) {
      const int64_t interior = attempt < 8 && rng.chance(1, 3) ? rng.range(1, 2) : 0;
      const int64_t base = d + std::max<int64_t>(d - 1, 0) * interior;
      // Negative edge padding removes elements (interior padding included); the result is never negative.
      const int64_t low = attempt < 8 && rng.chance(1, 3) ? -rng.range(0, base) : rng.range(0, attempt < 8 ? 2 : 0);
      const int64_t rest = base + low;
      const int64_t high = attempt < 8 && rng.chance(1, 3) ? -rng.range(0, rest) : rng.range(0, attempt < 8 ? 2 : 0);
      p.interior.push_back(interior);
      p.low.push_back(low);
      p.high.push_back(high);
      p.result.push_back(rest + high);
    }
    if (numElements(p.result) <= 256) return p;
  }
}

// pad's attributes for the padding `p`.
std::string padAttributes(const Padding& p) {
  return strCat("edge_padding_low = ", i64Array(p.low), ", edge_padding_high = ", i64Array(p.high), ", interior_padding = ", i64Array(p.interior));
}

void buildPad(GenContext& ctx) {
  const Padding p = drawPadding(ctx);
  const std::string ot = ctx.tensorType(p.operand), st = ctx.tensorType({});
  const std::string x = ctx.input(ot), v = ctx.input(st);
  OpBuilder(OpId::kPad).operand(x, ot).operand(v, st).attributes(padAttributes(p)).emitOutputs(ctx);
}

void buildDynamicPad(GenContext& ctx) {
  const Padding p = drawPadding(ctx);
  // dynamic_pad's result is pad's with its padding operands' values as attributes (dynamic_pad (C4) is pad (C4)).
  const std::string ot = ctx.tensorType(p.operand), st = ctx.tensorType({}), rt = inferredType(ctx, OpId::kPad, {ot, st}, padAttributes(p));
  const std::string x = ctx.input(ot), v = ctx.input(st);
  const ElementType it = shapeType(ctx.rng());
  const std::string low = shapeConstant(ctx, p.low, it), high = shapeConstant(ctx, p.high, it),
                    interior = shapeConstant(ctx, p.interior, it);
  const std::string vt = tt({static_cast<int64_t>(p.operand.size())}, elementTypeName(it));
  const std::string r = ctx.op(strCat("\"stablehlo.dynamic_pad\"(", x, ", ", v, ", ", low, ", ", high, ", ", interior,
                                      ") : ", fnType({ot, st, vt, vt, vt}, {rt})));
  ctx.output(r, rt);
}

// --- concatenate ---------------------------------------------------------------------------------------

void buildConcatenate(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const Shape base = ctx.shape(1, 6, 24);
  const int64_t k = rng.range(0, static_cast<int64_t>(base.size()) - 1);
  const int64_t n = rng.range(1, 4);
  OpBuilder builder(OpId::kConcatenate);
  for (int64_t i = 0; i < n; ++i) {
    Shape s = base;
    s[static_cast<size_t>(k)] = rng.chance(1, 8) ? 0 : rng.range(1, 3);
    const std::string type = ctx.tensorType(s);
    builder.operand(ctx.input(type), type);
  }
  builder.attributes(strCat("dimension = ", k, " : i64")).emitOutputs(ctx);
}

// --- iota, dynamic_iota, get_dimension_size, constant, bitcast_convert -----------------------------------

void buildIota(GenContext& ctx) {
  const Shape s = ctx.shape(1, 6, 64);
  const int64_t d = ctx.rng().range(0, static_cast<int64_t>(s.size()) - 1);
  const std::string rt = ctx.tensorType(s);
  const std::string r = ctx.op(strCat("\"stablehlo.iota\"() {iota_dimension = ", d, " : i64} : () -> ", rt));
  ctx.output(r, rt);
}

void buildDynamicIota(GenContext& ctx) {
  const Shape s = ctx.shape(1, 6, 64);
  const int64_t d = ctx.rng().range(0, static_cast<int64_t>(s.size()) - 1);
  const ElementType st = shapeType(ctx.rng());
  const std::string shape = shapeConstant(ctx, s, st);
  const std::string rt = ctx.tensorType(s);
  const std::string r = ctx.op(strCat("\"stablehlo.dynamic_iota\"(", shape, ") {iota_dimension = ", d,
                                      " : i64} : ", fnType({tt({static_cast<int64_t>(s.size())}, elementTypeName(st))}, {rt})));
  ctx.output(r, rt);
}

void buildGetDimensionSize(GenContext& ctx) {
  const Shape s = ctx.shape(1, 6, 64);
  const int64_t d = ctx.rng().range(0, static_cast<int64_t>(s.size()) - 1);
  const std::string it = ctx.tensorType(s);
  const std::string x = ctx.input(it);
  const std::string r =
      ctx.op(strCat("\"stablehlo.get_dimension_size\"(", x, ") {dimension = ", d, " : i64} : ", fnType({it}, {"tensor<i32>"})));
  ctx.output(r, "tensor<i32>");
}

void buildConstant(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const Shape s = ctx.shape(0, 6, 64);
  const std::string rt = ctx.tensorType(s);
  Tensor t(Type::tensor(s, Type::element(ctx.type())));
  fillTensor(t, ctx.strategy(), rng);
  if (rng.chance(1, 5)) {  // a splat
    for (int64_t i = 1; i < t.numElements(); ++i) {
      t.setBits(i, t.bits(0, 0), 0);
      if (isComplex(ctx.type())) t.setBits(i, t.bits(0, 1), 1);
    }
  }
  const std::string r = ctx.op(strCat("stablehlo.constant ", denseLiteral(t), " : ", rt));
  ctx.output(r, rt);
}

void buildBitcastConvert(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const int width = bitWidth(t);
  static const std::map<int, std::vector<std::string>> kByWidth = {
      {8, {"i8", "ui8", "f8E4M3FN", "f8E5M2"}},
      {16, {"i16", "ui16", "f16", "bf16"}},
      {32, {"i32", "ui32", "f32"}},
      {64, {"i64", "ui64", "f64"}},
  };
  std::string target;
  int target_width = width;
  if (isComplex(t)) {  // complex only to complex: the same type, or two complex<f32> to one complex<f64>
    target_width = t == ElementType::kC64 && rng.chance(1, 3) ? 128 : width;
    target = target_width == width ? elementTypeName(t) : "complex<f64>";
  } else {
    // Same width, narrower (the result gains a dimension) or wider (the operand's last dimension goes).
    std::vector<int> widths;
    for (const auto& [w, names] : kByWidth) widths.push_back(w);
    target_width = rng.chance(1, 2) ? width : rng.pick(widths);
    target = rng.pick(kByWidth.at(target_width));
  }
  Shape in, out;
  if (target_width == width) {
    in = out = ctx.shape(0, 6, 32);
  } else if (target_width < width) {
    in = ctx.shape(0, 4, 16);
    out = in;
    out.push_back(width / target_width);
  } else {
    out = ctx.shape(0, 4, 16 * width / target_width);
    in = out;
    in.push_back(target_width / width);
  }
  const std::string it = ctx.tensorType(in), rt = tt(out, target);
  const std::string x = ctx.input(it);
  const std::string r = ctx.op(strCat("\"stablehlo.bitcast_convert\"(", x, ") : ", fnType({it}, {rt})));
  ctx.output(r, rt);
}

// --- dynamic_slice, dynamic_update_slice ---------------------------------------------------------------

// Scalar start indices (one per dimension, one index type) for a window of `sizes` in `shape`.
std::vector<std::string> startIndices(GenContext& ctx, const Shape& shape, const Shape& sizes, std::vector<std::string>& types) {
  const ElementType t = indexType(ctx.rng());
  std::vector<std::string> names;
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t v = clampedStart(ctx.rng(), shape[d] - sizes[d], t);
    names.push_back(ctx.input(integerTensor(t, {}, {v})));
    types.push_back(scalarType(elementTypeName(t)));
  }
  return names;
}

int64_t windowSize(Rng& rng, int64_t dim) {
  if (dim == 0 || rng.chance(1, 10)) return 0;
  return rng.chance(1, 4) ? dim : rng.range(1, dim);
}

void buildDynamicSlice(GenContext& ctx) {
  const Shape in = ctx.shape(0, 6, 64);
  Shape sizes;
  for (int64_t d : in) sizes.push_back(windowSize(ctx.rng(), d));
  const std::string it = ctx.tensorType(in);
  const std::string x = ctx.input(it);
  std::vector<std::string> types;
  const std::vector<std::string> starts = startIndices(ctx, in, sizes, types);
  // dynamic_slice (C5): the result's shape is slice_sizes.
  OpBuilder builder(OpId::kDynamicSlice);
  builder.operand(x, it);
  for (size_t i = 0; i < starts.size(); ++i) builder.operand(starts[i], types[i]);
  builder.attributes(strCat("slice_sizes = ", i64Array(sizes))).emitOutputs(ctx);
}

void buildDynamicUpdateSlice(GenContext& ctx) {
  const Shape in = ctx.shape(0, 6, 64);
  Shape sizes;
  for (int64_t d : in) sizes.push_back(windowSize(ctx.rng(), d));
  const std::string it = ctx.tensorType(in), ut = ctx.tensorType(sizes);
  const std::string x = ctx.input(it), u = ctx.input(ut);
  std::vector<std::string> types = {it, ut};
  const std::vector<std::string> starts = startIndices(ctx, in, sizes, types);
  std::vector<std::string> operands = {x, u};
  operands.insert(operands.end(), starts.begin(), starts.end());
  const std::string r = ctx.op(strCat("\"stablehlo.dynamic_update_slice\"(", join(operands), ") : ", fnType(types, {it})));
  ctx.output(r, it);
}

// --- gather, dynamic_gather, scatter -----------------------------------------------------------------------

// The index tensor of a gather or scatter: its batch dimensions (the dimensions other than
// index_vector_dim), where index_vector_dim sits, and which batch dimensions are batching dimensions.
struct IndexLayout {
  Shape shape;                   // of start_indices / scatter_indices
  int64_t index_vector_dim = 0;  // = rank(shape) when implicit
  bool explicit_vector = true;
  Shape batch;                    // shape without index_vector_dim
  std::vector<int64_t> batching;  // the indices' dimensions paired with the operand's batching dims, in order
};

// `m` index components; `operand_batching` are the operand's batching dims (their sizes come from `operand`).
IndexLayout drawIndexLayout(Rng& rng, const Shape& operand, const std::vector<int64_t>& operand_batching, int64_t m) {
  IndexLayout l;
  const int64_t nb = static_cast<int64_t>(operand_batching.size());
  const int64_t nbd = nb + rng.range(0, 2);
  l.batch.assign(static_cast<size_t>(nbd), 1);
  int64_t budget = 8;
  for (int64_t& b : l.batch) {
    b = rng.chance(1, 12) ? 0 : rng.range(1, std::max<int64_t>(1, std::min<int64_t>(3, budget)));
    budget = b ? budget / b : budget;
  }
  const std::vector<int64_t> positions = distinct(rng, nbd, nb);  // batch positions of the batching dims
  for (int64_t i = 0; i < nb; ++i)
    l.batch[static_cast<size_t>(positions[static_cast<size_t>(i)])] =
        operand[static_cast<size_t>(operand_batching[static_cast<size_t>(i)])];
  l.explicit_vector = m != 1 || rng.chance(2, 3);
  l.index_vector_dim = l.explicit_vector ? rng.range(0, nbd) : nbd;
  l.shape = l.batch;
  if (l.explicit_vector) l.shape.insert(l.shape.begin() + l.index_vector_dim, m);
  for (int64_t p : positions) l.batching.push_back(l.explicit_vector && p >= l.index_vector_dim ? p + 1 : p);
  return l;
}

// Multi-indices of `shape` in row-major order (calls f(index) for each).
template <typename F>
void forEachIndex(const Shape& shape, F f) {
  if (numElements(shape) == 0) return;
  Shape idx(shape.size(), 0);
  do {
    f(idx);
  } while (nextIndex(idx, shape));
}

// The index values, row-major over `l.shape`; component j indexes operand dim map[j] and draws by `draw(d)`.
template <typename Draw>
std::vector<int64_t> indexValues(const IndexLayout& l, const std::vector<int64_t>& map, Draw draw) {
  std::vector<int64_t> values;
  forEachIndex(l.shape, [&](const Shape& idx) {
    const int64_t j = l.explicit_vector ? idx[static_cast<size_t>(l.index_vector_dim)] : 0;
    values.push_back(draw(map[static_cast<size_t>(j)]));
  });
  return values;
}

std::string dimsAttr(std::string_view name, const std::vector<int64_t>& dims) { return strCat(name, " = ", intList(dims)); }

void buildGatherLike(GenContext& ctx, bool dynamic) {
  Rng& rng = ctx.rng();
  // Now and then a rank-0 operand (no start_index_map; the index vectors are empty).
  const Shape operand = ctx.shape(rng.chance(1, 16) ? 0 : 1, 4, 32);
  const int64_t R = static_cast<int64_t>(operand.size());
  std::vector<int64_t> all(static_cast<size_t>(R));
  for (int64_t d = 0; d < R; ++d) all[static_cast<size_t>(d)] = d;

  std::vector<int64_t> operand_batching;
  if (!dynamic && R > 0 && rng.chance(1, 3)) {
    const std::vector<int64_t> b = distinct(rng, R, rng.range(1, std::min<int64_t>(2, R)));
    operand_batching = b;
    std::sort(operand_batching.begin(), operand_batching.end());
  }
  std::vector<int64_t> free_dims;  // neither batching
  for (int64_t d : all)
    if (!contains(operand_batching, d)) free_dims.push_back(d);
  std::vector<int64_t> collapsed;
  for (int64_t d : free_dims)  // a collapsed dimension reads one element, so it must not be empty
    if (operand[static_cast<size_t>(d)] > 0 && rng.chance(1, 2)) collapsed.push_back(d);
  // start_index_map: some of the free dimensions, in any order; now and then none at all.
  const int64_t nfree = static_cast<int64_t>(free_dims.size());
  const int64_t m = nfree == 0 || rng.chance(1, 12) ? 0 : rng.range(1, nfree);
  std::vector<int64_t> map;
  for (int64_t i : distinct(rng, nfree, m)) map.push_back(free_dims[static_cast<size_t>(i)]);

  Shape slice_sizes(static_cast<size_t>(R));
  for (int64_t d : all) {
    const int64_t dim = operand[static_cast<size_t>(d)];
    slice_sizes[static_cast<size_t>(d)] =
        contains(collapsed, d) || contains(operand_batching, d) ? std::min<int64_t>(dim, 1) : windowSize(rng, dim);
  }
  const IndexLayout l = drawIndexLayout(rng, operand, operand_batching, m);
  const ElementType it = indexType(rng);
  const std::vector<int64_t> values = indexValues(l, map, [&](int64_t d) {
    return clampedStart(rng, operand[static_cast<size_t>(d)] - slice_sizes[static_cast<size_t>(d)], it);
  });

  // The result: batch dimensions where offset_dims are not, offset sizes (of the window dims) in order.
  Shape offset_sizes;
  for (int64_t d : all)
    if (!contains(collapsed, d) && !contains(operand_batching, d)) offset_sizes.push_back(slice_sizes[static_cast<size_t>(d)]);
  const int64_t result_rank = static_cast<int64_t>(l.batch.size() + offset_sizes.size());
  std::vector<int64_t> offset_dims = distinct(rng, result_rank, static_cast<int64_t>(offset_sizes.size()));
  std::sort(offset_dims.begin(), offset_dims.end());

  const std::string ot = ctx.tensorType(operand), idt = tt(l.shape, elementTypeName(it));
  const std::string x = ctx.input(ot);
  const std::string idx = ctx.input(integerTensor(it, l.shape, values));
  std::string dn =
      strCat("#stablehlo.gather<", dimsAttr("offset_dims", offset_dims), ", ", dimsAttr("collapsed_slice_dims", collapsed));
  if (!dynamic && (!operand_batching.empty() || rng.chance(1, 4))) {
    strAppend(&dn, ", ", dimsAttr("operand_batching_dims", operand_batching), ", ",
              dimsAttr("start_indices_batching_dims", l.batching));
  }
  strAppend(&dn, ", ", dimsAttr("start_index_map", map), ", index_vector_dim = ", l.index_vector_dim, ">");
  // The result is gather (C22, C23)'s; dynamic_gather's is gather's with its slice_sizes operand's values.
  const std::string gather_attributes = strCat("dimension_numbers = ", dn, ", slice_sizes = ", i64Array(slice_sizes), ", indices_are_sorted = false");
  if (!dynamic) return OpBuilder(OpId::kGather).operand(x, ot).operand(idx, idt).attributes(gather_attributes).emitOutputs(ctx);
  const std::string rt = inferredType(ctx, OpId::kGather, {ot, idt}, gather_attributes);
  {
    const ElementType st = rng.pick({ElementType::kSI64, ElementType::kSI32, ElementType::kUI32});
    const std::string sizes = shapeConstant(ctx, slice_sizes, st);
    const std::string r = ctx.op(strCat("\"stablehlo.dynamic_gather\"(", x, ", ", idx, ", ", sizes, ") {dimension_numbers = ", dn,
                                        ", indices_are_sorted = false} : ", fnType({ot, idt, tt({R}, elementTypeName(st))}, {rt})));
    ctx.output(r, rt);
  }
}

void buildGather(GenContext& ctx) { buildGatherLike(ctx, false); }
void buildDynamicGather(GenContext& ctx) { buildGatherLike(ctx, true); }

enum class Combine { kAdd, kMax, kMin, kReplace };

// Whether the result of combining several updates into one element depends on their order.
bool orderSensitive(Combine c, std::string_view type) {
  if (c == Combine::kReplace) return true;
  if (c != Combine::kAdd) return false;
  const std::optional<ElementType> t = parseElementTypeName(type);
  return !t || isFloat(*t) || isComplex(*t);
}

struct ScatterDesign {
  Shape input, updates;
  std::vector<int64_t> window_dims, inserted, input_batching, map;
  IndexLayout layout;
  ElementType index_type = ElementType::kSI64;
  std::vector<int64_t> values;
  bool unique = true;  // no two updates land on one result element (in bounds or not)
};

ScatterDesign drawScatter(Rng& rng, const Shape& input) {
  ScatterDesign s;
  s.input = input;
  const int64_t R = static_cast<int64_t>(input.size());
  if (R > 0 && rng.chance(1, 3)) {
    s.input_batching = distinct(rng, R, rng.range(1, std::min<int64_t>(2, R)));
    std::sort(s.input_batching.begin(), s.input_batching.end());
  }
  std::vector<int64_t> free_dims;
  for (int64_t d = 0; d < R; ++d)
    if (!contains(s.input_batching, d)) free_dims.push_back(d);
  s.inserted = subset(rng, free_dims, 1, 2);
  const int64_t nfree = static_cast<int64_t>(free_dims.size());
  const int64_t m = nfree == 0 || rng.chance(1, 12) ? 0 : rng.range(1, nfree);
  for (int64_t i : distinct(rng, nfree, m)) s.map.push_back(free_dims[static_cast<size_t>(i)]);
  // Window sizes: 1 for inserted and batching dimensions (implicitly), else up to the input's size.
  Shape window(static_cast<size_t>(R), 1);
  Shape window_sizes;
  for (int64_t d = 0; d < R; ++d) {
    if (contains(s.inserted, d) || contains(s.input_batching, d)) continue;
    window[static_cast<size_t>(d)] = windowSize(rng, input[static_cast<size_t>(d)]);
    window_sizes.push_back(window[static_cast<size_t>(d)]);
  }
  s.layout = drawIndexLayout(rng, input, s.input_batching, m);
  s.index_type = indexType(rng);
  const bool is_signed = isSignedInteger(s.index_type);
  // Start indices: mostly windows in bounds; sometimes partly or wholly out of bounds (those elements
  // are skipped); now and then the index type's extremes (at most 32-bit, so no sum overflows).
  s.values = indexValues(s.layout, s.map, [&](int64_t d) -> int64_t {
    const int64_t dim = input[static_cast<size_t>(d)], w = window[static_cast<size_t>(d)];
    const int64_t lo = is_signed ? -w - 2 : 0;
    if (rng.chance(4, 5)) return rng.range(0, std::max<int64_t>(dim - w, 0));
    if (rng.chance(5, 6) || bitWidth(s.index_type) > 32) return rng.range(lo, dim + 2);
    return is_signed && rng.chance(1, 2) ? minSignedValue(s.index_type) : static_cast<int64_t>(maxUnsignedValue(s.index_type));
  });
  // updates: scatter (batch) dimensions where update_window_dims are not.
  const int64_t update_rank = static_cast<int64_t>(s.layout.batch.size() + window_sizes.size());
  s.window_dims = distinct(rng, update_rank, static_cast<int64_t>(window_sizes.size()));
  std::sort(s.window_dims.begin(), s.window_dims.end());
  size_t bi = 0, wi = 0;
  for (int64_t d = 0; d < update_rank; ++d)
    s.updates.push_back(contains(s.window_dims, d) ? window_sizes[wi++] : s.layout.batch[bi++]);

  // Where each update element lands (the spec's result_index), to know whether any two collide.
  std::vector<std::vector<int64_t>> targets;
  const Shape indices_strides = rowMajorStrides(s.layout.shape);
  forEachIndex(s.updates, [&](const Shape& u) {
    Shape batch_index, window_index;
    for (int64_t d = 0; d < update_rank; ++d)
      (contains(s.window_dims, d) ? window_index : batch_index).push_back(u[static_cast<size_t>(d)]);
    std::vector<int64_t> target(static_cast<size_t>(R), 0);
    for (size_t j = 0; j < s.map.size(); ++j) {
      Shape at = batch_index;
      if (s.layout.explicit_vector) at.insert(at.begin() + s.layout.index_vector_dim, static_cast<int64_t>(j));
      target[static_cast<size_t>(s.map[j])] += s.values[static_cast<size_t>(linearOffset(at, indices_strides))];
    }
    for (size_t i = 0; i < s.input_batching.size(); ++i) {
      const int64_t sd = s.layout.batching[i];
      const int64_t pos = s.layout.explicit_vector && sd > s.layout.index_vector_dim ? sd - 1 : sd;
      target[static_cast<size_t>(s.input_batching[i])] += batch_index[static_cast<size_t>(pos)];
    }
    size_t w = 0;
    for (int64_t d = 0; d < R; ++d)
      if (!contains(s.inserted, d) && !contains(s.input_batching, d)) target[static_cast<size_t>(d)] += window_index[w++];
    targets.push_back(target);
  });
  std::sort(targets.begin(), targets.end());
  s.unique = std::adjacent_find(targets.begin(), targets.end()) == targets.end();
  return s;
}

void buildScatter(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const int n = rng.chance(2, 3) ? 1 : static_cast<int>(rng.range(2, 3));
  std::vector<std::string> elem = {std::string(elementTypeName(ctx.type()))};
  for (int i = 1; i < n; ++i) elem.push_back(pickOther(rng));
  std::vector<Combine> combine;
  bool sensitive = false;
  for (const std::string& e : elem) {
    const bool complex = e.rfind("complex", 0) == 0;
    Combine c = complex ? rng.pick({Combine::kAdd, Combine::kReplace})
                        : rng.pick({Combine::kAdd, Combine::kMax, Combine::kMin, Combine::kReplace});
    combine.push_back(c);
    sensitive = sensitive || orderSensitive(c, e);
  }
  // Order-sensitive update computations (replace, float sums) get indices where no two updates collide,
  // so the result does not depend on the implementation-defined schedule.
  const Shape input = ctx.shape(rng.chance(1, 16) ? 0 : 1, 4, 32);
  ScatterDesign s;
  for (int attempt = 0;; ++attempt) {
    s = drawScatter(rng, input);
    if (!sensitive || s.unique) break;
    if (attempt == 30) {
      ctx.skip("no scatter design without colliding updates for an order-sensitive update computation");
      return;
    }
  }

  OpBuilder builder(OpId::kScatter);
  for (int i = 0; i < n; ++i) {
    const std::string type = tt(s.input, elem[static_cast<size_t>(i)]);
    builder.operand(ctx.input(type), type);
  }
  builder.operand(ctx.input(integerTensor(s.index_type, s.layout.shape, s.values)), tt(s.layout.shape, elementTypeName(s.index_type)));
  for (int i = 0; i < n; ++i) {
    const std::string type = tt(s.updates, elem[static_cast<size_t>(i)]);
    builder.operand(ctx.input(type), type);
  }
  std::vector<std::string> region_args, arg_types;
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < n; ++i) {
      region_args.push_back(ctx.fresh());
      arg_types.push_back(scalarType(elem[static_cast<size_t>(i)]));
    }
  std::string region = "({\n  ^bb0(";
  for (size_t k = 0; k < region_args.size(); ++k) strAppend(&region, k ? ", " : "", region_args[k], ": ", arg_types[k]);
  region += "):\n";
  std::vector<std::string> rets, ret_types;
  for (int i = 0; i < n; ++i) {
    const std::string& a = region_args[static_cast<size_t>(i)];
    const std::string& b = region_args[static_cast<size_t>(n + i)];
    const std::string st = arg_types[static_cast<size_t>(i)];
    ret_types.push_back(st);
    const Combine c = combine[static_cast<size_t>(i)];
    if (c == Combine::kReplace) {
      rets.push_back(b);
      continue;
    }
    const char* name = c == Combine::kAdd ? "stablehlo.add" : c == Combine::kMax ? "stablehlo.maximum" : "stablehlo.minimum";
    const std::string v = ctx.fresh();
    strAppend(&region, "    ", v, " = \"", name, "\"(", a, ", ", b, ") : (", st, ", ", st, ") -> ", st, "\n");
    rets.push_back(v);
  }
  strAppend(&region, "    \"stablehlo.return\"(", join(rets), ") : (", join(ret_types), ") -> ()\n})");
  std::string dn = strCat("#stablehlo.scatter<", dimsAttr("update_window_dims", s.window_dims), ", ",
                          dimsAttr("inserted_window_dims", s.inserted));
  if (!s.input_batching.empty() || rng.chance(1, 4)) {
    strAppend(&dn, ", ", dimsAttr("input_batching_dims", s.input_batching), ", ",
              dimsAttr("scatter_indices_batching_dims", s.layout.batching));
  }
  strAppend(&dn, ", ", dimsAttr("scatter_dims_to_operand_dims", s.map), ", index_vector_dim = ", s.layout.index_vector_dim, ">");
  const bool unique_indices = s.unique && rng.chance(1, 4);
  // scatter (C24, C25): the results have the inputs' shapes and the update computation's element types.
  builder.regions(region, {arg_types})
      .attributes(strCat("scatter_dimension_numbers = ", dn, ", indices_are_sorted = false, unique_indices = ", unique_indices ? "true" : "false"))
      .emitOutputs(ctx);
}

// --- sort ------------------------------------------------------------------------------------------------

void buildSort(GenContext& ctx) {
  Rng& rng = ctx.rng();
  std::vector<std::string> elem = {std::string(elementTypeName(ctx.type()))};
  const int64_t n = rng.range(1, 3);
  for (int64_t i = 1; i < n; ++i) elem.push_back(pickOther(rng));
  // The key: an operand that is not complex (ordering complex numbers is slated for removal).
  std::vector<int64_t> keys;
  for (size_t i = 0; i < elem.size(); ++i)
    if (elem[i].rfind("complex", 0) != 0) keys.push_back(static_cast<int64_t>(i));
  if (keys.empty()) {
    elem.push_back("f32");
    keys.push_back(static_cast<int64_t>(elem.size()) - 1);
  }
  const size_t key = static_cast<size_t>(rng.pick(keys));
  const ElementType key_type = *parseElementTypeName(elem[key]);
  const Shape shape = ctx.shape(1, 4, 48);
  const int64_t R = static_cast<int64_t>(shape.size());
  int64_t dimension = rng.range(0, R - 1);
  if (rng.chance(1, 4)) dimension -= R;  // negative dimensions count from the back

  std::string compare_type;
  bool float_compare = false;
  if (isFloat(key_type)) {
    float_compare = rng.chance(1, 2);
    compare_type = float_compare ? "FLOAT" : "TOTALORDER";
  } else {
    compare_type = isSignedInteger(key_type) ? "SIGNED" : "UNSIGNED";
  }
  // An unstable sort has one valid result only when elements the comparator deems equal are identical:
  // one operand compared by a total order. (A FLOAT comparison of NaN is no strict weak order at all, so
  // its key is kept finite.)
  const bool may_be_unstable = elem.size() == 1 && !float_compare;
  const bool stable = !may_be_unstable || rng.chance(1, 2);

  std::vector<std::string> operands, types;
  for (size_t i = 0; i < elem.size(); ++i) {
    types.push_back(tt(shape, elem[i]));
    ValueHints hints;
    hints.finite_only = i == key && float_compare;
    operands.push_back(ctx.input(types.back(), hints));
  }
  std::vector<std::string> args;
  std::string region = "({\n  ^bb0(";
  for (size_t i = 0; i < elem.size(); ++i) {
    for (int k = 0; k < 2; ++k) {
      args.push_back(ctx.fresh());
      strAppend(&region, args.size() > 1 ? ", " : "", args.back(), ": ", scalarType(elem[i]));
    }
  }
  const std::string st = scalarType(elem[key]);
  const std::string p = ctx.fresh();
  strAppend(&region, "):\n    ", p, " = \"stablehlo.compare\"(", args[2 * key], ", ", args[2 * key + 1],
            ") {comparison_direction = #stablehlo<comparison_direction ", rng.chance(1, 2) ? "GT" : "LT", ">");
  if (rng.chance(4, 5) || isFloat(key_type)) {  // omitted, it is FLOAT for floats
    strAppend(&region, ", compare_type = #stablehlo<comparison_type ", compare_type, ">");
  }
  strAppend(&region, "} : (", st, ", ", st, ") -> tensor<i1>\n    \"stablehlo.return\"(", p, ") : (tensor<i1>) -> ()\n})");
  std::string attrs = strCat("dimension = ", dimension, " : i64");
  if (stable || rng.chance(2, 3)) strAppend(&attrs, ", is_stable = ", stable ? "true" : "false");  // omitted: false
  // sort (C2): the results have the inputs' types.
  OpBuilder builder(OpId::kSort);
  for (size_t i = 0; i < operands.size(); ++i) builder.operand(operands[i], types[i]);
  builder.regions(region, {}).attributes(attrs).emitOutputs(ctx);
}

// --- tuple, get_tuple_element, optimization_barrier ----------------------------------------------------------

// A tuple value built from new inputs: its type, and for each tensor leaf its path and the types met
// along the path (the last one is the leaf's tensor type).
struct TupleValue {
  std::string name, type;
  std::vector<std::pair<std::vector<int64_t>, std::vector<std::string>>> leaves;
};

TupleValue makeTuple(GenContext& ctx, int depth) {
  Rng& rng = ctx.rng();
  const int64_t n = depth > 0 && rng.chance(1, 8) ? 0 : rng.range(1, 4);  // now and then an empty tuple inside
  std::vector<std::string> values, types;
  TupleValue t;
  for (int64_t i = 0; i < n; ++i) {
    if (depth < 2 && i > 0 && rng.chance(1, 5)) {  // a nested tuple
      const TupleValue inner = makeTuple(ctx, depth + 1);
      values.push_back(inner.name);
      types.push_back(inner.type);
      for (const auto& [path, path_types] : inner.leaves) {
        std::vector<int64_t> p = {i};
        p.insert(p.end(), path.begin(), path.end());
        std::vector<std::string> pt = {inner.type};
        pt.insert(pt.end(), path_types.begin(), path_types.end());
        t.leaves.emplace_back(p, pt);
      }
      continue;
    }
    const bool under_test = (depth == 0 && i == 0) || rng.chance(1, 2);
    types.push_back(tt(ctx.shape(0, 3, 12), under_test ? elementTypeName(ctx.type()) : pickOther(rng)));
    values.push_back(ctx.input(types.back()));
    t.leaves.emplace_back(std::vector<int64_t>{i}, std::vector<std::string>{types.back()});
  }
  t.type = strCat("tuple<", join(types), ">");
  t.name = ctx.op(strCat("\"stablehlo.tuple\"(", join(values), ") : ", fnType(types, {t.type})));
  return t;
}

// The leaf at `path` of tuple `t`: get_tuple_element ops down the path.
std::string extract(GenContext& ctx, const TupleValue& t, const std::vector<int64_t>& path,
                    const std::vector<std::string>& types) {
  std::string value = t.name, type = t.type;
  for (size_t k = 0; k < path.size(); ++k) {
    value = ctx.op(
        strCat("\"stablehlo.get_tuple_element\"(", value, ") {index = ", path[k], " : i32} : ", fnType({type}, {types[k]})));
    type = types[k];
  }
  return value;
}

void buildTuple(GenContext& ctx) {
  const TupleValue t = makeTuple(ctx, 0);
  for (const auto& [path, types] : t.leaves) ctx.output(extract(ctx, t, path, types), types.back());
}

void buildGetTupleElement(GenContext& ctx) {
  const TupleValue t = makeTuple(ctx, 0);
  const auto& [path, types] = t.leaves[static_cast<size_t>(ctx.rng().range(0, static_cast<int64_t>(t.leaves.size()) - 1))];
  ctx.output(extract(ctx, t, path, types), types.back());
}

void buildOptimizationBarrier(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const int64_t n = rng.range(1, 4);
  std::vector<std::string> values, types;
  for (int64_t i = 0; i < n; ++i) {
    types.push_back(tt(ctx.shape(0, 4, 24), i == 0 || rng.chance(1, 2) ? elementTypeName(ctx.type()) : pickOther(rng)));
    values.push_back(ctx.input(types.back()));
  }
  // Now and then a token goes through too (it is not returned).
  const int64_t token_at = rng.chance(1, 6) ? rng.range(0, n) : -1;
  if (token_at >= 0) {
    const std::string tok = ctx.op("\"stablehlo.after_all\"() : () -> !stablehlo.token");
    values.insert(values.begin() + token_at, tok);
    types.insert(types.begin() + token_at, "!stablehlo.token");
  }
  const int count = static_cast<int>(values.size());
  const std::string r = ctx.op(strCat("\"stablehlo.optimization_barrier\"(", join(values), ") : ", fnType(types, types)), count);
  const std::vector<std::string> outs = results(r, count);
  for (int i = 0; i < count; ++i)
    if (i != token_at) ctx.output(outs[static_cast<size_t>(i)], types[static_cast<size_t>(i)]);
}

constexpr OpGenerator kGenerators[] = {
    {"broadcast_in_dim", kData, kStrategies, buildBroadcastInDim},
    {"reshape", kData, kStrategies, buildReshape},
    {"transpose", kData, kStrategies, buildTranspose},
    {"slice", kData, kStrategies, buildSlice},
    {"pad", kData, kStrategies, buildPad},
    {"concatenate", kData, kStrategies, buildConcatenate},
    {"reverse", kData, kStrategies, buildReverse},
    {"iota", kNumeric, kStrategies, buildIota},
    {"dynamic_slice", kData, kStrategies, buildDynamicSlice},
    {"dynamic_update_slice", kData, kStrategies, buildDynamicUpdateSlice},
    {"gather", kData, kStrategies, buildGather},
    {"scatter", kData, kStrategies, buildScatter},
    {"sort", kData, kStrategies, buildSort},
    {"get_dimension_size", kData, kStrategies, buildGetDimensionSize},
    {"tuple", kData, kStrategies, buildTuple},
    {"get_tuple_element", kData, kStrategies, buildGetTupleElement},
    {"optimization_barrier", kData, kStrategies, buildOptimizationBarrier},
    {"constant", kData, kStrategies, buildConstant},
    {"dynamic_broadcast_in_dim", kData, kStrategies, buildDynamicBroadcastInDim},
    {"dynamic_iota", kNumeric, kStrategies, buildDynamicIota},
    {"dynamic_pad", kData, kStrategies, buildDynamicPad},
    {"dynamic_reshape", kData, kStrategies, buildDynamicReshape},
    {"dynamic_gather", kData, kStrategies, buildDynamicGather},
    {"bitcast_convert", kBitcast, kStrategies, buildBitcastConvert},
};

}  // namespace

std::span<const OpGenerator> movementGenerators() { return kGenerators; }

}  // namespace hloconf::gen
