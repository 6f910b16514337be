__global__ void child(int *p, int n) { p[threadIdx.x] = n; }
#define PRAGMA_THEN_CALL _Pragma("dp threshold(128)") (void)0;
#define LAUNCH_THEN_PRAGMA(p, n) child<<<n, 32>>>(p, n); _Pragma("dp threshold(64)")

__global__ void parent(int *p, int n) {
  PRAGMA_THEN_CALL
  child<<<n, 32>>>(p, n);
  LAUNCH_THEN_PRAGMA(p, n)
  (void)0;
}
