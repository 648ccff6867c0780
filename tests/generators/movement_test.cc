// The movement family's generators (generators/programs_movement.cc): every generated case parses,
// lowers and evaluates on the reference.
#include <gtest/gtest.h>

#include "tests/generators/gen_test_util.h"

namespace hloconf::gen {
namespace {

#define MOVEMENT_GEN_TEST(Name, op)                           \
  TEST(MovementGen, Name) {                                   \
    const auto problems = testing::generatorProblems(op, 20); \
    EXPECT_TRUE(problems.empty()) << problems.front();        \
  }

MOVEMENT_GEN_TEST(BroadcastInDim, "broadcast_in_dim")
MOVEMENT_GEN_TEST(Reshape, "reshape")
MOVEMENT_GEN_TEST(Transpose, "transpose")
MOVEMENT_GEN_TEST(Slice, "slice")
MOVEMENT_GEN_TEST(Pad, "pad")
MOVEMENT_GEN_TEST(Concatenate, "concatenate")
MOVEMENT_GEN_TEST(Reverse, "reverse")
MOVEMENT_GEN_TEST(Iota, "iota")
MOVEMENT_GEN_TEST(DynamicSlice, "dynamic_slice")
MOVEMENT_GEN_TEST(DynamicUpdateSlice, "dynamic_update_slice")
MOVEMENT_GEN_TEST(Gather, "gather")
MOVEMENT_GEN_TEST(Scatter, "scatter")
MOVEMENT_GEN_TEST(Sort, "sort")
MOVEMENT_GEN_TEST(GetDimensionSize, "get_dimension_size")
MOVEMENT_GEN_TEST(Tuple, "tuple")
MOVEMENT_GEN_TEST(GetTupleElement, "get_tuple_element")
MOVEMENT_GEN_TEST(OptimizationBarrier, "optimization_barrier")
MOVEMENT_GEN_TEST(Constant, "constant")
MOVEMENT_GEN_TEST(DynamicBroadcastInDim, "dynamic_broadcast_in_dim")
MOVEMENT_GEN_TEST(DynamicIota, "dynamic_iota")
MOVEMENT_GEN_TEST(DynamicPad, "dynamic_pad")
MOVEMENT_GEN_TEST(DynamicReshape, "dynamic_reshape")
MOVEMENT_GEN_TEST(DynamicGather, "dynamic_gather")
MOVEMENT_GEN_TEST(BitcastConvert, "bitcast_convert")

}  // namespace
}  // namespace hloconf::gen
