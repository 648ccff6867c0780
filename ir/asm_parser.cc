#include "ir/asm_parser.h"
#include "ir/status_macros.h"

#include <algorithm>
#include <cstring>

#include "ir/diagnostic.h"
#include "ir/nearest_name.h"
#include "ir/op_schema.h"
#include "ir/strings.h"

namespace hloconf {

// Bounds recursion so that deeply nested hostile input gives an error instead of a stack overflow: regions
// count against kMaxRegionNesting, types and attributes (inside one op) against kMaxValueNesting.
class DepthGuard {
 public:
  DepthGuard(int& depth, int limit) : depth_(depth), limit_(limit) { ++depth_; }
  ~DepthGuard() { --depth_; }
  bool tooDeep() const { return depth_ > limit_; }

 private:
  int& depth_;
  int limit_;
};

namespace {

bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentifierChar(char c) { return isLetter(c) || isDigit(c) || c == '$' || c == '.'; }
bool isSuffixIdChar(char c) { return isIdentifierChar(c) || c == '-'; }

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Table-driven hex decoding: the bulk of real-world module text is hex blobs.
struct HexTable {
  int8_t value[256];
  HexTable() {
    for (int c = 0; c < 256; ++c) value[c] = static_cast<int8_t>(hexValue(static_cast<char>(c)));
  }
};
const HexTable kHexTable;

bool keywordMatches(std::string_view text, size_t pos, size_t end, std::string_view keyword) {
  if (end - pos < keyword.size() || text.compare(pos, keyword.size(), keyword) != 0) return false;
  size_t after = pos + keyword.size();
  return after >= end || !isIdentifierChar(text[after]);
}

// The largest tensor literal we materialize (a splat of a larger shape is rejected with an error).
constexpr int64_t kMaxLiteralBytes = int64_t{1} << 30;

// One literal of a `dense<...>` list before the element type is known.
struct RawElement {
  std::string_view real;
  std::string_view imag;  // set for `(re, im)`
  uint32_t offset = 0;
};

// The attributes of the stablehlo dialect, as StableHLO prints them: `#stablehlo<NAME VALUE>` for an enum,
// `#stablehlo.NAME<...>` for a struct (and for the enums whose own syntax is `<VALUE>`). Any other
// `#stablehlo...` name is a typo or an attribute of another StableHLO version, refused where it is written
// rather than kept as opaque text that only a later schema check (or none, for a discardable attribute)
// would look at.
constexpr std::string_view kStablehloEnums[] = {"comparison_direction", "comparison_type", "precision", "fft_type",
                                                "rng_distribution",     "rng_algorithm",   "transpose"};
constexpr std::string_view kStablehloStructs[] = {"gather",
                                                  "scatter",
                                                  "dot",
                                                  "conv",
                                                  "channel_handle",
                                                  "type_extensions",
                                                  "bounds",
                                                  "output_operand_alias",
                                                  "dot_algorithm",
                                                  "result_accuracy",
                                                  "result_accuracy_mode"};
// The chlo dialect's attributes (../shared/spec/chlo.md, "Attributes"): its three enums, printed by MLIR as
// `#chlo<NAME VALUE>` (the form chlo.md writes, `#chlo.NAME<VALUE>`, is accepted too), and ragged_dot's
// dimension numbers. Refused otherwise, for the same reason as an unknown `#stablehlo...` name.
constexpr std::string_view kChloEnums[] = {"comparison_direction", "comparison_type", "precision"};
constexpr std::string_view kChloStructs[] = {"ragged_dot", "comparison_direction", "comparison_type", "precision"};

// The error for an attribute `prefix name suffix` ("#stablehlo.bogus<...>") whose name is not one of `known`,
// at `offset`: it names the one likely meant and lists them all. OK when the name is known.
template <size_t N>
absl::Status checkKnownName(const AsmParser& parser, size_t offset, std::string_view name, const std::string_view (&known)[N],
                            std::string_view prefix, std::string_view suffix) {
  if (std::find(std::begin(known), std::end(known), name) != std::end(known)) return absl::OkStatus();
  std::vector<std::string> names;
  std::string list;
  for (std::string_view k : known) {
    names.emplace_back(k);
    strAppend(&list, list.empty() ? "" : ", ", prefix, k, suffix);
  }
  // Compared without the prefix and suffix, so that the edits allowed scale with the name alone.
  const std::string meant = likelyMeant(name, names);
  const std::string_view dialect = prefix.substr(1, prefix.find_first_of(".<") - 1);  // "#chlo<" -> "chlo"
  return parser.errorAt(offset, strCat("unknown attribute ", prefix, name, suffix, " of the ", dialect, " dialect",
                                       meant.empty() ? "" : strCat(" (did you mean ", prefix, meant, suffix, "?)"),
                                       ": its attributes of this form are ", list));
}

}  // namespace

AsmParser::AsmParser(std::string_view path, std::string_view text, size_t begin, size_t end, LineAnchor anchor)
    : path_(path), text_(text), pos_(begin), end_(std::min(end, text.size())), anchor_(anchor) {}

absl::Status AsmParser::errorAt(size_t offset, std::string_view message) const {
  return absl::InvalidArgumentError(formatDiagnostic(path_, text_, offset, message, anchor_));
}

bool AsmParser::atEnd() {
  skipTrivia();
  return pos_ >= end_;
}

void AsmParser::skipTrivia() {
  while (pos_ < end_) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < end_ && text_[pos_ + 1] == '/') {
      const void* newline = std::memchr(text_.data() + pos_, '\n', end_ - pos_);
      pos_ = newline ? static_cast<const char*>(newline) - text_.data() + 1 : end_;
    } else {
      return;
    }
  }
}

void AsmParser::skipLocations() {
  skipTrivia();
  while (keywordMatches(text_, pos_, end_, "loc") && pos_ + 3 < end_ && text_[pos_ + 3] == '(') {
    pos_ += 3;
    if (!skipBalanced('(', ')').ok()) return;
    skipTrivia();
  }
}

