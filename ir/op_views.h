// Typed op views: `DotGeneralOp dot(op); dot.lhsContractingDims()`. A view reads an operation's attributes
// through one decoding rule per attribute kind (AttrKind, ir/op_schema.h), so every layer agrees on what an
// attribute means whatever text form it was written in, and on what an absent optional attribute means:
// the spec's default, given by the accessor (and named in the schema's AttrDef::default_text).
//
// A view does not check: verifyAgainstSchema (ir/op_schema.h) has already established that required
// attributes are present and decode as their kind. On an unchecked operation an accessor of a missing or
// malformed attribute returns the kind's empty value (no elements, 0, false, "").
#ifndef HLOCONF_IR_OP_VIEWS_H_
#define HLOCONF_IR_OP_VIEWS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/attribute.h"
#include "ir/op_schema.h"
#include "ir/operation.h"

namespace hloconf {

// --- The decoding rules, one per attribute kind. Each returns nullopt when the attribute does not decode
// as the kind (a null attribute included).
namespace decode {
std::optional<bool> boolean(const Attribute* a);             // AttrKind::kBool; a unit attribute is true
std::optional<int64_t> i64(const Attribute* a);              // kI64
std::optional<uint64_t> floatBits(const Attribute* a);       // kFloat: the bits in a->elementType()
std::optional<std::string_view> string(const Attribute* a);  // kString
std::optional<std::vector<int64_t>> i64Array(const Attribute* a);               // kI64Array
std::optional<std::vector<std::vector<int64_t>>> i64Matrix(const Attribute* a);  // kI64Matrix, row by row
std::optional<std::vector<bool>> boolArray(const Attribute* a);                 // kBoolArray
std::optional<std::string_view> enumValue(const Attribute* a);                  // kEnum: "EQ"
std::optional<std::vector<std::string_view>> enumArray(const Attribute* a);     // kEnumArray
const Tensor* denseElements(const Attribute* a);                               // kDenseElements
const Type* type(const Attribute* a);                                          // kType
std::optional<std::string_view> symbol(const Attribute* a);                    // kSymbol: the leaf name
const Attribute* structValue(const Attribute* a);                              // kStruct
const ConvDimensionNumbers* convDimensions(const Attribute* a);                 // kConvDimensions
const NamedAttrList* dictionary(const Attribute* a);                           // kDictionary
const std::vector<Attr>* array(const Attribute* a);                            // kArray
// A typed scalar (`1.0 : f32`, `3 : i8`, `true`, or a one-element dense<...>, complex included): its
// element type and bits (`imaginary` for complex types, else 0). Integers are wrapped to their type.
struct ScalarBits {
  ElementType type;
  uint64_t real = 0;
  uint64_t imaginary = 0;
};
std::optional<ScalarBits> scalar(const Attribute* a);
// Whether `a` decodes as `kind`.
bool decodesAs(const Attribute& a, AttrKind kind);
}  // namespace decode

// The base of every view: the operation, its schema entry, and typed access to attributes by name.
class OpView {
 public:
  explicit OpView(const Operation& op) : op_(&op) {}
  const Operation& operation() const { return *op_; }
  OpId id() const { return op_->id; }

  const Type& operandType(size_t i) const { return op_->operands[i]->type; }
  const Type& resultType(size_t i) const { return op_->results[i]->type; }
  size_t numOperands() const { return op_->operands.size(); }
  size_t numResults() const { return op_->results.size(); }

  // The attribute `name` (properties, then discardable attributes), or nullptr.
  const Attribute* attribute(std::string_view name) const;
  bool hasAttribute(std::string_view name) const { return attribute(name) != nullptr; }

 protected:
  bool boolAttr(std::string_view name, bool absent = false) const;
  int64_t i64Attr(std::string_view name, int64_t absent = 0) const;
  std::optional<int64_t> optionalI64(std::string_view name) const;
  std::string_view stringAttr(std::string_view name) const;
  std::vector<int64_t> i64Array(std::string_view name) const;  // absent: empty
  std::optional<std::vector<int64_t>> optionalI64Array(std::string_view name) const;
  std::vector<std::vector<int64_t>> i64Matrix(std::string_view name) const;
  std::optional<std::vector<std::vector<int64_t>>> optionalI64Matrix(std::string_view name) const;
  std::optional<std::vector<bool>> optionalBoolArray(std::string_view name) const;
  std::string_view enumAttr(std::string_view name, std::string_view absent = {}) const;
  std::vector<std::string_view> enumArray(std::string_view name) const;
  // A field of a struct attribute (#stablehlo.gather<...>): absent lists are empty, as the spec's are.
  const Attribute* structField(std::string_view name, std::string_view field) const;
  std::vector<int64_t> structI64Array(std::string_view name, std::string_view field) const;
  int64_t structI64(std::string_view name, std::string_view field, int64_t absent = 0) const;

