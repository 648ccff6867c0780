// The external-backend driver against `hloconf serve` (the reference evaluator behind the protocol):
// answers equal the in-process reference bit for bit, errors come back as errors, several backends run
// side by side, and no process outlives its Backend.
#include <signal.h>
#include <sys/wait.h>

#include <thread>

#include "adapter_test_util.h"

namespace hloconf::test {
namespace {

using adapters::Reply;

constexpr const char* kAllTypes[] = {
    "i1",       "i2",         "i4",           "i8",     "i16",    "i32",        "i64",       "ui2",
    "ui4",      "ui8",        "ui16",         "ui32",   "ui64",   "f4E2M1FN",   "f6E2M3FN",  "f6E3M2FN",
    "f8E3M4",   "f8E4M3",     "f8E4M3FN",     "f8E4M3FNUZ",       "f8E4M3B11FNUZ",          "f8E5M2",
    "f8E5M2FNUZ", "f8E8M0FNU", "bf16",        "f16",    "tf32",   "f32",        "f64",       "complex<f32>",
    "complex<f64>"};

TEST(ServeBackend, HandshakeReportsTheReference) {
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(serveSpec(dir.path()));
  auto info = backend->start();
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_EQ(info->name, "reference");
  EXPECT_EQ(info->version.rfind(HLOCONF_VERSION, 0), 0u) << info->version;
  EXPECT_TRUE(info->capabilities.ops.empty());
  EXPECT_TRUE(info->capabilities.supportsOp("stablehlo.add"));
}

TEST(ServeBackend, EveryElementTypeBitForBitAsTheInProcessReference) {
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(serveSpec(dir.path()));
  ASSERT_TRUE(backend->start().ok());
  uint64_t seed = 1;
  for (const char* element : kAllTypes) {
    SCOPED_TRACE(element);
    const std::string type = strCat("tensor<2x3x", element, ">");
    auto request = makeRequest(binaryProgram("add", type), {randomTensor(type, seed), randomTensor(type, seed + 1)},
                               strCat("add/", element));
    seed += 2;
    Reply expected = referenceReply(request);
    ASSERT_EQ(expected.kind, Reply::Kind::kOutputs) << expected.message;
    Reply reply = backend->run(request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
    ASSERT_EQ(reply.outputs.size(), 1u);
    EXPECT_EQ(reply.outputs[0].type(), expected.outputs[0].type());
    EXPECT_TRUE(reply.outputs[0] == expected.outputs[0]);
    EXPECT_GT(reply.seconds, 0);
  }
}

TEST(ServeBackend, SeveralResultsAndScalars) {
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(serveSpec(dir.path()));
  const std::string program =
      "func.func @main(%a: tensor<f64>, %b: tensor<3xi32>) -> (tensor<f64>, tensor<3xi32>, tensor<3xi1>) {\n"
      "  %0 = stablehlo.exponential %a : tensor<f64>\n"
      "  %1 = stablehlo.multiply %b, %b : tensor<3xi32>\n"
      "  %2 = stablehlo.compare LT, %b, %1, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>\n"
      "  func.return %0, %1, %2 : tensor<f64>, tensor<3xi32>, tensor<3xi1>\n}\n";
  auto request = makeRequest(program, {randomTensor("tensor<f64>", 7), randomTensor("tensor<3xi32>", 8)});
  Reply expected = referenceReply(request);
  ASSERT_EQ(expected.kind, Reply::Kind::kOutputs) << expected.message;
  Reply reply = backend->run(request);  // started lazily
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
  ASSERT_EQ(reply.outputs.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_TRUE(reply.outputs[i] == expected.outputs[i]) << "output " << i;
}

TEST(ServeBackend, ProcessGridGivesOneOutputPerProcess) {
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(serveSpec(dir.path()));
  const std::string program =
      "func.func @main(%a: tensor<ui32>) -> tensor<ui32> {\n"
      "  %0 = stablehlo.replica_id : tensor<ui32>\n"
      "  %1 = stablehlo.add %0, %a : tensor<ui32>\n"
      "  func.return %1 : tensor<ui32>\n}\n";
  Tensor ten(Type::tensor({}, Type::element(ElementType::kUI32)));
  ten.setBits(0, 10);
  auto request = makeRequest(program, {ten});
  request.num_replicas = 3;
  // result_types names every output: @main's results for each process, process-major.
  request.result_types = {request.result_types[0], request.result_types[0], request.result_types[0]};
  Reply reply = backend->run(request);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
  ASSERT_EQ(reply.outputs.size(), 3u);
  for (uint64_t replica = 0; replica < 3; ++replica) EXPECT_EQ(reply.outputs[replica].bits(0), 10 + replica);
}

// The infeed queue travels as .npy files in the request's optional "infeed" field: entries in order,
// each with its payload tensors. Without the queue the program's infeed fails (an error, not outputs).
TEST(ServeBackend, InfeedQueueTravelsWithTheRequest) {
  ScratchDir dir;
  const std::string program =
      "func.func @main(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<i8>, tensor<i8>) {\n"
      "  %t = stablehlo.after_all : !stablehlo.token\n"
      "  %0:3 = \"stablehlo.infeed\"(%t) {infeed_config = \"\"} : (!stablehlo.token) -> (tensor<2xf32>, tensor<i8>, !stablehlo.token)\n"
      "  %1:3 = \"stablehlo.infeed\"(%0#2) {infeed_config = \"\"} : (!stablehlo.token) -> (tensor<2xf32>, tensor<i8>, !stablehlo.token)\n"
      "  %2 = stablehlo.add %a, %1#0 : tensor<2xf32>\n"
      "  func.return %2, %0#1, %1#1 : tensor<2xf32>, tensor<i8>, tensor<i8>\n}\n";
  auto request = makeRequest(program, {randomTensor("tensor<2xf32>", 3)});
  request.infeed = {{randomTensor("tensor<2xf32>", 4), randomTensor("tensor<i8>", 5)},
                    {randomTensor("tensor<2xf32>", 6), randomTensor("tensor<i8>", 7)}};
  Reply expected = referenceReply(request);
  ASSERT_EQ(expected.kind, Reply::Kind::kOutputs) << expected.message;
  ASSERT_EQ(expected.outputs.size(), 3u);
  EXPECT_TRUE(expected.outputs[1] == request.infeed[0][1]);
  EXPECT_TRUE(expected.outputs[2] == request.infeed[1][1]);

  std::vector<adapters::ExternalSpec> specs = {serveSpec(dir.path())};
  if (pythonWithNumpy()) specs.push_back(faultSpec(dir.path(), "ok"));  // through hloconf_adapter.py
  for (const adapters::ExternalSpec& spec : specs) {
    SCOPED_TRACE(spec.name);
    auto backend = adapters::makeExternalBackend(spec);
    Reply reply = backend->run(request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
    ASSERT_EQ(reply.outputs.size(), 3u);
    for (size_t i = 0; i < 3; ++i) EXPECT_TRUE(reply.outputs[i] == expected.outputs[i]) << "output " << i;

    adapters::Request starved = request;
    starved.infeed.clear();
    Reply refused = backend->run(starved);
    EXPECT_EQ(refused.kind, Reply::Kind::kError) << kindName(refused.kind) << ": " << refused.message;
    EXPECT_NE(refused.message.find("infeed"), std::string::npos) << refused.message;
    backend->stop();
  }
}

TEST(ServeBackend, ProgramErrorsComeBackAsErrorsAndTheBackendGoesOn) {
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(serveSpec(dir.path()));
  ASSERT_TRUE(backend->start().ok());

  auto good = makeRequest(binaryProgram("add", "tensor<4xf32>"),
                          {randomTensor("tensor<4xf32>", 1), randomTensor("tensor<4xf32>", 2)});
  adapters::Request bad = good;
  bad.mlir = "this is not MLIR";
  Reply reply = backend->run(bad);
  EXPECT_EQ(reply.kind, Reply::Kind::kError) << kindName(reply.kind);
  EXPECT_FALSE(reply.message.empty());

  adapters::Request no_main = good;
  no_main.mlir = "func.func @other() {\n  func.return\n}\n";
  reply = backend->run(no_main);
  EXPECT_EQ(reply.kind, Reply::Kind::kError);
  EXPECT_NE(reply.message.find("@main"), std::string::npos) << reply.message;

  // The request names a result type the program does not produce.
  adapters::Request wrong_type = good;
  wrong_type.result_types = {Type::tensor({4}, Type::element(ElementType::kF64))};
  reply = backend->run(wrong_type);
  EXPECT_EQ(reply.kind, Reply::Kind::kError);
  EXPECT_NE(reply.message.find("tensor<4xf64>"), std::string::npos) << reply.message;

  // A result the protocol cannot carry is refused before anything is sent.
  adapters::Request dynamic = good;
  dynamic.result_types = {Type::tensor({kDynamicSize}, Type::element(ElementType::kF32))};
  reply = backend->run(dynamic);
  EXPECT_EQ(reply.kind, Reply::Kind::kError);
  EXPECT_NE(reply.message.find("static"), std::string::npos) << reply.message;

  reply = backend->run(good);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
  EXPECT_TRUE(reply.outputs[0] == referenceReply(good).outputs[0]);
}

TEST(ServeBackend, IrJsonIsRenderedWhenTheRunnerLeftItOut) {
  // A backend that answers only when the request carries the IR: a sh script that greps for it.
  ScratchDir dir;
  adapters::ExternalSpec spec;
  spec.name = "ir-check";
  spec.work_dir = dir.path();
  spec.argv = {"/bin/sh", "-c",
               "read hello; echo '{\"type\":\"hello\",\"protocol\":1,\"name\":\"ir-check\"}';"
               "while read -r line; do case \"$line\" in *'\"ir_format\":1'*) s=unsupported;; *) s=error;; esac;"
               " id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"case_id\":\"[^\"]*\",\"id\":\\([0-9]*\\).*/\\1/p');"
               " echo \"{\\\"type\\\":\\\"result\\\",\\\"id\\\":$id,\\\"status\\\":\\\"$s\\\",\\\"reason\\\":\\\"saw ir\\\"}\"; done"};
  auto backend = adapters::makeExternalBackend(spec);
  ASSERT_TRUE(backend->start().ok());
  auto request = makeRequest(binaryProgram("add", "tensor<4xf32>"),
                             {randomTensor("tensor<4xf32>", 1), randomTensor("tensor<4xf32>", 2)});
  request.ir = nullptr;
  Reply reply = backend->run(request);
  EXPECT_EQ(reply.kind, Reply::Kind::kUnsupported) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_EQ(reply.message, "saw ir");
}

TEST(ExternalBackend, RepliesThatPromiseTooMuchOrSayNothingKnown) {
  // A sh backend whose reply depends on the case id: "ok" without writing the output file, a status
  // the protocol does not have, and a backend that gave up by itself.
  ScratchDir dir;
  const std::string script = dir.path() + "/backend.sh";
  std::ofstream(script) << R"(read -r hello
echo '{"type":"hello","protocol":1,"name":"liar","capabilities":{"element_types":["f32"]}}'
while read -r line; do
  id=$(printf '%s\n' "$line" | sed -n 's/.*"case_id":"[^"]*","id":\([0-9]*\).*/\1/p')
  case "$line" in
    *'"case_id":"sh/missing"'*) status='"status":"ok"' ;;
    *'"case_id":"sh/weird"'*) status='"status":"maybe"' ;;
    *) status='"status":"timeout","message":"too slow for me"' ;;
  esac
  echo "{\"type\":\"result\",\"id\":$id,$status}"
done
)";
  adapters::ExternalSpec spec;
  spec.name = "liar";
  spec.argv = {"/bin/sh", script};
  spec.work_dir = dir.path();
  auto backend = adapters::makeExternalBackend(spec);
  auto info = backend->start();
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_EQ(info->name, "liar");
  EXPECT_TRUE(info->capabilities.supportsElementType("f32"));
  EXPECT_FALSE(info->capabilities.supportsElementType("f64"));

