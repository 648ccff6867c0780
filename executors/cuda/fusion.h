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
  // Registers the program uses (0..num_regs-1): compactRegisters() reuses those of dead values, so that the
  // kernel's register file (in shared memory) stays small.
  int num_regs = kMaxRegs;
};

// Operand registers an instruction reads (kConst reads none; a is its constant's index).
HLOCONF_HD inline int operandCount(Op op) {
  switch (op) {
    case Op::kConst: return 0;
    case Op::kUnary: case Op::kIsFinite: case Op::kMove: return 1;
    case Op::kBinary: case Op::kCompare: return 2;
    default: return 3;  // kSelect, kClamp
  }
}

// The float ops with their op code a template argument, so that dm::floatUnary's and dm::floatBinary's
// switch folds away: the interpreter below decodes an instruction once for N elements and then runs
// straight-line code on them (decoding per element made the fused kernel instruction-bound, 2.6x behind
// XLA on a chain of five ops: docs/benchmarks.md "GPU").
template <class S> struct Registers;
template <class S, int N, UOp OP>
HLOCONF_HD void unaryLanes(const Registers<S>& regs, int a, int d) {
  using E = dm::Elem<S>;
  for (int j = 0; j < N; ++j) regs.val(d, j) = E::store(dm::floatUnary<typename E::C>(OP, E::load(regs.val(a, j))));
}
template <class S, int N, BOp OP>
HLOCONF_HD void binaryLanes(const Registers<S>& regs, int a, int b, int d) {
  using E = dm::Elem<S>;
  for (int j = 0; j < N; ++j) regs.val(d, j) = E::store(dm::floatBinary<typename E::C>(OP, E::load(regs.val(a, j)), E::load(regs.val(b, j))));
}
template <class S, int N>
HLOCONF_HD void unaryLanes(UOp op, const Registers<S>& regs, int a, int d) {
  switch (op) {
#define HLOCONF_FUSED_UNARY(X) \
  case UOp::X: unaryLanes<S, N, UOp::X>(regs, a, d); break;
    HLOCONF_FUSED_UNARY(kNegate)
    HLOCONF_FUSED_UNARY(kAbs) HLOCONF_FUSED_UNARY(kSign) HLOCONF_FUSED_UNARY(kFloor) HLOCONF_FUSED_UNARY(kCeil)
        HLOCONF_FUSED_UNARY(kRoundAfz) HLOCONF_FUSED_UNARY(kRoundEven) HLOCONF_FUSED_UNARY(kSqrt) HLOCONF_FUSED_UNARY(kRsqrt)
            HLOCONF_FUSED_UNARY(kCbrt) HLOCONF_FUSED_UNARY(kExp) HLOCONF_FUSED_UNARY(kExpm1) HLOCONF_FUSED_UNARY(kLog)
                HLOCONF_FUSED_UNARY(kLog1p) HLOCONF_FUSED_UNARY(kLogistic) HLOCONF_FUSED_UNARY(kSin) HLOCONF_FUSED_UNARY(kCos)
                    HLOCONF_FUSED_UNARY(kTan) HLOCONF_FUSED_UNARY(kTanh) HLOCONF_FUSED_UNARY(kAcos) HLOCONF_FUSED_UNARY(kAcosh)
                        HLOCONF_FUSED_UNARY(kAsin) HLOCONF_FUSED_UNARY(kAsinh) HLOCONF_FUSED_UNARY(kAtan) HLOCONF_FUSED_UNARY(kAtanh)
                            HLOCONF_FUSED_UNARY(kCosh) HLOCONF_FUSED_UNARY(kSinh) HLOCONF_FUSED_UNARY(kErf) HLOCONF_FUSED_UNARY(kErfc)
                                HLOCONF_FUSED_UNARY(kErfInv) HLOCONF_FUSED_UNARY(kLgamma) HLOCONF_FUSED_UNARY(kSquare)
#undef HLOCONF_FUSED_UNARY
                                    default : unaryLanes<S, N, UOp::kNot>(regs, a, d); break;  // not reached (floatUnary's default: the operand)
  }
}
template <class S, int N>
HLOCONF_HD void binaryLanes(BOp op, const Registers<S>& regs, int a, int b, int d) {
  switch (op) {
#define HLOCONF_FUSED_BINARY(X) \
  case BOp::X: binaryLanes<S, N, BOp::X>(regs, a, b, d); break;
    HLOCONF_FUSED_BINARY(kAdd) HLOCONF_FUSED_BINARY(kSub) HLOCONF_FUSED_BINARY(kMul) HLOCONF_FUSED_BINARY(kDiv)
    HLOCONF_FUSED_BINARY(kRem) HLOCONF_FUSED_BINARY(kMax) HLOCONF_FUSED_BINARY(kMin) HLOCONF_FUSED_BINARY(kPow)
    HLOCONF_FUSED_BINARY(kAtan2)
#undef HLOCONF_FUSED_BINARY
    default: binaryLanes<S, N, BOp::kAnd>(regs, a, b, d); break;  // not reached (floatBinary's default: a)
  }
}

// A register file of N elements: element j of register r at vals[r * stride + j * lane] (its predicate at
// preds[r * stride + j * lane]). The kernel keeps one in shared memory, lane-major across the block's
// threads; tests use arrays [r][j] (lane 1).
template <class S>
struct Registers {
  S* vals;
  uint8_t* preds;
  int stride, lane;
  HLOCONF_HD S& val(int r, int j) const { return vals[r * stride + j * lane]; }
  HLOCONF_HD uint8_t& pred(int r, int j) const { return preds[r * stride + j * lane]; }
};