 private:
  const Operation* op_;
};

#define HLOCONF_VIEW(Name, Id)            \
  class Name : public OpView {            \
   public:                                \
    static constexpr OpId kId = OpId::Id; \
    using OpView::OpView;

// --- Data movement --------------------------------------------------------------------------------------

HLOCONF_VIEW(BroadcastOp, kBroadcast)
  std::vector<int64_t> broadcastSizes() const { return i64Array("broadcast_sizes"); }
};
HLOCONF_VIEW(BroadcastInDimOp, kBroadcastInDim)
  std::vector<int64_t> broadcastDimensions() const { return i64Array("broadcast_dimensions"); }
};
HLOCONF_VIEW(DynamicBroadcastInDimOp, kDynamicBroadcastInDim)
  std::vector<int64_t> broadcastDimensions() const { return i64Array("broadcast_dimensions"); }
  std::vector<int64_t> knownExpandingDimensions() const { return i64Array("known_expanding_dimensions"); }
  std::vector<int64_t> knownNonexpandingDimensions() const { return i64Array("known_nonexpanding_dimensions"); }
};
HLOCONF_VIEW(ConcatenateOp, kConcatenate)
  int64_t dimension() const { return i64Attr("dimension"); }
};
HLOCONF_VIEW(TransposeOp, kTranspose)
  std::vector<int64_t> permutation() const { return i64Array("permutation"); }
};
HLOCONF_VIEW(SliceOp, kSlice)
  std::vector<int64_t> startIndices() const { return i64Array("start_indices"); }
  std::vector<int64_t> limitIndices() const { return i64Array("limit_indices"); }
  std::vector<int64_t> strides() const { return i64Array("strides"); }
};
HLOCONF_VIEW(DynamicSliceOp, kDynamicSlice)
  std::vector<int64_t> sliceSizes() const { return i64Array("slice_sizes"); }
};
HLOCONF_VIEW(PadOp, kPad)
  std::vector<int64_t> edgePaddingLow() const { return i64Array("edge_padding_low"); }
  std::vector<int64_t> edgePaddingHigh() const { return i64Array("edge_padding_high"); }
  std::vector<int64_t> interiorPadding() const { return i64Array("interior_padding"); }
};
HLOCONF_VIEW(ReverseOp, kReverse)
  std::vector<int64_t> dimensions() const { return i64Array("dimensions"); }
};
HLOCONF_VIEW(IotaOp, kIota)
  int64_t iotaDimension() const { return i64Attr("iota_dimension"); }
};
HLOCONF_VIEW(DynamicIotaOp, kDynamicIota)
  int64_t iotaDimension() const { return i64Attr("iota_dimension"); }
};
HLOCONF_VIEW(GetDimensionSizeOp, kGetDimensionSize)
  int64_t dimension() const { return i64Attr("dimension"); }
};
HLOCONF_VIEW(GetTupleElementOp, kGetTupleElement)
  int64_t index() const { return i64Attr("index"); }
};
HLOCONF_VIEW(ConstantOp, kConstant)
  const Attribute* value() const { return attribute("value"); }
};
HLOCONF_VIEW(SortOp, kSort)
  // Default -1: the last dimension.
  int64_t dimension() const { return i64Attr("dimension", -1); }
  bool isStable() const { return boolAttr("is_stable"); }
};
HLOCONF_VIEW(TorchIndexSelectOp, kTorchIndexSelect)
  int64_t dim() const { return i64Attr("dim"); }
  int64_t batchDims() const { return i64Attr("batch_dims"); }
};

