// Generators for the reduction family (see generators/gen.h): reduce, reduce_window, select_and_scatter,
// dot_general, convolution, dynamic_conv, fft, cholesky, triangular_solve, batch_norm_*, map,
// reduce_precision.
//
// Every generator draws shapes and attributes inside the op's constraints (the spec's Constraints
// sections), on purpose including the rare-but-legal corners: size-0 dimensions, negative padding,
// dilations, strides larger than the window, grouped convolutions, permuted dimension numbers, promoted
// reduction bodies, variadic reductions. Reduction bodies and init values form monoids (the init value is
// the body's identity), so results do not depend on the implementation-defined reduction schedule except
// through rounding and NaNs.
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "generators/builder.h"
#include "generators/gen.h"
#include "generators/program_util.h"
#include "ir/element_type.h"
#include "ir/infer.h"
#include "ir/tensor.h"
#include "ir/type.h"

namespace hloconf::gen {
namespace {

using Shape = std::vector<int64_t>;

// --- Type lists ------------------------------------------------------------------------------------------

constexpr std::string_view kAllTypes[] = {"f32", "f16", "bf16", "f64", "complex<f32>", "complex<f64>",
                                          "i8",  "i32", "i64",  "ui8", "ui32",         "i1"};
constexpr std::string_view kNumericTypes[] = {"f32", "f16", "bf16", "f64", "complex<f32>", "complex<f64>",
                                              "i8",  "i32", "i64",  "ui8", "ui32"};
constexpr std::string_view kOrderedTypes[] = {"f32", "f16", "bf16", "f64", "i8", "i32", "i64", "ui8", "ui32"};
constexpr std::string_view kFloatComplexTypes[] = {"f32", "f16", "bf16", "f64", "complex<f32>", "complex<f64>"};
constexpr std::string_view kFftTypes[] = {"f32", "f64", "complex<f32>", "complex<f64>"};
constexpr std::string_view kFloatTypes[] = {"f32", "f16", "bf16", "f64"};

constexpr Strategy kBasic[] = {Strategy::kUniform, Strategy::kSpecial, Strategy::kLogUniform};
constexpr Strategy kWithCancellation[] = {Strategy::kUniform, Strategy::kSpecial, Strategy::kLogUniform,
                                          Strategy::kCancellation, Strategy::kNormal};

// --- Small helpers -------------------------------------------------------------------------------------------

std::string tensorOf(const Shape& shape, std::string_view element) { return GenContext::tensorType(shape, element); }
std::string scalarOf(std::string_view element) { return strCat("tensor<", element, ">"); }

Tensor makeTensor(ElementType t, const Shape& shape) { return Tensor(Type::tensor(shape, Type::element(t))); }

bool isFloatOrComplex(ElementType t) { return isFloat(t) || isComplex(t); }
ElementType partType(ElementType t) { return isComplex(t) ? complexPartType(t) : t; }

// Sets element `i` of a float or complex tensor to the real value `v` (imaginary part `im`).
void setValue(Tensor& t, int64_t i, double v, double im = 0) {
  const ElementType et = t.elementType();
  const ElementType part = partType(et);
  t.setBits(i, floatFromDouble(part, v), 0);
  if (isComplex(et)) t.setBits(i, floatFromDouble(part, im), 1);
}

std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) strAppend(&s, i ? ", " : "", names[i]);
  return s;
}

std::string boolText(bool b) { return b ? "true" : "false"; }

std::string precisionConfig(Rng& rng) {
  static constexpr std::string_view kPrecisions[] = {"DEFAULT", "HIGH", "HIGHEST"};
  const std::string_view a = rng.pick(std::span<const std::string_view>(kPrecisions));
  const std::string_view b = rng.pick(std::span<const std::string_view>(kPrecisions));
  return strCat("[#stablehlo<precision ", a, ">, #stablehlo<precision ", b, ">]");
}

std::string paddingDense(const Shape& lo, const Shape& hi) {
  std::string s = "dense<[";
  for (size_t d = 0; d < lo.size(); ++d) strAppend(&s, d ? ", " : "", "[", lo[d], ", ", hi[d], "]");
  return strCat(s, "]> : tensor<", lo.size(), "x2xi64>");
}

std::string boolArray(const std::vector<bool>& values) {
  if (values.empty()) return "array<i1>";
  std::string s = "array<i1: ";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&s, i ? ", " : "", boolText(values[i]));
  return s + ">";
}

// Row-major strides of `shape`.
Shape stridesOf(const Shape& shape) {
  Shape s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

// Calls f(flat index of each element of a slice) for every slice of `shape` along the dimensions `summed`
// (in that order, the last varying fastest), slice by slice in row-major order of the other dimensions.
// `slice(n)` is called once per slice with its size before its elements.
void forEachSlice(const Shape& shape, const Shape& summed, const std::function<void(int64_t)>& slice,
                  const std::function<void(int64_t, int64_t)>& element) {
  const Shape st = stridesOf(shape);
  Shape outer;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    if (std::find(summed.begin(), summed.end(), d) == summed.end()) outer.push_back(d);
  }
  int64_t outer_n = 1, inner_n = 1;
  for (int64_t d : outer) outer_n *= shape[d];
  for (int64_t d : summed) inner_n *= shape[d];
  for (int64_t o = 0; o < outer_n; ++o) {
    int64_t base = 0, rem = o;
    for (size_t k = outer.size(); k-- > 0;) {
      base += (rem % shape[outer[k]]) * st[outer[k]];
      rem /= shape[outer[k]];
    }
    slice(inner_n);
    for (int64_t i = 0; i < inner_n; ++i) {
      int64_t flat = base;
      rem = i;
      for (size_t k = summed.size(); k-- > 0;) {
        flat += (rem % shape[summed[k]]) * st[summed[k]];
        rem /= shape[summed[k]];
      }
      element(i, flat);
    }
  }
}

// A float or complex tensor whose slices along `summed` hold cancellingValues (both parts of complex).
Tensor cancellingTensor(ElementType t, const Shape& shape, const Shape& summed, Rng& rng) {
  Tensor out = makeTensor(t, shape);
  const ElementType part = partType(t);
  std::vector<uint64_t> re, im;
  forEachSlice(
      shape, summed,
      [&](int64_t n) {
        re = cancellingValues(part, n, rng);
        if (isComplex(t)) im = cancellingValues(part, n, rng);
      },
      [&](int64_t i, int64_t flat) {
        out.setBits(flat, re[static_cast<size_t>(i)], 0);
        if (isComplex(t)) out.setBits(flat, im[static_cast<size_t>(i)], 1);
      });
  return out;
}

// A float or complex tensor that is constant along `summed` (a small exact value per slice), the partner
// of a cancelling tensor in a sum of products.
Tensor sliceConstantTensor(ElementType t, const Shape& shape, const Shape& summed, Rng& rng) {
  static constexpr double kPool[] = {1.0, -1.0, 2.0, 0.5, 1.5, -3.0};
  Tensor out = makeTensor(t, shape);
  double c = 1;
  forEachSlice(
      shape, summed, [&](int64_t) { c = rng.pick(std::span<const double>(kPool)); },
      [&](int64_t, int64_t flat) { setValue(out, flat, c); });
  return out;
}

// A tensor of the type under test filled by the strategy (with hints).
Tensor strategyTensor(GenContext& ctx, ElementType t, const Shape& shape, const ValueHints& hints = {}) {
  Tensor out = makeTensor(t, shape);
  fillTensor(out, ctx.strategy(), ctx.rng(), hints);
  return out;
}

