// The elementwise kernels' op codes (device_math.h's UOp and BOp) of the plan's ops, for the unfused
// launchers (executor.cc) and the fused runs (fusion.cc) alike.
#ifndef HLOCONF_EXECUTORS_CUDA_OP_CODES_H_
#define HLOCONF_EXECUTORS_CUDA_OP_CODES_H_

#include <optional>

#include "executors/cuda/device_math.h"
#include "ir/op_id.h"

namespace hloconf::cuda {

inline std::optional<UOp> unaryOp(OpId op) {
  switch (op) {
    case OpId::kNegate: return UOp::kNegate;
    case OpId::kAbs: return UOp::kAbs;
    case OpId::kSign: return UOp::kSign;
    case OpId::kFloor: return UOp::kFloor;
    case OpId::kCeil: return UOp::kCeil;
    case OpId::kRoundNearestAfz: return UOp::kRoundAfz;
    case OpId::kRoundNearestEven: return UOp::kRoundEven;
    case OpId::kSqrt: return UOp::kSqrt;
    case OpId::kRsqrt: return UOp::kRsqrt;
    case OpId::kCbrt: return UOp::kCbrt;
    case OpId::kExponential: return UOp::kExp;
    case OpId::kExponentialMinusOne: return UOp::kExpm1;
    case OpId::kLog: return UOp::kLog;
    case OpId::kLogPlusOne: return UOp::kLog1p;
    case OpId::kLogistic: return UOp::kLogistic;
    case OpId::kSine: return UOp::kSin;
    case OpId::kCosine: return UOp::kCos;
    case OpId::kTan: return UOp::kTan;
    case OpId::kTanh: return UOp::kTanh;
    case OpId::kNot: return UOp::kNot;
    case OpId::kPopcnt: return UOp::kPopcnt;
    case OpId::kCountLeadingZeros: return UOp::kClz;
    case OpId::kChloAcos:
      return UOp::kAcos;
    case OpId::kChloAcosh:
      return UOp::kAcosh;
    case OpId::kChloAsin:
      return UOp::kAsin;
    case OpId::kChloAsinh:
      return UOp::kAsinh;
    case OpId::kChloAtan:
      return UOp::kAtan;
    case OpId::kChloAtanh:
      return UOp::kAtanh;
    case OpId::kChloCosh:
      return UOp::kCosh;
    case OpId::kChloSinh:
      return UOp::kSinh;
    case OpId::kChloErf:
      return UOp::kErf;
    case OpId::kChloErfc:
      return UOp::kErfc;
    case OpId::kChloErfInv:
      return UOp::kErfInv;
    case OpId::kChloLgamma:
      return UOp::kLgamma;
    case OpId::kChloSquare:
      return UOp::kSquare;
    case OpId::kChloTan:
      return UOp::kTan;
    default: return std::nullopt;
  }
}
inline std::optional<BOp> binaryOp(OpId op) {
  switch (op) {
    case OpId::kAdd: return BOp::kAdd;
    case OpId::kSubtract: return BOp::kSub;
    case OpId::kMultiply: return BOp::kMul;
    case OpId::kDivide: return BOp::kDiv;
    case OpId::kRemainder: return BOp::kRem;
    case OpId::kMaximum: return BOp::kMax;
    case OpId::kMinimum: return BOp::kMin;
    case OpId::kPower: return BOp::kPow;
    case OpId::kAtan2: return BOp::kAtan2;
    case OpId::kAnd: return BOp::kAnd;
    case OpId::kOr: return BOp::kOr;
    case OpId::kXor: return BOp::kXor;
    case OpId::kShiftLeft: return BOp::kShl;
    case OpId::kShiftRightArithmetic: return BOp::kShrA;
    case OpId::kShiftRightLogical: return BOp::kShrL;
    case OpId::kChloMulhi:
      return BOp::kMulhi;
    default: return std::nullopt;
  }
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_OP_CODES_H_