// gather and dynamic_gather share their dimension numbers (#stablehlo.gather<...>).
class GatherDimensions : public OpView {
 public:
  using OpView::OpView;
  std::vector<int64_t> offsetDims() const { return structI64Array("dimension_numbers", "offset_dims"); }
  std::vector<int64_t> collapsedSliceDims() const { return structI64Array("dimension_numbers", "collapsed_slice_dims"); }
  std::vector<int64_t> operandBatchingDims() const { return structI64Array("dimension_numbers", "operand_batching_dims"); }
  std::vector<int64_t> startIndicesBatchingDims() const {
    return structI64Array("dimension_numbers", "start_indices_batching_dims");
  }
  std::vector<int64_t> startIndexMap() const { return structI64Array("dimension_numbers", "start_index_map"); }
  int64_t indexVectorDim() const { return structI64("dimension_numbers", "index_vector_dim"); }
  bool indicesAreSorted() const { return boolAttr("indices_are_sorted"); }
};
class GatherOp : public GatherDimensions {
 public:
  static constexpr OpId kId = OpId::kGather;
  using GatherDimensions::GatherDimensions;
  std::vector<int64_t> sliceSizes() const { return i64Array("slice_sizes"); }
};
class DynamicGatherOp : public GatherDimensions {
 public:
  static constexpr OpId kId = OpId::kDynamicGather;
  using GatherDimensions::GatherDimensions;
};

HLOCONF_VIEW(ScatterOp, kScatter)
  std::vector<int64_t> updateWindowDims() const { return structI64Array("scatter_dimension_numbers", "update_window_dims"); }
  std::vector<int64_t> insertedWindowDims() const { return structI64Array("scatter_dimension_numbers", "inserted_window_dims"); }
  std::vector<int64_t> inputBatchingDims() const { return structI64Array("scatter_dimension_numbers", "input_batching_dims"); }
  std::vector<int64_t> scatterIndicesBatchingDims() const {
    return structI64Array("scatter_dimension_numbers", "scatter_indices_batching_dims");
  }
  std::vector<int64_t> scatterDimsToOperandDims() const {
    return structI64Array("scatter_dimension_numbers", "scatter_dims_to_operand_dims");
  }
  int64_t indexVectorDim() const { return structI64("scatter_dimension_numbers", "index_vector_dim"); }
  bool indicesAreSorted() const { return boolAttr("indices_are_sorted"); }
  bool uniqueIndices() const { return boolAttr("unique_indices"); }
};

// --- Elementwise and conversion ---------------------------------------------------------------------------

HLOCONF_VIEW(CompareOp, kCompare)
  std::string_view comparisonDirection() const { return enumAttr("comparison_direction"); }
  // Absent: the spec's default for the element type (FLOAT, SIGNED, UNSIGNED); "" here.
  std::string_view compareType() const { return enumAttr("compare_type"); }
};
HLOCONF_VIEW(ReducePrecisionOp, kReducePrecision)
  int64_t exponentBits() const { return i64Attr("exponent_bits"); }
  int64_t mantissaBits() const { return i64Attr("mantissa_bits"); }
};

// --- Reductions --------------------------------------------------------------------------------------------

HLOCONF_VIEW(ReduceOp, kReduce)
  std::vector<int64_t> dimensions() const { return i64Array("dimensions"); }
};
HLOCONF_VIEW(MapOp, kMap)
  std::vector<int64_t> dimensions() const { return i64Array("dimensions"); }
};
// reduce_window and select_and_scatter: window attributes. Absent lists are the spec's defaults, which
// depend on the rank, so they are given as nullopt and the kernel fills them in.
HLOCONF_VIEW(ReduceWindowOp, kReduceWindow)
  std::vector<int64_t> windowDimensions() const { return i64Array("window_dimensions"); }
  std::optional<std::vector<int64_t>> windowStrides() const { return optionalI64Array("window_strides"); }
  std::optional<std::vector<int64_t>> baseDilations() const { return optionalI64Array("base_dilations"); }
  std::optional<std::vector<int64_t>> windowDilations() const { return optionalI64Array("window_dilations"); }
  std::optional<std::vector<std::vector<int64_t>>> padding() const { return optionalI64Matrix("padding"); }
};
HLOCONF_VIEW(SelectAndScatterOp, kSelectAndScatter)
  std::optional<std::vector<int64_t>> windowDimensions() const { return optionalI64Array("window_dimensions"); }
  std::optional<std::vector<int64_t>> windowStrides() const { return optionalI64Array("window_strides"); }
  std::optional<std::vector<std::vector<int64_t>>> padding() const { return optionalI64Matrix("padding"); }
};

// --- Products ------------------------------------------------------------------------------------------------

