// moduleToJson: the IR as an op-by-op adapter reads it (adapters/PROTOCOL.md, "The IR as JSON").
#include "adapter_test_util.h"

namespace hloconf::test {
namespace {

using json = nlohmann::json;

constexpr char kProgram[] = R"(
module attributes {mhlo.num_replicas = 1 : i32} {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<i1>) {
    %c = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, -0.5, 0x7FC00000]]> : tensor<2x3xf32>
    %0 = stablehlo.add %a, %c : tensor<2x3xf32>
    %1 = stablehlo.dot_general %0, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %init = stablehlo.constant dense<0.0> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %init) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
    %3 = stablehlo.compare GT, %2, %init, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %big = stablehlo.iota dim = 0 : tensor<300xi32>
    func.return %1, %3 : tensor<2x4xf32>, tensor<i1>
  }
  func.func private @helper(%x: tensor<bf16>) -> tensor<bf16> {
    %k = stablehlo.constant dense<1.5> : tensor<bf16>
    func.return %k : tensor<bf16>
  }
}
)";

class IrJson : public ::testing::Test {
 protected:
  void SetUp() override {
    auto module = parseModule(kProgram, "ir.mlir");
    ASSERT_TRUE(module.ok()) << module.status().message();
    ir_ = moduleToJson(*module);
    // It must survive a round trip through text, as it does on the wire.
    ir_ = json::parse(ir_.dump());
  }
  const json& op(size_t i) { return ir_["functions"][0]["blocks"][0]["ops"][i]; }
  json ir_;
};

TEST_F(IrJson, FunctionsWithSignaturesAndValueIds) {
  EXPECT_EQ(ir_["ir_format"], kIrJsonFormat);
  EXPECT_EQ(ir_["attributes"]["mhlo.num_replicas"]["value"], 1);
  ASSERT_EQ(ir_["functions"].size(), 2u);
  const json& main = ir_["functions"][0];
  EXPECT_EQ(main["name"], "main");
  EXPECT_EQ(main["visibility"], "public");
  EXPECT_EQ(ir_["functions"][1]["name"], "helper");
  EXPECT_EQ(ir_["functions"][1]["visibility"], "private");
  EXPECT_EQ(main["result_types"], (json{"tensor<2x4xf32>", "tensor<i1>"}));
  ASSERT_EQ(main["arguments"].size(), 2u);
  EXPECT_EQ(main["arguments"][1]["type"], "tensor<3x4xf32>");
  EXPECT_EQ(main["arguments"][1]["shape"], (json{3, 4}));
  EXPECT_EQ(main["arguments"][1]["element_type"], "f32");

  // Operands name values defined before them; ids are unique in the module.
  const json a = main["arguments"][0]["id"], b = main["arguments"][1]["id"];
  EXPECT_NE(a, b);
  EXPECT_EQ(op(0)["name"], "stablehlo.constant");
  EXPECT_EQ(op(1)["name"], "stablehlo.add");
  EXPECT_EQ(op(1)["operands"], (json{a, op(0)["results"][0]["id"]}));
  EXPECT_EQ(op(2)["operands"], (json{op(1)["results"][0]["id"], b}));
  EXPECT_EQ(op(2)["results"][0]["type"], "tensor<2x4xf32>");
  const json& ret = op(7);
  EXPECT_EQ(ret["name"], "func.return");
  EXPECT_EQ(ret["operands"], (json{op(2)["results"][0]["id"], op(5)["results"][0]["id"]}));
  EXPECT_TRUE(ret["results"].empty());

  std::set<int64_t> ids;
  std::function<void(const json&)> collect = [&](const json& blocks) {
    for (const json& block : blocks) {
      for (const json& argument : block["arguments"]) EXPECT_TRUE(ids.insert(argument["id"].get<int64_t>()).second);
      for (const json& o : block["ops"]) {
        for (const json& result : o["results"]) EXPECT_TRUE(ids.insert(result["id"].get<int64_t>()).second);
        for (const json& region : o["regions"]) collect(region["blocks"]);
      }
    }
  };
  for (const json& function : ir_["functions"]) collect(function["blocks"]);
  // main: 2 arguments, 7 op results, the reduce body's 2 arguments and 1 result; helper: 1 argument, 1 result.
  EXPECT_EQ(ids.size(), 2u + 7u + 3u + 2u);
}

