#include "golden/sweep.h"

#include "generators/exhaustive.h"
#include "generators/program_util.h"
#include "golden/cases.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "ir/type.h"

namespace hloconf {
std::string SweepChunk::id() const { return strCat("sweep/", op, "/", dtype, "/", chunk); }

absl::StatusOr<std::vector<SweepChunk>> sweepChunks(std::string_view spec) {
  const bool single = spec.rfind("sweep/", 0) == 0;
  spec.remove_prefix(6);
  std::vector<std::string_view> parts;
  for (size_t pos = 0;;) {
    const size_t slash = spec.find('/', pos);
    parts.push_back(spec.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos));
    if (slash == std::string_view::npos) break;
    pos = slash + 1;
  }
  if (parts.size() < 2 || parts.size() > 3 || (single && parts.size() != 3)) {
    return absl::InvalidArgumentError("a sweep is sweep:<op>/<dtype>[/<first>-<last>] or a chunk ID sweep/<op>/<dtype>/<chunk>");
  }
  ASSIGN_OR_RETURN(auto s, gen::sweepSpec(parts[0], parts[1]));
  uint64_t first = 0, last = s.chunks - 1;
  if (parts.size() == 3) {
    const size_t dash = parts[2].find('-');
    const bool ok = single || dash == std::string_view::npos
                        ? gen::parseDecimal(parts[2], first) && (last = first, true)
                        : gen::parseDecimal(parts[2].substr(0, dash), first) && gen::parseDecimal(parts[2].substr(dash + 1), last);
    if (!ok || first > last || last >= s.chunks) {
      return absl::InvalidArgumentError(strCat("`", parts[2], "`: the chunks of this sweep are 0 to ", s.chunks - 1,
                                               " (", s.total, " inputs in chunks of ", gen::kSweepChunkInputs, ")"));
    }
  }
  std::vector<SweepChunk> chunks;
  chunks.reserve(last - first + 1);
  for (uint64_t c = first; c <= last; ++c) chunks.push_back({s.op, s.dtype, c});
  return chunks;
}

PreparedCase prepareSweepChunk(const std::string& id, double timeout_seconds) {
  PreparedCase prepared;
  auto chunks = sweepChunks(id);
  if (!chunks.ok()) {
    prepared.status = chunks.status();
    return prepared;
  }
  const SweepChunk& chunk = chunks->front();
  auto spec = gen::sweepSpec(chunk.op, chunk.dtype);
  prepared.lowered.inputs = gen::sweepInputs(*spec, chunk.chunk);
  const uint64_t n = static_cast<uint64_t>(prepared.lowered.inputs[0].numElements());
  const std::string text = gen::sweepProgram(*spec, n);
  auto module = parseModule(text, "<sweep program>");
  if (!module.ok()) {
    prepared.status = absl::InternalError(strCat("the sweep program does not parse: ", module.status().message()));
    return prepared;
  }
  prepared.lowered.mlir = printModule(*module);  // the generic form, as lowered cases have
  prepared.lowered.op = chunk.op;
  prepared.lowered.element_type = chunk.dtype;
  const ElementType result = spec->result_element == "i1" ? ElementType::kI1 : spec->type;
  prepared.lowered.result_types = {Type::tensor({static_cast<int64_t>(n)}, Type::element(result))};
  if (absl::Status s = attachProgram(prepared); !s.ok()) {
    prepared.status = s;
    return prepared;
  }
  prepared.status = computeGolden(prepared, timeout_seconds);
  return prepared;
}

}  // namespace hloconf