HLOCONF_VIEW(DotGeneralOp, kDotGeneral)
  std::vector<int64_t> lhsBatchingDims() const { return structI64Array("dot_dimension_numbers", "lhs_batching_dimensions"); }
  std::vector<int64_t> rhsBatchingDims() const { return structI64Array("dot_dimension_numbers", "rhs_batching_dimensions"); }
  std::vector<int64_t> lhsContractingDims() const {
    return structI64Array("dot_dimension_numbers", "lhs_contracting_dimensions");
  }
  std::vector<int64_t> rhsContractingDims() const {
    return structI64Array("dot_dimension_numbers", "rhs_contracting_dimensions");
  }
  std::vector<std::string_view> precisionConfig() const { return enumArray("precision_config"); }
  // #stablehlo.dot_algorithm<...>, or nullptr.
  const Attribute* algorithm() const { return decode::structValue(attribute("algorithm")); }
  // A field of the algorithm (lhs_precision_type, ..., num_primitive_operations), or nullptr.
  const Attribute* algorithmField(std::string_view field) const { return structField("algorithm", field); }
};
HLOCONF_VIEW(DotOp, kDot)
  std::vector<std::string_view> precisionConfig() const { return enumArray("precision_config"); }
};
// chlo.ragged_dot: dot_general's dimension numbers plus one lhs ragged dimension and the rhs group
// dimension (chlo.md, RaggedDotDimensionNumbersAttr; written #chlo.ragged_dot<lhs_batching_dimensions = [...], ...>).
HLOCONF_VIEW(RaggedDotOp, kChloRaggedDot)
  // The three modes of chlo.md, by what the lhs ragged dimension is.
  enum class Mode : uint8_t {
    kNonContracting,  // mode 1: [b,m,k], [g,b,k,n], [b,g] -> [b,m,n]
    kContracting,     // mode 2: [b,m,k], [b,k,n], [b,g] -> [g,b,m,n]
    kBatch,           // mode 3: [b,m,k], [b,k,n], [g] -> [b,m,n]
  };
  std::vector<int64_t> lhsBatchingDims() const { return field("lhs_batching_dimensions"); }
  std::vector<int64_t> rhsBatchingDims() const { return field("rhs_batching_dimensions"); }
  std::vector<int64_t> lhsContractingDims() const { return field("lhs_contracting_dimensions"); }
  std::vector<int64_t> rhsContractingDims() const { return field("rhs_contracting_dimensions"); }
  std::vector<int64_t> lhsRaggedDims() const { return field("lhs_ragged_dimensions"); }
  std::vector<int64_t> rhsGroupDims() const { return field("rhs_group_dimensions"); }
  std::vector<std::string_view> precisionConfig() const { return enumArray("precision_config"); }
  // The mode of lhs ragged dimension `ragged`: batch if it is a batching dimension, contracting if it is a
  // contracting one, non-contracting otherwise.
  Mode mode(int64_t ragged) const;
  // The lhs dimensions that index group_sizes before its last (group) dimension, outer to inner, when it is
  // given in full as [b..., x..., g] (the upstream verifier's rule; a [g] group_sizes is broadcast over them):
  // the lhs batching dimensions in their list order, then in mode 1 the lhs non-contracting dimensions
  // before the ragged one, in mode 2 the lhs contracting dimensions listed before it; in mode 3 only the
  // batching dimensions listed before the ragged one.
  std::vector<int64_t> groupSizesPrefix(int64_t ragged) const;

 private:
  std::vector<int64_t> field(std::string_view name) const { return structI64Array("ragged_dot_dimension_numbers", name); }
};

// convolution and dynamic_conv share their attributes. Absent window lists are nullopt (rank-dependent
// defaults: strides and dilations 1, padding 0, no reversal).
class ConvolutionAttributes : public OpView {
 public:
  using OpView::OpView;
  std::optional<std::vector<int64_t>> windowStrides() const { return optionalI64Array("window_strides"); }
  std::optional<std::vector<std::vector<int64_t>>> padding() const { return optionalI64Matrix("padding"); }
  std::optional<std::vector<int64_t>> lhsDilation() const { return optionalI64Array("lhs_dilation"); }
  std::optional<std::vector<int64_t>> rhsDilation() const { return optionalI64Array("rhs_dilation"); }
  std::optional<std::vector<bool>> windowReversal() const { return optionalBoolArray("window_reversal"); }
  // Required; a default (all zero) value on an unchecked operation.
  const ConvDimensionNumbers& dimensionNumbers() const;
  int64_t featureGroupCount() const { return i64Attr("feature_group_count", 1); }
  int64_t batchGroupCount() const { return i64Attr("batch_group_count", 1); }
  std::vector<std::string_view> precisionConfig() const { return enumArray("precision_config"); }
};
class ConvolutionOp : public ConvolutionAttributes {
 public:
  static constexpr OpId kId = OpId::kConvolution;
  using ConvolutionAttributes::ConvolutionAttributes;
};
class DynamicConvOp : public ConvolutionAttributes {
 public:
  static constexpr OpId kId = OpId::kDynamicConv;
  using ConvolutionAttributes::ConvolutionAttributes;
};

