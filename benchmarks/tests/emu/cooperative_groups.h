//===- emu/cooperative_groups.h - Emulated cooperative groups --*- C++ -*-===//
// Threads run one at a time, so a coalesced group is the calling thread.
#pragma once

namespace cooperative_groups {

struct coalesced_group {
  unsigned size() const { return 1; }
  unsigned thread_rank() const { return 0; }
  template <class T> T shfl(T Value, unsigned) const { return Value; }
};

inline coalesced_group coalesced_threads() { return {}; }

} // namespace cooperative_groups
