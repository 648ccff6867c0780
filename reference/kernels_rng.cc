// Random numbers: rng_bit_generator, rng. docs/rng.md describes the generators, the state
// layouts (XLA's, matched bit for bit for THREE_FRY and PHILOX) and the sources they were derived from.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

// --- The block functions (Salmon et al., SC11; Random123) -----------------------------------------------

uint32_t rotl32(uint32_t v, int d) { return (v << d) | (v >> (32 - d)); }

// Threefry-2x32 with 20 rounds: the key schedule has a third word key0 ^ key1 ^ 0x1BD11BDA, injected
// (with the injection count added to the second word) after every 4 rounds.
std::array<uint32_t, 2> threefry2x32(std::array<uint32_t, 2> x, std::array<uint32_t, 2> key) {
  static constexpr int kRotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  const uint32_t ks[3] = {key[0], key[1], 0x1BD11BDAu ^ key[0] ^ key[1]};
  x[0] += ks[0];
  x[1] += ks[1];
  for (int block = 0; block < 5; ++block) {
    for (int r = 0; r < 4; ++r) {
      x[0] += x[1];
      x[1] = rotl32(x[1], kRotations[(block % 2) * 4 + r]) ^ x[0];
    }
    x[0] += ks[(block + 1) % 3];
    x[1] += ks[(block + 2) % 3] + static_cast<uint32_t>(block + 1);
  }
  return x;
}

// Philox-4x32 with 10 rounds. A round multiplies words 0 and 2 by the two multipliers (64-bit products)
// and mixes the high halves with words 1 and 3 and the key; the key is bumped by the Weyl constants.
std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 4> c, std::array<uint32_t, 2> key) {
  for (int round = 0; round < 10; ++round) {
    const uint64_t p0 = uint64_t{c[0]} * 0xD2511F53u;
    const uint64_t p1 = uint64_t{c[2]} * 0xCD9E8D57u;
    c = {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ key[0], static_cast<uint32_t>(p1),
         static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ key[1], static_cast<uint32_t>(p0)};
    key[0] += 0x9E3779B9u;
    key[1] += 0xBB67AE85u;
  }
  return c;
}

std::array<uint32_t, 2> split64(uint64_t v) { return {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)}; }
uint64_t join64(uint32_t lo, uint32_t hi) { return uint64_t{lo} | (uint64_t{hi} << 32); }

// A 128-bit Philox counter as XLA keeps it: two u64 words, low first.
struct Counter128 {
  uint64_t low = 0, high = 0;
  Counter128 plus(uint64_t n) const {
    const uint64_t l = low + n;
    return {l, l < low ? high + 1 : high};
  }
  std::array<uint32_t, 4> words() const {
    return {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), static_cast<uint32_t>(high),
            static_cast<uint32_t>(high >> 32)};
  }
};

int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0); }

// --- rng_bit_generator ------------------------------------------------------------------------------------

// Fills `out` (bits of `width` <= 64 per element; 8/16-bit widths and sub-byte ones keep the low bits of a
// 32-bit draw) and returns the new counter word(s).

// THREE_FRY as XLA (prng.cc ThreeFryBitGenerator): key = state[0], counter = state[1].
// 64-bit elements: element i (row-major) is Threefry(counter + i) as lo | hi << 32; new counter + n.
// Narrower elements: the shape is split in halves along a dimension (the first even one, else the first
// largest); element idx takes word idx[s] % 2 of Threefry(counter + j), where j is the row-major index of
// idx with idx[s] replaced by idx[s] / 2 in the shape whose dimension s is ceil(d_s / 2); the new counter is
// counter + (elements of that half shape). A scalar uses word 0 of Threefry(counter), counter + 1.
uint64_t threefryFill(Tensor& out, uint64_t key, uint64_t counter) {
  const std::array<uint32_t, 2> k = split64(key);
  const int width = bitWidth(out.elementType());
  const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  const std::vector<int64_t>& shape = out.type().shape();
  const int64_t n = out.numElements();
  if (width == 64) {
    for (int64_t i = 0; i < n; ++i) {
      const auto x = threefry2x32(split64(counter + static_cast<uint64_t>(i)), k);
      out.setBits(i, join64(x[0], x[1]));
    }
    return counter + static_cast<uint64_t>(n);
  }
  if (shape.empty()) {
    out.setBits(0, threefry2x32(split64(counter), k)[0] & mask);
    return counter + 1;
  }
  const int64_t rank = static_cast<int64_t>(shape.size());
  int64_t split = -1;
  for (int64_t d = 0; d < rank && split < 0; ++d) {
    if (shape[d] % 2 == 0) split = d;
  }
  if (split < 0) {
    for (int64_t d = 0; d < rank; ++d) {
      if (split < 0 || shape[d] > shape[split]) split = d;
    }
  }
  std::vector<int64_t> half = shape;
  half[split] = ceilDiv(shape[split], 2);
  const int64_t half_elements = numElements(half);
  const std::vector<int64_t> strides = rowMajorStrides(half);
  std::vector<int64_t> idx(rank, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t j = 0;
    for (int64_t d = 0; d < rank; ++d) j += (d == split ? idx[d] / 2 : idx[d]) * strides[d];
    const auto x = threefry2x32(split64(counter + static_cast<uint64_t>(j)), k);
    out.setBits(i, x[idx[split] % 2] & mask);
    nextIndex(idx, shape);
  }
  return counter + static_cast<uint64_t>(half_elements);
}