// The kernel's register file (fusion.cu): in `shared`, of sharedBytes(S, num_regs, threads) bytes, element j
// of register r of thread t at (r * 4 + j) * threads + t, predicates after all values, the same way. A warp's
// access to one (r, j) is then 32 consecutive elements: no shared-memory bank conflicts.
HLOCONF_HD inline size_t sharedBytes(size_t value_bytes, int num_regs, int threads) {
  return static_cast<size_t>(num_regs) * 4 * static_cast<size_t>(threads) * (value_bytes + 1);
}
template <class S>
HLOCONF_HD Registers<S> laneMajorRegisters(unsigned char* shared, int num_regs, int threads, int t) {
  const int per_register = 4 * threads;
  S* vals = reinterpret_cast<S*>(shared);
  uint8_t* preds = shared + static_cast<size_t>(num_regs) * static_cast<size_t>(per_register) * sizeof(S);
  return Registers<S>{vals + t, preds + t, per_register, threads};
}

// Runs `code` on N elements at once: element j of register r is regs.val(r)[j] / regs.pred(r)[j], the
// inputs in registers 0..num_inputs-1 on entry. S is a float storage type (Half, BFloat, float, double);
// every op's result is rounded to S as the unfused kernels do, element by element. An instruction may
// write a register it reads (compactRegisters): each element's operands are read before its result is
// written.
template <class S, int N>
HLOCONF_HD void evalFusedLanes(const Code& code, const Registers<S>& regs) {
  using E = dm::Elem<S>;
  using C = typename E::C;
  for (int k = 0; k < code.num_ops; ++k) {
    const Instr in = code.ops[k];
    switch (in.op) {
      case Op::kUnary: unaryLanes<S, N>(static_cast<UOp>(in.code), regs, in.a, in.dst); break;
      case Op::kBinary: binaryLanes<S, N>(static_cast<BOp>(in.code), regs, in.a, in.b, in.dst); break;
      case Op::kCompare:
        for (int j = 0; j < N; ++j)
          regs.pred(in.dst, j) =
              dm::compareFloat<S>(static_cast<CmpDir>(in.code), static_cast<CmpKind>(in.code2), regs.val(in.a, j), regs.val(in.b, j)) ? 1 : 0;
        break;
      case Op::kIsFinite:
        for (int j = 0; j < N; ++j) regs.pred(in.dst, j) = dm::isFinite(E::load(regs.val(in.a, j))) ? 1 : 0;
        break;
      case Op::kSelect:
        for (int j = 0; j < N; ++j) regs.val(in.dst, j) = regs.pred(in.a, j) ? regs.val(in.b, j) : regs.val(in.c, j);
        break;
      case Op::kClamp:
        for (int j = 0; j < N; ++j) {
          const S v = E::store(dm::floatBinary<C>(BOp::kMax, E::load(regs.val(in.b, j)), E::load(regs.val(in.a, j))));
          regs.val(in.dst, j) = E::store(dm::floatBinary<C>(BOp::kMin, E::load(v), E::load(regs.val(in.c, j))));
        }
        break;
      case Op::kMove:
        for (int j = 0; j < N; ++j) regs.val(in.dst, j) = regs.val(in.a, j);
        break;
      case Op::kConst: {
        S v;
        memcpy(&v, &code.consts[in.a < kMaxConsts ? in.a : 0], sizeof(S));
        for (int j = 0; j < N; ++j) regs.val(in.dst, j) = v;
        break;
      }
    }
  }
}

// One element: vals/preds hold registers 0..kMaxRegs-1.
template <class S>
HLOCONF_HD void evalFused(const Code& code, S* vals, uint8_t* preds) {
  evalFusedLanes<S, 1>(code, Registers<S>{vals, preds, 1, 1});
}

// Whether a launch on n elements takes them four at a time with vector loads and stores (the kernels'
// `vec`): every array input and output aligned to four elements (four bytes for predicates).
inline bool fourAtATime(const Code& code, size_t value_bytes, const void* const* in, void* const* out, int64_t n) {
  auto aligned = [](const void* p, size_t bytes) { return reinterpret_cast<uintptr_t>(p) % bytes == 0; };
  bool vec = n >= 4;
  for (int r = 0; r < code.num_inputs && vec; ++r)
    if (!code.input_is_scalar[r]) vec = aligned(in[r], code.input_is_pred[r] ? 4 : 4 * value_bytes);
  for (int o = 0; o < code.num_outputs && vec; ++o) vec = aligned(out[o], code.output_is_pred[o] ? 4 : 4 * value_bytes);
  return vec;
}

// The blocks of `threads` threads a fused kernel is launched with for n elements (four per thread where
// `vec`), at most `most` (the threads then stride over the rest), at least one.
inline unsigned fusedBlocks(int64_t n, bool vec, int threads, int64_t most) {
  const int64_t blocks = ((vec ? (n + 3) / 4 : n) + threads - 1) / threads;
  return static_cast<unsigned>(blocks > most ? most : blocks < 1 ? 1 : blocks);
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

// Renumbers `code`'s registers so that a value's register is reused once the value is dead (after its last
// read; outputs live to the end), inputs staying in 0..num_inputs-1; sets num_regs. findRuns applies it.
void compactRegisters(Code& code);

// The maximal fusable runs (of two steps or more) among `region`'s steps (not nested regions).
std::vector<FusedRun> findRuns(const plan::Region& region, const plan::Plan& plan);

// HLOCONF_CUDA_FUSION=0 in the environment turns fusion off (read once).
bool enabled();
#endif

}  // namespace hloconf::cuda::fusion

#endif  // HLOCONF_EXECUTORS_CUDA_FUSION_H_
