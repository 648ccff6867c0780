// Fused elementwise chains (executors/cuda/README.md, "Fusion"): a run of consecutive elementwise steps of
// one region over one element count becomes a small bytecode program that ONE kernel interprets per
// element, in registers, with the same per-element functions (device_math.h) as the unfused kernels, so
// that its results are bit-identical to theirs. Only the run's external inputs are read and only its
// external results (values read after the run, or region outputs) are written.
#ifndef HLOCONF_EXECUTORS_CUDA_FUSION_H_
#define HLOCONF_EXECUTORS_CUDA_FUSION_H_

#include <stdint.h>

#include "executors/cuda/device_math.h"

#ifndef __CUDACC__
#include <vector>

#include "executors/plan/plan.h"
#endif

namespace hloconf::cuda::fusion {

inline constexpr int kMaxOps = 32;
inline constexpr int kMaxRegs = 16;  // inputs included
inline constexpr int kMaxOutputs = 8;
inline constexpr int kMaxConsts = 8;

// One instruction: dst = op(a, b, c). A register holds a value of the run's float storage type (vals) or a
// predicate (preds); which one is fixed when the run is encoded.
enum class Op : uint8_t {
  kUnary,     // vals[dst] = unary(code, vals[a])
  kBinary,    // vals[dst] = binary(code, vals[a], vals[b])
  kCompare,   // preds[dst] = compare(dir code, kind code2, vals[a], vals[b])
  kIsFinite,  // preds[dst] = is_finite(vals[a])
  kSelect,    // vals[dst] = preds[a] ? vals[b] : vals[c]
  kClamp,     // vals[dst] = min(max(vals[b], vals[a]), vals[c]), each rounded as clamp's kernel does
  kMove,      // vals[dst] = vals[a] (a broadcast of a one-element value)
  kConst,     // vals[dst] = the encoding consts[a] (a splat constant)
};
struct Instr {
  Op op = Op::kUnary;
  uint8_t code = 0, code2 = 0;
  uint8_t dst = 0, a = 0, b = 0, c = 0;
};

// The program and the run's external inputs and outputs (registers 0..num_inputs-1 are the inputs).
struct Code {
  Instr ops[kMaxOps];
  int num_ops = 0, num_inputs = 0, num_outputs = 0;
  uint8_t input_is_pred[kMaxRegs] = {};
  uint8_t input_is_scalar[kMaxRegs] = {};  // one element for all (select's predicate, clamp's bounds)
  uint8_t output_reg[kMaxOutputs] = {};
  uint8_t output_is_pred[kMaxOutputs] = {};
  uint64_t consts[kMaxConsts] = {};  // encodings, in the low sizeof(S) bytes
  int num_consts = 0;
};

// Runs `code` on one element: vals/preds hold the inputs in registers 0..num_inputs-1 on entry. S is a float
// storage type (Half, BFloat, float, double); every op's result is rounded to S as the unfused kernels do.
template <class S>
HLOCONF_HD void evalFused(const Code& code, S* vals, uint8_t* preds) {
  using E = dm::Elem<S>;
  using C = typename E::C;
  for (int k = 0; k < code.num_ops; ++k) {
    const Instr in = code.ops[k];
    switch (in.op) {
      case Op::kUnary: vals[in.dst] = E::store(dm::floatUnary<C>(static_cast<UOp>(in.code), E::load(vals[in.a]))); break;
      case Op::kBinary:
        vals[in.dst] = E::store(dm::floatBinary<C>(static_cast<BOp>(in.code), E::load(vals[in.a]), E::load(vals[in.b])));
        break;
      case Op::kCompare:
        preds[in.dst] = dm::compareFloat<S>(static_cast<CmpDir>(in.code), static_cast<CmpKind>(in.code2), vals[in.a], vals[in.b]) ? 1 : 0;
        break;
      case Op::kIsFinite: preds[in.dst] = dm::isFinite(E::load(vals[in.a])) ? 1 : 0; break;
      case Op::kSelect: vals[in.dst] = preds[in.a] ? vals[in.b] : vals[in.c]; break;
      case Op::kClamp: {
        const S v = E::store(dm::floatBinary<C>(BOp::kMax, E::load(vals[in.b]), E::load(vals[in.a])));
        vals[in.dst] = E::store(dm::floatBinary<C>(BOp::kMin, E::load(v), E::load(vals[in.c])));
        break;
      }
      case Op::kMove: vals[in.dst] = vals[in.a]; break;
      case Op::kConst: memcpy(&vals[in.dst], &code.consts[in.a < kMaxConsts ? in.a : 0], sizeof(S)); break;
    }
  }
}

// The kernel's launcher (fusion.cu): t is a float type; in[r] the input of register r, out[o] output o;
// `stream` a cudaStream_t. Returns the launch's cudaError_t (as int: this header needs no CUDA headers, so
// that the host-only parts build and are tested without the toolkit).
int launchFused(DType t, const Code& code, const void* const* in, void* const* out, int64_t n, void* stream);

#ifndef __CUDACC__
// A fused run: steps [first, first + count) of a region, one kernel.
struct FusedRun {
  size_t first = 0, count = 0;
  DType type = kF32;
  int64_t elements = 0;
  Code code;
  std::vector<plan::Slot> inputs;   // per input register
  std::vector<plan::Slot> outputs;  // per output
};

// The maximal fusable runs (of two steps or more) among `region`'s steps (not nested regions).
std::vector<FusedRun> findRuns(const plan::Region& region, const plan::Plan& plan);

// HLOCONF_CUDA_FUSION=0 in the environment turns fusion off (read once).
bool enabled();
#endif

}  // namespace hloconf::cuda::fusion

#endif  // HLOCONF_EXECUTORS_CUDA_FUSION_H_