// PHILOX as XLA (prng.cc PhiloxBitGenerator): key = state[0]; the 128-bit counter c is (state[1], state[2])
// for a u64[3] state and (state[1], state[0]) for a u64[2] one (XLA reverses the state). Block b is
// Philox(c + b). 32-bit (and narrower) element i is word i % 4 of block i / 4; 64-bit element i is words
// (0, 1) or (2, 3), as lo | hi << 32, of block i / 2. The new counter is c + (blocks used).
Counter128 philoxFill(Tensor& out, uint64_t key, Counter128 counter) {
  const std::array<uint32_t, 2> k = split64(key);
  const int width = bitWidth(out.elementType());
  const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  const int64_t n = out.numElements();
  std::array<uint32_t, 4> block{};
  int64_t current = -1;
  const int per_block = width == 64 ? 2 : 4;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t b = i / per_block;
    if (b != current) block = philox4x32(counter.plus(static_cast<uint64_t>(b)).words(), k), current = b;
    const int w = static_cast<int>(i % per_block);
    out.setBits(i, width == 64 ? join64(block[2 * w], block[2 * w + 1]) : block[w] & mask);
  }
  return counter.plus(static_cast<uint64_t>(ceilDiv(n, per_block)));
}

Results rngBitGeneratorKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "needs one operand (initial_state)");
  ASSIGN_OR_RETURN(const Tensor* state_operand, tensorOperand(interp, op, operands, 0));
  const Tensor& state = *state_operand;
  if (state.type().rank() != 1 || state.elementType() != ElementType::kUI64) {
    return interp.opError(op, strCat("initial_state must be a 1-dimensional tensor of ui64, got ", state.type().toString()));
  }
  if (op.results.size() != 2) return interp.opError(op, "needs two results (output_state, output)");
  const std::string_view name = RngBitGeneratorOp(op).rngAlgorithm();
  if (name.empty()) return interp.opError(op, "needs an rng_algorithm");
  if (name != "DEFAULT" && name != "THREE_FRY" && name != "PHILOX") {
    return interp.opError(op, strCat("unknown rng_algorithm ", name));
  }
  const int64_t size = state.numElements();
  if (name == "THREE_FRY" && size != 2) {
    return interp.opError(op, strCat("THREE_FRY needs an initial_state of 2 elements, got ", size));
  }
  if (name == "PHILOX" && size != 2 && size != 3) {
    return interp.opError(op, strCat("PHILOX needs an initial_state of 2 or 3 elements, got ", size));
  }
  ASSIGN_OR_RETURN(const Type state_type, resultTensorType(interp, op, 0, state.type().shape()));
  if (state_type.elementType() != ElementType::kUI64 || state_type.isQuantized()) {
    return interp.opError(op, "output_state must have the type of initial_state");
  }
  const Type& out_declared = op.results[1]->type;
  if (!out_declared.isTensor() || !out_declared.hasStaticShape()) {
    return interp.opError(op, "output must be a static-shaped tensor");
  }
  if (out_declared.isQuantized()) return interp.opError(op, "output must have an integer or floating-point element type");
  const ElementType et = out_declared.elementType();
  if (isBoolean(et) || isComplex(et) || (!isInteger(et) && !isFloat(et))) {
    return interp.opError(op, strCat("output must have an integer or floating-point element type, got ", out_declared.toString()));
  }
  const int width = bitWidth(et);
  if (width > 64 || (width > 32 && width < 64)) {
    return interp.unsupported(op, strCat("output element width ", width));
  }
  RETURN_IF_ERROR(checkResultSize(interp, op, out_declared));

  Tensor out(Type::tensor(out_declared.shape(), out_declared.tensorElement()));
  Tensor new_state(state_type);
  for (int64_t i = 0; i < size; ++i) new_state.setBits(i, state.bits(i));
  if (name == "DEFAULT" && size != 2 && size != 3) {
    // DEFAULT is XLA's PHILOX, which takes 2 or 3 words. The spec allows other sizes and leaves the whole
    // result implementation-defined: the reference runs PHILOX with key state[0] and counter
    // (state[1], state[2] ^ state[3] ^ ...), missing words 0, and marks every element (docs/rng.md).
    uint64_t words[3] = {0, 0, 0};
    for (int64_t i = 0; i < size; ++i) words[std::min<int64_t>(i, 2)] ^= state.bits(i);
    const Counter128 next = philoxFill(out, words[0], {words[1], words[2]});
    if (size >= 2) new_state.setBits(1, next.low);
    if (size >= 3) new_state.setBits(2, next.high);
    std::vector<uint8_t> state_marks(new_state.numElements(), 1), out_marks(out.numElements(), 1);
    return std::vector<RtValue>{RtValue::ofTensor(std::move(new_state), std::move(state_marks)),
                                RtValue::ofTensor(std::move(out), std::move(out_marks))};
  }
  const uint64_t key = state.bits(0);
  if (name == "THREE_FRY") {
    new_state.setBits(1, threefryFill(out, key, state.bits(1)));
  } else if (size == 3) {
    const Counter128 next = philoxFill(out, key, {state.bits(1), state.bits(2)});
    new_state.setBits(1, next.low);
    new_state.setBits(2, next.high);
  } else {
    // XLA drops the high word of the new counter for a u64[2] state.
    new_state.setBits(1, philoxFill(out, key, {state.bits(1), state.bits(0)}).low);
  }
  if (name != "DEFAULT") return std::vector<RtValue>{RtValue::ofTensor(std::move(new_state)), RtValue::ofTensor(std::move(out))};
  std::vector<uint8_t> state_marks(new_state.numElements(), 1), out_marks(out.numElements(), 1);
  return std::vector<RtValue>{RtValue::ofTensor(std::move(new_state), std::move(state_marks)),
                              RtValue::ofTensor(std::move(out), std::move(out_marks))};
}