// batch_norm_inference, batch_norm_training, batch_norm_grad.
class BatchNormAttributes : public OpView {
 public:
  using OpView::OpView;
  int64_t featureIndex() const { return i64Attr("feature_index"); }
  // The bits of epsilon in its own float type (epsilonType()).
  uint64_t epsilonBits() const { return decode::floatBits(attribute("epsilon")).value_or(0); }
  ElementType epsilonType() const { return attribute("epsilon") ? attribute("epsilon")->elementType() : ElementType::kF32; }
};

// --- Linear algebra ----------------------------------------------------------------------------------------

HLOCONF_VIEW(FftOp, kFft)
  std::string_view fftType() const { return enumAttr("fft_type"); }
  std::vector<int64_t> fftLength() const { return i64Array("fft_length"); }
};
HLOCONF_VIEW(CholeskyOp, kCholesky)
  bool lower() const { return boolAttr("lower"); }
};
HLOCONF_VIEW(TriangularSolveOp, kTriangularSolve)
  bool leftSide() const { return boolAttr("left_side"); }
  bool lower() const { return boolAttr("lower"); }
  bool unitDiagonal() const { return boolAttr("unit_diagonal"); }
  std::string_view transposeA() const { return enumAttr("transpose_a"); }
};

// --- Random numbers ----------------------------------------------------------------------------------------

HLOCONF_VIEW(RngOp, kRng)
  std::string_view rngDistribution() const { return enumAttr("rng_distribution"); }
};
HLOCONF_VIEW(RngBitGeneratorOp, kRngBitGenerator)
  std::string_view rngAlgorithm() const { return enumAttr("rng_algorithm"); }
};

// --- Collectives and communication ---------------------------------------------------------------------

// The attributes every collective may carry.
class CollectiveAttributes : public OpView {
 public:
  using OpView::OpView;
  // replica_groups rows, -1 padding kept (a ragged group's padding); absent: empty.
  std::vector<std::vector<int64_t>> replicaGroups() const { return i64Matrix("replica_groups"); }
  // channel_handle's handle (or a plain channel_id); 0 when absent.
  int64_t channelId() const;
  bool useGlobalDeviceIds() const { return boolAttr("use_global_device_ids"); }
};
#define HLOCONF_COLLECTIVE_VIEW(Name, Id)  \
  class Name : public CollectiveAttributes { \
   public:                                   \
    static constexpr OpId kId = OpId::Id;    \
    using CollectiveAttributes::CollectiveAttributes;

HLOCONF_COLLECTIVE_VIEW(AllReduceOp, kAllReduce)
};
HLOCONF_COLLECTIVE_VIEW(AllGatherOp, kAllGather)
  int64_t allGatherDim() const { return i64Attr("all_gather_dim"); }
};
HLOCONF_COLLECTIVE_VIEW(ReduceScatterOp, kReduceScatter)
  int64_t scatterDimension() const { return i64Attr("scatter_dimension"); }
};
HLOCONF_COLLECTIVE_VIEW(AllToAllOp, kAllToAll)
  int64_t splitDimension() const { return i64Attr("split_dimension"); }
  int64_t concatDimension() const { return i64Attr("concat_dimension"); }
  std::optional<int64_t> splitCount() const { return optionalI64("split_count"); }
};
HLOCONF_COLLECTIVE_VIEW(CollectivePermuteOp, kCollectivePermute)
  std::vector<std::vector<int64_t>> sourceTargetPairs() const { return i64Matrix("source_target_pairs"); }
};
HLOCONF_COLLECTIVE_VIEW(CollectiveBroadcastOp, kCollectiveBroadcast)
  // An extension the peer tests use (not in the spec): a last operand picks the source within the group.
  bool hasDynamicRoot() const { return boolAttr("has_dynamic_root"); }
};
HLOCONF_COLLECTIVE_VIEW(SendOp, kSend)
  bool isHostTransfer() const { return boolAttr("is_host_transfer"); }
  // channel_handle's type (1 DEVICE_TO_DEVICE, 2 DEVICE_TO_HOST, 3 HOST_TO_DEVICE); nullopt when not given.
  std::optional<int64_t> channelType() const {
    const Attribute* type = structField("channel_handle", "type");
    return type ? decode::i64(type) : std::nullopt;
  }
  std::vector<std::vector<int64_t>> sourceTargetPairs() const { return i64Matrix("source_target_pairs"); }
};
HLOCONF_COLLECTIVE_VIEW(RecvOp, kRecv)
  bool isHostTransfer() const { return boolAttr("is_host_transfer"); }
  // channel_handle's type (1 DEVICE_TO_DEVICE, 2 DEVICE_TO_HOST, 3 HOST_TO_DEVICE); nullopt when not given.
  std::optional<int64_t> channelType() const {
    const Attribute* type = structField("channel_handle", "type");
    return type ? decode::i64(type) : std::nullopt;
  }
  std::vector<std::vector<int64_t>> sourceTargetPairs() const { return i64Matrix("source_target_pairs"); }
};
#undef HLOCONF_COLLECTIVE_VIEW

