// report.html: self-contained (no script, no external resource), and rendered by headless Chromium: the
// DOM it builds holds the tables and the SVG histograms, and its screenshot has the requested size and
// shows the page (the verdict badge and the histogram bars in their colours).
#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../harness/run_hloconf.h"
#include "reports/writers.h"

namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace hloconf::reports;

constexpr int kWidth = 1280, kHeight = 2000;

CaseResult makeCase(std::string id, std::string op, std::string type, Status status, double max_ulp, int64_t elements = 64) {
  CaseResult r;
  r.id = std::move(id);
  r.backend = "reference";
  r.op = std::move(op);
  r.element_type = std::move(type);
  r.status = status;
  r.max_ulp = max_ulp;
  r.elements = elements;
  r.rule = "default:" + r.op;
  r.repro = "hloconf repro --backend reference '" + r.id + "' -o /tmp/r.mlir";
  if (max_ulp >= 0) {
    // Most elements exact and one in each bucket up to max_ulp's: every bucket up to that one has a bar.
    const int top = ulpBucket(max_ulp);
    r.ulp_histogram.assign(static_cast<size_t>(top) + 1, 1);
    r.ulp_histogram[0] = elements - top;
  }
  if (status == Status::kFail) {
    r.message = "element [3]: expected 0x3F800000, got 0x3F80000C (12 ULP) <&>";
    r.mismatches = 2;
    ElementDiff d;
    d.index = 3;
    d.position = "[3]";
    d.expected = "1.0";
    d.actual = "1.00000143";
    d.expected_bits = "0x3F800000";
    d.actual_bits = "0x3F80000C";
    d.ulp = max_ulp;
    d.category = "value";
    r.worst.push_back(d);
    r.inputs.push_back({"tensor<64xf32>", "0x" + std::string(512, 'A'), false});
  }
  return r;
}

std::vector<CaseResult> syntheticResults() {
  std::vector<CaseResult> v;
  for (int i = 0; i < 6; ++i) v.push_back(makeCase("spec/add/example-" + std::to_string(i), "add", "f32", Status::kPass, 0));
  v.push_back(makeCase("gen/exponential/f32/special#seed=1", "exponential", "f32", Status::kPass, 3));
  v.push_back(makeCase("gen/exponential/f32/wide#seed=2", "exponential", "f32", Status::kFail, 12));
  v.push_back(makeCase("gen/exponential/bf16/a", "exponential", "bf16", Status::kPass, 1));
  v.push_back(makeCase("gen/tanh/f64/a", "tanh", "f64", Status::kPass, 200));
  v.push_back(makeCase("gen/tanh/f64/b", "tanh", "f64", Status::kTimeout, -1));
  v.push_back(makeCase("spec/divide/by-zero", "divide", "i32", Status::kImplDefined, -1));
  v.push_back(makeCase("spec/divide/u8", "divide", "ui8", Status::kUnsupported, -1));
  return v;
}

RunInfo syntheticInfo() {
  RunInfo info;
  info.tool_version = "0.1.0";
  info.profile = "default";
  info.backends = {"reference"};
  info.started_at = "2024-05-01T12:00:00Z";
  info.command_line = "hloconf run --report-dir out";
  return info;
}

size_t countOf(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

std::optional<std::string> findChromium() {
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');) {
      for (const char* name : {"chromium", "chromium-browser"}) {
        const fs::path candidate = fs::path(dir) / name;
        if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate.string();
      }
    }
  }
  if (access("/usr/bin/chromium", X_OK) == 0) return "/usr/bin/chromium";
  return std::nullopt;
}

using CommandResult = hloconf::test::RunResult;

CommandResult runCommand(const std::string& command) { return hloconf::test::runShell(command); }

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

uint32_t bigEndian32(const std::string& bytes, size_t at) {
  return (uint32_t{static_cast<uint8_t>(bytes[at])} << 24) | (uint32_t{static_cast<uint8_t>(bytes[at + 1])} << 16) |
         (uint32_t{static_cast<uint8_t>(bytes[at + 2])} << 8) | uint32_t{static_cast<uint8_t>(bytes[at + 3])};
}

