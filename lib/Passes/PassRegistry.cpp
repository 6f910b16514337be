//===- PassRegistry.cpp - The passes dpopt knows by name -----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/PassRegistry.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace dpopt {

Pass::~Pass() = default;
PassPlan::~PassPlan() = default;

std::vector<RuntimeHeader> OutputNeeds::headers() const {
  std::vector<RuntimeHeader> Out;
  for (RuntimeHeader H : allRuntimeHeaders())
    if (has(H))
      Out.push_back(H);
  return Out;
}

const SiteVerdict &PassPlan::verdictFor(const LaunchSite &Site) const {
  auto It = Index.find(&Site);
  assert(It != Index.end() &&
         "a plan has a verdict for every site of its analysis");
  return Verdicts[It->second];
}

void PassRegistry::add(std::unique_ptr<Pass> P) { All.push_back(std::move(P)); }

Pass *PassRegistry::lookup(StringRef Name) const {
  for (const std::unique_ptr<Pass> &P : All)
    if (P->name() == Name)
      return P.get();
  return nullptr;
}

std::string PassRegistry::validNames() const {
  std::string S = "none";
  for (const std::unique_ptr<Pass> &P : All)
    S += ", " + P->name().str();
  return S;
}

Expected<std::vector<Pass *>>
PassRegistry::parsePipeline(StringRef List) const {
  SmallVector<StringRef, 8> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/true);
  std::vector<Pass *> Out;
  bool SawNone = false;
  for (StringRef Raw : Names) {
    StringRef Name = Raw.trim();
    if (Name == "none") {
      SawNone = true;
      continue;
    }
    Pass *P = lookup(Name);
    if (!P)
      return createStringError(
          inconvertibleErrorCode(),
          Name.empty() ? "empty pass name in --passes='" + List.str() +
                             "'; valid passes: " + validNames()
                       : "unknown pass '" + Name.str() +
                             "' in --passes; valid passes: " + validNames());
    Out.push_back(P);
  }
  if (SawNone && !Out.empty())
    return createStringError(inconvertibleErrorCode(),
                             "'none' cannot be combined with other passes in "
                             "--passes");
  return Out;
}

std::vector<Pass *> PassRegistry::defaultPipeline() const {
  std::vector<Pass *> Out;
  for (const std::string &Name : DefaultOrder)
    if (Pass *P = lookup(Name))
      Out.push_back(P);
  return Out;
}

} // namespace dpopt
