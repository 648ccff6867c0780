// `hloconf serve` fed lines directly: every line gets one reply in order, malformed ones an error, and
// the server goes on until `shutdown`.
#include "adapter_test_util.h"
#include "ir/npy.h"
#include "nlohmann/json.hpp"

namespace hloconf::test {
namespace {

using json = nlohmann::json;

struct Served {
  int status = -1;
  std::vector<json> replies;
  std::string raw;
};

// Runs `hloconf serve ARGS` with `lines` on stdin; stderr is discarded, stdout parsed line by line.
Served serve(const ScratchDir& dir, const std::vector<std::string>& lines, const std::string& args = "") {
  const std::string input = dir.path() + "/input.jsonl";
  {
    std::ofstream out(input);
    for (const std::string& line : lines) out << line << "\n";
  }
  Served served;
  const std::string command = strCat(HLOCONF_BINARY, " serve ", args, " < ", input, " 2>/dev/null");
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return served;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) served.raw.append(buffer, n);
  int raw_status = ::pclose(pipe);
  served.status = WIFEXITED(raw_status) ? WEXITSTATUS(raw_status) : -1;
  std::istringstream stream(served.raw);
  std::string line;
  while (std::getline(stream, line)) served.replies.push_back(json::parse(line, nullptr, false));
  return served;
}

json runMessage(const ScratchDir& dir, int id, const std::string& mlir, const std::vector<Tensor>& inputs,
                const std::vector<std::string>& output_types) {
  json message = {{"type", "run"}, {"id", id}, {"case_id", "serve/test"}, {"mlir", mlir}};
  message["inputs"] = json::array();
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::string path = strCat(dir.path(), "/in", id, "-", i, ".npy");
    EXPECT_TRUE(writeNpyFile(path, inputs[i]).ok());
    message["inputs"].push_back({{"path", path}, {"type", inputs[i].type().toString()}});
  }
  message["outputs"] = json::array();
  for (size_t i = 0; i < output_types.size(); ++i)
    message["outputs"].push_back({{"path", strCat(dir.path(), "/out", id, "-", i, ".npy")}, {"type", output_types[i]}});
  return message;
}

TEST(ServeCommand, MalformedLinesGetErrorsAndTheServerGoesOn) {
  ScratchDir dir;
  const std::string type = "tensor<3xf32>";
  auto module = parseModule(binaryProgram("subtract", type), "p.mlir");
  ASSERT_TRUE(module.ok());
  const std::string mlir = printModule(*module);
  Tensor a = randomTensor(type, 1), b = randomTensor(type, 2);
  json good = runMessage(dir, 7, mlir, {a, b}, {type});
  json missing_input = runMessage(dir, 8, mlir, {a, b}, {type});
  missing_input["inputs"][1]["path"] = dir.path() + "/no-such.npy";
  json wrong_shape = runMessage(dir, 9, mlir, {a, b}, {type});
  wrong_shape["inputs"][0]["type"] = "tensor<4xf32>";
  json too_many_outputs = runMessage(dir, 10, mlir, {a, b}, {type, type});
  json bad_type = runMessage(dir, 11, mlir, {a, b}, {"tensor<3xfloat>"});

  Served served = serve(dir, {
      R"({"type":"hello","protocol":1,"work_dir":"/tmp"})",
      "not json at all",
      "",  // blank lines are skipped without a reply
      "[1, 2, 3]",
      R"({"id": 3})",
      R"({"type":"dance","id":4})",
      R"({"type":"run","id":5,"inputs":[],"outputs":[]})",
      R"({"type":"run","mlir":"x","inputs":[],"outputs":[]})",
      missing_input.dump(),
      wrong_shape.dump(),
      too_many_outputs.dump(),
      bad_type.dump(),
      good.dump(),
      R"({"type":"shutdown"})",
      R"({"type":"hello","protocol":1})",  // after shutdown: never read
  }, "--name other");
  EXPECT_EQ(served.status, 0);
  ASSERT_EQ(served.replies.size(), 12u) << served.raw;
  for (const json& reply : served.replies) ASSERT_TRUE(reply.is_object()) << served.raw;

  EXPECT_EQ(served.replies[0]["type"], "hello");
  EXPECT_EQ(served.replies[0]["protocol"], 1);
  EXPECT_EQ(served.replies[0]["name"], "other");
  // One error per malformed line, in order, with the id echoed where the line had one.
  const std::vector<json> expected_ids = {nullptr, nullptr, 3, 4, 5, nullptr, 8, 9, 10, 11};
  const std::vector<std::string> expected_words = {"malformed", "malformed", "type", "dance", "mlir", "id",
                                                   "no-such.npy", "shape", "output file", "tensor<3xfloat>"};
  for (size_t i = 0; i < expected_ids.size(); ++i) {
    const json& reply = served.replies[1 + i];
    SCOPED_TRACE(reply.dump());
    EXPECT_EQ(reply["type"], "result");
    EXPECT_EQ(reply["status"], "error");
    EXPECT_EQ(reply["id"], expected_ids[i]);
    EXPECT_NE(reply["message"].get<std::string>().find(expected_words[i]), std::string::npos);
  }
  const json& ok = served.replies[11];
  EXPECT_EQ(ok["status"], "ok") << ok.dump();
  EXPECT_EQ(ok["id"], 7);
  auto out = readNpyFile(good["outputs"][0]["path"].get<std::string>(), a.type());
  ASSERT_TRUE(out.ok()) << out.status().message();
  auto request = makeRequest(binaryProgram("subtract", type), {a, b});
  EXPECT_TRUE(*out == referenceReply(request).outputs[0]);
}

TEST(ServeCommand, EndOfInputEndsTheServerAndUnknownOptionsAreUsageErrors) {
  ScratchDir dir;
  Served served = serve(dir, {R"({"type":"hello","protocol":1})"});
  EXPECT_EQ(served.status, 0);
  ASSERT_EQ(served.replies.size(), 1u);
  EXPECT_EQ(served.replies[0]["name"], "reference");
  EXPECT_EQ(serve(dir, {}, "--bogus").status, 2);
}

}  // namespace
}  // namespace hloconf::test