// An 8-bit RGB or RGBA PNG (what Chromium writes), decoded to RGB rows; zlib's uncompress is loaded at
// run time (the test binary does not link zlib). nullopt when zlib or the format is not available.
struct Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgb;
  const uint8_t* pixel(uint32_t x, uint32_t y) const { return &rgb[(static_cast<size_t>(y) * width + x) * 3]; }
};

std::optional<Image> decodePng(const std::string& png) {
  void* zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!zlib) return std::nullopt;
  using Uncompress = int (*)(unsigned char*, unsigned long*, const unsigned char*, unsigned long);
  auto uncompress = reinterpret_cast<Uncompress>(dlsym(zlib, "uncompress"));
  if (!uncompress) return std::nullopt;
  Image image;
  image.width = bigEndian32(png, 16);
  image.height = bigEndian32(png, 20);
  const int bit_depth = static_cast<uint8_t>(png[24]), color_type = static_cast<uint8_t>(png[25]);
  const int interlace = static_cast<uint8_t>(png[28]);
  if (bit_depth != 8 || (color_type != 2 && color_type != 6) || interlace != 0) return std::nullopt;
  const size_t channels = color_type == 6 ? 4 : 3;
  std::string idat;
  for (size_t at = 8; at + 8 <= png.size();) {
    const uint32_t length = bigEndian32(png, at);
    const std::string type = png.substr(at + 4, 4);
    if (type == "IDAT") idat += png.substr(at + 8, length);
    at += 12 + length;
  }
  const size_t stride = image.width * channels;
  std::vector<uint8_t> raw((stride + 1) * image.height);
  unsigned long raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, reinterpret_cast<const unsigned char*>(idat.data()), idat.size()) != 0 ||
      raw_size != raw.size())
    return std::nullopt;
  // Undo the per-row filters (PNG spec, section 9).
  std::vector<uint8_t> previous(stride, 0), row(stride);
  image.rgb.resize(static_cast<size_t>(image.width) * image.height * 3);
  for (uint32_t y = 0; y < image.height; ++y) {
    const uint8_t filter = raw[y * (stride + 1)];
    const uint8_t* in = &raw[y * (stride + 1) + 1];
    for (size_t i = 0; i < stride; ++i) {
      const int a = i >= channels ? row[i - channels] : 0, b = previous[i], c = i >= channels ? previous[i - channels] : 0;
      int predictor = 0;
      switch (filter) {
        case 1: predictor = a; break;
        case 2: predictor = b; break;
        case 3: predictor = (a + b) / 2; break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: break;
      }
      row[i] = static_cast<uint8_t>(in[i] + predictor);
    }
    for (uint32_t x = 0; x < image.width; ++x)
      for (int k = 0; k < 3; ++k) image.rgb[(static_cast<size_t>(y) * image.width + x) * 3 + k] = row[x * channels + k];
    previous = row;
  }
  return image;
}

// Pixels within `tolerance` per channel of the colour 0xRRGGBB, in rows [0, max_rows).
size_t pixelsOfColor(const Image& image, uint32_t color, int tolerance = 4, uint32_t max_rows = UINT32_MAX) {
  const int r = (color >> 16) & 255, g = (color >> 8) & 255, b = color & 255;
  size_t n = 0;
  for (uint32_t y = 0; y < image.height && y < max_rows; ++y)
    for (uint32_t x = 0; x < image.width; ++x) {
      const uint8_t* p = image.pixel(x, y);
      if (std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance) ++n;
    }
  return n;
}

class HtmlRender : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hloconf_html_" + std::to_string(getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs Chromium headless on `page` with its own profile directory and a time limit.
  CommandResult chromium(const std::string& binary, const std::string& flags, const fs::path& page, const std::string& tag) {
    const fs::path profile = dir_ / ("profile-" + tag);
    const std::string command = "timeout -k 10 90 " + binary +
                                " --headless --disable-gpu --no-sandbox --no-first-run --disable-extensions"
                                " --disable-dev-shm-usage --hide-scrollbars --user-data-dir=" +
                                profile.string() + " " + flags + " file://" + page.string() + " 2>/dev/null";
    return runCommand(command);
  }
  fs::path dir_;
};

