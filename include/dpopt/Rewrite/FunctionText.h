//===- FunctionText.h - The written pieces of a function --------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Passes write variants of kernels and device functions (a serial version, a
// coarsened clone) from the text of the user's definition: its template
// header, return type, parameter list and body, with whatever edits the pass
// makes inside the body applied to the copy.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_FUNCTIONTEXT_H
#define DPOPT_REWRITE_FUNCTIONTEXT_H

#include "dpopt/Rewrite/EditList.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <string>

namespace dpopt {

class ParsedUnit;

struct FunctionPieces {
  const clang::FunctionDecl *Def = nullptr;
  /// The text of the file the definition is written in: the working text,
  /// or an included header's (same translation unit, so dpopt sees it, but
  /// does not edit it). Offsets below are into it.
  llvm::StringRef Source;
  bool InMainFile = true;
  /// For a definition in an included header: where code derived from it
  /// goes in the working text -- before the first declaration of the main
  /// file that follows the #include that brings the header in (everything
  /// the header declares is visible there).
  unsigned Anchor = 0;
  /// "template <typename T>" or "".
  std::string TemplateHeader;
  std::string ReturnType;
  /// The parameter list as written, without the parentheses.
  std::string Params;
  /// "__launch_bounds__(...)" rebuilt from the attribute, or "".
  std::string LaunchBounds;
  /// Offsets of the body ('{' .. '}' inclusive) and of the whole
  /// definition (template header included) in the working text.
  unsigned BodyBegin = 0, BodyEnd = 0;
  unsigned DeclBegin = 0, DeclEnd = 0;
};

/// Reads the written definition \p Def, in the main file or in a header it
/// includes (not a system header). Fails when a piece is not plain text of
/// that file (a macro expansion).
llvm::Expected<FunctionPieces> readFunction(const ParsedUnit &U,
                                            const clang::FunctionDecl *Def);

/// The body text with the edits of \p Edits that lie inside the body applied
/// (offsets into F.Source: for a header's function, only edits of that
/// header's text may be in \p Edits).
llvm::Expected<std::string> bodyWithEdits(const ParsedUnit &U,
                                          const FunctionPieces &F,
                                          const EditList &Edits);

/// The parameter list of \p FD as written, without default arguments.
llvm::Expected<std::string>
paramsWithoutDefaults(const ParsedUnit &U, const clang::FunctionDecl *FD);

/// Adds a function derived from \p Original: its definition right after
/// Original's definition and, when Original is declared earlier in the file,
/// a declaration right after that first declaration, so that every place
/// that can call Original can call it. \p Head builds "template <...>
/// static __device__ void name(...)" from a parameter list: the definition's,
/// or the first declaration's (default arguments live there).
llvm::Error
addDerivedFunction(const ParsedUnit &U, EditList &Edits,
                   const clang::FunctionDecl *Original,
                   llvm::function_ref<std::string(llvm::StringRef)> Head,
                   llvm::StringRef Body, llvm::StringRef Comment);

/// Inserts \p Text into the working text where code that must precede the
/// function \p F goes (before its outermost declaration; at F.Anchor, ahead
/// of other code inserted there, for a header's function).
void insertBeforeFunction(const ParsedUnit &U, EditList &Edits,
                          const FunctionPieces &F, std::string Text);
/// Inserts \p Text right after \p F's definition (at F.Anchor for a
/// header's function).
void insertAfterFunction(EditList &Edits, const FunctionPieces &F,
                         std::string Text);

/// The begin offset of the outermost declaration containing \p D (its
/// template header included): where code that must precede \p D goes. It
/// stays inside \p D's namespace or linkage specification unless
/// \p FileScope, which goes out to the translation unit.
unsigned outermostDeclBegin(const ParsedUnit &U, const clang::Decl *D,
                            bool FileScope = false);

/// The main-file offset just past statement \p S, its final ';' included:
/// for an if, a loop or a switch, past its last branch or body. An error
/// when that end comes out of a macro or dpopt cannot find it.
llvm::Expected<unsigned> statementEnd(const ParsedUnit &U,
                                      const clang::Stmt *S);

/// \p T as generated code spells a variable \p Name of it: canonical
/// (typedefs resolved, scopes written out), top-level qualifiers dropped.
std::string spelledType(const clang::ASTContext &Ctx, clang::QualType T,
                        llvm::StringRef Name);

/// Names for generated functions: "__dpopt_<stem>", made unique against
/// every identifier of the working text and every name given out before.
/// The text is read once: a file with thousands of sites asks for thousands
/// of names, and each must cost a lookup, not a scan of the file.
class NameAllocator {
public:
  explicit NameAllocator(llvm::StringRef Text);
  std::string fresh(llvm::StringRef Stem);

private:
  /// Identifiers starting with "__dpopt_" in the text, and names given out.
  llvm::StringSet<> Taken;
  /// Per "__dpopt_<stem>": the suffix to try next ("_2" first). Names only
  /// ever become taken, so a suffix found taken once stays taken.
  llvm::StringMap<unsigned> NextSuffix;
};

} // namespace dpopt

#endif // DPOPT_REWRITE_FUNCTIONTEXT_H
