__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}
__global__ void parent(int *A, const int *Deg, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N && Deg[V] > 0)
    child<<<(Deg[V] + 127) / 128, 128>>>(A + V * 1024, Deg[V]);
}
int main() { parent<<<1, 32>>>(nullptr, nullptr, 0); }
