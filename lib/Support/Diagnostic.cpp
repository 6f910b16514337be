//===- Diagnostic.cpp - Clang-style messages about the user's file -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/Diagnostic.h"

namespace dpopt {

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Remark:
    return "remark";
  case Severity::Note:
    return "note";
  }
  return "error";
}

Diagnostic makeDiagnostic(const SourceText &Source, unsigned Offset,
                          Severity Level, std::string Message,
                          std::optional<DiagId> Id) {
  Diagnostic D;
  D.Level = Level;
  D.File = Source.path().str();
  LineColumn LC = Source.lineColumn(Offset);
  D.Line = LC.Line;
  D.Column = LC.Column;
  D.LineText = Source.lineText(LC.Line).str();
  D.Message = std::move(Message);
  D.Id = Id;
  return D;
}

Diagnostic toolDiagnostic(Severity Level, DiagId Id, std::string Message) {
  Diagnostic D;
  D.Level = Level;
  D.Id = Id;
  D.Message = std::move(Message);
  return D;
}

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D) {
  if (!D.File.empty()) {
    OS << D.File;
    if (D.Line) {
      OS << ':' << D.Line;
      if (D.Column)
        OS << ':' << D.Column;
    }
    OS << ": ";
  } else {
    OS << "dpopt: ";
  }
  OS << severityName(D.Level) << ": " << D.Message;
  if (!D.Option.empty())
    OS << " [" << D.Option << ']';
  if (D.Id)
    OS << " [" << diagIdCode(*D.Id) << ']';
  OS << '\n';
  if (D.LineText.empty() || D.Column == 0)
    return;
  OS << D.LineText << '\n';
  // Keep tabs so the caret lines up in terminals with any tab width.
  for (unsigned I = 0; I + 1 < D.Column && I < D.LineText.size(); ++I)
    OS << (D.LineText[I] == '\t' ? '\t' : ' ');
  OS << "^\n";
}

} // namespace dpopt