// A shape with dimension sizes in [lo, hi] (size 0 now and then when allow_empty), at most `max_elements`.
Shape smallShape(Rng& rng, int rank, int64_t lo, int64_t hi, int64_t max_elements, bool allow_empty) {
  Shape s(static_cast<size_t>(rank));
  int64_t budget = max_elements;
  for (auto& d : s) {
    d = rng.range(lo, std::max(lo, std::min(hi, budget)));
    budget = std::max<int64_t>(1, budget / std::max<int64_t>(d, 1));
  }
  if (allow_empty && rank > 0 && rng.chance(1, 12)) s[static_cast<size_t>(rng.range(0, rank - 1))] = 0;
  return s;
}

// --- Regions ---------------------------------------------------------------------------------------------------

struct RegionBuilder {
  std::vector<std::string> args;  // "%r0: tensor<f32>"
  std::vector<std::string> lines;
  std::string arg(GenContext& ctx, const std::string& type) {
    std::string name = ctx.fresh();
    args.push_back(strCat(name, ": ", type));
    return name;
  }
  std::string binary(GenContext& ctx, std::string_view op, const std::string& a, const std::string& b, const std::string& type,
                     const std::string& result_type) {
    std::string r = ctx.fresh();
    lines.push_back(strCat(r, " = \"stablehlo.", op, "\"(", a, ", ", b, ") : (", type, ", ", type, ") -> ", result_type));
    return r;
  }
  std::string unary(GenContext& ctx, std::string_view op, const std::string& a, const std::string& type) {
    std::string r = ctx.fresh();
    lines.push_back(strCat(r, " = \"stablehlo.", op, "\"(", a, ") : (", type, ") -> ", type));
    return r;
  }
  std::string compare(GenContext& ctx, std::string_view dir, const std::string& a, const std::string& b, const std::string& type) {
    std::string r = ctx.fresh();
    lines.push_back(strCat(r, " = \"stablehlo.compare\"(", a, ", ", b, ") {comparison_direction = #stablehlo<comparison_direction ",
                           dir, ">} : (", type, ", ", type, ") -> tensor<i1>"));
    return r;
  }
  std::string select(GenContext& ctx, const std::string& p, const std::string& a, const std::string& b, const std::string& type) {
    std::string r = ctx.fresh();
    lines.push_back(strCat(r, " = \"stablehlo.select\"(", p, ", ", a, ", ", b, ") : (tensor<i1>, ", type, ", ", type, ") -> ", type));
    return r;
  }
  void ret(const std::vector<std::string>& values, const std::vector<std::string>& types) {
    lines.push_back(strCat("\"stablehlo.return\"(", joinNames(values), ") : (", joinNames(types), ") -> ()"));
  }
  // "{\n  ^bb0(...):\n    ...\n}"
  std::string text() const {
    std::string s = strCat("{\n  ^bb0(", joinNames(args), "):\n");
    for (const std::string& l : lines) strAppend(&s, "    ", l, "\n");
    return s + "}";
  }
};

// --- Monoid bodies -----------------------------------------------------------------------------------------------

enum class Body { kAdd, kMul, kMax, kMin, kAnd, kOr, kXor };

std::string_view bodyOp(Body b) {
  switch (b) {
    case Body::kAdd: return "add";
    case Body::kMul: return "multiply";
    case Body::kMax: return "maximum";
    case Body::kMin: return "minimum";
    case Body::kAnd: return "and";
    case Body::kOr: return "or";
    case Body::kXor: return "xor";
  }
  return "add";
}

std::vector<Body> bodiesFor(ElementType t) {
  if (isBoolean(t)) return {Body::kAnd, Body::kOr, Body::kXor, Body::kMax, Body::kMin};
  if (isComplex(t)) return {Body::kAdd, Body::kMul};
  if (isFloat(t)) return {Body::kAdd, Body::kMul, Body::kMax, Body::kMin};
  return {Body::kAdd, Body::kMul, Body::kMax, Body::kMin, Body::kAnd, Body::kOr, Body::kXor};
}

// The identity of `body` on values of type `t` (a 0-d tensor of type t). Float add: -0 (x + -0 = x for
// every x, +0 included); max/min: -inf/+inf; integers: the type's extremes.
Tensor identity(Body body, ElementType t) {
  Tensor out = makeTensor(t, {});
  if (isFloatOrComplex(t)) {
    const ElementType part = partType(t);
    double v = 0;
    switch (body) {
      case Body::kAdd: v = -0.0; break;
      case Body::kMul: v = 1.0; break;
      case Body::kMax: v = -INFINITY; break;
      case Body::kMin: v = INFINITY; break;
      default: break;
    }
    out.setBits(0, floatFromDouble(part, v), 0);
    if (isComplex(t)) out.setBits(0, floatFromDouble(part, body == Body::kAdd ? -0.0 : 0.0), 1);
    return out;
  }
  if (isBoolean(t)) {
    out.setBits(0, (body == Body::kAnd || body == Body::kMin) ? 1 : 0);
    return out;
  }
  const bool is_signed = isSignedInteger(t);
  int64_t v = 0;
  switch (body) {
    case Body::kMul: v = 1; break;
    case Body::kMax: v = is_signed ? minSignedValue(t) : 0; break;
    case Body::kMin: v = static_cast<int64_t>(maxUnsignedValue(t)); break;
    case Body::kAnd: v = is_signed ? -1 : static_cast<int64_t>(maxUnsignedValue(t)); break;
    default: break;
  }
  out.setBits(0, encodeInteger(t, v));
  return out;
}

// A wider type of the same kind that `t` promotes to (spec is_promotable), if we use one.
std::optional<ElementType> promotion(ElementType t) {
  switch (t) {
    case ElementType::kF16:
    case ElementType::kBF16: return ElementType::kF32;
    case ElementType::kF32: return ElementType::kF64;
    case ElementType::kC64: return ElementType::kC128;
    case ElementType::kSI8: return ElementType::kSI32;
    case ElementType::kSI32: return ElementType::kSI64;
    case ElementType::kUI8: return ElementType::kUI32;
    default: return std::nullopt;
  }
}

// The inputs, init values and body of a reduce or reduce_window over inputs of shape `shape`.
struct Reduction {
  std::vector<std::string> inputs, inits;           // SSA names
  std::vector<std::string> input_types, init_types;  // tensor types
  std::vector<std::string> body_elements;            // the body's element types (the results')
  std::string region;
};

