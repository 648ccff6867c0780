// The parser's core: types, dense literals in every form, values and scopes, generic ops, diagnostics,
// and printing round trips. Op-specific pretty forms are tested in op_syntax_*_test.cc.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ir/asm_parser.h"
#include "ir/attribute.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/strings.h"
#include "ir/verifier.h"
#include "tests/ir/nested_programs.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

// Parses `text` as a module and returns the only constant's tensor.
Tensor constantOf(const std::string& text) {
  auto module = parseModule(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.status().message();
  if (!module.ok()) return Tensor();
  Operation* func = module->functions().at(0);
  for (const auto& op : func->body().operations)
    if (op->name == "stablehlo.constant") return (*op->attr("value"))->denseElements();
  ADD_FAILURE() << "no constant";
  return Tensor();
}

std::string wrapConstant(const std::string& literal, const std::string& type) {
  return "func.func @f() -> " + type + " {\n  %0 = stablehlo.constant " + literal + " : " + type +
         "\n  return %0 : " + type + "\n}\n";
}

Tensor constant(const std::string& literal, const std::string& type) { return constantOf(wrapConstant(literal, type)); }

std::string parseError(const std::string& text) {
  auto module = parseModule(text, "bad.mlir");
  EXPECT_FALSE(module.ok()) << "parsed unexpectedly:\n" << text;
  return module.ok() ? "" : std::string(module.status().message());
}

TEST(ParserTypes, TensorShapesElementTypesAndBounds) {
  auto module = parseModule(
      "func.func @f(%a: tensor<2x?x3xf32>, %b: tensor<?x4xi8, #stablehlo.bounds<8, ?>>, %c: tensor<complex<f64>>,\n"
      "  %d: tensor<4x!quant.uniform<i8<-127:127>:f32:0, {0.5:1, 2.0:-3, 1.0, 4.0}>>, %e: !stablehlo.token,\n"
      "  %f: tuple<tensor<i1>, tuple<>>, %g: tensor<0xui4>, %h: tensor<3xf8E4M3FNUZ>) {\n  return\n}\n",
      "types.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  const Type& function = (*module->functions()[0]->attr("function_type"))->typeValue();
  ASSERT_EQ(function.inputs().size(), 8u);
  EXPECT_EQ(function.inputs()[0].shape(), (std::vector<int64_t>{2, kDynamicSize, 3}));
  EXPECT_EQ(function.inputs()[1].bounds(), (std::vector<int64_t>{8, kDynamicSize}));
  EXPECT_EQ(function.inputs()[2].elementType(), ElementType::kC128);
  const QuantizedType& q = function.inputs()[3].quantizedType();
  EXPECT_EQ(q.storage_min, -127);
  EXPECT_EQ(q.quantized_dimension, 0);
  EXPECT_EQ(q.scales, (std::vector<double>{0.5, 2.0, 1.0, 4.0}));
  EXPECT_EQ(q.zero_points, (std::vector<int64_t>{1, -3, 0, 0}));
  EXPECT_EQ(function.inputs()[4].kind(), Type::Kind::kToken);
  EXPECT_EQ(function.inputs()[5].toString(), "tuple<tensor<i1>, tuple<>>");
  EXPECT_EQ(function.inputs()[6].toString(), "tensor<0xui4>");
  EXPECT_EQ(function.inputs()[7].elementType(), ElementType::kF8E4M3FNUZ);
  EXPECT_EQ(function.inputs()[1].toString(), "tensor<?x4xi8, #stablehlo.bounds<8, ?>>");
  // Scales print with a '.', which MLIR's lexer needs to read a float.
  EXPECT_EQ(Type::quantized(QuantizedType{ElementType::kSI8, -128, 127, false, ElementType::kF32, std::nullopt, {1e-05}, {3}}).toString(),
            "!quant.uniform<i8:f32, 1.0e-05:3>");
  EXPECT_EQ(Type::quantized(QuantizedType{ElementType::kUI8, 0, 255, false, ElementType::kF32, std::nullopt, {0.5}, {0}}).toString(),
            "!quant.uniform<u8:f32, 0.5>");
}

TEST(ParserTypes, UnrankedTensorIsRejectedWithAClearError) {
  std::string error = parseError("func.func @f(%a: tensor<*xf32>) {\n  return\n}\n");
  EXPECT_THAT(error, HasSubstr("bad.mlir:1:25: error: unranked tensors"));
}

TEST(ParserLiterals, NestedListsSplatsAndEmpty) {
  Tensor t = constant("dense<[[1, 2, 3], [4, 5, 6]]>", "tensor<2x3xi32>");
  ASSERT_EQ(t.numElements(), 6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(t.bits(i), static_cast<uint64_t>(i + 1));
  Tensor splat = constant("dense<-7>", "tensor<2x2xi8>");
  for (int i = 0; i < 4; ++i) EXPECT_EQ(splat.bits(i), 0xF9u);
  EXPECT_EQ(constant("dense<>", "tensor<0x3xf32>").numElements(), 0);
  EXPECT_EQ(constant("dense<[]>", "tensor<0xf32>").numElements(), 0);
}

TEST(ParserLiterals, FloatsAreRoundedExactlyAndHexBitsAreKept) {
  Tensor t = constant("dense<[0.1, -2.5e-3, 0x7FC00000, 0xFF800000, 1, 3.4028235e38]>", "tensor<6xf32>");
  EXPECT_EQ(t.bits(0), 0x3DCCCCCDu);  // 0.1 rounds to nearest f32
  EXPECT_EQ(t.bits(1), 0xBB23D70Au);
  EXPECT_EQ(t.bits(2), 0x7FC00000u);
  EXPECT_EQ(t.bits(3), 0xFF800000u);
  EXPECT_EQ(t.bits(4), 0x3F800000u);
  EXPECT_EQ(t.bits(5), 0x7F7FFFFFu);
  // Rounded once to bf16 directly from the decimal: 1.00390625 is a tie between 1 and 1.0078125 -> even.
  Tensor bf = constant("dense<[1.00390625, 1.0039063]>", "tensor<2xbf16>");
  EXPECT_EQ(bf.bits(0), 0x3F80u);
  EXPECT_EQ(bf.bits(1), 0x3F81u);
}

TEST(ParserLiterals, BooleansComplexAndSubByteTypes) {
  Tensor b = constant("dense<[true, false, 1, 0]>", "tensor<4xi1>");
  EXPECT_EQ(b.bits(0), 1u);
  EXPECT_EQ(b.bits(1), 0u);
  EXPECT_EQ(b.bits(2), 1u);
  Tensor c = constant("dense<[(1.5, -2.0), (0.0, 0x7FF8000000000000)]>", "tensor<2xcomplex<f64>>");
  EXPECT_EQ(c.bits(0, 0), 0x3FF8000000000000u);
  EXPECT_EQ(c.bits(0, 1), 0xC000000000000000u);
  EXPECT_EQ(c.bits(1, 1), 0x7FF8000000000000u);
  Tensor i4 = constant("dense<[-8, 7, -1]>", "tensor<3xi4>");
  EXPECT_EQ(i4.bits(0), 0x8u);
  EXPECT_EQ(i4.bits(1), 0x7u);
  EXPECT_EQ(i4.bits(2), 0xFu);
  Tensor u2 = constant("dense<[0, 3]>", "tensor<2xui2>");
  EXPECT_EQ(u2.bits(1), 3u);
}

TEST(ParserLiterals, HexBlobsForEveryStorageKind) {
  // f32, little-endian: 1.0 = 0x3F800000.
  Tensor f = constant("dense<\"0x0000803F000000C0\">", "tensor<2xf32>");
  EXPECT_EQ(f.bits(0), 0x3F800000u);
  EXPECT_EQ(f.bits(1), 0xC0000000u);
  // A one-element blob is a splat.
  Tensor s = constant("dense<\"0x0000803F\">", "tensor<3xf32>");
  EXPECT_EQ(s.bits(2), 0x3F800000u);
  // i1: one byte per element, or bit-packed (LSB first).
  Tensor b1 = constant("dense<\"0x01000101\">", "tensor<4xi1>");
  EXPECT_EQ(b1.bits(0) + b1.bits(1) * 2 + b1.bits(2) * 4 + b1.bits(3) * 8, 0b1101u);
  Tensor b2 = constant("dense<\"0x0D\">", "tensor<4xi1>");
  EXPECT_EQ(b2.bits(0) + b2.bits(1) * 2 + b2.bits(2) * 4 + b2.bits(3) * 8, 0b1101u);
  // Sub-byte types take one byte per element; only the low bits count.
  Tensor i4 = constant("dense<\"0x0FF8\">", "tensor<2xi4>");
  EXPECT_EQ(i4.bits(0), 0xFu);
  EXPECT_EQ(i4.bits(1), 0x8u);
  Tensor f4 = constant("dense<\"0x0F07\">", "tensor<2xf4E2M1FN>");
  EXPECT_EQ(f4.bits(0), 0xFu);
  // complex<f32>: real then imaginary part.
  Tensor c = constant("dense<\"0x0000803F00000040\">", "tensor<1xcomplex<f32>>");
  EXPECT_EQ(c.bits(0, 0), 0x3F800000u);
  EXPECT_EQ(c.bits(0, 1), 0x40000000u);
  // bf16 and f64.
  EXPECT_EQ(constant("dense<\"0x803F\">", "tensor<1xbf16>").bits(0), 0x3F80u);
  EXPECT_EQ(constant("dense<\"0x000000000000F03F\">", "tensor<1xf64>").bits(0), 0x3FF0000000000000u);
}

TEST(ParserLiterals, LiteralErrorsSayWhatToFix) {
  EXPECT_THAT(parseError(wrapConstant("dense<[1, 2, 3]>", "tensor<2xi32>")), HasSubstr("has shape 3 but the type is tensor<2xi32>"));
  EXPECT_THAT(parseError(wrapConstant("dense<[[1], [2, 3]]>", "tensor<2x2xi32>")), HasSubstr("differ in length"));
  EXPECT_THAT(parseError(wrapConstant("dense<300>", "tensor<i8>")), HasSubstr("does not fit in i8"));
  EXPECT_THAT(parseError(wrapConstant("dense<1.5>", "tensor<i32>")), HasSubstr("not an integer literal"));
  EXPECT_THAT(parseError(wrapConstant("dense<\"0x0000\">", "tensor<3xf32>")), HasSubstr("hex blob has 2 bytes"));
  EXPECT_THAT(parseError(wrapConstant("dense<\"0xZZ\">", "tensor<1xi8>")), HasSubstr("bad hex digit"));
  EXPECT_THAT(parseError(wrapConstant("dense<0x1FFFF>", "tensor<f16>")), HasSubstr("does not fit in 16 bits"));
  EXPECT_THAT(parseError(wrapConstant("dense<2>", "tensor<i1>")), HasSubstr("i1 elements must be"));
  // Found by the fuzzer: a splat of a huge shape must not try to allocate it (nor overflow the count).
  EXPECT_THAT(parseError(wrapConstant("dense<1>", "tensor<99999999999x99999999999xf32>")), HasSubstr("too many elements"));
  EXPECT_THAT(parseError(wrapConstant("dense<1.0>", "tensor<400000000xf32>")), HasSubstr("takes 1600000000 bytes: literals are limited to 1024 MiB"));
}

TEST(ParserValues, MultipleResultsBlockArgumentsAndScopes) {
  const char* text = R"mlir(
module @m attributes {mhlo.num_replicas = 1 : i32} {
  func.func private @pair(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
    return %x, %x : tensor<f32>, tensor<f32>
  }
  func.func public @main(%arg0: tensor<f32> {jax.arg_info = "x"} loc("x")) -> (tensor<f32> {jax.result_info = ""}) {
    %0:2 = call @pair(%arg0) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
    %1 = "stablehlo.add"(%0#0, %0#1) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(#loc3)
    %2 = "test.region"(%1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %3 = stablehlo.add %a, %1 : tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<f32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}
)mlir";
  auto module = parseModule(text, "values.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  Operation* main = module->findFunction("main");
  ASSERT_NE(main, nullptr);
  const Operation& add = *main->body().operations[1];
  EXPECT_EQ(add.operands[0], main->body().operations[0]->results[0].get());
  EXPECT_EQ(add.operands[1], main->body().operations[0]->results[1].get());
  const Operation& region_op = *main->body().operations[2];
  const Block& inner = *region_op.regions[0].blocks[0];
  EXPECT_EQ(inner.arguments.size(), 2u);
  // The inner op uses a block argument and a value from the enclosing region.
  EXPECT_EQ(inner.operations[0]->operands[0], inner.arguments[0].get());
  EXPECT_EQ(inner.operations[0]->operands[1], add.results[0].get());
}

TEST(ParserValues, ScopeErrors) {
  EXPECT_THAT(parseError("func.func @f() {\n  %0 = stablehlo.add %1, %1 : tensor<f32>\n  return\n}\n"),
              HasSubstr("bad.mlir:2:22: error: use of undefined value '%1'"));
  EXPECT_THAT(parseError("func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.abs %a : tensor<f32>\n  %0 = stablehlo.abs %a : tensor<f32>\n  return\n}\n"),
              HasSubstr("redefinition of value '%0'"));
  // A function body cannot see another function's values (isolated from above).
  EXPECT_THAT(parseError("func.func @f(%a: tensor<f32>) {\n  return\n}\nfunc.func @g() {\n  %0 = stablehlo.abs %a : tensor<f32>\n  return\n}\n"),
              HasSubstr("use of undefined value '%a'"));
  EXPECT_THAT(parseError("func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.abs %a : tensor<f64>\n  return\n}\n"),
              HasSubstr("operand #0 has type tensor<f32> but the op's signature says tensor<f64>"));
  EXPECT_THAT(parseError("func.func @f(%a: tensor<f32>) {\n  %0:2 = stablehlo.abs %a : tensor<f32>\n  return\n}\n"),
              HasSubstr("produces 1 results but 2 are named"));
}

TEST(ParserDiagnostics, PositionSourceLineAndCaret) {
  std::string error = parseError("func.func @f() {\n  %0 = stablehlo.frobnicate : tensor<f32>\n}\n");
  EXPECT_EQ(error,
            "bad.mlir:2:8: error: unknown operation 'stablehlo.frobnicate' in custom form: write it in the generic form "
            "\"stablehlo.frobnicate\"(...) : (...) -> ...\n"
            "  %0 = stablehlo.frobnicate : tensor<f32>\n"
            "       ^");
  EXPECT_THAT(parseError("func.func @f() {\n  %0 = \"stablehlo.x\"() : () -> tensor<f32\n}\n"), HasSubstr("expected '>' to close 'tensor<'"));
  EXPECT_THAT(parseError("func.func @f() {\n  return\n"), HasSubstr("expected '}' to close the region"));
  EXPECT_THAT(parseError("\"unterminated"), HasSubstr("bad.mlir:1:1: error: unterminated string literal"));
  // An error at offset 0 of a multi-line file (found by the fuzzer: the caret column wrapped around).
  EXPECT_EQ(parseError("# x\n\nmore text\n"),
            "bad.mlir:1:1: error: attribute and type aliases (#name = ..., !name = ...) are not supported\n# x\n^");
}

TEST(ParserDiagnostics, DeepNestingIsAnErrorNotACrash) {
  std::string deep = "func.func @f() {\n  %0 = \"x.y\"() {a = " + std::string(5000, '[') + std::string(5000, ']') + "} : () -> tensor<f32>\n}\n";
  EXPECT_THAT(parseError(deep), HasSubstr("attributes nested more than 200 deep (the parser's limit)"));
  std::string deep_dense = wrapConstant("dense<" + std::string(100, '[') + "1" + std::string(100, ']') + ">", "tensor<f32>");
  EXPECT_THAT(parseError(deep_dense), HasSubstr("nested deeper than 64"));
}

// Issue 19, item 13: one depth counter for regions, ops, types and attributes rejected a valid program of
// 99 nested whiles ("types nested too deeply"). Regions nest up to kMaxRegionNesting, types and attributes
// up to kMaxValueNesting on their own.
TEST(ParserLimits, RegionsNestUpToTheStatedLimit) {
  // The module's and the function's regions are two levels: kMaxRegionNesting - 2 whiles fill the limit,
  // with or without a written `module {`.
  auto module = parseModule(test::nestedWhiles(kMaxRegionNesting - 2), "deep.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  EXPECT_TRUE(verifyModule(*module).ok());
  EXPECT_TRUE(parseModule(printModule(*module), "printed.mlir").ok());
  const std::string too_deep = test::nestedWhiles(kMaxRegionNesting - 1);
  const std::string error = parseError(too_deep);
  EXPECT_THAT(error, HasSubstr("regions nested more than 1000 deep (the parser's limit)"));
  EXPECT_THAT(error, testing::StartsWith("bad.mlir:"));  // with line:col
  std::string deep_type = "tensor<f32>";
  for (int k = 0; k < kMaxValueNesting - 1; ++k) deep_type = "tuple<" + deep_type + ">";
  EXPECT_TRUE(parseModule("func.func @f(%a: " + deep_type + ") {\n  func.return\n}\n", "t.mlir").ok());
  EXPECT_THAT(parseError("func.func @f(%a: tuple<" + deep_type + ">) {\n  func.return\n}\n"), HasSubstr("types nested more than 200 deep"));
}

TEST(ParserSplit, SeparatorLinesSplitChunksAndKeepLineNumbers) {
  std::string text = "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  %0 = stablehlo.bad\n}\n";
  std::vector<SourceChunk> chunks = splitInputFile(text);
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_TRUE(parseModule(text, "s.mlir", chunks[0].begin, chunks[0].end).ok());
  auto second = parseModule(text, "s.mlir", chunks[1].begin, chunks[1].end);
  ASSERT_FALSE(second.ok());
  EXPECT_THAT(std::string(second.status().message()), HasSubstr("s.mlir:6:8:"));
}

TEST(ParserSplit, ChunksKnowTheirLineAndErrorsInLaterChunksKeepFileLines) {
  // Lines: 1-3 chunk 1, 4 separator, 5-7 chunk 2, 8 separator (with blanks around it), 9-11 chunk 3.
  std::string text =
      "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n  // -----  \n"
      "func.func @c() {\n   %0 = stablehlo.bad\n}\n";
  std::vector<SourceChunk> chunks = splitInputFile(text);
  ASSERT_EQ(chunks.size(), 3u);
  // A chunk after a separator starts at the separator's newline, which lies on the separator's line.
  EXPECT_EQ(chunks[0].line, 1u);
  EXPECT_EQ(chunks[1].line, 4u);
  EXPECT_EQ(chunks[2].line, 8u);
  for (const SourceChunk& chunk : chunks) {
    EXPECT_EQ(lineColumnAt(text, chunk.begin).line, chunk.line);
  }
  auto third = parseModule(text, "s.mlir", chunks[2]);
  ASSERT_FALSE(third.ok());
  EXPECT_THAT(std::string(third.status().message()), HasSubstr("s.mlir:10:9:"));
  // The module remembers where its text starts, for the interpreter's op locations.
  auto second = parseModule(text, "s.mlir", chunks[1]);
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_EQ(second->source_anchor.offset, chunks[1].begin);
  EXPECT_EQ(second->source_anchor.line, 4u);
}

TEST(Diagnostic, LineColumnFromAnAnchorMatchesCountingFromTheStart) {
  const std::string text = "ab\ncd\n\nefg\nh";
  for (size_t anchor_offset = 0; anchor_offset <= text.size(); ++anchor_offset) {
    const LineAnchor anchor{anchor_offset, lineColumnAt(text, anchor_offset).line};
    for (size_t offset = 0; offset <= text.size(); ++offset) {
      const LineColumn plain = lineColumnAt(text, offset);
      const LineColumn anchored = lineColumnAt(text, offset, anchor);
      EXPECT_EQ(anchored.line, plain.line) << "offset " << offset << ", anchor " << anchor_offset;
      EXPECT_EQ(anchored.column, plain.column) << "offset " << offset << ", anchor " << anchor_offset;
    }
  }
  // Lines are counted from the anchor, not from the start: a made-up anchor shows it.
  EXPECT_EQ(lineColumnAt(text, 7, LineAnchor{3, 100}).line, 102u);  // two newlines lie between offsets 3 and 7
}

TEST(PrinterGeneric, PrintsMlirGenericFormAndRoundTrips) {
  const char* text = R"mlir(
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %c = stablehlo.constant dense<[1.5, 0x7FC00000]> : tensor<2xf32>
    %0 = stablehlo.add %arg0, %c : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir";
  auto module = parseModule(text, "p.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  std::string printed = printModule(*module);
  EXPECT_EQ(printed,
            "\"builtin.module\"() <{sym_name = \"jit_f\"}> ({\n"
            "  \"func.func\"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = \"main\", sym_visibility = \"public\"}> ({\n"
            "  ^bb0(%arg0: tensor<2xf32>):\n"
            "    %0 = \"stablehlo.constant\"() <{value = dense<[1.5, 0x7FC00000]> : tensor<2xf32>}> : () -> tensor<2xf32>\n"
            "    %1 = \"stablehlo.add\"(%arg0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
            "    \"func.return\"(%1) : (tensor<2xf32>) -> ()\n"
            "  }) : () -> ()\n"
            "}) {mhlo.num_partitions = 1 : i32} : () -> ()\n");
  auto reparsed = parseModule(printed, "printed.mlir");
  ASSERT_TRUE(reparsed.ok()) << reparsed.status().message();
  EXPECT_EQ(printModule(*reparsed), printed);
}

TEST(PrinterGeneric, LargeTensorsPrintAsExactHexBlobs) {
  std::string list = "[";
  for (int i = 0; i < 100; ++i) list += (i ? ", " : "") + std::to_string(i * 0.37);
  list += "]";
  Tensor original = constant("dense<" + list + ">", "tensor<100xf64>");
  std::string text = wrapConstant("dense<" + list + ">", "tensor<100xf64>");
  auto module = parseModule(text, "big.mlir");
  ASSERT_TRUE(module.ok());
  std::string printed = printModule(*module);
  EXPECT_THAT(printed, HasSubstr("dense<\"0x"));
  auto reparsed = parseModule(printed, "printed.mlir");
  ASSERT_TRUE(reparsed.ok()) << reparsed.status().message();
  const Operation& c = *reparsed->functions()[0]->body().operations[0];
  EXPECT_EQ((*c.attr("value"))->denseElements(), original);
}

// hexBlobLiteral writes MLIR's raw layout (each part in its bit width rounded up to whole bytes: tf32 in
// three, not in its four storage bytes), which the parser reads back to the same bits, for every type.
TEST(PrinterHex, HexBlobsRoundTripForEveryElementType) {
  for (int k = 0; k < kNumElementTypes; ++k) {
    const ElementType t = static_cast<ElementType>(k);
    if (t == ElementType::kIndex) continue;  // attributes only
    const ElementType part = isComplex(t) ? complexPartType(t) : t;
    const int width = bitWidth(part);
    const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    const std::vector<uint64_t> patterns = {0, 1, mask, uint64_t{1} << (width - 1), mask >> 1, 0x5555555555555555u & mask,
                                            0xAAAAAAAAAAAAAAAAu & mask, 0x0123456789ABCDEFu & mask};
    const Type type = Type::tensor({static_cast<int64_t>(patterns.size())}, Type::element(t));
    Tensor original(type);
    for (size_t i = 0; i < patterns.size(); ++i) {
      original.setBits(i, patterns[i]);
      if (isComplex(t)) original.setBits(i, patterns[patterns.size() - 1 - i], 1);
    }
    const std::string text = hexBlobLiteral(original);
    const size_t part_bytes = (width + 7) / 8;
    EXPECT_EQ(text.size(), std::string("dense<\"0x\">").size() + 2 * part_bytes * (isComplex(t) ? 2 : 1) * patterns.size())
        << elementTypeName(t);
    EXPECT_EQ(constant(text, type.toString()), original) << elementTypeName(t) << ": " << text;
  }
}

TEST(ParserSymbols, DuplicateFunctionNamesAreRejected) {
  std::string message = parseError("func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n");
  EXPECT_NE(message.find("bad.mlir:4:1: error: redefinition of symbol @f"), std::string::npos) << message;
}

// Issue 19, item 12: what is malformed is refused by the parser, where it is written, before any later
// layer sees the module (the verifier and the schema check still cover modules built in code).
TEST(ParserMalformed, AnOpAfterATerminatorIsRefused) {
  EXPECT_THAT(
      parseError("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n  %r = stablehlo.abs %a : tensor<f32>\n"
                 "  return %r : tensor<f32>\n}\n"),
      HasSubstr("bad.mlir:3:8: error: 'stablehlo.abs' follows 'func.return', which ends the block: nothing may come after a "
                "terminator (move it before func.return, or remove it)"));
  // In a nested region too, and in the generic form.
  EXPECT_THAT(parseError("func.func @f(%a: tensor<2xf32>) -> tensor<f32> {\n"
                         "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                         "  %r = \"stablehlo.reduce\"(%a, %z) ({\n"
                         "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
                         "    \"stablehlo.return\"(%x) : (tensor<f32>) -> ()\n"
                         "    \"stablehlo.return\"(%y) : (tensor<f32>) -> ()\n"
                         "  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>\n"
                         "  return %r : tensor<f32>\n}\n"),
              HasSubstr("bad.mlir:6:5: error: 'stablehlo.return' follows 'stablehlo.return', which ends the block"));
  // A terminator last in each block is what every program has.
  EXPECT_TRUE(parseModule("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n", "ok.mlir").ok());
}

// At the file's top level too (the implicit module's block): a stray `return` before `module {...}` parsed,
// and its printed form, both in one module, did not (found by the parse fuzzer).
TEST(ParserMalformed, AnOpAfterATopLevelTerminatorIsRefused) {
  EXPECT_THAT(parseError("return\nmodule {\n  func.func @f(%a: tensor<f32>) -> tensor<f32> {\n    return %a : tensor<f32>\n  }\n}\n"),
              HasSubstr("bad.mlir:2:1: error: 'builtin.module' follows 'func.return', which ends the block: nothing may come after a "
                        "terminator"));
}

TEST(ParserMalformed, AnUnknownStablehloOrChloAttributeIsRefused) {
  EXPECT_THAT(
      parseError("func.func @f(%x: tensor<2xf32>) -> tensor<f32> {\n"
                 "  %0 = \"stablehlo.dot_general\"(%x, %x) {dot_dimension_numbers = #stablehlo.dott<lhs_contracting_dimensions = [0], "
                 "rhs_contracting_dimensions = [0]>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>\n"
                 "  return %0 : tensor<f32>\n}\n"),
      HasSubstr("bad.mlir:2:65: error: unknown attribute #stablehlo.dott<...> of the stablehlo dialect (did you mean "
                "#stablehlo.dot<...>?): its attributes of this form are #stablehlo.gather<...>, #stablehlo.scatter<...>"));
  EXPECT_THAT(parseError("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                         "  %0 = \"stablehlo.abs\"(%x) {note = #stablehlo.bogus<1>} : (tensor<2xf32>) -> tensor<2xf32>\n"
                         "  return %0 : tensor<2xf32>\n}\n"),
              HasSubstr("bad.mlir:2:36: error: unknown attribute #stablehlo.bogus<...> of the stablehlo dialect: its attributes"));
  EXPECT_THAT(parseError("func.func @f(%x: tensor<2xf32>) -> tensor<2xi1> {\n"
                         "  %0 = \"stablehlo.compare\"(%x, %x) {comparison_direction = #stablehlo<comparison_dierction LT>} : "
                         "(tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                         "  return %0 : tensor<2xi1>\n}\n"),
              HasSubstr("bad.mlir:2:60: error: unknown attribute #stablehlo<comparison_dierction ...> of the stablehlo dialect (did "
                        "you mean #stablehlo<comparison_direction ...>?)"));
  // chlo's attributes likewise (chlo.md, "Attributes"); its enums in either spelling.
  EXPECT_THAT(parseError("func.func @f(%x: tensor<2xf32>) -> tensor<2xi1> {\n"
                         "  %0 = chlo.broadcast_compare %x, %x {comparison_direction = #chlo<bogus LT>} : "
                         "(tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                         "  return %0 : tensor<2xi1>\n}\n"),
              HasSubstr("bad.mlir:2:62: error: unknown attribute #chlo<bogus ...> of the chlo dialect: its attributes of this form "
                        "are #chlo<comparison_direction ...>, #chlo<comparison_type ...>, #chlo<precision ...>"));
  EXPECT_THAT(parseError("func.func @f(%x: tensor<2xf32>) -> tensor<2xi1> {\n"
                         "  %0 = chlo.broadcast_compare %x, %x {comparison_direction = #chlo.comparison_dierction<LT>} : "
                         "(tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                         "  return %0 : tensor<2xi1>\n}\n"),
              HasSubstr("unknown attribute #chlo.comparison_dierction<...> of the chlo dialect (did you mean "
                        "#chlo.comparison_direction<...>?)"));
  for (std::string_view spelling : {"#chlo<comparison_direction LT>", "#chlo.comparison_direction<LT>"}) {
    auto module = parseModule(strCat("func.func @f(%x: tensor<2xf32>) -> tensor<2xi1> {\n"
                                     "  %0 = chlo.broadcast_compare %x, %x {comparison_direction = ",
                                     spelling,
                                     "} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                                     "  return %0 : tensor<2xi1>\n}\n"),
                              "ok.mlir");
    ASSERT_TRUE(module.ok()) << spelling << ": " << module.status();
    const Attr* direction = module->functions().at(0)->body().operations.at(0)->attr("comparison_direction");
    ASSERT_NE(direction, nullptr) << spelling;
    EXPECT_EQ((*direction)->kind(), Attribute::Kind::kEnum) << spelling;
    EXPECT_EQ((*direction)->text(), "LT") << spelling;
  }
  // Other dialects' attributes are kept as they are written (MLIR's own, sharding annotations).
  EXPECT_TRUE(parseModule("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> attributes {s = #sdy.sharding<@mesh, [{}]>} {\n"
                          "  return %x : tensor<2xf32>\n}\n",
                          "ok.mlir")
                  .ok());
}

TEST(ParserMalformed, ARegionOnAnOpThatTakesNoneIsRefused) {
  EXPECT_THAT(
      parseError(
          "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
          "  %0 = \"stablehlo.abs\"(%x) ({\n    \"stablehlo.return\"(%x) : (tensor<f32>) -> ()\n  }) : (tensor<f32>) -> tensor<f32>\n"
          "  return %0 : tensor<f32>\n}\n"),
      HasSubstr("bad.mlir:2:8: error: 'stablehlo.abs' takes no region, but has 1"));
  // An op the schema does not know may have regions (later layers call it unsupported).
  EXPECT_TRUE(
      parseModule(
          "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
          "  %0 = \"mydialect.thing\"(%x) ({\n    \"mydialect.yield\"(%x) : (tensor<f32>) -> ()\n  }) : (tensor<f32>) -> tensor<f32>\n"
          "  return %0 : tensor<f32>\n}\n",
          "ok.mlir")
          .ok());
}

}  // namespace
}  // namespace hloconf
