#include "executors/cpu/widen.h"

#include <vector>

#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

template <class From, class To>
void widen(const uint8_t* src, uint8_t* dst, int64_t count) {
  const auto* s = reinterpret_cast<const typename From::Storage*>(src);
  auto* d = reinterpret_cast<typename To::Storage*>(dst);
  for (int64_t i = 0; i < count; ++i) {
    if constexpr (From::kClass == Class::kFloat && To::kClass == Class::kFloat) {
      d[i] = To::fromDouble(static_cast<double>(From::load(s[i])));
    } else if constexpr (From::kClass != Class::kFloat && To::kClass != Class::kFloat) {
      d[i] = static_cast<typename To::Storage>(s[i]);
    }
  }
}

// complex<f32> to complex<f64>: each part.
void widenComplex(const uint8_t* src, uint8_t* dst, int64_t count) {
  const auto* s = reinterpret_cast<const float*>(src);
  auto* d = reinterpret_cast<double*>(dst);
  for (int64_t i = 0; i < 2 * count; ++i) d[i] = static_cast<double>(s[i]);
}

}  // namespace

WidenFn widenFor(ElementType from, ElementType to) {
  if (from == ElementType::kC64 && to == ElementType::kC128) return &widenComplex;
  return visitElement<WidenFn>(from, [to](auto f) -> WidenFn {
    return visitElement<WidenFn>(to, [](auto t) -> WidenFn {
      using From = decltype(f);
      using To = decltype(t);
      if constexpr ((From::kClass == Class::kFloat) == (To::kClass == Class::kFloat)) return &widen<From, To>;
      else return nullptr;
    });
  });
}

bool promotes(const plan::Step& step, const plan::Plan& plan, size_t first) {
  const size_t n = step.results.size();
  for (size_t i = first; i < step.operands.size() && n > 0; ++i)
    if (plan.slot_types[step.operands[i]].elementType() != plan.slot_types[step.results[i % n]].elementType()) return true;
  return false;
}

absl::Status runWidened(const KernelArgs& args, size_t first, Kernel inner) {
  const size_t n = args.results.size();
  std::vector<const uint8_t*> operands(args.operands.begin(), args.operands.end());
  std::vector<Buffer> buffers(operands.size());
  for (size_t i = first; i < operands.size() && n > 0; ++i) {
    const Type& from = args.operandType(i);
    const ElementType to = args.resultType(i % n).elementType();
    if (from.elementType() == to) continue;
    const WidenFn widen = widenFor(from.elementType(), to);
    if (!widen) return absl::InternalError(strCat(args.step.location, ": no conversion for a promoted body"));
    buffers[i].resize(static_cast<size_t>(from.numElements() * storageBytes(to)));
    widen(args.operands[i], buffers[i].data(), from.numElements());
    operands[i] = buffers[i].data();
  }
  return inner(KernelArgs{args.step, args.lowered, args.frame, operands, args.results, args.num_elements});
}

}  // namespace hloconf::cpu