// `summed`: for kCancellation, the dimensions along which the data cancels.
Reduction drawReduction(GenContext& ctx, const Shape& shape, const Shape& summed) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const std::string s = scalarOf(e);
  Reduction r;
  RegionBuilder body;
  auto addInput = [&](const std::string& name, const std::string& type) {
    r.inputs.push_back(name);
    r.input_types.push_back(type);
  };
  auto addInit = [&](const Tensor& value) {
    r.inits.push_back(ctx.input(value));
    r.init_types.push_back(value.type().toString());
  };
  const std::string type = tensorOf(shape, e);
  const int64_t kind = ctx.strategy() == Strategy::kCancellation ? 0 : rng.range(0, 9);
  if (kind <= 5) {  // one input, one monoid
    const Body b = ctx.strategy() == Strategy::kCancellation ? Body::kAdd : rng.pick(bodiesFor(t));
    ElementType bt = t;
    if (auto p = promotion(t); p && rng.chance(1, 8)) bt = *p;
    const std::string be(elementTypeName(bt)), bs = scalarOf(be);
    addInput(ctx.strategy() == Strategy::kCancellation ? ctx.input(cancellingTensor(t, shape, summed, rng)) : ctx.input(type), type);
    addInit(identity(b, t));
    const std::string x = body.arg(ctx, bs), y = body.arg(ctx, bs);
    body.ret({body.binary(ctx, bodyOp(b), x, y, bs, bs)}, {bs});
    r.body_elements.push_back(be);
  } else if (kind <= 7 && !isComplex(t)) {  // argmax / argmin: (value, index) pairs, ties to the smaller index
    const bool is_max = rng.chance(1, 2);
    const std::string ie = rng.chance(1, 2) ? "i32" : "i64";
    const ElementType it = ie == "i32" ? ElementType::kSI32 : ElementType::kSI64;
    const std::string is = scalarOf(ie);
    addInput(ctx.input(type), type);
    addInput(ctx.indexInput(tensorOf(shape, ie), 0, 40), tensorOf(shape, ie));
    addInit(identity(is_max ? Body::kMax : Body::kMin, t));
    addInit(identity(Body::kMin, it));
    const std::string a = body.arg(ctx, s), ai = body.arg(ctx, is), b = body.arg(ctx, s), bi = body.arg(ctx, is);
    const std::string better = body.compare(ctx, is_max ? "GT" : "LT", a, b, s);
    const std::string eq = body.compare(ctx, "EQ", a, b, s);
    const std::string lower = body.compare(ctx, "LT", ai, bi, is);
    const std::string tie = body.binary(ctx, "and", eq, lower, "tensor<i1>", "tensor<i1>");
    const std::string pick = body.binary(ctx, "or", better, tie, "tensor<i1>", "tensor<i1>");
    body.ret({body.select(ctx, pick, a, b, s), body.select(ctx, pick, ai, bi, is)}, {s, is});
    r.body_elements = {e, ie};
  } else {  // two inputs, two independent monoids
    const std::vector<Body> bodies = bodiesFor(t);
    const Body b0 = rng.pick(bodies), b1 = rng.pick(bodies);
    addInput(ctx.input(type), type);
    addInput(ctx.input(type), type);
    addInit(identity(b0, t));
    addInit(identity(b1, t));
    const std::string x0 = body.arg(ctx, s), x1 = body.arg(ctx, s), y0 = body.arg(ctx, s), y1 = body.arg(ctx, s);
    body.ret({body.binary(ctx, bodyOp(b0), x0, y0, s, s), body.binary(ctx, bodyOp(b1), x1, y1, s, s)}, {s, s});
    r.body_elements = {e, e};
  }
  r.region = strCat("(", body.text(), ")");
  return r;
}

// Writes the reduction through the builder: the results' shapes and element types (the body's) are the
// op's rule (reduce (C7, C8), reduce_window (C14-C16)).
void emitReduction(GenContext& ctx, OpId op, const Reduction& r, const std::string& attrs) {
  OpBuilder builder(op);
  for (size_t i = 0; i < r.inputs.size(); ++i) builder.operand(r.inputs[i], r.input_types[i]);
  for (size_t i = 0; i < r.inits.size(); ++i) builder.operand(r.inits[i], r.init_types[i]);
  std::vector<std::string> body_arguments;
  for (int pass = 0; pass < 2; ++pass) {
    for (const std::string& be : r.body_elements) body_arguments.push_back(scalarOf(be));
  }
  builder.attributes(attrs).regions(r.region, {body_arguments}).emitOutputs(ctx);
}

// --- reduce ----------------------------------------------------------------------------------------------------------

void buildReduce(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const bool cancel = ctx.strategy() == Strategy::kCancellation;
  Shape shape = ctx.shape(cancel ? 1 : 0, 4, 64, !cancel);
  const int64_t rank = static_cast<int64_t>(shape.size());
  Shape dims;
  const int64_t mode = rng.range(0, 5);
  for (int64_t d = 0; d < rank; ++d) {
    if (mode == 0 || (mode > 1 && rng.chance(1, 2))) dims.push_back(d);  // mode 0: all; mode 1: none
  }
  if (cancel) {  // something to cancel: a reduced dimension of 2 to 8 elements
    if (dims.empty()) dims.push_back(rng.range(0, rank - 1));
    const int64_t d = dims[static_cast<size_t>(rng.range(0, static_cast<int64_t>(dims.size()) - 1))];
    shape[d] = std::max<int64_t>(shape[d], rng.range(2, 8));
  }
  // The dimensions in a random order now and then (the attribute is a set).
  Shape listed = dims;
  if (rng.chance(1, 4)) {
    const Shape p = permutation(rng, static_cast<int64_t>(dims.size()));
    for (size_t i = 0; i < p.size(); ++i) listed[i] = dims[static_cast<size_t>(p[i])];
  }
  const Reduction r = drawReduction(ctx, shape, dims);
  emitReduction(ctx, OpId::kReduce, r, strCat("dimensions = ", i64Array(listed)));
}

// --- reduce_window ---------------------------------------------------------------------------------------------------

void buildReduceWindow(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const bool cancel = ctx.strategy() == Strategy::kCancellation;
  Shape shape = ctx.shape(cancel ? 1 : 0, 3, 48, !cancel);
  const int64_t rank = static_cast<int64_t>(shape.size());
  if (cancel) shape.back() = std::max<int64_t>(shape.back(), rng.range(2, 8));  // the data cancels along it
  Shape window, strides, base, wdil, lo, hi, result;
  for (int attempt = 0;; ++attempt) {
    window.clear(), strides.clear(), base.clear(), wdil.clear(), lo.clear(), hi.clear(), result.clear();
    const bool plain = attempt >= 20;
    for (int64_t d = 0; d < rank; ++d) {
      const int64_t w = plain ? 1 : rng.range(1, 3);
      int64_t s = plain ? 1 : rng.range(1, 3);
      if (!plain && rng.chance(1, 6)) s = w + rng.range(1, 2);  // stride larger than the window
      const int64_t bd = !plain && rng.chance(1, 4) ? rng.range(2, 3) : 1;
      const int64_t wd = !plain && rng.chance(1, 4) ? rng.range(2, 3) : 1;
      int64_t pl = 0, ph = 0;
      if (!plain && rng.chance(1, 3)) {
        pl = rng.range(-1, 2);
        ph = rng.range(-1, 2);
      }
      const int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * bd + 1;
      if (pl + dilated + ph < 0) pl = ph = 0;  // reduce_window's padded input is not negative
      const int64_t n = numWindows(shape[d], bd, pl, ph, w, wd, s);
      window.push_back(w), strides.push_back(s), base.push_back(bd), wdil.push_back(wd), lo.push_back(pl), hi.push_back(ph);
      result.push_back(n);
    }
    if (numElements(result) == 0 && rank > 0 && !plain && !rng.chance(1, 6)) continue;  // empty results now and then
    if (numElements(result) * numElements(window) <= 512 || plain) break;
  }
  auto allOnes = [](const Shape& v) { return std::all_of(v.begin(), v.end(), [](int64_t x) { return x == 1; }); };
  std::string attrs = strCat("window_dimensions = ", i64Array(window));
  // Optional attributes: written when not the default, and now and then when they are.
  if (!allOnes(strides) || rng.chance(1, 2)) strAppend(&attrs, ", window_strides = ", i64Array(strides));
  if (!allOnes(base) || rng.chance(1, 2)) strAppend(&attrs, ", base_dilations = ", i64Array(base));
  if (!allOnes(wdil) || rng.chance(1, 2)) strAppend(&attrs, ", window_dilations = ", i64Array(wdil));
  const bool zero_pad = std::all_of(lo.begin(), lo.end(), [](int64_t x) { return x == 0; }) &&
                        std::all_of(hi.begin(), hi.end(), [](int64_t x) { return x == 0; });
  if (rank > 0 && (!zero_pad || rng.chance(1, 2))) strAppend(&attrs, ", padding = ", paddingDense(lo, hi));
  Shape summed;
  if (rank > 0) summed.push_back(rank - 1);
  const Reduction r = drawReduction(ctx, shape, summed);
  emitReduction(ctx, OpId::kReduceWindow, r, attrs);
}

