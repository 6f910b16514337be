//===- AggregatePass.h - One launch per group of parent threads -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aggregate (Olabi et al., CGO'22, §II-B and §V; KLAP's scheme). Contract:
// in a kernel P, the device-side launch
//
//   child<<<grid, block, shmem, stream>>>(args);
//
// becomes a record of the launch in a group (the warp, the block, N
// consecutive blocks, or the whole grid of P's threads):
//
//   { dim3 __dpopt_grid(grid); dim3 __dpopt_block(block);
//     __dpopt_rec_child __dpopt_r = __dpopt_make_rec_child(...args);
//     if (!dpopt::rt::aggRecord(GROUP, __dpopt_r))
//       child<<<...>>>(the record's arguments); }   // no room: launch alone
//
// P's body gets a prologue that sets up each site's group state and an
// epilogue, run by every thread on every way out of P (returns become
// gotos), that counts the thread out; the group's last thread launches
// __dpopt_agg_child once for all the group's records. That clone of the
// child finds its record by searching the records' block ranges (aggFind),
// copies it, and runs the child's body with blockIdx, gridDim, blockDim and
// threadIdx shadowed by the original launch's values; threads beyond the
// original block size skip the body. Warp and block groups below the
// aggregation threshold launch their records one by one instead. A child
// that launches itself (recursion) aggregates its own launches the same way
// inside the clone. Kernels keep their names and signatures.
//
// Sites left unchanged, with a remark: launches outside a kernel's own body
// (a device function or lambda), into a stream other than the implicit one
// or cudaStreamFireAndForget, template or namespaced children, children
// using cooperative groups, inline asm, calls dpopt cannot see into or
// device-side cudaDeviceSynchronize(), children with barriers or warp-level
// operations whose block size is not a compile-time constant (threads past a
// smaller original block could not take part), parents with inline asm, a
// thread that may launch more than once into an ordered stream unless the
// site's '#pragma dp aggregate(...)' or cudaStreamFireAndForget says the
// launches are independent, and every case of launchStatementBlocker.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_AGGREGATEPASS_H
#define DPOPT_PASSES_AGGREGATEPASS_H

#include "dpopt/Passes/Pass.h"

#include <memory>

namespace dpopt {

/// The built-in defaults (docs/passes/aggregate.md): DefaultGroupBlocks is
/// the N of a bare 'multiblock', of the default's recursive launches, and
/// the fewest blocks of the default's run-time sized groups (the others
/// aggregate per grid as far as the records fit); warp and block groups
/// aggregate from DefaultAggThreshold launches on (a threshold of 4 was no
/// faster).
constexpr unsigned DefaultAggThreshold = 1;
constexpr unsigned DefaultGroupBlocks = 32;

std::unique_ptr<Pass> createAggregatePass();

} // namespace dpopt

#endif // DPOPT_PASSES_AGGREGATEPASS_H