TEST_F(IrJson, AttributesHaveTextAndPlainValues) {
  const json& value = op(0)["attributes"]["value"];
  EXPECT_EQ(value["kind"], "dense_elements");
  EXPECT_EQ(value["type"], "tensor<2x3xf32>");
  EXPECT_EQ(value["shape"], (json{2, 3}));
  EXPECT_EQ(value["value"], (json{1.0, 2.0, 3.0, 4.0, -0.5, "nan"}));
  EXPECT_EQ(value["hex"].get<std::string>().substr(0, 16), "0000803f00000040");  // little-endian f32 bytes
  EXPECT_EQ(value["hex"].get<std::string>().size(), 6u * 4 * 2);
  EXPECT_NE(value["text"].get<std::string>().find("dense<"), std::string::npos);

  const json& dims = op(2)["attributes"]["dot_dimension_numbers"];
  EXPECT_EQ(dims["kind"], "struct");
  EXPECT_EQ(dims["mnemonic"], "stablehlo.dot");
  EXPECT_EQ(dims["value"]["lhs_contracting_dimensions"], (json{1}));
  EXPECT_EQ(dims["value"]["rhs_contracting_dimensions"], (json{0}));
  EXPECT_EQ(dims["value"]["lhs_batching_dimensions"], json::array());  // spelled out though the text omits it

  const json& reduce = op(4);
  EXPECT_EQ(reduce["attributes"]["dimensions"]["kind"], "dense_array");
  EXPECT_EQ(reduce["attributes"]["dimensions"]["type"], "i64");
  EXPECT_EQ(reduce["attributes"]["dimensions"]["value"], (json{0, 1}));
  ASSERT_EQ(reduce["regions"].size(), 1u);
  const json& body = reduce["regions"][0]["blocks"][0];
  ASSERT_EQ(body["arguments"].size(), 2u);
  EXPECT_EQ(body["ops"][0]["name"], "stablehlo.add");
  EXPECT_EQ(body["ops"][0]["operands"], (json{body["arguments"][0]["id"], body["arguments"][1]["id"]}));
  EXPECT_EQ(body["ops"][1]["name"], "stablehlo.return");

  const json& compare = op(5)["attributes"];
  EXPECT_EQ(compare["comparison_direction"]["kind"], "enum");
  EXPECT_EQ(compare["comparison_direction"]["value"], "GT");
  EXPECT_EQ(compare["comparison_direction"]["enum"], "comparison_direction");
  EXPECT_EQ(compare["comparison_direction"]["text"], "#stablehlo<comparison_direction GT>");
  EXPECT_EQ(compare["compare_type"]["value"], "FLOAT");

  const json& iota = op(6)["attributes"]["iota_dimension"];
  EXPECT_EQ(iota["kind"], "integer");
  EXPECT_EQ(iota["type"], "i64");
  EXPECT_EQ(iota["value"], 0);

  const json& bf16 = ir_["functions"][1]["blocks"][0]["ops"][0]["attributes"]["value"];
  EXPECT_EQ(bf16["value"], (json{1.5}));
  EXPECT_EQ(bf16["hex"], "c03f");  // bf16 1.5 = 0x3FC0
  EXPECT_EQ(bf16["element_type"], "bf16");
  EXPECT_EQ(ir_["functions"][1]["arguments"][0]["element_type"], "bf16");
}

TEST(IrJsonAttribute, ScalarsArraysAndLargeTensors) {
  json f = attributeToJson(*Attribute::floating(0xFFF0000000000000ull, ElementType::kF64));
  EXPECT_EQ(f["kind"], "float");
  EXPECT_EQ(f["value"], "-inf");
  EXPECT_EQ(f["bits"], 0xFFF0000000000000ull);
  EXPECT_EQ(attributeToJson(*Attribute::floating(0x3E00, ElementType::kF16))["value"], 1.5);
  EXPECT_EQ(attributeToJson(*Attribute::integer(-7, ElementType::kSI32))["value"], -7);
  EXPECT_EQ(attributeToJson(*Attribute::integer(-1, ElementType::kUI64))["value"], 18446744073709551615ull);
  EXPECT_EQ(attributeToJson(*Attribute::boolean(true))["value"], true);
  EXPECT_EQ(attributeToJson(*Attribute::string("a\"b"))["value"], "a\"b");
  EXPECT_EQ(attributeToJson(*Attribute::symbolRef({"callee"}))["value"], "@callee");
  json array = attributeToJson(*Attribute::array(
      {Attribute::enumValue("stablehlo", "precision", "HIGH"), Attribute::enumValue("stablehlo", "precision", "DEFAULT")}));
  EXPECT_EQ(array["kind"], "array");
  EXPECT_EQ(array["value"], (json{"HIGH", "DEFAULT"}));
  ConvDimensionNumbers conv;
  conv.input_batch = 0;
  conv.input_feature = 3;
  conv.input_spatial = {1, 2};
  conv.kernel_input_feature = 2;
  conv.kernel_output_feature = 3;
  conv.kernel_spatial = {0, 1};
  conv.output_batch = 0;
  conv.output_feature = 3;
  conv.output_spatial = {1, 2};
  json c = attributeToJson(*Attribute::convDimensions(conv));
  EXPECT_EQ(c["value"]["input_feature_dimension"], 3);
  EXPECT_EQ(c["value"]["kernel_spatial_dimensions"], (json{0, 1}));
  EXPECT_EQ(c["text"], "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>");

  Tensor big(Type::tensor({300}, Type::element(ElementType::kSI8)));
  big.setBits(1, 0xFF);
  json dense = attributeToJson(*Attribute::denseElements(big));
  EXPECT_TRUE(dense["value"].is_null());  // too many to list; the hex has them all
  EXPECT_EQ(dense["hex"].get<std::string>().size(), 600u);
  EXPECT_EQ(dense["hex"].get<std::string>().substr(0, 4), "00ff");

  Tensor complex(Type::tensor({1}, Type::element(ElementType::kC64)));
  complex.setBits(0, 0x3F800000, 0);
  complex.setBits(0, 0xC0000000, 1);
  EXPECT_EQ(attributeToJson(*Attribute::denseElements(complex))["value"], (json{json{1.0, -2.0}}));
}

}  // namespace
}  // namespace hloconf::test
