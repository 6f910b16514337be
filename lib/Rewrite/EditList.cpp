//===- EditList.cpp - A pass's edits to the working text -----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/EditList.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>
#include <tuple>

using namespace llvm;

namespace dpopt {

void EditList::insert(unsigned Offset, std::string Text) {
  Edits.push_back(
      {Offset, 0, std::move(Text), static_cast<unsigned>(Edits.size())});
}

void EditList::insertDeclaration(unsigned Offset, std::string Text) {
  Edits.push_back(
      {Offset, 0, std::move(Text), static_cast<unsigned>(Edits.size()), 0});
}

void EditList::replace(unsigned Offset, unsigned Length, std::string Text) {
  Edits.push_back(
      {Offset, Length, std::move(Text), static_cast<unsigned>(Edits.size())});
}

void EditList::addAll(const EditList &Other) {
  for (const Edit &E : Other.Edits)
    Edits.push_back({E.Offset, E.Length, E.Text,
                     static_cast<unsigned>(Edits.size()), E.Group});
}

void EditList::addWithin(const EditList &Other, unsigned Begin, unsigned End) {
  if (Other.ByOffset.size() != Other.Edits.size()) {
    Other.ByOffset.resize(Other.Edits.size());
    std::iota(Other.ByOffset.begin(), Other.ByOffset.end(), 0u);
    llvm::sort(Other.ByOffset, [&](unsigned A, unsigned B) {
      return std::make_pair(Other.Edits[A].Offset, A) <
             std::make_pair(Other.Edits[B].Offset, B);
    });
  }
  auto First = llvm::partition_point(Other.ByOffset, [&](unsigned I) {
    return Other.Edits[I].Offset < Begin;
  });
  std::vector<unsigned> Inside;
  for (auto It = First;
       It != Other.ByOffset.end() && Other.Edits[*It].Offset <= End; ++It)
    if (Other.Edits[*It].Offset + Other.Edits[*It].Length <= End)
      Inside.push_back(*It);
  llvm::sort(Inside);
  for (unsigned I : Inside) {
    const Edit &E = Other.Edits[I];
    Edits.push_back({E.Offset, E.Length, E.Text,
                     static_cast<unsigned>(Edits.size()), E.Group});
  }
}

Expected<clang::tooling::Replacements>
EditList::buildFrom(std::vector<Edit> Sorted, unsigned Shift,
                    StringRef Path) const {
  // At one offset: the insertions in the order made (declarations first),
  // then at most one replacement; they become a single Replacement.
  std::sort(Sorted.begin(), Sorted.end(), [](const Edit &A, const Edit &B) {
    return std::make_tuple(A.Offset, A.Length > 0, A.Group, A.Seq) <
           std::make_tuple(B.Offset, B.Length > 0, B.Group, B.Seq);
  });
  clang::tooling::Replacements Out;
  for (size_t I = 0; I < Sorted.size();) {
    unsigned Offset = Sorted[I].Offset;
    std::string Text;
    unsigned Length = 0;
    for (; I < Sorted.size() && Sorted[I].Offset == Offset; ++I) {
      if (Sorted[I].Length > 0 && Length > 0)
        return createStringError(inconvertibleErrorCode(),
                                 "two edits replace text at offset %u", Offset);
      Text += Sorted[I].Text;
      Length = std::max(Length, Sorted[I].Length);
    }
    if (Error E = Out.add(
            clang::tooling::Replacement(Path, Offset - Shift, Length, Text)))
      return std::move(E);
  }
  return Out;
}

Expected<clang::tooling::Replacements> EditList::build() const {
  return buildFrom(Edits, 0, File);
}

EditList EditList::without(unsigned Begin, unsigned End) const {
  EditList Out(File);
  for (const Edit &E : Edits)
    if (!(E.Offset >= Begin && E.Offset + E.Length <= End))
      Out.Edits.push_back(E);
  return Out;
}

Expected<std::string> EditList::applyWithin(StringRef Source, unsigned Begin,
                                            unsigned End) const {
  std::vector<Edit> Inside;
  for (const Edit &E : Edits)
    if (E.Offset >= Begin && E.Offset + E.Length <= End &&
        !(E.Length == 0 && E.Offset == End))
      Inside.push_back(E);
  Expected<clang::tooling::Replacements> R =
      buildFrom(std::move(Inside), Begin, File);
  if (!R)
    return R.takeError();
  return clang::tooling::applyAllReplacements(Source.slice(Begin, End), *R);
}

} // namespace dpopt
