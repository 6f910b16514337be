// The folded atomic's address may use any integer arithmetic on read-only
// parameters and constants (here '%' and '&'); an address read from memory
// or built from a local is left as written.
// RUN: %dpopt %s -o %t.cu --passes=threshold --remarks 2> %t.err
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.cu %}

#include <cuda_runtime.h>

__global__ void slotXor(unsigned *Acc, unsigned N, unsigned Key) {
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Gid >= N)
    return;
  atomicXor(&Acc[(Key % 256u) & ~1u], Gid * 2654435761u);
}
__global__ void fromMemory(unsigned *Acc, const unsigned *Slot, unsigned N) {
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Gid < N)
    atomicAdd(&Acc[Slot[0]], Gid);
}
__global__ void fromLocal(unsigned *Acc, unsigned N, unsigned Key) {
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Where = Key % 64u;
  if (Gid < N)
    atomicAdd(&Acc[Where], Gid);
}
__global__ void p1(unsigned *Acc, unsigned N) { slotXor<<<(N + 127) / 128, 128>>>(Acc, N, threadIdx.x); }
__global__ void p2(unsigned *Acc, const unsigned *S, unsigned N) { fromMemory<<<(N + 127) / 128, 128>>>(Acc, S, N); }
__global__ void p3(unsigned *Acc, unsigned N) { fromLocal<<<(N + 127) / 128, 128>>>(Acc, N, threadIdx.x); }

// CHECK: static __device__ void {{__dpopt_serial_slotXor[_0-9]*}}(dim3
// CHECK: dpopt::rt::AtomicFold<dpopt::rt::FoldOp::Xor, unsigned int> [[F:__dpopt_fold[_0-9]*]];
// CHECK: [[F]].take(Gid * 2654435761u);
// CHECK: [[F]].flush(&Acc[(Key % 256u) & ~1u]);
// CHECK: static __device__ void {{__dpopt_serial_fromMemory[_0-9]*}}(dim3
// CHECK-NOT: {{dpopt::rt::AtomicFold}}<
// CHECK: atomicAdd(&Acc[Slot[0]], Gid);
// CHECK: static __device__ void {{__dpopt_serial_fromLocal[_0-9]*}}(dim3
// CHECK-NOT: {{dpopt::rt::AtomicFold}}<
// CHECK: atomicAdd(&Acc[Where], Gid);

// A constant in the address is folded; a macro in it is not (the fold writes
// the address again after the run).
constexpr unsigned Slots = 64;
#define SLOT(K) ((K) % 32u)
__global__ void constSlot(unsigned *Acc, unsigned N, unsigned Key) {
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Gid < N)
    atomicMax(&Acc[Key % Slots], Gid);
}
__global__ void macroSlot(unsigned *Acc, unsigned N, unsigned Key) {
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Gid < N)
    atomicMax(&Acc[SLOT(Key)], Gid);
}
__global__ void p4(unsigned *Acc, unsigned N) { constSlot<<<(N + 127) / 128, 128>>>(Acc, N, threadIdx.x); }
__global__ void p5(unsigned *Acc, unsigned N) { macroSlot<<<(N + 127) / 128, 128>>>(Acc, N, threadIdx.x); }
// CHECK: static __device__ void {{__dpopt_serial_constSlot[_0-9]*}}(dim3
// CHECK: dpopt::rt::AtomicFold<dpopt::rt::FoldOp::Max, unsigned int> [[G:__dpopt_fold[_0-9]*]];
// CHECK: [[G]].flush(&Acc[Key % Slots]);
// CHECK: static __device__ void {{__dpopt_serial_macroSlot[_0-9]*}}(dim3
// CHECK-NOT: {{dpopt::rt::AtomicFold}}<
// CHECK: atomicMax(&Acc[SLOT(Key)], Gid);
