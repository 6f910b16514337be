__global__ void child(int n) {}
__global__ void parent(int n) {
#pragma dp threshold(64)
  child<<<n, 1>>>(n);
}
