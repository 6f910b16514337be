__global__ void child(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
#pragma dp threshold(１２)
  child<<<1, 32>>>(a);
#pragma dp threshold(4)
#pragma dp coarsen(2) threshold(8)
  child<<<1, 32>>>(a);
#pragma dp threshold(09)
  child<<<1, 32>>>(a);
}
