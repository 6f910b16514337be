__global__ void headerChild(int *A) {}
#pragma dp threshold(4)
__global__ void headerParent(int *A) { headerChild<<<1, 1>>>(A); }
