// '#pragma dp' from macros: _Pragma before a launch, a macro that is only
// the pragma, and a macro that writes the pragma and the launch together.
__global__ void child(int *p, int n) { p[threadIdx.x] = n; }
#define SMALL_LAUNCHES _Pragma("dp threshold(128)")
#define LAUNCH_WITH_PRAGMA(p, n) _Pragma("dp threshold(96)") child<<<n, 32>>>(p, n);

__global__ void onlyPragma(int *p, int n) {
  SMALL_LAUNCHES
  child<<<n, 32>>>(p, n);
}
__global__ void operatorForm(int *p, int n) {
  _Pragma("dp threshold(64)") child<<<n, 32>>>(p, n);
}
__global__ void sameMacro(int *p, int n) {
  LAUNCH_WITH_PRAGMA(p, n)
}
