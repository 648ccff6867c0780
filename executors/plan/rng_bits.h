// rng_bit_generator's bits (docs/rng.md): XLA's THREE_FRY and PHILOX layouts as functions of one generator
// block, so that the CPU executor (a loop over the blocks) and the CUDA executor (a thread per block) run the
// same code. Self-contained (no absl, no plan.h): nvcc compiles it into the kernels, where every function is
// __host__ __device__.
#ifndef HLOCONF_EXECUTORS_PLAN_RNG_BITS_H_
#define HLOCONF_EXECUTORS_PLAN_RNG_BITS_H_

#include <stdint.h>

#if defined(__CUDACC__)
#define HLOCONF_RNG_HD __host__ __device__
#else
#define HLOCONF_RNG_HD
#endif

namespace hloconf::plan {

// DEFAULT is PHILOX; for a state of another size than 2 or 3 words, PHILOX with key state[0] and counter
// (state[1], state[2] ^ state[3] ^ ...).
enum class RngAlgorithm : uint8_t { kThreeFry, kPhilox, kPhiloxAnySize };

namespace rng {

HLOCONF_RNG_HD inline uint32_t rotateLeft(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

// Threefry-2x32 with 20 rounds (Salmon et al., SC11) on the counter's and key's u32 words, low word first.
HLOCONF_RNG_HD inline void threefry(uint64_t counter, uint64_t key, uint32_t out[2]) {
  const int rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  const uint32_t k0 = static_cast<uint32_t>(key), k1 = static_cast<uint32_t>(key >> 32);
  const uint32_t ks[3] = {k0, k1, k0 ^ k1 ^ 0x1BD11BDAu};
  uint32_t x0 = static_cast<uint32_t>(counter) + ks[0], x1 = static_cast<uint32_t>(counter >> 32) + ks[1];
  for (int r = 0; r < 20; ++r) {
    x0 += x1;
    x1 = rotateLeft(x1, rotations[r % 8]) ^ x0;
    if ((r + 1) % 4 == 0) {
      const uint32_t s = static_cast<uint32_t>((r + 1) / 4);
      x0 += ks[s % 3];
      x1 += ks[(s + 1) % 3] + s;
    }
  }
  out[0] = x0;
  out[1] = x1;
}

// Philox-4x32 with 10 rounds on a 128-bit counter (low, high) and a 64-bit key.
HLOCONF_RNG_HD inline void philox(uint64_t low, uint64_t high, uint64_t key, uint32_t c[4]) {
  c[0] = static_cast<uint32_t>(low);
  c[1] = static_cast<uint32_t>(low >> 32);
  c[2] = static_cast<uint32_t>(high);
  c[3] = static_cast<uint32_t>(high >> 32);
  uint32_t k0 = static_cast<uint32_t>(key), k1 = static_cast<uint32_t>(key >> 32);
  for (int r = 0; r < 10; ++r) {
    const uint64_t p0 = uint64_t{c[0]} * 0xD2511F53u, p1 = uint64_t{c[2]} * 0xCD9E8D57u;
    const uint32_t c1 = c[1], c3 = c[3];
    c[0] = static_cast<uint32_t>(p1 >> 32) ^ c1 ^ k0;
    c[1] = static_cast<uint32_t>(p1);
    c[2] = static_cast<uint32_t>(p0 >> 32) ^ c3 ^ k1;
    c[3] = static_cast<uint32_t>(p0);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
}

// Everything an output needs besides the state (the planner fills it: RngBitGeneratorParams::layout).
struct BitsLayout {
  RngAlgorithm algorithm = RngAlgorithm::kThreeFry;
  int64_t elements = 0;  // output elements
  int64_t words = 0;     // state words
  bool wide = false;     // 8-byte elements take 64 bits each; narrower ones 32 (their low bits kept)
  // THREE_FRY with narrow elements: the output split in halves along one dimension, seen as outer x size x
  // inner (row-major); `rank0` for a rank-0 output.
  bool rank0 = false;
  int64_t outer = 1, size = 1, inner = 1;
};

// The generator's blocks: one counter value each.
HLOCONF_RNG_HD inline int64_t blockCount(const BitsLayout& l) {
  if (l.algorithm == RngAlgorithm::kThreeFry) {
    if (l.wide) return l.elements;
    if (l.rank0) return 1;
    return l.outer * ((l.size + 1) / 2) * l.inner;
  }
  const int64_t per_block = l.wide ? 2 : 4;
  return (l.elements + per_block - 1) / per_block;
}

// PHILOX's key and 128-bit counter (low, high) from the state.
struct PhiloxStart {
  uint64_t key = 0, low = 0, high = 0;
};
HLOCONF_RNG_HD inline PhiloxStart philoxStart(const BitsLayout& l, const uint64_t* state) {
  PhiloxStart s;
  s.key = l.words >= 1 ? state[0] : 0;  // DEFAULT takes any size, even 0
  s.low = l.words >= 2 ? state[1] : 0;
  if (l.algorithm == RngAlgorithm::kPhilox) {
    s.high = l.words == 3 ? state[2] : state[0];  // XLA reverses a 2-word state: the key is the high word
  } else {
    for (int64_t i = 2; i < l.words; ++i) s.high ^= state[i];
  }
  return s;
}

// Block b's elements: emit(i, bits) for each element i it gives (64 bits for wide elements, else 32; the
// caller keeps the element's width).
template <class Emit>
HLOCONF_RNG_HD void generateBlock(const BitsLayout& l, const uint64_t* state, int64_t b, Emit&& emit) {
  if (l.algorithm == RngAlgorithm::kThreeFry) {
    const uint64_t key = state[0], counter = state[1] + static_cast<uint64_t>(b);
    uint32_t w[2];
    threefry(counter, key, w);
    if (l.wide) {
      emit(b, uint64_t{w[0]} | uint64_t{w[1]} << 32);
    } else if (l.rank0) {
      emit(0, w[0]);
    } else {
      // Block b = (o, h, k) covers the pair 2h, 2h + 1 of the split dimension.
      const int64_t half = (l.size + 1) / 2;
      const int64_t k = b % l.inner, h = (b / l.inner) % half, o = b / (l.inner * half);
      emit((o * l.size + 2 * h) * l.inner + k, w[0]);
      if (2 * h + 1 < l.size) emit((o * l.size + 2 * h + 1) * l.inner + k, w[1]);
    }
    return;
  }
  const PhiloxStart s = philoxStart(l, state);
  const uint64_t low = s.low + static_cast<uint64_t>(b);
  uint32_t w[4];
  philox(low, s.high + (low < s.low ? 1 : 0), s.key, w);
  const int64_t per_block = l.wide ? 2 : 4;
  for (int64_t k = 0; k < per_block && b * per_block + k < l.elements; ++k)
    emit(b * per_block + k, l.wide ? (uint64_t{w[2 * k]} | uint64_t{w[2 * k + 1]} << 32) : uint64_t{w[k]});
}

// The output state: the input state with its counter advanced past every block.
HLOCONF_RNG_HD inline void nextState(const BitsLayout& l, const uint64_t* state, uint64_t* next) {
  for (int64_t i = 0; i < l.words; ++i) next[i] = state[i];
  const uint64_t blocks = static_cast<uint64_t>(blockCount(l));
  if (l.algorithm == RngAlgorithm::kThreeFry) {
    next[1] = state[1] + blocks;
    return;
  }
  const PhiloxStart s = philoxStart(l, state);
  const uint64_t low = s.low + blocks;
  if (l.words >= 2) next[1] = low;
  if (l.words >= 3) next[2] = s.high + (low < s.low ? 1 : 0);
}

}  // namespace rng
}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_RNG_BITS_H_
