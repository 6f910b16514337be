//===- SupportTest.cpp - Markers, offset maps, source text ---------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/LaunchMarkers.h"
#include "dpopt/Passes/Pass.h"
#include "dpopt/Support/Diagnostic.h"
#include "dpopt/Support/OffsetMap.h"
#include "dpopt/Support/Runtime.h"
#include "dpopt/Support/SourceText.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace dpopt;

namespace {

TEST(LaunchMarkers, MarkAndStripAreInverse) {
  std::string Stmt = "kid<float><<<g, b>>>(a, n);";
  std::string Marked = markers::markDeviceStatement(12, Stmt);
  EXPECT_EQ(Marked, "/*__dpopt_site:12*/kid<float><<<g, b>>>(a, n);");
  EXPECT_EQ(markers::strip("x; " + Marked + " y;"), "x; " + Stmt + " y;");
}

TEST(LaunchMarkers, MarkerEndingAtAStatement) {
  std::optional<markers::FoundMarker> M =
      markers::markerEndingAt("  if (c) /*__dpopt_site:7*/ ");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Id, 7u);
  EXPECT_EQ(M->Length, 19u) << "the marker and the blank after it";
  EXPECT_FALSE(markers::markerEndingAt("/*__dpopt_site:7*/ x "));
  EXPECT_FALSE(markers::markerEndingAt("/* __dpopt_site:7*/"));
  EXPECT_FALSE(markers::markerEndingAt("/*__dpopt_site:*/"));
}

TEST(LaunchMarkers, OnlyWellFormedMarkersAreStripped) {
  EXPECT_EQ(markers::strip("/*__dpopt_site:x*/"), "/*__dpopt_site:x*/");
  EXPECT_EQ(markers::strip("[&]{ return 1; }();"), "[&]{ return 1; }();");
  EXPECT_EQ(markers::strip("a/*__dpopt_site:1*//*__dpopt_site:2*/b"), "ab");
  EXPECT_EQ(markers::findMarkerSyntax("int x; /*__dpopt_site:1*/"), 7u);
  EXPECT_EQ(markers::findMarkerSyntax("int __dpopt_x;"), llvm::StringRef::npos);
}

TEST(Runtime, EntryPointsSpellTheQualifiedName) {
  EXPECT_EQ("x = " + rt::aggTake + "<R>", "x = dpopt::rt::aggTake<R>");
  EXPECT_EQ(rt::syncLanes + "(m)", "dpopt::rt::syncLanes(m)");
  EXPECT_EQ(rt::gridSync.Header, RuntimeHeader::Persist);
  EXPECT_EQ(runtimeHeaderFile(rt::AggGroup.Header), "aggregate.cuh");
}

TEST(Runtime, OutputIncludesTheNeededHeadersInIncludeOrderOnce) {
  OutputNeeds Needs;
  Needs.add(RuntimeHeader::Aggregate);
  Needs.add(RuntimeHeader::Core);
  Needs.add(RuntimeHeader::Aggregate);
  EXPECT_FALSE(Needs.has(RuntimeHeader::Persist));
  std::string Out = withRuntimeIncludes("int x;\n", Needs.headers());
  EXPECT_EQ(Out, "#include \"dpopt/runtime.cuh\" // dpopt's device runtime\n"
                 "#include \"dpopt/aggregate.cuh\" // dpopt's device runtime\n"
                 "int x;\n");
  // A file that already includes a header does not get it twice.
  EXPECT_EQ(withRuntimeIncludes(Out, Needs.headers()), Out);
  // A mention in a comment is not an include.
  OutputNeeds Core;
  Core.add(RuntimeHeader::Core);
  EXPECT_EQ(withRuntimeIncludes("// see #include \"dpopt/runtime.cuh\"\n",
                                Core.headers()),
            "#include \"dpopt/runtime.cuh\" // dpopt's device runtime\n"
            "// see #include \"dpopt/runtime.cuh\"\n");
  EXPECT_EQ(withRuntimeIncludes("  #include \"dpopt/runtime.cuh\"\n",
                                Core.headers()),
            "  #include \"dpopt/runtime.cuh\"\n");
}

TEST(OffsetMap, MapsBackThroughInsertionsAndReplacements) {
  // "abcdef" -> insert "XX" at 2, replace "de" (3,2) by "Q".
  clang::tooling::Replacements R;
  ASSERT_FALSE(R.add(clang::tooling::Replacement("f", 2, 0, "XX")));
  ASSERT_FALSE(R.add(clang::tooling::Replacement("f", 3, 2, "Q")));
  auto New = clang::tooling::applyAllReplacements("abcdef", R);
  ASSERT_TRUE(static_cast<bool>(New));
  EXPECT_EQ(*New, "abXXcQf");
  EditMap M = EditMap::fromReplacements(R);
  EXPECT_EQ(M.toOld(0), 0u); // a
  EXPECT_EQ(M.toOld(1), 1u); // b
  EXPECT_EQ(M.toOld(2), 2u); // X -> insertion point
  EXPECT_EQ(M.toOld(3), 2u); // X
  EXPECT_EQ(M.toOld(4), 2u); // c
  EXPECT_EQ(M.toOld(5), 3u); // Q -> start of "de"
  EXPECT_EQ(M.toOld(6), 5u); // f

  OriginMap Chain;
  Chain.push(M);
  clang::tooling::Replacements R2;
  ASSERT_FALSE(R2.add(clang::tooling::Replacement("f", 0, 0, "123")));
  Chain.push(EditMap::fromReplacements(R2));
  EXPECT_EQ(Chain.toOriginal(9), 5u); // f in "123abXXcQf"
}

TEST(SourceText, LinesAndColumns) {
  SourceText T("f.cu", "ab\n\tcd\r\nef");
  EXPECT_EQ(T.lineColumn(0).Line, 1u);
  EXPECT_EQ(T.lineColumn(4).Line, 2u);
  EXPECT_EQ(T.lineColumn(4).Column, 2u);
  EXPECT_EQ(T.lineText(2), "\tcd");
  EXPECT_EQ(T.lineText(3), "ef");
  EXPECT_EQ(T.lineText(4), "");

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printDiagnostic(OS, makeDiagnostic(T, 5, Severity::Error, "bad"));
  EXPECT_EQ(OS.str(), "f.cu:2:3: error: bad\n\tcd\n\t ^\n");
}

} // namespace
