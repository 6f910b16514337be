//===- emu/cub/device/device_scan.cuh - Emulated CUB scans -----*- C++ -*-===//
#pragma once

#include <cuda_runtime.h>

namespace cub {

struct DeviceScan {
  template <class In, class Out, class N>
  static cudaError_t ExclusiveSum(void *Temp, size_t &Bytes, In Input,
                                  Out Output, N Count, cudaStream_t = nullptr) {
    if (!Temp) {
      Bytes = 16;
      return cudaSuccess;
    }
    auto Sum = decltype(+Input[0])(0);
    for (N I = 0; I < Count; ++I) {
      auto V = Input[I];
      Output[I] = Sum;
      Sum += V;
    }
    return cudaSuccess;
  }
};

} // namespace cub
