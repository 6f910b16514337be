//===- LineDirectives.h - #line for the user's code -----------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// nvcc's errors and warnings, cuda-gdb, compute-sanitizer and profilers name
// the file and line the preprocessor presumes. withLineDirectives writes
// '#line' directives into the output so that every line the user wrote
// (LineOrigins.h: where it stays, and where a pass copied it) is presumed at
// its line of the user's file, and every line dpopt wrote at its own line of
// the output file. __LINE__ and __FILE__ in user code then expand as they do
// when the user's file is compiled.
//
// A directive is written only where the presumed place would otherwise be
// wrong, and never where it could change what the code means: not inside a
// comment, literal or spliced line, not inside parentheses or brackets (a
// directive among a macro's arguments is undefined behaviour), and not
// inside another directive. Blank lines need none. The user's own '#line'
// directives are honoured: user lines map to where the user's directives
// presume them.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_LINEDIRECTIVES_H
#define DPOPT_REWRITE_LINEDIRECTIVES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace dpopt {

/// \p Output (dpopt's rewrite of \p Original, with "\n" line ends) with the
/// '#line' directives described above. \p UserFile and \p OutputFile are the
/// names the directives give the two files, as the user spelled them.
std::string withLineDirectives(llvm::StringRef Original, llvm::StringRef Output,
                               llvm::StringRef UserFile,
                               llvm::StringRef OutputFile);

} // namespace dpopt

#endif // DPOPT_REWRITE_LINEDIRECTIVES_H