// --- select_and_scatter ------------------------------------------------------------------------------------------------

void buildSelectAndScatter(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t)), s = scalarOf(e);
  const Shape shape = ctx.shape(1, 3, 48);
  const int64_t rank = static_cast<int64_t>(shape.size());
  Shape window, strides, lo, hi, source;
  for (int attempt = 0; attempt < 20; ++attempt) {
    window.clear(), strides.clear(), lo.clear(), hi.clear(), source.clear();
    for (int64_t d = 0; d < rank; ++d) {
      const int64_t w = rng.range(1, 3);
      int64_t st = rng.range(1, 3);
      if (rng.chance(1, 6)) st = w + rng.range(1, 2);
      int64_t pl = 0, ph = 0;
      // Each side's padding is less than the window, so that every window holds an operand element (the
      // spec leaves windows of padding only open, #731); negative padding now and then.
      if (shape[d] > 0 && rng.chance(1, 3)) {
        pl = rng.range(shape[d] >= 2 ? -1 : 0, w - 1);
        ph = rng.range(shape[d] >= 2 ? -1 : 0, w - 1);
        if (shape[d] + pl + ph <= 0) pl = ph = 0;
      }
      // select_and_scatter (C2): the source has one element per window.
      window.push_back(w), strides.push_back(st), lo.push_back(pl), hi.push_back(ph), source.push_back(numWindows(shape[d], 1, pl, ph, w, 1, st));
    }
    if (numElements(source) > 0 || numElements(shape) == 0 || rng.chance(1, 6)) break;  // no windows now and then
  }
  static constexpr std::string_view kDirections[] = {"GE", "GT", "LE", "LT"};
  const std::string_view dir = rng.pick(std::span<const std::string_view>(kDirections));
  const Body scatter_body = rng.chance(3, 5) ? Body::kAdd : rng.pick({Body::kMax, Body::kMin, Body::kMul});
  ElementType bt = t;
  if (auto p = promotion(t); p && rng.chance(1, 10)) bt = *p;
  const std::string be(elementTypeName(bt)), bs = scalarOf(be);
  const std::string operand_type = tensorOf(shape, e), source_type = tensorOf(source, e);
  const std::string operand = ctx.input(operand_type), src = ctx.input(source_type);
  const std::string init = ctx.input(identity(scatter_body, t));
  RegionBuilder select, scatter;
  {
    const std::string a = select.arg(ctx, s), b = select.arg(ctx, s);
    select.ret({select.compare(ctx, dir, a, b, s)}, {"tensor<i1>"});
  }
  {
    const std::string a = scatter.arg(ctx, bs), b = scatter.arg(ctx, bs);
    scatter.ret({scatter.binary(ctx, bodyOp(scatter_body), a, b, bs, bs)}, {bs});
  }
  std::string attrs = strCat("window_dimensions = ", i64Array(window));
  if (std::any_of(strides.begin(), strides.end(), [](int64_t x) { return x != 1; }) || rng.chance(3, 4)) {
    strAppend(&attrs, ", window_strides = ", i64Array(strides));
  }
  if (std::any_of(lo.begin(), lo.end(), [](int64_t x) { return x != 0; }) ||
      std::any_of(hi.begin(), hi.end(), [](int64_t x) { return x != 0; }) || rng.chance(1, 2)) {
    strAppend(&attrs, ", padding = ", paddingDense(lo, hi));
  }
  std::vector<std::string> result_types;
  const std::string v = OpBuilder(OpId::kSelectAndScatter)
                            .operand(operand, operand_type)
                            .operand(src, source_type)
                            .operand(init, s)
                            .attributes(attrs)
                            .regions(strCat("(", select.text(), ", ", scatter.text(), ")"), {{s, s}, {bs, bs}})
                            .emit(ctx, &result_types);
  if (!v.empty()) ctx.output(v, result_types[0]);
}

// --- dot_general -----------------------------------------------------------------------------------------------------

void buildDotGeneral(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const bool cancel = ctx.strategy() == Strategy::kCancellation;
  // Logical dimensions: batching (shared), contracting (shared), lhs free, rhs free.
  int64_t nb = 0, nc = 0, nlf = 0, nrf = 0;
  Shape batch, contract, lfree, rfree;
  for (int attempt = 0;; ++attempt) {
    nb = rng.chance(1, 3) ? rng.range(1, 2) : 0;
    const int64_t c = rng.range(0, 9);
    nc = c == 0 ? 0 : c <= 6 ? 1 : c <= 8 ? 2 : 3;  // no contracting dims, one, several
    nlf = rng.range(0, 2);
    nrf = rng.range(0, 2);
    auto dims = [&](int64_t n) { return smallShape(rng, static_cast<int>(n), 1, 4, 16, true); };
    batch = dims(nb), contract = dims(nc), lfree = dims(nlf), rfree = dims(nrf);
    if (cancel) {  // something to cancel: at least one contracting dimension of 2 to 8 elements
      if (contract.empty()) contract.push_back(2), nc = 1;
      contract[0] = rng.range(2, 8);
    }
    const int64_t lhs_n = numElements(batch) * numElements(contract) * numElements(lfree);
    const int64_t rhs_n = numElements(batch) * numElements(contract) * numElements(rfree);
    if ((lhs_n <= 64 && rhs_n <= 64) || attempt > 50) break;
  }
  // Positions of the logical dimensions in each operand: a random permutation each.
  const int64_t lrank = nb + nc + nlf, rrank = nb + nc + nrf;
  const Shape lperm = permutation(rng, lrank), rperm = permutation(rng, rrank);
  Shape lshape(static_cast<size_t>(lrank)), rshape(static_cast<size_t>(rrank));
  Shape lb, rb, lc, rc;
  for (int64_t i = 0; i < nb; ++i) {
    lshape[lperm[i]] = batch[i], rshape[rperm[i]] = batch[i];
    lb.push_back(lperm[i]), rb.push_back(rperm[i]);
  }
  for (int64_t i = 0; i < nc; ++i) {
    lshape[lperm[nb + i]] = contract[i], rshape[rperm[nb + i]] = contract[i];
    lc.push_back(lperm[nb + i]), rc.push_back(rperm[nb + i]);
  }
  for (int64_t i = 0; i < nlf; ++i) lshape[lperm[nb + nc + i]] = lfree[i];
  for (int64_t i = 0; i < nrf; ++i) rshape[rperm[nb + nc + i]] = rfree[i];
  const std::string ltype = tensorOf(lshape, e), rtype = tensorOf(rshape, e);
  std::string lhs, rhs;
  if (ctx.strategy() == Strategy::kCancellation) {
    // One side cancels along the contracting dimensions; the other is constant along them.
    if (rng.chance(1, 2)) {
      lhs = ctx.input(cancellingTensor(t, lshape, lc, rng));
      rhs = ctx.input(sliceConstantTensor(t, rshape, rc, rng));
    } else {
      lhs = ctx.input(sliceConstantTensor(t, lshape, lc, rng));
      rhs = ctx.input(cancellingTensor(t, rshape, rc, rng));
    }
  } else {
    // kNormal: activations N(0, 1), weights N(0, 1/K) for K contracted elements, as initialised networks
    // have them (sums of moderate size, far from the format's limits).
    ValueHints weights;
    weights.normal_scale = 1.0 / std::sqrt(static_cast<double>(std::max<int64_t>(1, numElements(contract))));
    lhs = ctx.input(ltype);
    rhs = ctx.input(rtype, weights);
  }
  std::string attrs = strCat("dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = ", intList(lb),
                             ", rhs_batching_dimensions = ", intList(rb), ", lhs_contracting_dimensions = ", intList(lc),
                             ", rhs_contracting_dimensions = ", intList(rc), ">");
  if (rng.chance(2, 3)) strAppend(&attrs, ", precision_config = ", precisionConfig(rng));
  // The result's shape is dot_general (C12)'s, its element type the operands'.
  std::vector<std::string> result_types;
  const std::string v = OpBuilder(OpId::kDotGeneral).operand(lhs, ltype).operand(rhs, rtype).attributes(attrs).emit(ctx, &result_types);
  if (!v.empty()) ctx.output(v, result_types[0]);
}

