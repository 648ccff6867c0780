// The bytes of one value in the cpu executor. Growing a buffer leaves the new bytes uninitialised (every
// kernel writes all of its result), so a fresh result costs no zero-fill pass over memory.
#ifndef HLOCONF_EXECUTORS_CPU_BUFFER_H_
#define HLOCONF_EXECUTORS_CPU_BUFFER_H_

#include <cstdint>
#include <memory>
#include <vector>

namespace hloconf::cpu {

// std::allocator, except that value-initialisation (vector::resize) default-initialises: for bytes, nothing.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

using Buffer = std::vector<uint8_t, DefaultInitAllocator<uint8_t>>;

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_BUFFER_H_
