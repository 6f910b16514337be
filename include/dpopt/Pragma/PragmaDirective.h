//===- PragmaDirective.h - The parsed form of '#pragma dp' ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One grammar serves every pass (docs/pragma.md):
//
//   #pragma dp clause+
//
// Consolidation (Wu et al., Table I): consldt(warp|block|grid) (alias
// consltdt), buffer(default|custom[, perBufferSize[, totalSize]]),
// work(var, ...), threads(N), blocks(N).
// Per-site controls: threshold(N), coarsen(N),
// aggregate(warp|block|multiblock[:N]|grid), agg_threshold(N),
// remove_launch(auto|T1|T2|T3|T4), skip(pass, ...), off.
// Host launch sequences: merge.
//
// The parser is a pure function of the clause text so that it can be unit
// tested and fuzzed without clang.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PRAGMA_PRAGMADIRECTIVE_H
#define DPOPT_PRAGMA_PRAGMADIRECTIVE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace dpopt {

enum class Granularity { Warp, Block, MultiBlock, Grid };

/// The 'buffer' clause of consolidation.
struct BufferSpec {
  enum class Kind { Default, Custom };
  Kind Type = Kind::Default;
  /// perBufferSize: either an integer or the name of a variable in scope at
  /// the launch; empty when not given.
  std::optional<uint64_t> PerBufferSize;
  std::string PerBufferSizeVar;
  std::optional<uint64_t> TotalSize;
};

/// The 'aggregate' clause; GroupBlocks is N of multiblock:N.
struct AggregateSpec {
  Granularity Level = Granularity::Block;
  std::optional<uint64_t> GroupBlocks;
};

enum class RemoveLaunchMode { Auto, T1, T2, T3, T4 };

/// The passes 'skip(...)' may keep off a launch, in canonical order: the
/// per-site passes of the default pipeline.
inline constexpr std::string_view SkippablePasses[] = {"threshold", "coarsen",
                                                       "aggregate"};

/// Which launches a directive may be attached to: per-site controls transform
/// launches made by device code, and 'off' and merge (which groups the
/// launches of host code or of one device thread) may be on any launch.
enum class ClauseSide { Device, Host, Any };

/// One '#pragma dp' directive after parsing. Every clause is optional here;
/// the parser enforces the rules between clauses.
struct PragmaDirective {
  std::optional<Granularity> Consolidate;
  std::optional<BufferSpec> Buffer;
  std::vector<std::string> Work;
  std::optional<uint64_t> Threads;
  std::optional<uint64_t> Blocks;

  std::optional<uint64_t> Threshold;
  std::optional<uint64_t> Coarsen;
  std::optional<AggregateSpec> Aggregate;
  std::optional<uint64_t> AggThreshold;
  std::optional<RemoveLaunchMode> RemoveLaunch;
  /// skip(...): the passes that leave this launch alone, in the order of
  /// SkippablePasses.
  std::vector<std::string> Skip;
  bool Off = false;
  bool Merge = false;

  /// Each clause's name and offset in the clause text it was parsed from,
  /// in order, so that a later diagnostic can point at the clause.
  std::vector<std::pair<std::string, size_t>> ClauseOffsets;
  /// The offset of the first clause named \p Name.
  std::optional<size_t> clauseOffset(std::string_view Name) const {
    for (const auto &[Clause, Offset] : ClauseOffsets)
      if (Clause == Name)
        return Offset;
    return std::nullopt;
  }

  /// The side of the launch this directive may be attached to.
  ClauseSide side() const {
    return Merge || Off ? ClauseSide::Any : ClauseSide::Device;
  }

  /// Canonical text of the clauses, e.g. "threshold(128) coarsen(8)".
  std::string str() const;

  /// Merges the clauses of \p Other (a second pragma on the same launch).
  /// Returns the name of a clause both set, or an empty string on success.
  std::string mergeFrom(const PragmaDirective &Other);

  /// The rules between clauses that the parser enforces within one pragma,
  /// checked again after merging several. Returns a message or "".
  std::string ruleViolation() const;

  /// True when some per-site clause other than 'off' is present.
  bool hasSiteClauses() const;

  /// True when 'skip(...)' names \p Pass.
  bool skips(std::string_view Pass) const;

  /// A 'skip' of a pass together with a clause that sets how that pass
  /// transforms the launch: the message, or "".
  std::string skipConflict() const;
};

/// A parse error: Offset is a byte offset into the parsed text.
struct PragmaError {
  size_t Offset = 0;
  std::string Message;
};

/// The largest value an integer clause or option takes.
inline constexpr uint64_t MaxClauseValue = 2147483647;

/// Reads an integer as C spells it without a suffix: decimal, 0x
/// hexadecimal, 0b binary or 0 octal. Null when it is not one or overflows.
std::optional<uint64_t> parsePragmaInteger(std::string_view Text);

/// "" when \p Value is in [\p Min, MaxClauseValue], else the message the
/// pragma clause (or the option setting the same value) reports. Pragma
/// and command line share it, so both accept the same values.
std::string clauseValueError(std::string_view Clause, uint64_t Value,
                             uint64_t Min);

/// Parses the clause list that follows '#pragma dp'.
std::variant<PragmaDirective, PragmaError>
parsePragmaClauses(std::string_view Text);

const char *granularityName(Granularity G);
const char *removeLaunchModeName(RemoveLaunchMode M);

} // namespace dpopt

#endif // DPOPT_PRAGMA_PRAGMADIRECTIVE_H
