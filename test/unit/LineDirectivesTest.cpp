//===- LineDirectivesTest.cpp - Line origins and '#line' placement -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/LineDirectives.h"
#include "dpopt/Rewrite/LineOrigins.h"

#include "gtest/gtest.h"

using namespace dpopt;

namespace {

using Origins = std::vector<std::optional<unsigned>>;

Origins originsOf(llvm::StringRef Original, llvm::StringRef Output) {
  return lineOrigins(splitLines(Original), splitLines(Output));
}

TEST(LineOrigins, SplitsLikeAnEditor) {
  EXPECT_EQ(splitLines("").size(), 0u);
  std::vector<llvm::StringRef> L = splitLines("a\r\nb\n\nc");
  ASSERT_EQ(L.size(), 4u);
  EXPECT_EQ(L[0], "a");
  EXPECT_EQ(L[2], "");
  EXPECT_EQ(L[3], "c");
}

TEST(LineOrigins, InsertedLinesAreDpopts) {
  Origins O = originsOf("int a;\nint b;\n", "int a;\nint x;\nint y;\nint b;\n");
  ASSERT_EQ(O.size(), 4u);
  EXPECT_EQ(O[0], 0u);
  EXPECT_FALSE(O[1]);
  EXPECT_FALSE(O[2]);
  EXPECT_EQ(O[3], 1u);
}

TEST(LineOrigins, ReplacedLineIsDpopts) {
  Origins O = originsOf("f() {\n  k<<<1, 1>>>();\n}\n",
                        "f() {\n  k<<<1, 1, 0, s>>>();\n}\n");
  EXPECT_EQ(O[0], 0u);
  EXPECT_FALSE(O[1]);
  EXPECT_EQ(O[2], 2u);
}

TEST(LineOrigins, CopiesShowTheLinesTheyCopy) {
  // The clone copies the body: its distinctive line is the user's, and the
  // '}' that follows it in the user's file too; the clone's own '}' after a
  // dpopt line is not.
  llvm::StringRef User = "void k() {\n  x[i] = 1;\n}\n";
  llvm::StringRef Out = "void k() {\n  x[i] = 1;\n}\nvoid c() {\n  loop\n"
                        "  x[i] = 1;\n}\n  end\n}\n";
  Origins O = originsOf(User, Out);
  ASSERT_EQ(O.size(), 9u);
  EXPECT_EQ(O[5], 1u);
  EXPECT_EQ(O[6], 2u);
  EXPECT_FALSE(O[3]);
  EXPECT_FALSE(O[7]);
  EXPECT_FALSE(O[8]);
}

TEST(LineOrigins, RepeatedLinesAreNotCopies) {
  // 'return;' occurs twice in the user's file: a lone copy of it could be
  // either.
  Origins O = originsOf("a();\nreturn;\nb();\nreturn;\n",
                        "a();\nreturn;\nb();\nreturn;\nz();\nreturn;\n");
  EXPECT_FALSE(O[4]);
  EXPECT_FALSE(O[5]);
}

TEST(LineDirectives, PresumeEachLineWhereItCameFrom) {
  std::string Out = withLineDirectives(
      "int a;\nint b;\n", "int a;\nint x;\nint b;\n", "u.cu", "o.cu");
  // The compiler presumes the output file from its first line on.
  EXPECT_EQ(Out, "#line 1 \"u.cu\"\nint a;\n#line 4 \"o.cu\"\nint x;\n"
                 "#line 2 \"u.cu\"\nint b;\n");
  // dpopt's lines first need none.
  EXPECT_EQ(withLineDirectives("int a;\n", "int x;\nint a;\n", "u.cu", "o.cu"),
            "int x;\n#line 1 \"u.cu\"\nint a;\n");
}

TEST(LineDirectives, OnlyWhereThePresumedPlaceChanges) {
  std::string Out = withLineDirectives(
      "int a;\nint b;\n", "int a;\nint b;\n\nint x;\n", "u.cu", "o.cu");
  // The blank line needs none; int x is o.cu's line 6, counting both
  // directives.
  EXPECT_EQ(Out, "#line 1 \"u.cu\"\nint a;\nint b;\n\n#line 6 \"o.cu\"\n"
                 "int x;\n");
}

TEST(LineDirectives, NeverInsideCommentsSplicesOrParentheses) {
  // Each of dpopt's lines here continues something: a block comment, a
  // spliced line, an open parenthesis. No directive may go before them; the
  // next line that may take one does.
  llvm::StringRef User = "/* a\nb */\n#define M \\\n  1\nf(1,\n  2);\nint u;\n";
  llvm::StringRef Output = "/* a\nx\nx2 */\n#define M \\\n  y \\\n  y2\n"
                           "f(1,\n  z\n  z2);\nint u;\n";
  std::string Out = withLineDirectives(User, Output, "u.cu", "o.cu");
  EXPECT_EQ(Out, "#line 1 \"u.cu\"\n/* a\nx\nx2 */\n#line 3\n#define M \\\n"
                 "  y \\\n  y2\n#line 5\nf(1,\n  z\n  z2);\n#line 7\nint u;\n");
}

TEST(LineDirectives, NamesAreEscaped) {
  std::string Out =
      withLineDirectives("a;\nb;\n", "x;\nb;\n", "C:\\src\\\"q\".cu", "o.cu");
  EXPECT_EQ(Out, "x;\n#line 2 \"C:\\\\src\\\\\\\"q\\\".cu\"\nb;\n");
}

TEST(LineDirectives, UserDirectivesAreHonoured) {
  std::string Out =
      withLineDirectives("#line 100\nint a;\nint b;\n",
                         "#line 100\nint a;\nint x;\nint b;\n", "u.cu", "o.cu");
  // The user's directive names no file: the compiler would presume o.cu.
  EXPECT_EQ(Out, "#line 100\n#line 100 \"u.cu\"\nint a;\n#line 5 \"o.cu\"\n"
                 "int x;\n#line 101 \"u.cu\"\nint b;\n");
}

} // namespace
