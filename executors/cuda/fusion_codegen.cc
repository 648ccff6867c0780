// Fused elementwise runs as generated CUDA source (fusion_codegen.h).
#include "executors/cuda/fusion_codegen.h"

#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace hloconf::cuda::fusion {
namespace {

const char* storageType(DType t) {
  switch (t) {
    case kF16: return "dm::Half";
    case kBF16: return "dm::BFloat";
    case kF32: return "float";
    case kF64: return "double";
    default: return nullptr;
  }
}

// One value of the program: a local's name and whether it is a predicate (bool) or a value (S).
struct Value {
  std::string name;
  bool pred = false;
};

// add, subtract and multiply of f32 and f64 as the intrinsics with an explicit rounding: the compiler never
// contracts those into a fused multiply-add, so that a multiply followed by an add rounds twice, as the
// unfused kernels (one op per kernel) do. The other ops are the per-element functions of device_math.h.
const char* roundedIntrinsic(DType t, BOp op) {
  const bool f32 = t == kF32;
  if (t != kF32 && t != kF64) return nullptr;
  switch (op) {
    case BOp::kAdd: return f32 ? "__fadd_rn" : "__dadd_rn";
    case BOp::kSub: return f32 ? "__fsub_rn" : "__dsub_rn";
    case BOp::kMul: return f32 ? "__fmul_rn" : "__dmul_rn";
    default: return nullptr;
  }
}

// The straight-line body: one local per instruction (t<k>), the inputs already in x<r>. Returns false when
// the code is not well formed.
bool emitBody(DType t, const Code& code, std::string& body, std::vector<Value>& outputs) {
  Value regs[kMaxRegs];
  for (int r = 0; r < code.num_inputs; ++r) regs[r] = Value{absl::StrCat("x", r), code.input_is_pred[r] != 0};
  auto operand = [&](int r, bool want_pred, std::string& name) {
    if (r < 0 || r >= kMaxRegs || regs[r].name.empty() || regs[r].pred != want_pred) return false;
    name = regs[r].name;
    return true;
  };
  // The value's register is opaque to the optimizer between ops: without it, a multiply that ends one op's
  // function and an add that starts the next op's could be contracted into one rounding.
  const char* constraint = t == kF32 ? "f" : t == kF64 ? "d" : nullptr;
  for (int k = 0; k < code.num_ops; ++k) {
    const Instr& in = code.ops[k];
    const std::string dst = absl::StrCat("t", k);
    std::string a, b, c;
    bool pred_result = false;
    std::string expr;
    switch (in.op) {
      case Op::kUnary:
        if (!operand(in.a, false, a) || in.code > static_cast<int>(dm::kLastFloatUnary) ||
            !dm::floatUnarySupported(static_cast<UOp>(in.code)))
          return false;
        expr = absl::StrCat("E::store(dm::floatUnary<C>(static_cast<UOp>(", in.code, "), E::load(", a, ")))");
        break;
      case Op::kBinary:
        if (!operand(in.a, false, a) || !operand(in.b, false, b) || !dm::floatBinarySupported(static_cast<BOp>(in.code))) return false;
        if (const char* intrinsic = roundedIntrinsic(t, static_cast<BOp>(in.code))) expr = absl::StrCat(intrinsic, "(", a, ", ", b, ")");
        else expr = absl::StrCat("E::store(dm::floatBinary<C>(static_cast<BOp>(", in.code, "), E::load(", a, "), E::load(", b, ")))");
        break;
      case Op::kCompare:
        if (!operand(in.a, false, a) || !operand(in.b, false, b) || in.code > static_cast<int>(CmpDir::kLT) ||
            in.code2 > static_cast<int>(CmpKind::kTotalOrder))
          return false;
        expr = absl::StrCat("dm::compareFloat<S>(static_cast<CmpDir>(", in.code, "), static_cast<CmpKind>(", in.code2, "), ", a, ", ", b, ")");
        pred_result = true;
        break;
      case Op::kIsFinite:
        if (!operand(in.a, false, a)) return false;
        expr = absl::StrCat("dm::isFinite(E::load(", a, "))");
        pred_result = true;
        break;
      case Op::kSelect:
        if (!operand(in.a, true, a) || !operand(in.b, false, b) || !operand(in.c, false, c)) return false;
        expr = absl::StrCat("(", a, " ? ", b, " : ", c, ")");
        break;
      case Op::kClamp:  // min(max(operand, min), max), each rounded as clamp's kernel does
        if (!operand(in.a, false, a) || !operand(in.b, false, b) || !operand(in.c, false, c)) return false;
        expr = absl::StrCat("E::store(dm::floatBinary<C>(BOp::kMin, E::load(E::store(dm::floatBinary<C>(BOp::kMax, E::load(", b,
                            "), E::load(", a, ")))), E::load(", c, ")))");
        break;
      case Op::kMove:
        if (!operand(in.a, false, a)) return false;
        expr = a;
        break;
      case Op::kConst: {
        if (in.a >= code.num_consts || in.a >= kMaxConsts) return false;
        char bits[32];
        std::snprintf(bits, sizeof bits, "0x%llxull", static_cast<unsigned long long>(code.consts[in.a]));
        expr = absl::StrCat("fromBits<S>(", bits, ")");
        break;
      }
      default: return false;
    }
    if (in.dst >= kMaxRegs) return false;
    absl::StrAppend(&body, "    ", pred_result ? "bool " : "S ", dst, " = ", expr, ";\n");
    if (!pred_result && constraint) absl::StrAppend(&body, "    asm(\"\" : \"+", constraint, "\"(", dst, "));\n");
    regs[in.dst] = Value{dst, pred_result};
  }
  for (int o = 0; o < code.num_outputs; ++o) {
    const int r = code.output_reg[o];
    if (r >= kMaxRegs || regs[r].name.empty() || regs[r].pred != (code.output_is_pred[o] != 0)) return false;
    outputs.push_back(regs[r]);
  }
  return true;
}

}  // namespace

