//===- LineOrigins.h - Which user line each output line shows ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The output of a pipeline is the user's file with edits from several passes
// and the driver (pragmas kept as comments, runtime includes). Rather than
// follow offsets through every one of those steps, the origin of an output
// line is read off the two texts, as a line diff does: a line is the user's
// when it is the same text as the user's line it aligns with. Passes copy
// user code into new functions (clones, continuations); a copied line that
// is the same as a line that occurs once in the user's file, or that
// continues a run of copied lines, is that user line too, so that tools
// point at the code the user wrote wherever dpopt put it. Every other line is
// dpopt's.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_LINEORIGINS_H
#define DPOPT_REWRITE_LINEORIGINS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace dpopt {

/// The lines of \p Text without their line ends ("\n" or "\r\n"); a final
/// line without a line end counts, an empty text has none.
std::vector<llvm::StringRef> splitLines(llvm::StringRef Text);

/// For each line of \p Output, the 0-based index of the line of \p Original
/// it shows, or nullopt for a line dpopt wrote.
std::vector<std::optional<unsigned>>
lineOrigins(llvm::ArrayRef<llvm::StringRef> Original,
            llvm::ArrayRef<llvm::StringRef> Output);

} // namespace dpopt

#endif // DPOPT_REWRITE_LINEORIGINS_H