absl::Status AsmParser::skipBalanced(char open, char close) {
  size_t start = pos_;
  int depth = 0;
  while (pos_ < end_) {
    char c = text_[pos_++];
    if (c == '"') {
      while (pos_ < end_ && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
      ++pos_;
    } else if (c == open) {
      ++depth;
    } else if (c == close && --depth == 0) {
      return absl::OkStatus();
    }
  }
  pos_ = std::min(pos_, end_);
  return errorAt(start, strCat("unbalanced '", std::string(1, open), "': missing '", std::string(1, close), "'"));
}

bool AsmParser::peekPunctRaw(std::string_view punct) const {
  if (end_ - pos_ < punct.size() || text_.compare(pos_, punct.size(), punct) != 0) return false;
  // A word (`x`, `dims`) must end at a word boundary; `-` must not be the start of `->`.
  if (isLetter(punct[0])) return keywordMatches(text_, pos_, end_, punct);
  if (punct == "-" && pos_ + 1 < end_ && text_[pos_ + 1] == '>') return false;
  return true;
}

bool AsmParser::peek(std::string_view punct) {
  skipTrivia();
  return peekPunctRaw(punct);
}

bool AsmParser::consumeIf(std::string_view punct) {
  if (!peek(punct)) return false;
  pos_ += punct.size();
  return true;
}

absl::Status AsmParser::expect(std::string_view punct, std::string_view context) {
  if (consumeIf(punct)) return absl::OkStatus();
  std::string found = pos_ < end_ ? strCat("'", text_.substr(pos_, std::min<size_t>(12, end_ - pos_)), "'")
                                  : std::string("end of input");
  if (size_t newline = found.find('\n'); newline != std::string::npos) found = found.substr(0, newline) + "'";
  return error(strCat("expected '", punct, "'", context.empty() ? "" : strCat(" ", context), ", found ", found));
}

bool AsmParser::peekKeyword(std::string_view keyword) {
  skipTrivia();
  return keywordMatches(text_, pos_, end_, keyword);
}

bool AsmParser::consumeKeyword(std::string_view keyword) {
  if (!peekKeyword(keyword)) return false;
  pos_ += keyword.size();
  return true;
}

absl::Status AsmParser::expectKeyword(std::string_view keyword) {
  if (consumeKeyword(keyword)) return absl::OkStatus();
  return error(strCat("expected '", keyword, "'"));
}

std::optional<std::string_view> AsmParser::parseOptionalIdentifier() {
  skipTrivia();
  if (pos_ >= end_ || !isLetter(text_[pos_])) return std::nullopt;
  size_t start = pos_;
  while (pos_ < end_ && isIdentifierChar(text_[pos_])) ++pos_;
  return text_.substr(start, pos_ - start);
}

absl::Status AsmParser::parseIdentifier(std::string_view& out, std::string_view what) {
  if (auto id = parseOptionalIdentifier()) {
    out = *id;
    return absl::OkStatus();
  }
  return error(strCat("expected ", what));
}

bool AsmParser::peekString() {
  skipTrivia();
  return peekChar() == '"';
}

absl::Status AsmParser::parseString(std::string& out) {
  skipTrivia();
  if (peekChar() != '"') return error("expected a string literal");
  size_t start = pos_++;
  out.clear();
  while (true) {
    if (pos_ >= end_) return errorAt(start, "unterminated string literal: add the closing '\"'");
    char c = text_[pos_++];
    if (c == '"') return absl::OkStatus();
    if (c == '\n') return errorAt(start, "unterminated string literal: add the closing '\"' before the end of the line");
    if (c != '\\') {
      out += c;
      continue;
    }
    if (pos_ >= end_) return errorAt(start, "unterminated string literal");
    char e = text_[pos_++];
    switch (e) {
      case '"': case '\\': out += e; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      default: {
        int hi = hexValue(e);
        int lo = pos_ < end_ ? hexValue(text_[pos_]) : -1;
        if (hi < 0 || lo < 0) return errorAt(pos_ - 2, "unknown escape in string literal: use \\\\, \\\", \\n, \\t or \\XX (two hex digits)");
        ++pos_;
        out += static_cast<char>(hi * 16 + lo);
      }
    }
  }
}

absl::Status AsmParser::parseSymbolName(std::string& out) {
  RETURN_IF_ERROR(expect("@", "to start a symbol name"));
  if (peekChar() == '"') return parseString(out);
  size_t start = pos_;
  while (pos_ < end_ && isSuffixIdChar(text_[pos_])) ++pos_;
  if (pos_ == start) return error("expected a symbol name after '@'");
  out.assign(text_.substr(start, pos_ - start));
  return absl::OkStatus();
}

bool AsmParser::peekInteger() {
  skipTrivia();
  size_t p = pos_;
  if (p < end_ && text_[p] == '-') ++p;
  return p < end_ && isDigit(text_[p]);
}

absl::Status AsmParser::parseInteger(int64_t& out) {
  skipTrivia();
  size_t start = pos_;
  bool negative = consumeIf("-");
  if (!isDigit(peekChar())) return errorAt(start, "expected an integer");
  uint64_t magnitude = 0;
  bool overflow = false;
  if (peekChar() == '0' && pos_ + 1 < end_ && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X')) {
    pos_ += 2;
    size_t digits = pos_;
    while (pos_ < end_ && hexValue(text_[pos_]) >= 0) {
      overflow |= magnitude >> 60 != 0;
      magnitude = magnitude * 16 + hexValue(text_[pos_++]);
    }
    if (pos_ == digits) return errorAt(start, "expected hex digits after '0x'");
  } else {
    while (pos_ < end_ && isDigit(text_[pos_])) {
      uint64_t digit = text_[pos_++] - '0';
      overflow |= magnitude > (UINT64_MAX - digit) / 10;
      magnitude = magnitude * 10 + digit;
    }
  }
  if (pos_ < end_ && (text_[pos_] == '.' || isLetter(text_[pos_])) && text_[pos_] != 'x')
    return errorAt(start, "expected an integer, found a number with a fraction or suffix");
  if (overflow || (negative && magnitude > (uint64_t{1} << 63)))
    return errorAt(start, "integer literal out of the 64-bit range");
  out = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
  return absl::OkStatus();
}

absl::Status AsmParser::parseIntegerList(std::vector<int64_t>& out) {
  out.clear();
  RETURN_IF_ERROR(expect("[", "to start a list of integers"));
  if (consumeIf("]")) return absl::OkStatus();
  do {
    int64_t value;
    RETURN_IF_ERROR(parseInteger(value));
    out.push_back(value);
  } while (consumeIf(","));
  return expect("]", "to close the list of integers");
}

// --- Types ---------------------------------------------------------------------------------------

absl::Status AsmParser::parseElementTypeName(ElementType& out) {
  skipTrivia();
  size_t start = pos_;
  if (consumeKeyword("complex")) {
    RETURN_IF_ERROR(expect("<", "after 'complex'"));
    ElementType part;
    RETURN_IF_ERROR(parseElementTypeName(part));
    RETURN_IF_ERROR(expect(">", "to close 'complex<'"));
    if (part == ElementType::kF32) out = ElementType::kC64;
    else if (part == ElementType::kF64) out = ElementType::kC128;
    else return errorAt(start, "complex element type must be complex<f32> or complex<f64>");
    return absl::OkStatus();
  }
  auto id = parseOptionalIdentifier();
  if (!id) return error("expected an element type (i1, si8, ui32, f32, bf16, f8E4M3FN, complex<f32>, ...)");
  auto type = ::hloconf::parseElementTypeName(*id);
  if (!type) return errorAt(start, strCat("unknown element type '", *id, "'"));
  out = *type;
  return absl::OkStatus();
}

bool AsmParser::peekType() {
  skipTrivia();
  char c = peekChar();
  if (c == '!' || c == '(') return true;
  size_t save = pos_;
  auto id = parseOptionalIdentifier();
  pos_ = save;
  if (!id) return false;
  return *id == "tensor" || *id == "tuple" || *id == "complex" || *id == "none" || *id == "index" ||
         ::hloconf::parseElementTypeName(*id).has_value();
}

absl::Status AsmParser::parseType(Type& out) {
  DepthGuard guard(value_depth_, kMaxValueNesting);
  if (guard.tooDeep()) return error(strCat("types nested more than ", kMaxValueNesting, " deep (the parser's limit)"));
  skipTrivia();
  size_t start = pos_;
  if (peekChar() == '(') return parseFunctionType(out);
  if (peekChar() == '!') {
    if (consumeIf("!stablehlo.token")) {
      out = Type::token();
      return absl::OkStatus();
    }
    if (peek("!quant.uniform")) return parseQuantizedType(out);
    // Another dialect's type: keep its text (balanced `<...>`) so it round-trips.
    ++pos_;
    while (pos_ < end_ && isIdentifierChar(text_[pos_])) ++pos_;
    if (peekChar() == '<') RETURN_IF_ERROR(skipBalanced('<', '>'));
    out = Type::opaque(std::string(text_.substr(start, pos_ - start)));
    return absl::OkStatus();
  }
  if (consumeKeyword("tensor")) return parseTensorType(out);
  if (consumeKeyword("tuple")) {
    RETURN_IF_ERROR(expect("<", "after 'tuple'"));
    std::vector<Type> elements;
    if (!consumeIf(">")) {
      RETURN_IF_ERROR(parseTypeList(elements));
      RETURN_IF_ERROR(expect(">", "to close 'tuple<'"));
    }
    out = Type::tuple(std::move(elements));
    return absl::OkStatus();
  }
  if (consumeKeyword("none")) {
    out = Type();
    return absl::OkStatus();
  }
  if (consumeKeyword("token")) {
    out = Type::token();
    return absl::OkStatus();
  }
  ElementType element;
  if (peekKeyword("index")) {
    pos_ += 5;
    out = Type::element(ElementType::kIndex);
    return absl::OkStatus();
  }
  absl::Status status = parseElementTypeName(element);
  if (!status.ok()) return errorAt(start, "expected a type (tensor<...>, tuple<...>, !stablehlo.token, an element type, or a function type)");
  out = Type::element(element);
  return absl::OkStatus();
}

absl::Status AsmParser::parseTensorType(Type& out) {
  RETURN_IF_ERROR(expect("<", "after 'tensor'"));
  std::vector<int64_t> shape;
  // Shapes are lexed character by character: `2x?x3xf32` has no token boundaries.
  while (true) {
    skipTrivia();
    size_t start = pos_;
    if (peekChar() == '*') return error("unranked tensors (tensor<*x...>) are not StableHLO: give the rank, with '?' for unknown sizes");
    int64_t size;
    if (peekChar() == '?') {
      ++pos_;
      size = kDynamicSize;
    } else if (isDigit(peekChar())) {
      uint64_t value = 0;
      while (pos_ < end_ && isDigit(text_[pos_])) {
        value = value * 10 + (text_[pos_++] - '0');
        if (value > (uint64_t{1} << 62)) return errorAt(start, "dimension size too large");
      }
      size = static_cast<int64_t>(value);
    } else {
      break;
    }
    if (peekChar() != 'x') return error("expected 'x' after a dimension size");
    ++pos_;
    shape.push_back(size);
  }
  Type element;
  skipTrivia();
  size_t element_start = pos_;
  if (peek("!quant.uniform")) {
    RETURN_IF_ERROR(parseQuantizedType(element));
  } else {
    ElementType element_type;
    RETURN_IF_ERROR(parseElementTypeName(element_type));
    if (element_type == ElementType::kIndex) return errorAt(element_start, "tensor<...xindex> is not a StableHLO type");
    element = Type::element(element_type);
  }
  std::vector<int64_t> bounds;
  if (consumeIf(",")) {
    size_t encoding_start = pos_;
    if (!consumeIf("#stablehlo.bounds"))
      return errorAt(encoding_start, "unsupported tensor encoding: only #stablehlo.bounds<...> is supported");
    RETURN_IF_ERROR(expect("<", "after '#stablehlo.bounds'"));
    do {
      int64_t bound;
      if (consumeIf("?")) bound = kDynamicSize;
      else RETURN_IF_ERROR(parseInteger(bound));
      bounds.push_back(bound);
    } while (consumeIf(","));
    RETURN_IF_ERROR(expect(">", "to close '#stablehlo.bounds<'"));
    if (bounds.size() != shape.size())
      return errorAt(encoding_start, strCat("#stablehlo.bounds has ", bounds.size(), " entries but the tensor has rank ", shape.size()));
  }
  RETURN_IF_ERROR(expect(">", "to close 'tensor<'"));
  out = Type::tensor(std::move(shape), std::move(element), std::move(bounds));
  return absl::OkStatus();
}

absl::Status AsmParser::parseQuantizedType(Type& out) {
  size_t start = offset();
  RETURN_IF_ERROR(expect("!quant.uniform"));
  RETURN_IF_ERROR(expect("<", "after '!quant.uniform'"));
  QuantizedType q;
  skipTrivia();
  size_t storage_at = pos_;
  auto storage = parseOptionalIdentifier();
  if (!storage) return error("expected a storage type (i8, u8, i4, ...)");
  std::string spelled(*storage);
  if (spelled.size() > 1 && spelled[0] == 'u' && isDigit(spelled[1])) spelled = "ui" + spelled.substr(1);
  auto storage_type = ::hloconf::parseElementTypeName(spelled);
  if (!storage_type || !isInteger(*storage_type))
    return errorAt(storage_at, strCat("quantized storage type must be an integer type, found '", *storage, "'"));
  q.storage_type = *storage_type;
  q.storage_min = minSignedValue(q.storage_type);
  q.storage_max = static_cast<int64_t>(maxUnsignedValue(q.storage_type));
  if (consumeIf("<")) {
    q.explicit_storage_range = true;
    RETURN_IF_ERROR(parseInteger(q.storage_min));
    RETURN_IF_ERROR(expect(":", "between storage min and max"));
    RETURN_IF_ERROR(parseInteger(q.storage_max));
    RETURN_IF_ERROR(expect(">", "to close the storage range"));
  }
  RETURN_IF_ERROR(expect(":", "before the expressed type"));
  RETURN_IF_ERROR(parseElementTypeName(q.expressed_type));
  if (!isFloat(q.expressed_type)) return errorAt(start, "quantized expressed type must be a float type");
  if (consumeIf(":")) {
    int64_t dim;
    RETURN_IF_ERROR(parseInteger(dim));
    q.quantized_dimension = dim;
  }
  RETURN_IF_ERROR(expect(",", "before the quantization parameters"));
  auto parse_parameter = [&]() -> absl::Status {
    skipTrivia();
    size_t at = pos_;
    std::string_view literal = parseNumberText();
    auto bits = parseFloatLiteral(ElementType::kF64, literal);
    if (literal.empty() || !bits.ok()) return errorAt(at, "expected a quantization scale (a float literal)");
    q.scales.push_back(bitsToDouble(*bits));
    int64_t zero_point = 0;
    if (consumeIf(":")) RETURN_IF_ERROR(parseInteger(zero_point));
    q.zero_points.push_back(zero_point);
    return absl::OkStatus();
  };
  if (consumeIf("{")) {
    do RETURN_IF_ERROR(parse_parameter());
    while (consumeIf(","));
    RETURN_IF_ERROR(expect("}", "to close the per-axis parameters"));
  } else {
    RETURN_IF_ERROR(parse_parameter());
  }
  RETURN_IF_ERROR(expect(">", "to close '!quant.uniform<'"));
  if (!q.quantized_dimension && q.scales.size() != 1)
    return errorAt(start, "per-tensor quantization takes one scale: add ':dimension' after the expressed type for per-axis");
  out = Type::quantized(std::move(q));
  return absl::OkStatus();
}

absl::Status AsmParser::parseTypeList(std::vector<Type>& out) {
  do {
    Type type;
    RETURN_IF_ERROR(parseType(type));
    out.push_back(std::move(type));
  } while (consumeIf(","));
  return absl::OkStatus();
}

absl::Status AsmParser::parseFunctionType(Type& out) {
  RETURN_IF_ERROR(expect("(", "to start a function type"));
  std::vector<Type> inputs, results;
  if (!consumeIf(")")) {
    RETURN_IF_ERROR(parseTypeList(inputs));
    RETURN_IF_ERROR(expect(")", "to close the function's input types"));
  }
  RETURN_IF_ERROR(expect("->", "in a function type"));
  if (consumeIf("(")) {
    if (!consumeIf(")")) {
      RETURN_IF_ERROR(parseTypeList(results));
      RETURN_IF_ERROR(expect(")", "to close the function's result types"));
    }
  } else {
    Type result;
    RETURN_IF_ERROR(parseType(result));
    results.push_back(std::move(result));
  }
  out = Type::function(std::move(inputs), std::move(results));
  return absl::OkStatus();
}

// --- Attributes ----------------------------------------------------------------------------------

absl::Status AsmParser::parseAttribute(Attr& out) {
  DepthGuard guard(value_depth_, kMaxValueNesting);
  if (guard.tooDeep()) return error(strCat("attributes nested more than ", kMaxValueNesting, " deep (the parser's limit)"));
  skipTrivia();
  size_t start = pos_;
  char c = peekChar();
  if (c == '"') {
    std::string value;
    RETURN_IF_ERROR(parseString(value));
    if (consumeIf(":")) {  // a typed string (`"abc" : none`): keep the type by text
      Type ignored;
      RETURN_IF_ERROR(parseType(ignored));
    }
    out = Attribute::string(std::move(value));
    return absl::OkStatus();
  }
  if (c == '@') {
    std::vector<std::string> path(1);
    RETURN_IF_ERROR(parseSymbolName(path[0]));
    while (consumeIf("::")) {
      path.emplace_back();
      RETURN_IF_ERROR(parseSymbolName(path.back()));
    }
    out = Attribute::symbolRef(std::move(path));
    return absl::OkStatus();
  }
  if (c == '[') {
    ++pos_;
    std::vector<Attr> elements;
    if (!consumeIf("]")) {
      do {
        Attr element;
        RETURN_IF_ERROR(parseAttribute(element));
        elements.push_back(std::move(element));
      } while (consumeIf(","));
      RETURN_IF_ERROR(expect("]", "to close the array attribute"));
    }
    out = Attribute::array(std::move(elements));
    return absl::OkStatus();
  }
  if (c == '{') {
    NamedAttrList entries;
    RETURN_IF_ERROR(parseAttrDict(entries));
    out = Attribute::dictionary(std::move(entries));
    return absl::OkStatus();
  }
  if (c == '#') return parseDialectAttribute(out);
  if (c == '-' || isDigit(c)) return parseNumberAttribute(out);
  if (consumeKeyword("true")) {
    out = Attribute::boolean(true);
    return absl::OkStatus();
  }
  if (consumeKeyword("false")) {
    out = Attribute::boolean(false);
    return absl::OkStatus();
  }
  if (consumeKeyword("unit")) {
    out = Attribute::unit();
    return absl::OkStatus();
  }
  if (consumeKeyword("dense")) return parseDenseElements(out);
  if (consumeKeyword("array")) return parseDenseArray(out);
  if (peekKeyword("dense_resource") || peekKeyword("sparse") || peekKeyword("affine_map") || peekKeyword("loc"))
    return error("unsupported attribute kind: StableHLO programs use dense<...>, array<...>, scalars, strings and #stablehlo attributes");
  if (peekType()) {
    Type type;
    RETURN_IF_ERROR(parseType(type));
    out = Attribute::type(std::move(type));
    return absl::OkStatus();
  }
  return errorAt(start, "expected an attribute value");
}

std::string_view AsmParser::parseNumberText(bool* is_float) {
  skipTrivia();
  size_t start = pos_;
  if (peekChar() == '-') ++pos_;
  if (!isDigit(peekChar())) {
    pos_ = start;
    return {};
  }
  bool fraction_or_exponent = false;
  if (peekChar() == '0' && pos_ + 1 < end_ && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X')) {
    pos_ += 2;
    while (pos_ < end_ && hexValue(text_[pos_]) >= 0) ++pos_;
  } else {
    while (pos_ < end_ && isDigit(text_[pos_])) ++pos_;
    if (peekChar() == '.') {
      fraction_or_exponent = true;
      ++pos_;
      while (pos_ < end_ && isDigit(text_[pos_])) ++pos_;
    }
    if (peekChar() == 'e' || peekChar() == 'E') {
      size_t save = pos_++;
      if (peekChar() == '+' || peekChar() == '-') ++pos_;
      if (isDigit(peekChar())) {
        fraction_or_exponent = true;
        while (pos_ < end_ && isDigit(text_[pos_])) ++pos_;
      } else {
        pos_ = save;
      }
    }
  }
  if (is_float) *is_float = fraction_or_exponent;
  return text_.substr(start, pos_ - start);
}

absl::Status AsmParser::parseNumberAttribute(Attr& out) {
  skipTrivia();
  size_t start = pos_;
  bool is_float = false;
  std::string_view literal = parseNumberText(&is_float);
  if (literal.empty()) return error("expected a number");
  std::string_view unsigned_literal = literal[0] == '-' ? literal.substr(1) : literal;
  bool hex = unsigned_literal.size() > 1 && (unsigned_literal[1] == 'x' || unsigned_literal[1] == 'X');
  Type type = Type::element(is_float ? ElementType::kF64 : ElementType::kSI64);
  if (consumeIf(":")) RETURN_IF_ERROR(parseType(type));
  if (!type.isElement()) return errorAt(start, "a number attribute needs a scalar type after ':' (i64, f32, ...)");
  ElementType element = type.elementType();
  if (isFloat(element)) {
    uint64_t bits;
    if (hex) {
      size_t digits_at = literal[0] == '-' ? 3 : 2;
      if (literal[0] == '-') return errorAt(start, "hexadecimal float literals take no sign: write the sign bit in the hex value");
      bits = 0;
      for (char d : literal.substr(digits_at)) bits = bits * 16 + hexValue(d);
      if (literal.size() - digits_at > 16 || (bitWidth(element) < 64 && (bits >> bitWidth(element)) != 0))
        return errorAt(start, strCat("hexadecimal float literal does not fit in ", bitWidth(element), " bits"));
    } else {
      auto parsed = parseFloatLiteral(element, literal);
      if (!parsed.ok()) return errorAt(start, std::string(parsed.status().message()));
      bits = *parsed;
    }
    out = Attribute::floating(bits, element);
    return absl::OkStatus();
  }
  if (is_float) return errorAt(start, strCat("float literal given for integer type ", elementTypeName(element)));
  size_t save = pos_;
  pos_ = start;
  int64_t value;
  absl::Status status = parseInteger(value);
  pos_ = save;
  if (!status.ok()) return status;
  bool negative = literal[0] == '-';
  uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  if (isBoolean(element)) {
    if (negative || magnitude > 1) return errorAt(start, "i1 attribute must be 0, 1, true or false");
    out = Attribute::boolean(magnitude == 1);
    return absl::OkStatus();
  }
  if (element != ElementType::kIndex && !fitsInteger(element, negative, magnitude))
    return errorAt(start, strCat("integer ", literal, " does not fit in ", elementTypeName(element)));
  out = Attribute::integer(value, element);
  return absl::OkStatus();
}

absl::Status AsmParser::parseAttrDict(NamedAttrList& out) {
  RETURN_IF_ERROR(expect("{", "to start an attribute dictionary"));
  if (consumeIf("}")) return absl::OkStatus();
  do {
    skipTrivia();
    size_t at = pos_;
    std::string name;
    if (peekChar() == '"') {
      RETURN_IF_ERROR(parseString(name));
    } else {
      auto id = parseOptionalIdentifier();
      if (!id) return error("expected an attribute name");
      name.assign(*id);
    }
    for (const NamedAttr& existing : out)
      if (existing.name == name) return errorAt(at, strCat("attribute '", name, "' occurs more than once"));
    Attr value = Attribute::unit();
    if (consumeIf("=")) RETURN_IF_ERROR(parseAttribute(value));
    out.push_back({std::move(name), std::move(value)});
  } while (consumeIf(","));
  return expect("}", "to close the attribute dictionary");
}

absl::Status AsmParser::parseOptionalAttrDict(NamedAttrList& out) {
  if (!peek("{")) return absl::OkStatus();
  return parseAttrDict(out);
}

absl::Status AsmParser::parseBareEnum(std::string_view dialect, std::string_view enum_name, Attr& out) {
  std::string_view value;
  RETURN_IF_ERROR(parseIdentifier(value, strCat("a ", enum_name, " value")));
  out = Attribute::enumValue(std::string(dialect), std::string(enum_name), std::string(value));
  return absl::OkStatus();
}

absl::Status AsmParser::parseDialectAttribute(Attr& out) {
  size_t start = offset();
  RETURN_IF_ERROR(expect("#"));
  size_t name_at = pos_;
  while (pos_ < end_ && isIdentifierChar(text_[pos_])) ++pos_;
  std::string_view name = text_.substr(name_at, pos_ - name_at);
  if (name.empty()) return errorAt(start, "expected a dialect attribute name after '#'");
  if (peekChar() != '<') return errorAt(start, strCat("attribute aliases (#", name, ") are not supported: write the attribute inline"));
  if (name == "stablehlo.conv") return parseConvDimensions(out);
  if (name.starts_with("stablehlo.")) {
    RETURN_IF_ERROR(checkKnownName(*this, start, name.substr(name.find('.') + 1), kStablehloStructs, "#stablehlo.", "<...>"));
  }
  if (name.starts_with("chlo.")) {
    RETURN_IF_ERROR(checkKnownName(*this, start, name.substr(name.find('.') + 1), kChloStructs, "#chlo.", "<...>"));
  }
  size_t dot = name.find('.');
  if (dot == std::string_view::npos) {
    // `#dialect<enum_name VALUE>`
    size_t save = pos_;
    ++pos_;
    auto enum_name = parseOptionalIdentifier();
    if (name == "stablehlo" && enum_name)
      RETURN_IF_ERROR(checkKnownName(*this, start, *enum_name, kStablehloEnums, "#stablehlo<", " ...>"));
    if (name == "chlo" && enum_name) RETURN_IF_ERROR(checkKnownName(*this, start, *enum_name, kChloEnums, "#chlo<", " ...>"));
    auto value = enum_name ? parseOptionalIdentifier() : std::nullopt;
    if (enum_name && value && consumeIf(">")) {
      out = Attribute::enumValue(std::string(name), std::string(*enum_name), std::string(*value));
      return absl::OkStatus();
    }
    pos_ = save;
  } else if (name.starts_with("chlo.") &&
             std::find(std::begin(kChloEnums), std::end(kChloEnums), name.substr(5)) != std::end(kChloEnums)) {
    // chlo.md's `#chlo.comparison_direction<LT>`: the same enum as `#chlo<comparison_direction LT>`.
    ++pos_;
    auto value = parseOptionalIdentifier();
    if (!value) return errorAt(pos_, strCat("expected a value of #", name, "<...> (chlo.md, \"Attributes\")"));
    RETURN_IF_ERROR(expect(">", strCat("to close '#", name, "<'")));
    out = Attribute::enumValue("chlo", std::string(name.substr(5)), std::string(*value));
    return absl::OkStatus();
  } else {
    // `#dialect.mnemonic<key = value, ...>`
    size_t save = pos_;
    ++pos_;
    NamedAttrList fields;
    bool ok = true;
    if (!consumeIf(">")) {
      do {
        auto key = parseOptionalIdentifier();
        if (!key || !consumeIf("=")) {
          ok = false;
          break;
        }
        Attr value;
        if (!parseStructFieldValue(value).ok()) {
          ok = false;
          break;
        }
        fields.push_back({std::string(*key), std::move(value)});
      } while (consumeIf(","));
      ok = ok && consumeIf(">");
    }
    if (ok) {
      out = Attribute::structValue(std::string(name), std::move(fields));
      return absl::OkStatus();
    }
    pos_ = save;
  }
  // Anything else: keep its text so that it round-trips.
  RETURN_IF_ERROR(skipBalanced('<', '>'));
  out = Attribute::opaque(std::string(text_.substr(start, pos_ - start)));
  return absl::OkStatus();
}

absl::Status AsmParser::parseStructFieldValue(Attr& out) {
  skipTrivia();
  char c = peekChar();
  if (c == '[') {
    ++pos_;
    std::vector<Attr> elements;
    if (!consumeIf("]")) {
      do {
        Attr element;
        RETURN_IF_ERROR(parseStructFieldValue(element));
        elements.push_back(std::move(element));
      } while (consumeIf(","));
      RETURN_IF_ERROR(expect("]"));
    }
    out = Attribute::array(std::move(elements));
    return absl::OkStatus();
  }
  if (c == '-' || isDigit(c)) {
    int64_t value;
    RETURN_IF_ERROR(parseInteger(value));
    out = Attribute::integer(value);
    return absl::OkStatus();
  }
  if (c == '#' || c == '"' || c == '{' || c == '@') return parseAttribute(out);
  if (peekKeyword("true") || peekKeyword("false")) return parseAttribute(out);
  if (peekType()) {
    Type type;
    RETURN_IF_ERROR(parseType(type));
    out = Attribute::type(std::move(type));
    return absl::OkStatus();
  }
  std::string_view id;
  RETURN_IF_ERROR(parseIdentifier(id, "a struct field value"));
  out = Attribute::enumValue("", "", std::string(id));
  return absl::OkStatus();
}

absl::Status AsmParser::parseConvDimensions(Attr& out) {
  RETURN_IF_ERROR(expect("<"));
  // `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: one letter per batch/feature dimension, a number per
  // spatial dimension (its index among spatial dimensions).
  auto parse_layout = [&](char first, char second, int64_t& first_dim, int64_t& second_dim,
                          std::vector<int64_t>& spatial) -> absl::Status {
    size_t at = offset();
    RETURN_IF_ERROR(expect("[", "to start a convolution layout"));
    first_dim = second_dim = -1;
    std::vector<std::pair<int64_t, int64_t>> spatial_positions;  // (spatial index, position)
    int64_t position = 0;
    if (!peek("]")) {
      do {
        skipTrivia();
        if (isDigit(peekChar())) {
          int64_t index;
          RETURN_IF_ERROR(parseInteger(index));
          spatial_positions.push_back({index, position});
        } else {
          std::string_view id;
          RETURN_IF_ERROR(parseIdentifier(id, strCat("'", std::string(1, first), "', '", std::string(1, second), "' or a spatial index")));
          if (id.size() == 1 && id[0] == first && first_dim < 0) first_dim = position;
          else if (id.size() == 1 && id[0] == second && second_dim < 0) second_dim = position;
          else return errorAt(at, strCat("unexpected '", id, "' in a convolution layout"));
        }
        ++position;
      } while (consumeIf(","));
    }
    RETURN_IF_ERROR(expect("]", "to close a convolution layout"));
    if (first_dim < 0 || second_dim < 0)
      return errorAt(at, strCat("a convolution layout needs both '", std::string(1, first), "' and '", std::string(1, second), "'"));
    std::sort(spatial_positions.begin(), spatial_positions.end());
    spatial.clear();
    for (size_t i = 0; i < spatial_positions.size(); ++i) {
      if (spatial_positions[i].first != static_cast<int64_t>(i))
        return errorAt(at, "spatial dimensions of a convolution layout must be numbered 0, 1, ... once each");
      spatial.push_back(spatial_positions[i].second);
    }
    return absl::OkStatus();
  };
  ConvDimensionNumbers dims;
  RETURN_IF_ERROR(parse_layout('b', 'f', dims.input_batch, dims.input_feature, dims.input_spatial));
  RETURN_IF_ERROR(expect("x", "between the input and kernel layouts"));
  RETURN_IF_ERROR(parse_layout('i', 'o', dims.kernel_input_feature, dims.kernel_output_feature, dims.kernel_spatial));
  RETURN_IF_ERROR(expect("->", "before the output layout"));
  RETURN_IF_ERROR(parse_layout('b', 'f', dims.output_batch, dims.output_feature, dims.output_spatial));
  if (peek(">")) {
    // Inside `#stablehlo.conv<...>`; the custom convolution form passes through here without it.
    ++pos_;
  }
  out = Attribute::convDimensions(std::move(dims));
  return absl::OkStatus();
}

absl::Status AsmParser::parseDenseArray(Attr& out) {
  RETURN_IF_ERROR(expect("<", "after 'array'"));
  ElementType element;
  RETURN_IF_ERROR(parseElementTypeName(element));
  std::vector<uint64_t> bits;
  if (consumeIf(":")) {
    do {
      skipTrivia();
      size_t at = pos_;
      if (isBoolean(element) && (peekKeyword("true") || peekKeyword("false"))) {
        bits.push_back(consumeKeyword("true") ? 1 : (consumeKeyword("false"), 0));
        continue;
      }
      Attr value;
      RETURN_IF_ERROR(parseNumberAttribute(value));
      if (value->kind() == Attribute::Kind::kFloat && !isFloat(element)) {
        return errorAt(at, "float value in an integer array<...>");
      } else if (isFloat(element)) {
        auto parsed = parseFloatLiteral(element, text_.substr(at, pos_ - at));
        if (!parsed.ok()) return errorAt(at, std::string(parsed.status().message()));
        bits.push_back(*parsed);
      } else {
        int64_t v = value->kind() == Attribute::Kind::kBool ? value->boolValue() : value->intValue();
        bool negative = v < 0;
        uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
        if (!isBoolean(element) && !fitsInteger(element, negative, magnitude))
          return errorAt(at, strCat("value does not fit in ", elementTypeName(element)));
        bits.push_back(encodeInteger(element, v));
      }
    } while (consumeIf(","));
  }
  RETURN_IF_ERROR(expect(">", "to close 'array<'"));
  out = Attribute::denseArray(element, std::move(bits));
  return absl::OkStatus();
}

namespace {

// Converts one literal to the bits of `type`; `error` gets a message on failure.
bool literalToBits(ElementType type, std::string_view text, uint64_t& bits, std::string& error) {
  bool negative = !text.empty() && text[0] == '-';
  std::string_view digits = negative ? text.substr(1) : text;
  bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  if (text == "true" || text == "false") {
    if (!isBoolean(type)) {
      error = strCat("'", text, "' given for element type ", elementTypeName(type));
      return false;
    }
    bits = text == "true";
    return true;
  }
  if (isFloat(type) || isComplex(type)) {
    ElementType part = isComplex(type) ? complexPartType(type) : type;
    if (hex) {
      if (negative) {
        error = "hexadecimal float literals take no sign: set the sign bit in the hex value";
        return false;
      }
      uint64_t value = 0;
      for (char d : digits.substr(2)) {
        if (hexValue(d) < 0 || value >> 60) {
          error = "bad hexadecimal float literal";
          return false;
        }
        value = value * 16 + hexValue(d);
      }
      if (bitWidth(part) < 64 && (value >> bitWidth(part)) != 0) {
        error = strCat("hexadecimal float literal does not fit in ", bitWidth(part), " bits of ", elementTypeName(part));
        return false;
      }
      bits = value;
      return true;
    }
    auto parsed = parseFloatLiteral(part, text);
    if (!parsed.ok()) {
      error = std::string(std::string(parsed.status().message()));
      return false;
    }
    bits = *parsed;
    return true;
  }
  // Integers (and i1 written as 0/1).
  uint64_t magnitude = 0;
  if (digits.empty()) {
    error = "expected an integer literal";
    return false;
  }
  if (hex) {
    for (char d : digits.substr(2)) {
      if (hexValue(d) < 0 || magnitude >> 60) {
        error = "bad hexadecimal integer literal";
        return false;
      }
      magnitude = magnitude * 16 + hexValue(d);
    }
  } else {
    for (char d : digits) {
      if (!isDigit(d)) {
        error = strCat("'", text, "' is not an integer literal (element type ", elementTypeName(type), ")");
        return false;
      }
      if (magnitude > (UINT64_MAX - (d - '0')) / 10) {
        error = "integer literal out of range";
        return false;
      }
      magnitude = magnitude * 10 + (d - '0');
    }
  }
  if (isBoolean(type)) {
    if (negative || magnitude > 1) {
      error = "i1 elements must be true, false, 0 or 1";
      return false;
    }
    bits = magnitude;
    return true;
  }
  if (!fitsInteger(type, negative, magnitude)) {
    error = strCat("integer ", text, " does not fit in ", elementTypeName(type));
    return false;
  }
  bits = encodeInteger(type, negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude));
  return true;
}

}  // namespace

