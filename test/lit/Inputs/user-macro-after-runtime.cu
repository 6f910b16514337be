// Compiled with -DN=4 -DGrid=5: the runtime headers hide those names from
// their own code and give them back afterwards.
#include "dpopt/aggregate.cuh"
#include "dpopt/persist.cuh"

static_assert(N == 4, "the user's N is back after the runtime headers");
static_assert(Grid == 5, "the user's Grid is back after the runtime headers");
__global__ void kernel(int *P) { P[threadIdx.x] = N + Grid; }