TEST_F(HtmlRender, PageIsSelfContained) {
  const std::string html = htmlReport(syntheticInfo(), syntheticResults());
  EXPECT_THAT(html, HasSubstr("<!DOCTYPE html>"));
  EXPECT_THAT(html, HasSubstr("<style>"));
  for (const char* external : {"<script", "<link", " src=", "url(", "@import", "<img", "<iframe"})
    EXPECT_THAT(html, Not(HasSubstr(external))) << external;
  // Every http(s) reference is the SVG namespace name, which is never fetched.
  EXPECT_EQ(countOf(html, "http"), countOf(html, "xmlns=\"http://www.w3.org/2000/svg\""));
  // A table per op and a histogram per op with float elements (add, exponential, tanh; divide has none).
  EXPECT_EQ(countOf(html, "<table class=\"groups\">"), 4u);
  EXPECT_EQ(countOf(html, "<svg class=\"hist\""), 3u);
  EXPECT_THAT(html, HasSubstr("No floating-point elements compared."));
  // The failures: the FAIL and the TIMEOUT, with worst elements in hex, the repro command and the input.
  EXPECT_EQ(countOf(html, "<div class=\"case\""), 2u);
  EXPECT_THAT(html, HasSubstr("<td>0x3F80000C</td>"));
  EXPECT_THAT(html, HasSubstr("hloconf repro --backend reference &#39;gen/exponential/f32/wide#seed=2&#39;"));
  EXPECT_THAT(html, HasSubstr("(12 ULP) &lt;&amp;&gt;"));
  EXPECT_THAT(html, HasSubstr("0xAAAAAAAA"));
  // Issue 18, item 8: the inputs decoded too (0xAAAAAAAA is the f32 -3.0316488e-13).
  EXPECT_THAT(html, HasSubstr("<pre class=\"values\">[-3.0316488e-13"));
  // The worst case of exponential/f32 links to its failure.
  EXPECT_THAT(html, HasSubstr("<a href=\"#case-0\"><code>gen/exponential/f32/wide#seed=2</code></a>"));
}

// Issue 18, item 8: a failure card shows the case's own description.
TEST_F(HtmlRender, FailureCardsShowTheCaseDescription) {
  std::vector<CaseResult> results = syntheticResults();
  for (CaseResult& r : results)
    if (r.status == Status::kFail) r.description = "abs on f64: -0.0 & the largest <finite> value";
  const std::string html = htmlReport(syntheticInfo(), results);
  EXPECT_THAT(html, HasSubstr("<p class=\"muted\">abs on f64: -0.0 &amp; the largest &lt;finite&gt; value</p>"));
}

// Issue 18, item 8: every legend entry of a histogram lies inside its SVG (a narrow plot of one or two
// buckets used to clip three of four entries).
TEST_F(HtmlRender, HistogramLegendsFitTheirSvg) {
  const std::string html = htmlReport(syntheticInfo(), syntheticResults());
  size_t at = 0;
  int svgs = 0;
  while ((at = html.find("<svg class=\"hist\"", at)) != std::string::npos) {
    const size_t end = html.find("</svg>", at);
    const std::string svg = html.substr(at, end - at);
    const double width = std::stod(svg.substr(svg.find("width=\"") + 7));
    // Legend swatches are the 10x10 rects; their labels start 14 px right and need about 130 px.
    size_t rect = 0;
    while ((rect = svg.find("width=\"10\" height=\"10\"", rect)) != std::string::npos) {
      const size_t x_at = svg.rfind("x=\"", rect);
      const double x = std::stod(svg.substr(x_at + 3));
      EXPECT_LE(x + 14 + 130, width) << svg.substr(0, 200);
      ++rect;
    }
    ++svgs;
    at = end;
  }
  EXPECT_GE(svgs, 1);
}