// --- rng ----------------------------------------------------------------------------------------------------

// The implementation-defined generator of `rng`: element i of every `rng` op draws two u64 words,
// Philox-4x32-10 of counter (i, 0) under a fixed key, words (0, 1) and (2, 3).
constexpr std::array<uint32_t, 2> kRngKey = {0x636f6c68u, 0x21666e6fu};  // "hloconf!" little-endian

std::array<uint64_t, 2> rngDraw(int64_t index) {
  const auto w = philox4x32(Counter128{static_cast<uint64_t>(index), 0}.words(), kRngKey);
  return {join64(w[0], w[1]), join64(w[2], w[3])};
}

Results rngKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 3) return interp.opError(op, "needs three operands (a, b, shape)");
  std::array<const Tensor*, 3> in{};
  for (size_t i = 0; i < 3; ++i) {
    ASSIGN_OR_RETURN(in[i], tensorOperand(interp, op, operands, i));
  }
  const Tensor& a = *in[0];
  const Tensor& b = *in[1];
  const Tensor& shape_t = *in[2];
  if (a.type().rank() != 0 || b.type().rank() != 0) return interp.opError(op, "a and b must be 0-dimensional tensors");
  // One element type for a, b and the result (C1) and floating-point a and b for NORMAL (C2) are the verify
  // function's (ir/op_verify_numeric.cc).
  const ElementType t = a.elementType();
  if (a.type().isQuantized() || b.type().isQuantized() || (!isInteger(t) && !isBoolean(t) && !isFloat(t))) {
    return interp.opError(op, "a and b must have an integer, boolean or floating-point element type");
  }
  if (shape_t.type().rank() != 1 || !isInteger(shape_t.elementType())) {
    return interp.opError(op, "shape must be a 1-dimensional integer tensor");
  }
  std::vector<int64_t> shape;
  for (int64_t i = 0; i < shape_t.numElements(); ++i) {
    const int64_t d = decodeSignedInteger(shape_t.elementType(), shape_t.bits(i));
    if (d < 0) return interp.opError(op, strCat("shape has a negative dimension ", d));
    shape.push_back(d);
  }
  // shape(result) = shape (C3), with the values of the shape operand, known at run time.
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));
  const std::string_view distribution = RngOp(op).rngDistribution();
  if (distribution != "UNIFORM" && distribution != "NORMAL") return interp.opError(op, "needs an rng_distribution of UNIFORM or NORMAL");
  const bool uniform = distribution == "UNIFORM";
  Tensor out(result_type);
  const int64_t n = out.numElements();

  if (!isFloat(t)) {
    const __int128 lo = integerValue(t, a.bits(0));
    const __int128 hi = integerValue(t, b.bits(0));
    if (lo >= hi) return interp.opError(op, "UNIFORM with a >= b is undefined behaviour");
    const unsigned __int128 range = static_cast<unsigned __int128>(hi - lo);
    for (int64_t i = 0; i < n; ++i) {
      const __int128 v = lo + static_cast<__int128>(static_cast<unsigned __int128>(rngDraw(i)[0]) % range);
      out.setBits(i, wrapInteger(t, v));
    }
  } else {
    static_assert(sizeof(unsigned long) == 8, "mpfr_set_ui takes the 64-bit draws whole");
    constexpr mpfr_prec_t kPrec = 256;
    MpFloat fa(kPrec), fb(kPrec), u(kPrec), v(kPrec), w(kPrec), r(kPrec);
    decodeFloat(t, a.bits(0), fa);
    decodeFloat(t, b.bits(0), fb);
    if (uniform) {
      if (mpfr_nan_p(fa) || mpfr_nan_p(fb) || mpfr_cmp(fa, fb) >= 0) {
        return interp.opError(op, "UNIFORM with a >= b (or a NaN bound) is undefined behaviour");
      }
      if (mpfr_inf_p(fa) || mpfr_inf_p(fb)) return interp.opError(op, "UNIFORM needs finite bounds (no uniform distribution on an infinite interval)");
    } else if (mpfr_cmp_ui(fb, 0) < 0) {
      return interp.opError(op, "NORMAL with b < 0 is undefined behaviour");
    }
    for (int64_t i = 0; i < n; ++i) {
      const auto draw = rngDraw(i);
      if (uniform) {
        // a + u (b - a) with u = k / 2^64 in [0, 1); a result that rounds up to b is replaced by a.
        mpfr_set_ui_2exp(u, draw[0], -64, MPFR_RNDN);
        mpfr_sub(w, fb, fa, MPFR_RNDN);
        mpfr_mul(w, w, u, MPFR_RNDN);
        mpfr_add(r, fa, w, MPFR_RNDN);
        uint64_t bits = encodeFloat(t, r);
        decodeFloat(t, bits, v);
        if (mpfr_nan_p(v) || mpfr_cmp(v, fb) >= 0 || mpfr_cmp(v, fa) < 0) bits = a.bits(0);
        out.setBits(i, bits);
      } else {
        // Box-Muller: a + b sqrt(-2 ln u1) cos(2 pi u2), u1 = (k1 + 1) / 2^64 in (0, 1], u2 = k2 / 2^64.
        mpfr_set_ui(u, draw[0], MPFR_RNDN);
        mpfr_add_ui(u, u, 1, MPFR_RNDN);
        mpfr_mul_2si(u, u, -64, MPFR_RNDN);
        mpfr_log(u, u, MPFR_RNDN);
        mpfr_mul_si(u, u, -2, MPFR_RNDN);
        mpfr_sqrt(u, u, MPFR_RNDN);
        mpfr_const_pi(w, MPFR_RNDN);
        mpfr_mul_2si(w, w, 1, MPFR_RNDN);
        mpfr_set_ui_2exp(v, draw[1], -64, MPFR_RNDN);
        mpfr_mul(w, w, v, MPFR_RNDN);
        mpfr_cos(w, w, MPFR_RNDN);
        mpfr_mul(u, u, w, MPFR_RNDN);
        mpfr_mul(u, u, fb, MPFR_RNDN);
        mpfr_add(r, fa, u, MPFR_RNDN);
        out.setBits(i, encodeFloat(t, r));
      }
    }
  }
  std::vector<uint8_t> marks(n, 1);
  return std::vector<RtValue>{RtValue::ofTensor(std::move(out), std::move(marks))};
}

constexpr KernelDef kKernels[] = {
    {OpId::kRngBitGenerator, rngBitGeneratorKernel},
    {OpId::kRng, rngKernel},
};

}  // namespace

std::span<const KernelDef> rngKernels() { return kKernels; }

}  // namespace hloconf::ref
