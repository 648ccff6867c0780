// The quantization family's params (uniform_quantize, uniform_dequantize), and what the plan compiler
// asks of the family to run every other op on quantized tensors: the spec's dequantize_op_quantize, as
// plan steps (plan.cc, Compiler::compileDequantized).
#ifndef HLOCONF_EXECUTORS_PLAN_QUANTIZATION_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_QUANTIZATION_PARAMS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "executors/plan/plan.h"
#include "ir/element_type.h"
#include "ir/operation.h"
#include "ir/type.h"

namespace hloconf::plan {

// The quantization of one tensor, checked against the spec's constraints (Quantized element types
// (C1)-(C13)). Element i (row-major) uses scales[k] and zero_points[k] with k = (i / inner) % size:
// per-tensor, size = 1.
struct TensorQuantization {
  ElementType storage = ElementType::kSI8;
  ElementType expressed = ElementType::kF32;
  int64_t storage_min = 0;
  int64_t storage_max = 0;
  std::vector<double> scales;  // as the type gives them; the kernels round them to `expressed`
  std::vector<int64_t> zero_points;
  int64_t inner = 1;  // elements per step of the quantization dimension (the product of the later dims)
  int64_t size = 1;   // the quantization dimension's size (per-tensor: 1)
  bool perAxis() const { return size > 1 || inner > 1; }
};

// uniform_quantize from floats (`from` empty) or from another quantized type (requantization:
// quantize(dequantize(x)), the dequantized value rounded to the expressed type in between).
struct UniformQuantizeParams : StepParams {
  std::optional<TensorQuantization> from;
  TensorQuantization to;
};

// uniform_dequantize. `saturate_to_finite`: an infinity from an expressed type too narrow for the value
// becomes its largest finite value (is_finite on quantized tensors is true for every element).
struct UniformDequantizeParams : StepParams {
  TensorQuantization from;
  bool saturate_to_finite = false;
};

// The quantization of `type` (a quantized tensor type of static shape), or InvalidArgument naming the
// constraint it breaks.
absl::StatusOr<TensorQuantization> tensorQuantization(const Type& type);

// Fills the params of a uniform_quantize or uniform_dequantize step from its slot types alone (the plan
// compiler's own dequantize and quantize steps around an op on quantized tensors use this too).
absl::Status planQuantizationStep(Step& step, const Plan& plan);

// Whether `op`, with quantized operands or results, runs as it is on the storage integers: its own
// kernels (uniform_quantize, uniform_dequantize, bitcast_convert, constant), ops with regions (their bodies
// compute on quantized values themselves), and data movement whose quantized operands and results share
// one quantization (per-axis: the same scales and zero points, along whichever dimension). Every other op
// is run as dequantize -> the op on the expressed type -> quantize.
bool runsOnStorage(const Operation& op);

// For ops with a body whose argument types the operands are converted to first (reduce, reduce_window,
// scatter, all_reduce, reduce_scatter: the spec's to_destination_type): the body argument operand `i`
// is converted to, or nullopt.
std::optional<Type> bodyArgumentTypeFor(const Operation& op, size_t i);

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_QUANTIZATION_PARAMS_H_