std::string generatedKernelSource(DType t, const Code& code) {
  const char* storage = storageType(t);
  if (!storage || code.num_inputs < 0 || code.num_inputs > kMaxRegs || code.num_outputs < 1 || code.num_outputs > kMaxOutputs ||
      code.num_ops < 0 || code.num_ops > kMaxOps || code.num_consts < 0 || code.num_consts > kMaxConsts)
    return "";
  std::string body;
  std::vector<Value> outputs;
  if (!emitBody(t, code, body, outputs)) return "";

  std::string s = absl::StrCat(
      "// Generated by hloconf (executors/cuda/fusion_codegen.cc): one fused elementwise run.\n"
      "#include \"executors/cuda/device_math.h\"\n"
      "using namespace hloconf::cuda;\n"
      "namespace {\n"
      "typedef ", storage, " S;\n"
      "typedef dm::Elem<S> E;\n"
      "typedef E::C C;\n"
      "struct Pointers { const void* in[", kMaxRegs, "]; void* out[", kMaxOutputs, "]; };\n"
      "template <class T> struct alignas(4 * sizeof(T)) Vec4 { T v[4]; };\n"
      "template <class T> __device__ __forceinline__ T fromBits(unsigned long long b) { T v; memcpy(&v, &b, sizeof(T)); return v; }\n"
      "}  // namespace\n"
      "extern \"C\" __global__ void ", kGeneratedKernelName, "(const Pointers p, long long n, bool vec) {\n");
  // One-element inputs (select's predicate, clamp's bounds) are read once.
  for (int r = 0; r < code.num_inputs; ++r) {
    if (!code.input_is_scalar[r]) continue;
    if (code.input_is_pred[r]) absl::StrAppend(&s, "  const bool s", r, " = static_cast<const unsigned char*>(p.in[", r, "])[0] != 0;\n");
    else absl::StrAppend(&s, "  const S s", r, " = static_cast<const S*>(p.in[", r, "])[0];\n");
  }
  absl::StrAppend(&s,
                  "  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;\n"
                  "  long long done = 0;\n"
                  "  if (vec) {\n"
                  "    const long long groups = n / 4;\n"
                  "    for (long long g = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; g < groups; g += stride) {\n");
  for (int r = 0; r < code.num_inputs; ++r) {
    if (code.input_is_scalar[r]) continue;
    const char* elem = code.input_is_pred[r] ? "unsigned char" : "S";
    absl::StrAppend(&s, "      const Vec4<", elem, "> v", r, " = static_cast<const Vec4<", elem, ">*>(p.in[", r, "])[g];\n");
  }
  for (int o = 0; o < code.num_outputs; ++o) absl::StrAppend(&s, "      Vec4<", code.output_is_pred[o] ? "unsigned char" : "S", "> w", o, ";\n");
  absl::StrAppend(&s, "#pragma unroll\n      for (int j = 0; j < 4; ++j) {\n");
  for (int r = 0; r < code.num_inputs; ++r) {
    const bool pred = code.input_is_pred[r] != 0;
    const std::string from = code.input_is_scalar[r] ? absl::StrCat("s", r) : absl::StrCat("v", r, ".v[j]", pred ? " != 0" : "");
    absl::StrAppend(&s, "    ", pred ? "bool" : "S", " x", r, " = ", from, ";\n");
  }
  absl::StrAppend(&s, body);
  for (int o = 0; o < code.num_outputs; ++o) {
    if (outputs[o].pred) absl::StrAppend(&s, "    w", o, ".v[j] = (", outputs[o].name, " ? 1 : 0);\n");
    else absl::StrAppend(&s, "    w", o, ".v[j] = ", outputs[o].name, ";\n");
  }
  absl::StrAppend(&s, "      }\n");
  for (int o = 0; o < code.num_outputs; ++o) {
    const char* elem = code.output_is_pred[o] ? "unsigned char" : "S";
    absl::StrAppend(&s, "      static_cast<Vec4<", elem, ">*>(p.out[", o, "])[g] = w", o, ";\n");
  }
  absl::StrAppend(&s,
                  "    }\n"
                  "    done = groups * 4;\n"
                  "  }\n"
                  "  for (long long i = done + static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {\n");
  for (int r = 0; r < code.num_inputs; ++r) {
    const bool pred = code.input_is_pred[r] != 0;
    std::string from;
    if (code.input_is_scalar[r]) from = absl::StrCat("s", r);
    else if (pred) from = absl::StrCat("static_cast<const unsigned char*>(p.in[", r, "])[i] != 0");
    else from = absl::StrCat("static_cast<const S*>(p.in[", r, "])[i]");
    absl::StrAppend(&s, "    ", pred ? "bool" : "S", " x", r, " = ", from, ";\n");
  }
  absl::StrAppend(&s, body);
  for (int o = 0; o < code.num_outputs; ++o) {
    if (outputs[o].pred) absl::StrAppend(&s, "    static_cast<unsigned char*>(p.out[", o, "])[i] = ", outputs[o].name, " ? 1 : 0;\n");
    else absl::StrAppend(&s, "    static_cast<S*>(p.out[", o, "])[i] = ", outputs[o].name, ";\n");
  }
  absl::StrAppend(&s, "  }\n}\n");
  return s;
}

}  // namespace hloconf::cuda::fusion