// --- convolution and dynamic_conv -----------------------------------------------------------------------------------------

struct ConvDraw {
  int64_t sp = 0;
  Shape lhs, rhs;  // operand shapes (the result's is convolution (C25)'s, inferred by the builder)
  Shape strides, lo, hi, lhs_dil, rhs_dil;
  std::vector<bool> reversal;
  int64_t fgc = 1, bgc = 1;
  int64_t in_batch = 0, in_feature = 0, k_in = 0, k_out = 0;  // positions
  Shape in_spatial, k_spatial;
  std::string dims_text;
};

std::string layoutText(const Shape& perm, const std::vector<std::string>& logical_names) {
  std::vector<std::string> at(perm.size());
  for (size_t k = 0; k < perm.size(); ++k) at[static_cast<size_t>(perm[k])] = logical_names[k];
  return strCat("[", joinNames(at), "]");
}

ConvDraw drawConv(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const bool cancel = ctx.strategy() == Strategy::kCancellation;
  ConvDraw c;
  const int64_t sp_pick = rng.range(0, 9);
  c.sp = sp_pick == 0 ? 0 : sp_pick <= 4 ? 1 : sp_pick <= 8 ? 2 : 3;
  const int64_t rank = c.sp + 2;
  int64_t batch = 1, in_feat = 1, k_in = 1, k_out = 1;
  Shape in_sp, k_sp, out_sp;
  for (int attempt = 0;; ++attempt) {
    const bool plain = attempt > 40;
    const int64_t group_mode = plain ? 0 : rng.range(0, 4);  // 0-2 plain, 3 feature groups, 4 batch groups
    const int64_t g = rng.range(2, 3);
    c.fgc = group_mode == 3 ? g : 1;
    c.bgc = group_mode == 4 ? g : 1;
    batch = c.bgc * (rng.chance(1, 12) ? 0 : rng.range(1, 2));
    k_in = rng.chance(1, 16) ? 0 : rng.range(1, c.fgc > 1 ? 2 : 3);
    in_feat = k_in * c.fgc;
    k_out = (c.fgc > 1 || c.bgc > 1) ? g * rng.range(1, 2) : rng.range(1, 3);
    in_sp.clear(), k_sp.clear(), out_sp.clear();
    c.strides.clear(), c.lo.clear(), c.hi.clear(), c.lhs_dil.clear(), c.rhs_dil.clear(), c.reversal.clear();
    for (int64_t s = 0; s < c.sp; ++s) {
      const int64_t d = rng.chance(1, 16) ? 0 : rng.range(1, c.sp >= 2 ? 4 : 6);
      const int64_t k = rng.chance(1, 24) ? 0 : rng.range(1, 3);
      int64_t st = plain ? 1 : rng.range(1, 2);
      if (!plain && rng.chance(1, 6)) st = k + rng.range(1, 2);  // stride larger than the window
      const int64_t ld = !plain && rng.chance(1, 4) ? rng.range(2, 3) : 1;
      const int64_t rd = !plain && rng.chance(1, 4) ? rng.range(2, 3) : 1;
      int64_t pl = 0, ph = 0;
      if (!plain && rng.chance(1, 2)) {
        pl = rng.range(-2, 2);
        ph = rng.range(-2, 2);
      }
      const int64_t dilated = d == 0 ? 0 : (d - 1) * ld + 1;
      if (pl + dilated + ph < 0) pl = ph = 0;  // the padded input is not negative
      // The result's spatial sizes, to keep the result small.
      in_sp.push_back(d), k_sp.push_back(k), out_sp.push_back(numWindows(d, ld, pl, ph, k, rd, st));
      c.strides.push_back(st), c.lo.push_back(pl), c.hi.push_back(ph), c.lhs_dil.push_back(ld), c.rhs_dil.push_back(rd);
      c.reversal.push_back(!plain && rng.chance(1, 4));
    }
    const int64_t lhs_n = batch * in_feat * numElements(in_sp);
    const int64_t rhs_n = k_in * k_out * numElements(k_sp);
    const int64_t out_n = (batch / c.bgc) * k_out * numElements(out_sp);
    // An empty result (a size-0 operand dimension or no windows) now and then, not as often as random
    // attributes give one.
    if (out_n == 0 && !plain && !rng.chance(1, 6)) continue;
    if (cancel && !plain && (k_in * numElements(k_sp) < 2 || out_n == 0)) continue;  // something to cancel
    if ((lhs_n <= 64 && rhs_n <= 64 && out_n <= 96) || (plain && lhs_n <= 256 && rhs_n <= 256 && out_n <= 256)) break;
    if (attempt > 200) break;
  }
  // Layouts: logical order [b, spatial..., f] for lhs and result, [spatial..., i, o] for the kernel.
  const Shape lperm = permutation(rng, rank), kperm = permutation(rng, rank), operm = permutation(rng, rank);
  std::vector<std::string> lnames{"b"}, knames, onames{"b"};
  for (int64_t s = 0; s < c.sp; ++s) {
    lnames.push_back(strCat(s));
    knames.push_back(strCat(s));
    onames.push_back(strCat(s));
  }
  lnames.push_back("f"), knames.push_back("i"), knames.push_back("o"), onames.push_back("f");
  c.lhs.assign(static_cast<size_t>(rank), 0);
  c.rhs.assign(static_cast<size_t>(rank), 0);
  c.in_batch = lperm[0];
  c.in_feature = lperm[rank - 1];
  c.lhs[lperm[0]] = batch;
  c.lhs[lperm[rank - 1]] = in_feat;
  c.k_in = kperm[c.sp];
  c.k_out = kperm[c.sp + 1];
  c.rhs[kperm[c.sp]] = k_in;
  c.rhs[kperm[c.sp + 1]] = k_out;
  for (int64_t s = 0; s < c.sp; ++s) {
    c.lhs[lperm[1 + s]] = in_sp[s];
    c.rhs[kperm[s]] = k_sp[s];
    c.in_spatial.push_back(lperm[1 + s]);
    c.k_spatial.push_back(kperm[s]);
  }
  c.dims_text = strCat("#stablehlo.conv<", layoutText(lperm, lnames), "x", layoutText(kperm, knames), "->",
                       layoutText(operm, onames), ">");
  return c;
}

// The operands of a convolution by strategy (kCancellation: the kernel cancels along each output
// feature's window and input features; the lhs is constant per batch, so the products cancel too).
std::pair<std::string, std::string> convOperands(GenContext& ctx, const ConvDraw& c) {
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  if (ctx.strategy() == Strategy::kCancellation) {
    Shape rhs_summed = c.k_spatial, lhs_summed = c.in_spatial;
    rhs_summed.push_back(c.k_in);
    lhs_summed.push_back(c.in_feature);
    const std::string lhs = ctx.input(sliceConstantTensor(t, c.lhs, lhs_summed, ctx.rng()));
    const std::string rhs = ctx.input(cancellingTensor(t, c.rhs, rhs_summed, ctx.rng()));
    return {lhs, rhs};
  }
  // kNormal: the kernel N(0, 1/fan-in), fan-in = window x input features per group (as initialised
  // networks have it); the input N(0, 1).
  int64_t fan_in = c.rhs[static_cast<size_t>(c.k_in)];
  for (int64_t d : c.k_spatial) fan_in *= c.rhs[static_cast<size_t>(d)];
  ValueHints weights;
  weights.normal_scale = 1.0 / std::sqrt(static_cast<double>(std::max<int64_t>(1, fan_in)));
  const std::string lhs = ctx.input(tensorOf(c.lhs, e));
  const std::string rhs = ctx.input(tensorOf(c.rhs, e), weights);
  return {lhs, rhs};
}

