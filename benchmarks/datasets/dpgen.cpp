//===- datasets/dpgen.cpp - Dataset generator and converter CLI -----------===//
//
//   dpgen list
//   dpgen gen NAME [--scale full|quick|tiny|X] [--seed N] [--threads T] -o FILE
//   dpgen convert IN -o OUT [--format mtx|gr|snap] [--symmetrize]
//                 [--keep-self-loops] [--weights auto|file|random|none]
//                 [--max-weight W] [--seed N]
//   dpgen info FILE [--check-symmetric]
//
//===----------------------------------------------------------------------===//

#include "generators.h"
#include "graph.h"
#include "readers.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

int usage() {
  std::fprintf(
      stderr,
      "usage:\n"
      "  dpgen list\n"
      "  dpgen gen NAME [--scale full|quick|tiny|X] [--seed N] [--threads T]"
      " -o FILE\n"
      "  dpgen convert IN -o OUT [--format mtx|gr|snap] [--symmetrize]\n"
      "                [--keep-self-loops] [--weights auto|file|random|none]\n"
      "                [--max-weight W] [--seed N]\n"
      "  dpgen info FILE [--check-symmetric]\n");
  return 2;
}

/// "--key value" pairs plus positional arguments; flags listed in Switches
/// take no value.
struct Args {
  std::vector<std::string> Positional;
  std::map<std::string, std::string> Named;
  bool parse(int Argc, char **Argv, int First,
             const std::vector<std::string> &Switches) {
    for (int I = First; I < Argc; ++I) {
      std::string A = Argv[I];
      if (A.size() > 1 && A[0] == '-') {
        bool IsSwitch = false;
        for (const std::string &S : Switches)
          IsSwitch |= A == S;
        if (IsSwitch) {
          Named[A] = "1";
        } else if (I + 1 < Argc) {
          Named[A] = Argv[++I];
        } else {
          std::fprintf(stderr, "dpgen: %s needs a value\n", A.c_str());
          return false;
        }
      } else {
        Positional.push_back(A);
      }
    }
    return true;
  }
  std::string get(const std::string &Key, const std::string &Default) const {
    auto It = Named.find(Key);
    return It == Named.end() ? Default : It->second;
  }
  bool has(const std::string &Key) const { return Named.count(Key) != 0; }
};

double seconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

int cmdList() {
  for (const dpgen::Generator &G : dpgen::generators())
    std::printf("%-10s %s\n", G.Name, G.Description);
  return 0;
}

int cmdGen(const Args &A) {
  if (A.Positional.size() != 1 || !A.has("-o"))
    return usage();
  const dpgen::Generator *G = dpgen::findGenerator(A.Positional[0]);
  if (!G) {
    std::fprintf(stderr, "dpgen: unknown generator '%s' (see dpgen list)\n",
                 A.Positional[0].c_str());
    return 2;
  }
  dpgen::GenParams P;
  if (!dpgen::parseScale(A.get("--scale", "full"), P.Scale)) {
    std::fprintf(stderr, "dpgen: bad --scale\n");
    return 2;
  }
  P.Seed = std::strtoull(A.get("--seed", "1").c_str(), nullptr, 10);
  P.Threads = std::atoi(A.get("--threads", "0").c_str());
  double T0 = seconds();
  std::string Err;
  if (!G->Write(P, A.get("-o", ""), Err)) {
    std::fprintf(stderr, "dpgen: %s\n", Err.c_str());
    return 1;
  }
  std::fprintf(stderr, "dpgen: wrote %s (%s, scale %g, seed %llu) in %.2f s\n",
               A.get("-o", "").c_str(), G->Name, P.Scale,
               static_cast<unsigned long long>(P.Seed), seconds() - T0);
  return 0;
}

int cmdConvert(const Args &A) {
  if (A.Positional.size() != 1 || !A.has("-o"))
    return usage();
  const std::string In = A.Positional[0];
  dpgraph::TextFormat Format =
      A.has("--format") ? dpgraph::formatFromName(A.get("--format", ""))
                        : dpgraph::formatFromPath(In);
  dpgraph::EdgeList List;
  std::string Err;
  if (!dpgraph::readTextGraph(In, Format, List, Err)) {
    std::fprintf(stderr, "dpgen: %s\n", Err.c_str());
    return 1;
  }
  const std::string Weights = A.get("--weights", "auto");
  const bool FromFile =
      Weights == "file" || (Weights == "auto" && List.HasWeights);
  const bool Random =
      Weights == "random" || (Weights == "auto" && !List.HasWeights);
  if (Weights != "auto" && Weights != "file" && Weights != "random" &&
      Weights != "none") {
    std::fprintf(stderr, "dpgen: bad --weights\n");
    return 2;
  }
  if (Weights == "file" && !List.HasWeights) {
    std::fprintf(stderr, "dpgen: %s has no integer weights\n", In.c_str());
    return 1;
  }
  dpgraph::BuildOptions O;
  O.Symmetrize = List.Symmetric || A.has("--symmetrize");
  O.RemoveSelfLoops = !A.has("--keep-self-loops");
  O.Dedupe = true;
  O.Weighted = FromFile;
  dpgraph::Csr G =
      dpgraph::buildCsr(static_cast<int32_t>(List.NumVertices), List.Edges, O);
  if (Random)
    dpgraph::assignHashWeights(
        G, std::strtoull(A.get("--seed", "1").c_str(), nullptr, 10),
        std::atoi(A.get("--max-weight", "100").c_str()));
  if (!dpgraph::writeGraph(A.get("-o", ""), G, Err)) {
    std::fprintf(stderr, "dpgen: %s\n", Err.c_str());
    return 1;
  }
  std::fprintf(stderr, "dpgen: wrote %s: %s\n", A.get("-o", "").c_str(),
               dpgraph::formatStats(dpgraph::computeStats(G)).c_str());
  return 0;
}

int cmdInfo(const Args &A) {
  if (A.Positional.size() != 1)
    return usage();
  dpgraph::Csr G;
  std::string Err;
  if (!dpgraph::readGraph(A.Positional[0], G, Err)) {
    std::fprintf(stderr, "dpgen: %s\n", Err.c_str());
    return 1;
  }
  std::printf("%s: %s weighted=%d symmetric_flag=%d\n", A.Positional[0].c_str(),
              dpgraph::formatStats(dpgraph::computeStats(G)).c_str(),
              G.weighted(), G.Symmetric);
  if (A.has("--check-symmetric"))
    std::printf("symmetric_check=%d\n", dpgraph::isSymmetric(G));
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return usage();
  const std::string Cmd = Argv[1];
  Args A;
  if (!A.parse(Argc, Argv, 2,
               {"--symmetrize", "--keep-self-loops", "--check-symmetric"}))
    return 2;
  try {
    if (Cmd == "list")
      return cmdList();
    if (Cmd == "gen")
      return cmdGen(A);
    if (Cmd == "convert")
      return cmdConvert(A);
    if (Cmd == "info")
      return cmdInfo(A);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "dpgen: %s\n", E.what());
    return 1;
  }
  return usage();
}
