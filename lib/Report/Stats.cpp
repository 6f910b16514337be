//===- Stats.cpp - Per-file and total statistics of a run ----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Report/Stats.h"

#include "dpopt/Support/DiagnosticIds.h"
#include "dpopt/Support/Runtime.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>
#include <tuple>

using namespace llvm;

namespace dpopt {
namespace {

using PassAndId = std::pair<std::string, std::string>;

/// A remark's place, by file and line: passes after the first remark on
/// the launch their predecessors wrote, which maps back to the launch's
/// line (a column can move to the start of the rewritten statement).
std::pair<std::string, unsigned> placeOf(const UserLocation &L,
                                         const SourceText &Src) {
  if (L.InMainFile)
    return {"", Src.lineColumn(L.Offset).Line};
  return {L.File, L.Line};
}

/// Sums \p From into \p Into.
void add(FileStats &Into, const FileStats &From) {
  Into.HostSites += From.HostSites;
  Into.DeviceSites += From.DeviceSites;
  Into.LeftAlone += From.LeftAlone;
  for (const auto &[Key, N] : From.Transformed)
    Into.Transformed[Key] += N;
  for (const auto &[Key, N] : From.Reasons)
    Into.Reasons[Key] += N;
  for (const std::string &H : From.RuntimeHeaders)
    if (!is_contained(Into.RuntimeHeaders, H))
      Into.RuntimeHeaders.push_back(H);
}

std::string summaryOf(StringRef Code) {
  std::optional<DiagId> Id = diagIdFromCode(Code);
  return Id ? diagIdSummary(*Id).str() : "";
}

void printOne(raw_ostream &OS, const FileStats &S, StringRef Name) {
  unsigned Sites = S.HostSites + S.DeviceSites;
  OS << "stats: " << Name << ": " << Sites << " launch site"
     << (Sites == 1 ? "" : "s") << " (" << S.HostSites << " host-side, "
     << S.DeviceSites << " device-side); " << Sites - S.LeftAlone
     << " transformed, " << S.LeftAlone << " left alone\n";
  for (const auto &[Key, N] : S.Transformed)
    OS << formatv("  {0,-13} {1,-7} {2,4}  {3}\n", Key.first, Key.second, N,
                  summaryOf(Key.second));
  if (!S.Reasons.empty())
    OS << "  left alone because (sites; one reason per pass):\n";
  for (const auto &[Key, N] : S.Reasons)
    OS << formatv("  {0,-13} {1,-7} {2,4}  {3}\n", Key.first, Key.second, N,
                  Key.second == "-"      ? "no pass said why"
                  : Key.second == "host" ? "a host-side launch no pass acted on"
                                         : summaryOf(Key.second));
  if (!S.RuntimeHeaders.empty())
    OS << "  runtime headers: " << join(S.RuntimeHeaders, " ") << "\n";
}

std::string csvField(StringRef F) {
  if (F.find_first_of(",\"\n\r") == StringRef::npos)
    return F.str();
  std::string Out = "\"";
  for (char C : F) {
    if (C == '"')
      Out += '"';
    Out += C;
  }
  return Out + "\"";
}

std::vector<std::string> csvFields(StringRef Line) {
  std::vector<std::string> Fields(1);
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"')
        Fields.back() += '"', ++I;
      else if (C == '"')
        Quoted = false;
      else
        Fields.back() += C;
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Fields.emplace_back();
    } else {
      Fields.back() += C;
    }
  }
  return Fields;
}

void writeRows(raw_ostream &OS, const FileStats &S, StringRef Name,
               unsigned Rewritten) {
  auto Row = [&](StringRef Measure, StringRef Pass, StringRef Id, unsigned N) {
    OS << csvField(Name) << "," << Measure << "," << csvField(Pass) << ","
       << csvField(Id) << "," << N << "\n";
  };
  Row("rewritten", "", "", Rewritten);
  Row("sites_host", "", "", S.HostSites);
  Row("sites_device", "", "", S.DeviceSites);
  for (const auto &[Key, N] : S.Transformed)
    Row("transformed", Key.first, Key.second, N);
  Row("left_alone", "", "", S.LeftAlone);
  for (const auto &[Key, N] : S.Reasons)
    Row("left_alone_reason", Key.first, Key.second, N);
  for (const std::string &H : S.RuntimeHeaders)
    Row("runtime_header", "", H, 1);
}

} // namespace

