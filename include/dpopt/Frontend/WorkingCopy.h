//===- WorkingCopy.h - The text dpopt rewrites, and its parse ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The front end proper. create() parses the user's file as written, reports
// its errors (clang's and '#pragma dp' ones) in the user's coordinates,
// numbers its launch sites and attaches pragmas. apply() takes a pass's edits
// and re-parses. outputText() strips the site markers passes write
// (LaunchMarkers.h), so that with no edits the output is the input, byte for
// byte.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_WORKINGCOPY_H
#define DPOPT_FRONTEND_WORKINGCOPY_H

#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/SiteTable.h"
#include "dpopt/Support/Diagnostic.h"
#include "dpopt/Support/OffsetMap.h"
#include "dpopt/Support/SourceText.h"

#include "clang/Tooling/Core/Replacement.h"

#include <memory>

namespace dpopt {

/// A place in the user's code: the main file (an offset into the user's
/// text) or an included file (as clang presents it).
struct UserLocation {
  bool InMainFile = false;
  unsigned Offset = 0;
  std::string File;
  unsigned Line = 0, Column = 0;
};

class WorkingCopy {
public:
  /// Fills \p Diags with what is wrong with the input (errors, and warnings
  /// such as pragmas dpopt ignores); returns nullptr when there are errors.
  static llvm::Expected<std::unique_ptr<WorkingCopy>>
  create(ParseSession &Session, const SourceText &Original,
         std::vector<Diagnostic> &Diags);

  const ParsedUnit &unit() const { return *Unit; }
  llvm::StringRef text() const { return Unit->getText(); }
  const SiteTable &sites() const { return Sites; }
  /// Gives site \p Id the per-site controls of the --tuning entry at
  /// \p From ("file:line"); TuningFile.cpp checks them first.
  void attachTuning(unsigned Id, PragmaDirective Controls, std::string From) {
    SiteOrigin *S = Sites.byId(Id);
    S->Tuning = std::move(Controls);
    S->TuningFrom = std::move(From);
  }
  const SourceText &original() const { return Original; }

  /// Maps an offset of the current text to the user's file.
  unsigned toOriginal(unsigned Offset) const {
    return Origin.toOriginal(Offset);
  }
  UserLocation locate(clang::SourceLocation Loc) const;
  /// \p Id: dpopt's id of the diagnostic (DiagnosticIds.def).
  Diagnostic diagnosticAt(const UserLocation &Loc, Severity Level,
                          std::string Message,
                          std::optional<DiagId> Id = std::nullopt) const;

  /// Applies \p Edits (offsets into text()) made by pass \p PassName and
  /// re-parses. Code that no longer parses is a dpopt bug: the error says so
  /// and the copy is left as it was.
  llvm::Error apply(const clang::tooling::Replacements &Edits,
                    llvm::StringRef PassName);

  /// The rewritten file as the user sees it.
  std::string outputText() const;

private:
  WorkingCopy(ParseSession &Session, const SourceText &Original)
      : Session(Session), Original(Original) {}

  ParseSession &Session;
  const SourceText &Original;
  std::unique_ptr<ParsedUnit> Unit;
  SiteTable Sites;
  OriginMap Origin;
};

} // namespace dpopt

#endif // DPOPT_FRONTEND_WORKINGCOPY_H