void buildConvolution(GenContext& ctx, bool dynamic) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  const ConvDraw c = drawConv(ctx);
  const auto [lhs, rhs] = convOperands(ctx, c);
  const std::string ltype = tensorOf(c.lhs, e), rtype = tensorOf(c.rhs, e);
  auto ones = [](const Shape& v) { return std::all_of(v.begin(), v.end(), [](int64_t x) { return x == 1; }); };
  const bool zero_pad = std::all_of(c.lo.begin(), c.lo.end(), [](int64_t x) { return x == 0; }) &&
                        std::all_of(c.hi.begin(), c.hi.end(), [](int64_t x) { return x == 0; });
  const bool no_reversal = std::none_of(c.reversal.begin(), c.reversal.end(), [](bool b) { return b; });
  // The window attributes are optional (defaults: 1, 0, false); with no spatial dimensions they are left
  // out, otherwise written when they differ from the default and now and then when they do not.
  const bool spatial = c.sp > 0;
  std::vector<std::string> attrs;
  if (spatial && (!ones(c.strides) || rng.chance(2, 3))) attrs.push_back(strCat("window_strides = ", i64Array(c.strides)));
  if (!dynamic && spatial && (!zero_pad || rng.chance(2, 3))) attrs.push_back(strCat("padding = ", paddingDense(c.lo, c.hi)));
  if (spatial && (!ones(c.lhs_dil) || rng.chance(2, 3))) attrs.push_back(strCat("lhs_dilation = ", i64Array(c.lhs_dil)));
  if (spatial && (!ones(c.rhs_dil) || rng.chance(2, 3))) attrs.push_back(strCat("rhs_dilation = ", i64Array(c.rhs_dil)));
  if (spatial && (!no_reversal || rng.chance(2, 3))) attrs.push_back(strCat("window_reversal = ", boolArray(c.reversal)));
  attrs.push_back(strCat("dimension_numbers = ", c.dims_text));
  attrs.push_back(strCat("feature_group_count = ", c.fgc, " : i64"));
  attrs.push_back(strCat("batch_group_count = ", c.bgc, " : i64"));
  if (rng.chance(2, 3)) attrs.push_back(strCat("precision_config = ", precisionConfig(rng)));
  if (!dynamic) {
    return OpBuilder(OpId::kConvolution).operand(lhs, ltype).operand(rhs, rtype).attributes(joinNames(attrs)).emitOutputs(ctx);
  }
  // dynamic_conv's result is convolution's with the padding operand's values as its padding attribute.
  std::string conv_attrs = joinNames(attrs);
  if (spatial) strAppend(&conv_attrs, ", padding = ", paddingDense(c.lo, c.hi));
  const absl::StatusOr<std::vector<std::string>> results =
      OpBuilder(OpId::kConvolution).operand(lhs, ltype).operand(rhs, rtype).attributes(conv_attrs).resultTypes();
  if (!results.ok()) return ctx.skip(strCat("the builder could not infer dynamic_conv's result type: ", results.status().message()));
  const std::string otype = (*results)[0];
  // dynamic_conv: the padding is an operand (a static constant: it sets the result shape), of any integer
  // type that holds it.
  const bool negative = std::any_of(c.lo.begin(), c.lo.end(), [](int64_t x) { return x < 0; }) ||
                        std::any_of(c.hi.begin(), c.hi.end(), [](int64_t x) { return x < 0; });
  const std::string pe = negative ? rng.pick({std::string("i64"), std::string("i32")})
                                  : rng.pick({std::string("i64"), std::string("i32"), std::string("ui8")});
  Shape pad_values;
  for (int64_t s = 0; s < c.sp; ++s) pad_values.push_back(c.lo[s]), pad_values.push_back(c.hi[s]);
  const std::string padding = ctx.staticConstant(integerTensor(*parseElementTypeName(pe), {c.sp, 2}, pad_values));
  const std::string ptype = tensorOf({c.sp, 2}, pe);
  const std::string v = ctx.op(strCat("\"stablehlo.dynamic_conv\"(", lhs, ", ", rhs, ", ", padding, ") {", joinNames(attrs), "} : (", ltype,
                                      ", ", rtype, ", ", ptype, ") -> ", otype));
  ctx.output(v, otype);
}

void buildConvolutionStatic(GenContext& ctx) { buildConvolution(ctx, false); }
void buildDynamicConv(GenContext& ctx) { buildConvolution(ctx, true); }

// --- fft -----------------------------------------------------------------------------------------------------------------

void buildFft(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const bool complex = isComplex(t);
  const std::string real(elementTypeName(partType(t)));
  const std::string cplx = strCat("complex<", real, ">");
  // The type under test is the operand's (FFT, IFFT, IRFFT: complex; RFFT: float), or for floats now and
  // then IRFFT's result.
  std::string_view kind;
  if (complex) {
    kind = rng.pick({std::string_view("FFT"), std::string_view("IFFT"), std::string_view("IRFFT")});
  } else {
    kind = rng.chance(2, 3) ? "RFFT" : "IRFFT";
  }
  const int64_t L = rng.range(1, 3);
  const int64_t batch_rank = rng.range(0, 2);
  Shape lengths, batch;
  for (int attempt = 0;; ++attempt) {
    lengths = smallShape(rng, static_cast<int>(L), 1, L == 1 ? 8 : 4, 32, true);
    batch = smallShape(rng, static_cast<int>(batch_rank), 1, 3, 4, true);
    if (numElements(lengths) * numElements(batch) <= 48 || attempt > 20) break;
  }
  Shape in_shape = batch;
  in_shape.insert(in_shape.end(), lengths.begin(), lengths.end());
  // The operand: IRFFT's is the complex half spectrum of a real signal of fft_length (fft (C5) read
  // backwards: the operand is drawn, the result inferred).
  const int64_t last = lengths.back();
  if (kind == "IRFFT") in_shape.back() = last == 0 ? 0 : last / 2 + 1;
  const std::string in_type = tensorOf(in_shape, kind == "RFFT" ? real : cplx);
  // fft (C2, C5): the result's element type and shape.
  OpBuilder(OpId::kFft)
      .operand(ctx.input(in_type), in_type)
      .attributes(strCat("fft_type = #stablehlo<fft_type ", kind, ">, fft_length = ", i64Array(lengths)))
      .emitOutputs(ctx);
}

// --- cholesky ------------------------------------------------------------------------------------------------------------