HLOCONF_VIEW(InfeedOp, kInfeed)
  std::string_view infeedConfig() const { return stringAttr("infeed_config"); }
};
HLOCONF_VIEW(OutfeedOp, kOutfeed)
  std::string_view outfeedConfig() const { return stringAttr("outfeed_config"); }
};

// --- Calls and test ops ------------------------------------------------------------------------------------

// chlo.scan: inputs and inits (operandSegmentSizes), outputs and carries (resultSegmentSizes).
HLOCONF_VIEW(ChloScanOp, kChloScan)
  int64_t dimension() const { return i64Attr("dimension"); }
  bool isReverse() const { return boolAttr("is_reverse"); }
  bool isAssociative() const { return boolAttr("is_associative"); }
  // The number of steps, when the op states it (chlo.md's scan_dim_size; needed only without inputs).
  std::optional<int64_t> scanDimSize() const { return optionalI64("scan_dim_size"); }
  // The inits are the last operands, one per carry (the last results): the segment sizes split both lists.
  size_t numInits() const;
  size_t numInputs() const { return numOperands() - numInits(); }
  size_t numOutputs() const { return numResults() - numInits(); }
};
HLOCONF_VIEW(CallOp, kFuncCall)
  std::optional<std::string_view> callee() const { return decode::symbol(attribute("callee")); }
};
HLOCONF_VIEW(CompositeOp, kComposite)
  std::string_view compositeName() const { return stringAttr("name"); }
  std::optional<std::string_view> decomposition() const { return decode::symbol(attribute("decomposition")); }
  int64_t version() const { return i64Attr("version"); }
};
HLOCONF_VIEW(CustomCallOp, kCustomCall)
  std::string_view callTargetName() const { return stringAttr("call_target_name"); }
  bool hasSideEffect() const { return boolAttr("has_side_effect"); }
};
HLOCONF_VIEW(ProbeOp, kInterpreterProbe)
  std::string_view probeId() const { return stringAttr("probe_id"); }
};
HLOCONF_VIEW(ExpectSerializedEqOp, kCheckExpectSerializedEq)
  std::string_view probeId() const { return stringAttr("probe_id"); }
  // Which recording of the probe to compare with (`iter = N`); default 0, the first.
  int64_t iteration() const { return i64Attr("iteration"); }
};
HLOCONF_VIEW(RunParallelOp, kInterpreterRunParallel)
  // programs: [[@f, @g], [@h, @k]], one row per replica, one symbol per partition.
  const std::vector<Attr>* programs() const { return decode::array(attribute("programs")); }
  const Attribute* infeed() const { return attribute("infeed"); }
};

// The attributes of the check dialect's comparisons.
class CheckAttributes : public OpView {
 public:
  using OpView::OpView;
  const Attribute* value() const { return attribute("value"); }
  // A float attribute (its bits in its own type), or nullptr.
  const Attribute* tolerance() const { return decode::floatBits(attribute("tolerance")) ? attribute("tolerance") : nullptr; }
  std::optional<int64_t> maxUlpDifference() const { return optionalI64("max_ulp_difference"); }
  std::optional<int64_t> minUlpDifference() const { return optionalI64("min_ulp_difference"); }
};

#undef HLOCONF_VIEW

}  // namespace hloconf

#endif  // HLOCONF_IR_OP_VIEWS_H_
