#include "generators/gen.h"
#include "ir/nearest_name.h"
#include "generators/program_util.h"

#include <mpfr.h>

#include <algorithm>
#include <cmath>

#include "ir/asm_parser.h"
#include "ir/attribute.h"
#include "ir/glob.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::gen {
namespace {

uint64_t splitmix(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t lowMask(int bits) { return bits >= 64 ? ~0ull : ((1ull << bits) - 1); }

// --- Floats --------------------------------------------------------------------------------------------

bool isFiniteBits(ElementType t, uint64_t bits) {
  const FloatClass c = classifyFloat(t, bits);
  return c != FloatClass::kNaN && c != FloatClass::kInfinity;
}

uint64_t negateBits(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  if (!f.has_sign) return bits;
  return bits ^ (1ull << (f.total_bits - 1));
}

// Whether float bits of type `t` respect hints.max_magnitude (NaN and infinities do not, when it is set).
bool withinMagnitude(ElementType t, uint64_t bits, const ValueHints& hints) {
  return !(hints.max_magnitude > 0) || std::fabs(floatToDouble(t, bits)) <= hints.max_magnitude;
}

// The pool `special` draws from: each value with its negation where the format has a sign.
std::vector<uint64_t> specialPool(ElementType t, const ValueHints& hints) {
  const FloatFormat& f = floatFormat(t);
  std::vector<uint64_t> pool;
  auto add = [&](uint64_t bits) {
    if ((hints.finite_only && !isFiniteBits(t, bits)) || !withinMagnitude(t, bits, hints)) return;
    pool.push_back(bits);
    const uint64_t neg = negateBits(t, bits);
    if (neg != bits) pool.push_back(neg);
  };
  add(0);
  if (f.has_infinity) add(floatFromDouble(t, INFINITY));
  if (auto nan = canonicalNaN(t); nan && !hints.finite_only) {
    pool.push_back(*nan);
    if (f.nan_encoding == NanEncoding::kIeee) {
      pool.push_back(negateBits(t, *nan));
      pool.push_back((*nan & ~(1ull << (f.mantissa_bits - 1))) | 1);  // signaling NaN, payload 1
    }
  }
  add(smallestSubnormal(t));
  if (f.has_subnormals && smallestNormal(t) > 1) add(smallestNormal(t) - 1);  // the largest subnormal
  add(smallestNormal(t));
  add(largestFinite(t));
  if (largestFinite(t) > 0) add(largestFinite(t) - 1);
  for (double v : {1.0, 0.5, 2.0, 3.0}) add(floatFromDouble(t, v));
  for (double v : hints.thresholds) {
    const uint64_t b = floatFromDouble(t, v);
    add(b);
    if (isFiniteBits(t, b + 1)) add(b + 1);
    if (b > 0 && isFiniteBits(t, b - 1)) add(b - 1);
  }
  std::sort(pool.begin(), pool.end());
  pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
  return pool;
}

uint64_t uniformFloat(ElementType t, Rng& rng, const ValueHints& hints) {
  const FloatFormat& f = floatFormat(t);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    const uint64_t bits = rng.next() & lowMask(f.total_bits);
    if (isFiniteBits(t, bits) && withinMagnitude(t, bits, hints)) return bits;
  }
  return 0;
}

// N(0, normal_scale^2) by Box-Muller on two uniform doubles of 53 bits, rounded once to `t`.
uint64_t normalFloat(ElementType t, Rng& rng, const ValueHints& hints) {
  auto unit = [&] { return (static_cast<double>(rng.next() >> 11) + 1.0) * 0x1p-53; };  // (0, 1]
  for (int attempt = 0; attempt < 1000; ++attempt) {
    const double z = std::sqrt(-2.0 * std::log(unit())) * std::cos(2.0 * M_PI * unit());
    const uint64_t bits = floatFromDouble(t, z * hints.normal_scale);
    if (isFiniteBits(t, bits) && withinMagnitude(t, bits, hints)) return bits;
  }
  return 0;
}

uint64_t logUniformFloat(ElementType t, Rng& rng, const ValueHints& hints) {
  const FloatFormat& f = floatFormat(t);
  const int64_t max_exponent_field = static_cast<int64_t>(lowMask(f.exponent_bits));
  for (int attempt = 0; attempt < 1000; ++attempt) {
    const uint64_t e = static_cast<uint64_t>(rng.range(0, max_exponent_field));
    const uint64_t m = f.mantissa_bits > 0 ? (rng.next() & lowMask(f.mantissa_bits)) : 0;
    uint64_t bits = (e << f.mantissa_bits) | m;
    if (f.has_sign && rng.chance(1, 2)) bits |= 1ull << (f.total_bits - 1);
    if (isFiniteBits(t, bits) && withinMagnitude(t, bits, hints)) return bits;
  }
  return 0;
}

// --- Integers ------------------------------------------------------------------------------------------

uint64_t drawInteger(ElementType t, Strategy strategy, Rng& rng, const ValueHints& hints) {
  if (t == ElementType::kI1) return rng.chance(1, 2) ? 1 : 0;
  const bool is_signed = isSignedInteger(t);
  const int width = bitWidth(t);
  if (hints.int_lo || hints.int_hi) {
    int64_t lo = hints.int_lo.value_or(is_signed ? minSignedValue(t) : 0);
    int64_t hi = hints.int_hi.value_or(static_cast<int64_t>(std::min<uint64_t>(maxUnsignedValue(t), INT64_MAX)));
    if (lo > hi) std::swap(lo, hi);
    int64_t v;
    if (strategy == Strategy::kSpecial && rng.chance(3, 4)) {
      const int64_t pool[] = {lo, hi, std::min(lo + 1, hi), std::max(hi - 1, lo), std::clamp<int64_t>(0, lo, hi)};
      v = rng.pick(std::span<const int64_t>(pool));
    } else {
      v = rng.range(lo, hi);
    }
    return encodeInteger(t, v);
  }
  if (strategy == Strategy::kSpecial && rng.chance(3, 4)) {
    const uint64_t mask = lowMask(width);
    std::vector<uint64_t> pool = {0, 1, 2, mask /* -1 or max */};
    if (is_signed) {
      const uint64_t min = static_cast<uint64_t>(minSignedValue(t)) & mask;
      pool.push_back(min);
      pool.push_back(min + 1);
      pool.push_back(mask >> 1);        // max
      pool.push_back((mask >> 1) - 1);  // max - 1
    } else {
      pool.push_back(mask - 1);
      pool.push_back(mask >> 1);
      pool.push_back((mask >> 1) + 1);
    }
    return rng.pick(pool) & mask;
  }
  if (strategy == Strategy::kLogUniform) {  // a random bit length, then random bits below it
    const int len = static_cast<int>(rng.range(0, is_signed ? width - 1 : width));
    uint64_t v = len == 0 ? 0 : ((rng.next() & lowMask(len - 1)) | (1ull << (len - 1)));
    if (is_signed && rng.chance(1, 2)) v = (~v + 1);
    return v & lowMask(width);
  }
  return rng.next() & lowMask(width);
}

}  // namespace

