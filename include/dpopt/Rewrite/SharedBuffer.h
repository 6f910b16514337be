//===- SharedBuffer.h - __shared__ variables moved into a buffer -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// remove-launch's §2.3 "reuse" scenario: a persistent parent's shared
// arrays are dead while the round's children run, so the child's arrays can
// lie on top of them. Both functions' own static __shared__ variables become
// references into one byte buffer the persistent kernel declares, sized for
// the larger of the two:
//
//   __shared__ int Part[128];
// becomes
//   int (&Part)[128] = *reinterpret_cast<int (*)[128]>(Buffer + 0);
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_SHAREDBUFFER_H
#define DPOPT_REWRITE_SHAREDBUFFER_H

#include "dpopt/Rewrite/EditList.h"

#include "clang/AST/Decl.h"

#include <cstdint>
#include <optional>
#include <string>

namespace dpopt {

class ProgramAnalysis;

/// The bytes a parent's and a child's own static shared variables take in
/// such a buffer.
struct SharedReuse {
  uint64_t ParentBytes = 0, ChildBytes = 0;
};

/// The alignment the buffer is declared with; a variable that needs more
/// stays where it is.
constexpr unsigned SharedBufferAlign = 16;

/// Adds to \p Edits (when not null: null only measures) the rewrite of every
/// static __shared__ variable of \p F into a reference into \p Buffer (an
/// `unsigned char *` in scope), at aligned offsets from 0, and sets \p Bytes
/// to the bytes they take. Returns why it cannot be done (then \p Edits is
/// unchanged): a shared variable in
/// a device function \p F calls, one declared with others in one statement
/// or inside a macro, a size that is not a compile-time constant, an
/// alignment above SharedBufferAlign. extern (dynamic) shared arrays stay as
/// they are and are not counted.
std::optional<std::string> sharedIntoBuffer(ProgramAnalysis &A,
                                            const clang::FunctionDecl *F,
                                            llvm::StringRef Buffer,
                                            EditList *Edits, uint64_t &Bytes);

/// The bytes of \p Parent's and \p Child's own static shared variables when
/// both have some and both sets can move into a buffer (so the child's can
/// lie on top of the parent's), else nothing.
std::optional<SharedReuse> overlayableShared(ProgramAnalysis &A,
                                             const clang::FunctionDecl *Parent,
                                             const clang::FunctionDecl *Child);

} // namespace dpopt

#endif // DPOPT_REWRITE_SHAREDBUFFER_H
