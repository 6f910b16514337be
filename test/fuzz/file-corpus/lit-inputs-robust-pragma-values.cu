__global__ void child(int *a) { a[threadIdx.x] = 1; }
__global__ void octal(int *a) {
#pragma dp threshold(010)
  child<<<1, 32>>>(a);
}
__global__ void hex(int *a) {
#pragma dp threshold(0x20)
  child<<<1, 32>>>(a);
}
__global__ void binary(int *a) {
#pragma dp threshold(0b100)
  child<<<1, 32>>>(a);
}