// --- Rng -------------------------------------------------------------------------------------------------

Rng::Rng(uint64_t seed) {
  uint64_t x = seed;
  for (uint64_t& s : s_) s = splitmix(x);
}

uint64_t Rng::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

int64_t Rng::range(int64_t lo, int64_t hi) {
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  if (span == ~0ull) return static_cast<int64_t>(next());
  const uint64_t n = span + 1;
  const uint64_t limit = (~0ull) - ((~0ull) % n + 1) % n;  // largest multiple of n, minus one
  uint64_t x;
  do {
    x = next();
  } while (x > limit);
  return static_cast<int64_t>(static_cast<uint64_t>(lo) + x % n);
}

bool Rng::chance(uint64_t num, uint64_t den) { return static_cast<uint64_t>(range(0, static_cast<int64_t>(den) - 1)) < num; }

uint64_t fnv1a64(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// --- Strategies ------------------------------------------------------------------------------------------

std::string_view strategyName(Strategy s) {
  switch (s) {
    case Strategy::kUniform: return "uniform";
    case Strategy::kSpecial: return "special";
    case Strategy::kLogUniform: return "log-uniform";
    case Strategy::kNearTies: return "near-ties";
    case Strategy::kCancellation: return "cancellation";
    case Strategy::kNormal: return "normal";
  }
  return "?";
}

std::optional<Strategy> parseStrategy(std::string_view name) {
  for (Strategy s : kAllStrategies) {
    if (strategyName(s) == name) return s;
  }
  return std::nullopt;
}

namespace {
// drawFloat with the special pool of (t, hints) already built: `pool` is that pool, or nullptr when the
// strategy is not kSpecial.
uint64_t drawFloatFrom(ElementType t, Strategy strategy, Rng& rng, const ValueHints& hints, const std::vector<uint64_t>* pool) {
  if (strategy == Strategy::kSpecial && rng.chance(3, 4) && !pool->empty()) return rng.pick(*pool);
  if (strategy == Strategy::kLogUniform || strategy == Strategy::kSpecial) return logUniformFloat(t, rng, hints);
  if (strategy == Strategy::kNormal) return normalFloat(t, rng, hints);
  return uniformFloat(t, rng, hints);
}
}  // namespace

uint64_t drawFloat(ElementType t, Strategy strategy, Rng& rng, const ValueHints& hints) {
  if (strategy != Strategy::kSpecial) return drawFloatFrom(t, strategy, rng, hints, nullptr);
  const std::vector<uint64_t> pool = specialPool(t, hints);
  return drawFloatFrom(t, strategy, rng, hints, &pool);
}

void fillTensor(Tensor& t, Strategy strategy, Rng& rng, const ValueHints& hints) {
  const ElementType et = t.elementType();
  // The special pool depends only on the float type and the hints: built once per tensor, not per element.
  std::vector<uint64_t> pool;
  const ElementType float_type = isComplex(et) ? complexPartType(et) : et;
  if (strategy == Strategy::kSpecial && isFloat(float_type)) pool = specialPool(float_type, hints);
  const std::vector<uint64_t>* special = strategy == Strategy::kSpecial ? &pool : nullptr;
  for (int64_t i = 0; i < t.numElements(); ++i) {
    if (isComplex(et)) {
      t.setBits(i, drawFloatFrom(float_type, strategy, rng, hints, special), 0);
      t.setBits(i, drawFloatFrom(float_type, strategy, rng, hints, special), 1);
    } else if (isFloat(et)) {
      t.setBits(i, drawFloatFrom(et, strategy, rng, hints, special));
    } else {
      t.setBits(i, drawInteger(et, strategy, rng, hints));
    }
  }
}

std::vector<uint64_t> cancellingValues(ElementType t, int64_t n, Rng& rng) {
  const FloatFormat& f = floatFormat(t);
  std::vector<uint64_t> out;
  out.reserve(static_cast<size_t>(n));
  // Pairs (x, -x + r ulp(x)) with |x| in [2^e, 2^(e+1)): the second term is exact, so each pair sums to
  // the small residue r ulp(x), which an accumulation that adds the large terms of other pairs first
  // (whose ulps are larger) loses. e ranges from about half the precision to 8 above it, capped so a
  // few sums stay finite in narrow formats.
  const int precision = f.mantissa_bits + 1;
  mpfr_t m;
  mpfr_init2(m, 256);
  decodeFloat(t, largestFinite(t), m);
  const int top = static_cast<int>(mpfr_get_exp(m)) - 1;  // largest finite value is in [2^top, 2^(top+1))
  mpfr_clear(m);
  const int hi = std::max(0, std::min(precision + 8, top - 3));
  const int lo = std::min(hi, std::max(0, precision / 2));
  while (static_cast<int64_t>(out.size()) + 1 < n) {
    const int e = static_cast<int>(rng.range(lo, hi));
    const double ulp = std::ldexp(1.0, e - (precision - 1));
    const double x = std::ldexp(1.0, e) + ulp * static_cast<double>(rng.range(0, (int64_t{1} << std::min(precision - 1, 20)) - 1));
    const double small = ulp * static_cast<double>(rng.range(-8, 8));
    const bool negate = rng.chance(1, 2);
    const uint64_t a = floatFromDouble(t, negate ? -x : x);
    const uint64_t b = floatFromDouble(t, negate ? x - small : -x + small);
    if (rng.chance(1, 2)) {
      out.push_back(a);
      out.push_back(b);
    } else {
      out.push_back(b);
      out.push_back(a);
    }
  }
  if (static_cast<int64_t>(out.size()) < n) out.push_back(floatFromDouble(t, 1.0));
  return out;
}

// --- GenContext ------------------------------------------------------------------------------------------

GenContext::GenContext(std::string op, ElementType type, Strategy strategy, uint64_t seed)
    : op_(std::move(op)), type_(type), strategy_(strategy), rng_(seed),
      // A generator's op is a stablehlo short name ("add") or a dialect-qualified one ("chlo.lgamma").
      op_id_(opIdOf(op_.find('.') == std::string::npos ? strCat("stablehlo.", op_) : op_)) {}

std::vector<int64_t> GenContext::shape(int min_rank, int max_rank, int64_t max_elements, bool allow_empty) {
  max_rank = std::min(max_rank, 6);
  min_rank = std::min(min_rank, max_rank);
  const int rank = static_cast<int>(rng_.range(min_rank, max_rank));
  std::vector<int64_t> dims(static_cast<size_t>(rank), 1);
  int64_t budget = std::max<int64_t>(max_elements, 1);
  for (int d = 0; d < rank; ++d) {
    const int64_t limit = std::max<int64_t>(1, std::min<int64_t>(6, budget));
    dims[static_cast<size_t>(d)] = rng_.range(1, limit);
    budget /= dims[static_cast<size_t>(d)];
  }
  if (allow_empty && rank > 0 && rng_.chance(1, 12)) dims[static_cast<size_t>(rng_.range(0, rank - 1))] = 0;
  return dims;
}

std::string GenContext::tensorType(const std::vector<int64_t>& shape, std::string_view element_type) {
  std::string s = "tensor<";
  for (int64_t d : shape) strAppend(&s, d, "x");
  strAppend(&s, element_type, ">");
  return s;
}

std::string GenContext::tensorType(const std::vector<int64_t>& shape) const {
  return tensorType(shape, elementTypeName(type_));
}

namespace {
Type parseTypeText(std::string_view text) {
  AsmParser p("<generator type>", text, 0, text.size());
  Type t;
  const absl::Status s = p.parseType(t);
  if (!s.ok()) {
    fprintf(stderr, "hloconf gen: internal error: a generator wrote the type `%.*s`: %s\n", static_cast<int>(text.size()),
            text.data(), std::string(s.message()).c_str());
    abort();
  }
  return t;
}
}  // namespace

std::string GenContext::input(std::string_view type, const ValueHints& hints) {
  Tensor t(parseTypeText(type));
  fillTensor(t, strategy_, rng_, hints);
  return input(t);
}

std::string GenContext::input(const Tensor& value) {
  std::string name = strCat("%i", inputs_.size());
  inputs_.push_back({name, value, false});
  return name;
}

std::string GenContext::indexInput(std::string_view type, int64_t lo, int64_t hi) {
  Tensor t(parseTypeText(type));
  for (int64_t i = 0; i < t.numElements(); ++i) t.setBits(i, encodeInteger(t.elementType(), rng_.range(lo, hi)));
  return input(t);
}

std::string GenContext::staticConstant(const Tensor& value) {
  std::string name = strCat("%c", inputs_.size());
  inputs_.push_back({name, value, true});
  return name;
}

std::string GenContext::op(std::string_view text, int results) {
  std::string name = strCat("%v", next_value_++);
  body_.push_back(results > 1 ? strCat(name, ":", results, " = ", text) : strCat(name, " = ", text));
  return name;
}


std::string GenContext::fresh() { return strCat("%r", next_region_++); }

void GenContext::output(const std::string& value, std::string_view type) { outputs_.emplace_back(value, std::string(type)); }

void GenContext::function(std::string_view text) { functions_.emplace_back(text); }

void GenContext::setGrid(int replicas, int partitions) {
  replicas_ = replicas;
  partitions_ = partitions;
}

std::string GenContext::moduleText(std::string_view case_id, std::string_view comment) const {
  std::string s = strCat("// Case: ", case_id, "\n");
  size_t pos = 0;
  while (pos < comment.size()) {
    size_t end = comment.find('\n', pos);
    if (end == std::string_view::npos) end = comment.size();
    strAppend(&s, "// ", comment.substr(pos, end - pos), "\n");
    pos = end + 1;
  }
  if (replicas_ != 1 || partitions_ != 1) {
    strAppend(&s, "module attributes {mhlo.num_partitions = ", partitions_, " : i32, mhlo.num_replicas = ", replicas_,
              " : i32} {\n");
  } else {
    s += "module {\n";
  }
  std::string result_types, result_values;
  for (size_t k = 0; k < outputs_.size(); ++k) {
    strAppend(&result_types, k ? ", " : "", outputs_[k].second);
    strAppend(&result_values, k ? ", " : "", outputs_[k].first);
  }
  strAppend(&s, "  func.func @main() -> (", result_types, ") {\n");
  for (const Input& in : inputs_) {
    strAppend(&s, "    ", in.name, " = stablehlo.constant ", denseLiteral(in.value), " : ", in.value.type().toString(), "\n");
  }
  for (const std::string& line : body_) appendIndented(s, line, "    ");
  strAppend(&s, "    func.return ", result_values, outputs_.empty() ? "" : " : ", result_types, "\n  }\n");
  for (const std::string& f : functions_) appendIndented(s, f, "  ");
  s += "}\n";
  return s;
}

// --- Registry ----------------------------------------------------------------------------------------------

const std::vector<OpGenerator>& allGenerators() {
  static const std::vector<OpGenerator> all = [] {
    std::vector<OpGenerator> v;
    for (auto table : {elementwiseGenerators(), movementGenerators(), reductionGenerators(), controlGenerators(), graphGenerators(),
                        chloGenerators()}) {
      v.insert(v.end(), table.begin(), table.end());
    }
    return v;
  }();
  return all;
}

const OpGenerator* findGenerator(std::string_view op) {
  op = op.substr(0, op.find('('));  // graph(add+tanh): the graph generator with some of its ops
  for (const OpGenerator& g : allGenerators()) {
    if (g.op == op) return &g;
  }
  return nullptr;
}

// --- Cases -------------------------------------------------------------------------------------------------

std::string CaseKey::id() const { return strCat("gen/", op, "/", dtype, "/", strategyName(strategy), "/", seed, "/", index); }

namespace {
std::vector<std::string_view> splitOn(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t pos = 0;
  while (true) {
    const size_t end = s.find(sep, pos);
    parts.push_back(s.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  return parts;
}

// An empty list selects everything; otherwise the comma-separated globs of ir/glob.h.
bool matchesList(std::string_view list, std::string_view value) { return list.empty() || globMatchAny(list, value); }

bool listsType(const OpGenerator& g, std::string_view dtype) {
  return std::find(g.types.begin(), g.types.end(), dtype) != g.types.end();
}
// near-ties needs a wider format to find the ties in (f64 results of 8- to 32-bit floats); cancellation
// needs float sums. Neither means anything for integers.
bool strategyApplies(Strategy s, std::string_view dtype) {
  const std::optional<ElementType> t = parseElementTypeName(dtype);
  if (!t) return false;
  if (s == Strategy::kNearTies) return isFloat(*t) && bitWidth(*t) <= 32;
  if (s == Strategy::kCancellation || s == Strategy::kNormal) return isFloat(*t) || isComplex(*t);
  return true;
}

bool listsStrategy(const OpGenerator& g, Strategy s) {
  return std::find(g.strategies.begin(), g.strategies.end(), s) != g.strategies.end();
}
}  // namespace

absl::StatusOr<CaseKey> parseCaseId(std::string_view id) {
  if (id.rfind("gen/", 0) == 0) id.remove_prefix(4);
  // The dtype may contain '/'? It does not: complex<f32> has none. Split on '/'.
  const std::vector<std::string_view> parts = splitOn(id, '/');
  if (parts.size() != 5) {
    return absl::InvalidArgumentError(strCat("`gen/", id, "` is not a generated case ID: it has the form gen/<op>/<dtype>/<strategy>/<seed>/<index>"));
  }
  CaseKey key;
  key.op = std::string(parts[0]);
  key.dtype = std::string(parts[1]);
  auto s = parseStrategy(parts[2]);
  if (!s) return absl::InvalidArgumentError(strCat("unknown strategy `", parts[2], "` in case ID gen/", id));
  key.strategy = *s;
  if (!parseDecimal(parts[3], key.seed) || !parseDecimal(parts[4], key.index)) {
    return absl::InvalidArgumentError(strCat("the seed and index of gen/", id, " must be decimal numbers"));
  }
  return key;
}

absl::StatusOr<GeneratedCase> generateCase(const CaseKey& key) {
  const OpGenerator* g = findGenerator(key.op);
  if (!g) return absl::NotFoundError(strCat("no generator for op `", key.op, "` (`hloconf gen --list` lists them)"));
  if (!listsType(*g, key.dtype)) {
    return absl::InvalidArgumentError(strCat("op `", key.op, "` is not generated for element type `", key.dtype, "`"));
  }
  if (!listsStrategy(*g, key.strategy) || !strategyApplies(key.strategy, key.dtype)) {
    return absl::InvalidArgumentError(strCat("op `", key.op, "` is not generated with strategy `", strategyName(key.strategy), "` for `", key.dtype, "`"));
  }
  const std::optional<ElementType> type = parseElementTypeName(key.dtype);
  if (!type) return absl::InvalidArgumentError(strCat("unknown element type `", key.dtype, "`"));
  GeneratedCase out;
  out.id = key.id();
  auto ctx = std::make_shared<GenContext>(key.op, *type, key.strategy, fnv1a64(out.id));
  if (const size_t open = key.op.find('('); open != std::string::npos) {
    // graph(<ops>): the ops in canonical form (sorted, known), so that one program has one ID.
    if (key.op.back() != ')') return absl::InvalidArgumentError(strCat("`", key.op, "`: expected graph(<op>+<op>...)"));
    const std::string_view ops = std::string_view(key.op).substr(open + 1, key.op.size() - open - 2);
    ASSIGN_OR_RETURN(const std::string canonical, graphVariant(ops));
    if (canonical != key.op)
      return absl::InvalidArgumentError(strCat("`", key.op, "` is not a graph ID's canonical form; it is `", canonical, "`"));
    std::vector<std::string> allowed;
    for (std::string_view piece : splitOn(ops, '+')) allowed.emplace_back(piece);
    ctx->setAllowedOps(std::move(allowed));
  }
  g->build(*ctx);
  if (!ctx->skipped().empty()) {
    out.skipped = ctx->skipped();
    return out;
  }
  out.text = ctx->moduleText(out.id, strCat("Generated by hloconf (generators/); reproduce: hloconf gen --id ", out.id));
  out.context = std::move(ctx);
  return out;
}

std::string upstreamFormat(const GeneratedCase& c, const std::vector<Tensor>& expected, const std::vector<UpstreamCheck>& checks,
                           const std::vector<std::string>& notes) {
  const GenContext& ctx = *c.context;
  auto join = [](const std::vector<std::string>& items) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i) strAppend(&s, i ? ", " : "", items[i]);
    return s;
  };
  std::vector<std::string> in_names, in_types, out_types, out_values, e_names;
  for (const GenContext::Input& in : ctx.inputs()) {
    if (in.is_static) continue;
    in_names.push_back(in.name);
    in_types.push_back(in.value.type().toString());
  }
  for (const auto& [value, type] : ctx.outputs()) {
    out_values.push_back(value);
    out_types.push_back(type);
    e_names.push_back(strCat("%expected", e_names.size()));
  }
  auto results = [&](const std::vector<std::string>& types) {
    return types.size() == 1 ? types[0] : strCat("(", join(types), ")");
  };
  std::string s = strCat("// Case: ", c.id, "\n// Generated by hloconf gen; expected values from the hloconf reference (correctly rounded).\n",
                         "// Reproduce: hloconf gen --id ", c.id, "\n");
  for (const std::string& note : notes) strAppend(&s, "// ", note, "\n");
  if (ctx.replicas() != 1 || ctx.partitions() != 1) {
    strAppend(&s, "module attributes {mhlo.num_partitions = ", ctx.partitions(), " : i32, mhlo.num_replicas = ", ctx.replicas(), " : i32} {\n");
  } else {
    s += "module {\n";
  }
  strAppend(&s, "  func.func @main() -> (", join(out_types), ") {\n");
  if (!in_names.empty()) strAppend(&s, "    ", join(in_names), " = func.call @inputs() : () -> ", results(in_types), "\n");
  for (const GenContext::Input& in : ctx.inputs()) {
    if (in.is_static) strAppend(&s, "    ", in.name, " = stablehlo.constant ", denseLiteral(in.value), " : ", in.value.type().toString(), "\n");
  }
  for (const std::string& line : ctx.body()) appendIndented(s, line, "    ");
  strAppend(&s, "    ", join(e_names), " = func.call @expected() : () -> ", results(out_types), "\n");
  for (size_t k = 0; k < out_values.size() && k < checks.size(); ++k)
    s += upstreamCheckText(checks[k], out_values[k], e_names[k], expected[k].type(), strCat("%check", k), "    ");
  strAppend(&s, "    func.return ", join(out_values), " : ", join(out_types), "\n  }\n");
  if (!in_names.empty()) {
    strAppend(&s, "  func.func private @inputs() -> (", join(in_types), ") {\n");
    for (const GenContext::Input& in : ctx.inputs()) {
      if (!in.is_static) strAppend(&s, "    ", in.name, " = stablehlo.constant ", denseLiteral(in.value), " : ", in.value.type().toString(), "\n");
    }
    strAppend(&s, "    func.return ", join(in_names), " : ", join(in_types), "\n  }\n");
  }
  strAppend(&s, "  func.func private @expected() -> (", join(out_types), ") {\n");
  for (size_t k = 0; k < expected.size(); ++k) {
    strAppend(&s, "    ", e_names[k], " = stablehlo.constant ", denseLiteral(expected[k]), " : ", expected[k].type().toString(), "\n");
  }
  strAppend(&s, "    func.return ", join(e_names), " : ", join(out_types), "\n  }\n");
  for (const std::string& f : ctx.functions()) appendIndented(s, f, "  ");
  s += "}\n";
  return s;
}

absl::StatusOr<std::vector<CaseKey>> expandSuite(std::string_view spec, uint64_t seed, uint64_t count,
                                                 std::string_view dtypes, std::string_view strategies,
                                                 std::string_view graph_ops) {
  std::vector<CaseKey> keys;
  if (spec.rfind("gen/", 0) == 0) {
    ASSIGN_OR_RETURN(auto key, parseCaseId(spec));
    const OpGenerator* g = findGenerator(key.op);
    if (!g) return absl::NotFoundError(strCat("no generator for op `", key.op, "`"));
    keys.push_back(key);
    return keys;
  }
  if (spec.rfind("gen:", 0) != 0) return absl::InvalidArgumentError(strCat("`", spec, "` is not a generated suite (gen:<op>)"));
  spec.remove_prefix(4);
  const std::vector<std::string_view> parts = splitOn(spec, '/');
  if (parts.size() > 3 || parts[0].empty()) {
    return absl::InvalidArgumentError(strCat("`gen:", spec, "`: a generated suite is gen:<op>[/<dtype>[/<strategy>]] or gen:all"));
  }
  // gen:graph(<ops>): the graph suite with those ops.
  std::string_view op_part = parts[0];
  std::string ops_in_spec;
  if (const size_t open = op_part.find('('); open != std::string_view::npos && op_part.back() == ')') {
    ops_in_spec = std::string(op_part.substr(open + 1, op_part.size() - open - 2));
    op_part = op_part.substr(0, open);
    graph_ops = ops_in_spec;
  }
  std::string graph_name = "graph";
  if (!graph_ops.empty()) {
    ASSIGN_OR_RETURN(graph_name, graphVariant(graph_ops));
  }
  std::vector<const OpGenerator*> ops;
  if (op_part == "all") {
    for (const OpGenerator& g : allGenerators()) ops.push_back(&g);
  } else {
    for (const OpGenerator& g : allGenerators()) {
      if (matchesList(op_part, g.op)) ops.push_back(&g);
    }
    if (ops.empty()) {
      std::vector<std::string> names;
      for (const OpGenerator& g : allGenerators()) names.emplace_back(g.op);
      const std::string meant = likelyMeant(op_part, names);
      return absl::NotFoundError(strCat("no generator for op `", op_part, "`", meant.empty() ? "" : strCat("; did you mean `", meant, "`?"),
                                        " (`hloconf gen --list` lists them)"));
    }
  }
  if (parts.size() >= 3 && !parseStrategy(parts[2])) {
    return absl::InvalidArgumentError(strCat("unknown strategy `", parts[2], "` (uniform, special, log-uniform, near-ties, cancellation)"));
  }
  for (const OpGenerator* g : ops) {
    for (std::string_view dtype : g->types) {
      if (parts.size() >= 2 && !matchesList(parts[1], dtype)) continue;
      if (!matchesList(dtypes, dtype)) continue;
      for (Strategy s : g->strategies) {
        if (parts.size() >= 3 && strategyName(s) != parts[2]) continue;
        if (!matchesList(strategies, strategyName(s)) || !strategyApplies(s, dtype)) continue;
        const std::string op = g->op == "graph" ? graph_name : std::string(g->op);
        for (uint64_t i = 0; i < count; ++i) keys.push_back({op, std::string(dtype), s, seed, i});
      }
    }
  }
  return keys;
}

}  // namespace hloconf::gen
