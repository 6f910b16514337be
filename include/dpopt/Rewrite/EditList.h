//===- EditList.h - A pass's edits to the working text ----------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// tooling::Replacements rejects two different insertions at one offset
// (their order would matter). Passes routinely insert several things at one
// place -- clones after a definition, a declaration before a function -- so
// they collect edits here, where insertions at one offset keep the order they
// were made in, then hand tooling::Replacements to the driver.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_EDITLIST_H
#define DPOPT_REWRITE_EDITLIST_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace dpopt {

class EditList {
public:
  explicit EditList(std::string File) : File(std::move(File)) {}

  /// Inserts \p Text at \p Offset, after earlier insertions there.
  void insert(unsigned Offset, std::string Text);
  /// Inserts \p Text at \p Offset before every insertion there made with
  /// insert() (after earlier ones made with this): declarations that code
  /// inserted at the same place may need, such as those dpopt writes for a
  /// function defined in an included header (FunctionText.h).
  void insertDeclaration(unsigned Offset, std::string Text);
  /// Replaces [Offset, Offset + Length) by \p Text.
  void replace(unsigned Offset, unsigned Length, std::string Text);

  /// Adds every edit of \p Other (after this list's own at equal offsets).
  void addAll(const EditList &Other);
  /// Adds the edits of \p Other that lie inside [Begin, End], in the order
  /// they were made: one function's share of a file's edits, found without
  /// reading the others (a pass asks once per function).
  void addWithin(const EditList &Other, unsigned Begin, unsigned End);

  /// This list without the edits that lie inside [Begin, End) (for a range
  /// that a later edit replaces as a whole, built from applyWithin's text).
  EditList without(unsigned Begin, unsigned End) const;

  bool empty() const { return Edits.empty(); }

  /// The edits as tooling::Replacements; fails if two replacements overlap.
  llvm::Expected<clang::tooling::Replacements> build() const;

  /// \p Source[Begin, End) with the edits that lie strictly inside it applied
  /// (an insertion at End belongs to what follows).
  llvm::Expected<std::string> applyWithin(llvm::StringRef Source,
                                          unsigned Begin, unsigned End) const;

private:
  struct Edit {
    unsigned Offset, Length;
    std::string Text;
    unsigned Seq;
    /// Insertions at one offset: declarations (0) first, then the rest (1).
    unsigned Group = 1;
  };
  llvm::Expected<clang::tooling::Replacements>
  buildFrom(std::vector<Edit> Sorted, unsigned Shift,
            llvm::StringRef Path) const;

  std::string File;
  std::vector<Edit> Edits;
  /// Positions in Edits ordered by offset, for addWithin. Edits are only
  /// ever appended, so a size other than Edits' means it is out of date.
  mutable std::vector<unsigned> ByOffset;
};

} // namespace dpopt

#endif // DPOPT_REWRITE_EDITLIST_H