absl::Status AsmParser::parseDenseElements(Attr& out, const Type* given_type, Type* written_type) {
  RETURN_IF_ERROR(expect("<", "after 'dense'"));
  skipTrivia();
  size_t content_at = pos_;
  // Parse the content first: its meaning depends on the type that follows.
  std::string_view hex_blob;
  bool has_hex = false;
  bool empty = false;
  std::vector<RawElement> elements;
  std::vector<int64_t> list_shape;  // sizes of the nested lists, outermost first
  bool is_list = false;
  if (peekChar() == '>') {
    empty = true;
  } else if (peekChar() == '"') {
    size_t quote = pos_++;
    const void* close = std::memchr(text_.data() + pos_, '"', end_ - pos_);
    if (!close) return errorAt(quote, "unterminated hex string in dense<\"0x...\">");
    size_t close_at = static_cast<const char*>(close) - text_.data();
    hex_blob = text_.substr(pos_, close_at - pos_);
    pos_ = close_at + 1;
    has_hex = true;
    if (hex_blob.size() < 2 || hex_blob[0] != '0' || (hex_blob[1] != 'x' && hex_blob[1] != 'X'))
      return errorAt(quote, "a string inside dense<...> must be a hex blob starting with \"0x\"");
    hex_blob.remove_prefix(2);
  } else {
    // Nested lists: record the shape of the first list at each depth and check the others against it.
    std::vector<int64_t> counts;
    int depth = 0;
    bool shape_known = false;
    auto parse_scalar = [&]() -> absl::Status {
      skipTrivia();
      RawElement element;
      element.offset = offset();
      auto scan = [&]() -> std::string_view {
        skipTrivia();
        size_t start = pos_;
        if (pos_ < end_ && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
        while (pos_ < end_ && (isIdentifierChar(text_[pos_]) ||
                               ((text_[pos_] == '-' || text_[pos_] == '+') && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E'))))
          ++pos_;
        return text_.substr(start, pos_ - start);
      };
      if (peekChar() == '(') {
        ++pos_;
        element.real = scan();
        RETURN_IF_ERROR(expect(",", "between the real and imaginary parts"));
        element.imag = scan();
        RETURN_IF_ERROR(expect(")", "to close a complex literal"));
        if (element.imag.empty()) return errorAt(element.offset, "expected the imaginary part of a complex literal");
      } else {
        element.real = scan();
      }
      if (element.real.empty()) return errorAt(element.offset, "expected an element literal (a number, true, false or (re, im))");
      elements.push_back(element);
      return absl::OkStatus();
    };
    if (peekChar() != '[') {
      RETURN_IF_ERROR(parse_scalar());
    } else {
      is_list = true;
      // Iterative descent over `[`/`]` keeps deep nesting off the call stack.
      while (true) {
        skipTrivia();
        if (peekChar() == '[') {
          ++pos_;
          ++depth;
          if (depth > 64) return error("dense<...> lists nested deeper than 64 levels");
          if (static_cast<int>(counts.size()) < depth) counts.resize(depth, 0);
          counts[depth - 1] = 0;
          if (!shape_known && static_cast<int>(list_shape.size()) < depth) list_shape.push_back(-1);
          skipTrivia();
          if (peekChar() == ']') continue;
          if (peekChar() != '[') {
            if (shape_known && depth != static_cast<int>(list_shape.size()))
              return error("dense<...> list nesting is not uniform");
            do {
              RETURN_IF_ERROR(parse_scalar());
              ++counts[depth - 1];
            } while (consumeIf(","));
            shape_known = true;
          }
          continue;
        }
        size_t at = pos_;
        RETURN_IF_ERROR(expect("]", "to close a dense<...> list"));
        if (depth > static_cast<int>(list_shape.size())) return errorAt(at, "dense<...> list nesting is not uniform");
        if (list_shape[depth - 1] < 0) list_shape[depth - 1] = counts[depth - 1];
        else if (list_shape[depth - 1] != counts[depth - 1])
          return errorAt(at, strCat("dense<...> lists differ in length at depth ", depth, ": ", counts[depth - 1], " vs ", list_shape[depth - 1]));
        if (depth == static_cast<int>(list_shape.size())) shape_known = true;
        --depth;
        if (depth == 0) break;
        ++counts[depth - 1];
        if (!consumeIf(",")) {
          skipTrivia();
          if (peekChar() != ']') return error("expected ',' or ']' in a dense<...> list");
        }
      }
      for (int64_t& size : list_shape)
        if (size < 0) size = 0;
    }
  }
  RETURN_IF_ERROR(expect(">", "to close 'dense<'"));
  Type type;
  size_t type_at = offset();
  if (given_type) {
    type = *given_type;
  } else {
    RETURN_IF_ERROR(expect(":", "after dense<...>: give its type, e.g. ': tensor<2xf32>'"));
    skipTrivia();
    type_at = pos_;
    RETURN_IF_ERROR(parseType(type));
  }
  if (!type.isTensor()) return errorAt(type_at, strCat("dense<...> needs a tensor type, found ", type.toString()));
  if (!type.hasStaticShape()) return errorAt(type_at, strCat("dense<...> needs a static shape, found ", type.toString()));
  if (written_type) *written_type = type;
  if (type.isQuantized()) {
    // Quantized constants hold storage integers.
    type = Type::tensor(type.shape(), Type::element(type.elementType()));
  }
  // Literals are materialized, so their size is bounded (a splat of a huge shape would otherwise
  // exhaust memory); the count is computed with overflow checks.
  int64_t element_count = 1;
  for (int64_t size : type.shape())
    if (__builtin_mul_overflow(element_count, size, &element_count) || element_count > kMaxLiteralBytes)
      return errorAt(type_at, strCat("dense<...> of type ", type.toString(), " has too many elements: literals are limited to ",
                                     kMaxLiteralBytes >> 20, " MiB"));
  if (element_count * storageBytes(type.elementType()) > kMaxLiteralBytes)
    return errorAt(type_at, strCat("dense<...> of type ", type.toString(), " takes ", element_count * storageBytes(type.elementType()),
                                   " bytes: literals are limited to ", kMaxLiteralBytes >> 20, " MiB"));
  Tensor tensor(type);
  ElementType element_type = tensor.elementType();
  int64_t count = tensor.numElements();
  bool complex = isComplex(element_type);
  if (empty) {
    if (count != 0) return errorAt(content_at, strCat("dense<> is empty but ", type.toString(), " has ", count, " elements"));
  } else if (has_hex) {
    if (hex_blob.size() % 2) return errorAt(content_at, "hex blob has an odd number of digits");
    size_t nbytes = hex_blob.size() / 2;
    int part_hex_bytes = complex ? (bitWidth(complexPartType(element_type)) + 7) / 8 : (bitWidth(element_type) + 7) / 8;
    int parts = complex ? 2 : 1;
    size_t element_hex_bytes = static_cast<size_t>(part_hex_bytes) * parts;
    auto decode = [&](size_t byte_index) -> int {
      int hi = kHexTable.value[static_cast<uint8_t>(hex_blob[2 * byte_index])];
      int lo = kHexTable.value[static_cast<uint8_t>(hex_blob[2 * byte_index + 1])];
      return (hi | lo) < 0 ? -1 : hi * 16 + lo;
    };
    if (isBoolean(element_type) && nbytes != static_cast<size_t>(count)) {
      // i1 hex blobs are bit-packed, least significant bit first, or one byte for a splat.
      if (nbytes == static_cast<size_t>((count + 7) / 8)) {
        for (int64_t i = 0; i < count; ++i) {
          int byte = decode(i / 8);
          if (byte < 0) return errorAt(content_at, "bad hex digit in dense<\"0x...\">");
          tensor.setBits(i, (byte >> (i % 8)) & 1);
        }
      } else if (nbytes == 1) {
        int byte = decode(0);
        if (byte < 0) return errorAt(content_at, "bad hex digit in dense<\"0x...\">");
        for (int64_t i = 0; i < count; ++i) tensor.setBits(i, byte != 0);
      } else {
        return errorAt(content_at, strCat("i1 hex blob has ", nbytes, " bytes; ", type.toString(), " needs ", count,
                                                " (one per element), ", (count + 7) / 8, " (bit-packed) or 1 (splat)"));
      }
    } else if (nbytes == element_hex_bytes * count || (nbytes == element_hex_bytes && count > 0)) {
      bool splat = nbytes != element_hex_bytes * count || count == 1;
      uint8_t* out_bytes = tensor.mutableBytes().data();
      if (static_cast<int>(element_hex_bytes) == tensor.elementBytes() && !splat) {
        // Same layout as our storage: decode straight into the buffer (the hot path).
        const uint8_t* digits = reinterpret_cast<const uint8_t*>(hex_blob.data());
        int bad = 0;
        for (size_t i = 0; i < nbytes; ++i) {
          int hi = kHexTable.value[digits[2 * i]];
          int lo = kHexTable.value[digits[2 * i + 1]];
          bad |= hi | lo;
          out_bytes[i] = static_cast<uint8_t>(hi * 16 + lo);
        }
        if (bad < 0) return errorAt(content_at, "bad hex digit in dense<\"0x...\">");
      } else {
        for (int64_t i = 0; i < (splat ? 1 : count); ++i) {
          for (int part = 0; part < parts; ++part) {
            uint64_t bits = 0;
            for (int b = 0; b < part_hex_bytes; ++b) {
              int byte = decode(i * element_hex_bytes + part * part_hex_bytes + b);
              if (byte < 0) return errorAt(content_at, "bad hex digit in dense<\"0x...\">");
              bits |= static_cast<uint64_t>(byte) << (8 * b);
            }
            tensor.setBits(i, bits, part);
          }
        }
        if (splat)
          for (int64_t i = 1; i < count; ++i) std::memcpy(out_bytes + i * tensor.elementBytes(), out_bytes, tensor.elementBytes());
      }
      // Sub-byte and odd-width types keep only their own bits (MLIR reads only those).
      int width = isComplex(element_type) ? 0 : bitWidth(element_type);
      if (width % 8 != 0)
        for (int64_t i = 0; i < count; ++i) tensor.setBits(i, tensor.bits(i) & ((uint64_t{1} << width) - 1));
    } else {
      return errorAt(content_at, strCat("hex blob has ", nbytes, " bytes but ", type.toString(), " needs ",
                                              element_hex_bytes * count, " (", count, " elements of ", element_hex_bytes,
                                              " bytes) or ", element_hex_bytes, " for a splat"));
    }
  } else {
    bool splat = !is_list;
    if (!splat && list_shape != type.shape()) {
      std::string found;
      for (int64_t size : list_shape) strAppend(&found, size, "x");
      return errorAt(content_at, strCat("dense<...> literal has shape ", found.empty() ? "scalar" : found.substr(0, found.size() - 1),
                                              " but the type is ", type.toString()));
    }
    if (splat && elements.size() != 1) return errorAt(content_at, "expected one element for a splat dense<...>");
    for (size_t i = 0; i < elements.size(); ++i) {
      const RawElement& element = elements[i];
      std::string message;
      uint64_t bits = 0, imag_bits = 0;
      if (complex) {
        // `(re, im)`; a plain number is a complex value with zero imaginary part.
        if (!literalToBits(element_type, element.real, bits, message) ||
            (!element.imag.empty() && !literalToBits(element_type, element.imag, imag_bits, message)))
          return errorAt(element.offset, message);
      } else {
        if (!element.imag.empty())
          return errorAt(element.offset, strCat("complex literal given for element type ", elementTypeName(element_type)));
        if (!literalToBits(element_type, element.real, bits, message)) return errorAt(element.offset, message);
      }
      if (splat) {
        for (int64_t j = 0; j < count; ++j) {
          tensor.setBits(j, bits, 0);
          if (complex) tensor.setBits(j, imag_bits, 1);
        }
      } else {
        tensor.setBits(i, bits, 0);
        if (complex) tensor.setBits(i, imag_bits, 1);
      }
    }
  }
  out = Attribute::denseElements(std::move(tensor));
  return absl::OkStatus();
}

// --- Values --------------------------------------------------------------------------------------

absl::Status AsmParser::parseOperandName(UnresolvedOperand& out) {
  skipTrivia();
  out.offset = offset();
  if (peekChar() != '%') return error("expected an SSA value (%name)");
  size_t start = pos_++;
  while (pos_ < end_ && isSuffixIdChar(text_[pos_])) ++pos_;
  if (pos_ == start + 1) return errorAt(start, "expected a value name after '%'");
  out.name = text_.substr(start, pos_ - start);
  out.result_number = -1;
  if (peekChar() == '#' && pos_ + 1 < end_ && isDigit(text_[pos_ + 1])) {
    ++pos_;
    int64_t number = 0;
    while (pos_ < end_ && isDigit(text_[pos_])) {
      number = number * 10 + (text_[pos_++] - '0');
      if (number > 1 << 20) return errorAt(start, "result number too large");
    }
    out.result_number = static_cast<int>(number);
  }
  return absl::OkStatus();
}

absl::Status AsmParser::resolveOperand(const UnresolvedOperand& operand, Value*& out) {
  for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
    auto it = scope->values.find(operand.name);
    if (it != scope->values.end()) {
      const ValueGroup& group = it->second;
      int number = operand.result_number < 0 ? 0 : operand.result_number;
      if (number >= group.count)
        return errorAt(operand.offset, strCat("'", operand.name, "' has ", group.count, " results; #", number, " does not exist"));
      out = group.op ? group.op->results[group.first + number].get() : group.value;
      return absl::OkStatus();
    }
    if (scope->isolated) break;
  }
  return errorAt(operand.offset, strCat("use of undefined value '", operand.name, "'"));
}

absl::Status AsmParser::parseOperand(Value*& out) {
  UnresolvedOperand operand;
  RETURN_IF_ERROR(parseOperandName(operand));
  return resolveOperand(operand, out);
}

absl::Status AsmParser::parseOperandList(std::vector<Value*>& out) {
  if (!peekOperand()) return absl::OkStatus();
  while (true) {
    Value* value;
    RETURN_IF_ERROR(parseOperand(value));
    out.push_back(value);
    size_t save = pos_;
    if (consumeIf(",") && peekOperand()) continue;
    pos_ = save;  // the comma belongs to what follows the list (`%a, %b, dim = 0`)
    return absl::OkStatus();
  }
}

absl::Status AsmParser::checkOperandTypes(const std::vector<Value*>& operands, const std::vector<Type>& types, uint32_t at) {
  if (operands.size() != types.size())
    return errorAt(at, strCat("the op has ", operands.size(), " operands but ", types.size(), " operand types"));
  for (size_t i = 0; i < operands.size(); ++i)
    if (operands[i]->type != types[i])
      return errorAt(at, strCat("operand #", i, " has type ", operands[i]->type.toString(), " but the op's signature says ", types[i].toString()));
  return absl::OkStatus();
}

absl::Status AsmParser::defineValue(std::string_view name, ValueGroup group, uint32_t at) {
  auto [it, inserted] = scopes_.back().values.try_emplace(name, group);
  if (!inserted) return errorAt(at, strCat("redefinition of value '", name, "'"));
  return absl::OkStatus();
}

// --- Regions and operations ----------------------------------------------------------------------

absl::Status AsmParser::parseRegion(Region& out, const std::vector<RegionArgument>& arguments, bool isolated) {
  DepthGuard guard(region_depth_, kMaxRegionNesting + 1);
  if (guard.tooDeep()) return error(strCat("regions nested more than ", kMaxRegionNesting, " deep (the parser's limit)"));
  RETURN_IF_ERROR(expect("{", "to start a region"));
  scopes_.push_back(Scope{{}, isolated});
  absl::Status status = absl::OkStatus();
  bool first = true;
  while (status.ok() && !consumeIf("}")) {
    if (pos_ >= end_) {
      status = error("expected '}' to close the region");
      break;
    }
    auto block = std::make_unique<Block>();
    status = parseBlock(*block, first, first ? arguments : std::vector<RegionArgument>{});
    out.blocks.push_back(std::move(block));
    first = false;
  }
  if (status.ok() && out.blocks.empty() && !arguments.empty()) {
    // `{}` with declared arguments (a function body is never empty; keep the arguments anyway).
    auto block = std::make_unique<Block>();
    for (const RegionArgument& arg : arguments) block->addArgument(arg.type);
    out.blocks.push_back(std::move(block));
  }
  scopes_.pop_back();
  return status;
}

absl::Status AsmParser::parseBlock(Block& block, bool is_entry, const std::vector<RegionArgument>& arguments) {
  for (const RegionArgument& arg : arguments) {
    Value* value = block.addArgument(arg.type);
    RETURN_IF_ERROR(defineValue(arg.name, ValueGroup{nullptr, value, 0, 1}, arg.offset));
  }
  skipTrivia();
  if (peekChar() == '^') {
    size_t label_at = pos_++;
    while (pos_ < end_ && isSuffixIdChar(text_[pos_])) ++pos_;
    if (pos_ == label_at + 1) return errorAt(label_at, "expected a block name after '^'");
    if (!arguments.empty()) return errorAt(label_at, "this region's arguments are declared by the op; remove the block label");
    if (consumeIf("(")) {
      if (!consumeIf(")")) {
        do {
          UnresolvedOperand name;
          RETURN_IF_ERROR(parseOperandName(name));
          if (name.result_number >= 0) return errorAt(name.offset, "block argument names cannot have '#N'");
          RETURN_IF_ERROR(expect(":", "after a block argument name"));
          Type type;
          RETURN_IF_ERROR(parseType(type));
          skipLocations();
          Value* value = block.addArgument(std::move(type));
          RETURN_IF_ERROR(defineValue(name.name, ValueGroup{nullptr, value, 0, 1}, name.offset));
        } while (consumeIf(","));
        RETURN_IF_ERROR(expect(")", "to close the block arguments"));
      }
    }
    RETURN_IF_ERROR(expect(":", "after the block label"));
  } else if (!is_entry) {
    return error("expected a block label (^bb1) to start another block");
  }
  while (true) {
    skipTrivia();
    if (pos_ >= end_ || peekChar() == '}' || peekChar() == '^') break;
    RETURN_IF_ERROR(parseOperationAfterAnyTerminator(block));
  }
  return absl::OkStatus();
}

// A terminator (func.return, stablehlo.return) ends its block: what follows it would never run, and every
// later layer takes the last op for the block's result. The file's top level is the implicit module's
// block, so the rule holds there too (else a stray `return` before `module {...}` parses, and its printed
// form, with both inside one module, does not: found by the parse fuzzer).
absl::Status AsmParser::parseOperationAfterAnyTerminator(Block& block) {
  const Operation* previous = block.operations.empty() ? nullptr : block.operations.back().get();
  RETURN_IF_ERROR(parseOperation(block));
  if (previous && schemaOf(previous->id).has(traits::kTerminator)) {
    const Operation& op = *block.operations.back();
    return errorAt(op.source_offset, strCat("'", op.name, "' follows '", previous->name,
                                            "', which ends the block: nothing may come after a terminator (move it before ",
                                            previous->name, ", or remove it)"));
  }
  return absl::OkStatus();
}

absl::Status AsmParser::parseOperation(Block& block) {
  skipTrivia();
  uint32_t op_at = offset();
  // Results: `%a, %b:2 =`.
  struct ResultName {
    UnresolvedOperand name;
    int count;
  };
  std::vector<ResultName> result_names;
  int declared = 0;
  if (peekOperand()) {
    do {
      ResultName result;
      RETURN_IF_ERROR(parseOperandName(result.name));
      if (result.name.result_number >= 0) return errorAt(result.name.offset, "a result name cannot have '#N'");
      result.count = 1;
      if (consumeIf(":")) {
        int64_t count;
        RETURN_IF_ERROR(parseInteger(count));
        if (count < 1 || count > 1 << 16) return errorAt(result.name.offset, "result count must be positive");
        result.count = static_cast<int>(count);
      }
      declared += result.count;
      result_names.push_back(result);
    } while (consumeIf(","));
    RETURN_IF_ERROR(expect("=", "after the result names"));
  }
  OperationState state;
  skipTrivia();
  state.offset = offset();
  state.declared_results = declared;
  if (peekChar() == '"') {
    RETURN_IF_ERROR(parseGenericOperation(state));
  } else {
    size_t name_at = pos_;
    auto name = parseOptionalIdentifier();
    if (!name) return error("expected an operation (a name such as stablehlo.add, or a quoted generic name)");
    state.name = std::string(canonicalOpName(*name));
    const OpSchema* def = lookupOp(state.name);
    if (!def || !def->parse_custom)
      return errorAt(name_at, strCat("unknown operation '", *name, "' in custom form: write it in the generic form \"", *name, "\"(...) : (...) -> ..."));
    RETURN_IF_ERROR(def->parse_custom(*this, state));
  }
  skipLocations();
  if (static_cast<int>(state.result_types.size()) != declared)
    return errorAt(op_at, strCat("'", state.name, "' produces ", state.result_types.size(), " results but ", declared,
                                       " are named on the left of '='"));
  auto op = std::make_unique<Operation>(state.name);
  op->source_offset = state.offset;
  // An op whose schema takes no region has none (the schema's other region counts are the verifier's:
  // ir/op_schema.cc); an unknown op (no schema) may have any.
  if (const OpSchema& schema = schemaOf(op->id); schema.id != OpId::kUnknown && schema.regions.empty() && !state.regions.empty())
    return errorAt(state.offset, strCat("'", state.name, "' takes no region, but has ", state.regions.size(),
                                        " (only ops such as stablehlo.reduce, while and if have regions)"));
  op->operands = std::move(state.operands);
  op->properties = std::move(state.properties);
  op->attributes = std::move(state.attributes);
  op->regions = std::move(state.regions);
  for (Type& type : state.result_types) op->addResult(std::move(type));
  int first = 0;
  for (const ResultName& result : result_names) {
    RETURN_IF_ERROR(defineValue(result.name.name, ValueGroup{op.get(), nullptr, first, result.count}, result.name.offset));
    first += result.count;
  }
  block.operations.push_back(std::move(op));
  return absl::OkStatus();
}

absl::Status AsmParser::parseGenericOperation(OperationState& state) {
  RETURN_IF_ERROR(parseString(state.name));
  if (state.name.empty()) return errorAt(state.offset, "empty operation name");
  RETURN_IF_ERROR(expect("(", "to start the operand list"));
  std::vector<UnresolvedOperand> operands;
  if (!consumeIf(")")) {
    do {
      UnresolvedOperand operand;
      RETURN_IF_ERROR(parseOperandName(operand));
      operands.push_back(operand);
    } while (consumeIf(","));
    RETURN_IF_ERROR(expect(")", "to close the operand list"));
  }
  if (peek("[")) return error("successor blocks are not supported (StableHLO has no branches)");
  if (consumeIf("<")) {
    skipTrivia();
    if (peekChar() != '{') return error("expected '{' to start the properties dictionary <{...}>");
    RETURN_IF_ERROR(parseAttrDict(state.properties));
    RETURN_IF_ERROR(expect(">", "to close the properties <{...}>"));
  }
  if (consumeIf("(")) {
    do {
      state.regions.emplace_back();
      RETURN_IF_ERROR(parseRegion(state.regions.back()));
    } while (consumeIf(","));
    RETURN_IF_ERROR(expect(")", "to close the region list"));
  }
  RETURN_IF_ERROR(parseOptionalAttrDict(state.attributes));
  RETURN_IF_ERROR(expect(":", "before the operation's function type"));
  skipTrivia();
  uint32_t type_at = offset();
  Type function;
  RETURN_IF_ERROR(parseFunctionType(function));
  for (const UnresolvedOperand& operand : operands) {
    Value* value;
    RETURN_IF_ERROR(resolveOperand(operand, value));
    state.operands.push_back(value);
  }
  RETURN_IF_ERROR(checkOperandTypes(state.operands, function.inputs(), type_at));
  state.result_types = function.results();
  return absl::OkStatus();
}

namespace {

// The first op (in text order) whose regions lie more than `limit` levels deep, where `op`'s regions lie
// at level `level`; nullptr when none does.
const Operation* opNestedTooDeep(const Operation& op, int level, int limit) {
  if (!op.regions.empty() && level > limit) return &op;
  for (const Region& region : op.regions)
    for (const auto& block : region.blocks)
      for (const auto& inner : block->operations)
        if (const Operation* deep = opNestedTooDeep(*inner, level + 1, limit)) return deep;
  return nullptr;
}

}  // namespace

absl::Status AsmParser::parseTopLevel(Module& module) {
  // The top level counts as the module's region while parsing (a bound on recursion, one level of slack
  // for a written `module {`); the limit itself is checked on the module built, whose depth is the same
  // as its printed form's, so whatever parses prints to text that parses back.
  DepthGuard module_region(region_depth_, kMaxRegionNesting + 1);
  skipTrivia();
  scopes_.push_back(Scope{{}, true});
  auto implicit = std::make_unique<Operation>("builtin.module");
  implicit->regions.emplace_back();
  implicit->regions[0].blocks.push_back(std::make_unique<Block>());
  Block& body = *implicit->regions[0].blocks[0];
  while (!atEnd()) {
    if (peekChar() == '#' || peekChar() == '!') return error("attribute and type aliases (#name = ..., !name = ...) are not supported");
    if (peek("{-#")) return error("file metadata blocks ({-# ... #-}) are not supported");
    RETURN_IF_ERROR(parseOperationAfterAnyTerminator(body));
  }
  scopes_.pop_back();
  // A file that is exactly one `module` is that module; anything else is wrapped, as MLIR does.
  if (body.operations.size() == 1 && body.operations[0]->name == "builtin.module") {
    module.op = std::move(body.operations[0]);
  } else {
    module.op = std::move(implicit);
  }
  if (const Operation* deep = opNestedTooDeep(*module.op, 1, kMaxRegionNesting))
    return errorAt(deep->source_offset, strCat("regions nested more than ", kMaxRegionNesting, " deep (the parser's limit)"));
  return absl::OkStatus();
}

}  // namespace hloconf
