// The protocol end to end through an adapter written with the Python helper (adapters/python/
// hloconf_adapter.py): tests/adapters/fault_backend.py proxies to `hloconf serve` and spoils answers,
// crashes or hangs on chosen cases. Each failure must cost exactly its case.
#include <cmath>

#include "adapter_test_util.h"

namespace hloconf::test {
namespace {

using adapters::Reply;

#define REQUIRE_PYTHON()                                                          \
  do {                                                                            \
    if (!pythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is missing"; \
  } while (0)

adapters::Request addCase(const std::string& type, const std::string& case_id, uint64_t seed = 1) {
  return makeRequest(binaryProgram("add", type), {randomTensor(type, seed), randomTensor(type, seed + 1)}, case_id);
}

TEST(FaultBackend, OkModeMatchesTheReferenceForRawBitsNarrowAndComplexTypes) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "ok"));
  auto info = backend->start();
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_EQ(info->name, "fault-ok");
  uint64_t seed = 100;
  for (const char* element : {"f32", "bf16", "f8E4M3FN", "f4E2M1FN", "tf32", "i1", "i4", "ui2", "i64", "ui64", "f16",
                              "complex<f64>"}) {
    SCOPED_TRACE(element);
    auto request = addCase(strCat("tensor<3x2x", element, ">"), strCat("ok/", element), seed += 2);
    Reply reply = backend->run(request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
    EXPECT_TRUE(reply.outputs[0] == referenceReply(request).outputs[0]);
  }
}

TEST(FaultBackend, FlipChangesExactlyTheLowestBit) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "flip"));
  for (const char* element : {"f32", "bf16", "complex<f32>"}) {
    SCOPED_TRACE(element);
    auto request = addCase(strCat("tensor<5x", element, ">"), "flip/x", 9);
    Reply reply = backend->run(request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
    Reply expected = referenceReply(request);
    const Tensor& got = reply.outputs[0];
    const Tensor& want = expected.outputs[0];
    ASSERT_EQ(got.type(), want.type());
    const int parts = isComplex(got.elementType()) ? 2 : 1;
    for (int64_t i = 0; i < got.numElements(); ++i)
      for (int part = 0; part < parts; ++part) EXPECT_EQ(got.bits(i, part) ^ want.bits(i, part), 1u) << i;
  }
  // Integers are left alone.
  auto request = addCase("tensor<5xi32>", "flip/int", 3);
  Reply reply = backend->run(request);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
  EXPECT_TRUE(reply.outputs[0] == referenceReply(request).outputs[0]);
}

TEST(FaultBackend, NanAnswersNanEverywhere) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "nan", {"--match", "nan/*"}));
  for (const char* element : {"f64", "bf16", "f8E4M3FNUZ"}) {
    SCOPED_TRACE(element);
    auto request = addCase(strCat("tensor<4x", element, ">"), "nan/x", 5);
    Reply reply = backend->run(request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
    const Tensor& got = reply.outputs[0];
    for (int64_t i = 0; i < got.numElements(); ++i)
      EXPECT_EQ(classifyFloat(got.elementType(), got.bits(i)), FloatClass::kNaN) << i;
  }
  auto request = addCase("tensor<4xf32>", "other/x", 5);  // not matched: correct answers
  Reply reply = backend->run(request);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
  EXPECT_TRUE(reply.outputs[0] == referenceReply(request).outputs[0]);
}

TEST(FaultBackend, CrashCostsOneCaseAndTheBackendRestarts) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "crash", {"--match", "*/crash-*"}));
  ASSERT_TRUE(backend->start().ok());
  auto ok = addCase("tensor<4xf32>", "c/ok-1");
  Reply reply = backend->run(ok);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;

  reply = backend->run(addCase("tensor<4xf32>", "c/crash-1"));
  EXPECT_EQ(reply.kind, Reply::Kind::kCrash) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_NE(reply.message.find("SIGSEGV"), std::string::npos) << reply.message;
  EXPECT_NE(reply.message.find("crashing on c/crash-1"), std::string::npos) << reply.message;  // the stderr tail

  ok.case_id = "c/ok-2";
  reply = backend->run(ok);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_TRUE(reply.outputs[0] == referenceReply(ok).outputs[0]);
}

TEST(FaultBackend, EveryNthCaseCrashesWithExitOrKill) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "crash", {"--every", "2", "--signal", "EXIT"}));
  std::vector<Reply::Kind> kinds;
  for (int i = 0; i < 4; ++i) kinds.push_back(backend->run(addCase("tensor<2xf32>", strCat("e/", i))).kind);
  // The 2nd case of each process crashes; the restarted process counts from 1 again.
  EXPECT_EQ(kinds, (std::vector<Reply::Kind>{Reply::Kind::kOutputs, Reply::Kind::kCrash, Reply::Kind::kOutputs,
                                              Reply::Kind::kCrash}));
  Reply reply = backend->run(addCase("tensor<2xf32>", "e/4"));
  EXPECT_EQ(reply.kind, Reply::Kind::kOutputs);
  reply = backend->run(addCase("tensor<2xf32>", "e/5"));
  EXPECT_EQ(reply.kind, Reply::Kind::kCrash);
  EXPECT_NE(reply.message.find("exited with status 3"), std::string::npos) << reply.message;

  auto killed = adapters::makeExternalBackend(faultSpec(dir.path(), "crash", {"--signal", "KILL"}));
  reply = killed->run(addCase("tensor<2xf32>", "k/0"));
  EXPECT_EQ(reply.kind, Reply::Kind::kCrash);
  EXPECT_NE(reply.message.find("SIGKILL"), std::string::npos) << reply.message;
}