// Hermitian positive definite matrices A = B B^H + n I (times a power of two), B's parts of magnitude at
// most 1 drawn by the strategy (kSpecial: log-uniform): well conditioned (eigenvalues in [n, n + 2n^2]
// before rounding to the element type, which moves them by far less than n for n <= 5, bf16 included).
Tensor positiveDefinite(GenContext& ctx, const Shape& shape, int64_t n) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const ElementType part = partType(t);
  const bool complex = isComplex(t);
  Tensor out = makeTensor(t, shape);
  const int64_t batches = n == 0 ? 0 : numElements(shape) / (n * n);
  ValueHints hints;
  hints.finite_only = true;
  hints.max_magnitude = 1;
  const Strategy draw = ctx.strategy() == Strategy::kSpecial ? Strategy::kLogUniform : ctx.strategy();
  for (int64_t b = 0; b < batches; ++b) {
    const double scale = ctx.strategy() == Strategy::kLogUniform ? std::ldexp(1.0, static_cast<int>(rng.range(-8, 8))) : 1.0;
    std::vector<double> br(static_cast<size_t>(n * n)), bi(static_cast<size_t>(n * n), 0.0);
    // kUniform: uniform in value over [-1, 1] (uniform over encodings would make almost all of B tiny).
    auto entry = [&]() {
      if (draw == Strategy::kUniform) return static_cast<double>(rng.range(-1024, 1024)) / 1024.0;
      return floatToDouble(part, drawFloat(part, draw, rng, hints));
    };
    for (int64_t i = 0; i < n * n; ++i) {
      br[i] = entry();
      if (complex) bi[i] = entry();
    }
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = i; j < n; ++j) {
        // (B B^H)[i][j] = sum_k B[i][k] conj(B[j][k])
        double re = 0, im = 0;
        for (int64_t k = 0; k < n; ++k) {
          const double ar = br[i * n + k], ai = bi[i * n + k], cr = br[j * n + k], ci = -bi[j * n + k];
          re += ar * cr - ai * ci;
          im += ar * ci + ai * cr;
        }
        if (i == j) {
          re += static_cast<double>(n);
          im = 0;
        }
        const int64_t base = b * n * n;
        setValue(out, base + i * n + j, re * scale, im * scale);
        setValue(out, base + j * n + i, re * scale, -im * scale);
      }
    }
  }
  return out;
}

void buildCholesky(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const int64_t n = rng.chance(1, 16) ? 0 : rng.range(1, 5);
  Shape shape = smallShape(rng, static_cast<int>(rng.range(0, 2)), 1, 3, std::max<int64_t>(1, 64 / std::max<int64_t>(n * n, 1)), true);
  shape.push_back(n);
  shape.push_back(n);
  const bool lower = rng.chance(1, 2);
  const std::string type = tensorOf(shape, e);
  std::string a;
  if (ctx.strategy() == Strategy::kSpecial && rng.chance(1, 3)) {
    a = ctx.input(type);  // not Hermitian positive definite in general: the result is NaN (undefined)
  } else {
    Tensor spd = positiveDefinite(ctx, shape, n);
    if (ctx.strategy() == Strategy::kSpecial && spd.numElements() > 0 && rng.chance(1, 2)) {
      // One special value (and its mirror), where it breaks positive definiteness or not.
      const int64_t b = rng.range(0, spd.numElements() / (n * n) - 1), i = rng.range(0, n - 1), j = rng.range(0, n - 1);
      const ElementType part = partType(t);
      const uint64_t bits = drawFloat(part, Strategy::kSpecial, rng);
      spd.setBits(b * n * n + i * n + j, bits, 0);
      spd.setBits(b * n * n + j * n + i, bits, 0);
    }
    a = ctx.input(spd);
  }
  const std::string v = ctx.op(strCat("\"stablehlo.cholesky\"(", a, ") {lower = ", boolText(lower), "} : (", type, ") -> ", type));
  ctx.output(v, type);
}

// --- triangular_solve ----------------------------------------------------------------------------------------------------

void buildTriangularSolve(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t));
  const int64_t n = rng.chance(1, 16) ? 0 : rng.range(1, 4);
  const int64_t m = rng.chance(1, 16) ? 0 : rng.range(1, 4);
  const Shape batch = smallShape(rng, static_cast<int>(rng.range(0, 2)), 1, 3, 3, true);
  const bool left_side = rng.chance(1, 2), lower = rng.chance(1, 2), unit_diagonal = rng.chance(1, 3);
  static constexpr std::string_view kTranspose[] = {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"};
  const std::string_view transpose = rng.pick(std::span<const std::string_view>(kTranspose));
  Shape a_shape = batch, b_shape = batch;
  a_shape.push_back(n), a_shape.push_back(n);
  if (left_side) {
    b_shape.push_back(n), b_shape.push_back(m);
  } else {
    b_shape.push_back(m), b_shape.push_back(n);
  }
  const bool conditioned = ctx.strategy() != Strategy::kSpecial ? rng.chance(1, 2) : rng.chance(1, 4);
  ValueHints hints;
  if (conditioned) {
    hints.finite_only = true;
    hints.max_magnitude = 1;
  }
  Tensor a = strategyTensor(ctx, t, a_shape, hints);
  const int64_t batches = n == 0 ? 0 : numElements(a_shape) / (n * n);
  for (int64_t b = 0; b < batches; ++b) {
    for (int64_t i = 0; i < n; ++i) {
      const int64_t at = b * n * n + i * n + i;
      if (unit_diagonal) {
        // The implementation may assume a unit diagonal (the behaviour is undefined when it is not).
        setValue(a, at, 1.0);
      } else if (conditioned) {
        setValue(a, at, (rng.chance(1, 2) ? 1 : -1) * (1.0 + static_cast<double>(rng.range(0, 4)) / 4.0));
      }
    }
  }
  const std::string a_type = tensorOf(a_shape, e), b_type = tensorOf(b_shape, e);
  const std::string av = ctx.input(a), bv = ctx.input(b_type);
  const std::string v = ctx.op(strCat("\"stablehlo.triangular_solve\"(", av, ", ", bv, ") {left_side = ", boolText(left_side), ", lower = ",
                                      boolText(lower), ", unit_diagonal = ", boolText(unit_diagonal),
                                      ", transpose_a = #stablehlo<transpose ", transpose, ">} : (", a_type, ", ", b_type, ") -> ", b_type));
  ctx.output(v, b_type);
}

// --- batch_norm_* ----------------------------------------------------------------------------------------------------------

struct BatchNormShape {
  Shape operand;
  int64_t feature_index = 0;
  std::string operand_type, feature_type, epsilon;
};

BatchNormShape drawBatchNorm(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::string e(elementTypeName(ctx.type()));
  BatchNormShape b;
  b.operand = ctx.shape(1, 4, 48);
  b.feature_index = rng.range(0, static_cast<int64_t>(b.operand.size()) - 1);
  b.operand_type = tensorOf(b.operand, e);
  b.feature_type = tensorOf({b.operand[b.feature_index]}, e);
  static constexpr std::string_view kEpsilons[] = {"0.0", "1.0e-05", "1.0e-03", "0.25", "1.0", "1.0e-10"};
  b.epsilon = strCat(rng.pick(std::span<const std::string_view>(kEpsilons)), " : f32");
  return b;
}

// The attributes of every batch_norm op.
std::string batchNormAttributes(const BatchNormShape& b) { return strCat("epsilon = ", b.epsilon, ", feature_index = ", b.feature_index, " : i64"); }

// A variance-like input: non-negative most of the time (the sign bit cleared), by the strategy.
std::string varianceInput(GenContext& ctx, const Shape& shape) {
  Tensor v = strategyTensor(ctx, ctx.type(), shape);
  if (ctx.strategy() != Strategy::kSpecial || ctx.rng().chance(3, 4)) {
    const int sign = floatFormat(ctx.type()).total_bits - 1;
    for (int64_t i = 0; i < v.numElements(); ++i) v.setBits(i, v.bits(i) & ~(uint64_t{1} << sign));
  }
  return ctx.input(v);
}

