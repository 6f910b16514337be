// dpopt::rt::coarsenGrid against its definition (docs/passes/coarsen.md),
// written here as the loop it once was, on the host over grids of every
// kind: zero, one, small, at and past the launch limits. The kernel is for
// the PTX check in runtime-coarsen-grid.test.
#include "dpopt/runtime.cuh"

#include <cstdio>

// x is divided first (ceiling) by as much of the factor as it can take,
// then what is left divides y, then z; a grid no launch accepts stays.
static dim3 reference(dim3 Grid, unsigned Factor) {
  if (Grid.x < 1 || Grid.x > 0x7fffffffu || Grid.y < 1 || Grid.y > 65535 ||
      Grid.z < 1 || Grid.z > 65535)
    return Grid;
  unsigned long long Left = Factor == 0 ? 1 : Factor;
  unsigned *Dims[3] = {&Grid.x, &Grid.y, &Grid.z};
  for (unsigned *D : Dims) {
    if (Left <= 1 || *D <= 1)
      continue;
    const unsigned long long Take = Left < *D ? Left : *D;
    *D = static_cast<unsigned>((*D + Take - 1) / Take);
    Left = (Left + Take - 1) / Take;
  }
  return Grid;
}

__global__ void coarsenProbe(dim3 *Out, dim3 Grid, unsigned Factor) {
  *Out = dpopt::rt::coarsenGrid(Grid, Factor);
}

int main() {
  const unsigned Xs[] = {0, 1, 2, 3, 7, 8, 9, 63, 64, 65, 1000, 65535, 65536,
                         0x7ffffffeu, 0x7fffffffu, 0x80000000u, 0xffffffffu};
  const unsigned Ys[] = {0, 1, 2, 3, 5, 8, 17, 65535, 65536};
  const unsigned Factors[] = {0, 1, 2, 3, 4, 7, 8, 9, 16, 64, 1000, 0xffffffffu};
  unsigned Checked = 0, Wrong = 0;
  for (unsigned X : Xs)
    for (unsigned Y : Ys)
      for (unsigned Z : Ys)
        for (unsigned F : Factors) {
          const dim3 Got = dpopt::rt::coarsenGrid(dim3(X, Y, Z), F);
          const dim3 Want = reference(dim3(X, Y, Z), F);
          ++Checked;
          if (Got.x != Want.x || Got.y != Want.y || Got.z != Want.z) {
            if (++Wrong <= 5)
              printf("wrong: grid (%u, %u, %u) factor %u: (%u, %u, %u), want (%u, %u, %u)\n",
                     X, Y, Z, F, Got.x, Got.y, Got.z, Want.x, Want.y, Want.z);
          }
        }
  printf("coarsenGrid: %u grids, %u wrong\n", Checked, Wrong);
  return Wrong != 0;
}