FileStats collectStats(const WorkingCopy &WC, const RemarkEngine &Remarks,
                       const OutputNeeds &Needs) {
  FileStats S;
  const SourceText &Src = WC.original();
  S.File = Src.path().str();
  S.Rewritten = true;
  std::set<std::tuple<std::string, std::string, std::string, unsigned>>
      Places; // pass, id, file, line
  std::set<unsigned> TransformedLines;
  std::map<unsigned, std::set<PassAndId>> MissedAt;
  for (const Remark &R : Remarks.remarks()) {
    auto [File, Line] = placeOf(R.Loc, Src);
    if (R.K == Remark::Passed) {
      Places.insert({R.Pass, diagIdCode(R.Id), File, Line});
      if (File.empty())
        TransformedLines.insert(Line);
    } else if (R.K == Remark::Missed && File.empty()) {
      MissedAt[Line].insert({R.Pass, diagIdCode(R.Id)});
    }
  }
  for (const auto &[Pass, Id, File, Line] : Places)
    ++S.Transformed[{Pass, Id}];
  for (const SiteOrigin &Site : WC.sites().all()) {
    (Site.DeviceSide ? S.DeviceSites : S.HostSites) += 1;
    unsigned Line = Src.lineColumn(Site.Offset).Line;
    if (TransformedLines.count(Line))
      continue;
    ++S.LeftAlone;
    auto It = MissedAt.find(Line);
    if (It == MissedAt.end()) {
      ++S.Reasons[{"-", Site.DeviceSide ? "-" : "host"}];
      continue;
    }
    for (const PassAndId &Reason : It->second)
      ++S.Reasons[Reason];
  }
  for (RuntimeHeader H : Needs.headers())
    S.RuntimeHeaders.push_back("dpopt/" + runtimeHeaderFile(H).str());
  return S;
}

/// The sums over the files that were rewritten, and how many they are.
static std::pair<FileStats, unsigned> totalOf(ArrayRef<FileStats> Files) {
  FileStats Total;
  unsigned Rewritten = 0;
  for (const FileStats &S : Files)
    if (S.Rewritten) {
      add(Total, S);
      ++Rewritten;
    }
  return {Total, Rewritten};
}

void printStatsText(raw_ostream &OS, ArrayRef<FileStats> Files) {
  for (const FileStats &S : Files) {
    if (S.Rewritten)
      printOne(OS, S, S.File);
    else
      OS << "stats: " << S.File << ": not rewritten\n";
  }
  if (Files.size() > 1) {
    auto [Total, Rewritten] = totalOf(Files);
    std::string Name = formatv("total over {0} files", Files.size());
    if (Rewritten < Files.size())
      Name += formatv(" ({0} not rewritten)", Files.size() - Rewritten);
    printOne(OS, Total, Name);
  }
}

void writeStatsCsv(raw_ostream &OS, ArrayRef<FileStats> Files, bool WithTotal) {
  OS << "file,measure,pass,id,count\n";
  for (const FileStats &S : Files)
    writeRows(OS, S, S.File, S.Rewritten);
  if (WithTotal) {
    auto [Total, Rewritten] = totalOf(Files);
    writeRows(OS, Total, "TOTAL", Rewritten);
  }
}

Expected<std::vector<FileStats>> readStatsCsv(StringRef Text) {
  std::vector<FileStats> Files;
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    if (Line == "file,measure,pass,id,count")
      continue;
    std::vector<std::string> F = csvFields(Line);
    unsigned N = 0;
    if (F.size() != 5 || StringRef(F[4]).getAsInteger(10, N))
      return createStringError(inconvertibleErrorCode(),
                               "bad statistics row: " + Line);
    if (Files.empty() || Files.back().File != F[0]) {
      Files.emplace_back();
      Files.back().File = F[0];
    }
    FileStats &S = Files.back();
    StringRef Measure = F[1];
    if (Measure == "rewritten")
      S.Rewritten = N != 0;
    else if (Measure == "sites_host")
      S.HostSites = N;
    else if (Measure == "sites_device")
      S.DeviceSites = N;
    else if (Measure == "transformed")
      S.Transformed[{F[2], F[3]}] = N;
    else if (Measure == "left_alone")
      S.LeftAlone = N;
    else if (Measure == "left_alone_reason")
      S.Reasons[{F[2], F[3]}] = N;
    else if (Measure == "runtime_header")
      S.RuntimeHeaders.push_back(F[3]);
    else
      return createStringError(inconvertibleErrorCode(),
                               "bad statistics measure: " + Measure);
  }
  return Files;
}

} // namespace dpopt
