// `--backend NAME` (adapters/<name>/adapter.json) and `--backend-cmd 'CMD'` into an ExternalSpec.
#include "adapter_test_util.h"

namespace hloconf::test {
namespace {

namespace fs = std::filesystem;

TEST(SpecFromCommand, SplitsLikeAShell) {
  auto spec = adapters::specFromCommand("", "python3 -u 'my adapter.py' --flag=\"a \\\"b\\\" c\" back\\ slash ''");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  EXPECT_EQ(spec->argv, (std::vector<std::string>{"python3", "-u", "my adapter.py", "--flag=a \"b\" c", "back slash", ""}));
  EXPECT_EQ(spec->name, "python3");

  spec = adapters::specFromCommand("mine", "  /opt/x/bin/run\t--a  ");
  ASSERT_TRUE(spec.ok());
  EXPECT_EQ(spec->argv, (std::vector<std::string>{"/opt/x/bin/run", "--a"}));
  EXPECT_EQ(spec->name, "mine");

  EXPECT_FALSE(adapters::specFromCommand("", "run 'unterminated").ok());
  EXPECT_FALSE(adapters::specFromCommand("", "run \"unterminated").ok());
  EXPECT_FALSE(adapters::specFromCommand("", "   ").ok());
  EXPECT_FALSE(adapters::specFromCommand("", "trailing\\").ok());
}

TEST(FindAdapter, ResolvesPathsAgainstTheAdapterFolder) {
  ScratchDir dir;
  const std::string first = dir.path() + "/first", second = dir.path() + "/second";
  fs::create_directories(second + "/xla/lib");
  std::ofstream(second + "/xla/adapter.py") << "# an adapter\n";
  std::ofstream(second + "/xla/adapter.json")
      << R"({"command": ["python3", "adapter.py", "-u", "--plugin", "lib", "missing.txt"],
            "env": {"XLA_FLAGS": "--xla_cpu", "PLUGIN": "${ADAPTER_DIR}/lib"}})";
  auto spec = adapters::findAdapter("xla", {first, second});
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  const std::string folder = fs::weakly_canonical(second + "/xla").string();
  EXPECT_EQ(spec->name, "xla");
  EXPECT_EQ(spec->argv, (std::vector<std::string>{"python3", folder + "/adapter.py", "-u", "--plugin", folder + "/lib",
                                                 "missing.txt"}));
  EXPECT_EQ(spec->working_directory, folder);
  auto env = [&](const std::string& key) {
    for (const auto& [k, v] : spec->environment)
      if (k == key) return v;
    return std::string("<unset>");
  };
  EXPECT_EQ(env("XLA_FLAGS"), "--xla_cpu");
  EXPECT_EQ(env("PLUGIN"), folder + "/lib");
  EXPECT_EQ(env("HLOCONF_ADAPTER_DIR"), folder);

  // The first search folder that has the adapter wins.
  fs::create_directories(first + "/xla");
  std::ofstream(first + "/xla/adapter.json") << R"({"command": ["/bin/true"], "working_directory": "sub"})";
  spec = adapters::findAdapter("xla", {first, second});
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  EXPECT_EQ(spec->argv, (std::vector<std::string>{"/bin/true"}));
  EXPECT_EQ(spec->working_directory, fs::weakly_canonical(first + "/xla").string() + "/sub");
}

TEST(FindAdapter, ErrorsNameTheProblem) {
  ScratchDir dir;
  auto missing = adapters::findAdapter("nothing", {dir.path()});
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find(dir.path() + "/nothing/adapter.json"), std::string::npos)
      << missing.status().message();

  EXPECT_EQ(adapters::findAdapter("../etc", {dir.path()}).status().code(), absl::StatusCode::kInvalidArgument);

  fs::create_directories(dir.path() + "/bad");
  for (const char* text : {"not json", R"({"command": []})", R"({"command": "python3 adapter.py"})",
                           R"({"command": ["a", 1]})", R"({"command": ["a"], "env": {"X": 1}})", "[1]"}) {
    std::ofstream(dir.path() + "/bad/adapter.json") << text;
    auto spec = adapters::findAdapter("bad", {dir.path()});
    EXPECT_EQ(spec.status().code(), absl::StatusCode::kInvalidArgument) << text;
    EXPECT_NE(spec.status().message().find("adapter.json"), std::string::npos) << spec.status().message();
  }
}

}  // namespace
}  // namespace hloconf::test