TEST(FaultBackend, HangTimesOutWithinTheTimeoutAndTheNextCaseRuns) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "hang", {"--match", "*hang*"}));
  ASSERT_TRUE(backend->start().ok());
  auto hang = addCase("tensor<4xf32>", "h/hang");
  hang.timeout_seconds = 1.0;
  Reply reply = backend->run(hang);
  EXPECT_EQ(reply.kind, Reply::Kind::kTimeout) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_GE(reply.seconds, 1.0);
  EXPECT_LT(reply.seconds, 2.5);

  auto ok = addCase("tensor<4xf32>", "h/ok");
  reply = backend->run(ok);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_TRUE(reply.outputs[0] == referenceReply(ok).outputs[0]);
}

TEST(FaultBackend, UnsupportedOpsInTheHandshakeAndPerCase) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(faultSpec(dir.path(), "unsupported", {"--ops", "stablehlo.multiply"}));
  auto info = backend->start();
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_TRUE(info->capabilities.supportsOp("stablehlo.add"));
  EXPECT_FALSE(info->capabilities.supportsOp("stablehlo.multiply"));
  EXPECT_FALSE(info->capabilities.ops.empty());

  const std::string type = "tensor<3xf32>";
  Reply reply = backend->run(makeRequest(binaryProgram("multiply", type), {randomTensor(type, 1), randomTensor(type, 2)}));
  EXPECT_EQ(reply.kind, Reply::Kind::kUnsupported) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_NE(reply.message.find("stablehlo.multiply"), std::string::npos) << reply.message;
  reply = backend->run(addCase(type, "u/add"));
  EXPECT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
}

TEST(FaultBackend, ErrorsAndStrayLines) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  auto failing = adapters::makeExternalBackend(faultSpec(dir.path(), "error"));
  Reply reply = failing->run(addCase("tensor<2xf32>", "x/1"));
  EXPECT_EQ(reply.kind, Reply::Kind::kError) << kindName(reply.kind);
  EXPECT_NE(reply.message.find("injected error"), std::string::npos) << reply.message;

  // Stray stdout lines (not JSON, or a reply to another id) are skipped; the real reply counts.
  auto stray = adapters::makeExternalBackend(faultSpec(dir.path(), "stray"));
  for (int i = 0; i < 3; ++i) {
    auto request = addCase("tensor<2xf64>", strCat("s/", i), 40 + i);
    reply = stray->run(request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
    EXPECT_TRUE(reply.outputs[0] == referenceReply(request).outputs[0]);
  }
}

TEST(FaultBackend, AdapterJsonStartsTheBackend) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  namespace fs = std::filesystem;
  fs::create_directories(dir.path() + "/adapters/faulty");
  fs::copy_file(faultBackendPath(), dir.path() + "/adapters/faulty/adapter.py");
  // The copy no longer sits beside adapters/python: PYTHONPATH points at the helper instead.
  std::ofstream(dir.path() + "/adapters/faulty/adapter.json")
      << "{\"command\": [\"/usr/bin/python3\", \"adapter.py\", \"ok\", \"--serve\", \"" << HLOCONF_BINARY << "\"],\n"
      << " \"env\": {\"PYTHONPATH\": \"" << HLOCONF_SOURCE_DIR << "/adapters/python\"}}\n";
  auto spec = adapters::findAdapter("faulty", {dir.path() + "/nowhere", dir.path() + "/adapters"});
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  spec->work_dir = dir.path() + "/work";
  auto backend = adapters::makeExternalBackend(*spec);
  auto request = addCase("tensor<2xbf16>", "j/1");
  Reply reply = backend->run(request);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_TRUE(reply.outputs[0] == referenceReply(request).outputs[0]);
}

// Issue 19, item 3: a backend whose restarts never answer the hello cost the handshake timeout on every
// case. After a few failed restarts in a row it is not started again: each later case ends at once.
TEST(FaultBackend, RestartsStopAfterRepeatedHandshakeFailures) {
  REQUIRE_PYTHON();
  ScratchDir dir;
  // The first start answers the hello and exits on */exit-*; every later start stays silent.
  auto spec = faultSpec(dir.path(), "nohello", {"--hellos", "1", "--state", dir.path() + "/starts", "--match", "*/exit-*"});
  spec.handshake_seconds = 0.5;
  auto backend = adapters::makeExternalBackend(spec);
  ASSERT_TRUE(backend->start().ok());
  EXPECT_EQ(backend->run(addCase("tensor<2xf32>", "r/ok")).kind, Reply::Kind::kOutputs);
  EXPECT_EQ(backend->run(addCase("tensor<2xf32>", "r/exit-1")).kind, Reply::Kind::kCrash);
  for (int i = 0; i < 3; ++i) {
    Reply reply = backend->run(addCase("tensor<2xf32>", strCat("r/later-", i)));
    EXPECT_EQ(reply.kind, Reply::Kind::kCrash) << reply.message;
    EXPECT_NE(reply.message.find("restarting the backend failed"), std::string::npos) << reply.message;
    EXPECT_GE(reply.seconds, 0.5) << "it waited for the hello";
  }
  Reply reply = backend->run(addCase("tensor<2xf32>", "r/given-up"));
  EXPECT_EQ(reply.kind, Reply::Kind::kCrash);
  EXPECT_NE(reply.message.find("is not restarted any more: its last 3 restarts failed"), std::string::npos) << reply.message;
  EXPECT_LT(reply.seconds, 0.25) << "no fourth wait for a hello";
  EXPECT_EQ(readText(dir.path() + "/starts"), "xxxx");  // the first start and three restarts
}

}  // namespace
}  // namespace hloconf::test