TEST_F(HtmlRender, ChromiumRendersTablesHistogramsAndFailures) {
  const std::optional<std::string> binary = findChromium();
  if (!binary) GTEST_SKIP() << "no chromium on PATH or at /usr/bin/chromium";
  const std::vector<CaseResult> results = syntheticResults();
  ASSERT_TRUE(writeReports(dir_.string(), syntheticInfo(), results).ok());
  const fs::path page = dir_ / "report.html";

  // The DOM Chromium built from the page.
  CommandResult dom = chromium(*binary, "--dump-dom", page, "dom");
  ASSERT_EQ(dom.status, 0) << "chromium --dump-dom failed (status " << dom.status << ")";
  EXPECT_THAT(dom.output, HasSubstr("<h1>hloconf report <span class=\"verdict bad\">FAILED</span></h1>"));
  EXPECT_EQ(countOf(dom.output, "<table class=\"groups\">"), 4u);
  EXPECT_EQ(countOf(dom.output, "<svg class=\"hist\""), 3u);
  // One bar per non-empty bucket and series: add (exact), exponential f32 (up to 12 ULP) and bf16 (1 ULP),
  // tanh f64 (200 ULP).
  const int bars = 1 + (ulpBucket(12) + 1) + (ulpBucket(1) + 1) + (ulpBucket(200) + 1);
  EXPECT_EQ(countOf(dom.output, "<rect class=\"bar\""), static_cast<size_t>(bars));
  EXPECT_THAT(dom.output, HasSubstr("id=\"case-0\""));
  EXPECT_THAT(dom.output, HasSubstr("gen/tanh/f64/b"));

  // The screenshot, and one of an empty page to compare with.
  const fs::path shot = dir_ / "report.png";
  CommandResult r = chromium(*binary, "--screenshot=" + shot.string() + " --window-size=" + std::to_string(kWidth) + "," +
                                          std::to_string(kHeight),
                             page, "shot");
  ASSERT_EQ(r.status, 0) << "chromium --screenshot failed (status " << r.status << ")";
  const std::string png = readFile(shot);
  ASSERT_GT(png.size(), 33u);
  ASSERT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  ASSERT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(bigEndian32(png, 16), static_cast<uint32_t>(kWidth));
  EXPECT_EQ(bigEndian32(png, 20), static_cast<uint32_t>(kHeight));

  const fs::path blank_page = dir_ / "blank.html";
  std::ofstream(blank_page) << "<!DOCTYPE html><html><body></body></html>";
  const fs::path blank_shot = dir_ / "blank.png";
  r = chromium(*binary, "--screenshot=" + blank_shot.string() + " --window-size=" + std::to_string(kWidth) + "," +
                            std::to_string(kHeight),
               blank_page, "blank");
  ASSERT_EQ(r.status, 0);
  const size_t blank_size = fs::file_size(blank_shot);
  EXPECT_GT(png.size(), 4 * blank_size) << "the report's screenshot is hardly bigger than a blank page's";

  // With zlib at hand, look at the pixels: the red verdict badge (#cf222e, about 70 x 24 pixels in the
  // title, the only red up there) and the blue bars of each histogram's first series (#0969da; tens of
  // thousands of pixels, where the page's blue text without the SVGs makes about 2,000) are drawn, and
  // much of the page is not white.
  const std::optional<Image> image = decodePng(png);
  if (!image) {
    std::printf("note: no zlib (or an unexpected PNG format): pixels not checked\n");
    return;
  }
  ASSERT_EQ(image->width, static_cast<uint32_t>(kWidth));
  EXPECT_GT(pixelsOfColor(*image, 0xcf222e, 4, 80), 800u) << "no red verdict badge";
  EXPECT_GT(pixelsOfColor(*image, 0x0969da), 10000u) << "no histogram bars";
  const size_t white = pixelsOfColor(*image, 0xffffff, 2);
  const size_t total = static_cast<size_t>(image->width) * image->height;
  EXPECT_LT(white, total * 98 / 100) << "the page is almost blank";
  const std::optional<Image> blank = decodePng(readFile(blank_shot));
  ASSERT_TRUE(blank.has_value());
  EXPECT_EQ(pixelsOfColor(*blank, 0xffffff, 2), static_cast<size_t>(blank->width) * blank->height);
}

}  // namespace