void buildBatchNormInference(GenContext& ctx) {
  const BatchNormShape b = drawBatchNorm(ctx);
  const Shape f{b.operand[b.feature_index]};
  const std::string x = ctx.input(b.operand_type), scale = ctx.input(b.feature_type), offset = ctx.input(b.feature_type),
                    mean = ctx.input(b.feature_type), var = varianceInput(ctx, f);
  const std::string ft = b.feature_type;
  // batch_norm_inference (C7): the result has the operand's type.
  OpBuilder(OpId::kBatchNormInference)
      .operand(x, b.operand_type)
      .operand(scale, ft)
      .operand(offset, ft)
      .operand(mean, ft)
      .operand(var, ft)
      .attributes(batchNormAttributes(b))
      .emitOutputs(ctx);
}

void buildBatchNormTraining(GenContext& ctx) {
  const BatchNormShape b = drawBatchNorm(ctx);
  const std::string x = ctx.input(b.operand_type), scale = ctx.input(b.feature_type), offset = ctx.input(b.feature_type);
  const std::string ft = b.feature_type;
  // batch_norm_training (C5-C7): the output has the operand's type, the batch mean and variance one size per feature.
  OpBuilder(OpId::kBatchNormTraining).operand(x, b.operand_type).operand(scale, ft).operand(offset, ft).attributes(batchNormAttributes(b)).emitOutputs(ctx);
}

void buildBatchNormGrad(GenContext& ctx) {
  const BatchNormShape b = drawBatchNorm(ctx);
  const Shape f{b.operand[b.feature_index]};
  const std::string x = ctx.input(b.operand_type), scale = ctx.input(b.feature_type), mean = ctx.input(b.feature_type),
                    var = varianceInput(ctx, f), grad = ctx.input(b.operand_type);
  const std::string ft = b.feature_type, ot = b.operand_type;
  // batch_norm_grad (C3, C4): grad_operand has the operand's type, grad_scale and grad_offset the scale's.
  OpBuilder(OpId::kBatchNormGrad)
      .operand(x, ot)
      .operand(scale, ft)
      .operand(mean, ft)
      .operand(var, ft)
      .operand(grad, ot)
      .attributes(batchNormAttributes(b))
      .emitOutputs(ctx);
}

// --- map -------------------------------------------------------------------------------------------------------------------

void buildMap(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const std::string e(elementTypeName(t)), s = scalarOf(e);
  const Shape shape = ctx.shape(0, 4, 64);
  const int64_t n = rng.range(1, 3);
  const std::string type = tensorOf(shape, e);
  std::vector<std::string> inputs, types;
  for (int64_t i = 0; i < n; ++i) inputs.push_back(ctx.input(type)), types.push_back(type);
  std::vector<std::string_view> ops;
  if (isBoolean(t)) {
    ops = {"and", "or", "xor"};
  } else if (isComplex(t)) {
    ops = {"add", "subtract", "multiply", "divide"};
  } else if (isFloat(t)) {
    ops = {"add", "subtract", "multiply", "divide", "maximum", "minimum"};
  } else {
    ops = {"add", "subtract", "multiply", "maximum", "minimum", "and", "or", "xor"};
  }
  RegionBuilder body;
  std::vector<std::string> args;
  for (int64_t i = 0; i < n; ++i) args.push_back(body.arg(ctx, s));
  std::string acc = args[0];
  if (n == 1) {
    if (rng.chance(1, 2)) {
      const std::string_view u = isBoolean(t) ? "not" : (isFloatOrComplex(t) || isSignedInteger(t)) ? "negate" : "not";
      acc = body.unary(ctx, u, acc, s);
    } else {
      acc = body.binary(ctx, rng.pick(ops), acc, acc, s, s);
    }
  }
  for (int64_t i = 1; i < n; ++i) acc = body.binary(ctx, rng.pick(ops), acc, args[static_cast<size_t>(i)], s, s);
  std::string result_e = e;
  if (!isComplex(t) && rng.chance(1, 4)) {  // a result element type other than the inputs' (C4)
    static constexpr std::string_view kDirections[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
    acc = body.compare(ctx, rng.pick(std::span<const std::string_view>(kDirections)), acc, args.back(), s);
    result_e = "i1";
  }
  body.ret({acc}, {scalarOf(result_e)});
  Shape dims(shape.size());
  for (size_t d = 0; d < dims.size(); ++d) dims[d] = static_cast<int64_t>(d);
  // map (C1, C4): the result has the inputs' shape and the element type the computation returns.
  OpBuilder builder(OpId::kMap);
  for (size_t i = 0; i < inputs.size(); ++i) builder.operand(inputs[i], types[i]);
  builder.regions(strCat("(", body.text(), ")"), {}).regionResults({{scalarOf(result_e)}}).attributes(strCat("dimensions = ", i64Array(dims))).emitOutputs(ctx);
}

// --- reduce_precision ------------------------------------------------------------------------------------------------------

void buildReducePrecision(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const ElementType t = ctx.type();
  const FloatFormat& f = floatFormat(t);
  int64_t eb = 0, mb = 0;
  const int64_t mode = rng.range(0, 3);
  if (mode == 0) {  // a standard format
    static constexpr int64_t kFormats[][2] = {{5, 10}, {8, 7}, {8, 23}, {4, 3}, {5, 2}, {11, 52}, {2, 1}, {3, 2}, {2, 3}, {8, 0}};
    const auto& fmt = kFormats[rng.range(0, 9)];
    eb = fmt[0], mb = fmt[1];
  } else if (mode == 1) {  // the operand's own widths, or one of them one less
    eb = f.exponent_bits, mb = f.mantissa_bits;
    if (rng.chance(1, 2)) eb = std::max<int64_t>(1, eb - 1);
    else mb = std::max<int64_t>(0, mb - 1);
  } else {  // anything, wider than the operand included
    eb = rng.range(1, std::min<int64_t>(f.exponent_bits + 3, 30));
    mb = rng.range(0, f.mantissa_bits + 3);
  }
  const std::string type = ctx.tensorType(ctx.shape(0, 3, 64));
  const std::string x = ctx.input(type);
  std::string text;
  if (rng.chance(1, 2)) {
    text = strCat("\"stablehlo.reduce_precision\"(", x, ") {exponent_bits = ", eb, " : i32, mantissa_bits = ", mb, " : i32} : (", type,
                  ") -> ", type);
  } else {
    text = strCat("stablehlo.reduce_precision ", x, ", format = e", eb, "m", mb, " : ", type);
  }
  ctx.output(ctx.op(text), type);
}

constexpr OpGenerator kGenerators[] = {
    {"reduce", kAllTypes, kWithCancellation, buildReduce},
    {"reduce_window", kAllTypes, kWithCancellation, buildReduceWindow},
    {"select_and_scatter", kOrderedTypes, kBasic, buildSelectAndScatter},
    {"dot_general", kNumericTypes, kWithCancellation, buildDotGeneral},
    {"convolution", kNumericTypes, kWithCancellation, buildConvolutionStatic},
    {"dynamic_conv", kNumericTypes, kWithCancellation, buildDynamicConv},
    {"fft", kFftTypes, kBasic, buildFft},
    {"cholesky", kFloatComplexTypes, kBasic, buildCholesky},
    {"triangular_solve", kFloatComplexTypes, kBasic, buildTriangularSolve},
    {"batch_norm_inference", kFloatTypes, kBasic, buildBatchNormInference},
    {"batch_norm_training", kFloatTypes, kBasic, buildBatchNormTraining},
    {"batch_norm_grad", kFloatTypes, kBasic, buildBatchNormGrad},
    {"map", kAllTypes, kBasic, buildMap},
    {"reduce_precision", kFloatTypes, kBasic, buildReducePrecision},
};

}  // namespace

std::span<const OpGenerator> reductionGenerators() { return kGenerators; }

}  // namespace hloconf::gen
