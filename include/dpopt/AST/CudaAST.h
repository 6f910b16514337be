//===- CudaAST.h - Small questions about CUDA code in clang's AST -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_AST_CUDAAST_H
#define DPOPT_AST_CUDAAST_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

enum class CudaTarget { Host, Device, HostDevice, Global };

/// The execution space of \p FD from its attributes. Lambdas without
/// attributes are __host__ __device__ in clang's CUDA mode.
CudaTarget getCudaTarget(const clang::FunctionDecl *FD);

/// True when code in the innermost of \p Functions runs on the GPU: the
/// innermost named function decides, lambdas without attributes take the
/// context they are written in.
bool isDeviceContext(llvm::ArrayRef<const clang::FunctionDecl *> Functions);

/// The built-in variables a kernel reads its position from.
enum class BuiltinVar { ThreadIdx, BlockIdx, BlockDim, GridDim };
constexpr unsigned NumBuiltinVars = 4;
const char *builtinVarName(BuiltinVar V);
/// The type a built-in has for code that copies it: "uint3" for threadIdx
/// and blockIdx, "dim3" for blockDim and gridDim.
const char *builtinVarType(BuiltinVar V);
/// \p Def's own return statements, in source order (a lambda's belong to
/// the lambda).
std::vector<const clang::ReturnStmt *>
ownReturns(const clang::FunctionDecl *Def);

/// If \p D is threadIdx, blockIdx, blockDim or gridDim, which one.
std::optional<BuiltinVar> getBuiltinVar(const clang::ValueDecl *D);
/// True for the warpSize built-in.
bool isWarpSizeVar(const clang::ValueDecl *D);

/// Looks through implicit casts, temporaries, parentheses and the implicit
/// constructor calls that turn an integer into a dim3.
const clang::Expr *stripImplicit(const clang::Expr *E);

/// True when \p Child is a full statement of \p Parent (a statement of a
/// compound statement or the body of a control statement), not part of a
/// condition or a larger expression.
bool isStatementPosition(const clang::Stmt *Child, const clang::Stmt *Parent);

/// True for loops (for, range-for, while, do).
bool isLoop(const clang::Stmt *S);
/// True for constructs that execute a statement conditionally.
bool isConditional(const clang::Stmt *S);

/// True for the name of an atomic read-modify-write function of CUDA's or
/// the compiler's headers (atomicAdd, atomicCAS_block, __nvvm_atom_*,
/// __atomic_*, ...): it returns what the memory held.
bool isAtomicFunctionName(llvm::StringRef Name);

/// True for the device runtime's API as CUDA 13 declares it (in a system
/// header, as inline wrappers of __cudaCDP2* functions): a call of it changes
/// or reads the calling thread's runtime state.
bool isDeviceRuntimeFunction(const clang::FunctionDecl *FD);

/// True for a call of the legacy device-side cudaDeviceSynchronize() (CDP1).
bool isLegacyDeviceSync(const clang::CallExpr *CE);
/// True for a statement that only calls it and drops the result:
/// 'cudaDeviceSynchronize();' or '(void)cudaDeviceSynchronize();'.
bool isLegacyDeviceSyncStatement(const clang::Stmt *S);

/// True when \p T names a type or typedef declared inside a function (or
/// a pointer, reference or array of one): code written outside the
/// function could not name it.
bool namesFunctionLocalType(clang::QualType T);

/// True for the call clang builds from a launch's '<<<...>>>' (the
/// execution configuration: __cudaPushCallConfiguration in host code,
/// cudaLaunchDevice in device code). It is not a call the user wrote, so
/// analyses look into its arguments but do not count it.
bool isExecConfigCall(const clang::CallExpr *CE);

/// The execution configuration as written: grid, block, dynamic shared
/// memory, stream; null where the launch does not write one.
struct WrittenConfig {
  const clang::Expr *Parts[4] = {nullptr, nullptr, nullptr, nullptr};
};
WrittenConfig writtenConfig(const clang::CUDAKernelCallExpr *E);

/// The kernel's name as the user would write it, with template arguments of
/// a specialization ("kid<float>").
std::string printedName(const clang::FunctionDecl *FD);

/// The declaration whose body is written in the source: the template
/// pattern of an instantiation, else the definition, else \p FD.
/// Appends the __syncthreads() calls of \p S to \p Out (not those of
/// lambdas in it), in source order.
void findSyncthreads(const clang::Stmt *S,
                     std::vector<const clang::CallExpr *> &Out);
const clang::FunctionDecl *getWrittenDefinition(const clang::FunctionDecl *FD);
/// True for the statement '__syncthreads();' (parentheses and implicit
/// casts aside).
bool isSyncthreadsStatement(const clang::Stmt *S);

} // namespace dpopt

#endif // DPOPT_AST_CUDAAST_H
