// Launches into a stream the thread created non-blocking for them alone
// carry no order (like cudaStreamFireAndForget): aggregate takes them and
// drops the stream's creation and destruction; two such launches under one
// 'if (threadIdx.x == 0)' are aggregated together. Other uses of a device
// stream keep the launch, with the reason. (Line numbers are absolute.)
// RUN: %dpopt %s --passes=aggregate --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s --passes=threshold --remarks -o /dev/null 2>&1 | FileCheck --check-prefix=TH %s
// CHECK-DAG: own-stream.cu:38:7: remark: aggregating the launches of 'sortPart' per {{.*}} [-Rpass=aggregate]
// CHECK-DAG: own-stream.cu:44:7: remark: aggregating the launches of 'sortPart' per {{.*}} [-Rpass=aggregate]
// CHECK-DAG: own-stream.cu:55:3: remark: not aggregating this launch of 'leaf': the launch goes to the stream 'S': the aggregated launch could not keep its order with that stream's other work; it is not a stream the thread created non-blocking for this launch alone: 'S' is not created with the flags cudaStreamNonBlocking [-Rpass-missed=aggregate]
// CHECK-DAG: own-stream.cu:63:3: remark: not aggregating this launch of 'leaf': {{.*}}: 'S' is also used at line 64 [-Rpass-missed=aggregate]
// CHECK-DAG: own-stream.cu:73:5: remark: not aggregating this launch of 'leaf': {{.*}}: the launch is in a loop that does not create 'S' anew [-Rpass-missed=aggregate]
// CHECK-DAG: own-stream.cu:82:3: remark: not aggregating this launch of 'leaf': {{.*}}: 'S' is destroyed before the launch [-Rpass-missed=aggregate]
// CHECK-DAG: own-stream.cu:90:3: remark: not aggregating this launch of 'leaf': {{.*}}: the creation of 'S' is not a statement of its own [-Rpass-missed=aggregate]
// CHECK-DAG: own-stream.cu:100:5: remark: not aggregating this launch of 'leaf': the statement around the launch (own-stream.cu:97), whose lanes must leave it together, also calls the device runtime (own-stream.cu:99){{.*}} [-Rpass-missed=aggregate]
// CHECK-DAG: own-stream.cu:111:3: remark: aggregating the launches of 'leaf'
// OUT: __global__ void sortPart(int *A, int Lo, int Hi) {
// OUT: (void)S; /* dpopt: stream 'S' dropped: nothing is launched into it now */
// OUT: /* dpopt: stream 'S' dropped: nothing is launched into it now */;
// OUT: __global__ void errorsRead(int *A) {
// OUT: cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
// TH: own-stream.cu:111:3: remark: launching 'leaf' only when its thread count reaches
// TH: own-stream.cu:117:3: remark: not thresholding this launch of 'leaf': the launch goes to the stream 'S', which may order the child after other launches (a device-created stream, or one dpopt cannot see through); it is not a stream the thread created non-blocking for this launch alone: 'S' is also used at line 118 [-Rpass-missed=threshold]

__global__ void leaf(int *A, int I) { A[I + threadIdx.x] += 1; }

// The canonical recursive shape: thread 0 launches each half into a stream
// of its own.
__global__ void sortPart(int *A, int Lo, int Hi) {
  if (Hi - Lo < 64)
    return;
  int Mid = (Lo + Hi) / 2;
  if (threadIdx.x == 0) {
    if (Mid > Lo) {
      cudaStream_t S;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
      sortPart<<<1, 32, 0, S>>>(A, Lo, Mid);
      cudaStreamDestroy(S);
    }
    if (Hi > Mid) {
      cudaStream_t S;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
      sortPart<<<1, 32, 0, S>>>(A, Mid, Hi);
      cudaStreamDestroy(S);
    }
  }
}

// A blocking stream (the device rejects it, but dpopt does not rely on
// that).
__global__ void blocking(int *A) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamDefault);
  leaf<<<1, 32, 0, S>>>(A, 0);
  cudaStreamDestroy(S);
}

// Two launches into one stream: the second waits for the first.
__global__ void twice(int *A) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  leaf<<<1, 32, 0, S>>>(A, 0);
  leaf<<<1, 32, 0, S>>>(A, 32);
  cudaStreamDestroy(S);
}

// One stream for every iteration's launch.
__global__ void inLoop(int *A, int N) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  for (int I = 0; I < N; ++I)
    leaf<<<1, 32, 0, S>>>(A, 32 * I);
  cudaStreamDestroy(S);
}

// Destroyed first: the original launch fails.
__global__ void destroyedFirst(int *A) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  cudaStreamDestroy(S);
  leaf<<<1, 32, 0, S>>>(A, 0);
}

// The creation's result is used.
__global__ void checked(int *A) {
  cudaStream_t S;
  if (cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking) != cudaSuccess)
    return;
  leaf<<<1, 32, 0, S>>>(A, 0);
  cudaStreamDestroy(S);
}

// The kernel reads its last error, which a failed creation would set: the
// calls stay, and the enclosure around the launch holds them.
__global__ void errorsRead(int *A) {
  if (threadIdx.x == 0) {
    cudaStream_t S;
    cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
    leaf<<<1, 32, 0, S>>>(A, 0);
    cudaStreamDestroy(S);
  }
  A[1000] = cudaGetLastError();
}

// For threshold: a non-recursive child in an own stream can run in the
// parent; in a shared stream it cannot.
__global__ void forThreshold(int *A) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  leaf<<<1, 32, 0, S>>>(A, 0);
  cudaStreamDestroy(S);
}
__global__ void forThresholdShared(int *A) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  leaf<<<1, 32, 0, S>>>(A, 0);
  leaf<<<1, 32, 0, S>>>(A, 32);
  cudaStreamDestroy(S);
}

// A lambda creates the kernel's stream and launches into it; the kernel
// launches into it again afterwards: the stream is not the lambda launch's
// own.
__global__ void lambdaStream(int *A) {
  cudaStream_t S;
  auto F = [&] {
    cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
    leaf<<<1, 32, 0, S>>>(A, 0);
  };
  F();
  leaf<<<1, 32, 0, S>>>(A, 32);
}
// TH: own-stream.cu:[[@LINE-5]]:5: remark: not thresholding this launch of 'leaf': {{.*}}: 'S' is declared outside the function that launches (a lambda captures it) [-Rpass-missed=threshold]

// A case label between the creation and the launch: the second round jumps
// to the launch and launches into the first round's stream again.
__global__ void viaSwitch(int *A, int N) {
  cudaStream_t S;
  for (int I = 0; I < N; ++I) {
    switch (I % 2) {
    case 0:;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
    case 1:;
      leaf<<<1, 32, 0, S>>>(A, 32 * I);
    }
  }
}
// TH: own-stream.cu:[[@LINE-4]]:7: remark: not thresholding this launch of 'leaf': {{.*}}: a 'case' or 'default' label between the creation of 'S' and the launch could skip the creation [-Rpass-missed=threshold]