  auto request = makeRequest(binaryProgram("add", "tensor<2xf32>"),
                             {randomTensor("tensor<2xf32>", 1), randomTensor("tensor<2xf32>", 2)}, "sh/missing");
  Reply reply = backend->run(request);
  EXPECT_EQ(reply.kind, Reply::Kind::kError) << kindName(reply.kind);
  EXPECT_NE(reply.message.find("cannot open"), std::string::npos) << reply.message;
  EXPECT_NE(reply.message.find("-out0.npy"), std::string::npos) << reply.message;

  request.case_id = "sh/weird";
  reply = backend->run(request);
  EXPECT_EQ(reply.kind, Reply::Kind::kError) << kindName(reply.kind);
  EXPECT_NE(reply.message.find("unknown status"), std::string::npos) << reply.message;

  request.case_id = "sh/slow";
  reply = backend->run(request);
  EXPECT_EQ(reply.kind, Reply::Kind::kTimeout) << kindName(reply.kind);
  EXPECT_NE(reply.message.find("too slow for me"), std::string::npos) << reply.message;

  // The request files are gone once each reply was read.
  int npy_files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path()))
    npy_files += entry.path().extension() == ".npy";
  EXPECT_EQ(npy_files, 0);
}

TEST(ServeBackend, SeveralBackendsRunSideBySide) {
  ScratchDir dir;
  constexpr int kThreads = 4, kCases = 40;
  std::vector<int> good(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto backend = adapters::makeExternalBackend(serveSpec(dir.path()));
      for (int i = 0; i < kCases; ++i) {
        const std::string type = "tensor<8xf32>";
        auto request = makeRequest(binaryProgram(i % 2 ? "multiply" : "subtract", type),
                                   {randomTensor(type, t * 1000 + i), randomTensor(type, t * 1000 + i + 500)});
        Reply reply = backend->run(request);
        if (reply.kind == Reply::Kind::kOutputs && reply.outputs.size() == 1 &&
            reply.outputs[0] == referenceReply(request).outputs[0])
          ++good[t];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(good[t], kCases) << "thread " << t;
}

bool processIsGone(pid_t pid) {
  // Dead means: no such process, or a zombie waiting for a parent that is not us.
  std::string stat = readText(strCat("/proc/", pid, "/stat"));
  if (stat.empty()) return true;
  size_t close = stat.rfind(')');
  return close != std::string::npos && close + 2 < stat.size() && (stat[close + 2] == 'Z' || stat[close + 2] == 'X');
}

bool waitUntilGone(pid_t pid) {
  for (int i = 0; i < 200 && !processIsGone(pid); ++i) ::usleep(10000);
  return processIsGone(pid);
}

TEST(ServeBackend, StopLeavesNoProcessBehindHelpersIncluded) {
  ScratchDir dir;
  adapters::ExternalSpec spec = serveSpec(dir.path());
  // The backend starts a helper of its own (a sleep) and then becomes `hloconf serve`.
  spec.argv = {"/bin/sh", "-c", strCat("sleep 1000 & echo $! > helper.pid; echo $$ > backend.pid; exec ", HLOCONF_BINARY, " serve")};
  spec.working_directory = dir.path();
  {
    auto backend = adapters::makeExternalBackend(spec);
    ASSERT_TRUE(backend->start().ok());
    pid_t helper = std::atoi(readText(dir.path() + "/helper.pid").c_str());
    pid_t server = std::atoi(readText(dir.path() + "/backend.pid").c_str());
    ASSERT_GT(helper, 0);
    ASSERT_GT(server, 0);
    EXPECT_FALSE(processIsGone(helper));
    EXPECT_FALSE(processIsGone(server));
    backend.reset();  // the destructor stops it
    EXPECT_TRUE(waitUntilGone(server));
    EXPECT_TRUE(waitUntilGone(helper));
  }
}

TEST(ExternalBackend, HandshakeFailuresAreClearErrors) {
  ScratchDir dir;
  adapters::ExternalSpec spec;
  spec.name = "broken";
  spec.work_dir = dir.path();

  spec.argv = {"/bin/sh", "-c", "echo 'not a hello'; echo 'some diagnostics' >&2; exit 3"};
  auto status = adapters::makeExternalBackend(spec)->start().status();
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(status.message().find("handshake"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("exited with status 3"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("some diagnostics"), std::string::npos) << status.message();

  spec.argv = {"/bin/sh", "-c", "read x; echo '{\"type\":\"hello\",\"protocol\":99}'; sleep 100"};
  status = adapters::makeExternalBackend(spec)->start().status();
  EXPECT_NE(status.message().find("protocol 99"), std::string::npos) << status.message();

  spec.argv = {"no-such-backend-program-hloconf"};
  status = adapters::makeExternalBackend(spec)->start().status();
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound) << status.message();

  // run() without start() reports the failed start as the case's error.
  spec.argv = {"/bin/sh", "-c", "exit 0"};
  Reply reply = adapters::makeExternalBackend(spec)->run(makeRequest(binaryProgram("add", "tensor<f32>"),
                                                                      {randomTensor("tensor<f32>", 1), randomTensor("tensor<f32>", 2)}));
  EXPECT_EQ(reply.kind, Reply::Kind::kError);
  EXPECT_NE(reply.message.find("handshake"), std::string::npos) << reply.message;
}

TEST(ExternalBackend, ShellBackendCrashAndHangWithoutPython) {
  // A minimal backend in sh: answers the hello, then dies on its first request (crash) or never answers
  // (hang). Each failure costs its case; the next request restarts the process.
  ScratchDir dir;
  adapters::ExternalSpec spec;
  spec.name = "sh";
  spec.work_dir = dir.path();
  spec.argv = {"/bin/sh", "-c",
               "read hello; echo '{\"type\":\"hello\",\"protocol\":1}'; read request;"
               "case \"$request\" in *hang*) sleep 1000;; *) echo dying >&2; kill -SEGV $$;; esac"};
  auto backend = adapters::makeExternalBackend(spec);
  ASSERT_TRUE(backend->start().ok());
  auto request = makeRequest(binaryProgram("add", "tensor<f32>"), {randomTensor("tensor<f32>", 1), randomTensor("tensor<f32>", 2)},
                             "sh/crash");
  Reply reply = backend->run(request);
  EXPECT_EQ(reply.kind, Reply::Kind::kCrash) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_NE(reply.message.find("SIGSEGV"), std::string::npos) << reply.message;
  EXPECT_NE(reply.message.find("dying"), std::string::npos) << reply.message;

  request.case_id = "sh/hang";
  request.timeout_seconds = 0.5;
  reply = backend->run(request);
  EXPECT_EQ(reply.kind, Reply::Kind::kTimeout) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_GE(reply.seconds, 0.5);
  EXPECT_LT(reply.seconds, 3.0);
}

}  // namespace
}  // namespace hloconf::test
